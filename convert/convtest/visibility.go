package convtest

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/hub"
	"github.com/hubspoke/hubspoke/internal/jsonzero"
	"k8s.io/apimachinery/pkg/runtime"
)

// Relation declares that a value that version From shows at JSON path Old,
// version To shows at New: a property renamed or moved from one version to
// the next. From and To are neighbours on the way to the hub (an API
// version stands for its storage twin, which has its shape: "v3" and "v4"
// for the step from v3storage to v4storage), or versions farther apart on
// one way to the hub, for a value that a hook carries past versions that
// have no place for it (2020-12-01's additionalProperties["aad-enabled"]
// is 2023-08-01's aad-enabled; 2023-04-01 keeps it in a bag): such a
// relation holds for conversions that pass through both. The paths are patterns: JSON
// names joined by dots, [*] for any element of a list, [n] for the element
// at index n, {*} for any value of a map, ["key"] for the value of one key, as in "spec.parts[*].label" or
// `spec.config["notify-keyspace-events"]`; Old and New have the same
// wildcards in the same order, and each covers everything below it. The
// generator declares the relations its markers make (+hubspoke:renamedFrom,
// +hubspoke:movedFrom) in the generated tests.
//
// One side may begin with more wildcards than the other, for a value that
// one version holds once and the other in every element of a list or map
// (apiextensions' v1beta1 spec.validation, v1's spec.versions[*].schema,
// which hooks copy into every version and, where every version holds the
// same, back): such a relation is checked where it gathers, a value at any
// element arriving at the single place (the first wildcards dropped), and
// not where it spreads, since the hooks may keep the single value in a bag
// (versions that hold values of their own). Declare beside it the relation
// of the per-element place to itself (Old and New both
// "spec.versions[*].schema"), so that a per-element value may also stay
// where it is, as for a value with two places below.
//
// An index, [0], names one element of a list, for a value that one version
// holds once and the next as an element of a list (Gateway API's
// BackendTLSPolicy: v1alpha2's spec.targetRef, hooks make the first of
// v1alpha3's spec.targetRefs): Old "spec.targetRef", New
// "spec.targetRefs[0]". A value of the first element then must arrive at
// the single place and back, and the other elements, which no relation
// names, may stay in the older version's bags. An index is no wildcard.
//
// A value with two places in one version takes two relations with the
// same path on the other side: v1beta1's nodeName and
// topology["kubernetes.io/hostname"] both New "nodeName" in v1 (one with
// Old "nodeName"). A value of v1's nodeName then passes when it arrives at
// either place in v1beta1; a value of either v1beta1 place must arrive at
// nodeName, unless it is a key of a map that v1 keeps (topology, renamed
// deprecatedTopology) and stays there as that map's own.
type Relation struct {
	From, To string
	Old, New string
}

// Related declares where properties went from one version to the next, for
// the visibility check (Reliability's, and the update check's reading of a
// client's edit at the other versions; pass it to RoundTripAll too): a
// value set at Old in From must arrive at New in To, and at the matching
// path of every version the conversion reaches through them (relations
// compose along the conversion's path). A relation between versions on no
// one way to the hub, or a path the version does not have, makes the check
// fail with an error that says so.
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
//
// With values listed in only, those values alone are exempt (each compared
// as its JSON shows it, as the check compares values): the values of an
// enumeration that one version allows and the other cannot say
// (admissionregistration's sideEffects Unknown and Some, which v1 does not
// allow), which hooks keep in a bag. Every other value at path must still
// arrive where the other version shows it. An absent value that a Default
// declaration reads as one of the values listed is exempt too
// (certificates' signerName, which v1beta1 defaults and v1 requires
// without a default: a hub without one comes back unset at v1beta1, which
// reads as v1beta1's default, where v1 shows nothing).
func SkipVisibility(path, reason string, only ...any) Option {
	rule := skipRule{text: path, reason: reason}
	for _, v := range only {
		rule.values = append(rule.values, reflect.ValueOf(v))
	}
	return func(c *config) { c.skips = append(c.skips, rule) }
}

// SkipVisibilityOfZero is SkipVisibility for the zero value alone (0, "",
// false, an IsZero value) at path: a zero that one version reads as "the
// default" and another says by leaving the property unset, which the hooks
// map one to the other (see "Changes of meaning" in hubspoke-gen's README),
// or a zero that one version cannot show (a plain value with omitempty,
// whose unset reads as its Default, where the other version holds a
// pointer whose zero is a value of its own). Every other value at path
// must still arrive where the other version shows it, through renames and
// moves too.
func SkipVisibilityOfZero(path, reason string) Option {
	return func(c *config) {
		c.skips = append(c.skips, skipRule{text: path, reason: reason, zeroOnly: true})
	}
}

