package main

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"unicode"
)

// conversionFile renders the conversions an API version hosts (to and from
// its storage twin), or those its storage twin hosts (to and from the
// neighbour towards the hub; the hub gets its Hub methods).
func conversionFile(names *namer, c *chain, v *version, storage bool) ([]byte, error) {
	if storage && v.hub {
		f := newFile(names, v.storageName, v.storagePath)
		for _, kind := range v.kinds {
			f.printf("// Hub marks %s as the conversion hub: the version every other version converts to and from.\n", kind)
			f.printf("func (*%s) Hub() {}\n\n", kind)
		}
		return f.bytes()
	}
	s := c.twin[v]
	f := newFile(names, v.pkgName, v.pkgPath)
	if storage {
		s = c.storage[v]
		f = newFile(names, v.storageName, v.storagePath)
	}
	writeLinks(f, s)
	if storage {
		writeStagings(f, c.staging[v])
	}
	for _, p := range s.pairs {
		newAssign(f, s, p, true).write()
		newAssign(f, s, p, false).write()
	}
	writeShapes(f, s)
	if s.twin {
		writeTransport(f, s)
	}
	writeHookAssertions(f, s)
	return f.bytes()
}

// writeLinks declares the step of every kind the step converts towards the
// hub, and controller-runtime's Convertible.
func writeLinks(f *file, s *step) {
	for _, kind := range s.host.kinds {
		p := s.byName[kind]
		if p == nil {
			continue
		}
		f.printf("var %s = %s((*%s).%s, (*%s).%s)\n\n", linkVar(kind), f.q(pathConvert, "LinkTo"), kind, assignTo(kind), kind, assignFrom(kind))
		f.printf("// Link declares the step from this version towards the hub: to %s.%s.\n", s.otherName, kind)
		f.printf("func (*%s) Link() %s { return %s }\n\n", kind, f.q(pathConvert, "Link"), linkVar(kind))
		f.printf("// ConvertTo converts this %s to the hub version.\n", kind)
		f.printf("func (p *%s) ConvertTo(hub %s) error { return %s(p, hub) }\n\n", kind, f.q(pathConversion, "Hub"), f.q(pathConvert, "ToHub"))
		f.printf("// ConvertFrom fills this %s from the hub version.\n", kind)
		f.printf("func (p *%s) ConvertFrom(hub %s) error { return %s(p, hub) }\n\n", kind, f.q(pathConversion, "Hub"), f.q(pathConvert, "FromHub"))
	}
}

func writeHookAssertions(f *file, s *step) {
	var lines []string
	for _, p := range s.pairs {
		other := f.q(s.otherPath, p.otherName)
		if p.hookTo {
			lines = append(lines, fmt.Sprintf("_ %s[*%s] = (*%s)(nil)", f.q(pathAugment, "AssignableTo"), other, p.name))
		}
		if p.hookFrom {
			lines = append(lines, fmt.Sprintf("_ %s[*%s] = (*%s)(nil)", f.q(pathAugment, "AssignableFrom"), other, p.name))
		}
	}
	if len(lines) == 0 {
		return
	}
	f.printf("// The hand-written hooks the conversions above call: a hook with another signature fails to build.\n")
	f.printf("var (\n%s\n)\n", strings.Join(lines, "\n"))
}

// assign writes one generated copy: AssignProperties_To_T (from the host
// side to the other) or AssignProperties_From_T (from the other side to
// the host).
type assign struct {
	f    *file
	s    *step
	p    *pair
	to   bool
	recv string // the receiver: p for root types, s for others

	srcObj, dstObj   string // expressions of the source and the destination
	srcPath, dstPath string // the packages their types live in
	srcName, dstName string // their package names, for bag keys

	locals map[string]bool
	pre    strings.Builder // statements before the copy
	values map[*field]string
	notes  map[*field]string
	kept   []keptStruct // structs recalled from the bag that moves fill (see keptStructKey)
}

// keptStruct is a struct recalled from the bag, in local l, of
// destination field f, out of which the way there moves clears.
type keptStruct struct {
	empty, l string // whether the bag held it empty; the local
	f        *field
	clears   []clear
}

func newAssign(f *file, s *step, p *pair, to bool) *assign {
	a := &assign{f: f, s: s, p: p, to: to, recv: "s", locals: map[string]bool{}, values: map[*field]string{}, notes: map[*field]string{}}
	if p.host.root {
		a.recv = "p"
	}
	if to {
		a.srcObj, a.dstObj = a.recv, "dst"
		a.srcPath, a.dstPath = s.hostPath, s.otherPath
		a.srcName, a.dstName = s.hostName, s.otherName
	} else {
		a.srcObj, a.dstObj = "src", a.recv
		a.srcPath, a.dstPath = s.otherPath, s.hostPath
		a.srcName, a.dstName = s.otherName, s.hostName
	}
	return a
}

