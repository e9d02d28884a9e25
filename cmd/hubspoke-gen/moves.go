package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Moves: a property whose value lived elsewhere in the previous version,
// declared on the newer field with
//
//	+hubspoke:movedFrom=spec.engineName
//
// (or movedProperties in the metadata file). The value is the JSON path of
// the property in the previous version, from the root of the kind, as
// explain writes paths: spec.devices[*].basic for a field of the elements
// of a list, spec.zones{*}.name for one of the values of a map, and, as
// the last step only, spec.config[notify-keyspace-events] for one key of a
// map of plain values (a key that is not a plain word is quoted:
// spec.config["a b"]). A move covers a flatten (spec.x → x), a nest
// (x → spec.x), a move between sibling structs, a move with a rename, the
// move of a whole struct, and a key of a map that becomes a named field
// (converted back into the key on the way back).
//
// The two paths share a prefix up to a struct both versions have (the
// root, or a list element: a move never crosses a list or a map); the
// generated copy of that struct writes the move, both ways, after its
// fields are copied: the value lands in the new place, and going back in
// the old one, never in a bag. A struct that one side has and the other
// not (spec after a flatten) is still kept in the bag of the other side,
// without the properties that moved out of it: when all did, its removal
// needs no +hubspoke:removed (the moves say where everything went); left
// empty, it is kept only when the way back found it so in the bag, beside
// values the moves put in it ("$kept:name"). A
// struct both versions have, which a move needs on its way and the source
// did not hold, is made, with an entry in the bag of the struct the move
// is written in ("$created:path"), so that the way back leaves it absent
// again when nothing else is in it (but for a client that emptied it: an
// empty struct is a value, which stays). The entry goes with the struct,
// and when a client removed the struct, or one on the way to it.

// move is a declared move of a property from the previous version (older)
// to v (newer).
type move struct {
	where  string // the marker or the metadata entry, for errors
	from   string // the path as written
	older  *version
	newer  *version
	kind   string
	owner  string // the struct both sides share (as newer names it); the kind for the root
	oldHop []hop  // below owner, in older's twins
	newHop []hop  // below owner, in newer's twins
	oldKey string // the map key the value had in older, when keyed
	keyed  bool
	path   string // the newer path, from the root of the kind
}

// hop is one field on a path: the field f of the (storage twin) object
// obj.
type hop struct {
	obj *object
	f   *field
}

// pathSeg is a step of a JSON path: a field by JSON name, the elements of
// a list or the values of a map ([*], {*}), or one key of a map.
type pathSeg struct {
	name  string // field JSON name
	elem  bool
	key   string
	isKey bool
}

func (s pathSeg) same(o pathSeg) bool { return s == o }

