package main

import (
	"fmt"
	"slices"
	"strings"
)

// writeMoves writes the moves of the pair in this direction, after its
// properties are copied: each value goes from its place in the source to
// its place in the destination, creating the structs on the way there.
func (a *assign) writeMoves(b *strings.Builder) {
	for _, sm := range a.p.moves {
		srcHops, dstHops := sm.hostHops, sm.otherHops
		srcKeyed, dstKeyed := sm.hostKeyed, sm.m.keyed && !sm.hostKeyed
		if !a.to {
			srcHops, dstHops = dstHops, srcHops
			srcKeyed, dstKeyed = dstKeyed, srcKeyed
		}
		fmt.Fprintf(b, "// Moved: %s in %s is %s in %s.\n", a.movePath(sm, true), a.srcName, a.movePath(sm, false), a.dstName)
		// A key moved to a field of a version whose map remains: that
		// version's map may hold the key too (see keptKey).
		kept := sm.counterpart != nil && (srcKeyed || dstKeyed)
		if kept && srcKeyed {
			fmt.Fprintf(b, "if inMap, err := %s[bool](&%s.PropertyBag, %q); err != nil {\nreturn err\n} else if inMap == nil {\n",
				a.f.q(pathPropertybag, "Pull"), a.dstObj, keptKey(sm)+"@map")
		}
		open := 0
		expr := a.srcObj
		for _, h := range srcHops[:len(srcHops)-1] {
			expr += "." + h.f.name
			if h.f.ref.kind == refPointer {
				fmt.Fprintf(b, "if %s != nil {\n", expr)
				open++
			}
		}
		leaf := srcHops[len(srcHops)-1].f
		src, sf := expr+"."+leaf.name, leaf
		if srcKeyed {
			l := a.local(leaf.name + "Value")
			fmt.Fprintf(b, "if %s, ok := %s[%q]; ok {\n", l, src, sm.m.oldKey)
			open++
			src, sf = l, &field{name: leaf.name, jsonName: sm.m.path, ref: deref(leaf.ref).elem}
		}
		dleaf := dstHops[len(dstHops)-1].f
		df := dleaf
		if dstKeyed {
			fmt.Fprintf(b, "if %s != nil {\n", src)
			open++
			df = &field{name: dleaf.name, jsonName: sm.m.from, ref: deref(dleaf.ref).elem}
		}
		dst := a.dstObj
		var create strings.Builder
		dstShared, srcShared := sm.otherShared, sm.hostShared
		if !a.to {
			dstShared, srcShared = srcShared, dstShared
		}
		var jsonPath []string
		for i, h := range dstHops[:len(dstHops)-1] {
			dst += "." + h.f.name
			jsonPath = append(jsonPath, h.f.jsonName)
			if h.f.ref.kind == refPointer {
				fmt.Fprintf(&create, "if %s == nil {\n%s = &%s{}\n", dst, dst, renderType(a.f, h.f.ref.elem, a.dstPath))
				shared := i < len(dstShared)
				if shared {
					// A struct both sides have, which the source did not
					// hold: made for the move, and unmade on the way back.
					fmt.Fprintf(&create, "if err := %s(&%s.PropertyBag, %q, %s(true)); err != nil {\nreturn err\n}\n",
						a.f.q(pathPropertybag, "Add"), a.dstObj, createdKey(jsonPath), a.f.q(pathPtr, "To"))
				}
				create.WriteString("}")
				if o := a.dstTwins()[h.f.ref.elem.name]; shared && o != nil {
					// A struct the source holds, present and empty, is its
					// client's (which wrote it beside the moved value): not
					// the move's, even where the bag says the move made it
					// once, so the way back does not unmake it.
					fmt.Fprintf(&create, " else if !(%s) {\n%s.PropertyBag.Remove(%q)\n}", nonEmpty("(*"+dst+")", o, nil), a.dstObj, createdKey(jsonPath))
				}
				create.WriteString("\n")
			}
		}
		dst += "." + dleaf.name
		saved := a.pre
		a.pre = strings.Builder{}
		value := a.convertExpr(src, dst, sf, df)
		b.WriteString(a.pre.String())
		a.pre = saved
		switch {
		case value == "": // a struct held by value, converted in place
		case dstKeyed:
			b.WriteString(create.String())
			m := a.local(dleaf.name)
			fmt.Fprintf(b, "%s := %s(%s)\nif %s == nil {\n%s = %s{}\n}\n%s[%q] = %s\n%s = %s\n",
				m, a.f.q("maps", "Clone"), dst, m, m, renderType(a.f, dleaf.ref, a.dstPath), m, sm.m.oldKey, value, dst, m)
		case create.Len() == 0:
			fmt.Fprintf(b, "%s = %s\n", dst, value)
		case df.ref.kind == refPointer || df.ref.kind == refSlice || df.ref.kind == refMap:
			l := value
			if strings.ContainsAny(value, ".()") {
				l = a.local(dleaf.name)
				fmt.Fprintf(b, "%s := %s\n", l, value)
			}
			cond := l + " != nil"
			if df.omitEmpty && df.ref.kind != refPointer {
				cond = "len(" + l + ") > 0" // JSON does not tell empty from absent
			}
			fmt.Fprintf(b, "if %s {\n%s%s = %s\n}\n", cond, create.String(), dst, l)
		default:
			b.WriteString(create.String())
			fmt.Fprintf(b, "%s = %s\n", dst, value)
		}
		b.WriteString(strings.Repeat("}\n", open))
		a.unmake(b, srcHops, srcShared)
		if srcKeyed && sm.counterpart != nil {
			// The map, copied as a whole, holds the key too: the value is
			// in its field now.
			a.dropKey(b, a.dstObj, sm.counterpart, sm.m.oldKey)
		}
		if kept {
			a.keepKey(b, sm, srcHops, srcKeyed)
		}
	}
}