// sides returns the source and destination fields of p in this direction.
func (a *assign) sides(p *prop) (src, dst *field) {
	if a.to {
		return p.host, p.other
	}
	return p.other, p.host
}

func (a *assign) dstObject() *object {
	if a.to {
		return a.p.other
	}
	return a.p.host
}

// local returns a new local variable name for the value of field name.
func (a *assign) local(name string) string {
	base := lowerCamel(name)
	if a.f.names.reserved(base) {
		base += "Value"
	}
	l := base
	for i := 2; a.locals[l]; i++ {
		l = base + strconv.Itoa(i)
	}
	a.locals[l] = true
	return l
}

func (a *assign) write() {
	f, p := a.f, a.p
	other := f.q(a.s.otherPath, p.otherName)
	if a.to {
		if a.s.twin {
			f.printf("// %s copies this %s into its storage twin.\n", assignTo(p.name), p.name)
		} else {
			f.printf("// %s copies this %s into %s.\n", assignTo(p.name), p.name, a.s.otherName)
		}
		f.printf("func (%s *%s) %s(dst *%s) error {\n", a.recv, p.name, assignTo(p.name), other)
	} else {
		if a.s.twin {
			f.printf("// %s fills this %s from its storage twin.\n", assignFrom(p.name), p.name)
		} else {
			f.printf("// %s fills this %s from %s.\n", assignFrom(p.name), p.name, a.s.otherName)
		}
		f.printf("func (%s *%s) %s(src *%s) error {\n", a.recv, p.name, assignFrom(p.name), other)
	}
	bag := a.bag()
	a.properties()
	f.printf("%s", a.pre.String())
	dst := a.dstObject()
	typ := p.name
	if a.to {
		typ = other
	}
	if !p.host.root && dst.hasPromoted() {
		// Fields promoted from an embedded struct cannot be named in a
		// composite literal: start from the zero value and assign them.
		f.printf("*%s = %s{}\n", a.dstObj, typ)
	}
	if p.host.root || dst.hasPromoted() {
		for _, fl := range dst.properties() {
			if v, ok := a.values[fl]; ok {
				f.printf("%s.%s = %s%s\n", a.dstObj, fl.name, v, a.notes[fl])
			}
		}
		if bag != "" {
			f.printf("%s.PropertyBag = %s\n", a.dstObj, bag)
		}
	} else {
		f.printf("*%s = %s{\n", a.dstObj, typ)
		if bag != "" {
			f.printf("PropertyBag: %s,\n", bag)
		}
		for _, fl := range dst.properties() {
			if v, ok := a.values[fl]; ok {
				f.printf("%s: %s,%s\n", fl.name, v, a.notes[fl])
			}
		}
		f.printf("}\n")
	}
	if len(p.moves) > 0 {
		var moves strings.Builder
		a.writeMoves(&moves)
		f.printf("%s", moves.String())
	}
	for _, k := range a.kept {
		// The struct the way there empties, which the bag held empty
		// beside values the moves put back in it: the way there keeps it
		// (see clearedCopy).
		var moved []string
		for _, c := range k.clears {
			moved = append(moved, presentCond(k.l+"."+c.hops[0].f.name, c.hops[0].f))
		}
		f.printf("if %s && (%s) {\nif err := %s(&%s.PropertyBag, %q, %s(true)); err != nil {\nreturn err\n}\n}\n",
			k.empty, strings.Join(moved, " || "), a.f.q(pathPropertybag, "Add"), a.dstObj, keptStructKey(k.f), a.f.q(pathPtr, "To"))
	}
	if a.s.twin && p.host.root {
		a.rootTransport()
	}
	switch {
	case a.to && p.hookTo:
		f.printf("return %s.%s(dst)\n", a.recv, hookTo)
	case !a.to && p.hookFrom:
		f.printf("return %s.%s(src)\n", a.recv, hookFrom)
	default:
		f.printf("return nil\n")
	}
	f.printf("}\n\n")
}

