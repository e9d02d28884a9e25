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

// enumProps is what enumFields finds, by Go field name and by the name of
// the struct that declares the field ("MetricSpec.Type"), in the types
// that values of a kind reach in every API version.
type enumProps struct {
	// values holds, for each name that is a string enum in some version
	// (+kubebuilder:validation:Enum on the field or its type, by value or
	// through a pointer, or on the elements of a list or map), the union
	// of the values every version declares for fields of that name.
	values map[string][]string
	// plain holds, for each name, a field of that name that is not a
	// string enum but into which a string converts (a plain string, a
	// string type without an enum, one of another package), or into whose
	// elements one does, as "v1 WidgetSpec.Mode": where convtest would
	// draw the enum's values too.
	plain map[string]string
	// typed is values by qualified name, "MetricSpec.Type": the union of
	// the values every version declares for field Type of structs named
	// MetricSpec.
	typed map[string][]string
	// plainTyped is plain by qualified name.
	plainTyped map[string]string
	// typedAt holds, for each name in typed, the first field found to be
	// that enum, as "v2 WidgetSpec.Mode": the comments and notes name the
	// enum, not only the free-text field beside it.
	typedAt map[string]string
	// lineage holds, for each struct name, the names the struct has in
	// other versions (+hubspoke:renamedFrom on types), itself included,
	// sorted.
	lineage map[string][]string
	// loose holds, by qualified name, the values of the typed constants
	// of the type of a field that is a string without an enum in every
	// version that has it, where the type declares such constants
	// (enum.looseConstants), in the versions that do.
	loose map[string][]string
	// embedders holds, for a qualified name by a struct embedded in
	// another ("Base.Mode"), the structs that embed it: the storage twins
	// declare the promoted field there.
	embedders map[string][]string
}

