package main

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
)

// The transport of the property bags between an API version and its
// storage twin (package boundary at run time): the generated stash visits
// every struct of the twin with its path and hands its bag, and the TwinKey
// entries of the values the version cannot show, to a boundary.Stash; the
// generated recall puts them back. Which plain value maps to a nil or a set
// pointer is decided here, once (optionalityOf), for the copy and the
// entries alike.

// optionality is what the copy back from an API version's plain value to
// its twin's pointer does with the zero value the version shows, and so
// which twin values need a TwinKey entry.
type optionality int

const (
	// optSame: not a plain value made optional (a pointer, a slice, a map,
	// a struct of a root type): both sides have the same shape and tell
	// absent from empty alike; no entry.
	optSame optionality = iota
	// optAlwaysSet: the copy back always sets the pointer (a required
	// scalar: ptr.To; a struct of the version's own: ConvertPointer). An
	// absent value, shown as zero, needs an entry null.
	optAlwaysSet
	// optNilOnZero: the copy back gives nil for the zero value (an
	// omitempty scalar: PtrIfNotZero; a type of another package whose zero
	// reads back as absent). An explicit zero, shown as absent, needs an
	// entry holding it.
	optNilOnZero
	// optShownAsValue: a type of another package with IsZero whose zero
	// value is written as a value of its own (resource.Quantity's "0") in a
	// field without omitempty: a client sends that value back, which the
	// copy keeps, so an absent value, shown as zero, needs an entry null.
	optShownAsValue
	// optByJSON: a type of another package that writes its own JSON,
	// without IsZero (and not known to write its zero as null): its zero
	// value may read back as the zero value (intstr.IntOrString's 0, which
	// the copy makes nil) or as another value (Tekton's ParamValue, whose
	// zero is written as "" and reads back as a string param, which the
	// copy keeps). A value shown as zero, as its JSON tells, needs an entry
	// holding the twin's value, null for absent.
	optByJSON
)

func (o optionality) String() string {
	return [...]string{"same shape, no entry", "always set; absent needs null", "nil on zero; explicit zero needs its value", "shown as a value; absent needs null", "zero told by its JSON; absent needs null, explicit zero its value"}[o]
}

// zeroReadsBackAsZero lists the types of other packages with a MarshalJSON
// method whose zero value is written as JSON that reads back as the zero
// value (metav1.Time's null). Any other type with MarshalJSON is taken to
// write its zero as a value of its own (resource.Quantity's "0"); a type
// without one is written field by field and reads back as it was.
var zeroReadsBackAsZero = map[string]bool{
	pathMetaV1 + ".Time":      true,
	pathMetaV1 + ".MicroTime": true,
}

// optionalityOf returns the rule for an API version's field af whose twin
// field is tf, and whether the zero value it shows is what the type's
// IsZero method says (rather than ==).
func optionalityOf(af, tf *field) (o optionality, byIsZero bool) {
	if af.ref == nil || tf.ref == nil || tf.ref.kind != refPointer || af.ref.kind == refPointer {
		return optSame, false
	}
	r := af.ref
	switch {
	case isScalar(r):
		if af.omitEmpty {
			return optNilOnZero, false
		}
		return optAlwaysSet, false
	case r.kind == refObject:
		return optAlwaysSet, false
	case r.kind == refExternal:
		if hasIsZero(r.typ) {
			if af.omitEmpty {
				return optNilOnZero, true
			}
			if !readsBackAsZero(r.typ) {
				return optShownAsValue, true
			}
		}
		if !readsBackAsZero(r.typ) {
			return optByJSON, false
		}
		return optNilOnZero, false
	}
	return optSame, false
}

// readsBackAsZero reports whether the zero value of t, written as JSON and
// read back, is the zero value again.
func readsBackAsZero(t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && zeroReadsBackAsZero[n.Obj().Pkg().Path()+"."+n.Obj().Name()] {
		return true
	}
	ms := types.NewMethodSet(types.NewPointer(t))
	return ms.Lookup(nil, "MarshalJSON") == nil
}