// keptKey names the bag entry that keeps the value under a moved key of
// the map of the version whose map remains beside the field (moves'
// settings.config[notify-events] beside notify-events): its map's value
// while the field went to the key, or, with "@map", that the field was
// absent and the key is the map's own.
func keptKey(sm *stepMove) string {
	return fmt.Sprintf("%s[%s]", sm.counterpart[len(sm.counterpart)-1].f.name, sm.m.oldKey)
}

// keepKey writes what keeps a key of the remaining map apart from the
// field moved to the same key: towards the side without the field
// (toKey), the map's value is kept in the bag when the field goes to the
// key, and a mark when the field is absent, so that the key stays the
// map's; back, the mark leaves the key in the map (the move above did not
// run) and the kept value goes back to the map while the client's map
// still holds the key.
func (a *assign) keepKey(b *strings.Builder, sm *stepMove, fieldHops []hop, toField bool) {
	name := keptKey(sm)
	mapType := deref(sm.counterpart[len(sm.counterpart)-1].f.ref)
	if toField {
		b.WriteString("}\n") // the mark's if
		// The kept value comes back only while the client's map still
		// holds the key: a client that removed the key (or the whole map)
		// removed what it showed there, and the value it could not see
		// under that key goes with it.
		keyed := a.local("keyed")
		var checks strings.Builder
		sOpen, srcMap := a.walkHops(&checks, a.srcObj, fieldHops)
		if sOpen == 0 {
			fmt.Fprintf(b, "_, %s := %s[%q]\n", keyed, srcMap, sm.m.oldKey)
		} else {
			fmt.Fprintf(b, "%s := false\n%s_, %s = %s[%q]\n%s", keyed, checks.String(), keyed, srcMap, sm.m.oldKey, strings.Repeat("}\n", sOpen))
		}
		open, m := a.walkHops(b, a.dstObj, sm.counterpart)
		v := a.local("kept")
		fmt.Fprintf(b, "if %s, err := %s[%s](&%s.PropertyBag, %q); err != nil {\nreturn err\n} else if %s != nil && %s {\n",
			v, a.f.q(pathPropertybag, "Pull"), renderType(a.f, mapType.elem, a.dstPath), a.dstObj, name, v, keyed)
		c := a.local("withKept")
		fmt.Fprintf(b, "%s := %s(%s)\nif %s == nil {\n%s = %s{}\n}\n%s[%q] = *%s\n%s = %s\n}\n",
			c, a.f.q("maps", "Clone"), m, c, c, renderType(a.f, mapType, a.dstPath), c, sm.m.oldKey, v, m, c)
		b.WriteString(strings.Repeat("}\n", open))
		return
	}
	open, m := a.walkHops(b, a.srcObj, sm.counterpart)
	v, set := a.local("inMap"), a.local("fieldSet")
	fmt.Fprintf(b, "if %s, ok := %s[%q]; ok {\n%s := false\n", v, m, sm.m.oldKey, set)
	fOpen, f := a.walkHops(b, a.srcObj, fieldHops)
	fmt.Fprintf(b, "%s = %s\n%s", set, presentCond(f, fieldHops[len(fieldHops)-1].f), strings.Repeat("}\n", fOpen))
	add := a.f.q(pathPropertybag, "Add")
	fmt.Fprintf(b, "if %s {\nif err := %s(&%s.PropertyBag, %q, &%s); err != nil {\nreturn err\n}\n} else if err := %s(&%s.PropertyBag, %q, %s(true)); err != nil {\nreturn err\n}\n",
		set, add, a.dstObj, name, v, add, a.dstObj, name+"@map", a.f.q(pathPtr, "To"))
	b.WriteString(strings.Repeat("}\n", open+1))
}

