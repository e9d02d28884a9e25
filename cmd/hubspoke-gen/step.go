package main

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
)

// The model of a version step: for each pair of types the step converts,
// and each of their properties, what the generated code does with it.
// Every output is a view of it: the conversion code, the notes about
// properties that need a hook, and the checks of the chain.

// action is what a step does with one property.
type action int

const (
	actCopy    action = iota // same type on both sides: moved as it is
	actConvert               // converted: element by element, enums by value, values made optional
	actStash                 // only the host side has it: kept in the other side's property bag
	actRecall                // only the other side has it: recalled from the host side's property bag
	actRetype                // both sides have it, in types that do not convert: kept in the bags both ways
	actStage                 // only the other side has it, and the host's bag keeps an earlier shape: through compat staging
	actMoved                 // only one side has it at this place: its value moves to another place (+hubspoke:movedFrom), written by the copy of the struct both places are in
)

func (a action) String() string {
	return [...]string{"copied", "converted", "stashed", "recalled", "type changed", "staged through compat", "moved"}[a]
}

// step is the conversion between two neighbours, written in the package of
// the host (the one farther from the hub, which imports the other): an API
// version and its storage twin (twin), or a storage version and its
// neighbour towards the hub.
type step struct {
	host, other *version
	twin        bool
	staging     bool // from a compat staging package to the version a property comes back in
	// renames, on a staging step, maps each staged type to the name the
	// version the property comes back in gives it, when the versions in
	// between renamed it (see stagingPkg.clone).
	renames   map[string]string
	hostPath  string // import path of the host package
	otherPath string
	hostName  string // package name of the host, as in messages: v1, v1storage
	otherName string
	pairs     []*pair // in the order they were reached, roots first
	byName    map[string]*pair
	errs      *errorList
	// shapes are the structs of other packages the step converts field
	// by field to and from a struct of a version with the same JSON (see
	// shape), by shapeKey.
	shapes  []*shapePair
	shapeBy map[string]*shapePair
	// handNames are the names of fields and the string literals that the
	// hand-written files of the host package mention (see findHooks): the
	// properties its hooks may place, for placedNotes.
	handNames map[string]bool
	// hubKeys, on a twin step, are the list-map keys (JSON names) that a
	// version towards the hub declares for a list this version does not
	// key, by the API version's field: its transport names the elements
	// by them where they are present and unique (see chain.linkHubKeys).
	hubKeys map[*field][]string
}

// pair is a type the step converts: its host side and its other side.
type pair struct {
	name        string // the host side's name
	otherName   string // the other side's: another one when the type was renamed
	host, other *object
	props       []*prop
	// Hand-written hooks of the host type, called at the end of the
	// generated copy in their direction.
	hookTo, hookFrom bool
	// The moves whose paths part below this type: its copy writes them.
	moves []*stepMove
	// Whether the hook of that direction may read the bag of its source
	// (see readsSourceBag); only then does the generated copy copy the bag
	// instead of moving it.
	hookToReadsBag, hookFromReadsBag bool
}

// prop is a property of a pair: the field on the host side, on the other
// side, or both.
type prop struct {
	host, other *field
	action      action
	renamed     bool      // matched through +hubspoke:renamedFrom
	staged      *staging  // actStage: the staging
	move        *stepMove // actMoved: the move
	// clears, for a struct or a map only one side has (stashed or
	// recalled), are the properties moved out of it: the copy kept in the
	// bag leaves them out.
	clears []clear
	// earlierTo and earlierFrom, for actRetype, are the bag keys under
	// which a version farther along the direction of the conversion keeps
	// a value of the destination's type, when the property had that type
	// there and changed it on the way (int64 in v1, a string in v2, int64
	// again in v3: v1's value waits under Size@v1storage on its way to v3).
	// The copy takes it when the destination's own key is absent. See
	// chain.linkRetypes.
	earlierTo, earlierFrom string
}

// on returns the host side's field when host is true, else the other's.
func (p *prop) on(host bool) *field {
	if host {
		return p.host
	}
	return p.other
}