// zeroTest returns the Go expression that reports whether x, a value of
// type r (in the package at local), is the zero value the version shows
// for an absent one under rule o: == for scalars (so -0.0 is zero, NaN is
// not, as for PtrIfNotZero), the IsZero method where the rule goes by it,
// == T{} for comparable structs, and reflect's IsZero for the rest.
func zeroTest(f *file, r *typeRef, byIsZero bool, x, local string) string {
	if b, ok := r.scalar(); ok {
		switch {
		case b.Info()&types.IsString != 0:
			return x + ` == ""`
		case b.Info()&types.IsBoolean != 0:
			return "!" + x
		default:
			return x + " == 0"
		}
	}
	if byIsZero {
		return x + ".IsZero()"
	}
	if r.kind == refExternal && !readsBackAsZero(r.typ) {
		// A type that writes its own JSON, without IsZero: its zero value
		// may read back as another value (Tekton's ParamValue{} is written
		// as "", a string param), which the client then sends; a value is
		// shown as zero when it writes the zero value's JSON.
		return fmt.Sprintf("func() bool { got, err := %s(%s); zero, zerr := %s(%s{}); return err == nil && zerr == nil && %s(got, zero) }()",
			f.q("encoding/json", "Marshal"), x, f.q("encoding/json", "Marshal"), renderType(f, r, local), f.q("bytes", "Equal"))
	}
	if r.kind == refExternal && types.Comparable(r.typ) {
		return x + " == (" + renderType(f, r, local) + "{})"
	}
	return f.q(pathGenruntime, "PtrIfNotZeroValue") + "(" + x + ") == nil"
}

// transport writes the stash and recall functions of the pairs of a twin
// step.
type transport struct {
	f     *file
	s     *step
	stash bool
	n     int             // for unique local names
	walks map[string]bool // the locals of the walks of the function (sName), which a list's locals must not take
	call  string          // the last call written, its error check not yet: the function may return it
	// hubKeyed: the keys given to walk are not the list's own but those a
	// version towards the hub declares (step.hubKeys).
	hubKeyed bool
}

func stashFunc(name string) string  { return "stashBagsOf" + name }
func recallFunc(name string) string { return "recallBagsOf" + name }

// writeTransport writes, for each pair of the twin step s, the functions
// that carry the twin's bags to the API version's object and back.
func writeTransport(f *file, s *step) {
	for _, p := range s.pairs {
		if p.host.list {
			continue
		}
		(&transport{f: f, s: s, stash: true}).write(p)
		(&transport{f: f, s: s, stash: false}).write(p)
	}
}

// printf writes code after the error check of the call before it.
func (t *transport) printf(format string, args ...any) {
	t.flush()
	t.f.printf(format, args...)
}

// flush writes the error check of the last call.
func (t *transport) flush() {
	if t.call != "" {
		t.f.printf("if err := %s; err != nil {\nreturn err\n}\n", t.call)
		t.call = ""
	}
}

// check writes call, an expression of type error, returning its error; a
// call the function ends with becomes its return value.
func (t *transport) check(call string) {
	t.flush()
	t.call = call
}

// walked is a field of a pair whose value may hold structs of the version,
// and the local that holds the version's value of it.
type walked struct {
	af, tf *field
	local  string
}

// write writes the stash or the recall function of pair p.
func (t *transport) write(p *pair) {
	f := t.f
	twin := f.q(t.s.otherPath, p.otherName)
	if t.stash {
		f.printf("// %s hands c the bags of the storage twin's %s at path and below, and the %s entries of what this version cannot show.\n",
			stashFunc(p.name), p.otherName, "$twin")
		f.printf("func %s(c *%s, path string, s *%s, src *%s) error {\n", stashFunc(p.name), f.q(pathBoundary, "Carrier"), p.name, twin)
		f.printf("c.Bag(path, &src.PropertyBag)\n")
	} else {
		f.printf("// %s puts back the bags of the storage twin's %s at path and below, and restores what their %s entries say.\n",
			recallFunc(p.name), p.otherName, "$twin")
		f.printf("func %s(r *%s, path string, s *%s, dst *%s) error {\n", recallFunc(p.name), f.q(pathBoundary, "Carrier"), p.name, twin)
		f.printf("r.Bag(path, &dst.PropertyBag)\n")
	}
	// The version's value of each field below, nil (or empty) where s is.
	var walks []walked
	t.walks = map[string]bool{}
	for _, pr := range p.props {
		af, tf := pr.host, pr.other
		if af == nil || tf == nil || af.ref == nil || tf.ref == nil || !holdsObject(tf.ref) {
			continue
		}
		w := walked{af, tf, "s" + af.name}
		walks = append(walks, w)
		t.walks[w.local] = true
		f.printf("var %s %s\n", w.local, t.hostLocalType(af.ref))
	}
	t.presence(p, walks)
	for _, w := range walks {
		path := "path + " + strconv.Quote("."+w.tf.jsonName)
		if p.host.root {
			path = strconv.Quote(w.tf.jsonName)
		}
		side := "src"
		if !t.stash {
			side = "dst"
		}
		keys := w.af.listMapKeys
		t.hubKeyed = false
		if hk := t.s.hubKeys[w.af]; len(keys) == 0 && len(hk) > 0 {
			keys, t.hubKeyed = hk, true
		}
		t.walk(w.local, side+"."+w.tf.name, w.af.ref, w.tf.ref, path, keys, lowerCamel(w.af.name), 0)
	}
	if t.call != "" {
		f.printf("return %s\n}\n\n", t.call)
		t.call = ""
		return
	}
	f.printf("return nil\n}\n\n")
}

