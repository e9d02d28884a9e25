package main

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
)

// Same shape: a property whose type changes between a struct of another
// package (corev1.LoadBalancerStatus) and a struct of a version
// (IngressLoadBalancerStatus) with the same JSON is converted field by
// field, not kept in the bags: a client of either version sees the value
// the other wrote. The JSON-named properties of the version's struct must
// all be properties of the other package's struct, with types that
// convert; what only the other package's struct has is kept in the bag of
// the version's struct (the other has none).

// shapePair is a struct of another package and a struct of a storage twin
// with the same shape: the step writes a function each way.
type shapePair struct {
	ext       *types.Named
	local     *object
	localPath string
	localPkg  string      // package name of the local side
	props     [][2]*field // the matched fields: the external side's, the local's
	extOnly   []*field    // what only the external struct has: kept in the local's bag
}

func shapeKey(ext types.Type, localPath, local string) string {
	return types.TypeString(ext, nil) + "|" + localPath + "." + local
}

// toLocal and fromLocal name the functions of the pair.
func (sp *shapePair) toLocal() string {
	return fmt.Sprintf("convert_%s_%s_To_%s_%s", sp.ext.Obj().Pkg().Name(), sp.ext.Obj().Name(), sp.localPkg, sp.local.name)
}

func (sp *shapePair) fromLocal() string {
	return fmt.Sprintf("convert_%s_%s_To_%s_%s", sp.localPkg, sp.local.name, sp.ext.Obj().Pkg().Name(), sp.ext.Obj().Name())
}

// shape returns the pair of the external struct type ext and the twin
// named name of version v (whose twins live at path, named pkg), or nil
// when their shapes differ in a way field copies cannot convert.
func (s *step) shape(ext types.Type, v *version, path, pkg, name string) *shapePair {
	named, ok := types.Unalias(ext).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.TypeArgs().Len() > 0 {
		return nil
	}
	if s.shapeBy == nil {
		s.shapeBy = map[string]*shapePair{}
	}
	key := shapeKey(named, path, name)
	if sp, ok := s.shapeBy[key]; ok {
		return sp // done, or being checked (a recursive type)
	}
	st, ok := named.Underlying().(*types.Struct)
	local := v.twins[name]
	if !ok || local == nil {
		return nil
	}
	extFields := externalFields(st)
	if extFields == nil {
		return nil
	}
	sp := &shapePair{ext: named, local: local, localPath: path, localPkg: pkg}
	s.shapeBy[key] = sp
	// On a mismatch, the pairs checked on the way go too: nothing calls
	// their functions.
	before := len(s.shapes)
	fail := func() *shapePair {
		for _, done := range s.shapes[before:] {
			delete(s.shapeBy, shapeKey(done.ext, done.localPath, done.local.name))
		}
		s.shapes = s.shapes[:before]
		delete(s.shapeBy, key)
		return nil
	}
	matched := map[*field]bool{}
	for _, lf := range local.properties() {
		var ef *field
		for _, f := range extFields {
			if f.jsonName == lf.jsonName {
				ef = f
			}
		}
		if ef == nil || lf.ref == nil || !s.sameShape(ef.ref, lf.ref, v, path, pkg, true) {
			return fail()
		}
		matched[ef] = true
		sp.props = append(sp.props, [2]*field{ef, lf})
	}
	for _, f := range extFields {
		if !matched[f] {
			sp.extOnly = append(sp.extOnly, f)
		}
	}
	s.shapes = append(s.shapes, sp)
	return sp
}

// sameShape reports whether a value of external type e converts to the
// local type l (of version v) and back by copies: the same scalars, the
// same external types, structs of the same shape, in the same slices,
// maps and pointers (a plain value and a pointer only at the top of a
// field, as twins make values optional).
func (s *step) sameShape(e, l *typeRef, v *version, path, pkg string, top bool) bool {
	switch {
	case identical(e, l):
		return true
	case e.kind == refPointer && l.kind == refPointer, e.kind == refSlice && l.kind == refSlice:
		return s.sameShape(e.elem, l.elem, v, path, pkg, false)
	case e.kind == refMap && l.kind == refMap:
		return identical(e.key, l.key) && s.sameShape(e.elem, l.elem, v, path, pkg, false)
	case top && e.kind != refPointer && l.kind == refPointer:
		return s.sameShape(e, l.elem, v, path, pkg, false)
	case top && e.kind == refPointer && l.kind != refPointer:
		return s.sameShape(e.elem, l, v, path, pkg, false)
	case e.kind == refExternal && l.kind == refObject:
		return s.shape(e.typ, v, path, pkg, l.name) != nil
	}
	be, okE := e.scalar()
	bl, okL := l.scalar()
	return okE && okL && types.Identical(be, bl) && (e.kind != refPointer && l.kind != refPointer)
}