// bag starts the property bag of the destination, in a storage step: the
// source's bag moves (the objects of a conversion are private to it),
// unless the hook of this direction may read it (readsSourceBag), which
// must see the source's bag as it was. It returns the expression to set the
// destination's bag to.
func (a *assign) bag() string {
	if a.s.twin {
		return ""
	}
	hook := (a.to && a.p.hookTo && a.p.hookToReadsBag) || (!a.to && a.p.hookFrom && a.p.hookFromReadsBag)
	source := a.srcObj + ".PropertyBag"
	if hook {
		source += ".DeepCopy()"
	}
	ops := false
	for _, pr := range a.p.props {
		ops = ops || pr.action == actStash || pr.action == actRecall || pr.action == actRetype || pr.action == actStage
		if sf, df := a.sides(pr); pr.action == actConvert {
			shape, _ := a.shapeField(sf, df)
			_, marked := a.pointedCollection(sf, df)
			ops = ops || shape || a.rootByValue(sf, df) || marked
		}
	}
	if !ops {
		return source
	}
	if hook {
		fmt.Fprintf(&a.pre, "bag := %s // a copy: the hook sees the source's bag as it was\n", source)
	} else {
		fmt.Fprintf(&a.pre, "bag := %s // moves: the objects of a conversion are private to it\n", source)
	}
	return "bag"
}

// properties writes what the copy does with each property in this
// direction: first what goes into the bag and what comes out of it, then
// the copies.
func (a *assign) properties() {
	var stashed, recalled, staged []*prop
	for _, pr := range a.p.props {
		switch sf, df := a.sides(pr); {
		case pr.action == actStage:
			staged = append(staged, pr)
		case pr.action == actRetype, pr.action == actMoved:
		case df == nil:
			stashed = append(stashed, pr)
		case sf == nil:
			recalled = append(recalled, pr)
		}
	}
	if len(stashed) > 0 {
		fmt.Fprintf(&a.pre, "// Kept in the bag: what %s has no field for.\n", a.dstName)
		for _, pr := range stashed {
			sf, _ := a.sides(pr)
			if len(pr.clears) > 0 {
				a.stashValue(a.clearedCopy(sf, pr.clears), sf, sf.name, pr.clears)
				continue
			}
			a.stash(sf, sf.name)
		}
	}
	if len(recalled) > 0 {
		fmt.Fprintf(&a.pre, "// From the bag: what %s has no field for.\n", a.srcName)
		for _, pr := range recalled {
			_, df := a.sides(pr)
			l := a.recall(df, df.name)
			if o := a.dstTwins()[elemOf(df.ref).name]; df.ref.kind == refPointer && o != nil && movedOutOf(pr.clears) {
				e := a.local(df.name + "Empty")
				fmt.Fprintf(&a.pre, "%s := %s != nil && !(%s)\n", e, l, nonEmpty("(*"+l+")", o, nil))
				a.kept = append(a.kept, keptStruct{e, l, df, pr.clears})
			}
		}
	}
	if len(staged) > 0 {
		fmt.Fprintf(&a.pre, "// Staged through compat: %s's bag keeps the shape these had when they left.\n", a.s.hostName)
		for _, pr := range staged {
			a.stage(pr)
		}
	}
	for _, pr := range a.p.props {
		sf, df := a.sides(pr)
		switch {
		case pr.action == actStage, pr.action == actMoved:
		case pr.action == actRetype:
			fmt.Fprintf(&a.pre, "// %s changes type (%s in %s, %s in %s): each side keeps the other's value in its bag, for a hook to convert.\n",
				pr.name(), pr.host.ref, a.s.hostName, pr.other.ref, a.s.otherName)
			l := a.recall(df, bagKey(df, a.dstName))
			earlier := pr.earlierFrom
			if a.to {
				earlier = pr.earlierTo
			}
			if earlier != "" {
				fmt.Fprintf(&a.pre, "// %s has %s's type too: its value waits in the bag.\n", earlier[strings.LastIndex(earlier, "@")+1:], a.dstName)
				fmt.Fprintf(&a.pre, "if %s == nil {\nif %s, err = %s[%s](&bag, %q); err != nil {\nreturn err\n}\n}\n",
					l, l, a.f.q(pathPropertybag, "Pull"), renderType(a.f, elemOf(df.ref), a.dstPath), earlier)
			}
			a.stash(sf, bagKey(sf, a.srcName))
		case pr.action == actConvert && a.isShapeField(sf, df):
			_, srcLocal := a.shapeField(sf, df)
			a.keepShape(sf, df, srcLocal)
		case sf != nil && df != nil:
			if v := a.convert(sf, df); v != "" {
				a.values[df] = v
			}
			if pr.renamed {
				a.notes[df] = " // renamed: " + sf.name + " in " + a.srcName
			}
		}
	}
}