// Default declares that version reads the property at path (a pattern,
// as in Relation, that ends at a single value: a string, number or bool)
// as value when it is absent: the default the API server sets on an object
// written at that version without it (+kubebuilder:default). An API
// version stands for its storage twin too. Reliability's visibility check
// then takes an absent value at path as value: in the source, where the
// struct that holds it is present, it must arrive where the target shows
// it, as a value set there would; in the target, an absent value shows
// value. So where two versions default a property differently
// (admissionregistration's failurePolicy: Ignore in v1beta1, Fail in v1),
// a conversion that leaves an unset value unset, or maps it to the other
// version's default, fails the check, and one that writes the source's
// default, or leaves unset a value equal to the target's default, passes.
// A version declares one default per path; a path the version does not
// have, or one that does not hold a single value, or a value its field
// cannot hold, makes the check fail with an error that says so.
func Default(version, path string, value any) Option {
	return func(c *config) {
		c.defaults = append(c.defaults, defaultRule{version: version, text: path, value: reflect.ValueOf(value)})
	}
}

// defaultRule is a Default declaration.
type defaultRule struct {
	version, text string
	value         reflect.Value
	pattern       []seg
}

// skipRule is a SkipVisibility or SkipVisibilityOfZero declaration.
type skipRule struct {
	text, reason string
	zeroOnly     bool
	values       []reflect.Value // SkipVisibility's only: these values alone
	pattern      []seg
}

// relation is a Relation oriented along one step of a conversion.
type relation struct{ old, new []seg }

// visibility is the visibility check of one ordered pair of versions.
type visibility struct {
	from, to  string // as messages name them
	toVersion string // the target version, as options name it
	src, dst  *shape
	steps     [][]relation // the relations of each step of the conversion's path that has any, in order
	skips     []skipRule
	// The Default declarations of the source's and of the target's
	// version.
	srcDefaults, dstDefaults []defaultRule
	tol                      float64
}