// hostLocalType returns the type of the local that holds the version's
// value of type r for the walk: a pointer to a struct (nil where the version
// has none), or r itself for a pointer, a slice or a map (nil or empty where
// the version has none, which the walk reads alike).
func (t *transport) hostLocalType(r *typeRef) string {
	if r.kind == refObject {
		return "*" + renderType(t.f, r, t.s.hostPath)
	}
	return renderType(t.f, r, t.s.hostPath)
}

// hostValue returns the expression that gives the local of hostLocalType
// its value from x, an addressable value of type r.
func hostValue(r *typeRef, x string) string {
	if r.kind == refObject {
		return "&" + x
	}
	return x
}

// presence writes, where the version has a value (s is not nil), the
// TwinKey entries of the fields of p whose value the version shows in
// place of the twin's, and the locals of walks.
func (t *transport) presence(p *pair, walks []walked) {
	f := t.f
	type entry struct {
		af, tf   *field
		o        optionality
		byIsZero bool
	}
	var entries []entry
	for _, pr := range p.props {
		if pr.host == nil || pr.other == nil {
			continue
		}
		if o, byIsZero := optionalityOf(pr.host, pr.other); o != optSame {
			entries = append(entries, entry{pr.host, pr.other, o, byIsZero})
		}
	}
	if len(entries) == 0 && len(walks) == 0 {
		return
	}
	f.printf("if s != nil {\n")
	for _, e := range entries {
		zero := zeroTest(f, e.af.ref, e.byIsZero, "s."+e.af.name, t.s.hostPath)
		switch {
		case t.stash && e.o == optByJSON:
			// The zero value shown for an absent one comes back as a
			// value (ParamValue's): absent needs null. It comes back as
			// the zero value, which the copy makes nil (IntOrString's 0):
			// an explicit value shown as zero needs its value.
			typ := renderType(f, e.af.ref, t.s.hostPath)
			back := fmt.Sprintf("func() bool {\nb, err := %s(%s{})\nvar back %s\nreturn err == nil && %s(b, &back) == nil && %s(back) != nil\n}()",
				f.q("encoding/json", "Marshal"), typ, typ, f.q("encoding/json", "Unmarshal"), f.q(pathGenruntime, "PtrIfNotZeroValue"))
			f.printf("if src.%s == nil && %s {\nif err := c.Twin(path, %q, nil); err != nil {\nreturn err\n}\n}\n", e.tf.name, back, e.tf.jsonName)
			f.printf("if src.%s != nil && !%s && %s {\nif err := c.Twin(path, %q, src.%s); err != nil {\nreturn err\n}\n}\n", e.tf.name, back, zero, e.tf.jsonName, e.tf.name)
		case t.stash && e.o == optNilOnZero:
			f.printf("if src.%s != nil && %s {\nif err := c.Twin(path, %q, src.%s); err != nil {\nreturn err\n}\n}\n", e.tf.name, zero, e.tf.jsonName, e.tf.name)
		case t.stash:
			f.printf("if src.%s == nil && %s {\nif err := c.Twin(path, %q, nil); err != nil {\nreturn err\n}\n}\n", e.tf.name, zero, e.tf.jsonName)
		default:
			check := "nil"
			if e.o == optNilOnZero || e.o == optByJSON {
				elem := e.tf.ref.elem
				v := "*v"
				if e.byIsZero {
					v = "v"
				}
				check = fmt.Sprintf("func(v *%s) bool { return %s }", renderType(f, elem, t.s.otherPath), zeroTest(f, elem, e.byIsZero, v, t.s.otherPath))
			}
			f.printf("if err := %s(r, path, %q, &dst.%s, %s, %s); err != nil {\nreturn err\n}\n", f.q(pathBoundary, "Restore"), e.tf.jsonName, e.tf.name, zero, check)
		}
	}
	for _, w := range walks {
		f.printf("%s = %s\n", w.local, hostValue(w.af.ref, "s."+w.af.name))
	}
	f.printf("}\n")
}

