package convtest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// The reorder check is the part of the update check that plays a client
// of an old API version who reorders an unkeyed list (one without list-map
// keys) or deletes an element from it: the values its elements carry for
// other versions (in bags, and $twin entries) must follow their element,
// not its index (docs/design-unkeyed-lists.md).

// listChange is what the reorder check does to an unkeyed list.
type listChange uint8

const (
	reverseList     listChange = iota // the elements in reverse order
	deleteFirstElem                   // the first element removed
)

// did says what a client that made the change to the unkeyed list at
// path did.
func (c listChange) did(path string) string {
	if c == deleteFirstElem {
		return "deleted the first element of the unkeyed list " + path
	}
	return "reversed the unkeyed list " + path
}

// with names a list at path with the change made.
func (c listChange) with(path string) string {
	if c == deleteFirstElem {
		return path + " without its first element"
	}
	return path + " reversed"
}

// apply makes the change to list, a JSON array, and returns the result, a
// new array.
func (c listChange) apply(list []any) []any {
	if c == deleteFirstElem {
		return slices.Clone(list[1:])
	}
	out := slices.Clone(list)
	slices.Reverse(out)
	return out
}

// reorderSite is an unkeyed list of the API object that the reorder check
// may change: its path in the version and the path of the same list in
// the hub.
type reorderSite struct {
	path, hubPath []seg
}

// reorderSites lists the unkeyed lists of sent, an object of API version
// version as a client read it (x is the same object before it went through
// JSON, hub the hub it was converted from), that the reorder check may
// change: lists of structs (not arrays) without list-map keys, in spec,
// status or any other member of the object's own data, at any depth, with
// at least two elements, where
//
//   - the object carries a value for another version (a bag entry, or a
//     $twin entry) at or below one of its elements, in its bags annotation
//     or its status bags: only then has a transport anything to misplace.
//     The entries the update check adds under unused names (unknownPrefix)
//     do not count, so that a list that all versions show alike is left
//     alone; where the list is changed, they must follow their element too;
//   - no two elements have the same JSON: a client cannot tell them apart,
//     so the values of one are as good as the other's;
//   - every element has the same JSON in x as in sent, and none leaves
//     absent a property that version declares a Default for: an element
//     that JSON or the API server's defaulting changes is no longer the
//     one the transport saw;
//   - the relations declared between version and the hub (Related) give
//     the list exactly one path in the hub, where the hub holds a list of
//     as many elements.
//
// A list that fails one of these is left alone: the check cannot tell
// what the right result is. It lists nothing when sent carries nothing.
func (k *kit) reorderSites(x, sent, hub runtime.Object) []reorderSite {
	carried := carriedPaths(sent)
	if len(carried) == 0 || k.toHub == nil {
		return nil
	}
	var hubTree map[string]any
	var absent [][]seg
	for _, d := range k.toHub.srcDefaults {
		walkAbsent(reflect.ValueOf(sent), k.toHub.src, nil, d.pattern, make([]seg, 0, 16), func(at []seg, _ *member) bool {
			absent = append(absent, slices.Clone(at))
			return true
		})
	}
	xv := reflect.ValueOf(x)
	var sites []reorderSite
	k.unkeyedLists(reflect.ValueOf(sent).Elem(), nil, func(path []seg, list reflect.Value) {
		n := list.Len()
		if n < 2 {
			return
		}
		xList := valueAt(xv, k.toHub.src, path)
		if !xList.IsValid() || xList.Kind() != reflect.Slice || xList.Len() != n {
			return
		}
		elem := func(i int) []seg { return append(slices.Clip(path), seg{kind: segIndex, index: i}) }
		hasCarried := false
		for i := 0; i < n && !hasCarried; i++ {
			hasCarried = carriedUnder(carried, transportPath(elem(i)))
		}
		if !hasCarried {
			return
		}
		seen := make(map[string]bool, n)
		for i := range n {
			data, err := json.Marshal(list.Index(i).Interface())
			if err != nil || seen[string(data)] {
				return
			}
			seen[string(data)] = true
			if xData, err := json.Marshal(xList.Index(i).Interface()); err != nil || string(xData) != string(data) {
				return
			}
			at := elem(i)
			if slices.ContainsFunc(absent, func(a []seg) bool { _, under := matchPrefix(at, a); return under }) {
				return
			}
		}
		hubPaths := k.toHub.mapPaths(path)
		if len(hubPaths) != 1 {
			return
		}
		if hubTree == nil {
			var err error
			if hubTree, err = plainTree(hub); err != nil {
				return
			}
		}
		if l, ok := treeAt(hubTree, hubPaths[0]).([]any); !ok || len(l) != n {
			return
		}
		sites = append(sites, reorderSite{path: slices.Clone(path), hubPath: hubPaths[0]})
	})
	return sites
}

