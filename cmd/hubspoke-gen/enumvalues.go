package main

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The enum values of the generated tests: convtest draws a string as it
// draws any, random, so a hook that maps the values of an enum between
// versions (v1's "Red" as v2's "R") almost never meets one, and a hook
// that maps them wrong passes every check. The generated tests therefore
// give each property that is a string enum in some API version the values
// the versions declare, with convtest.FieldValues, which draws every field
// of that Go name in every version from them.

// unlistedEnumValue is the value the generated tests add to the values of
// an enum property: one that no version lists, so that the hooks still
// meet a value outside the enums (an object written around validation, or
// one a version dropped from its enum). It gets a suffix while some
// version lists it.
const unlistedEnumValue = "unlisted-value"

// enumValuesVar names the variable of a kind's enum values.
func enumValuesVar(kind string) string { return lowerCamel(kind) + "EnumValues" }

// enumProps is what enumFields finds, by Go field name, in the types that
// values of a kind reach in every API version.
type enumProps struct {
	// values holds, for each name that is a string enum in some version
	// (+kubebuilder:validation:Enum on the field or its type, by value or
	// through a pointer), the union of the values every version declares
	// for fields of that name.
	values map[string][]string
	// plain holds, for each name, a field of that name that is not a
	// string enum but into which a string converts (a plain string, a
	// string type without an enum, one of another package), as
	// "v1 WidgetSpec.Mode": where convtest would draw the enum's values
	// too.
	plain map[string]string
	// enumAt holds, for each name in values, the first field of that name
	// found to be an enum, as "v1 WidgetSpec.Color".
	enumAt map[string]string
}

// enumFields walks the types that values of kind reach in each API
// version (the storage twins have the same fields, markers and types) and
// returns their enum and plain string fields by Go name. Fields of other
// packages' types count too, as plain (the generator reads no enum of
// theirs), but not those of the types convtest does not fill field by
// field: metadata and types with their own JSON or text encoding.
func enumFields(c *chain, kind string) enumProps {
	ep := enumProps{values: map[string][]string{}, plain: map[string]string{}, enumAt: map[string]string{}}
	for _, v := range c.versions {
		seen := map[string]bool{}
		external := map[types.Type]bool{}
		queue := []string{kind}
		for len(queue) > 0 {
			name := queue[0]
			queue = queue[1:]
			o := v.objects[name]
			if o == nil || seen[name] {
				continue
			}
			seen[name] = true
			for _, f := range o.fields {
				if f.ref == nil {
					continue
				}
				if vals := enumValues(v, f); vals != nil && isStringScalar(f.ref) {
					if _, ok := ep.enumAt[f.name]; !ok {
						ep.enumAt[f.name] = fmt.Sprintf("%s %s.%s", v.name, name, f.name)
					}
					for _, x := range vals {
						if !slices.Contains(ep.values[f.name], x) {
							ep.values[f.name] = append(ep.values[f.name], x)
						}
					}
				} else if takesString(f.ref) {
					ep.addPlain(f.name, fmt.Sprintf("%s %s.%s", v.name, name, f.name))
				}
				switch _, t := elemPath("", f.ref); t.kind {
				case refObject:
					queue = append(queue, t.name)
				case refExternal:
					ep.walkExternal(v.name, t.typ, external)
				}
			}
		}
	}
	for name := range ep.values {
		slices.Sort(ep.values[name])
	}
	return ep
}

// addPlain records where as the place of a plain string field named name,
// unless one is recorded already: the comment names the first found.
func (ep *enumProps) addPlain(name, where string) {
	if _, ok := ep.plain[name]; !ok {
		ep.plain[name] = where
	}
}

// walkExternal records the fields into which a string converts of the
// struct types of other packages that a value of type t reaches (through
// pointers, slices, arrays and maps), each type once.
func (ep *enumProps) walkExternal(version string, t types.Type, seen map[types.Type]bool) {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		case *types.Map:
			t = u.Elem()
			continue
		}
		break
	}
	if seen[t] || !filledByField(t) {
		return
	}
	seen[t] = true
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i := range st.NumFields() {
		fv := st.Field(i)
		if !fv.Exported() && !fv.Embedded() {
			continue
		}
		if fv.Exported() && goTakesString(fv.Type()) {
			where := fmt.Sprintf("%s %s.%s", version, types.TypeString(t, func(*types.Package) string { return "" }), fv.Name())
			if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
				where += " (" + n.Obj().Pkg().Path() + ")"
			}
			ep.addPlain(fv.Name(), where)
		}
		ep.walkExternal(version, fv.Type(), seen)
	}
}

// filledByField reports whether convtest fills the fields of a value of
// type t one by one (where FieldValues reaches them): not metadata, which
// it fills itself, nor a type with its own JSON or text encoding.
func filledByField(t types.Type) bool {
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pathMetaV1 {
		switch n.Obj().Name() {
		case "TypeMeta", "ObjectMeta", "ListMeta":
			return false
		}
	}
	ms := types.NewMethodSet(types.NewPointer(t))
	return ms.Lookup(nil, "MarshalJSON") == nil && ms.Lookup(nil, "MarshalText") == nil
}

// isStringScalar reports whether r, by value or through a pointer, is a
// scalar of string kind: the fields convtest.FieldValues gives strings.
func isStringScalar(r *typeRef) bool {
	if r.kind == refPointer {
		r = r.elem
	}
	if r.kind != refBasic && r.kind != refEnum {
		return false
	}
	b, ok := r.scalar()
	return ok && b.Info()&types.IsString != 0
}

