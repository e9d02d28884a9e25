package main

import (
	"go/types"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/hub"
)

// chain is the model of a whole api directory: its versions, oldest first,
// the hub, and the steps between them.
type chain struct {
	group    string
	versions []*version // oldest first
	hub      *version
	twin     map[*version]*step       // API version → its storage twin
	storage  map[*version]*step       // storage twin → its neighbour towards the hub
	staging  map[*version]*stagingPkg // storage twin → its compat subpackage, where needed
	kinds    []string                 // every kind, in the order of the hub
	warnings []string                 // properties removed without acknowledgement
	// stored are the storage versions other than the hub that stay in the
	// CRD, not served (-stored); the other storage twins but the hub are
	// left out of it (+kubebuilder:skipversion).
	stored map[*version]bool
}

// keepStored records the storage versions named in list (comma-separated
// storage names, v3storage) that stay in the CRD.
func (c *chain) keepStored(list string, errs *errorList) {
	c.stored = map[*version]bool{}
	for _, name := range strings.Split(list, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		i := slices.IndexFunc(c.versions, func(v *version) bool { return v.storageName == name })
		switch {
		case i < 0:
			errs.addf("-stored "+name, "no storage version %s (the storage versions are the API versions' names with \"storage\")", name)
		case c.versions[i].hub:
			errs.addf("-stored "+name, "%s is the hub, which is always in the CRD", name)
		default:
			c.stored[c.versions[i]] = true
		}
	}
}

// inCRD reports whether the storage twin of v is a version of the CRD.
func (c *chain) inCRD(v *version) bool { return v.hub || c.stored[v] }

// newChain orders the versions, chooses the hub (the version opt.hub names,
// else the newest stable version, hub.SelectHub), records the renames and
// removals of the markers and of the metadata file md (opt.metadata), and
// builds every step.
func newChain(versions []*version, md *metadataFile, opt options, errs *errorList) *chain {
	c := &chain{versions: versions, twin: map[*version]*step{}, storage: map[*version]*step{}, staging: map[*version]*stagingPkg{}}
	slices.SortFunc(c.versions, func(a, b *version) int { return a.order.Compare(b.order) })
	orders := make([]hub.Version, len(versions))
	for i, v := range versions {
		orders[i] = v.order
		if c.group == "" {
			c.group = v.group
		} else if v.group != "" && v.group != c.group {
			errs.addf(v.name, "group %s differs from the group %s of %s", v.group, c.group, versions[0].name)
		}
	}
	hubName := opt.hub
	if hubName == "" {
		h, err := hub.SelectHub(orders)
		if err != nil {
			errs.addf("api", "%v", err)
			return c
		}
		hubName = h.String()
	}
	hubIndex := slices.IndexFunc(versions, func(v *version) bool { return v.name == hubName })
	if hubIndex < 0 {
		var names []string
		for _, v := range versions {
			names = append(names, v.name)
		}
		errs.addf("-hub "+hubName, "no API version %s (have %s)", hubName, strings.Join(names, ", "))
		return c
	}
	c.hub = versions[hubIndex]
	c.hub.hub = true
	c.kinds = c.hub.kinds
	for i, v := range versions {
		switch {
		case i < hubIndex:
			v.towardHub = versions[i+1]
		case i > hubIndex:
			v.towardHub = versions[i-1] // newer than the hub: a preview, or a stable version with -hub
		}
	}
	c.applyChanges(md, opt.metadata, errs)
	for _, v := range versions {
		c.twin[v] = twinStep(v, errs)
		if v.towardHub != nil {
			c.storage[v] = storageStep(v, v.towardHub, errs)
		}
	}
	c.linkRetypes()
	c.linkHubKeys()
	c.checkSkips(errs)
	c.checkRemovals(opt.strict, errs)
	c.checkSameMeaning(errs)
	return c
}