// unkeyedLists calls visit with the path and value of every list of
// structs without list-map keys in v, a struct of an API version at path,
// at any depth: in structs (but for metadata and bags), the targets of
// pointers, the elements of slices and arrays, and the values of maps
// with string keys (in key order).
func (k *kit) unkeyedLists(v reflect.Value, path []seg, visit func([]seg, reflect.Value)) {
	var walk func(v reflect.Value, path []seg, depth int)
	walk = func(v reflect.Value, path []seg, depth int) {
		if depth > maxDepth {
			panic(fmt.Sprintf("convtest: values nested deeper than %d (a cyclic object?)", maxDepth))
		}
		if v = deref(v); !v.IsValid() || classOf(v.Type()) != classPlain {
			return
		}
		switch v.Kind() {
		case reflect.Struct:
			t := v.Type()
			for i := range t.NumField() {
				f := t.Field(i)
				if isInline(f) {
					walk(v.Field(i), path, depth+1)
					continue
				}
				name := jsontag.Name(f)
				if !f.IsExported() || name == "-" || name == "" {
					continue
				}
				at := append(slices.Clip(path), seg{kind: segField, name: name})
				fv := deref(v.Field(i))
				if fv.IsValid() && fv.Kind() == reflect.Slice && len(k.gen.keys[t][i]) == 0 {
					if et := derefType(fv.Type().Elem()); et.Kind() == reflect.Struct && classOf(et) == classPlain {
						visit(at, fv)
					}
				}
				walk(fv, at, depth+1)
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), append(slices.Clip(path), seg{kind: segIndex, index: i}), depth+1)
			}
		case reflect.Map:
			if v.Type().Key().Kind() != reflect.String {
				return
			}
			for _, key := range sortedKeys(v) {
				walk(v.MapIndex(key), append(slices.Clip(path), seg{kind: segKey, name: key.String()}), depth+1)
			}
		}
	}
	walk(v, path, 0)
}

// carriedPaths returns the paths of the bags obj carries, in its bags
// annotation and its status bags, that hold a value of another version or
// a $twin entry: not those that hold nothing but the entries the update
// check added under unused names (unknownPrefix). An annotation that does
// not parse carries none.
func carriedPaths(obj runtime.Object) []string {
	var out []string
	add := func(bags propertybag.Bags) {
		for path, bag := range bags {
			for name := range bag {
				if !strings.HasPrefix(name, unknownPrefix) {
					out = append(out, path)
					break
				}
			}
		}
	}
	if meta, ok := obj.(metav1.Object); ok {
		if text, ok := meta.GetAnnotations()[boundary.Annotation]; ok {
			if bags, err := propertybag.UnmarshalBags(text); err == nil {
				add(bags)
			}
		}
	}
	if field := existingStatusBags(obj); field.IsValid() {
		add(field.Interface().(propertybag.Bags))
	}
	return out
}

// carriedUnder reports whether one of the carried paths is at or below
// path (both as package boundary writes paths).
func carriedUnder(carried []string, path string) bool {
	for _, c := range carried {
		if rest, ok := strings.CutPrefix(c, path); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			return true
		}
	}
	return false
}