// enumFields walks the types that values of kind reach in each API
// version (the storage twins have the same fields, markers and types) and
// returns their enum and plain string fields by Go name. Fields of other
// packages' types count too, as plain (the generator reads no enum of
// theirs), but not those of the types convtest does not fill field by
// field: metadata and types with their own JSON or text encoding.
func enumFields(c *chain, kind string) enumProps {
	ep := enumProps{values: map[string][]string{}, plain: map[string]string{},
		typed: map[string][]string{}, plainTyped: map[string]string{}, typedAt: map[string]string{},
		lineage: map[string][]string{}, embedders: map[string][]string{},
		loose: map[string][]string{}}
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
			ep.link(name, v.olderName(name))
			for _, f := range o.fields {
				if f.ref == nil {
					continue
				}
				// The struct that declares the field: name, and for a
				// field promoted from an embedded struct, that struct in
				// the API version (the twin declares it directly).
				declaring := []string{name}
				if len(f.via) > 0 {
					d := f.via[len(f.via)-1]
					declaring = append(declaring, d)
					ep.embedders[d+"."+f.name] = union(ep.embedders[d+"."+f.name], []string{name})
				}
				if vals := enumValues(v, f); vals != nil && drawnString(f.ref) {
					ep.values[f.name] = union(ep.values[f.name], vals)
					for _, d := range declaring {
						ep.typed[d+"."+f.name] = union(ep.typed[d+"."+f.name], vals)
						if _, ok := ep.typedAt[d+"."+f.name]; !ok {
							ep.typedAt[d+"."+f.name] = fmt.Sprintf("%s %s.%s", v.name, name, f.name)
						}
					}
				} else if takesString(f.ref) {
					where := fmt.Sprintf("%s %s.%s", v.name, name, f.name)
					ep.addPlain(f.name, where)
					for _, d := range declaring {
						if _, ok := ep.plainTyped[d+"."+f.name]; !ok {
							ep.plainTyped[d+"."+f.name] = where
						}
					}
					if consts := looseConstantsOf(v, f.ref); consts != nil {
						for _, d := range declaring {
							ep.loose[d+"."+f.name] = union(ep.loose[d+"."+f.name], consts)
						}
					}
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
	ep.joinMoves(c)
	for name := range ep.values {
		slices.Sort(ep.values[name])
	}
	for name := range ep.typed {
		slices.Sort(ep.typed[name])
	}
	for name := range ep.loose {
		slices.Sort(ep.loose[name])
	}
	return ep
}

// joinMoves gives both ends of each move between enum fields the values
// of both (cert-manager's keyAlgorithm, rsa or ecdsa, moved to
// privateKey.algorithm, RSA or ECDSA), as one field name has the values
// of every version: hooks that map the spellings then meet, at each end,
// the other end's values too (a v1 algorithm spelled rsa, which the way
// back would map), as they do for an enum that changes in place. The
// draws go by name, so the values reach every field of either name, as
// they do every field of one name.
func (ep *enumProps) joinMoves(c *chain) {
	for _, v := range c.versions {
		for _, m := range v.moves {
			if m.keyed || len(m.oldHop) == 0 || len(m.newHop) == 0 {
				continue
			}
			o, n := m.oldHop[len(m.oldHop)-1], m.newHop[len(m.newHop)-1]
			if ep.values[o.f.name] == nil || ep.values[n.f.name] == nil {
				continue
			}
			both := union(slices.Clone(ep.values[o.f.name]), ep.values[n.f.name])
			ep.values[o.f.name], ep.values[n.f.name] = both, slices.Clone(both)
			qo, qn := o.obj.name+"."+o.f.name, n.obj.name+"."+n.f.name
			if ep.typed[qo] != nil && ep.typed[qn] != nil {
				both := union(slices.Clone(ep.typed[qo]), ep.typed[qn])
				ep.typed[qo], ep.typed[qn] = both, slices.Clone(both)
			}
		}
	}
}

// looseConstantsOf returns the typed constants (enum.looseConstants) of
// the string type of v that r holds, by value, through a pointer, or as
// the elements of a list or map; nil for any other type.
func looseConstantsOf(v *version, r *typeRef) []string {
	for r.kind == refPointer || r.kind == refSlice || r.kind == refMap {
		r = r.elem
	}
	if e := v.enums[r.name]; r.kind == refEnum && e != nil {
		return e.looseConstants
	}
	return nil
}

// union returns list with the values of more it lacks appended.
func union(list, more []string) []string {
	for _, x := range more {
		if !slices.Contains(list, x) {
			list = append(list, x)
		}
	}
	return list
}

// link records that struct names a and b are one type in two versions.
func (ep *enumProps) link(a, b string) {
	group := union(union([]string{a}, ep.lineage[a]), union([]string{b}, ep.lineage[b]))
	slices.Sort(group)
	for _, n := range group {
		ep.lineage[n] = group
	}
}

// drawnString reports whether convtest.FieldValues gives strings to a
// field of type r: a scalar of string kind, by value or through a
// pointer, or the elements of a list or map of such scalars (by value).
func drawnString(r *typeRef) bool {
	if (r.kind == refSlice || r.kind == refMap) && r.elem.kind != refPointer {
		r = r.elem
	}
	return isStringScalar(r)
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
				// FieldValues qualified by a struct name reaches the
				// structs of that name of every package.
				if q := n.Obj().Name() + "." + fv.Name(); ep.plainTyped[q] == "" {
					ep.plainTyped[q] = where
				}
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
// to what it points to, or to its elements), as convtest.FieldValues
// converts its values: a scalar of string kind, of this package or
// another, a slice of bytes or runes, or a list or map of strings.
func takesString(r *typeRef) bool {
	if r.kind == refPointer {
		r = r.elem
	}
	if b, ok := r.scalar(); ok {
		return b.Info()&types.IsString != 0
	}
	if r.kind == refSlice {
		if b, ok := r.elem.scalar(); ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int32) {
			return true
		}
	}
	if (r.kind == refSlice || r.kind == refMap) && r.elem.kind != refPointer {
		// Its elements take strings (FieldValues fills them).
		if b, ok := r.elem.scalar(); ok {
			return b.Info()&types.IsString != 0
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
		return ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int32 || b.Info()&types.IsString != 0)
	case *types.Map:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Info()&types.IsString != 0
	}
	return false
}

// enumDraw is an option of the generated tests: convtest.FieldValues of
// name (a Go field name, or one qualified by its struct) with vals.
type enumDraw struct {
	name string
	vals []string
}

// enumLeftOut is an enum that the generated tests leave to random
// strings: field of the struct that qualified names (Struct.Field),
// which the enum at enumAt ("v2 WidgetSpec.Mode") declares with vals, but
// which plainAt, of that struct's name too, takes any string under.
type enumLeftOut struct {
	qualified, field, enumAt, plainAt string
	vals                              []string
}

// comment is the comment line of the generated test on e.
func (e enumLeftOut) comment() string {
	return fmt.Sprintf("Left to random strings, which a FieldValues would replace: %s (an enum in %s): %s takes any string.", e.qualified, e.enumAt, e.plainAt)
}

// enumPlan is what the generated tests do with the enum properties of a
// kind: the options that draw their values, the comment lines that say
// which names are qualified or left out and why (in the options' order),
// and the enums left to random strings.
type enumPlan struct {
	draws []enumDraw
	notes []string
	left  []enumLeftOut
}

// plan decides, from what enumFields found, how the generated tests draw
// each enum property: under its Go field name, one per name that is a
// string enum in some API version (or a list or map of such values),
// sorted by name, with the union of the values the versions declare.
//
// Where a field of that name elsewhere in the kind, in some version, is a
// plain string (or a string type without an enum, one of another package,
// or a list or map of those), the bare name would draw that field from the
// values too, and lose the random strings that cover it (a free-text
// condition type beside a union discriminator, HorizontalPodAutoscaler's
// MetricSpec.Type; AKS's sku name beside an agent pool's name); where the
// structs that declare the name as an enum declare different values (a
// sku's Name, Standard or Premium, beside a rule's, Allow or Deny), the
// bare name would draw each from the values of all, which no client of
// the one could write and which dilute its own. The options then qualify
// the name by the struct that declares the enum, "MetricSpec.Type", one
// per name the struct has in the versions, each with the values of the
// field in every version of the struct. A struct whose field of the name
// itself takes any string in some version (a v1 free-text mode that v2
// made an enum, where random text matters most), or that shares its name
// with another package's struct whose field of the name does (FieldValues
// qualified by a struct name reaches both), is left out; the author who
// wants the enum's values there declares FieldValues with them and some
// free text in the kind's test options.
//
// A name that the hand-written options draw bare (drawn holds the names
// of their FieldValues) is drawn bare too: their values, which come later,
// replace the generated ones in every field of the name, and a qualified
// option would win over them in its struct's.
func (ep enumProps) plan(drawn map[string]bool) enumPlan {
	var pl enumPlan
	var reasons, qualifiedBy []string // the notes' reasons, and the names qualified for each
	for _, name := range slices.Sorted(maps.Keys(ep.values)) {
		// The structs that declare name as an enum, with the other names
		// of each in the versions, and the values of each.
		var structs []string
		for _, q := range slices.Sorted(maps.Keys(ep.typed)) {
			if s, field, _ := strings.Cut(q, "."); field == name {
				for _, n := range append([]string{s}, ep.lineage[s]...) {
					if !slices.Contains(structs, n) {
						structs = append(structs, n)
					}
				}
			}
		}
		slices.Sort(structs)
		values := map[string][]string{}
		differ := false
		for _, s := range structs {
			if _, enum := ep.typed[s+"."+name]; !enum {
				continue
			}
			var vals []string
			for _, n := range append([]string{s}, ep.lineage[s]...) {
				vals = union(vals, ep.typed[n+"."+name])
			}
			slices.Sort(vals)
			values[s] = vals
			differ = differ || !slices.Equal(vals, ep.values[name])
		}
		where, shared := ep.plain[name]
		if !shared && !differ || drawn[name] {
			pl.draws = append(pl.draws, enumDraw{name, ep.values[name]})
			continue
		}
		reason := "their enums differ"
		if shared {
			reason = where + " takes any string"
		}
		var qualified []string
		for _, s := range structs {
			vals, enum := values[s]
			if !enum {
				continue
			}
			q := s + "." + name
			if pw, ok := ep.plainTyped[q]; ok {
				e := enumLeftOut{qualified: q, field: name, enumAt: ep.typedAt[q], plainAt: pw, vals: vals}
				pl.left = append(pl.left, e)
				pl.notes = append(pl.notes, e.comment())
				continue
			}
			pl.draws = append(pl.draws, enumDraw{q, vals})
			qualified = append(qualified, q)
		}
		if len(qualified) > 0 {
			reasons = append(reasons, reason)
			qualifiedBy = append(qualifiedBy, strings.Join(qualified, ", "))
		}
	}
	// One line for the names qualified, after those left out.
	for i := range reasons {
		if i == 0 {
			reasons[i] = "Qualified by their structs, since " + reasons[i] + ": " + qualifiedBy[i]
		} else {
			reasons[i] = "since " + reasons[i] + ": " + qualifiedBy[i]
		}
	}
	if len(reasons) > 0 {
		pl.notes = append(pl.notes, strings.Join(reasons, "; ")+".")
	}
	return pl
}

// enumValueOptions returns the convtest.FieldValues options of kind that
// plan decides on: each with the values, unlistedEnumValue and "" (unset,
// for a field by value; for a pointer, the empty string, as nil comes a
// third of the time anyway). It also returns, as comment lines, the names
// it qualifies or leaves out, and why. drawn holds the names that the
// hand-written options of kind draw (their FieldValues calls).
func enumValueOptions(f *file, c *chain, kind string, drawn map[string]bool) (opts, notes []string) {
	pl := enumFields(c, kind).plan(drawn)
	for _, d := range pl.draws {
		vals := d.vals
		unlisted := unlistedEnumValue
		for i := 2; slices.Contains(vals, unlisted); i++ {
			unlisted = fmt.Sprintf("%s-%d", unlistedEnumValue, i)
		}
		vals = append(slices.Clone(vals), unlisted)
		if !slices.Contains(vals, "") {
			vals = append(vals, "")
		}
		opts = append(opts, fmt.Sprintf("%s(%q, %s)", f.q(pathConvtest, "FieldValues"), d.name, quotedList(vals)))
	}
	return opts, pl.notes
}

// enumLeftOutNotes asks, for each enum property of kind that the generated
// tests leave to random strings even under its qualified name (see plan)
// and whose change of values between two versions hooks are taken to
// handle (see handled), for a FieldValues of that name in the kind's test
// options: without one, a hook that maps the enum's values almost never
// meets one, and one that maps them wrong passes every check. drawn holds
// the names the options already draw (their FieldValues calls); an enum
// drawn under its qualified or its bare name gets no note.
func enumLeftOutNotes(c *chain, kind string, drawn map[string]bool) []string {
	hooks := hookedEnumChanges(c, kind)
	if len(hooks) == 0 {
		return nil
	}
	ep := enumFields(c, kind)
	var out []string
	for _, e := range ep.plan(drawn).left {
		if drawn[e.qualified] || drawn[e.field] {
			continue
		}
		pkgs := ep.hookPackages(hooks, e.qualified)
		if len(pkgs) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%s: the generated tests leave %s to random strings: the enum %s (%s) shares its qualified name with %s, which takes any string, "+
			"and the hooks of %s map its values; a hook that maps them almost never meets one, and passes every check when it maps them wrong: "+
			"declare convtest.FieldValues(%q, ...) with the enum's values and some free text in func %s() []convtest.Option "+
			"in a test file of package %s_test in %s",
			kind, e.qualified, e.enumAt, quotedList(e.vals), e.plainAt, strings.Join(pkgs, ", "),
			e.qualified, testOptions(kind), c.hub.storageName, c.hub.storageName))
	}
	return out
}