// rootByValue reports whether, in a storage step, one of source field sf
// and destination field df is a struct a root type of a twin holds by
// value (as twins keep a kind's structs) and the other a pointer to a
// struct of the version's own (an API version that holds its spec
// through a pointer): converted as a struct of another package is (see
// convertExpr), with the mark of an empty struct in the bag (emptyKey).
func (a *assign) rootByValue(sf, df *field) bool {
	if a.s.twin || sf == nil || df == nil || sf.ref == nil || df.ref == nil {
		return false
	}
	s, d := sf.ref, df.ref
	if s.kind == refPointer {
		s, d = d, s
	}
	return s.kind == refObject && d.kind == refPointer && d.elem.kind == refObject
}

// pointedCollection reports whether, in a storage step, one of source
// field sf and destination field df is a pointer to a slice or map and the
// other a slice or map (see pointedCollection), and whether the side that
// holds the slice or map declares it omitempty (marked): its JSON then
// shows an empty one as absent, which the pointer side tells apart (a
// pointer to an empty list is [], nil is absent), so the bag of the
// struct that holds the slice or map marks a pointer to an empty one
// (emptyKey) for the way back.
func (a *assign) pointedCollection(sf, df *field) (ok, marked bool) {
	if a.s.twin || sf == nil || df == nil || sf.ref == nil || df.ref == nil {
		return false, false
	}
	if _, _, ok := pointedCollection(sf.ref, df.ref); !ok {
		return false, false
	}
	if sf.ref.kind == refPointer {
		return true, df.omitEmpty
	}
	return true, sf.omitEmpty
}

func (a *assign) isShapeField(sf, df *field) bool {
	ok, _ := a.shapeField(sf, df)
	return ok
}

// stage stashes (towards the host) or recalls (towards the other side) a
// property the host's bag keeps in an earlier shape, through the
// compat.Property of its staging.
func (a *assign) stage(pr *prop) {
	st := pr.staged
	if !a.to {
		value := a.srcObj + "." + pr.other.name
		if pr.other.ref.kind == refPointer {
			fmt.Fprintf(&a.pre, "if err := %s.Add(&bag, %s); err != nil {\nreturn err\n}\n", st.variable, value)
			return
		}
		cond := value + " != nil"
		switch {
		case pr.other.ref.kind == refObject: // a struct held by value (spec): staged when it holds something
			cond = nonEmpty(value, a.srcTwins()[pr.other.ref.name], nil)
		case pr.other.omitEmpty:
			cond = "len(" + value + ") > 0"
		}
		fmt.Fprintf(&a.pre, "if %s {\nif err := %s.Add(&bag, &%s); err != nil {\nreturn err\n}\n}\n", cond, st.variable, value)
		return
	}
	df := pr.other
	l := a.local(df.name)
	fmt.Fprintf(&a.pre, "%s, err := %s.Pull(&bag)\nif err != nil {\nreturn err\n}\n", l, st.variable)
	if df.ref.kind == refPointer {
		a.values[df] = l
	} else {
		a.values[df] = a.deref(l, df.ref, a.dstPath)
	}
}

// stash keeps the value of source field sf in the bag under key.
func (a *assign) stash(sf *field, key string) {
	a.stashValue(a.srcObj+"."+sf.name, sf, key, nil)
}

// stashValue keeps value, of the type of source field sf, in the bag
// under key.
func (a *assign) stashValue(value string, sf *field, key string, clears []clear) {
	stash := a.f.q(pathPropertybag, "Add")
	if sf.ref.kind == refObject {
		// A struct held by value (spec): kept when it holds something.
		fmt.Fprintf(&a.pre, "if %s {\nif err := %s(&bag, %q, &%s); err != nil {\nreturn err\n}\n}\n", nonEmpty(value, a.srcTwins()[sf.ref.name], clears), stash, key, value)
		return
	}
	if sf.ref.kind == refPointer {
		fmt.Fprintf(&a.pre, "if err := %s(&bag, %q, %s); err != nil {\nreturn err\n}\n", stash, key, value)
		return
	}
	// A slice or a map: nil is absent. Empty is kept, unless the field is
	// omitempty: JSON does not tell it from nil then.
	cond := value + " != nil"
	if sf.omitEmpty {
		cond = "len(" + value + ") > 0"
	}
	fmt.Fprintf(&a.pre, "if %s {\nif err := %s(&bag, %q, &%s); err != nil {\nreturn err\n}\n}\n", cond, stash, key, value)
}

// recall takes the value of destination field df from the bag, under key.
func (a *assign) recall(df *field, key string) string {
	l := a.local(df.name)
	fmt.Fprintf(&a.pre, "%s, err := %s[%s](&bag, %q)\nif err != nil {\nreturn err\n}\n", l, a.f.q(pathPropertybag, "Pull"), renderType(a.f, elemOf(df.ref), a.dstPath), key)
	if df.ref.kind == refPointer {
		a.values[df] = l
	} else {
		a.values[df] = a.deref(l, df.ref, a.dstPath)
	}
	return l
}