// nameOn returns the host side's name of the type when host is true, else
// the other side's.
func (p *pair) nameOn(host bool) string {
	if host {
		return p.name
	}
	return p.otherName
}

// name returns the name of the property, as the host side calls it when it
// has it.
func (p *prop) name() string {
	if p.host != nil {
		return p.host.name
	}
	return p.other.name
}

func (s *step) where(typ, prop string) string {
	if prop != "" {
		return fmt.Sprintf("%s → %s: %s.%s", s.hostName, s.otherName, typ, prop)
	}
	return fmt.Sprintf("%s → %s: %s", s.hostName, s.otherName, typ)
}

// twinStep builds the step from API version v to its storage twin: every
// object of v, every property copied or converted.
func twinStep(v *version, errs *errorList) *step {
	s := &step{host: v, other: v, twin: true, hostPath: v.pkgPath, otherPath: v.storagePath,
		hostName: v.name, otherName: v.storageName, byName: map[string]*pair{}, errs: errs}
	for _, name := range v.types {
		o, ok := v.objects[name]
		if !ok || o.list {
			continue
		}
		t := v.twins[name]
		p := &pair{name: name, otherName: name, host: o, other: t}
		for _, f := range o.properties() {
			tf := t.field(f.name)
			act := actCopy
			if f.ref.kind != tf.ref.kind || containsLocal(f.ref) || !convertible(f.ref, tf.ref) {
				act = actConvert
			}
			p.props = append(p.props, &prop{host: f, other: tf, action: act})
		}
		s.pairs = append(s.pairs, p)
		s.byName[name] = p
	}
	return s
}

func containsLocal(r *typeRef) bool {
	switch r.kind {
	case refEnum, refObject:
		return true
	case refPointer, refSlice, refMap:
		return containsLocal(r.elem)
	}
	return false
}

// storageStep builds the step from the twin of host to the twin of other,
// its neighbour towards the hub: the kinds of host, and every type their
// properties convert, paired by name.
func storageStep(host, other *version, errs *errorList) *step {
	s := &step{host: host, other: other, hostPath: host.storagePath, otherPath: other.storagePath,
		hostName: host.storageName, otherName: other.storageName, byName: map[string]*pair{}, errs: errs}
	for _, kind := range host.kinds {
		if s.otherType(kind) != kind {
			errs.addf(s.where(kind, ""), "renaming a kind is not supported")
			continue
		}
		if _, ok := other.twins[kind]; !ok {
			errs.addf(s.where(kind, ""), "%s has no kind %s%s: dropping a kind is not supported, the versions of one API directory "+
				"chain every kind from its first version to the hub; give the kinds whose versions differ API directories of their own "+
				"(each with the versions of its kinds, as api/<kind>/<version>), one run of hubspoke-gen each", other.name, kind, kindComesBack(other, kind))
			continue
		}
		s.checkStatusOnBothSides(kind)
		s.pairObjects(kind)
	}
	s.applyMoves()
	return s
}

// kindComesBack returns, for a kind that version v lacks, the version
// beyond v towards the hub that has it again (Gateway API's Gateway, in
// v1alpha2 and v1beta1 but not in v1alpha3, whose only kind then was
// BackendTLSPolicy), as ", which <version> has again"; "" when none has.
func kindComesBack(v *version, kind string) string {
	for w := v.towardHub; w != nil; w = w.towardHub {
		if _, ok := w.twins[kind]; ok {
			return ", which " + w.name + " has again"
		}
	}
	return ""
}

// statusType returns the name of the status struct of kind o (its property
// of JSON name "status", held by value or by pointer), or "" when it has none.
func statusType(o *object) string {
	for _, f := range o.properties() {
		if f.jsonName != "status" || f.ref == nil {
			continue
		}
		r := f.ref
		if r.kind == refPointer {
			r = r.elem
		}
		if r.kind == refObject {
			return r.name
		}
	}
	return ""
}