// transportPath writes a concrete path as package boundary names the bags
// of an API version: JSON names joined by dots, an element by its index
// ("spec.parts[2]"), the value of a map by its key as boundary.Key writes
// it ("spec.zones[west]").
func transportPath(path []seg) string {
	var b strings.Builder
	for _, s := range path {
		switch s.kind {
		case segField:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.name)
		case segIndex:
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		case segKey:
			b.WriteString("[" + boundary.Key(s.name) + "]")
		}
	}
	return b.String()
}

// treeAt returns the value at a concrete path in tree, an object's JSON,
// or nil.
func treeAt(tree any, path []seg) any {
	for _, s := range path {
		switch s.kind {
		case segField, segKey:
			m, ok := tree.(map[string]any)
			if !ok {
				return nil
			}
			tree = m[s.name]
		case segIndex:
			l, ok := tree.([]any)
			if !ok || s.index >= len(l) {
				return nil
			}
			tree = l[s.index]
		default:
			return nil
		}
	}
	return tree
}

// changeIn returns obj, an object, with change made to the list at path
// (which must hold a JSON array), as a new object of the same type, and
// false when path holds no list.
func changeIn(obj, empty runtime.Object, path []seg, change listChange) (runtime.Object, bool) {
	tree, err := plainTree(obj)
	if err != nil || len(path) == 0 {
		return nil, false
	}
	parent, ok := treeAt(tree, path[:len(path)-1]).(map[string]any)
	last := path[len(path)-1]
	if !ok || last.kind == segIndex {
		// A list in a list: the reorder check changes lists held by a
		// struct's field alone.
		return nil, false
	}
	list, ok := parent[last.name].([]any)
	if !ok || len(list) == 0 {
		return nil, false
	}
	parent[last.name] = change.apply(list)
	data, err := json.Marshal(tree)
	if err != nil {
		return nil, false
	}
	if err := json.Unmarshal(data, empty); err != nil {
		return nil, false
	}
	return empty, true
}

// checkReorder is the part of the update check that plays a client of
// version that reorders an unkeyed list: one of sites (drawn with seed)
// in sent, the object as the client read it from hub (the hub as stored),
// reversed, or with its first element deleted. Converted to the hub, it
// must give hub with the same change made to the hub's list: every
// value the client cannot see stays with its element, and a deleted
// element's values go with it. Where it does not, the check also converts
// the two objects without the bags they carry: where those differ from
// each other otherwise than by the same change made to the hub's list (a
// value the conversion derives from an element's place, such as a
// priority from its index), what the hub should hold is unclear, and the
// check compares the rest of the hub alone (positional). It returns "" or
// what is wrong.
func (k *kit) checkReorder(sent, hub runtime.Object, sites []reorderSite, version string, seed int64) string {
	if len(sites) == 0 {
		return ""
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0x72656f7264657221))
	site := sites[r.IntN(len(sites))]
	change := listChange(r.IntN(2))
	changed, ok := changeIn(sent, k.newObject(version), site.path, change)
	if !ok {
		return ""
	}
	want, ok := changeIn(hub, k.newObject(k.hub), site.hubPath, change)
	if !ok {
		return ""
	}
	where := renderPath(site.path)
	hubName := fmt.Sprintf("the hub (%s)", k.hub)
	what := fmt.Sprintf("the %s object, read from %s, with %s by its client", version, hubName, change.with(where))
	changed, p := viaJSON(changed, what)
	if p != "" {
		return p
	}
	got := k.newObject(k.hub)
	if err := call(func() error { return cloneObject(changed).(conversion.Convertible).ConvertTo(got.(conversion.Hub)) }); err != nil {
		return fmt.Sprintf("converting %s to %s failed: %v", what, hubName, err)
	}
	got, p = viaJSON(got, fmt.Sprintf("%s converted from %s", hubName, what))
	if p != "" {
		return p
	}
	d := diff(want, got, k.opts)
	if d == "" {
		return ""
	}
	ignored, ok := k.positional(sent, changed, site, change)
	if !ok {
		return ""
	}
	if len(ignored) > 0 {
		opts := ignored.options(k.opts)
		if cmp.Equal(want, got, opts) {
			return ""
		}
		d = cmp.Diff(want, got, opts)
	}
	hubList := renderPath(site.hubPath)
	if hubList != where {
		hubList = fmt.Sprintf("%s (the hub's name for %s)", hubList, where)
	}
	return fmt.Sprintf("a client of %s that %s misplaces the values its elements carry for other versions: %s converted from what it wrote differs from the hub it read with %s (-want +got):\n%s"+
		"(The values an element carries for other versions must follow the element, not its index: see docs/design-unkeyed-lists.md.)\n"+
		"the %s object the client wrote:\n%s",
		version, change.did(where), hubName, change.with(hubList), d, version, indentLines(yamlOf(changed, k.gk.WithVersion(version)), "    "))
}