// elemOf returns t without its outer pointer: the type a bag value of a
// field of type t is read as.
func elemOf(t *typeRef) *typeRef {
	if t.kind == refPointer {
		return t.elem
	}
	return t
}

// convert returns the expression that gives destination field df the value
// of source field sf, adding the statements it needs.
func (a *assign) convert(sf, df *field) string {
	return a.convertExpr(a.srcObj+"."+sf.name, a.dstObj+"."+df.name, sf, df)
}

// convertExpr is convert for the value at src, of the type of sf, into
// the place dst, of the type of df (which it writes only for a struct
// held by value).
func (a *assign) convertExpr(src, dst string, sf, df *field) string {
	s, d := sf.ref, df.ref
	if ok, marked := a.pointedCollection(sf, df); ok {
		return a.convertPointed(src, sf, df, marked && src == a.srcObj+"."+sf.name)
	}
	switch {
	case !a.s.twin && s.kind == refObject && d.kind == refPointer && a.srcTwins()[s.name] != nil:
		// A struct a root type of a storage twin holds by value (as twins
		// keep a kind's structs: core/v1 Event's involvedObject), against
		// a pointer in the other twin (events.k8s.io's regarding, a
		// corev1.ObjectReference, made optional): the value cannot be
		// absent, so an empty one (nothing set, an empty bag) is none, as
		// the other version's own clients write it (an absent one comes
		// back empty, then absent again).
		empty := "!(" + nonEmpty(parenthesized(src), a.srcTwins()[s.name], nil) + ")"
		if a.s.shapeOf(s, a.srcPath, d.elem, a.dstPath) == "" {
			// The copy of a struct of the version's own moves its bag
			// (see bag): whether it was empty is told before.
			e := a.local(df.name + "Empty")
			fmt.Fprintf(&a.pre, "%s := %s\n", e, empty)
			empty = e
		}
		v := a.fallible(df, fmt.Sprintf("%s(&%s, %s)", a.gr("ConvertPointer"), src, a.elemFunc(s, d.elem)))
		if src != a.srcObj+"."+sf.name {
			fmt.Fprintf(&a.pre, "if %s {\n%s = nil\n}\n", empty, v)
			return v
		}
		// Unless the bag says the pointer held an empty struct (see
		// emptyKey): the mark is read where the value is empty, and
		// travels on, as the way back left it, where it is not.
		e := a.local(df.name + "WasEmpty")
		fmt.Fprintf(&a.pre, "if %s {\n%s, err := %s[bool](&bag, %q)\nif err != nil {\nreturn err\n}\nif %s == nil {\n%s = nil\n}\n}\n",
			empty, e, a.f.q(pathPropertybag, "Pull"), emptyKey(df), e, v)
		return v
	case s.kind != refPointer && d.kind == refPointer && a.s.shapeOf(s, a.srcPath, d.elem, a.dstPath) != "":
		// A struct of the same shape as one of another package, made optional.
		return a.fallible(df, fmt.Sprintf("%s(&%s, %s)", a.gr("ConvertPointer"), src, a.s.shapeOf(s, a.srcPath, d.elem, a.dstPath)))
	case s.kind == refPointer && d.kind != refPointer && (a.s.shapeOf(s.elem, a.srcPath, d, a.dstPath) != "" || a.rootByValue(sf, df)):
		l := a.fallible(df, fmt.Sprintf("%s(%s, %s)", a.gr("ConvertPointer"), src, a.elemFunc(s.elem, d)))
		if o := a.dstTwins()[d.name]; !a.s.twin && d.kind == refObject && o != nil && src == a.srcObj+"."+sf.name {
			// A kind's struct held by value cannot say that the pointer
			// held an empty struct: the bag does, for the way back.
			fmt.Fprintf(&a.pre, "if %s != nil && !(%s) {\nyes := true\nif err := %s(&bag, %q, &yes); err != nil {\nreturn err\n}\n}\n",
				l, nonEmpty("(*"+l+")", o, nil), a.f.q(pathPropertybag, "Add"), emptyKey(sf))
		}
		return a.deref(l, d, a.dstPath)
	case s.kind == refObject && d.kind == refObject: // a struct field of a root type
		method := assignTo(s.name)
		call := fmt.Sprintf("%s.%s(&%s)", src, method, dst)
		if !a.to {
			call = fmt.Sprintf("%s.%s(&%s)", dst, assignFrom(d.name), src)
		}
		fmt.Fprintf(&a.pre, "if err := %s; err != nil {\nreturn %s\n}\n", call, a.wrap(df))
		return ""
	case s.kind != refPointer && d.kind == refPointer: // a value made optional
		// The rule (optionalityOf) says what becomes of the zero value; the
		// transport's $twin entries follow the same rule.
		elem := d.elem
		o, byIsZero := optionalityOf(sf, df)
		switch {
		case s.kind == refObject: // optAlwaysSet
			return a.fallible(df, fmt.Sprintf("%s(&%s, %s)", a.gr("ConvertPointer"), src, a.elemFunc(s, elem)))
		case isScalar(s):
			v := src
			if !identical(s, elem) {
				v = renderType(a.f, elem, a.dstPath) + "(" + src + ")"
			}
			if o == optNilOnZero {
				return a.gr("PtrIfNotZero") + "(" + v + ")"
			}
			return a.f.q(pathPtr, "To") + "(" + v + ")"
		case o == optNilOnZero && byIsZero:
			// An external type that says when it is empty, in a field where
			// empty means absent: what it calls zero becomes nil (a
			// resource.Quantity of "0", which is what an absent quantity
			// reads as through this field, as encoding/json writes a struct
			// even when it is empty). The IsZero method of a copy decides.
			l, v := a.local(df.name), a.local(df.name+"Copy")
			fmt.Fprintf(&a.pre, "var %s *%s\nif %s := %s; !%s.IsZero() {\n%s = &%s\n}\n", l, renderType(a.f, elem, a.dstPath), v, src, v, l, v)
			return l
		case types.Comparable(s.typ):
			// An external struct: its zero value becomes nil, which is what
			// its JSON (metav1.Time's null) reads back as, or, for one whose
			// zero JSON reads back as a value (optShownAsValue), what the
			// client sends back is kept.
			return a.gr("PtrIfNotZero") + "(" + src + ")"
		default:
			// The same for one that is not comparable (runtime.RawExtension).
			return a.gr("PtrIfNotZeroValue") + "(" + src + ")"
		}
	case s.kind == refPointer && d.kind != refPointer: // an optional value made plain
		elem := s.elem
		switch {
		case d.kind == refObject:
			l := a.fallible(df, fmt.Sprintf("%s(%s, %s)", a.gr("ConvertPointer"), src, a.elemFunc(elem, d)))
			return a.deref(l, d, a.dstPath)
		case isScalar(d) && !identical(elem, d):
			return renderType(a.f, d, a.dstPath) + "(" + a.deref(src, elem, a.srcPath) + ")"
		default:
			return a.deref(src, d, a.dstPath)
		}
	}
	if identical(s, d) {
		return src
	}
	if convertible(s, d) {
		// The same slice or map under another name (type ExtraValue
		// []string on either side, or on one): a slice or map type literal
		// takes it as it is.
		if d.named == "" {
			return src
		}
		return renderType(a.f, d, a.dstPath) + "(" + src + ")"
	}
	switch s.kind {
	case refPointer:
		if bs, ok := s.elem.scalar(); ok && isScalar(s.elem) && isString(bs) {
			return fmt.Sprintf("%s[%s](%s)", a.gr("ConvertEnumPointer"), renderType(a.f, d.elem, a.dstPath), src)
		}
		return a.fallible(df, fmt.Sprintf("%s(%s, %s)", a.gr("ConvertPointer"), src, a.elemFunc(s.elem, d.elem)))
	case refSlice:
		return a.fallible(df, fmt.Sprintf("%s(%s, %s)", a.gr("ConvertSlice"), src, a.elemFunc(s.elem, d.elem)))
	case refMap:
		if !identical(s.key, d.key) {
			return a.rekeyed(df, src, s, d)
		}
		return a.fallible(df, fmt.Sprintf("%s(%s, %s)", a.gr("ConvertMap"), src, a.elemFunc(s.elem, d.elem)))
	}
	// Two scalars of different types (an enum and its value).
	return renderType(a.f, d, a.dstPath) + "(" + src + ")"
}