// parseMovePath reads a path of +hubspoke:movedFrom.
func parseMovePath(p string) ([]pathSeg, error) {
	var out []pathSeg
	rest := p
	for rest != "" {
		switch {
		case strings.HasPrefix(rest, "[*]") || strings.HasPrefix(rest, "{*}"):
			if len(out) == 0 || out[len(out)-1].isKey {
				return nil, fmt.Errorf("%q: %s follows no field", p, rest[:3])
			}
			out = append(out, pathSeg{elem: true})
			rest = rest[3:]
		case strings.HasPrefix(rest, "["):
			var key string
			at := rest // the key's step, for the hints below
			if strings.HasPrefix(rest, "[]") {
				return nil, fmt.Errorf("%q: [] names nothing: the elements of a list, or the values of a map, are [*] (%s)", p, p[:len(p)-len(at)]+"[*]"+rest[2:])
			}
			if strings.HasPrefix(rest, `["`) {
				end := strings.Index(rest[2:], `"]`)
				if end < 0 {
					return nil, fmt.Errorf("%q: unterminated quoted key", p)
				}
				k, err := strconv.Unquote(rest[1 : end+3])
				if err != nil {
					return nil, fmt.Errorf("%q: key %s: %v", p, rest[1:end+3], err)
				}
				key, rest = k, rest[end+4:]
			} else {
				end := strings.Index(rest, "]")
				if end < 0 {
					return nil, fmt.Errorf("%q: unterminated key", p)
				}
				key, rest = rest[1:end], rest[end+1:]
			}
			if key == "" {
				return nil, fmt.Errorf("%q: empty map key", p)
			}
			if len(out) == 0 {
				return nil, fmt.Errorf("%q: a key follows no field", p)
			}
			out = append(out, pathSeg{key: key, isKey: true})
			if rest != "" {
				// A new user writes requests[0].count for a property of
				// each element of a list: say how a move names them.
				return nil, fmt.Errorf("%q: a map key must be the last step of the path; a move inside the elements of a list, or the values of a map, names them [*], not one of them (%s)",
					p, p[:len(p)-len(at)]+"[*]"+rest)
			}
		default:
			if len(out) > 0 {
				if !strings.HasPrefix(rest, ".") {
					return nil, fmt.Errorf("%q: want . before %s", p, rest)
				}
				rest = rest[1:]
			}
			end := strings.IndexAny(rest, ".[{")
			if end < 0 {
				end = len(rest)
			}
			if end == 0 {
				return nil, fmt.Errorf("%q: empty field name", p)
			}
			out = append(out, pathSeg{name: rest[:end]})
			rest = rest[end:]
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty path")
	}
	return out, nil
}

// resolved is a path followed through the twins of a version: for each
// segment, the hop it took (field segments) and the object reached after
// it (nil when not at a struct).
type resolved struct {
	segs   []pathSeg
	hops   []hop     // per segment; zero for element and key segments
	at     []*object // the object reached after each segment
	inMaps []bool    // per segment: an element segment that steps into a map's values
}

// resolvePath follows segs from the root object of kind in v's twins.
func resolvePath(v *version, kind string, segs []pathSeg) (*resolved, error) {
	r := &resolved{segs: segs}
	cur := v.twins[kind]
	var t *typeRef // the type of the value reached, when not a struct
	for i, s := range segs {
		switch {
		case s.elem:
			if t == nil || t.kind != refSlice && t.kind != refMap {
				return nil, fmt.Errorf("%s: %s is not a list or a map", v.name, pathString(segs[:i]))
			}
			r.inMaps = append(r.inMaps, t.kind == refMap)
			e := deref(t.elem)
			t, cur = e, nil
			if e.kind == refObject {
				cur, t = v.twins[e.name], nil
			}
		case s.isKey:
			if t != nil && t.kind == refSlice {
				return nil, fmt.Errorf("%s: %s is a list, not a map: a move takes no single element; it moves a property of every element, as %s.<property>", v.name, pathString(segs[:i]),
					pathString(append(slices.Clone(segs[:i]), pathSeg{elem: true})))
			}
			if t == nil || t.kind != refMap || !isScalar(deref(t.elem)) || !isScalar(t.key) {
				return nil, fmt.Errorf("%s: %s is not a map of plain values", v.name, pathString(segs[:i]))
			}
			t, cur = deref(t.elem), nil
		default:
			if cur == nil {
				if t != nil && (t.kind == refSlice || t.kind == refMap) && deref(t.elem).kind == refObject {
					kind := "list, not a struct: a move inside its elements names them"
					if t.kind == refMap {
						kind = "map, not a struct: a move inside its values names them"
					}
					return nil, fmt.Errorf("%s: %s is a %s [*], as %s", v.name, pathString(segs[:i]), kind,
						pathString(slices.Concat(segs[:i], []pathSeg{{elem: true}}, segs[i:])))
				}
				if t != nil && t.kind == refMap {
					return nil, fmt.Errorf("%s: %s is a map, not a struct: name its key %q as %s", v.name, pathString(segs[:i]), s.name,
						pathString(append(slices.Clone(segs[:i]), pathSeg{key: s.name, isKey: true})))
				}
				return nil, fmt.Errorf("%s: %s is not a struct", v.name, pathString(segs[:i]))
			}
			f := fieldByJSON(cur, s.name)
			if f == nil {
				if g := cur.field(s.name); g != nil {
					return nil, fmt.Errorf("%s: %s has no property %q (%s): paths take JSON names; its field %s is %q", v.name, placeName(segs[:i]), s.name, cur.name, g.name, g.jsonName)
				}
				return nil, fmt.Errorf("%s: %s has no property %q (%s)", v.name, placeName(segs[:i]), s.name, cur.name)
			}
			r.hops = append(r.hops, hop{obj: cur, f: f})
			e := deref(f.ref)
			t, cur = e, nil
			if e.kind == refObject {
				cur, t = v.twins[e.name], nil
			}
			r.at = append(r.at, cur)
			r.inMaps = append(r.inMaps, false)
			continue
		}
		if s.isKey {
			r.inMaps = append(r.inMaps, false)
		}
		r.hops = append(r.hops, hop{})
		r.at = append(r.at, cur)
	}
	return r, nil
}

func placeName(segs []pathSeg) string {
	if len(segs) == 0 {
		return "the root"
	}
	return pathString(segs)
}

func fieldByJSON(o *object, name string) *field {
	for _, f := range o.properties() {
		if f.jsonName == name {
			return f
		}
	}
	return nil
}

func deref(r *typeRef) *typeRef {
	for r.kind == refPointer {
		r = r.elem
	}
	return r
}

// pathString writes segs as explain does.
func pathString(segs []pathSeg) string {
	var b strings.Builder
	for i, s := range segs {
		switch {
		case s.elem:
			b.WriteString("[*]")
		case s.isKey:
			if isPlainKey(s.key) {
				b.WriteString("[" + s.key + "]")
			} else {
				b.WriteString("[" + strconv.Quote(s.key) + "]")
			}
		default:
			if i > 0 {
				b.WriteString(".")
			}
			b.WriteString(s.name)
		}
	}
	return b.String()
}

func isPlainKey(k string) bool {
	for _, r := range k {
		if !(r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return k != "*" && k != ""
}

// typePlaces returns the number of places, from the roots of v's kinds,
// each struct type of v's twins is reached at (capped at 2; a type on a
// cycle counts as 2).
func typePlaces(v *version) map[string]int {
	count := map[string]int{}
	var walk func(name string, stack []string)
	walk = func(name string, stack []string) {
		if slices.Contains(stack, name) {
			count[name] = 2
			return
		}
		count[name]++
		if count[name] > 2 {
			count[name] = 2
			return
		}
		o := v.twins[name]
		if o == nil {
			return
		}
		for _, f := range o.properties() {
			if f.ref == nil {
				continue
			}
			t := f.ref
			for t.kind == refPointer || t.kind == refSlice || t.kind == refMap {
				t = t.elem
			}
			if t.kind == refObject {
				walk(t.name, append(stack, name))
			}
		}
	}
	for _, k := range v.kinds {
		walk(k, nil)
	}
	return count
}

// newerPath returns the JSON path, from the root of a kind of v, of the
// field f of type tn: the one place the type is reached at.
func newerPath(v *version, tn string, f *field) (kind string, segs []pathSeg, err error) {
	kinds, found := placesOf(v, tn)
	switch len(found) {
	case 0:
		return "", nil, fmt.Errorf("%s is not reached from a kind of %s", tn, v.name)
	case 1:
		return kinds[0], append(found[0], pathSeg{name: f.jsonName}), nil
	}
	return "", nil, fmt.Errorf("%s is reached at more than one place (%s, %s): a move must be declared on a field of a struct used at one place (not supported); move the value in a hook pair on the older storage version's type that holds both places instead",
		tn, pathString(append(found[0], pathSeg{name: f.jsonName})), pathString(append(found[1], pathSeg{name: f.jsonName})))
}

// placesOf returns the JSON paths, from the roots of v's kinds, at which
// the struct type tn of v's twins is reached, and the kind of each: two
// at most.
func placesOf(v *version, tn string) (kinds []string, found [][]pathSeg) {
	var walk func(name string, prefix []pathSeg, stack []string)
	walk = func(name string, prefix []pathSeg, stack []string) {
		if slices.Contains(stack, name) || len(found) > 1 {
			return
		}
		if name == tn {
			found = append(found, slices.Clone(prefix))
			kinds = append(kinds, stack0(stack, name))
		}
		o := v.twins[name]
		for _, g := range o.properties() {
			if g.ref == nil {
				continue
			}
			p := append(slices.Clone(prefix), pathSeg{name: g.jsonName})
			t := deref(g.ref)
			for t.kind == refSlice || t.kind == refMap {
				p = append(p, pathSeg{elem: true})
				t = deref(t.elem)
			}
			if t.kind == refObject {
				walk(t.name, p, append(stack, name))
			}
		}
	}
	for _, k := range v.kinds {
		walk(k, nil, nil)
	}
	return kinds, found
}

func stack0(stack []string, name string) string {
	if len(stack) > 0 {
		return stack[0]
	}
	return name
}

// resolveMoves reads the moves of v (markers and metadata) and checks
// them against prev, the previous version. It runs after renames are
// recorded.
func (c *chain) resolveMoves(v, prev *version, md map[string]string, file string, errs *errorList) {
	type decl struct{ where, tn, fn, from string }
	var decls []decl
	for _, tn := range v.types {
		o, ok := v.objects[tn]
		if !ok {
			continue
		}
		for _, f := range o.properties() {
			for _, from := range f.values(markerMovedFrom) {
				decls = append(decls, decl{fmt.Sprintf("%s %s.%s: +hubspoke:movedFrom=%s", v.name, tn, f.name, from), tn, f.name, from})
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(md)) {
		where := fmt.Sprintf("%s: version %s: movedProperties: %s", file, v.name, key)
		tn, fn, ok := strings.Cut(key, ".")
		if !ok || fn == "" || md[key] == "" {
			errs.addf(where, "want Type.Property: old.json.path")
			continue
		}
		if o := v.objects[tn]; o != nil && o.field(fn) != nil {
			if m := o.field(fn).values(markerMovedFrom); len(m) > 0 {
				if m[0] != md[key] {
					errs.addf(where, "the field's marker says +hubspoke:movedFrom=%s", m[0])
				}
				continue
			}
		}
		decls = append(decls, decl{where, tn, fn, md[key]})
	}
	places := typePlaces(v)
	var prevPlaces map[string]int
	for _, d := range decls {
		if prev == nil {
			errs.addf(d.where, "%s is the oldest version: it has no previous version to move from", v.name)
			continue
		}
		if prevPlaces == nil {
			prevPlaces = typePlaces(prev)
		}
		o := v.objects[d.tn]
		if o == nil || o.field(d.fn) == nil {
			errs.addf(d.where, "%s has no property %s.%s", v.name, d.tn, d.fn)
			continue
		}
		if o.field(d.fn).renamedFrom != "" {
			errs.addf(d.where, "the field has +hubspoke:renamedFrom too: a move names the old path, renamed or not; drop the rename")
			continue
		}
		if copiedForward(v, prev, d.tn, v.twins[d.tn].field(d.fn), d.from) {
			continue
		}
		m, err := c.newMove(v, prev, d.tn, v.twins[d.tn].field(d.fn), d.from, places, prevPlaces)
		if err != nil {
			errs.addf(d.where, "%v", err)
			continue
		}
		m.where = d.where
		for _, o := range v.moves {
			if o.kind == m.kind && pathString(mustParse(o.from)) == pathString(mustParse(m.from)) {
				errs.addf(d.where, "%s moves to %s too", m.from, o.path)
			}
		}
		v.moves = append(v.moves, m)
	}
}

func mustParse(p string) []pathSeg {
	s, _ := parseMovePath(p)
	return s
}

// newMove resolves a move to field f of type tn of v from path from in
// prev.
func (c *chain) newMove(v, prev *version, tn string, f *field, from string, places, prevPlaces map[string]int) (*move, error) {
	oldSegs, err := parseMovePath(from)
	if err != nil {
		return nil, err
	}
	kind, newSegs, err := newerPath(v, tn, f)
	if err != nil {
		return nil, err
	}
	if prev.twins[kind] == nil {
		return nil, fmt.Errorf("%s has no kind %s", prev.name, kind)
	}
	if len(oldSegs) > 0 && !oldSegs[0].elem && !oldSegs[0].isKey && oldSegs[0].name == "metadata" && fieldByJSON(prev.twins[kind], "metadata") == nil {
		// Cluster API's v1alpha3 spec.clusterName was v1alpha2's label
		// cluster.x-k8s.io/cluster-name. The hooks go on the twin farther
		// from the hub.
		host, other := prev, v
		if c.hub != nil && v.order.Compare(c.hub.order) > 0 {
			host, other = v, prev
		}
		return nil, fmt.Errorf("%s: metadata is the object's metadata, which every version holds as it is (a label or an annotation stays in it at every version), not a property of the version's types: "+
			"no marker moves a value out of it or into it; a hook pair on the kind's root type, which sees the metadata, does (%s(dst *%s.%s) error and %s(src *%s.%s) error on %s.%s in a *_hooks.go file)",
			prev.name, hookTo, other.storageName, kind, hookFrom, other.storageName, kind, host.storageName, kind)
	}
	oldR, err := resolvePath(prev, kind, oldSegs)
	if err != nil {
		return nil, err
	}
	newR, err := resolvePath(v, kind, newSegs)
	if err != nil {
		return nil, err
	}
	// The deepest struct on the common prefix: the owner of the move.
	owner, at := kind, 0
	for i := 0; i < len(oldSegs) && i < len(newSegs) && oldSegs[i].same(newSegs[i]); i++ {
		if oldR.at[i] != nil && newR.at[i] != nil && v.olderName(newR.at[i].name) == oldR.at[i].name && i+1 < len(newSegs) && i+1 < len(oldSegs) {
			owner, at = newR.at[i].name, i+1
		}
	}
	m := &move{from: from, older: prev, newer: v, kind: kind, owner: owner, path: pathString(newSegs)}
	for i := at; i < len(oldSegs); i++ {
		s := oldSegs[i]
		switch {
		case s.elem:
			return nil, fmt.Errorf("%s and %s are in different elements of a list or map: a move stays within one element (not supported)", from, m.path)
		case s.isKey:
			m.oldKey, m.keyed = s.key, true
		default:
			m.oldHop = append(m.oldHop, oldR.hops[i])
		}
	}
	for i := at; i < len(newSegs); i++ {
		if newSegs[i].elem {
			return nil, fmt.Errorf("%s and %s are in different elements of a list or map: a move stays within one element (not supported)", from, m.path)
		}
		m.newHop = append(m.newHop, newR.hops[i])
	}
	if len(m.oldHop) == 0 {
		return nil, fmt.Errorf("%s is not below %s", from, placeName(oldSegs[:at]))
	}
	// A struct type below the owner is converted by code that knows one
	// place: it must be reached at one place only.
	check := func(vv *version, hops []hop, pl map[string]int) error {
		for _, h := range hops {
			if h.obj.root {
				continue
			}
			if pl[h.obj.name] > 1 {
				return fmt.Errorf("%s of %s is reached at more than one place: a move through a struct used at several places is not supported", h.obj.name, vv.name)
			}
		}
		return nil
	}
	if err := check(prev, m.oldHop, prevPlaces); err != nil {
		return nil, err
	}
	if err := check(v, m.newHop, places); err != nil {
		return nil, err
	}
	// The types at both ends must convert.
	of := m.oldHop[len(m.oldHop)-1].f
	nf := m.newHop[len(m.newHop)-1].f
	ot := deref(of.ref)
	if m.keyed {
		ot = deref(ot.elem)
	}
	nt := deref(nf.ref)
	if !movable(v, ot, nt) {
		return nil, fmt.Errorf("%s is %s in %s and %s is %s in %s: the types do not convert", from, ot, prev.name, m.path, nt, v.name)
	}
	return m, nil
}

// movable reports whether a value of type a (older) converts to type b
// (newer) without loss, by the rules of compatible (without a step).
func movable(newer *version, a, b *typeRef) bool {
	a, b = deref(a), deref(b)
	switch {
	case a.kind == refSlice && b.kind == refSlice:
		return movable(newer, a.elem, b.elem)
	case a.kind == refMap && b.kind == refMap:
		return isScalar(a.key) && isScalar(b.key) && movable(newer, a.elem, b.elem)
	case a.kind == refObject && b.kind == refObject:
		return newer.olderName(b.name) == a.name
	}
	ba, okA := a.scalar()
	bb, okB := b.scalar()
	if a.kind == refExternal && b.kind == refExternal && !okA {
		return identical(a, b)
	}
	return okA && okB && ba == bb
}

// stepMove is a move as one step converts it: in the copy of its pair
// (the owner), both ways.
type stepMove struct {
	m                   *move
	hostHops, otherHops []hop
	hostKeyed           bool // the host side holds the value under m.oldKey of the map its last hop reaches (else, when m.keyed, the other side)
	// For a keyed move whose map both sides have: the fields, on the side
	// without the key, that lead to its map (the copy of which gets the
	// key too and must lose it).
	counterpart []hop
	// The leading hops of each side that both sides have (structs the
	// copy converts), as the other side names them.
	hostShared, otherShared []hop
}

// clear is a property moved out of a struct (or a map) that one side of a
// step keeps in the other's bag: the copy kept there leaves it out.
type clear struct {
	m     *move
	hops  []hop // below the stashed property; empty for a key of a stashed map
	key   string
	keyed bool
}

// applyMoves records, in the pairs of s, the moves of the newer side of a
// storage step: the owner's copy writes them, the properties they move
// leave the bags, and the structs they leave are kept without them.
func (s *step) applyMoves() {
	hostOlder := s.host.order.Compare(s.other.order) < 0
	newer := s.host
	if hostOlder {
		newer = s.other
	}
	refused := s.movesThroughMoves(newer)
	for _, m := range newer.moves {
		name := m.owner
		if hostOlder {
			name = s.hostType(m.owner)
		}
		p := s.byName[name]
		if p == nil {
			s.errs.addf(m.where, "%s → %s does not convert %s", s.hostName, s.otherName, name)
			continue
		}
		sm := &stepMove{m: m, hostHops: m.newHop, otherHops: m.oldHop}
		if hostOlder {
			sm.hostHops, sm.otherHops = m.oldHop, m.newHop
			sm.hostKeyed = m.keyed
		}
		hl, ol := sm.hostHops[len(sm.hostHops)-1].f.ref, sm.otherHops[len(sm.otherHops)-1].f.ref
		if !m.keyed {
			if _, ok := s.compatible(deref(hl), deref(ol)); !ok {
				s.errs.addf(m.where, "%s → %s: %s and %s do not convert", s.hostName, s.otherName, hl, ol)
				continue
			}
		}
		// A refused move is still marked, so that what it moves is
		// neither a removal nor a proposal of its own.
		if s.markMove(p, sm, true, sm.hostHops, sm.hostKeyed) && s.markMove(p, sm, false, sm.otherHops, m.keyed && !sm.hostKeyed) && !refused[m] {
			p.moves = append(p.moves, sm)
		}
	}
}

// movesThroughMoves refuses a move whose path, in either version, passes
// through a struct that another move of the version moves whole (v1's
// spec.strategy.remediation to v2's spec.remediation while spec.strategy
// moves to spec.rollout.strategy): the copy of the struct that moves would
// also keep the property in its bag, and on the way back overwrite what
// the inner move wrote. It returns the moves it refused.
func (s *step) movesThroughMoves(newer *version) map[*move]bool {
	type whole struct {
		m     *move
		older bool
	}
	moved := map[*field]whole{}
	for _, m := range newer.moves {
		if !m.keyed {
			moved[m.oldHop[len(m.oldHop)-1].f] = whole{m, true}
			moved[m.newHop[len(m.newHop)-1].f] = whole{m, false}
		}
	}
	refused := map[*move]bool{}
	for _, m := range newer.moves {
		for _, side := range []struct {
			hops  []hop
			older bool
		}{{m.oldHop, true}, {m.newHop, false}} {
			for _, h := range side.hops[:len(side.hops)-1] {
				w, found := moved[h.f]
				if !found || w.older != side.older || w.m == m {
					continue
				}
				v, path, other := newer, m.path, w.m.path
				if side.older {
					v, path, other = m.older, m.from, w.m.from
				}
				s.errs.addf(m.where, "%s → %s: %s in %s lies in %s, which moves whole (%s): a move into or out of a struct that moves "+
					"is not supported; move %s in a hook pair on the type that holds both places instead (see \"Moves\" in hubspoke-gen's README)",
					s.hostName, s.otherName, path, v.name, other, w.m.where, fieldName(m))
				refused[m] = true
				break
			}
		}
	}
	return refused
}

// movedWholeAround returns the move of newer that carries a struct whole
// from a place that holds the older path from, or to one that holds the
// newer path to: a move between them is one no marker can declare.
func movedWholeAround(newer *version, from, to string) *move {
	for _, m := range newer.moves {
		if !m.keyed && (strings.HasPrefix(from, m.from+".") || strings.HasPrefix(to, m.path+".")) {
			return m
		}
	}
	return nil
}

// fieldName names the property a move declares, as newer calls it.
func fieldName(m *move) string {
	return m.newHop[len(m.newHop)-1].f.name
}

// markMove follows the hops of one side of a move from the owner's pair
// p, and records what the step does with the first property on the way
// that only this side has: the moved property itself leaves the bags
// (actMoved); a struct or map that holds it is kept in the other side's
// bag without it.
func (s *step) markMove(p *pair, sm *stepMove, host bool, hops []hop, keyed bool) bool {
	m := sm.m
	cur := p
	var counterpart []hop
	for i, h := range hops {
		last := i == len(hops)-1
		var pr *prop
		for _, q := range cur.props {
			if host && q.host == h.f || !host && q.other == h.f {
				pr = q
			}
		}
		if pr == nil {
			s.errs.addf(m.where, "%s → %s: %s.%s is not converted (internal error)", s.hostName, s.otherName, cur.name, h.f.name)
			return false
		}
		if pr.host == nil || pr.other == nil {
			switch {
			case pr.action == actStage:
				s.errs.addf(m.where, "%s → %s: %s.%s is staged through compat: moves of staged properties are not supported", s.hostName, s.otherName, cur.name, pr.name())
				return false
			case last && !keyed:
				pr.action, pr.move = actMoved, sm
			default:
				pr.clears = append(pr.clears, clear{m: m, hops: hops[i+1:], key: m.oldKey, keyed: keyed})
			}
			return true
		}
		opp := pr.other
		if !host {
			opp = pr.host
		}
		counterpart = append(counterpart, hop{f: opp})
		if host {
			sm.hostShared = counterpart
		} else {
			sm.otherShared = counterpart
		}
		if last {
			opposite := sm.otherHops
			if !host {
				opposite = sm.hostHops
			}
			if !keyed && len(opposite) == len(hops) && opposite[len(opposite)-1].f == opp && h.f.jsonName != opp.jsonName {
				// The step pairs the two already, by their Go name (or a
				// rename): core/v1 Event's ReportingController, JSON
				// reportingComponent, is events.k8s.io's
				// reportingController. The other side has no property at
				// this path, so "both have it" would be wrong.
				older, newer := h.f, opp
				olderName, newerName := s.hostName, s.otherName
				if !host {
					olderName, newerName = newerName, olderName
				}
				if host != (s.host.order.Compare(s.other.order) < 0) {
					older, newer, olderName, newerName = opp, h.f, newerName, olderName
				}
				by := "by their Go name"
				if pr.renamed {
					by = "by +hubspoke:renamedFrom"
				}
				s.errs.addf(m.where, "%s's %s (%s) is %s's %s (%s) already, the two paired %s: a JSON name that changes needs no marker; remove it",
					olderName, m.from, older.name, newerName, newer.jsonName, newer.name, by)
				return false
			}
			if !keyed {
				s.errs.addf(m.where, "both %s and %s have %s: a move is to a property the previous version does not have at that place; "+
					"where the previous version's property there moves elsewhere in turn (a swap), move both in a hook pair on the type that holds both places "+
					"and declare them with convtest.Related (see \"Moves\" in hubspoke-gen's README)", s.hostName, s.otherName, placeOf(s, m, host))
				return false
			}
			sm.counterpart = counterpart
			return true
		}
		// A struct of another package converted field by field to one of
		// the version (see shape) changes type too.
		if pr.action == actRetype || deref(pr.host.ref).kind != deref(pr.other.ref).kind {
			s.errs.addf(m.where, "%s → %s: %s.%s changes type: moves through it are not supported", s.hostName, s.otherName, cur.name, pr.name())
			return false
		}
		t := deref(pr.host.ref)
		if t.kind != refObject {
			s.errs.addf(m.where, "%s → %s: %s.%s is not a struct (internal error)", s.hostName, s.otherName, cur.name, pr.name())
			return false
		}
		cur = s.byName[t.name]
		if cur == nil {
			s.errs.addf(m.where, "%s → %s: %s is not converted (internal error)", s.hostName, s.otherName, t.name)
			return false
		}
	}
	return true
}

func placeOf(s *step, m *move, host bool) string {
	hostOlder := s.host.order.Compare(s.other.order) < 0
	if host == hostOlder {
		return m.from
	}
	return m.path
}

// allCleared reports whether clears take every property out of the twin
// object o: the struct a flatten emptied.
func allCleared(v *version, o *object, clears []clear) bool {
	for _, f := range o.properties() {
		var below []clear
		whole := false
		for _, c := range clears {
			if len(c.hops) == 0 || c.hops[0].f != f {
				continue
			}
			if len(c.hops) == 1 && !c.keyed {
				whole = true
			} else if len(c.hops) > 1 {
				below = append(below, clear{m: c.m, hops: c.hops[1:], key: c.key, keyed: c.keyed})
			}
		}
		if whole {
			continue
		}
		t := deref(f.ref)
		if len(below) == 0 || t.kind != refObject || !allCleared(v, v.twins[t.name], below) {
			return false
		}
	}
	return true
}

// The markers that answer a proposed move: the added property is new (its
// value came from nowhere), and the keys a free-form map is known to hold.
const (
	markerNotMovedField = "+hubspoke:notMoved"
	markerMapKeys       = "+hubspoke:mapKeys="
)

// proposeMoves finds, in each storage step, the properties a version adds
// that look like the values of a property it removes (the same JSON name
// and a type that converts, at another place: a flatten, a nest, a move
// between structs, fields gathered into a new struct) or of a key of a
// free-form map of plain values (removed or remaining) that the map is
// known to hold: one listed in +hubspoke:mapKeys on the map, or any key
// that is not a Go-style name (one with a '-' or a '.', as the settings of
// ARM's free-form maps are; the map as near the property as a removed
// property must be). Unless +hubspoke:movedFrom says where the
// value came from, or +hubspoke:notMoved (on the added property) or
// +hubspoke:removed:notMoved (for the removed one) says it came from
// nowhere, or the type the property is removed from or added to has a
// hook (which places its value, and which the generated tests' visibility
// check holds to that), each is a warning naming the marker to add; with
// strict, an error.
func (c *chain) proposeMoves(strict bool, errs *errorList) []string {
	var warnings []string
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		hostOlder := s.host.order.Compare(s.other.order) < 0
		older, newer := s.other, s.host
		if hostOlder {
			older, newer = s.host, s.other
		}
		type place = proposalPlace
		var removed, added, freeForm []place
		paths := typePaths(s, nil)
		var addInner func(path string, t *typeRef, clears []clear, depth int)
		addInner = func(path string, t *typeRef, clears []clear, depth int) {
			if t = deref(t); t.kind != refObject || depth > 4 {
				return
			}
			for _, h := range newer.twins[t.name].properties() {
				if slices.ContainsFunc(clears, func(c clear) bool { return len(c.hops) > 0 && c.hops[0].f == h }) || h.has(markerNotMovedField) {
					continue
				}
				added = append(added, place{joinPath(path, h.jsonName), h, t.name, true, false})
				addInner(joinPath(path, h.jsonName), h.ref, nil, depth+1)
			}
		}
		for _, p := range s.pairs {
			olderTyp, newerTyp := p.otherName, p.name
			if hostOlder {
				olderTyp, newerTyp = p.name, p.otherName
			}
			for _, pr := range p.props {
				of, nf := pr.host, pr.other
				if !hostOlder {
					of, nf = nf, of
				}
				if pr.action == actMoved || pr.action == actStage {
					continue
				}
				path := joinPath(paths[p.name], fieldOf(pr).jsonName)
				switch {
				case of != nil && nf == nil:
					if newer.notMoved[newerTyp][of.name] || p.hookTo || p.hookFrom {
						continue // acknowledged, or a hook's to place
					}
					removed = append(removed, place{path, of, olderTyp, false, false})
					if t := deref(of.ref); t.kind == refObject {
						for _, h := range older.twins[t.name].properties() {
							if !slices.ContainsFunc(pr.clears, func(c clear) bool { return len(c.hops) > 0 && c.hops[0].f == h }) {
								removed = append(removed, place{joinPath(path, h.jsonName), h, t.name, true, len(pr.clears) > 0})
							}
						}
					}
					if freeFormMap(of) {
						freeForm = append(freeForm, place{path, of, olderTyp, false, false})
					}
				case nf != nil && of == nil:
					if nf.has(markerNotMovedField) || p.hookTo || p.hookFrom {
						continue // acknowledged, or placed by a hook
					}
					added = append(added, place{path, nf, newerTyp, false, false})
					addInner(path, nf.ref, pr.clears, 0)
				case of != nil && freeFormMap(of):
					freeForm = append(freeForm, place{path, of, olderTyp, false, false})
				}
			}
		}
		// By JSON name first; what that proposes also tells which removed
		// structs are being emptied (flattened) into the newer version.
		byName := make([]int, len(added)) // index in removed + 1, or 0
		for i, a := range added {
			for j, r := range removed {
				if r.f.jsonName == a.f.jsonName && r.path != a.path && near(r.path, a.path) && !(r.inner && a.inner && newer.olderName(a.typ) == r.typ) && movable(newer, r.f.ref, a.f.ref) {
					byName[i] = j + 1
					if r.inner {
						for k := range removed {
							if removed[k].inner && parentPath(removed[k].path) == parentPath(r.path) {
								removed[k].emptied = true
							}
						}
					}
					break
				}
			}
		}
		renamedMove := renamedMoves(removed, added, byName, newer.olderName, func(r, a place) bool { return movable(newer, r.f.ref, a.f.ref) })
		alike := alikeMoves(removed, added, byName, renamedMove, func(r, a place) bool {
			return r.path != a.path && near(r.path, a.path) && !(r.inner && a.inner) && movable(newer, r.f.ref, a.f.ref)
		})
		for i, a := range added {
			var from, why string
			if j := byName[i]; j > 0 {
				r := removed[j-1]
				from, why = r.path, fmt.Sprintf("%s has a %s of its JSON name and type at %s, which %s removes", older.name, kindOf(r.f), r.path, newer.name)
			} else if j, ok := renamedMove[i]; ok {
				r := removed[j]
				from, why = r.path, fmt.Sprintf("%s has a %s of its type at %s, in %s, which %s removes while other properties of %s move: the only one left, under another JSON name",
					older.name, kindOf(r.f), r.path, parentPath(r.path), newer.name, parentPath(r.path))
			} else if j, ok := alike[i]; ok {
				r := removed[j]
				from, why = r.path, fmt.Sprintf("%s has a %s of its type at %s, which %s removes, named like it (%s)", older.name, kindOf(r.f), r.path, newer.name, namedAlike(r.path, a.path))
			}
			if from == "" {
				// The map's keys are as near as the properties of a struct
				// at the map's place; a map of the property's own struct
				// comes before the others (ARM's spec.tags may hold any key).
				var best *place
				var bestKey string
				for i, m := range freeForm {
					key, ok := knownKey(m.f, a.f.jsonName)
					if ok && near(joinPath(m.path, a.f.jsonName), a.path) && movable(newer, deref(m.f.ref).elem, a.f.ref) &&
						(best == nil || parentPath(m.path) == parentPath(a.path) && parentPath(best.path) != parentPath(a.path)) {
						best, bestKey = &freeForm[i], key
					}
				}
				if best != nil {
					from = best.path + pathString([]pathSeg{{key: bestKey, isKey: true}})
					why = fmt.Sprintf("its JSON name is a key the map %s of %s may hold", best.path, older.name)
					if bestKey != a.f.jsonName {
						why = fmt.Sprintf("the map %s of %s may hold the key %q, whose name is its JSON name", best.path, older.name, bestKey)
					}
				}
			}
			if from == "" {
				if r, ok := singularOf(newer, removed, a); ok {
					where := fmt.Sprintf("%s %s.%s", newer.name, a.typ, a.f.name)
					msg := fmt.Sprintf("new in %s (at %s), a list, but %s has a %s at %s, which %s removes, under the singular of its JSON name: "+
						"if its value became an element of the list (the first, say), write a hook pair on %s.%s that puts it there and takes it back "+
						"(no marker can: until then the value written at %s stays in a property bag, where no client of %s sees it, and the generated tests "+
						"do not look for it in the list); if not, say so with // +hubspoke:notMoved on it",
						newer.name, a.path, older.name, kindOf(r.f), r.path, newer.name, s.host.storageName, hookHost(s, r, a), older.name, newer.name)
					if strict {
						errs.addf(where, "%s", msg)
					} else {
						warnings = append(warnings, where+": "+msg)
					}
				}
				continue
			}
			where := fmt.Sprintf("%s %s.%s", newer.name, a.typ, a.f.name)
			if m := movedWholeAround(newer, from, a.path); m != nil {
				// No marker moves it (see movesThroughMoves): a hook pair.
				msg := fmt.Sprintf("new in %s (at %s), but %s, and %s moves whole (%s): no marker moves a value into or out of a struct that moves; "+
					"if its value moved, move it in a hook pair on the type of %s that holds both %s and %s (until then the value written at %s stays in a property bag, "+
					"where no client of %s sees it) and declare it to the generated tests with convtest.Related; if not, say so with // +hubspoke:notMoved on it",
					newer.name, a.path, why, m.from, m.where, s.host.storageName, from, a.path, older.name, newer.name)
				if strict {
					errs.addf(where, "%s", msg)
				} else {
					warnings = append(warnings, where+": "+msg)
				}
				continue
			}
			if strict {
				errs.addf(where, "new in %s (at %s), but %s: if its value moved, say so with // +hubspoke:movedFrom=%s on it; if not, with // +hubspoke:notMoved on it",
					newer.name, a.path, why, from)
				continue
			}
			warnings = append(warnings, fmt.Sprintf("%s: new in %s (at %s), but %s: if its value moved, say so with // +hubspoke:movedFrom=%s on it "+
				"(until then the value written at %s stays in a property bag, where no client of %s sees it); if not, with // +hubspoke:notMoved on it",
				where, newer.name, a.path, why, from, older.name, newer.name))
		}
	}
	return warnings
}

// singularOf returns the property of removed that added property a, a
// list, looks like the plural of (Gateway API's BackendTLSPolicy: v1alpha2's
// spec.targetRef, a struct, is the first element of v1alpha3's
// spec.targetRefs): a property of the same struct that is no list, whose
// JSON name with "s" or "es" added (a final "y" made "ies") is a's, and
// whose value converts to an element of a's list or is a struct, as the
// element is (whose type a version that makes a reference local renames).
// No marker declares such a change: a hook pair places the value.
func singularOf(newer *version, removed []proposalPlace, a proposalPlace) (proposalPlace, bool) {
	list := deref(a.f.ref)
	if a.inner || list.kind != refSlice {
		return proposalPlace{}, false
	}
	for _, r := range removed {
		one := deref(r.f.ref)
		if r.inner || one.kind == refSlice || parentPath(r.path) != parentPath(a.path) || !pluralOf(r.f.jsonName, a.f.jsonName) {
			continue
		}
		elem := deref(list.elem)
		if movable(newer, one, elem) || one.kind == refObject && elem.kind == refObject {
			return r, true
		}
	}
	return proposalPlace{}, false
}

// pluralOf reports whether plural is an English plural of one: one with
// "s" or "es" added, or a final "y" made "ies".
func pluralOf(one, plural string) bool {
	if one == "" {
		return false
	}
	return plural == one+"s" || plural == one+"es" ||
		strings.HasSuffix(one, "y") && plural == strings.TrimSuffix(one, "y")+"ies"
}

// hookHost names the type whose hooks would place the value of r in a:
// the type of the storage version hosting step s that holds both.
func hookHost(s *step, r, a proposalPlace) string {
	if s.host.order.Compare(s.other.order) < 0 {
		return r.typ
	}
	return a.typ
}

// proposalPlace is a property proposeMoves looks at: one a version
// removes, one it adds, or a free-form map.
type proposalPlace struct {
	path string
	f    *field
	typ  string // the type holding f, as its version names it
	// inner: f is a property of a struct only one side has; two such of
	// the same struct type are that struct moved or renamed, not a flatten
	// or a nest.
	inner bool
	// emptied: f is a property of a removed struct of which other
	// properties move elsewhere (a flatten under way): by
	// +hubspoke:movedFrom, or as proposed for their JSON names.
	emptied bool
}

// renamedMoves pairs, by index, the added properties that no JSON name
// matches with a removed property of their type that lies in a struct the
// newer version empties (other properties of it move, by marker or by the
// proposals of their names) under another JSON name: RuntimeClass's
// spec.runtimeHandler, which v1beta1 calls handler when it flattens spec.
// A pair is proposed only when it is the one candidate of each side (not
// the properties of one struct type on both sides: a struct moved whole);
// the value is the index in removed.
func renamedMoves(removed, added []proposalPlace, byName []int, olderName func(string) string, movable func(r, a proposalPlace) bool) map[int]int {
	taken := map[int]bool{}
	var moved []string // the added places that a JSON name matches
	for i, j := range byName {
		if j > 0 {
			taken[j-1] = true
			moved = append(moved, added[i].path+".")
		}
	}
	inMoved := func(path string) bool {
		return slices.ContainsFunc(moved, func(p string) bool { return strings.HasPrefix(path, p) })
	}
	candidates := func(i int) []int {
		a := added[i]
		var out []int
		for j, r := range removed {
			if taken[j] || !r.inner || !r.emptied || r.f.jsonName == a.f.jsonName || r.path == a.path || !near(r.path, a.path) ||
				a.inner && olderName(a.typ) == r.typ || !movable(r, a) {
				continue
			}
			out = append(out, j)
		}
		return out
	}
	pairs := map[int]int{}
	counts := map[int]int{} // how many added properties a removed one is a candidate of
	all := map[int][]int{}
	for i := range added {
		if byName[i] > 0 || inMoved(added[i].path) {
			continue // proposed, or inside a struct proposed (its properties come with it)
		}
		all[i] = candidates(i)
		for _, j := range all[i] {
			counts[j]++
		}
	}
	for i, c := range all {
		if len(c) == 1 && counts[c[0]] == 1 {
			pairs[i] = c[0]
		}
	}
	return pairs
}

// alikeMoves pairs, by index, the added properties that neither a JSON
// name nor renamedMoves pairs with a removed property of their type, near
// them, that namedAlike relates: cert-manager's v1alpha2 spec.organization
// is v1alpha3's spec.subject.organizations, and v1alpha3's spec.keySize
// v1beta1's spec.privateKey.size. A pair is proposed only when it is the
// one candidate of each side; the value is the index in removed.
func alikeMoves(removed, added []proposalPlace, byName []int, renamed map[int]int, ok func(r, a proposalPlace) bool) map[int]int {
	taken := map[int]bool{}
	for _, j := range byName {
		if j > 0 {
			taken[j-1] = true
		}
	}
	for _, j := range renamed {
		taken[j] = true
	}
	all := map[int][]int{}
	counts := map[int]int{}
	for i, a := range added {
		if _, done := renamed[i]; done || byName[i] > 0 {
			continue
		}
		for j, r := range removed {
			if !taken[j] && namedAlike(r.path, a.path) != "" && ok(r, a) {
				all[i] = append(all[i], j)
				counts[j]++
			}
		}
	}
	pairs := map[int]int{}
	for i, c := range all {
		if len(c) == 1 && counts[c[0]] == 1 {
			pairs[i] = c[0]
		}
	}
	return pairs
}

// namedAlike says how the JSON names at the ends of paths from and to
// (a property removed and one added) are one name, or returns "": a list
// under the plural or singular of its name (organization,
// subject.organizations), or a name that holds the struct it leaves or
// enters (keySize, privateKey.size: the last word of privateKey, or all
// of it, before size).
func namedAlike(from, to string) string {
	last := func(p string) string { return strings.TrimSuffix(p[strings.LastIndexByte(p, '.')+1:], "[*]") }
	r, a := last(from), last(to)
	if pluralOf(r, a) || pluralOf(a, r) {
		return fmt.Sprintf("%s and %s: a singular and a plural", r, a)
	}
	prefixed := func(long, short, holder string) bool {
		if short == "" || holder == "" {
			return false
		}
		tail := strings.ToUpper(short[:1]) + short[1:]
		word := holder
		if i := strings.LastIndexFunc(holder, unicode.IsUpper); i > 0 {
			word = strings.ToLower(holder[i:i+1]) + holder[i+1:]
		}
		return long == holder+tail || long == word+tail
	}
	switch pf, pt := parentPath(from), parentPath(to); {
	case pf == parentPath(pt) && prefixed(r, a, last(pt)):
		return fmt.Sprintf("%s is %s of %s", r, a, last(pt))
	case pt == parentPath(pf) && prefixed(a, r, last(pf)):
		return fmt.Sprintf("%s is %s of %s", a, r, last(pf))
	}
	return ""
}

// near reports whether a value at path from may plausibly have moved to
// path to: one struct up (a flatten), one struct down (a nest), or into a
// sibling struct of the same parent; never between the status and the
// rest of the object, which clients write through different endpoints. Places farther apart that happen to
// share a JSON name and a type (a spec property and a status one, or
// properties of different elements of a union) are not proposed.
func near(from, to string) bool {
	if inStatus(from) != inStatus(to) {
		return false
	}
	pf, pt := parentPath(from), parentPath(to)
	return pf == pt || pf == parentPath(pt) || parentPath(pf) == pt ||
		(pf != "" && pt != "" && parentPath(pf) == parentPath(pt))
}

// inStatus reports whether path lies in the status.
func inStatus(path string) bool { return path == "status" || strings.HasPrefix(path, "status.") }

// parentPath is path without its last property: spec for spec.x,
// spec.items[*] for spec.items[*].x, "" for x.
func parentPath(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
}

func kindOf(f *field) string {
	if deref(f.ref).kind == refObject {
		return "struct"
	}
	return "property"
}

// freeFormMap reports whether f is a map of plain values keyed by strings.
func freeFormMap(f *field) bool {
	t := deref(f.ref)
	if t.kind != refMap || !isScalar(deref(t.elem)) {
		return false
	}
	b, ok := t.key.scalar()
	return ok && isString(b)
}

// knownKey returns the key of the free-form map f that a property of JSON
// name name may have been, and whether f is known to hold it: name itself
// when +hubspoke:mapKeys on f lists it or it is not a Go-style name, or a
// key +hubspoke:mapKeys lists in the form of a Kubernetes label,
// prefix/name (topology.kubernetes.io/zone for zone).
func knownKey(f *field, name string) (string, bool) {
	var prefixed string
	for _, list := range f.values(markerMapKeys) {
		for _, k := range strings.Split(list, ",") {
			switch k = strings.TrimSpace(k); {
			case k == name:
				return name, true
			case prefixed == "" && strings.HasSuffix(k, "/"+name):
				prefixed = k
			}
		}
	}
	if strings.ContainsAny(name, "-.") {
		return name, true
	}
	return prefixed, prefixed != ""
}

// movedPath is a declared move as JSON paths from the root of a kind, as
// explain writes them: from, in the previous version, to, in the version
// that declares it.
type movedPath struct {
	kind, from, to string
}

// declaredMoves lists the moves v declares relative to the previous
// version, in declaration order: the paths that hold the same value in
// the two versions (for checks that a value set at one is in the other's
// field, not in a bag).
func declaredMoves(v *version) []movedPath {
	var out []movedPath
	for _, m := range v.moves {
		out = append(out, movedPath{kind: m.kind, from: pathString(mustParse(m.from)), to: m.path})
	}
	return out
}

// copiedForward reports whether a move marker on field f of type tn of v
// was copied forward with its type from the version that moved it: the
// previous version already has the property at its place in v, and has
// nothing at the path the marker names. Such a marker has done its work,
// as a copied +hubspoke:renamedFrom has.
func copiedForward(v, prev *version, tn string, f *field, from string) bool {
	kind, segs, err := newerPath(v, tn, f)
	if err != nil || prev.twins[kind] == nil {
		return false
	}
	if _, err := resolvePath(prev, kind, segs); err != nil {
		return false
	}
	old, err := parseMovePath(from)
	if err != nil {
		return false
	}
	_, err = resolvePath(prev, kind, old)
	return err != nil
}