// looseConstantNotes asks, for each property of kind that is a string
// without an enum in every version, of a type that declares typed
// constants in some version (Azure Service Operator's status enums: the
// constants, no validation marker), and that the hooks of a storage step
// name (see handled), for a FieldValues of it in the kind's test options:
// the generated tests fill it with random strings, so a hook that maps
// the constants' values almost never meets one, and passes every check
// when it maps them wrong. drawn is as for enumLeftOutNotes. A property
// that is an enum in some version under the same qualified name is left
// to the enum's draw and enumLeftOutNotes.
func looseConstantNotes(c *chain, kind string, drawn map[string]bool) []string {
	ep := enumFields(c, kind)
	if len(ep.loose) == 0 {
		return nil
	}
	hooks := hookedProps(c, kind, false)
	var out []string
	for _, q := range slices.Sorted(maps.Keys(ep.loose)) {
		_, field, _ := strings.Cut(q, ".")
		if _, enum := ep.typed[q]; enum || drawn[q] || drawn[field] {
			continue
		}
		pkgs := ep.hookPackages(hooks, q)
		if len(pkgs) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%s: the generated tests fill %s with random strings: it has no enum in any version, but the versions declare constants of its type (%s), "+
			"and the hooks of %s name it; a hook that maps those values almost never meets one, and passes every check when it maps them wrong: "+
			"declare convtest.FieldValues(%q, ...) with them and some free text in func %s() []convtest.Option "+
			"in a test file of package %s_test in %s",
			kind, q, quotedList(ep.loose[q]), strings.Join(pkgs, ", "),
			q, testOptions(kind), c.hub.storageName, c.hub.storageName))
	}
	return out
}