// convertPointed converts the value at src, of the type of sf, between a
// pointer to a slice or map and a slice or map (see
// assign.pointedCollection): a nil pointer is a nil slice or map, a
// pointer to one is the one it points to, and back. With marked, the
// slice or map is omitempty: going to it, a pointer to an empty one is
// marked in the bag (emptyKey of the slice's field), and coming from it
// the mark, taken out of the bag whatever the value (a client may have
// filled the list since), makes an absent one a pointer to an empty one.
func (a *assign) convertPointed(src string, sf, df *field, marked bool) string {
	s, d := sf.ref, df.ref
	if s.kind == refPointer {
		l := a.fallible(df, fmt.Sprintf("%s(%s, %s)", a.gr("ConvertPointer"), src, a.elemFunc(s.elem, d)))
		if marked {
			fmt.Fprintf(&a.pre, "if %s != nil && *%s != nil && len(*%s) == 0 {\nyes := true\nif err := %s(&bag, %q, &yes); err != nil {\nreturn err\n}\n}\n",
				l, l, l, a.f.q(pathPropertybag, "Add"), emptyKey(df))
		}
		return a.deref(l, d, a.dstPath)
	}
	inner := *df
	inner.ref = d.elem
	v := a.local(df.name + "Value")
	fmt.Fprintf(&a.pre, "%s := %s\n", v, a.convertExpr(src, "", sf, &inner))
	l := a.local(df.name)
	fmt.Fprintf(&a.pre, "var %s *%s\nif %s != nil {\n%s = &%s\n}\n", l, renderType(a.f, d.elem, a.dstPath), v, l, v)
	if marked {
		e := a.local(df.name + "WasEmpty")
		fmt.Fprintf(&a.pre, "%s, err := %s[bool](&bag, %q)\nif err != nil {\nreturn err\n}\nif %s == nil && %s != nil {\n%s = &%s{}\n}\n",
			e, a.f.q(pathPropertybag, "Pull"), emptyKey(sf), l, e, l, renderType(a.f, d.elem, a.dstPath))
	}
	return l
}

