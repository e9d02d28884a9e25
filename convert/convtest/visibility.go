package convtest

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/convert"
	"k8s.io/apimachinery/pkg/runtime"
)

// Relation declares that a value that version From shows at JSON path Old,
// version To shows at New: a property renamed or moved from one version to
// the next. From and To are neighbours on the way to the hub (an API
// version stands for its storage twin, which has its shape: "v3" and "v4"
// for the step from v3storage to v4storage). The paths are patterns: JSON
// names joined by dots, [*] for any element of a list, {*} for any value of
// a map, ["key"] for the value of one key, as in "spec.parts[*].label" or
// `spec.config["notify-keyspace-events"]`; Old and New have the same
// wildcards in the same order, and each covers everything below it. The
// generator declares the relations its markers make (+hubspoke:renamedFrom,
// +hubspoke:movedFrom) in the generated tests.
type Relation struct {
	From, To string
	Old, New string
}

// Related declares where properties went from one version to the next, for
// Reliability's visibility check: a value set at Old in From must arrive at
// New in To, and at the matching path of every version the conversion
// reaches through them (relations compose along the conversion's path). A
// relation that names no neighbours, or a path the version does not have,
// makes the check fail with an error that says so.
func Related(relations ...Relation) Option {
	return func(c *config) { c.relations = append(c.relations, relations...) }
}

// SkipVisibility exempts a property from Reliability's visibility check:
// values at path (a pattern, as in Relation; it covers everything below
// it) may arrive in a version's property bags although that version shows
// the path, or an inferred new place, too. path names the property in the
// version a value starts from or in the version it arrives in. reason says
// why a client of the other version is right not to see the value there (a
// hook that gives the field another meaning, a value the other version
// rejects); it must not be empty.
func SkipVisibility(path, reason string) Option {
	return func(c *config) { c.skips = append(c.skips, skipRule{text: path, reason: reason}) }
}

// skipRule is a SkipVisibility declaration.
type skipRule struct {
	text, reason string
	pattern      []seg
}

// relation is a Relation oriented along one step of a conversion.
type relation struct{ old, new []seg }

// visibility is the visibility check of one ordered pair of versions.
type visibility struct {
	from, to string // as messages name them
	src, dst *shape
	steps    [][]relation // the relations of each step of the conversion's path that has any, in order
	skips    []skipRule
	tol      float64
}