// newVisibility prepares the visibility check of the conversion from one
// version to another, or returns the error of a wrong declaration.
func (k *kit) newVisibility(from, to string, name func(string) string) (*visibility, error) {
	graph := k.conv.Graph()
	shapes := map[string]*shape{}
	// shapeVersion maps a version to the one whose steps relations name
	// it by: an API version to its storage twin (vN to vNstorage, next to
	// it on the way to the hub), which has its shape.
	shapeVersion := map[string]string{}
	for _, v := range graph.Versions() {
		t := reflect.TypeOf(k.newObject(v))
		shapes[v] = shapeOf(t)
		shapeVersion[v] = v
		if v != graph.Hub() && !holdsBag(t) {
			if p, err := graph.Path(v, graph.Hub()); err == nil && len(p) > 1 && p[1] == v+"storage" {
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
		if !onOneWay(graph, sf, st) {
			errs = append(errs, fmt.Sprintf("%s: %s and %s are not on one way to the hub (%s)", what, r.From, r.To, graph))
			continue
		}
		old, err1 := parsePattern(r.Old)
		nw, err2 := parsePattern(r.New)
		if err := cmpErr(err1, err2); err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", what, err))
			continue
		}
		if ko, kn := wildcardKinds(old), wildcardKinds(nw); !strings.HasSuffix(ko, kn) && !strings.HasSuffix(kn, ko) {
			errs = append(errs, fmt.Sprintf("%s: the paths have different wildcards ([*] and {*} must match in number and order, but for more at the start of one)", what))
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
		if s.zeroOnly {
			what = fmt.Sprintf("convtest.SkipVisibilityOfZero(%q)", s.text)
		}
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
	var srcDefaults, dstDefaults []defaultRule
	declaredAt := map[string]bool{}
	for _, d := range k.cfg.defaults {
		what := fmt.Sprintf("convtest.Default(%q, %q)", d.version, d.text)
		if !graph.Has(d.version) {
			errs = append(errs, fmt.Sprintf("%s: %s has no such version (have %v)", what, k.gk, graph.Versions()))
			continue
		}
		p, err := parsePattern(d.text)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", what, err))
			continue
		}
		sh, _ := shapes[d.version].resolve(p)
		switch {
		case sh == nil:
			errs = append(errs, fmt.Sprintf("%s: %s has no %s", what, d.version, d.text))
			continue
		case sh.kind != shapeLeaf || !d.value.IsValid() || !basic(d.value.Type()):
			errs = append(errs, fmt.Sprintf("%s: a default is a single value (a string, number or bool) of a property that holds one", what))
			continue
		case !canShow(d.value, sh.leaf, k.cfg.tolerance):
			errs = append(errs, fmt.Sprintf("%s: %s's %s, of type %s, cannot hold %s, of type %s", what, d.version, d.text, sh.leaf, shortJSON(d.value.Interface()), d.value.Type()))
			continue
		}
		at := shapeVersion[d.version] + " " + propertyOf(p)
		if declaredAt[at] {
			errs = append(errs, fmt.Sprintf("%s: a second default of that property of %s", what, d.version))
			continue
		}
		declaredAt[at] = true
		d.pattern = p
		if shapeVersion[d.version] == shapeVersion[from] {
			srcDefaults = append(srcDefaults, d)
		}
		if shapeVersion[d.version] == shapeVersion[to] {
			dstDefaults = append(dstDefaults, d)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("convtest: %s", strings.Join(errs, "\nconvtest: "))
	}
	path, err := graph.Path(from, to)
	if err != nil {
		return nil, err
	}
	v := &visibility{from: name(from), to: name(to), toVersion: to, src: shapes[from], dst: shapes[to], skips: skips,
		srcDefaults: srcDefaults, dstDefaults: dstDefaults, tol: k.cfg.tolerance}
	// A relation applies at the step that reaches one of its versions
	// when the last of its two versions the path passed is the other: the
	// step between them for neighbours. A path between two versions on
	// the same side of the hub goes up to the hub and comes back: it
	// reaches the newer one twice (v1alpha1 → v1alpha2 → … → hub → … →
	// v1alpha2), the second time from the hub's side, where the value
	// already is where the newer version shows it; a path that goes up
	// through both versions of a relation and back down through them
	// (v1 → v2 → v3, the hub, → v2, for a relation of v2 and v3) crosses
	// it twice, and it applies each way.
	const (
		passedNone = iota
		passedFrom
		passedTo
	)
	last := make([]int, len(rels)) // of each relation: which of its versions the path passed last
	pass := func(shape string) {
		for j, d := range rels {
			switch shape {
			case d.from:
				last[j] = passedFrom
			case d.to:
				last[j] = passedTo
			}
		}
	}
	pass(shapeVersion[path[0]])
	for i := 0; i+1 < len(path); i++ {
		sx, sy := shapeVersion[path[i]], shapeVersion[path[i+1]]
		if sx == sy {
			continue
		}
		var step []relation
		for j, d := range rels {
			switch {
			case d.to == sy && last[j] == passedFrom:
				step = append(step, d.rel)
			case d.from == sy && last[j] == passedTo:
				step = append(step, relation{old: d.rel.new, new: d.rel.old})
			}
		}
		if len(step) > 0 {
			v.steps = append(v.steps, step)
		}
		pass(sy)
	}
	return v, nil
}

// onOneWay reports whether a conversion from a to the hub passes through
// b, or one from b passes through a.
func onOneWay(graph *hub.Graph, a, b string) bool {
	through := func(from, v string) bool {
		p, err := graph.Path(from, graph.Hub())
		return err == nil && len(p) > 1 && slices.Contains(p[1:], v)
	}
	return a != b && (through(a, b) || through(b, a))
}

func cmpErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// spreads reports whether a relation from pattern from to pattern to gives
// one value many places: to has more wildcards than from.
func spreads(from, to []seg) bool {
	return len(wildcardKinds(to)) > len(wildcardKinds(from))
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
// the value at, or returns nil when a step gives the value no place: its
// path is where a relation puts another property (v1's sortKey, when v2's
// sortKey was v1's alphaKey), and no relation moves it. Where relations
// give a value more than one place, mapPath follows the first declared.
func (v *visibility) mapPath(path []seg) []seg {
	if paths := v.mapPaths(path); len(paths) > 0 {
		return paths[0]
	}
	return nil
}

// mapPaths is mapPath giving every place, the first declared first: a
// value whose path the relations of a step declare more than one new
// place for (v1's nodeName, which v1beta1 shows at nodeName or as its
// topology's hostname) may arrive at any of them.
func (v *visibility) mapPaths(path []seg) [][]seg {
	return followSteps(v.steps, path, false)
}

// unmapPaths is mapPaths the other way: the places of the source whose
// values the target shows at path (the target's), by the relations of
// the steps taken backwards. A path that no relation touches is the same
// in both.
func (v *visibility) unmapPaths(path []seg) [][]seg {
	return followSteps(v.steps, path, true)
}

// followSteps follows path through the relations of steps, from each
// relation's old path to its new one, or, backwards, from the last step to
// the first and from each new path to its old one. At each step the
// relations with the longest matching prefix apply; a path that none
// applies to stays as it is, unless it is where a relation of the step
// puts another value (shadowed): then it has no place. A path a relation
// moves has none either where it reaches, below the relation's new path,
// a field that a longer relation of the step fills with another value:
// v1's spec.parts[0].label, when the step renames spec.parts to
// spec.items and v1's spec.parts[*].tag to spec.items[*].label, is not
// v2's spec.items[0].label (v1's label, removed before, would else come
// back as the tag). A key or an element index below the relation's new
// path is no such field: a map carried whole may hold the key another
// relation moves a field to as its own (v2's tags["host"], renamed from
// v1's labels, is v1's labels["host"], although v2's node is too).
// followSteps returns nil when no path is left.
func followSteps(steps [][]relation, path []seg, backwards bool) [][]seg {
	paths := [][]seg{path}
	for i := range steps {
		step := steps[i]
		if backwards {
			step = steps[len(steps)-1-i]
		}
		from := func(r relation) []seg { return r.old }
		to := func(r relation) []seg { return r.new }
		if backwards {
			from, to = to, from
		}
		// shadowed reports whether q, the place p takes by a relation
		// whose new path has toLen segments (-1: by none), is where
		// another relation of the step puts another value.
		shadowed := func(p, q []seg, toLen int) bool {
			for _, r := range step {
				if spreads(from(r), to(r)) || len(to(r)) <= toLen {
					continue
				}
				if toLen >= 0 && slices.ContainsFunc(to(r)[toLen:], func(s seg) bool { return s.kind == segKey || s.kind == segIndex }) {
					continue
				}
				if _, ok := matchPrefix(to(r), q); !ok {
					continue
				}
				if _, ok := matchPrefix(from(r), p); !ok {
					return true
				}
			}
			return false
		}
		var next [][]seg
		for _, p := range paths {
			bestLen := -1
			for _, r := range step {
				if spreads(from(r), to(r)) {
					continue
				}
				if _, ok := matchPrefix(from(r), p); ok && len(from(r)) > bestLen {
					bestLen = len(from(r))
				}
			}
			if bestLen < 0 {
				if !shadowed(p, p, -1) {
					next = append(next, p)
				}
				continue
			}
			for _, r := range step {
				if c, ok := matchPrefix(from(r), p); ok && len(from(r)) == bestLen && !spreads(from(r), to(r)) {
					// A relation that gathers drops the first
					// wildcards' values.
					c = c[len(c)-len(wildcardKinds(to(r))):]
					if q := fill(to(r), c, p[bestLen:]); !shadowed(p, q, len(to(r))) {
						next = append(next, q)
					}
				}
			}
		}
		if paths = next; len(paths) == 0 {
			return nil
		}
	}
	return paths
}

// leaf is a value of the source object: where it is, the value (pointers
// removed), and the member of a struct that holds it (nil for an element of
// a list or a value of a map). defaulted is true for the declared default
// of a value the source leaves absent.
type leaf struct {
	path      []seg
	value     reflect.Value
	m         *member
	defaulted bool
}

// check returns "" when every value of src (the source object) that dst
// (the result of the conversion) can show arrives where dst shows it, and
// otherwise a problem naming the first value that does not. It walks the Go
// values by the shapes of their types, as their JSON names them.
func (v *visibility) check(src, dst runtime.Object) string {
	problem := ""
	b := reflect.ValueOf(dst)
	walkLeaves(reflect.ValueOf(src), v.src, nil, make([]seg, 0, 16), func(l leaf) bool {
		problem = v.checkLeaf(l, b, dst)
		return problem == ""
	})
	for _, d := range v.srcDefaults {
		if problem != "" {
			break
		}
		walkAbsent(reflect.ValueOf(src), v.src, nil, d.pattern, make([]seg, 0, 16), func(path []seg, m *member) bool {
			problem = v.checkLeaf(leaf{path: slices.Clone(path), value: d.value, m: m, defaulted: true}, b, dst)
			return problem == ""
		})
	}
	return problem
}

// walkAbsent calls visit for every concrete path that pattern (the rest
// of a Default's path from x, a value of shape s held by member m) matches
// where the value is absent (nil, or the zero value of a plain field) and
// the struct that would hold it is present, until visit returns false.
func walkAbsent(x reflect.Value, s *shape, m *member, pattern, path []seg, visit func([]seg, *member) bool) bool {
	if len(pattern) == 0 {
		if x = deref(x); !x.IsValid() || m != nil && m.plain && isZero(x) {
			return visit(path, m)
		}
		return true
	}
	if x = deref(x); !x.IsValid() {
		return true
	}
	switch p := pattern[0]; {
	case p.kind == segField && s.kind == shapeStruct && s.fields[p.name] != nil:
		f := s.fields[p.name]
		fv := f.field(x)
		if !fv.IsValid() {
			return true
		}
		return walkAbsent(fv, f.shape, f, pattern[1:], append(path, p), visit)
	case (p.kind == segAnyElem || p.kind == segIndex) && s.kind == shapeList:
		for i := range x.Len() {
			if p.kind == segIndex && i != p.index {
				continue
			}
			if !walkAbsent(x.Index(i), s.elem, nil, pattern[1:], append(path, seg{kind: segIndex, index: i}), visit) {
				return false
			}
		}
	case (p.kind == segAnyKey || p.kind == segKey) && s.kind == shapeMap:
		keys, texts := sortedMapKeys(x)
		for i, k := range keys {
			if p.kind == segKey && texts[i] != p.name {
				continue
			}
			if !walkAbsent(x.MapIndex(k), s.elem, nil, pattern[1:], append(path, seg{kind: segKey, name: texts[i]}), visit) {
				return false
			}
		}
	}
	return true
}

// dstDefault returns the default the target declares for the concrete
// path to, or an invalid Value.
func (v *visibility) dstDefault(to []seg) reflect.Value {
	for _, d := range v.dstDefaults {
		if _, ok := matchPrefix(d.pattern, to); ok && len(d.pattern) == len(to) {
			return d.value
		}
	}
	return reflect.Value{}
}

// walkLeaves calls visit for every leaf value of x, a value of shape s at
// path held by member m (nil for an element or map value), members in name
// order, until visit returns false. Nil pointers, nil interfaces and the
// zero values of plain fields are no values.
func walkLeaves(x reflect.Value, s *shape, m *member, path []seg, visit func(leaf) bool) bool {
	x = deref(x)
	if !x.IsValid() {
		return true
	}
	switch s.kind {
	case shapeLeaf:
		if m != nil && m.plain && isZero(x) {
			return true
		}
		return visit(leaf{path: path, value: x, m: m})
	case shapeStruct:
		for _, f := range s.members {
			fv := f.field(x)
			if !fv.IsValid() {
				continue
			}
			if !walkLeaves(fv, f.shape, f, append(path, seg{kind: segField, name: f.name}), visit) {
				return false
			}
		}
	case shapeList:
		for i := range x.Len() {
			if !walkLeaves(x.Index(i), s.elem, nil, append(path, seg{kind: segIndex, index: i}), visit) {
				return false
			}
		}
	case shapeMap:
		keys, texts := sortedMapKeys(x)
		for i, k := range keys {
			if !walkLeaves(x.MapIndex(k), s.elem, nil, append(path, seg{kind: segKey, name: texts[i]}), visit) {
				return false
			}
		}
	}
	return true
}

// checkLeaf checks one value of the source against b, the target object:
// it passes when the value arrives at one of the places the relations give
// it, and otherwise reports the first.
func (v *visibility) checkLeaf(l leaf, b reflect.Value, dst runtime.Object) string {
	tos := v.mapPaths(l.path)
	if len(tos) == 0 {
		return "" // the target has no place for the value
	}
	var problem string
	for i, to := range tos {
		p := v.checkLeafAt(l, to, b, dst)
		if p == "" {
			return ""
		}
		if i == 0 {
			problem = p
		}
	}
	return problem
}

// checkLeafAt checks one value of the source against b, the target
// object, at to, a place the relations give it.
func (v *visibility) checkLeafAt(l leaf, to []seg, b reflect.Value, dst runtime.Object) string {
	if v.skipped(l.path, l.value) || v.skipped(to, l.value) {
		return "" // the target has no place for the value
	}
	ds, dm := v.dst.resolve(to)
	if ds != nil {
		if ds.kind != shapeLeaf || !canShow(l.value, ds.leaf, v.tol) {
			return "" // the target shows something else there
		}
		if src, dst := v.src.keyKinds(l.path), v.dst.keyKinds(to); !slices.Equal(src[:min(len(src), len(dst))], dst[:min(len(src), len(dst))]) {
			return "" // a map keyed by text at one end and by numbers at the other: other keys
		}
		got := valueAt(b, v.dst, to)
		if v.arrived(l, got, dm) {
			return ""
		}
		if l.defaulted && got.IsValid() && isZero(got) && (v.skippedZero(l.path) || v.skippedZero(to)) {
			return "" // the target's zero, which the source says by leaving the value unset
		}
		if d := v.dstDefault(to); d.IsValid() && (!got.IsValid() || dm != nil && dm.plain && isZero(got)) && sameValue(l.value, d, v.tol) {
			return "" // the target leaves it absent, which it reads as the same value
		}
		if n := len(l.path); !slices.Equal(to, l.path) && l.path[n-1].kind == segKey && v.namesKey(l.path[n-1].name) {
			// A key moved to a field of a version that keeps the map
			// (under its own name or renamed): there the key may be the
			// map's own (its clients write the map too), so the value may
			// stay at its key in the map.
			if m := v.mapPath(l.path[:n-1]); m != nil {
				own := append(slices.Clip(m), l.path[n-1])
				if s, mp := v.dst.resolve(own); s != nil && s.kind == shapeLeaf && v.arrived(l, valueAt(b, v.dst, own), mp) {
					return ""
				}
			}
		}
		path := slices.Clone(l.path)
		kind := fmt.Sprintf("%s's %s does not arrive in %s's %s%s", v.from, renderPath(path), v.to, renderPath(to), asPatterns(path, to))
		return v.describe(kind, l, to, got, dst, "")
	}
	// The target has no such path: a property removed, or moved without a
	// declared relation. A move shows as a place the target has and the
	// source has not, with the same name, one level up or down, or a key of
	// a map become a field.
	var first []seg
	for _, mv := range v.candidates(to) {
		c := mv.path
		if v.srcHas(c[:mv.at]) {
			continue // the source has its own property there (retyped, it may have no path below it that the target has)
		}
		if s, _ := v.dst.resolve(to[:mv.from]); s != nil {
			continue // the target keeps the property where it was (retyped)
		}
		cs, cm := v.dst.resolve(c)
		if cs == nil || cs.kind != shapeLeaf || !canShow(l.value, cs.leaf, v.tol) || v.skipped(c, l.value) {
			continue
		}
		if v.arrived(l, valueAt(b, v.dst, c), cm) {
			return ""
		}
		if first == nil {
			first = c
		}
	}
	if first == nil {
		return ""
	}
	kind := fmt.Sprintf("%s's %s does not arrive in %s, which has no %s but has %s%s", v.from, renderPath(l.path), v.to, propertyOf(to), renderPath(first), asPatterns(l.path, first))
	fix := fmt.Sprintf(" If %s is where %s keeps that value, the conversion must move it there (+hubspoke:movedFrom on %s's field, or a hook) and convtest.Related declare the move.", propertyOf(first), v.to, v.to)
	if i, ok := keyBecameField(l.path, first); ok {
		// Name the one key, so that a declaration leaves the map's other
		// keys checked.
		fix += fmt.Sprintf(" If the key %q of the map %s is not %s, declare convtest.SkipVisibility(%q, \"why\"): the map's other keys are still checked.",
			l.path[i+1].name, propertyOf(l.path[:i+1]), propertyOf(first), propertyOf(l.path[:i+1])+renderPath(l.path[i+1:i+2]))
	}
	return v.describe(kind, l, first, valueAt(b, v.dst, first), dst, fix)
}

// asPatterns names the properties of from and to, two concrete paths, as
// patterns (SkipVisibility and Related take them): " (as patterns:
// spec.targetRefs[*].name → spec.targetRef.name)", or "" when neither
// path holds an index or a key.
func asPatterns(from, to []seg) string {
	if renderPath(from) == propertyOf(from) && renderPath(to) == propertyOf(to) {
		return ""
	}
	return fmt.Sprintf(" (as patterns: %s → %s)", propertyOf(from), propertyOf(to))
}

// srcHas reports whether the source has a place of its own for the value
// the target shows at path (the target's): the same path, or one that the
// relations take back to. Candidates are the target's paths; a property
// renamed on the way names them otherwise in the source: v2, whose
// spec.crate is v1's spec.box, has spec.crate.name where v1 has
// spec.box.name, and its labels["name"] beside it is no move.
func (v *visibility) srcHas(path []seg) bool {
	if s, _ := v.src.resolve(path); s != nil {
		return true
	}
	return slices.ContainsFunc(v.unmapPaths(path), func(p []seg) bool {
		s, _ := v.src.resolve(p)
		return s != nil
	})
}

// keyBecameField reports whether candidate is path with a key of a map
// taken for a field: path[i] the map's field, path[i+1] the key, candidate
// the field of that name in the map's place.
func keyBecameField(path, candidate []seg) (int, bool) {
	if len(candidate) != len(path)-1 {
		return 0, false
	}
	for i := 0; i+1 < len(path); i++ {
		if path[i].kind == segField && path[i+1].kind == segKey &&
			slices.Equal(candidate[:i], path[:i]) && candidate[i] == (seg{kind: segField, name: path[i+1].name}) &&
			slices.Equal(candidate[i+1:], path[i+2:]) {
			return i, true
		}
	}
	return 0, false
}

// namesKey reports whether a relation of the conversion names key as one
// key of a map (["key"]), not a map's every key.
func (v *visibility) namesKey(key string) bool {
	for _, step := range v.steps {
		for _, r := range step {
			for _, p := range [][]seg{r.old, r.new} {
				if n := len(p); n > 0 && p[n-1].kind == segKey && p[n-1].name == key {
					return true
				}
			}
		}
	}
	return false
}

// arrived reports whether got, the target's value (invalid when it has
// none), shows the source's value l.
func (v *visibility) arrived(l leaf, got reflect.Value, m *member) bool {
	if !got.IsValid() {
		// A zero value needs no place in a plain field, whose zero is no
		// value.
		return m != nil && m.plain && isZero(l.value)
	}
	return sameValue(l.value, got, v.tol)
}

// describe words a problem: kind (which names the value's concrete
// paths, their properties as patterns where they differ, the versions,
// and what shrinking keeps), the value, what the target shows
// instead and where its property bags hold the value.
func (v *visibility) describe(kind string, l leaf, at []seg, got reflect.Value, dst runtime.Object, fix string) string {
	var sb strings.Builder
	if l.defaulted {
		fmt.Fprintf(&sb, "%s: %s leaves %s unset, which it reads as its default %s; ", kind, v.from, renderPath(l.path), shortJSON(l.value.Interface()))
	} else {
		fmt.Fprintf(&sb, "%s: %s sets %s to %s; ", kind, v.from, renderPath(l.path), shortJSON(l.value.Interface()))
	}
	if !got.IsValid() || isZero(got) && v.plainIn(at) {
		fmt.Fprintf(&sb, "%s shows nothing at %s", v.to, renderPath(at))
		if d := v.dstDefault(at); d.IsValid() {
			fmt.Fprintf(&sb, ", which it reads as its default %s", shortJSON(d.Interface()))
		}
	} else {
		fmt.Fprintf(&sb, "%s shows %s at %s", v.to, shortJSON(got.Interface()), renderPath(at))
	}
	if b, err := jsonTree(dst); err == nil {
		if where := findInBags(b, l.value, v.tol); where != "" {
			fmt.Fprintf(&sb, " and keeps the value in a property bag, at %s", where)
		}
	}
	if l.defaulted {
		fmt.Fprintf(&sb, ".\nA client of %s reads another value than a client of %s left to its default.%s", v.to, v.from, fix)
		if !v.dstDefault(at).IsValid() {
			// A default one version declares and the other does not: the
			// other's unset may mean the same (a default made explicit).
			fmt.Fprintf(&sb, " If %s's unset %s means %s as well (a default a newer version only made explicit), declare that: convtest.Default(%q, %q, %s).",
				v.to, renderPath(at), shortJSON(l.value.Interface()), v.toVersion, propertyOf(at), fmt.Sprintf("%#v", l.value.Interface()))
		}
		fmt.Fprintf(&sb, " Where the versions' defaults differ, a hook pair writes the source's default for an unset value and marks it in the bag, so that the way back leaves it unset (see \"Changes of meaning\" in hubspoke-gen's README); if %s is right to read it otherwise, declare convtest.SkipVisibility(%q, \"why\", %#v), which exempts that value alone, an unset one read as it included.",
			v.to, propertyOf(l.path), l.value.Interface())
		if got.IsValid() && isZero(got) && !v.plainIn(at) {
			fmt.Fprintf(&sb, " If %s cannot show %s's zero (a plain value with omitempty leaves it unset, and reads that as its default), declare convtest.SkipVisibilityOfZero(%q, \"why\"): other values are still checked.",
				v.from, v.to, propertyOf(l.path))
		}
		return sb.String()
	}
	fmt.Fprintf(&sb, ".\nA client of %s does not see the value a client of %s wrote.%s", v.to, v.from, fix)
	fmt.Fprintf(&sb, " Fix the conversion (an undeclared rename, +hubspoke:renamedFrom, or move, +hubspoke:movedFrom, or a hook), or, if %s is right not to show it there, declare convtest.SkipVisibility(%q, \"why\").",
		v.to, propertyOf(l.path))
	if isZero(l.value) {
		fmt.Fprintf(&sb, " If only the zero means another thing there (\"the default\" on one side, unset on the other), declare convtest.SkipVisibilityOfZero(%q, \"why\") instead: other values are still checked.",
			propertyOf(l.path))
	}
	return sb.String()
}

// plainIn reports whether the target holds path in a plain field, whose
// zero value is no value.
func (v *visibility) plainIn(path []seg) bool {
	_, m := v.dst.resolve(path)
	return m != nil && m.plain
}

// skippedZero reports whether a SkipVisibilityOfZero declaration covers
// path.
func (v *visibility) skippedZero(path []seg) bool {
	for _, s := range v.skips {
		if _, ok := matchPrefix(s.pattern, path); ok && s.zeroOnly {
			return true
		}
	}
	return false
}

// skipped reports whether a SkipVisibility declaration covers value at
// path.
func (v *visibility) skipped(path []seg, value reflect.Value) bool {
	for _, s := range v.skips {
		if s.zeroOnly && !isZero(value) {
			continue
		}
		if len(s.values) > 0 && !slices.ContainsFunc(s.values, func(x reflect.Value) bool { return x.IsValid() && sameValue(value, x, v.tol) }) {
			continue
		}
		if _, ok := matchPrefix(s.pattern, path); ok {
			return true
		}
	}
	return false
}

// A move is a place candidates proposes for a value at a path the target
// does not have: path, where the target would show it; the moved property
// is the first at segments of path at its new place and the first from
// segments of the value's path at its old one.
type move struct {
	path     []seg
	from, at int
}

// candidates returns the places a value at path may have moved to in the
// target, by the same name, where the structure around it changed: one
// struct up (spec.engine.limits → spec.limits), one struct down
// (spec.limits → spec.engine.limits, for every struct of the target at
// that place), and from a key of a map to a field of the map's parent
// (spec.config["maxmemory"] → spec.maxmemory). The caller keeps those
// where the target has the property at its new place and not at its old
// one, and the source has it not at the new place (a property of that
// name there, retyped, is its own, not a moved one). Moves between
// sibling structs are not guessed (fields of the same name in two structs
// often mean different things); declare them with Related.
func (v *visibility) candidates(path []seg) []move {
	var out []move
	splice := func(i, drop int, insert ...seg) []seg {
		c := make([]seg, 0, len(path)+len(insert))
		c = append(c, path[:i]...)
		c = append(c, insert...)
		return append(c, path[i+drop:]...)
	}
	for i, s := range path {
		if s.kind == segKey && i > 0 && path[i-1].kind == segField {
			out = append(out, move{splice(i-1, 2, seg{kind: segField, name: s.name}), i + 1, i}) // a key become a field
		}
		if s.kind != segField {
			continue
		}
		if i+1 < len(path) && path[i+1].kind == segField {
			out = append(out, move{splice(i, 1), i + 2, i + 1}) // up
		}
		parent, _ := v.dst.resolve(path[:i])
		if parent == nil || parent.kind != shapeStruct {
			continue
		}
		for _, m := range parent.members {
			if m.shape.kind == shapeStruct && m.name != s.name {
				out = append(out, move{splice(i, 0, seg{kind: segField, name: m.name}), i + 1, i + 2}) // down
			}
		}
	}
	return out
}

// canShow reports whether a field of type t holds x as it is.
func canShow(x reflect.Value, t reflect.Type, tol float64) bool {
	if basic(x.Type()) && basic(t) {
		switch k := t.Kind(); {
		case k == reflect.String:
			return x.Kind() == reflect.String
		case k == reflect.Bool:
			return x.Kind() == reflect.Bool
		case isInt(k):
			switch {
			case isInt(x.Kind()):
				return !reflect.Zero(t).OverflowInt(x.Int())
			case isUint(x.Kind()):
				return x.Uint() <= math.MaxInt64 && !reflect.Zero(t).OverflowInt(int64(x.Uint()))
			}
			return false
		case isUint(k):
			switch {
			case isUint(x.Kind()):
				return !reflect.Zero(t).OverflowUint(x.Uint())
			case isInt(x.Kind()):
				return x.Int() >= 0 && !reflect.Zero(t).OverflowUint(uint64(x.Int()))
			}
			return false
		case isFloatKind(k):
			var f float64
			switch {
			case isFloatKind(x.Kind()):
				f = x.Float()
			case isInt(x.Kind()):
				f = float64(x.Int())
			case isUint(x.Kind()):
				f = float64(x.Uint())
			default:
				return false
			}
			return k == reflect.Float64 || math.Abs(f) <= math.MaxFloat32 && floatsEqual(float64(float32(f)), f, tol)
		}
		return false
	}
	if x.Type() == t {
		return true
	}
	// Types with their own encoding, and the rest: decode x's JSON into a
	// t and see whether it encodes back the same.
	data, err := json.Marshal(x.Interface())
	if err != nil {
		return false
	}
	p := reflect.New(t)
	if json.Unmarshal(data, p.Interface()) != nil {
		return false
	}
	return sameValue(x, p.Elem(), tol)
}

// sameValue reports whether a and b (pointers removed) hold the same value
// as their JSON shows it: basic values by kind (numbers within tol), others
// by their JSON.
func sameValue(a, b reflect.Value, tol float64) bool {
	if basic(a.Type()) && basic(b.Type()) {
		ka, kb := a.Kind(), b.Kind()
		switch {
		case ka == reflect.String && kb == reflect.String:
			return a.String() == b.String()
		case ka == reflect.Bool && kb == reflect.Bool:
			return a.Bool() == b.Bool()
		case isInt(ka) && isInt(kb):
			return a.Int() == b.Int()
		case isUint(ka) && isUint(kb):
			return a.Uint() == b.Uint()
		case isInt(ka) && isUint(kb):
			return a.Int() >= 0 && uint64(a.Int()) == b.Uint()
		case isUint(ka) && isInt(kb):
			return b.Int() >= 0 && uint64(b.Int()) == a.Uint()
		case isNumber(ka) && isNumber(kb):
			return floatsEqual(number(a), number(b), tol)
		}
		return false
	}
	x, err1 := json.Marshal(a.Interface())
	y, err2 := json.Marshal(b.Interface())
	if err1 != nil || err2 != nil {
		return false
	}
	if string(x) == string(y) {
		return true
	}
	var tx, ty any
	if decodeNumbers(x, &tx) != nil || decodeNumbers(y, &ty) != nil {
		return false
	}
	var lost []loss
	compareTrees(tx, ty, "", tol, &lost)
	compareTrees(ty, tx, "", tol, &lost)
	return len(lost) == 0
}

// basic reports whether t is a string, bool or number type with the
// default JSON encoding.
func basic(t reflect.Type) bool {
	k := t.Kind()
	return (k == reflect.String || k == reflect.Bool || isNumber(k)) && classOf(t) == classPlain
}

func isInt(k reflect.Kind) bool       { return k >= reflect.Int && k <= reflect.Int64 }
func isUint(k reflect.Kind) bool      { return k >= reflect.Uint && k <= reflect.Uint64 }
func isFloatKind(k reflect.Kind) bool { return k == reflect.Float32 || k == reflect.Float64 }
func isNumber(k reflect.Kind) bool {
	return isInt(k) || isUint(k) || isFloatKind(k)
}

func number(v reflect.Value) float64 {
	switch {
	case isInt(v.Kind()):
		return float64(v.Int())
	case isUint(v.Kind()):
		return float64(v.Uint())
	}
	return v.Float()
}

// isZero reports whether v is its type's zero value, by its IsZero method
// when it has one (metav1.Time, resource.Quantity), or else, for a type
// that writes its own JSON, by that JSON: Tekton's ParamValue{} is written
// as "", which reads back as a string param, so a plain field shows an
// absent value as that param (and the generated transport takes it so).
func isZero(v reflect.Value) bool {
	if z, ok := v.Interface().(interface{ IsZero() bool }); ok {
		return z.IsZero()
	}
	if v.CanAddr() {
		if z, ok := v.Addr().Interface().(interface{ IsZero() bool }); ok {
			return z.IsZero()
		}
	}
	if v.IsZero() {
		return true
	}
	if v.Kind() == reflect.Struct && reflect.PointerTo(v.Type()).Implements(reflect.TypeFor[json.Marshaler]()) {
		return jsonzero.Writes(v)
	}
	return false
}

// findInBags returns where tree, an object's JSON tree (with the bags
// annotation decoded), keeps the value x in a property bag, or "".
func findInBags(tree map[string]any, x reflect.Value, tol float64) string {
	data, err := json.Marshal(x.Interface())
	if err != nil {
		return ""
	}
	var value any
	if decodeNumbers(data, &value) != nil {
		return ""
	}
	var found string
	var walk func(t any, path string, inBag bool) bool
	walk = func(t any, path string, inBag bool) bool {
		switch x := t.(type) {
		case map[string]any:
			for _, k := range sortedStrings(x) {
				bag := inBag || k == "$propertyBag" || k == "$propertyBags" || k == boundary.Annotation
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
			// A storage version's bag holds JSON text.
			var inner any
			if text, ok := t.(string); ok && decodeNumbers([]byte(text), &inner) == nil && inner != t {
				return walk(inner, path, true)
			}
		}
		return true
	}
	walk(tree, "", false)
	return found
}