// checkStatusOnBothSides refuses a kind that has a status in one version of
// the step and none in the other: the version without one would carry the
// other's status values in the bag of the object itself, which travels in
// the bags annotation, where any client that may update the object (not
// only those that may write its status subresource) could change them.
func (s *step) checkStatusOnBothSides(kind string) {
	ho, oo := s.host.objects[kind], s.other.objects[kind]
	a, b := statusType(ho), statusType(oo)
	if a != "" && b != "" {
		// Both have a status: the API server resets the status of an update
		// of the main resource only at a version that serves the status
		// subresource, so a version that does not would let its clients
		// write, through the status bags of its status, the status values
		// of the versions that do.
		const sub = "+kubebuilder:subresource:status"
		if ho.has(sub) != oo.has(sub) {
			serves, lacks := s.host, s.other
			if !ho.has(sub) {
				serves, lacks = s.other, s.host
			}
			s.errs.addf(s.where(kind, ""), "%s serves the status subresource (%s) and %s does not: the API server resets the status of an update of the main resource "+
				"only at a version that serves it, so a client of %s that may update the %s could write the status values of %s through the status bags of %s's status; "+
				"add %s to %s in %s", serves.name, sub, lacks.name, lacks.name, kind, serves.name, lacks.name, sub, kind, lacks.name)
		}
		return
	}
	if a == "" && b == "" {
		return
	}
	has, lacks, name := s.host, s.other, a
	if a == "" {
		has, lacks, name = s.other, s.host, b
	}
	s.errs.addf(s.where(kind, ""), "%s has a status and %s has none: %s would carry the status values of %s in the bags annotation, "+
		"where any client that may update the %s could change them, not only those that may write its status; "+
		"give %s in %s a status that holds only the field for the status values of other versions, and serve its status subresource "+
		"(+kubebuilder:subresource:status on %s):\n\n"+
		"\t// +optional\n\tStatus %s `json:\"status,omitempty\"`\n\n"+
		"\t// %s holds the status values of other versions.\n\ttype %s struct {\n\t\t// +optional\n\t\tPropertyBags propertybag.Bags `json:\"$propertyBags,omitempty\"`\n\t}\n",
		has.name, lacks.name, lacks.name, has.name, kind, kind, lacks.name, kind, name, name, name)
}

// pairObjects adds the pair of the types named name on both sides (once),
// and the pairs its properties need.
func (s *step) pairObjects(name string) *pair {
	if p, ok := s.byName[name]; ok {
		return p
	}
	a, b := s.host.twins[name], s.other.twins[s.otherType(name)]
	p := &pair{name: name, otherName: s.otherType(name), host: a, other: b}
	s.byName[name] = p
	s.pairs = append(s.pairs, p)

	match := s.match(a, b)
	matched := map[*field]bool{}
	for _, fa := range a.properties() {
		fb := match[fa]
		if fb == nil {
			p.props = append(p.props, &prop{host: fa, action: actStash})
			continue
		}
		matched[fb] = true
		pr := &prop{host: fa, other: fb, renamed: fa.name != fb.name}
		var same, ok bool
		// A struct of another package held by value, against one of the
		// version: not converted in place (see shape), where the other
		// package's struct cannot keep the values of other versions; it
		// changes type.
		if !(fa.ref.kind == refExternal && fb.ref.kind == refObject) && !(fa.ref.kind == refObject && fb.ref.kind == refExternal) {
			ra, rb := rootLevelRefs(fa.ref, fb.ref)
			if ea, eb, pointed := pointedCollection(ra, rb); pointed {
				// Converted by the copy (the pointer's nil is the list's
				// or map's), not copied as it is.
				_, ok = s.compatible(ea, eb)
			} else {
				same, ok = s.compatible(ra, rb)
			}
		}
		switch {
		case !ok:
			pr.action = actRetype
			if fa.ref.kind == refObject && a.root {
				s.errs.addf(s.where(name, fa.name), "changes type (%s in %s, %s in %s): a struct field of a root type cannot be kept in a property bag (not supported)",
					fa.ref, s.hostName, fb.ref, s.otherName)
			}
		case same:
			pr.action = actCopy
		default:
			pr.action = actConvert
		}
		p.props = append(p.props, pr)
	}
	for _, fb := range b.properties() {
		if matched[fb] {
			continue
		}
		p.props = append(p.props, &prop{other: fb, action: actRecall})
	}
	return p
}