// linkHubKeys records, for each list of structs of an API version without
// list-map keys, the keys that the nearest version towards the hub that
// keys the list declares, when the version's elements have every one of
// those properties (Cluster API's spec.topology.workers.machineDeployments:
// keyed by name from v1beta1 on, not in v1alpha4, whose elements have a
// name): the twin step's hubKeys. Its transport then names each element by
// them, as it would were they declared, so that an element a client moves
// and edits in one write keeps what only the newer versions show of it;
// an element without them, or sharing them with another, falls back to
// its fingerprint (gen_transport.go: transport.hubKeyedSlice). The walk
// follows the field through the storage steps towards the hub, by name,
// while it stays a list of structs on both sides.
func (c *chain) linkHubKeys() {
	elemName := func(f *field) string { // "" unless f is a list of structs
		if f == nil || f.ref == nil {
			return ""
		}
		r := deref(f.ref)
		if r.kind != refSlice {
			return ""
		}
		if e := deref(r.elem); e.kind == refObject {
			return e.name
		}
		return ""
	}
	for _, v := range c.versions {
		ts := c.twin[v]
		if ts == nil {
			continue
		}
		for _, p := range ts.pairs {
			for _, pr := range p.props {
				af, tf := pr.host, pr.other
				if af == nil || tf == nil || len(af.listMapKeys) > 0 || len(tf.listMapKeys) > 0 || elemName(af) == "" {
					continue
				}
				elem := v.twins[elemName(tf)]
				if elem == nil {
					continue
				}
				keys := c.hubKeysOf(v, p.name, tf.name)
				if len(keys) == 0 || slices.ContainsFunc(keys, func(k string) bool { return elem.fieldByJSON(k) == nil }) {
					continue
				}
				if ts.hubKeys == nil {
					ts.hubKeys = map[*field][]string{}
				}
				ts.hubKeys[af] = keys
			}
		}
	}
}

// hubKeysOf follows the field named name of the twin type typ of version
// v towards the hub, for the list-map keys of the first version that
// declares them; nil when none does or the field stops being a list of
// structs (or is renamed away) first.
func (c *chain) hubKeysOf(v *version, typ, name string) []string {
	isList := func(f *field) bool {
		if f == nil || f.ref == nil {
			return false
		}
		r := deref(f.ref)
		return r.kind == refSlice && deref(r.elem).kind == refObject
	}
	for at := v; c.storage[at] != nil; at = at.towardHub {
		s := c.storage[at]
		p := s.byName[typ]
		if p == nil {
			return nil
		}
		var next *field
		for _, pr := range p.props {
			if pr.host != nil && pr.host.name == name {
				next = pr.other
			}
		}
		if !isList(next) {
			return nil
		}
		if len(next.listMapKeys) > 0 {
			return next.listMapKeys
		}
		typ, name = p.otherName, next.name
	}
	return nil
}

// linkRetypes finds, for each property a storage step retypes, a version
// farther along each direction of the conversion where the property had
// the destination's type and then changed it: that version's step kept
// its value in the bag under its key, which the retyping step reads when
// its own is absent, so that a value arrives where a version that has the
// property in that type shows it (prop.earlierTo, prop.earlierFrom). The
// walk follows the property through steps that copy it as it is and
// steps that retype it, towards the hub for a conversion away from it and
// away from the hub for one towards it, and stops at the hub and at any
// other change. Only types without local types (scalars, lists and maps
// of them, types of other packages) are linked, whose JSON is the same in
// every version.
func (c *chain) linkRetypes() {
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		for _, p := range s.pairs {
			for _, pr := range p.props {
				if pr.action != actRetype {
					continue
				}
				pr.earlierTo = c.earlierKey(s, true, p.name, pr.host.name, pr.other.ref)
				pr.earlierFrom = c.earlierKey(s, false, p.otherName, pr.other.name, pr.host.ref)
			}
		}
	}
}

// earlierKey walks from s, away from the hub from its host when away is
// true, else towards the hub from its other side (not past the hub),
// following the property named field of the type named typ in the version
// the walk is at, through steps that copy, convert or retype it (its bag
// entries travel in the bag of the struct that holds it), for the step that
// retyped a value of type want into it; it returns that step's bag key,
// or "".
func (c *chain) earlierKey(s *step, away bool, typ, field string, want *typeRef) string {
	at := s.other
	if away {
		at = s.host
	}
	// The walk is at the host side of the next step when it goes towards
	// the hub, at the other side when it goes away.
	near := !away
	for {
		next := c.storage[at]
		if away {
			next = nil
			for _, u := range c.versions {
				if u.towardHub == at {
					next = c.storage[u]
				}
			}
		}
		if next == nil {
			return ""
		}
		var q *prop
		var pp *pair
		for _, cand := range next.pairs {
			if cand.nameOn(near) != typ {
				continue
			}
			for _, r := range cand.props {
				if f := r.on(near); f != nil && f.name == field {
					q, pp = r, cand
				}
			}
		}
		if q == nil || q.on(!near) == nil {
			return ""
		}
		far := q.on(!near)
		switch {
		case q.action == actRetype && sameJSONType(far.ref, want):
			if away {
				return bagKey(far, next.hostName)
			}
			return bagKey(far, next.otherName)
		case q.action != actRetype && q.action != actCopy && q.action != actConvert:
			return ""
		}
		at, typ, field = next.other, pp.otherName, far.name
		if away {
			at, typ = next.host, pp.name
		}
	}
}