// newVisibility prepares the visibility check of the conversion from one
// version to another, or returns the error of a wrong declaration.
func (k *kit) newVisibility(from, to string, name func(string) string) (*visibility, error) {
	graph := k.conv.Graph()
	shapes := map[string]*shape{}
	shapeVersion := map[string]string{} // a version → the version whose shape relations name it by: an API version's storage twin
	for _, v := range graph.Versions() {
		t := reflect.TypeOf(k.newObject(v))
		shapes[v] = shapeOf(t)
		shapeVersion[v] = v
		if v != graph.Hub() && !holdsBag(t) {
			if p, err := graph.Path(v, graph.Hub()); err == nil && len(p) > 1 {
				shapeVersion[v] = p[1]
			}
		}
	}
	var errs []string
	type declared struct {
		from, to string // shape versions
		rel      relation
	}
	var rels []declared
	for _, r := range k.cfg.relations {
		what := fmt.Sprintf("convtest.Related(%s → %s: %s → %s)", r.From, r.To, r.Old, r.New)
		if !graph.Has(r.From) || !graph.Has(r.To) {
			errs = append(errs, fmt.Sprintf("%s: %s has no such version (have %v)", what, k.gk, graph.Versions()))
			continue
		}
		sf, st := shapeVersion[r.From], shapeVersion[r.To]
		if p, err := graph.Path(sf, st); err != nil || len(p) != 2 {
			errs = append(errs, fmt.Sprintf("%s: %s and %s are not neighbours on the way to the hub (%s: %s)", what, r.From, r.To, k.gk, strings.Join(p, " → ")))
			continue
		}
		old, err1 := parsePattern(r.Old)
		nw, err2 := parsePattern(r.New)
		if err := cmpErr(err1, err2); err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", what, err))
			continue
		}
		if wildcardKinds(old) != wildcardKinds(nw) {
			errs = append(errs, fmt.Sprintf("%s: the paths have different wildcards ([*] and {*} must match in number and order)", what))
			continue
		}
		if s, _ := shapes[r.From].resolve(old); s == nil {
			errs = append(errs, fmt.Sprintf("%s: %s has no %s", what, r.From, r.Old))
			continue
		}
		if s, _ := shapes[r.To].resolve(nw); s == nil {
			errs = append(errs, fmt.Sprintf("%s: %s has no %s", what, r.To, r.New))
			continue
		}
		rels = append(rels, declared{from: sf, to: st, rel: relation{old: old, new: nw}})
	}
	var skips []skipRule
	for _, s := range k.cfg.skips {
		what := fmt.Sprintf("convtest.SkipVisibility(%q)", s.text)
		if strings.TrimSpace(s.reason) == "" {
			errs = append(errs, fmt.Sprintf("%s: give the reason why clients of the other versions are right not to see the value", what))
			continue
		}
		p, err := parsePattern(s.text)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", what, err))
			continue
		}
		if !slices.ContainsFunc(graph.Versions(), func(v string) bool { sh, _ := shapes[v].resolve(p); return sh != nil }) {
			errs = append(errs, fmt.Sprintf("%s: no version of %s has that path", what, k.gk))
			continue
		}
		s.pattern = p
		skips = append(skips, s)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("convtest: %s", strings.Join(errs, "\nconvtest: "))
	}
	path, err := graph.Path(from, to)
	if err != nil {
		return nil, err
	}
	v := &visibility{from: name(from), to: name(to), src: shapes[from], dst: shapes[to], skips: skips, tol: k.cfg.tolerance}
	for i := 0; i+1 < len(path); i++ {
		sx, sy := shapeVersion[path[i]], shapeVersion[path[i+1]]
		if sx == sy {
			continue
		}
		var step []relation
		for _, d := range rels {
			switch {
			case d.from == sx && d.to == sy:
				step = append(step, d.rel)
			case d.from == sy && d.to == sx:
				step = append(step, relation{old: d.rel.new, new: d.rel.old})
			}
		}
		if len(step) > 0 {
			v.steps = append(v.steps, step)
		}
	}
	return v, nil
}

func cmpErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// wildcardKinds lists the wildcards of a pattern in order: "[{" for [*]
// then {*}.
func wildcardKinds(p []seg) string {
	var b strings.Builder
	for _, s := range p {
		switch s.kind {
		case segAnyElem:
			b.WriteByte('[')
		case segAnyKey:
			b.WriteByte('{')
		}
	}
	return b.String()
}

// mapPath follows a concrete path of the source version through the
// declared relations of each step to the path the target version shows
// the value at.
func (v *visibility) mapPath(path []seg) []seg {
	for _, step := range v.steps {
		best, bestLen := -1, -1
		var caught []seg
		for i, r := range step {
			if c, ok := matchPrefix(r.old, path); ok && len(r.old) > bestLen {
				best, bestLen, caught = i, len(r.old), c
			}
		}
		if best >= 0 {
			path = fill(step[best].new, caught, path[bestLen:])
		}
	}
	return path
}

// leaf is a value of the source object: where it is, what it is, and the
// member of a struct that holds it (nil for an element of a list or a value
// of a map).
type leaf struct {
	path  []seg
	value any
	shape *shape
	m     *member
}

// check returns "" when every value of src (the source object) that dst
// (the result of the conversion) can show arrives where dst shows it, and
// otherwise a problem naming the first value that does not.
func (v *visibility) check(src, dst runtime.Object) string {
	a, err := jsonTree(src)
	if err != nil {
		return fmt.Sprintf("visibility check: encoding the %s object: %v", v.from, err)
	}
	b, err := jsonTree(dst)
	if err != nil {
		return fmt.Sprintf("visibility check: encoding the %s object: %v", v.to, err)
	}
	problem := ""
	walkLeaves(a, v.src, nil, nil, func(l leaf) bool {
		problem = v.checkLeaf(l, b)
		return problem == ""
	})
	return problem
}