// takesString reports whether a string converts to a field of type r (or
// to what it points to), as convtest.FieldValues converts its values: a
// scalar of string kind, of this package or another, or a slice of bytes
// or runes.
func takesString(r *typeRef) bool {
	if r.kind == refPointer {
		r = r.elem
	}
	if b, ok := r.scalar(); ok {
		return b.Info()&types.IsString != 0
	}
	if r.kind == refSlice {
		if b, ok := r.elem.scalar(); ok {
			return b.Kind() == types.Uint8 || b.Kind() == types.Int32
		}
	}
	if r.kind == refExternal {
		return goTakesString(r.typ)
	}
	return false
}

// goTakesString is takesString for a type of another package.
func goTakesString(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int32)
	}
	return false
}

// enumValueOptions returns the convtest.FieldValues options of kind, one
// per Go field name that is a string enum in some API version, sorted by
// name: the union of the values the versions declare, unlistedEnumValue
// and "" (unset, for a field by value; for a pointer, the empty string, as
// nil comes a third of the time anyway). It also returns, as comment
// lines, the names it leaves out and why.
//
// A name is left out where a field of that name, in some version, is a
// plain string (or a string type without an enum, or one of another
// package): FieldValues draws every field of a name from the values, so
// that field would lose its random strings, and with them the coverage
// it has now (a v1 free-text property that v2 made an enum is just where
// random text matters). The author who wants the enum's values there
// declares FieldValues with them and some free text in the kind's test
// options.
func enumValueOptions(f *file, c *chain, kind string) (opts, skipped []string) {
	ep := enumFields(c, kind)
	for _, name := range slices.Sorted(maps.Keys(ep.values)) {
		if where, ok := ep.plain[name]; ok {
			skipped = append(skipped, fmt.Sprintf("%s (an enum in %s): %s takes any string", name, ep.enumAt[name], where))
			continue
		}
		vals := ep.values[name]
		unlisted := unlistedEnumValue
		for i := 2; slices.Contains(vals, unlisted); i++ {
			unlisted = fmt.Sprintf("%s-%d", unlistedEnumValue, i)
		}
		vals = append(slices.Clone(vals), unlisted)
		if !slices.Contains(vals, "") {
			vals = append(vals, "")
		}
		quoted := make([]string, len(vals))
		for i, x := range vals {
			quoted[i] = strconv.Quote(x)
		}
		opts = append(opts, fmt.Sprintf("%s(%q, %s)", f.q(pathConvtest, "FieldValues"), name, strings.Join(quoted, ", ")))
	}
	return opts, skipped
}

// enumLeftOutNotes asks, for each enum property of kind that the generated
// tests leave to random strings (its Go name is also that of a field that
// takes any string, see enumValueOptions) and whose change of values
// between two versions hooks are taken to handle (see handled), for a
// FieldValues of its name in the kind's test options: without one, a hook
// that maps the enum's values almost never meets one, and one that maps
// them wrong passes every check. drawn holds the names the options
// already draw (their FieldValues calls); those get no note.
func enumLeftOutNotes(c *chain, kind string, drawn map[string]bool) []string {
	hooks := hookedEnumChanges(c, kind)
	if len(hooks) == 0 {
		return nil
	}
	ep := enumFields(c, kind)
	var out []string
	for _, name := range slices.Sorted(maps.Keys(ep.values)) {
		plain, ok := ep.plain[name]
		if !ok || drawn[name] || len(hooks[name]) == 0 {
			continue
		}
		vals := make([]string, len(ep.values[name]))
		for i, v := range ep.values[name] {
			vals[i] = strconv.Quote(v)
		}
		out = append(out, fmt.Sprintf("%s: the generated tests leave %s to random strings: the enum %s (%s) shares its Go name with %s, which takes any string, "+
			"and the hooks of %s map its values; a hook that maps them almost never meets one, and passes every check when it maps them wrong: "+
			"declare convtest.FieldValues(%q, ...) with the enum's values and some free text in func %s() []convtest.Option "+
			"in a test file of package %s_test in %s",
			kind, name, ep.enumAt[name], strings.Join(vals, ", "), plain, strings.Join(hooks[name], ", "),
			name, testOptions(kind), c.hub.storageName, c.hub.storageName))
	}
	return out
}

// hookedEnumChanges returns, by Go field name, the packages of the storage
// steps whose hooks are taken to handle a change of meaning (an enum whose
// values change, among others) of a property of that name that values of
// kind reach.
func hookedEnumChanges(c *chain, kind string) map[string][]string {
	out := map[string][]string{}
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		owners := reaches(s, []string{kind})
		paths := typePaths(s, nil)
		var hooked []string
		for _, p := range s.pairs {
			if path, ok := paths[p.name]; ok && p.hookTo && p.hookFrom {
				hooked = append(hooked, path)
			}
		}
		for _, p := range s.pairs {
			if !owners[p.name] {
				continue
			}
			underHooks := p.hookTo && p.hookFrom || within(paths[p.name], hooked)
			for _, pr := range p.props {
				if pr.host == nil || pr.other == nil || !handled(s, pr, underHooks) || meaningDetail(s, p, pr, true) == "" {
					continue
				}
				if !slices.Contains(out[pr.host.name], s.hostName) {
					out[pr.host.name] = append(out[pr.host.name], s.hostName)
				}
			}
		}
	}
	return out
}