// walkHops writes the nil checks of the pointers on the way from base
// along hops, and returns how many it opened and the expression reached.
func (a *assign) walkHops(b *strings.Builder, base string, hops []hop) (int, string) {
	open := 0
	expr := base
	for _, h := range hops[:len(hops)-1] {
		expr += "." + h.f.name
		if h.f.ref.kind == refPointer {
			fmt.Fprintf(b, "if %s != nil {\n", expr)
			open++
		}
	}
	return open, expr + "." + hops[len(hops)-1].f.name
}

// movePath returns the path, below the pair's type, of a move's source
// (src) or destination in this direction.
func (a *assign) movePath(sm *stepMove, src bool) string {
	hops, keyed := sm.hostHops, sm.hostKeyed
	if a.to != src {
		hops, keyed = sm.otherHops, sm.m.keyed && !sm.hostKeyed
	}
	var parts []string
	for _, h := range hops {
		parts = append(parts, h.f.jsonName)
	}
	p := strings.Join(parts, ".")
	if keyed {
		p += pathString([]pathSeg{{key: sm.m.oldKey, isKey: true}})
	}
	return p
}

// dropKey removes key from the map that hops lead to from base (when it
// is there), replacing the map by a copy.
func (a *assign) dropKey(b *strings.Builder, base string, hops []hop, key string) {
	open, expr := a.walkHops(b, base, hops)
	m := a.local(hops[len(hops)-1].f.name)
	fmt.Fprintf(b, "if _, ok := %s[%q]; ok {\n%s := %s(%s)\ndelete(%s, %q)\n%s = %s\n}\n", expr, key, m, a.f.q("maps", "Clone"), expr, m, key, expr, m)
	b.WriteString(strings.Repeat("}\n", open))
}