// rootLevelRefs returns the types a and b of a property's twin fields as
// compatible compares them: a struct of the version that a root type holds
// by value (a twin keeps a kind's structs so) against a pointer to another
// package's struct on the other side (made optional in its twin: core/v1
// Event's involvedObject, events.k8s.io's regarding, a
// corev1.ObjectReference) is compared with what the pointer points to,
// and converted field by field (see shape), as below the root; so is a
// pointer to a struct of the version's own (the twin of an API version
// that holds its spec through a pointer).
func rootLevelRefs(a, b *typeRef) (*typeRef, *typeRef) {
	external := func(r *typeRef) bool {
		if r.kind != refPointer || r.elem.kind != refExternal {
			return false
		}
		_, ok := r.elem.typ.Underlying().(*types.Struct)
		return ok
	}
	// A struct of the version's own, held by value on one side and
	// through a pointer on the other (spec in v1, *spec in v2), converts
	// the same way, field by field.
	own := func(r *typeRef) bool { return r.kind == refPointer && r.elem.kind == refObject }
	switch {
	case a.kind == refObject && (external(b) || own(b)):
		return a, b.elem
	case b.kind == refObject && (external(a) || own(a)):
		return a.elem, b
	}
	return a, b
}

// pointedCollection returns, when one of a and b is a pointer to a slice
// or map of the version and the other a slice or map (*[]T in one version,
// []T in the next; *map[K]V and map[K]V), the slice or map each holds: the
// copy converts them (see assign.pointedCollection), nil to nil, an empty
// one to an empty one.
func pointedCollection(a, b *typeRef) (ea, eb *typeRef, ok bool) {
	collection := func(r *typeRef) bool { return r.kind == refSlice || r.kind == refMap }
	switch {
	case a.kind == refPointer && collection(a.elem) && collection(b):
		return a.elem, b, true
	case b.kind == refPointer && collection(b.elem) && collection(a):
		return a, b.elem, true
	}
	return nil, nil, false
}

// otherType returns the name the other side of the step gives the host's
// type name: its own, unless the newer side renamed it.
func (s *step) otherType(name string) string {
	if s.staging {
		if n, ok := s.renames[name]; ok {
			return n
		}
		return name
	}
	if s.host.order.Compare(s.other.order) < 0 {
		return s.other.newerName(name)
	}
	return s.host.olderName(name)
}

// hostType returns the name the host side of the step gives the other
// side's type name: the inverse of otherType.
func (s *step) hostType(name string) string {
	if s.staging {
		// The first in name order, when two staged types (of different
		// versions) have the name in the other version.
		for _, host := range slices.Sorted(maps.Keys(s.renames)) {
			if s.renames[host] == name {
				return host
			}
		}
		return name
	}
	if s.host.order.Compare(s.other.order) < 0 {
		return s.other.olderName(name)
	}
	return s.host.newerName(name)
}

// match pairs the properties of a (host side) with those of b: by name,
// or through +hubspoke:renamedFrom on the newer side's field.
func (s *step) match(a, b *object) map[*field]*field {
	older, newer := a, b
	hostOlder := s.host.order.Compare(s.other.order) < 0
	if !hostOlder {
		older, newer = b, a
	}
	toNewer := map[*field]*field{}
	taken := map[*field]bool{}
	for _, n := range newer.properties() {
		if n.renamedFrom == "" {
			continue
		}
		// A rename of a property the older side lacks is an error of
		// applyChanges.
		if o := older.field(n.renamedFrom); o != nil && !o.embedded && !o.statusBags {
			toNewer[o], taken[n] = n, true
		}
	}
	for _, o := range older.properties() {
		if _, ok := toNewer[o]; ok {
			continue
		}
		if n := newer.field(o.name); n != nil && !taken[n] && !n.embedded && !n.statusBags {
			toNewer[o], taken[n] = n, true
		}
	}
	if hostOlder {
		return toNewer
	}
	out := map[*field]*field{}
	for o, n := range toNewer {
		out[n] = o
	}
	return out
}