// holdsObject reports whether a value of type r may hold a struct of the
// version (and so a bag).
func holdsObject(r *typeRef) bool {
	switch r.kind {
	case refObject:
		return true
	case refPointer, refSlice, refMap:
		return holdsObject(r.elem)
	}
	return false
}

func (t *transport) local(base string) string {
	t.n++
	return base + strconv.Itoa(t.n)
}

// walk writes the visit of the twin's value x (an addressable expression of
// type tr, in the twin's package) and the API version's value a, of the
// type hostLocalType gives for ar, at the path the expression path gives.
// keys are the list-map keys of a list; name, the field's name in lower
// camel case, begins the names of the locals of an unkeyed list; depth
// numbers the locals of nested loops.
func (t *transport) walk(a, x string, ar, tr *typeRef, path string, keys []string, name string, depth int) {
	f := t.f
	n := ""
	if depth > 0 {
		n = strconv.Itoa(depth + 1)
	}
	switch tr.kind {
	case refObject:
		path = tidy(path)
		addr := "&" + x
		if inner, ok := strings.CutPrefix(x, "(*"); ok && strings.HasSuffix(inner, ")") {
			addr = strings.TrimSuffix(inner, ")")
		}
		obj := ar
		if obj.kind == refPointer {
			obj = obj.elem
		}
		if t.stash {
			t.check(fmt.Sprintf("%s(c, %s, %s, %s)", stashFunc(obj.name), path, a, addr))
		} else {
			t.check(fmt.Sprintf("%s(r, %s, %s, %s)", recallFunc(obj.name), path, a, addr))
		}
	case refPointer:
		// The API side holds a pointer too, or the struct itself (a struct
		// of the version's own held by value, a pointer in the twin).
		ae := ar
		if ar.kind == refPointer {
			ae = ar.elem
			if ae.kind != refObject {
				d := t.local("a")
				t.printf("var %s %s\nif %s != nil {\n%s = *%s\n}\n", d, t.hostLocalType(ae), a, d, a)
				a = d
			}
		}
		if !t.stash && tr.elem.kind == refObject && ar.kind != refPointer {
			// Bags below a struct the twin does not hold although the
			// version holds it by value (the copy leaves the twin's pointer
			// nil when the struct shows nothing): keep them, in a struct
			// made for them. Where the version holds a pointer, a nil one
			// means the client set the struct to null, and what lay below
			// it goes with it, as a removed list element's does.
			t.printf("if %s == nil && r.Bag(%s, nil) {\n%s = new(%s)\n}\n", x, tidy(path), x, renderType(f, tr.elem, t.s.otherPath))
		}
		t.printf("if %s != nil {\n", x)
		t.walk(a, "(*"+x+")", ae, tr.elem, path, keys, name, depth)
		t.printf("}\n")
	case refSlice:
		if len(keys) > 0 && t.hubKeyed {
			t.hubKeyedSlice(a, x, ar, tr, path, keys, name, n, depth)
			return
		}
		if len(keys) > 0 && !t.stash {
			t.keyedSlice(a, x, ar, tr, path, keys, name, n, depth)
			return
		}
		if len(keys) > 0 {
			t.slice(a, x, ar, tr, n, func(i, te string) string { return t.keyedPath(te, tr.elem, path, keys, n) }, name, depth)
			return
		}
		t.unkeyedSlice(a, x, ar, tr, path, name, n, depth)
	case refMap:
		k, v, elem := "k"+n, "v"+n, "elem"+n
		t.printf("for %s, %s := range %s {\n", k, v, x)
		hk := k
		if !identical(ar.key, tr.key) {
			// Keys of a string type of the version: the twin's copy of
			// it, converted to the version's.
			hk = renderType(f, ar.key, t.s.hostPath) + "(" + k + ")"
		}
		if ar.elem.kind == refObject {
			e := "e" + n
			t.printf("var %s %s\nif %s, ok := %s[%s]; ok {\n%s = &%s\n}\n", elem, t.hostLocalType(ar.elem), e, a, hk, elem, e)
		} else {
			t.printf("%s := %s[%s]\n", elem, a, hk)
		}
		p := path + ` + "[" + ` + f.q(pathBoundary, "Key") + "(" + keyArg(f, tr.key, k, t.s.otherPath) + `) + "]"`
		t.walk(elem, v, ar.elem, tr.elem, p, nil, name, depth+1)
		if !t.stash && (tr.elem.kind == refObject || tr.elem.kind == refPointer) {
			// A struct value, or a pointer the walk may have made; a slice
			// or a map shares what the walk changed.
			t.printf("%s[%s] = %s\n", x, k, v)
		}
		t.printf("}\n")
	}
}