// positional converts sent and changed (sent with change made to the list
// at site.path) to the hub without what they carry at or below the list's
// elements (withoutCarriedIn: what they carry elsewhere, a $twin entry
// that shows a plain zero of the version's own, is the client's as much
// as its fields are), and returns the
// paths at which the two hubs differ otherwise than by the same change
// made to the hub's list at site.hubPath: the values that do not follow
// their element even where nothing is carried, such as a priority derived
// from an element's index. It returns none when the hubs differ by the
// change alone (what the version shows of the hub's list follows the
// client's list, element by element), and false when a conversion fails
// or the hub holds no list at site.hubPath: then nothing is clear.
func (k *kit) positional(sent, changed runtime.Object, site reorderSite, change listChange) (pathSet, bool) {
	list := transportPath(site.path)
	bare := func(obj runtime.Object) runtime.Object {
		hub := k.newObject(k.hub)
		if err := call(func() error {
			return withoutCarriedIn(obj, list).(conversion.Convertible).ConvertTo(hub.(conversion.Hub))
		}); err != nil {
			return nil
		}
		stored, p := viaJSON(hub, "")
		if p != "" {
			return nil
		}
		return stored
	}
	before, after := bare(sent), bare(changed)
	if before == nil || after == nil {
		return nil, false
	}
	want, ok := changeIn(before, k.newObject(k.hub), site.hubPath, change)
	if !ok {
		return nil, false
	}
	return differingPaths(want, after, k.opts), true
}

// differingPaths returns the paths at which x and y, compared with opts
// and byIndex, differ: where their values differ, or one is absent, or
// nil and the other not (the paths go-cmp reports, and none below them).
func differingPaths(x, y any, opts cmp.Options) pathSet {
	if reflect.DeepEqual(x, y) || cmp.Equal(x, y, opts) {
		return nil
	}
	var rec pathRecorder
	cmp.Equal(x, y, opts, byIndex, cmp.Reporter(&rec))
	return rec.differ
}

// byIndex makes go-cmp compare slices and arrays element by element, by
// index, as maps from index to element (a nil slice to a nil map): go-cmp
// otherwise pairs the elements of two slices as its edit script finds
// best, which need not pair them by index, nor pair them alike in two
// comparisons, while the paths positional finds in one comparison must
// name the same values in another.
var byIndex = cmp.FilterPath(func(p cmp.Path) bool {
	t := p.Last().Type()
	return t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array)
}, cmp.Transformer("byIndex", func(x any) map[int]any {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Slice && v.IsNil() {
		return nil
	}
	m := make(map[int]any, v.Len())
	for i := range v.Len() {
		m[i] = v.Index(i).Interface()
	}
	return m
}))

// pathSet is a set of paths in values go-cmp compares with byIndex, each
// as pathKey writes it.
type pathSet []string