// walkLeaves calls visit for every leaf value of tree, a JSON tree of shape
// s at path, members in name order, until visit returns false.
func walkLeaves(tree any, s *shape, m *member, path []seg, visit func(leaf) bool) bool {
	if tree == nil {
		return true
	}
	switch s.kind {
	case shapeLeaf:
		return visit(leaf{path: path, value: tree, shape: s, m: m})
	case shapeStruct:
		obj, ok := tree.(map[string]any)
		if !ok {
			return true
		}
		for _, name := range sortedStrings(obj) {
			f := s.fields[name]
			if f == nil {
				continue
			}
			if !walkLeaves(obj[name], f.shape, f, append(path[:len(path):len(path)], seg{kind: segField, name: name}), visit) {
				return false
			}
		}
	case shapeList:
		list, ok := tree.([]any)
		if !ok {
			return true
		}
		for i, e := range list {
			if !walkLeaves(e, s.elem, nil, append(path[:len(path):len(path)], seg{kind: segIndex, index: i}), visit) {
				return false
			}
		}
	case shapeMap:
		obj, ok := tree.(map[string]any)
		if !ok {
			return true
		}
		for _, key := range sortedStrings(obj) {
			if !walkLeaves(obj[key], s.elem, nil, append(path[:len(path):len(path)], seg{kind: segKey, name: key}), visit) {
				return false
			}
		}
	}
	return true
}

// checkLeaf checks one value of the source against b, the target's JSON
// tree.
func (v *visibility) checkLeaf(l leaf, b map[string]any) string {
	if l.m != nil && l.m.plain && isZeroValue(l.value, l.shape.leaf) {
		return "" // a plain field's zero value is no value
	}
	to := v.mapPath(l.path)
	if v.skipped(l.path) || v.skipped(to) {
		return ""
	}
	ds, dm := v.dst.resolve(to)
	if ds != nil {
		if ds.kind != shapeLeaf || !canShow(l.value, ds.leaf, v.tol) {
			return "" // the target shows something else there
		}
		got, found := lookup(b, to)
		if v.arrived(l, got, found, dm) {
			return ""
		}
		kind := fmt.Sprintf("%s's %s does not arrive in %s's %s", v.from, propertyOf(l.path), v.to, propertyOf(to))
		return v.describe(kind, l, to, got, found, b, "")
	}
	// The target has no such path: a property removed, or moved without a
	// declared relation. A move shows as a place the target has and the
	// source has not, with the same name, one level up, one level down or
	// in a sibling struct, or a key of a map become a field.
	var first []seg
	for _, c := range v.candidates(to) {
		if s, _ := v.src.resolve(c); s != nil {
			continue // the source has its own value there
		}
		cs, cm := v.dst.resolve(c)
		if cs == nil || cs.kind != shapeLeaf || !canShow(l.value, cs.leaf, v.tol) || v.skipped(c) {
			continue
		}
		got, found := lookup(b, c)
		if v.arrived(l, got, found, cm) {
			return ""
		}
		if first == nil {
			first = c
		}
	}
	if first == nil {
		return ""
	}
	got, found := lookup(b, first)
	kind := fmt.Sprintf("%s's %s does not arrive in %s, which has no %s but has %s", v.from, propertyOf(l.path), v.to, propertyOf(to), propertyOf(first))
	return v.describe(kind, l, first, got, found, b,
		fmt.Sprintf(" If %s is where %s keeps that value, the conversion must move it there (+hubspoke:movedFrom on %s's field, or a hook) and convtest.Related declare the move;", propertyOf(first), v.to, v.to))
}