// externalFields lists the JSON properties of a struct of another package
// as fields, or returns nil when one is of a kind conversions do not
// handle (an interface, an embedded pointer or non-struct, an embedded
// struct with a JSON name). The fields of a struct embedded by value
// without a JSON name (corev1.SecretKeySelector's LocalObjectReference)
// are its properties, as in encoding/json: a field declared higher up
// hides one of the same JSON name further down, and two of one name at
// the same depth are refused.
func externalFields(st *types.Struct) []*field {
	return externalFieldsVia(st, nil)
}

func externalFieldsVia(st *types.Struct, via []string) []*field {
	var out, promoted []*field
	seen := map[string]int{} // JSON name of a promoted field → how many
	for i := range st.NumFields() {
		fv := st.Field(i)
		if !fv.Exported() {
			continue
		}
		if skippedByJSON(st.Tag(i)) {
			continue
		}
		name, opts := jsonTag(st.Tag(i))
		if fv.Embedded() {
			inner, ok := types.Unalias(fv.Type()).Underlying().(*types.Struct)
			if !ok || name != "" || slices.Contains(via, fv.Name()) {
				return nil
			}
			fields := externalFieldsVia(inner, append(slices.Clone(via), fv.Name()))
			if fields == nil {
				return nil
			}
			for _, f := range fields {
				seen[f.jsonName]++
			}
			promoted = append(promoted, fields...)
			continue
		}
		if name == "" {
			name = fv.Name()
		}
		r := externalRef(fv.Type())
		if r == nil {
			return nil
		}
		out = append(out, &field{name: fv.Name(), jsonName: name, tag: st.Tag(i), ref: r,
			omitEmpty: strings.Contains(","+opts+",", ",omitempty,"), via: via})
	}
	for _, f := range promoted {
		if slices.ContainsFunc(out, func(o *field) bool { return o.jsonName == f.jsonName }) {
			continue // hidden by a field declared higher up
		}
		if seen[f.jsonName] > 1 {
			return nil
		}
		out = append(out, f)
	}
	if out == nil {
		out = []*field{}
	}
	return out
}

// externalRef is the typeRef of a type of another package's struct: basic
// and named types of other packages, in pointers, slices and maps.
func externalRef(t types.Type) *typeRef {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return &typeRef{kind: refBasic, typ: t}
	case *types.Named:
		if t.Obj().Pkg() == nil {
			return nil
		}
		switch t.Underlying().(type) {
		case *types.Interface:
			return nil
		}
		return &typeRef{kind: refExternal, typ: t}
	case *types.Pointer:
		if e := externalRef(t.Elem()); e != nil && e.kind != refPointer {
			return pointerTo(e)
		}
	case *types.Slice:
		if e := externalRef(t.Elem()); e != nil {
			return &typeRef{kind: refSlice, elem: e}
		}
	case *types.Map:
		k, e := externalRef(t.Key()), externalRef(t.Elem())
		if k != nil && e != nil && isScalar(k) {
			return &typeRef{kind: refMap, key: k, elem: e}
		}
	}
	return nil
}

// shapeOf returns the function that converts a value of type src (in the
// package at srcPath) into one of type dst (at dstPath), when the two are
// a same-shape pair of the step.
func (s *step) shapeOf(src *typeRef, srcPath string, dst *typeRef, dstPath string) string {
	switch {
	case src.kind == refExternal && dst.kind == refObject:
		if sp := s.shapeBy[shapeKey(src.typ, dstPath, dst.name)]; sp != nil {
			return sp.toLocal()
		}
	case src.kind == refObject && dst.kind == refExternal:
		if sp := s.shapeBy[shapeKey(dst.typ, srcPath, src.name)]; sp != nil {
			return sp.fromLocal()
		}
	}
	return ""
}

// writeShapes writes the functions of the same-shape pairs of the step.
func writeShapes(f *file, s *step) {
	if len(s.shapes) > 0 {
		// An empty struct is as good as none: a storage twin holds the
		// empty struct of a field held by value as nil.
		f.printf("// sameJSON reports whether a and b encode to the same JSON, an empty object and null alike.\n")
		f.printf("func sameJSON(a, b any) bool {\nx, errA := %s(a)\ny, errB := %s(b)\nif errA != nil || errB != nil {\nreturn false\n}\n", f.q("encoding/json", "Marshal"), f.q("encoding/json", "Marshal"))
		f.printf("if %s(x, []byte(\"{}\")) {\nx = []byte(\"null\")\n}\nif %s(y, []byte(\"{}\")) {\ny = []byte(\"null\")\n}\nreturn %s(x, y)\n}\n\n", f.q("bytes", "Equal"), f.q("bytes", "Equal"), f.q("bytes", "Equal"))
	}
	for _, sp := range s.shapes {
		for _, toLocal := range []bool{true, false} {
			writeShape(f, s, sp, toLocal)
		}
	}
}