// slice writes the loop over the twin's list x and the API version's list
// a (of types tr and ar): each element is walked at the path elemPath
// returns for the loop's index i and the twin's element te.
func (t *transport) slice(a, x string, ar, tr *typeRef, n string, elemPath func(i, te string) string, name string, depth int) {
	i, elem := "i"+n, "elem"+n
	t.printf("for %s := range %s {\n", i, x)
	t.printf("var %s %s\nif %s < len(%s) {\n%s = %s\n}\n", elem, t.hostLocalType(ar.elem), i, a, elem, hostValue(ar.elem, a+"["+i+"]"))
	te := x + "[" + i + "]"
	t.walk(elem, te, ar.elem, tr.elem, elemPath(i, te), nil, name, depth+1)
	t.printf("}\n")
}

// unkeyedSlice writes the walk of a list without list-map keys, at path,
// whose elements are named by index. So that a client of the version
// that reorders the list, or removes an element before the last, does not
// get one element's hidden values on another, the stash also records a
// fingerprint of each element as the version shows it (a, the version's
// list: boundary.Elements, which does nothing unless something was stashed
// at or below an element), and the recall names each element the client
// sent by the index its hidden values were stashed at (boundary.Match,
// Order.Path). The fingerprints are those of the version's list, whose
// element i is walked with the twin's element i, as the client sees them:
// where the version's list is shorter than the twin's (a hook dropped
// elements), the twin's other elements get no fingerprint and keep their
// index, as without fingerprints (unless Match gave that index to an
// element the client sent: Order.Path); where it is longer, its other elements
// get fingerprints that no hidden value is stashed under, so that they are
// told apart from those that have some.
func (t *transport) unkeyedSlice(a, x string, ar, tr *typeRef, path, name, n string, depth int) {
	f := t.f
	for t.walks[name+"Path"+n] || t.walks[name+"Mark"+n] || t.walks[name+"Order"+n] {
		name += "List" // a field S beside a field Path: sPath is Path's local
	}
	list := name + "Path" + n
	t.printf("%s := %s\n", list, tidy(path))
	if t.stash {
		mark := name + "Mark" + n
		t.printf("%s := c.Mark() // no keys: Elements, below, fingerprints the elements if something under them was stashed\n", mark)
		t.slice(a, x, ar, tr, n, func(i, _ string) string {
			return list + ` + "[" + ` + f.q("strconv", "Itoa") + "(" + i + `) + "]"`
		}, name, depth)
		t.check(fmt.Sprintf("%s(c, %s, %s, %s)", f.q(pathBoundary, "Elements"), list, mark, a))
		return
	}
	order := name + "Order" + n
	t.printf("%s := %s(r, %s, %s) // no keys: finds where each element's hidden values were stashed, by fingerprint\n", order, f.q(pathBoundary, "Match"), list, a)
	t.slice(a, x, ar, tr, n, func(i, _ string) string {
		return order + ".Path(" + list + ", " + i + ")"
	}, name, depth)
}

// keyedSlice writes the recall of a list with list-map keys, at path: the
// path of each of the twin's elements by its keys, collected first, then
// boundary.Match, which names each element by them (Order.Path), unless
// an older release, before the keys were declared, stashed its hidden
// values by index: it is then walked under that index, so that the first
// write after an upgrade that adds keys loses none.
func (t *transport) keyedSlice(a, x string, ar, tr *typeRef, path string, keys []string, name, n string, depth int) {
	f := t.f
	for t.walks[name+"Path"+n] || t.walks[name+"Keyed"+n] || t.walks[name+"Order"+n] {
		name += "List" // a field S beside a field Path: sPath is Path's local
	}
	list, keyed, order := name+"Path"+n, name+"Keyed"+n, name+"Order"+n
	t.printf("%s := %s\n", list, tidy(path))
	t.printf("%s := make([]string, len(%s))\n", keyed, x)
	i := "i" + n
	t.printf("for %s := range %s {\n", i, x)
	t.printf("%s[%s] = %s\n", keyed, i, t.keyedPath(x+"["+i+"]", tr.elem, list, keys, n))
	t.printf("}\n")
	t.printf("%s := %s(r, %s, %s, %s...) // keys: finds the elements an older release, without them, stashed by index\n", order, f.q(pathBoundary, "Match"), list, a, keyed)
	t.slice(a, x, ar, tr, n, func(i, _ string) string {
		return order + ".Path(" + list + ", " + i + ")"
	}, name, depth)
}