// arrived reports whether got, the target's value (found or not), shows
// the source's value l.
func (v *visibility) arrived(l leaf, got any, found bool, m *member) bool {
	if !found || got == nil {
		// A zero value needs no place in a plain field, whose zero is no
		// value.
		return m != nil && m.plain && isZeroValue(l.value, l.shape.leaf)
	}
	var lost []loss
	compareTrees(l.value, got, "", v.tol, &lost)
	return len(lost) == 0
}

// describe words a problem: kind (which names the property and the
// versions, and what shrinking keeps), the value, what the target shows
// instead and where its property bags hold the value.
func (v *visibility) describe(kind string, l leaf, at []seg, got any, found bool, b map[string]any, fix string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %s sets %s to %s; ", kind, v.from, renderPath(l.path), shortJSON(l.value))
	if !found || got == nil {
		fmt.Fprintf(&sb, "%s shows nothing at %s", v.to, renderPath(at))
	} else {
		fmt.Fprintf(&sb, "%s shows %s at %s", v.to, shortJSON(got), renderPath(at))
	}
	if where := findInBags(b, l.value, v.tol); where != "" {
		fmt.Fprintf(&sb, " and keeps the value in a property bag, at %s", where)
	}
	fmt.Fprintf(&sb, ".\nA client of %s does not see the value a client of %s wrote.%s", v.to, v.from, fix)
	fmt.Fprintf(&sb, " Fix the conversion (an undeclared rename, +hubspoke:renamedFrom, or move, +hubspoke:movedFrom, or a hook), or, if %s is right not to show it there, declare convtest.SkipVisibility(%q, \"why\").",
		v.to, propertyOf(l.path))
	return sb.String()
}

// skipped reports whether a SkipVisibility declaration covers path.
func (v *visibility) skipped(path []seg) bool {
	for _, s := range v.skips {
		if _, ok := matchPrefix(s.pattern, path); ok {
			return true
		}
	}
	return false
}

// candidates returns the places a value at path may have moved to in the
// target, by the same name, where the structure around it changed: one
// struct up when the target no longer has the struct
// (spec.engine.limits → spec.limits), one struct down into a struct the
// source does not have (spec.limits → spec.engine.limits), and from a key
// of a map to a field of the map's parent (spec.config["maxmemory"] →
// spec.maxmemory). Moves between sibling structs are not guessed (fields
// of the same name in two structs often mean different things); declare
// them with Related.
func (v *visibility) candidates(path []seg) [][]seg {
	var out [][]seg
	splice := func(i, drop int, insert ...seg) []seg {
		c := make([]seg, 0, len(path)+len(insert))
		c = append(c, path[:i]...)
		c = append(c, insert...)
		return append(c, path[i+drop:]...)
	}
	has := func(s *shape, p []seg) bool { r, _ := s.resolve(p); return r != nil }
	for i, s := range path {
		if s.kind == segKey && i > 0 && path[i-1].kind == segField {
			out = append(out, splice(i-1, 2, seg{kind: segField, name: s.name})) // a key become a field
		}
		if s.kind != segField {
			continue
		}
		// The struct at path[:i+1] is gone from the target: up.
		if i+1 < len(path) && path[i+1].kind == segField && !has(v.dst, path[:i+1]) {
			out = append(out, splice(i, 1))
		}
		parent, _ := v.dst.resolve(path[:i])
		if parent == nil || parent.kind != shapeStruct {
			continue
		}
		for _, name := range sortedMembers(parent) {
			if parent.fields[name].shape.kind != shapeStruct || name == s.name {
				continue
			}
			sibling := append(path[:i:i], seg{kind: segField, name: name})
			if has(v.src, sibling) {
				continue // not new in the target
			}
			if !has(v.dst, path[:i+1]) {
				out = append(out, splice(i, 0, seg{kind: segField, name: name})) // down
			}
		}
	}
	return out
}