// compatible reports whether a value of type a (host side) converts to
// type b (other side) and back without loss, and whether it does so as it
// is (same). Struct types convert when they have the same name, or when
// the newer side renamed one from the other; their pair is added to the
// step.
func (s *step) compatible(a, b *typeRef) (same, ok bool) {
	switch {
	case a.kind == refPointer && b.kind == refPointer, a.kind == refSlice && b.kind == refSlice:
		// A collection converts as its slice or map, whatever the names
		// on either side ([]string in one version, ExtraValue in the
		// other): copied when a Go conversion does it (convertible).
		same, ok := s.compatible(a.elem, b.elem)
		return same && convertible(a, b), ok
	case a.kind == refMap && b.kind == refMap:
		if !sameKeyText(a.key, b.key) {
			return false, false
		}
		same, ok := s.compatible(a.elem, b.elem)
		return same && convertible(a, b), ok
	case a.kind == refObject && b.kind == refObject:
		if s.otherType(a.name) != b.name {
			return false, false
		}
		s.pairObjects(a.name)
		return false, true
	case a.kind == refExternal && b.kind == refObject:
		return false, s.shape(a.typ, s.other, s.otherPath, s.otherName, b.name) != nil
	case a.kind == refObject && b.kind == refExternal:
		return false, s.shape(b.typ, s.host, s.hostPath, s.hostName, a.name) != nil
	case a.kind == refBasic && b.kind == refBasic, a.kind == refExternal && b.kind == refExternal:
		if types.Identical(a.typ, b.typ) {
			return true, true
		}
		if a.kind == refExternal && sameExternal(a.typ, b.typ) {
			return false, true // a Go conversion
		}
	}
	ba, okA := a.scalar()
	bb, okB := b.scalar()
	if okA && okB && types.Identical(ba, bb) {
		return false, true // enums and named scalars convert by value
	}
	return false, false
}

// sameKeyText reports whether map keys of types a and b convert by value,
// as enums do: scalars of the same basic type (string, a string type of
// the version, corev1.ResourceName), whatever their names.
func sameKeyText(a, b *typeRef) bool {
	ka, okA := a.scalar()
	kb, okB := b.scalar()
	return okA && okB && types.Identical(ka, kb)
}

// bagKey is the name under which a property whose type changes is kept in
// the bag of the other side: its name and the version whose shape the
// value has, so that it never meets the value of another version.
func bagKey(f *field, storageVersion string) string {
	return f.name + "@" + storageVersion
}

// sameExternal reports whether a and b, types of two other packages, are
// one type that moved: the same name, the same underlying type (struct
// tags included) and the same methods of JSON encoding, as
// apiextensions.k8s.io's v1beta1.JSON and v1.JSON (cert-manager's webhook
// solver config, of the one in v1alpha3 and of the other in v1beta1). A Go
// conversion converts one into the other, and JSON writes both alike.
// Types of different names (metav1.Time and metav1.MicroTime, of one
// underlying type and other JSON) are not.
func sameExternal(a, b types.Type) bool {
	na, okA := a.(*types.Named)
	nb, okB := b.(*types.Named)
	if !okA || !okB || na.Obj().Name() != nb.Obj().Name() || !types.Identical(a.Underlying(), b.Underlying()) {
		return false
	}
	for _, m := range []string{"MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText"} {
		if (types.NewMethodSet(types.NewPointer(a)).Lookup(nil, m) == nil) != (types.NewMethodSet(types.NewPointer(b)).Lookup(nil, m) == nil) {
			return false
		}
	}
	return true
}