// hubKeyedSlice writes the walk of a list without list-map keys that a
// version towards the hub keys by properties this version's elements have
// too (step.hubKeys), at path: each element is named by those keys, as
// keyedSlice names the elements of a keyed list, so that one a client of
// this version moves and edits in one write keeps its hidden values.
// This version does not make the keys unique, nor present: an element
// without one of them (a nil pointer, an empty string) or whose keys
// another element of the list shares gets "" in the list of keyed paths,
// and is named as an element of an unkeyed list is, by index, with every
// element's fingerprint (boundary.Elements, boundary.Match) when such an
// element has something below it (none otherwise: the paths by keys need
// none, as a keyed list's do not). Recalling, a
// key that the client gave to a second element names neither: both are
// matched by fingerprint, and the values stashed under the key, which
// no index names, are dropped, as a keyed list's are for a path reached
// twice. What an older release stashed by index (or by fingerprint) is
// found as boundary.Match finds it for a list whose keys were declared
// later.
func (t *transport) hubKeyedSlice(a, x string, ar, tr *typeRef, path string, keys []string, name, n string, depth int) {
	f := t.f
	for t.walks[name+"Path"+n] || t.walks[name+"Keyed"+n] || t.walks[name+"Shared"+n] || t.walks[name+"Mark"+n] || t.walks[name+"Order"+n] {
		name += "List" // a field S beside a field Path: sPath is Path's local
	}
	list, keyed, shared := name+"Path"+n, name+"Keyed"+n, name+"Shared"+n
	t.printf("%s := %s\n", list, tidy(path))
	t.printf("%s := make([]string, len(%s)) // keys of a newer version: \"\" where missing\n", keyed, x)
	i := "i" + n
	t.printf("for %s := range %s {\n", i, x)
	elem := x + "[" + i + "]"
	p := t.keyedPath(elem, tr.elem, list, keys, n)
	if missing := t.keysMissing(elem, tr.elem, keys); missing != "" {
		t.printf("if %s {\n%s = \"\"\n}\n", missing, p)
	}
	t.printf("%s[%s] = %s\n", keyed, i, p)
	t.printf("}\n")
	t.printf("%s := make(map[string]int, len(%s))\n", shared, keyed)
	t.printf("for _, p := range %s {\n%s[p]++\n}\n", keyed, shared)
	t.printf("for %s, p := range %s {\nif %s[p] > 1 {\n%s[%s] = \"\" // shared: by fingerprint\n}\n}\n", i, keyed, shared, keyed, i)
	if t.stash {
		// The fingerprints are needed only when an element named by index
		// has something below it: the mark moves past what the elements
		// named by their keys stash.
		mark, elem, before := name+"Mark"+n, "elem"+n, "before"+n
		t.printf("%s := c.Mark()\n", mark)
		t.printf("for %s := range %s {\n", i, x)
		t.printf("var %s %s\nif %s < len(%s) {\n%s = %s\n}\n", elem, t.hostLocalType(ar.elem), i, a, elem, hostValue(ar.elem, a+"["+i+"]"))
		l := "elemPath" + n
		t.printf("%s, %s := %s[%s], c.Mark()\nif %s == \"\" {\n", l, before, keyed, i, l)
		t.printf("%s = %s + \"[\" + %s(%s) + \"]\"\n}\n", l, list, f.q("strconv", "Itoa"), i)
		t.walk(elem, x+"["+i+"]", ar.elem, tr.elem, l, nil, name, depth+1)
		t.printf("if %s[%s] != \"\" {\n%s += c.Mark() - %s // by keys: no fingerprint needed\n}\n", keyed, i, mark, before)
		t.printf("}\n")
		t.check(fmt.Sprintf("%s(c, %s, %s, %s)", f.q(pathBoundary, "Elements"), list, mark, a))
		return
	}
	order := name + "Order" + n
	t.printf("%s := %s(r, %s, %s, %s...) // keys where present and unique, else by fingerprint\n", order, f.q(pathBoundary, "Match"), list, a, keyed)
	t.slice(a, x, ar, tr, n, func(i, _ string) string {
		return order + ".Path(" + list + ", " + i + ")"
	}, name, depth)
}