// clearedCopy declares a copy of the value of source field sf (a struct or
// a map that the destination has no field for) without the properties
// moved out of it, and returns the local that holds it: a pointer for a
// pointer field, else the value.
func (a *assign) clearedCopy(sf *field, clears []clear) string {
	src := a.srcObj + "." + sf.name
	switch sf.ref.kind {
	case refMap:
		l := a.local(sf.name + "Rest")
		fmt.Fprintf(&a.pre, "%s := %s\n", l, src)
		for _, c := range clears {
			a.dropKeyFrom(&a.pre, l, c.key)
		}
		return l
	case refPointer:
		// Kept when something is left, or, to keep an empty struct's
		// presence, when no move will make it again on the way back, or
		// when the way back found it in the bag (the mark of keptStructKey): the
		// bag held it, empty, beside the values that moved.
		var kept string
		if movedOutOf(clears) {
			kept = a.local("kept")
			fmt.Fprintf(&a.pre, "%s, err := %s[bool](&bag, %q)\nif err != nil {\nreturn err\n}\n", kept, a.f.q(pathPropertybag, "Pull"), keptStructKey(sf))
		}
		l, c := a.local(sf.name+"Rest"), a.local(sf.name+"Copy")
		fmt.Fprintf(&a.pre, "var %s %s\nif %s != nil {\n%s := *%s\n", l, renderType(a.f, sf.ref, a.srcPath), src, c, src)
		keep := "true"
		if kept != "" {
			var moved []string
			for _, cl := range clears {
				moved = append(moved, presentCond(c+"."+cl.hops[0].f.name, cl.hops[0].f))
			}
			m := a.local("moved")
			fmt.Fprintf(&a.pre, "%s := %s\n", m, strings.Join(moved, " || "))
			keep = "!" + m + " || " + kept + " != nil || " + nonEmpty(c, a.srcTwins()[sf.ref.elem.name], clears)
		}
		a.clearIn(c, clears)
		if keep == "true" {
			fmt.Fprintf(&a.pre, "%s = &%s\n}\n", l, c)
		} else {
			fmt.Fprintf(&a.pre, "if %s {\n%s = &%s\n}\n}\n", keep, l, c)
		}
		return l
	}
	l := a.local(sf.name + "Rest")
	fmt.Fprintf(&a.pre, "%s := %s\n", l, src)
	a.clearIn(l, clears)
	return l
}

// movedOutOf reports whether clears move properties out of a struct
// itself (not deeper, nor keys of a map): what the way there leaves of it
// may be empty.
func movedOutOf(clears []clear) bool {
	for _, c := range clears {
		if len(c.hops) != 1 || c.keyed {
			return false
		}
	}
	return len(clears) > 0
}

// keptStructKey is the bag entry that says the way back found the struct of
// field f, which moves empty, in the bag, so that the way there keeps it
// when nothing is left in it.
func keptStructKey(f *field) string { return "$kept:" + f.jsonName }

// dropKeyFrom removes key from the map in local l, replacing it by a copy.
func (a *assign) dropKeyFrom(b *strings.Builder, l, key string) {
	c := a.local("rest")
	fmt.Fprintf(b, "if _, ok := %s[%q]; ok {\n%s := %s(%s)\ndelete(%s, %q)\n%s = %s\n}\n", l, key, c, a.f.q("maps", "Clone"), l, c, key, l, c)
}

// clearIn takes the cleared properties out of the struct in the
// (addressable, private) place base.
func (a *assign) clearIn(base string, clears []clear) {
	for _, c := range clears {
		a.clearPath(base, c.hops, c)
	}
}

func (a *assign) clearPath(base string, hops []hop, c clear) {
	f := hops[0].f
	expr := base + "." + f.name
	if len(hops) == 1 {
		if c.keyed {
			a.dropKeyFrom(&a.pre, expr, c.key)
			return
		}
		fmt.Fprintf(&a.pre, "%s = nil\n", expr)
		return
	}
	if f.ref.kind != refPointer {
		a.clearPath(expr, hops[1:], c)
		return
	}
	l := a.local(f.name + "Copy")
	fmt.Fprintf(&a.pre, "if %s != nil {\n%s := *%s\n", expr, l, expr)
	a.clearPath(l, hops[1:], c)
	fmt.Fprintf(&a.pre, "%s = &%s\n}\n", expr, l)
}

// presentCond returns the condition that the value of f in x is one a
// move carries (see writeMoves): not nil, and not empty when JSON does not
// tell empty from absent.
func presentCond(x string, f *field) string {
	if f.omitEmpty && (f.ref.kind == refSlice || f.ref.kind == refMap) {
		return "len(" + x + ") > 0"
	}
	return x + " != nil"
}

// srcTwins returns the storage twins of the source side.
func (a *assign) srcTwins() map[string]*object {
	if a.to {
		return a.s.host.twins
	}
	return a.s.other.twins
}