func sortedMembers(s *shape) []string {
	names := make([]string, 0, len(s.fields))
	for n := range s.fields {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// lookup returns the value of tree at a concrete path.
func lookup(tree any, path []seg) (any, bool) {
	for _, s := range path {
		switch s.kind {
		case segField, segKey:
			obj, ok := tree.(map[string]any)
			if !ok {
				return nil, false
			}
			if tree, ok = obj[s.name]; !ok {
				return nil, false
			}
		case segIndex:
			list, ok := tree.([]any)
			if !ok || s.index >= len(list) {
				return nil, false
			}
			tree = list[s.index]
		default:
			return nil, false
		}
	}
	return tree, true
}

// canShow reports whether a field of type t holds value (a JSON tree) as
// it is.
func canShow(value any, t reflect.Type, tol float64) bool {
	if classOf(t) == classPlain && t != bytesType {
		switch t.Kind() {
		case reflect.String:
			_, ok := value.(string)
			return ok
		case reflect.Bool:
			_, ok := value.(bool)
			return ok
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, ok := value.(json.Number)
			if !ok {
				return false
			}
			_, err := strconv.ParseInt(n.String(), 10, t.Bits())
			return err == nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			n, ok := value.(json.Number)
			if !ok {
				return false
			}
			_, err := strconv.ParseUint(n.String(), 10, t.Bits())
			return err == nil
		case reflect.Float32, reflect.Float64:
			n, ok := value.(json.Number)
			if !ok {
				return false
			}
			f, err := strconv.ParseFloat(n.String(), 64)
			if err != nil {
				return false
			}
			return t.Kind() == reflect.Float64 || math.Abs(f) <= math.MaxFloat32 && floatsEqual(float64(float32(f)), f, tol)
		}
	}
	// Types with their own encoding, and the rest: decode the value into
	// one and see whether it encodes back the same.
	data, err := json.Marshal(value)
	if err != nil {
		return false
	}
	p := reflect.New(t)
	if json.Unmarshal(data, p.Interface()) != nil {
		return false
	}
	back, err := json.Marshal(p.Interface())
	if err != nil {
		return false
	}
	var again any
	if decodeNumbers(back, &again) != nil {
		return false
	}
	var lost []loss
	compareTrees(value, again, "", tol, &lost)
	return len(lost) == 0
}

// isZeroValue reports whether value (a JSON tree) is the zero value of
// type t.
func isZeroValue(value any, t reflect.Type) bool {
	switch x := value.(type) {
	case nil:
		return true
	case string:
		if classOf(t) == classPlain && t.Kind() == reflect.String {
			return x == ""
		}
	case bool:
		return !x
	case json.Number:
		f, err := strconv.ParseFloat(x.String(), 64)
		return err == nil && f == 0
	}
	data, err := json.Marshal(value)
	if err != nil {
		return false
	}
	p := reflect.New(t)
	if json.Unmarshal(data, p.Interface()) != nil {
		return false
	}
	if z, ok := p.Interface().(interface{ IsZero() bool }); ok {
		return z.IsZero()
	}
	return p.Elem().IsZero()
}

// findInBags returns where tree, an object's JSON tree (with the bags
// annotation decoded), keeps value in a property bag, or "".
func findInBags(tree map[string]any, value any, tol float64) string {
	var found string
	var walk func(t any, path string, inBag bool) bool
	walk = func(t any, path string, inBag bool) bool {
		switch x := t.(type) {
		case map[string]any:
			for _, k := range sortedStrings(x) {
				bag := inBag || k == "$propertyBag" || k == "$propertyBags" || k == convert.BagsAnnotation
				if !walk(x[k], treePath(path, k), bag) {
					return false
				}
			}
		case []any:
			for i, e := range x {
				if !walk(e, fmt.Sprintf("%s[%d]", path, i), inBag) {
					return false
				}
			}
		default:
			if !inBag {
				return true
			}
			var lost []loss
			compareTrees(value, t, "", tol, &lost)
			if len(lost) == 0 {
				found = path
				return false
			}
		}
		return true
	}
	walk(tree, "", false)
	return found
}