// sameJSONType reports whether a and b are the same type without local
// types, pointers aside: a value of one reads as the other from its JSON.
func sameJSONType(a, b *typeRef) bool {
	a, b = elemOf(a), elemOf(b)
	return !containsLocal(a) && !containsLocal(b) && a.String() == b.String()
}

// checkSkips finds the properties that leave a type and come back in a
// later version in another shape. The versions in between keep the value
// in their bags, in the shape of the version that left it there; reading
// it back needs compat staging (package compat), see stage.
func (c *chain) checkSkips(errs *errorList) {
	type seen struct {
		v *version
		f *field
	}
	last := map[[2]string]seen{} // type (its oldest name), property → where it was last present
	canon := c.typeIdentities()
	for i, v := range c.versions {
		for _, name := range v.types {
			o, ok := v.twins[name]
			if !ok || o.list {
				continue
			}
			for _, f := range o.properties() {
				key := [2]string{canon[v][name], f.name}
				prev, ok := last[key]
				last[key] = seen{v, f}
				if !ok || prev.v == c.versions[i-1] || prev.v == v {
					// (prev.v == v: two types of v that share an
					// identity, an old name reused after a rename.)
					continue
				}
				// Absent in between; was the type itself present there?
				between := c.versions[slices.Index(c.versions, prev.v)+1 : i]
				typeThere := true
				for _, b := range between {
					has := false
					for n := range b.twins {
						has = has || canon[b][n] == key[0]
					}
					typeThere = typeThere && has
				}
				if !typeThere {
					continue
				}
				if !jsonEqual(prev.v, prev.f.ref, v, f.ref, map[[2]string]bool{}) {
					c.stage(name, prev.v, prev.f, v, f, errs)
				}
			}
		}
	}
}

// typeIdentities names each type of each version by the name it had when
// it first appeared, following type renames, so that a type keeps its
// identity along the chain.
func (c *chain) typeIdentities() map[*version]map[string]string {
	out := map[*version]map[string]string{}
	var prev *version
	for _, v := range c.versions {
		out[v] = map[string]string{}
		for _, name := range v.types {
			out[v][name] = name
			if prev != nil && prev.hasType(v.olderName(name)) {
				out[v][name] = out[prev][v.olderName(name)]
			}
		}
		prev = v
	}
	return out
}

// jsonEqual reports whether values of type a (of version va) and b (of
// version vb) have the same JSON shape, so that the JSON of either decodes
// strictly into the other.
func jsonEqual(va *version, a *typeRef, vb *version, b *typeRef, seen map[[2]string]bool) bool {
	for a.kind == refPointer {
		a = a.elem
	}
	for b.kind == refPointer {
		b = b.elem
	}
	switch {
	case a.kind == refSlice && b.kind == refSlice:
		return jsonEqual(va, a.elem, vb, b.elem, seen)
	case a.kind == refMap && b.kind == refMap:
		return types.Identical(a.key.typ.Underlying(), b.key.typ.Underlying()) && jsonEqual(va, a.elem, vb, b.elem, seen)
	case a.kind == refObject && b.kind == refObject:
		key := [2]string{a.name, b.name}
		if seen[key] {
			return true
		}
		seen[key] = true
		oa, ob := va.twins[a.name], vb.twins[b.name]
		fa, fb := oa.properties(), ob.properties()
		if len(fa) != len(fb) {
			return false
		}
		for _, x := range fa {
			var y *field
			for _, f := range fb {
				if strings.EqualFold(f.jsonName, x.jsonName) {
					y = f
				}
			}
			if y == nil || !jsonEqual(va, x.ref, vb, y.ref, seen) {
				return false
			}
		}
		return true
	case a.kind == refExternal && b.kind == refExternal && !isBasicUnderlying(a.typ):
		return types.Identical(a.typ, b.typ)
	}
	ba, okA := a.scalar()
	bb, okB := b.scalar()
	return okA && okB && jsonKind(ba) == jsonKind(bb)
}

// jsonKind groups basic types by the JSON they encode to and decode from.
func jsonKind(b *types.Basic) string {
	switch {
	case b.Info()&types.IsString != 0:
		return "string"
	case b.Info()&types.IsBoolean != 0:
		return "bool"
	case b.Info()&types.IsInteger != 0:
		return "integer"
	case b.Info()&types.IsFloat != 0:
		return "number"
	}
	return b.Name()
}