// nonEmpty returns the condition that the struct of twin object o in the
// place x holds something: a property or a bag entry.
func nonEmpty(x string, o *object, clears []clear) string {
	conds := []string{"len(" + x + ".PropertyBag) > 0"}
	for _, f := range o.properties() {
		if slices.ContainsFunc(clears, func(c clear) bool { return len(c.hops) == 1 && !c.keyed && c.hops[0].f == f }) {
			continue // cleared
		}
		if f.omitEmpty && (f.ref.kind == refSlice || f.ref.kind == refMap) {
			conds = append(conds, "len("+x+"."+f.name+") > 0") // JSON does not tell empty from absent
			continue
		}
		conds = append(conds, x+"."+f.name+" != nil")
	}
	return strings.Join(conds, " || ")
}

// createdKey is the bag entry that says a move made the struct at path
// (JSON names below the pair's type) that the source did not hold.
func createdKey(path []string) string { return "$created:" + strings.Join(path, ".") }

// unmake undoes, on the way back, what a move made on the way there: each
// struct on the source's path that both sides have, and that the bag says
// the move made, is nil again when nothing is left in it, and the bag's
// entry goes (the way there makes the struct and writes the entry again).
// Deepest first. A struct that was empty already in the source (a client
// removed the moved value and kept the struct, present but empty) stays,
// and so does the entry: an update that changes nothing gives back the
// same object, entry included, and a client that sets the moved value
// again has the struct unmade on the way back, as at first. A struct that
// is gone (a client removed it, or a struct on the way to it) leaves
// nothing to unmake: the entry goes, or a struct of that place that a
// client writes later would be taken for the move's. (The entry stays
// while the struct holds something: the way there again finds the struct,
// and does not make it.)
func (a *assign) unmake(b *strings.Builder, srcHops, srcShared []hop) {
	type made struct {
		path           []string
		dst, src       string   // the struct in the destination and in the source
		dstObj, srcObj *object  // their twin objects
		guards         []string // the pointers on the way to both, outermost first
	}
	var structs []made
	var path, guards []string
	dst, src := a.dstObj, a.srcObj
	for i, h := range srcHops[:len(srcHops)-1] {
		if i >= len(srcShared) {
			break
		}
		d := srcShared[i].f // the destination's field
		path = append(path, h.f.jsonName)
		dst += "." + d.name
		src += "." + h.f.name
		if d.ref.kind == refPointer && h.f.ref.kind == refPointer {
			structs = append(structs, made{
				path: slices.Clone(path), dst: dst, src: src,
				dstObj: a.dstTwins()[d.ref.elem.name], srcObj: a.srcTwins()[h.f.ref.elem.name],
				guards: slices.Clone(guards),
			})
		}
		if d.ref.kind == refPointer {
			guards = append(guards, dst+" != nil")
		}
		if h.f.ref.kind == refPointer {
			guards = append(guards, src+" != nil")
		}
	}
	for i := len(structs) - 1; i >= 0; i-- {
		m := structs[i]
		l := a.local("created")
		fmt.Fprintf(b, "%s, err := %s[bool](%s.PropertyBag, %q)\nif err != nil {\nreturn err\n}\n", l, a.f.q(pathPropertybag, "Get"), a.dstObj, createdKey(m.path))
		// present: the struct is there (each pointer on the way to it
		// too); held: it holds something, and the entry stays.
		present := strings.Join(append(slices.Clone(m.guards), m.dst+" != nil"), " && ")
		held := "false"
		if m.dstObj != nil {
			held = nonEmpty("(*"+m.dst+")", m.dstObj, nil)
		}
		fmt.Fprintf(b, "if %s != nil && *%s && !(%s && (%s)) {\n", l, l, present, held)
		if m.srcObj != nil {
			fmt.Fprintf(b, "if %s && %s != nil && (%s) {\n%s = nil\n}\n", present, m.src, nonEmpty("(*"+m.src+")", m.srcObj, nil), m.dst)
		} else {
			fmt.Fprintf(b, "if %s {\n%s = nil\n}\n", present, m.dst)
		}
		// present again: unmade or gone, the entry goes; kept, it stays.
		fmt.Fprintf(b, "if !(%s) {\n%s.PropertyBag.Remove(%q)\n}\n}\n", present, a.dstObj, createdKey(m.path))
	}
}

// dstTwins returns the storage twins of the destination side.
func (a *assign) dstTwins() map[string]*object {
	if a.to {
		return a.s.other.twins
	}
	return a.s.host.twins
}