// rekeyed returns a local holding the map src (of type s) converted into
// one of type d whose keys are of another type: a string type of the
// version on either side or both (each version and each twin has its own
// copy of it, map[QualifiedName]DeviceAttribute), or a string on one side.
// genruntime.ConvertMap converts the values under the keys of src (and
// names the least failing key, as for any map); a loop then converts each
// key, a Go conversion of the same text, which keeps the keys distinct.
func (a *assign) rekeyed(df *field, src string, s, d *typeRef) string {
	values := a.local(df.name + "ByKey")
	fmt.Fprintf(&a.pre, "%s, err := %s(%s, %s)\nif err != nil {\nreturn %s\n}\n", values, a.gr("ConvertMap"), src, a.elemFunc(s.elem, d.elem), a.wrap(df))
	l, k, v := a.local(df.name), a.local("key"), a.local("value")
	dt := renderType(a.f, d, a.dstPath)
	fmt.Fprintf(&a.pre, "var %s %s\nif %s != nil {\n%s = make(%s, len(%s))\nfor %s, %s := range %s {\n%s[%s(%s)] = %s\n}\n}\n",
		l, dt, values, l, dt, values, k, v, values, l, renderType(a.f, d.key, a.dstPath), k, v)
	return l
}

// fallible declares a local holding the result of call, which may fail,
// and returns the local.
func (a *assign) fallible(df *field, call string) string {
	l := a.local(df.name)
	fmt.Fprintf(&a.pre, "%s, err := %s\nif err != nil {\nreturn %s\n}\n", l, call, a.wrap(df))
	return l
}

// wrap returns the error of a failed conversion of df, prefixed by its
// JSON name so that the message gives the path of the property.
func (a *assign) wrap(df *field) string {
	return fmt.Sprintf("%s(\"%s: %%w\", err)", a.f.q("fmt", "Errorf"), strings.ReplaceAll(df.jsonName, `"`, `\"`))
}