func writeShape(f *file, s *step, sp *shapePair, toLocal bool) {
	ext := types.TypeString(sp.ext, f.qualifier)
	local := f.q(sp.localPath, sp.local.name)
	a := &assign{f: f, s: s, srcObj: "src", dstObj: "dst", srcPath: sp.localPath, dstPath: sp.localPath,
		locals: map[string]bool{"bag": true, "src": true, "dst": true}, values: map[*field]string{}, notes: map[*field]string{}}
	var lit strings.Builder
	if toLocal {
		f.printf("// %s copies a %s into a %s, which has the same JSON, field by field.\n", sp.toLocal(), ext, local)
		f.printf("func %s(src *%s, dst *%s) error {\n", sp.toLocal(), ext, local)
		if len(sp.extOnly) > 0 {
			fmt.Fprintf(&a.pre, "// Kept in the bag: what %s has no field for.\nvar bag %s\n", local, f.q(pathPropertybag, "PropertyBag"))
			for _, ef := range sp.extOnly {
				v := "src." + ef.name
				switch ef.ref.kind {
				case refPointer:
				case refSlice, refMap:
					cond := v + " != nil"
					if ef.omitEmpty {
						cond = "len(" + v + ") > 0"
					}
					fmt.Fprintf(&a.pre, "if %s {\nif err := %s(&bag, %q, &%s); err != nil {\nreturn err\n}\n}\n", cond, f.q(pathPropertybag, "Add"), ef.name, v)
					continue
				default:
					fn := "PtrIfNotZero"
					if !types.Comparable(ef.ref.typ) {
						fn = "PtrIfNotZeroValue"
					}
					v = a.gr(fn) + "(" + v + ")"
				}
				fmt.Fprintf(&a.pre, "if err := %s(&bag, %q, %s); err != nil {\nreturn err\n}\n", f.q(pathPropertybag, "Add"), ef.name, v)
			}
			lit.WriteString("PropertyBag: bag,\n")
		}
		for _, m := range sp.props {
			if v := a.convertExpr("src."+m[0].name, "dst."+m[1].name, m[0], m[1]); v != "" {
				fmt.Fprintf(&lit, "%s: %s,\n", m[1].name, v)
			}
		}
		f.printf("%s*dst = %s{\n%s}\nreturn nil\n}\n\n", a.pre.String(), local, lit.String())
		return
	}
	f.printf("// %s copies a %s into a %s, which has the same JSON, field by field.\n", sp.fromLocal(), local, ext)
	f.printf("func %s(src *%s, dst *%s) error {\n", sp.fromLocal(), local, ext)
	if len(sp.extOnly) > 0 {
		// What else the bag holds has no place in the other package's
		// struct: the copy of the property keeps the whole value then
		// (see assign.keepShape).
		fmt.Fprintf(&a.pre, "bag := src.PropertyBag.DeepCopy() // a copy: the source is not modified\n")
		fmt.Fprintf(&a.pre, "// From the bag: what %s has no field for.\n", local)
		for _, ef := range sp.extOnly {
			a.recall(ef, ef.name)
		}
	}
	for _, m := range sp.props {
		if v := a.convertExpr("src."+m[1].name, "dst."+m[0].name, m[1], m[0]); v != "" {
			a.values[m[0]] = v
		}
	}
	// A field promoted from an embedded struct has no name in a composite
	// literal: it is set once the literal is in place.
	var promoted strings.Builder
	for _, ef := range append(fieldsOf(sp.props), sp.extOnly...) {
		if v, ok := a.values[ef]; ok {
			if len(ef.via) > 0 {
				fmt.Fprintf(&promoted, "dst.%s = %s\n", ef.name, v)
				continue
			}
			fmt.Fprintf(&lit, "%s: %s,\n", ef.name, v)
		}
	}
	f.printf("%s*dst = %s{\n%s}\n%sreturn nil\n}\n\n", a.pre.String(), ext, lit.String(), promoted.String())
}

func fieldsOf(props [][2]*field) []*field {
	out := make([]*field, len(props))
	for i, m := range props {
		out[i] = m[0]
	}
	return out
}

// shapeField reports whether the types of source field sf and destination
// field df are, under the same pointers, slices and maps, a same-shape
// pair, and whether the source is the version's struct (local).
func (a *assign) shapeField(sf, df *field) (ok, srcLocal bool) {
	if sf == nil || df == nil || sf.ref == nil || df.ref == nil {
		return false, false
	}
	s, d := sf.ref, df.ref
	for {
		switch {
		case s.kind == d.kind && (s.kind == refPointer || s.kind == refSlice || s.kind == refMap):
			s, d = s.elem, d.elem
			continue
		case s.kind == refPointer && d.kind != refPointer:
			s = s.elem
			continue
		case d.kind == refPointer && s.kind != refPointer:
			d = d.elem
			continue
		}
		break
	}
	return a.s.shapeOf(s, a.srcPath, d, a.dstPath) != "", s.kind == refObject
}