// hookPackages returns the packages whose hooks (hooks, by qualified
// name, as hookedProps gives them) name the field of q ("Struct.Field")
// under any name of its struct in the versions or in a struct that embeds
// it.
func (ep enumProps) hookPackages(hooks map[string][]string, q string) []string {
	s, field, _ := strings.Cut(q, ".")
	var pkgs []string
	for _, n := range union(append([]string{s}, ep.lineage[s]...), ep.embedders[q]) {
		pkgs = union(pkgs, hooks[n+"."+field])
	}
	return pkgs
}

// quotedList returns vals as Go string literals separated by ", ".
func quotedList(vals []string) string {
	quoted := make([]string, len(vals))
	for i, v := range vals {
		quoted[i] = strconv.Quote(v)
	}
	return strings.Join(quoted, ", ")
}

// hookedEnumChanges returns, by field name qualified by the name of the
// struct that declares it in a storage version ("WidgetSpec.Color"), the
// packages of the storage steps whose hooks are taken to handle a change
// of meaning (an enum whose values change, among others) of that property
// of a type that values of kind reach.
func hookedEnumChanges(c *chain, kind string) map[string][]string {
	return hookedProps(c, kind, true)
}

// hookedProps is hookedEnumChanges, or with changed false, the same for
// every property the hooks are taken to handle (see handled), whether or
// not its meaning may change in the step.
func hookedProps(c *chain, kind string, changed bool) map[string][]string {
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
				if pr.host == nil || pr.other == nil || !handled(s, pr, underHooks) || changed && meaningDetail(s, p, pr, true) == "" {
					continue
				}
				for _, q := range []string{p.name + "." + pr.host.name, p.otherName + "." + pr.other.name} {
					out[q] = union(out[q], []string{s.hostName})
				}
			}
		}
	}
	return out
}