// options returns opts with the comparisons s covers ignored, and byIndex
// for the paths to name the values they named in differingPaths.
func (s pathSet) options(opts cmp.Options) cmp.Options {
	return cmp.Options{opts, byIndex, cmp.FilterPath(s.covers, cmp.Ignore())}
}

// pathKey writes the path p as a pathSet holds it: its fields and map
// keys (an element of a list is one by its index, under byIndex), each
// after a NUL. The steps that name no member (a pointer's target, an
// interface's value, a transformation) are left out: a path and those
// steps below it name the same value.
func pathKey(p cmp.Path) string {
	var b strings.Builder
	for _, s := range p {
		switch s := s.(type) {
		case cmp.StructField:
			b.WriteString("\x00.")
			b.WriteString(s.Name())
		case cmp.MapIndex:
			fmt.Fprintf(&b, "\x00[%#v]", s.Key())
		case cmp.SliceIndex: // not under byIndex
			ix, iy := s.SplitKeys()
			fmt.Fprintf(&b, "\x00[%d,%d]", ix, iy)
		}
	}
	return b.String()
}

// under reports whether path is at or below the path at.
func under(path, at string) bool {
	rest, ok := strings.CutPrefix(path, at)
	return ok && (rest == "" || rest[0] == 0)
}

// covers reports whether the comparison at p is one that positional found
// unclear: p is at or below a path of the set (where the two values
// differed, or one was absent, or nil), or the values at p are one nil and
// one not with a path of the set below: whether a value is there at all
// may then depend on the unclear ones below it.
func (s pathSet) covers(p cmp.Path) bool {
	key := pathKey(p)
	nilDiffers := func() bool {
		vx, vy := p.Last().Values()
		if !vx.IsValid() || !vy.IsValid() || vx.Type() != vy.Type() {
			return false
		}
		switch vx.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
			return vx.IsNil() != vy.IsNil()
		}
		return false
	}
	below := false
	for _, at := range s {
		if under(key, at) {
			return true
		}
		below = below || under(at, key)
	}
	return below && nilDiffers()
}

// pathRecorder is a go-cmp Reporter that records the paths at which the
// values it compares differ.
type pathRecorder struct {
	path   cmp.Path
	differ pathSet
}

// PushStep descends to step.
func (r *pathRecorder) PushStep(step cmp.PathStep) { r.path = append(r.path, step) }

// Report records the path of a leaf that differs.
func (r *pathRecorder) Report(res cmp.Result) {
	if !res.Equal() {
		r.differ = append(r.differ, pathKey(r.path))
	}
}

// PopStep ascends from the last step.
func (r *pathRecorder) PopStep() { r.path = r.path[:len(r.path)-1] }

// withoutCarriedIn returns a copy of obj without the values it carries at
// or below the elements of the list at path (as package boundary writes
// paths): their bags, and their fingerprints in the bags of fingerprints.
// What it carries elsewhere stays: a derived value the version shows as a
// plain zero (a revision of 0 that a hook reads off the list) is carried
// as a $twin entry beside it, and without it the version would show
// another value than the client sent.
func withoutCarriedIn(obj runtime.Object, path string) runtime.Object {
	strip := func(bags propertybag.Bags) propertybag.Bags {
		kept := propertybag.Bags{}
		for name, bag := range bags {
			if carriedUnder([]string{name}, path) && name != path {
				continue
			}
			if strings.HasSuffix(name, elementsBag) {
				fresh := propertybag.PropertyBag{}
				for key, v := range bag {
					if !carriedUnder([]string{key}, path) {
						fresh[key] = v
					}
				}
				if len(fresh) == 0 {
					continue
				}
				bag = fresh
			}
			kept[name] = bag
		}
		if len(kept) == 0 {
			return nil
		}
		return kept
	}
	return mapCarried(obj, strip)
}

// elementsBag ends the name of boundary's bags of fingerprints
// ("status.#elements"), which name each element by its path.
const elementsBag = "#elements"