// keepShape writes the copy of a property whose value converts field by
// field between a struct of another package and a version's struct (see
// shape), which the other package's struct cannot keep whole: values of
// other versions in the bags of the version's struct. Towards the other
// package, when the value does not come back the same from the converted
// one, the version's value is kept in the destination's bag as well;
// from it, that value is taken back when it still converts to what the
// source holds (no client changed it meanwhile).
func (a *assign) keepShape(sf, df *field, srcLocal bool) {
	v := a.convert(sf, df)
	if v == "" {
		return
	}
	rev := &assign{f: a.f, s: a.s, to: !a.to, srcObj: a.dstObj, dstObj: a.srcObj, srcPath: a.dstPath, dstPath: a.srcPath,
		srcName: a.dstName, dstName: a.srcName, locals: a.locals, values: map[*field]string{}, notes: map[*field]string{}}
	value := a.local(df.name + "Converted")
	fmt.Fprintf(&a.pre, "%s := %s\n", value, v)
	a.values[df] = value
	if srcLocal {
		key := bagKey(sf, a.srcName)
		back := rev.convertExpr(value, "", df, sf)
		fmt.Fprintf(&a.pre, "%s", rev.pre.String())
		src := a.srcObj + "." + sf.name
		if sf.ref.kind != refPointer {
			src = "&" + src
		}
		nilEmpty := ""
		if a.plainInAPI(df) {
			// The API version holds the struct by value, and its twin an
			// empty one as nil: with the whole value kept, an empty one
			// is nil too, as the copy back reads it.
			nilEmpty = fmt.Sprintf("if sameJSON(%s, nil) {\n%s = nil\n}\n", value, value)
		}
		// The comment names the field and both types as the code does
		// (src.LoadBalancer, v1storage.IngressLoadBalancerStatus,
		// corev1.LoadBalancerStatus): the version's name alone in front of
		// the field read as a type of that version.
		fmt.Fprintf(&a.pre, "// What %s (a %s) holds that the %s it converts to cannot: kept whole.\nif !sameJSON(%s, %s) {\nif err := %s(&bag, %q, %s); err != nil {\nreturn err\n}\n%s}\n",
			a.srcObj+"."+sf.name, renderType(a.f, elemOf(sf.ref), a.srcPath), renderType(a.f, elemOf(df.ref), a.dstPath),
			back, a.srcObj+"."+sf.name, a.f.q(pathPropertybag, "Add"), key, src, nilEmpty)
		return
	}
	key := bagKey(df, a.dstName)
	t := df.ref
	if t.kind == refPointer {
		t = t.elem
	}
	l := a.local(df.name + "Kept")
	fmt.Fprintf(&a.pre, "%s, err := %s[%s](&bag, %q)\nif err != nil {\nreturn err\n}\n", l, a.f.q(pathPropertybag, "Pull"), renderType(a.f, t, a.dstPath), key)
	kept := l
	if df.ref.kind != refPointer {
		kept = "*" + l
	}
	fmt.Fprintf(&a.pre, "if %s != nil {\n", l)
	via := rev.convertExpr(kept, "", df, sf)
	fmt.Fprintf(&a.pre, "%s", rev.pre.String())
	same := fmt.Sprintf("sameJSON(%s, %s)", via, a.srcObj+"."+sf.name)
	if sf.ref.kind == refPointer && !a.plainInAPIOf(sf, a.to) {
		// The API version holds a pointer too: a client that removed the
		// struct (nil) changed it, though sameJSON takes an empty one for
		// none.
		same = fmt.Sprintf("(%s == nil) == (%s == nil) && %s", via, a.srcObj+"."+sf.name, same)
	}
	fmt.Fprintf(&a.pre, "// Kept whole by %s, and no client changed it since.\nif %s {\n%s = %s\n}\n}\n", a.dstName, same, value, kept)
}

// plainInAPI reports whether destination field df, a pointer in the
// storage twin, is a plain value in its API version.
func (a *assign) plainInAPI(df *field) bool {
	return a.plainInAPIOf(df, !a.to)
}

// plainInAPIOf reports whether field df of the step's host side (host) or
// other side, a pointer in the storage twin, is a plain value in its API
// version.
func (a *assign) plainInAPIOf(df *field, host bool) bool {
	if df.ref.kind != refPointer || a.p == nil {
		return false
	}
	v, name := a.s.other, a.p.otherName
	if host {
		v, name = a.s.host, a.p.name
	}
	o := v.objects[name]
	if o == nil {
		return false
	}
	f := o.field(df.name)
	return f != nil && f.ref != nil && f.ref.kind != refPointer
}