// keysMissing returns the condition, in Go, under which the list element
// elem (of type r, a struct or a pointer to one) lacks one of keys: a nil
// pointer, or an empty string; "" when it never does.
func (t *transport) keysMissing(elem string, r *typeRef, keys []string) string {
	obj := r
	var conds []string
	if r.kind == refPointer {
		obj = r.elem
		conds = append(conds, elem+" == nil")
	}
	twin := t.s.other.twins[obj.name]
	for _, k := range keys {
		kf := twin.fieldByJSON(k)
		if kf == nil || kf.ref == nil {
			return "true"
		}
		x := elem + "." + kf.name
		kr := kf.ref
		if kr.kind == refPointer {
			conds = append(conds, x+" == nil")
			x, kr = "*"+x, kr.elem
		}
		if b, ok := kr.scalar(); ok && b.Info()&types.IsString != 0 {
			conds = append(conds, x+` == ""`)
		}
	}
	return strings.Join(conds, " || ")
}

// tidy joins the string literals that follow one another in the Go
// expression expr ("a" + "b" becomes "ab"), so that the paths the emitted
// code builds read as one literal where they can.
func tidy(expr string) string {
	var b strings.Builder
	for i := 0; i < len(expr); i++ {
		if strings.HasPrefix(expr[i:], `" + "`) {
			backslashes := 0
			for j := i - 1; j >= 0 && expr[j] == '\\'; j-- {
				backslashes++
			}
			if backslashes%2 == 0 && closesLiteral(expr[:i]) {
				i += len(`" + "`) - 1
				continue
			}
		}
		b.WriteByte(expr[i])
	}
	return b.String()
}

// closesLiteral reports whether a quote after prefix would close a string
// literal (prefix holds an odd number of unescaped quotes).
func closesLiteral(prefix string) bool {
	quotes := 0
	for i := 0; i < len(prefix); i++ {
		switch prefix[i] {
		case '\\':
			i++
		case '"':
			quotes++
		}
	}
	return quotes%2 == 1
}

// keyedPath declares and returns a local holding the path of the list
// element elem (of type r, a struct or a pointer to one) by its list-map
// keys.
func (t *transport) keyedPath(elem string, r *typeRef, path string, keys []string, n string) string {
	f := t.f
	obj := r
	if r.kind == refPointer {
		obj = r.elem
	}
	twin := t.s.other.twins[obj.name]
	l := "elemPath" + n
	parts := func(value func(k string, kf *field) string) string {
		var b []string
		for i, k := range keys {
			sep := ","
			if i == 0 {
				sep = ""
			}
			b = append(b, strconv.Quote(sep+k+"=")+" + "+value(k, twin.fieldByJSON(k)))
		}
		return strings.Join(b, " + ")
	}
	keyed := parts(func(k string, kf *field) string {
		if kf == nil || kf.ref == nil {
			return `"null"`
		}
		return f.q(pathBoundary, "Key") + "(" + keyArg(f, kf.ref, elem+"."+kf.name, t.s.otherPath) + ")"
	})
	if r.kind == refPointer {
		null := parts(func(string, *field) string { return `"null"` })
		t.printf("%s := %s\nif %s != nil {\n%s = %s\n}\n", l, tidy(path+` + "[" + `+null+` + "]"`), elem, l, tidy(path+` + "[" + `+keyed+` + "]"`))
		return l
	}
	t.printf("%s := %s\n", l, tidy(path+` + "[" + `+keyed+` + "]"`))
	return l
}

// keyArg returns x, of type r, as boundary.Key takes it: a basic value or
// a pointer to one, named types converted to their basic type.
func keyArg(f *file, r *typeRef, x, local string) string {
	if r.kind == refPointer {
		if b, ok := r.elem.scalar(); ok && !types.Identical(r.elem.typ, b) || r.elem.kind == refEnum {
			return "(*" + b.Name() + ")(" + x + ")"
		}
		return x
	}
	if b, ok := r.scalar(); ok && (r.kind == refEnum || !types.Identical(r.typ, b)) {
		return b.Name() + "(" + x + ")"
	}
	return x
}