// elemFunc returns a function of type func(*S, *D) error that converts a
// value of type s (in the source package) into one of type d.
func (a *assign) elemFunc(s, d *typeRef) string {
	st, dt := renderType(a.f, s, a.srcPath), renderType(a.f, d, a.dstPath)
	switch {
	case a.s.shapeOf(s, a.srcPath, d, a.dstPath) != "":
		return a.s.shapeOf(s, a.srcPath, d, a.dstPath)
	case s.kind == refObject:
		if a.to {
			return fmt.Sprintf("(*%s).%s", st, assignTo(s.name))
		}
		return fmt.Sprintf("func(from *%s, to *%s) error {\nreturn to.%s(from)\n}", st, dt, assignFrom(d.name))
	case identical(s, d):
		return fmt.Sprintf("func(from *%s, to *%s) error {\n*to = *from\nreturn nil\n}", st, dt)
	case convertible(s, d) && d.named == "":
		return fmt.Sprintf("func(from *%s, to *%s) error {\n*to = *from\nreturn nil\n}", st, dt)
	case convertible(s, d):
		return fmt.Sprintf("func(from *%s, to *%s) error {\n*to = %s(*from)\nreturn nil\n}", st, dt, dt)
	case s.kind == refMap && !identical(s.key, d.key):
		// The keys converted one by one, as rekeyed does.
		return fmt.Sprintf("func(from *%s, to *%s) error {\nv, err := %s(*from, %s)\nif v != nil {\n*to = make(%s, len(v))\nfor k, e := range v {\n(*to)[%s(k)] = e\n}\n}\nreturn err\n}",
			st, dt, a.gr("ConvertMap"), a.elemFunc(s.elem, d.elem), dt, renderType(a.f, d.key, a.dstPath))
	case s.kind == refPointer, s.kind == refSlice, s.kind == refMap:
		helper := map[refKind]string{refPointer: "ConvertPointer", refSlice: "ConvertSlice", refMap: "ConvertMap"}[s.kind]
		return fmt.Sprintf("func(from *%s, to *%s) error {\nv, err := %s(*from, %s)\n*to = v\nreturn err\n}", st, dt, a.gr(helper), a.elemFunc(s.elem, d.elem))
	}
	return fmt.Sprintf("func(from *%s, to *%s) error {\n*to = %s(*from)\nreturn nil\n}", st, dt, dt)
}

func isScalar(r *typeRef) bool {
	_, ok := r.scalar()
	return ok
}

func isString(b *types.Basic) bool { return b.Info()&types.IsString != 0 }

// identical reports whether values of types a and b need no conversion:
// the same basic or external types, in the same shapes. Enums, objects
// and collections (named slices and maps) always do (each version has its
// own).
func identical(a, b *typeRef) bool {
	if a.kind != b.kind || a.named != "" || b.named != "" {
		return false
	}
	switch a.kind {
	case refBasic, refExternal:
		return types.Identical(a.typ, b.typ)
	case refPointer, refSlice:
		return identical(a.elem, b.elem)
	case refMap:
		return identical(a.key, b.key) && identical(a.elem, b.elem)
	}
	return false
}

// convertible reports whether a value of type a becomes one of type b by a
// Go conversion: types identical but for the names of a and b themselves,
// collections of the same slice or map (ExtraValue and []string, v1's
// ExtraValue and v1storage's). Names further down (a map of ExtraValue and
// a map of []string) need a conversion of each value.
func convertible(a, b *typeRef) bool {
	ua, ub := *a, *b
	ua.named, ub.named = "", ""
	return identical(&ua, &ub)
}

// gr returns the qualified name of a function of package genruntime.
func (a *assign) gr(name string) string { return a.f.q(pathGenruntime, name) }

// deref returns the value expr (a pointer to a value of type r, in the
// package at local) points to, or the zero value for nil.
func (a *assign) deref(expr string, r *typeRef, local string) string {
	return a.f.q(pathPtr, "Deref") + "(" + expr + ", " + zeroOf(a.f, r, local) + ")"
}

// zeroOf returns the zero value of type r (in the package at local) as a
// Go expression that converts to it.
func zeroOf(f *file, r *typeRef, local string) string {
	if b, ok := r.scalar(); ok {
		switch {
		case b.Info()&types.IsString != 0:
			return `""`
		case b.Info()&types.IsBoolean != 0:
			return "false"
		default:
			return "0"
		}
	}
	switch r.kind {
	case refPointer, refSlice, refMap:
		return "nil"
	}
	return renderType(f, r, local) + "{}"
}

// hasIsZero tells whether *t has a method IsZero() bool (resource.Quantity,
// metav1.Time).
func hasIsZero(t types.Type) bool {
	sel := types.NewMethodSet(types.NewPointer(t)).Lookup(nil, "IsZero")
	if sel == nil {
		return false
	}
	sig, ok := sel.Type().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool])
}

// parenthesized returns expr ready to have a field selected: in
// parentheses unless it is a plain selector (p.Spec) or name.
func parenthesized(expr string) string {
	if strings.IndexFunc(expr, func(r rune) bool { return r != '.' && r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) }) < 0 {
		return expr
	}
	return "(" + expr + ")"
}

// emptyKey is the bag entry that says a pointer to a list or map held an
// empty one, where the other side holds the list or map with omitempty
// (see convertPointed), or that a pointer to a struct of another
// package (events.k8s.io's regarding, a corev1.ObjectReference) or of the
// version's own (a spec held through a pointer) held an empty struct,
// where the other side is a kind's struct held by value (core/v1 Event's
// involvedObject, a spec), which cannot tell empty from absent:
// the way back gives the pointer an empty struct again rather than none.
func emptyKey(f *field) string { return "$empty:" + f.jsonName }