// fieldByJSON returns the field of o with JSON name name, or nil.
func (o *object) fieldByJSON(name string) *field {
	for _, f := range o.fields {
		if f.jsonName == name {
			return f
		}
	}
	return nil
}

// rootTransport writes, at the end of the copy of a root type of an API
// version, the call of the transport: the stash (filling the version from
// its twin) or the recall (converting it to its twin).
func (a *assign) rootTransport() {
	f, p := a.f, a.p
	if p.host.list {
		return
	}
	meta, statusBags, statusPtr := "", "", ""
	for _, fl := range p.host.fields {
		if fl.embedded && fl.name == "ObjectMeta" {
			meta = fl.name
		}
		if fl.jsonName == "status" && fl.ref != nil {
			r := fl.ref
			if r.kind == refPointer {
				r, statusPtr = r.elem, fl.name
			}
			if so := a.s.host.objects[r.name]; r.kind == refObject && so != nil {
				for _, sf := range so.fields {
					if sf.statusBags {
						statusBags = fl.name + "." + sf.name
					}
				}
			}
		}
	}
	bags := a.local("bags")
	twinName := a.s.otherName + "." + p.otherName
	apiName := a.s.hostName + "." + p.name
	if !a.to {
		f.printf("// Keep what this version has no field for, so that an update through it loses nothing: the twin's bags, at every depth, go to the annotation and the status.\n")
		f.printf("var %s %s\n", bags, f.q(pathBoundary, "Carrier"))
		wrap := fmt.Sprintf("%s(\"hubspoke: carrying the property bags of %s to %s: %%w\", err)", f.q("fmt", "Errorf"), twinName, apiName)
		f.printf("if err := %s(&%s, \".\", %s, src); err != nil {\nreturn %s\n}\n", stashFunc(p.name), bags, a.recv, wrap)
		metaArg, statusArg := "nil", "nil"
		if meta != "" {
			metaArg = "&" + a.recv + "." + meta
		}
		if statusBags != "" && statusPtr != "" {
			// A status held through a pointer is made only for bags to
			// carry: a nil one stays nil (the round trip keeps it absent).
			l := a.local("statusBags")
			f.printf("var %s %s\n", l, f.q(pathPropertybag, "Bags"))
			f.printf("if err := %s.Done(%s, &%s); err != nil {\nreturn %s\n}\n", bags, metaArg, l, wrap)
			f.printf("if %s.%s == nil && len(%s) > 0 {\n%s.%s = new(%s)\n}\n", a.recv, statusPtr, l, a.recv, statusPtr, renderType(f, p.host.field(statusPtr).ref.elem, a.s.hostPath))
			f.printf("if %s.%s != nil {\n%s.%s = %s\n}\n", a.recv, statusPtr, a.recv, statusBags, l)
			return
		}
		if statusBags != "" {
			statusArg = "&" + a.recv + "." + statusBags
		}
		f.printf("if err := %s.Done(%s, %s); err != nil {\nreturn %s\n}\n", bags, metaArg, statusArg, wrap)
		return
	}
	f.printf("// Values that only other versions have fields for come back into the bags, at every depth.\n")
	f.printf("var %s %s\n", bags, f.q(pathBoundary, "Carrier"))
	wrap := fmt.Sprintf("%s(\"hubspoke: restoring the property bags of %s from %s: %%w\", err)", f.q("fmt", "Errorf"), twinName, apiName)
	annotations, statusArg := "nil", "nil"
	if meta != "" {
		annotations = a.recv + ".Annotations"
	}
	if statusBags != "" {
		if statusPtr != "" {
			l := a.local("statusBags")
			f.printf("var %s %s\nif %s.%s != nil {\n%s = %s.%s\n}\n", l, f.q(pathPropertybag, "Bags"), a.recv, statusPtr, l, a.recv, statusBags)
			statusArg = l
		} else {
			statusArg = a.recv + "." + statusBags
		}
	}
	f.printf("if err := %s.Open(%s, %s); err != nil {\nreturn %s\n}\n", bags, annotations, statusArg, wrap)
	f.printf("for %s.Next() {\nif err := %s(&%s, \".\", %s, dst); err != nil {\nreturn %s\n}\n}\n", bags, recallFunc(p.name), bags, a.recv, wrap)
	metaArg := "nil"
	if meta != "" {
		metaArg = "&dst." + meta
	}
	f.printf("if err := %s.Done(%s, nil); err != nil {\nreturn %s\n}\n", bags, metaArg, wrap)
}
