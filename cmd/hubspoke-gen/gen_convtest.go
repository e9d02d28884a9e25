package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// convtestFile renders the conversion tests of every kind, in the hub's
// storage package (as an external test package, which may import every
// version): round trips and reliability with convtest. A kind's tests pass
// convtest the options of a hand-written function, when a test file of
// that package declares it (func personTestOptions() []convtest.Option for
// kind Person), so that its values exercise the hooks, after the values
// of the kind's string enums (enumValueOptions), which they may replace;
// and when a test file declares func personExemplars() []runtime.Object
// (one object per API version whose conversions hooks adjust), a golden
// test converts each to the hub and back (convtest.Golden; the files in
// testdata/golden).
func convtestFile(names *namer, c *chain) ([]byte, error) {
	h := c.hub
	declared, err := testFuncs(h.storageDir, h.storageName+"_test")
	if err != nil {
		return nil, err
	}
	f := newFile(names, h.storageName+"_test", h.storagePath+"_test")
	f.printf("%s\n", convtestHeader)
	f.printf("// newScheme registers every version of the resources of %s.\n", c.group)
	f.printf("func newScheme(t *testing.T) *%s {\nt.Helper()\n", f.q(pathRuntime, "Scheme"))
	f.printf("s := %s()\n", f.q(pathRuntime, "NewScheme"))
	f.printf("for _, add := range []func(*%s) error{\n", f.q(pathRuntime, "Scheme"))
	for _, v := range c.versions {
		f.printf("%s, %s,\n", f.q(v.pkgPath, "AddToScheme"), f.q(v.storagePath, "AddToScheme"))
	}
	f.printf("} {\nif err := add(s); err != nil {\nt.Fatal(err)\n}\n}\n")
	// convtest tests the versions the scheme holds, so an API version
	// whose package does not register a kind (its AddToScheme is
	// hand-written, not scaffolded) would go untested, and pass.
	f.printf("// convtest tests the versions the scheme holds: a kind an API version's AddToScheme leaves out would go untested.\n")
	f.printf("for _, gvk := range []%s{\n", f.q(pathSchema, "GroupVersionKind"))
	for _, v := range c.versions {
		for _, kind := range v.kinds {
			f.printf("{Group: %q, Version: %q, Kind: %q},\n", c.group, v.name, kind)
		}
	}
	f.printf("} {\nif !s.Recognizes(gvk) {\n")
	f.printf("t.Fatalf(\"%%s is not registered by the AddToScheme of its package: register the kind and its list in an init function of the package (SchemeBuilder.Register(&%%s{}, &%%sList{}), as kubebuilder scaffolds it)\", gvk, gvk.Kind, gvk.Kind)\n")
	f.printf("}\n}\nreturn s\n}\n\n")
	f.use("testing")
	for _, kind := range c.kinds {
		gk := fmt.Sprintf("%s{Group: %q, Kind: %q}", f.q(pathSchema, "GroupKind"), c.group, kind)
		opts := ""
		var drawn map[string]bool // the names the hand-written options draw
		if options := testOptions(kind); declared[options] {
			opts = ", " + options + "()..."
			if drawn, err = fieldValuesNames(h.storageDir, h.storageName+"_test", options); err != nil {
				return nil, err
			}
		}
		// The options of the round trip and Reliability: the markers'
		// relations (an Option), the enum values, the declared defaults
		// and the hand-written options (lists of them), in that order:
		// the last FieldValues of a field wins, so the hand-written
		// options' own values of an enum property replace the
		// generated ones. The round trip's update check reads a
		// client's edit at the other versions by Reliability's
		// visibility check, so it takes them all too.
		var singles, lists []string
		if rels := append(renameRelations(c, kind), moveRelations(c, kind)...); len(rels) > 0 {
			name := relationsVar(kind)
			f.printf("// %s declares, for the visibility check, where the markers put properties of %s: a value set at the old path must arrive at the new one.\n", name, kind)
			f.printf("var %s = %s\n\n", name, relatedOption(f, c, rels))
			singles = append(singles, name)
		}
		if enums, notes := enumValueOptions(f, c, kind, drawn); len(enums) > 0 {
			name := enumValuesVar(kind)
			f.printf("// %s draws each enum property of %s (a string, or a list or map of strings, with +kubebuilder:validation:Enum, or +enum on its type and constants of it, in some version) from the values of every version's enum, a value none lists and \"\", so that hooks that map enum values meet them; a FieldValues of %s() for the same field comes later and wins.\n", name, kind, testOptions(kind))
			for _, n := range notes {
				f.printf("// %s\n", n)
			}
			f.printf("var %s = []%s{\n%s,\n}\n\n", name, f.q(pathConvtest, "Option"), strings.Join(enums, ",\n"))
			lists = append(lists, name)
		} else if len(notes) > 0 {
			// Every enum property is left to random strings even under
			// its qualified name (see enumProps.plan): no FieldValues, but
			// the author learns that the enum's values are not drawn.
			f.printf("// The enum properties of %s (a string, or a list or map of strings, with +kubebuilder:validation:Enum, or +enum on its type and constants of it, in some version) are not drawn from their values. %s To draw an enum's values, declare convtest.FieldValues with them (and some free text) in %s().\n\n", kind, strings.Join(notes, " "), testOptions(kind))
		}
		if unions := oneOfOptions(f, c, kind); len(unions) > 0 {
			name := oneOfsVar(kind)
			f.printf("// %s declares the unions of %s (+kubebuilder:validation:ExactlyOneOf, AtMostOneOf on a struct type; Kubernetes' +union and +k8s:unionMember): each struct of the type sets one member at most in the random objects, as the API server requires, so that hooks that convert a member only when it is the one set meet their input.\n", name, kind)
			f.printf("var %s = []%s{\n%s,\n}\n\n", name, f.q(pathConvtest, "Option"), strings.Join(unions, ",\n"))
			lists = append(lists, name)
		}
		if defs := defaultOptions(f, c, kind); len(defs) > 0 {
			name := defaultsVar(kind)
			f.printf("// %s declares, for the visibility check, the defaults of the properties of %s (+kubebuilder:default, +default): a value an API version leaves unset reads as its default, in the source and in the result.\n", name, kind)
			f.printf("var %s = []%s{\n%s,\n}\n\n", name, f.q(pathConvtest, "Option"), strings.Join(defs, ",\n"))
			lists = append(lists, name)
		}
		if opts != "" {
			lists = append(lists, testOptions(kind)+"()")
		}
		relOpts := ""
		switch {
		case len(singles)+len(lists) == 0:
		case len(lists) == 0:
			relOpts = ", " + strings.Join(singles, ", ")
		case len(singles) == 0 && len(lists) == 1:
			relOpts = ", " + lists[0] + "..."
		default:
			expr := "[]" + f.q(pathConvtest, "Option") + "{" + strings.Join(singles, ", ") + "}"
			for _, l := range lists {
				expr = "append(" + expr + ", " + l + "...)"
			}
			relOpts = ", " + expr + "..."
		}
		f.printf("// Test%sRoundTrip converts objects of every version of %s to the hub and back, and hubs to every API version and back: nothing may be lost, and a value a client changes arrives where every other version shows it.\n", kind, kind)
		f.printf("func Test%sRoundTrip(t *testing.T) {\n%s(t, newScheme(t), %s%s)\n}\n\n", kind, f.q(pathConvtest, "RoundTripAll"), gk, relOpts)
		f.printf("// Test%sReliability converts objects of every version of %s to every other version; a value one version sets must arrive where another shows it.\n", kind, kind)
		f.printf("func Test%sReliability(t *testing.T) {\n%s(t, newScheme(t), %s%s)\n}\n\n", kind, f.q(pathConvtest, "Reliability"), gk, relOpts)
		if ex := exemplars(kind); declared[ex] {
			f.printf("// Test%sGolden converts each object of %s to the hub and back, and compares both results with the golden files in testdata/golden (HUBSPOKE_UPDATE_GOLDEN=1 writes them).\n", kind, ex)
			f.printf("func Test%sGolden(t *testing.T) {\nfor _, exemplar := range %s() {\n", kind, ex)
			f.printf("t.Run(exemplar.GetObjectKind().GroupVersionKind().Version, func(t *testing.T) {\n%s(t, newScheme(t), %s)\n})\n}\n}\n\n",
				f.q(pathConvtest, "Golden"), gk+", exemplar"+opts)
		}
	}
	return f.bytes()
}

// pathRelation says that a client of version finds at JSON path new the
// value a client of the version before it (its older neighbour in the
// chain) finds at old: a property renamed or moved. Paths are written as
// explain writes them: spec.parts[*].label for the elements of a list,
// spec.zones{*}.region for the values of a map.
type pathRelation struct {
	version  *version
	old, new string
}

// relatedOption renders the convtest.Related option that declares rels to
// the visibility check of the generated tests (a relation of a version
// without an older neighbour is left out).
func relatedOption(f *file, c *chain, rels []pathRelation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s(\n", f.q(pathConvtest, "Related"))
	for _, r := range rels {
		i := slices.Index(c.versions, r.version)
		if i < 1 {
			continue
		}
		fmt.Fprintf(&b, "%s{From: %q, To: %q, Old: %q, New: %q},\n", f.q(pathConvtest, "Relation"), c.versions[i-1].name, r.version.name, r.old, r.new)
	}
	b.WriteString(")")
	return b.String()
}

// moveRelations returns the relations that the moves of the chain
// (+hubspoke:movedFrom, or movedProperties in the metadata file) make in
// values of kind: at the version that declares a move, the value a client
// of the version before it saw at the old path is at the new one.
func moveRelations(c *chain, kind string) []pathRelation {
	var out []pathRelation
	for _, v := range c.versions {
		for _, m := range v.moves {
			if m.kind != kind {
				continue
			}
			out = append(out, pathRelation{
				version: v,
				old:     convtestPattern(m.older, kind, mustParse(m.from)),
				new:     convtestPattern(m.newer, kind, mustParse(m.path)),
			})
		}
	}
	return out
}

// convtestPattern writes a move's path as convtest's patterns read it:
// [*] for the elements of a list, {*} for the values of a map and
// ["key"] for one key, which the moves' own syntax does not tell apart
// ([*] for both, [key]); resolvePath says which element steps are maps.
func convtestPattern(v *version, kind string, segs []pathSeg) string {
	r, err := resolvePath(v, kind, segs)
	if err != nil {
		return pathString(segs) // a move the generator refused has no test
	}
	var b strings.Builder
	for i, s := range segs {
		switch {
		case s.isKey:
			b.WriteString("[" + strconv.Quote(s.key) + "]")
		case s.elem && r.inMaps[i]:
			b.WriteString("{*}")
		case s.elem:
			b.WriteString("[*]")
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.name)
		}
	}
	return b.String()
}

// defaultOptions returns the convtest.Default options of kind: for each
// API version, the default it declares (+kubebuilder:default or +default,
// on the field or its type) for each property that holds a single value
// (a string, number, bool or enum, or a pointer to one), at every path
// from the kind down, written as a Go literal of the value's kind. A
// default that does not parse as the value's kind (a list's {a,b}) is
// left out.
func defaultOptions(f *file, c *chain, kind string) []string {
	var out []string
	for _, v := range c.versions {
		s := c.twin[v]
		if s == nil || s.byName[kind] == nil {
			continue
		}
		onPath := map[string]bool{}
		var walk func(name, path string)
		walk = func(name, path string) {
			p := s.byName[name]
			if p == nil || onPath[name] {
				return
			}
			onPath[name] = true
			defer delete(onPath, name)
			for _, pr := range p.props {
				hf := pr.host
				if hf == nil || hf.ref == nil {
					continue
				}
				fp := joinPath(path, hf.jsonName)
				if lit, ok := defaultLiteral(hf.ref, declaredDefault(v, hf)); ok {
					out = append(out, fmt.Sprintf("%s(%q, %q, %s)", f.q(pathConvtest, "Default"), v.name, fp, lit))
				}
				if ep, et := elemPath(fp, hf.ref); et.kind == refObject {
					walk(et.name, ep)
				}
			}
		}
		walk(kind, "")
	}
	return out
}

// The markers of a union, on a struct type (controller-tools): the JSON
// names of its members, as a;b;c or {a,b,c}; each may be repeated.
const (
	markerExactlyOneOf = "+kubebuilder:validation:ExactlyOneOf="
	markerAtMostOneOf  = "+kubebuilder:validation:AtMostOneOf="
)

// oneOfsVar names the variable of a kind's unions.
func oneOfsVar(kind string) string { return lowerCamel(kind) + "OneOfs" }

// oneOfOptions returns a convtest.OneOf for each union marker
// (markerExactlyOneOf, markerAtMostOneOf) of a struct type that values of
// kind reach in some API version (the storage twins keep the type names),
// its members' JSON names mapped to the Go names of the version's fields;
// each union once, in the order found. Members the version does not have
// are left out, and a union with fewer than two members left is no union.
// Members promoted from an embedded struct are left out too: convtest
// draws the fields a struct declares.
func oneOfOptions(f *file, c *chain, kind string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range c.versions {
		visited := map[string]bool{}
		queue := []string{kind}
		for len(queue) > 0 {
			name := queue[0]
			queue = queue[1:]
			o := v.objects[name]
			if o == nil || visited[name] {
				continue
			}
			visited[name] = true
			for _, members := range unionsOf(o) {
				args := []string{strconv.Quote(name)}
				for _, m := range members {
					args = append(args, strconv.Quote(m))
				}
				if call := fmt.Sprintf("%s(%s)", f.q(pathConvtest, "OneOf"), strings.Join(args, ", ")); !seen[call] {
					seen[call] = true
					out = append(out, call)
				}
			}
			for _, fd := range o.fields {
				if fd.ref == nil {
					continue
				}
				if _, t := elemPath("", fd.ref); t.kind == refObject {
					queue = append(queue, t.name)
				}
			}
		}
	}
	return out
}

// unionsOf returns the members (Go names) of each union of struct o that
// convtest can draw: those of its markerExactlyOneOf and markerAtMostOneOf
// markers (by JSON name; members it does not have left out), then those
// of Kubernetes' markers (kubernetesUnions); members promoted from an
// embedded struct left out (convtest draws the fields a struct declares),
// and a union with fewer than two members left is none.
func unionsOf(o *object) [][]string {
	var unions [][]*field
	for _, marker := range []string{markerExactlyOneOf, markerAtMostOneOf} {
		for _, val := range o.values(marker) {
			var members []*field
			for _, member := range unionMembers(val) {
				if fd := fieldByJSONName(o, member); fd != nil {
					members = append(members, fd)
				}
			}
			unions = append(unions, members)
		}
	}
	var out [][]string
	for _, members := range append(unions, kubernetesUnions(o)...) {
		var names []string
		for _, fd := range members {
			if len(fd.via) == 0 {
				names = append(names, fd.name)
			}
		}
		if len(names) >= 2 {
			out = append(out, names)
		}
	}
	return out
}

// Kubernetes' markers of a union: +union on the struct type, whose fields
// but the discriminator (+unionDiscriminator) are its members (KEP 1027),
// and declarative validation's +k8s:unionMember on each member, with the
// union's name when a struct has several (+k8s:unionMember(union: "x")),
// and +k8s:unionDiscriminator.
const (
	markerUnion                 = "+union"
	markerUnionDiscriminator    = "+unionDiscriminator"
	markerK8sUnionMember        = "+k8s:unionMember"
	markerK8sUnionDiscriminator = "+k8s:unionDiscriminator"
)

// kubernetesUnions returns the members of each union of struct o that
// Kubernetes' markers declare, in the order of its fields: those marked
// +k8s:unionMember, by union name; or, when none is and the type says
// +union, every field but the discriminator and those marked required (a
// union's members are optional). A marker wrapped in a stage
// (+k8s:alpha(since: "1.36")=+k8s:unionMember) counts as well.
func kubernetesUnions(o *object) [][]*field {
	byName := map[string][]*field{}
	var names []string
	for _, fd := range o.fields {
		if fd.embedded || fd.statusBags {
			continue
		}
		for _, m := range fd.markers {
			args, ok := k8sMarker(m, markerK8sUnionMember)
			if !ok {
				continue
			}
			union := ""
			if i := strings.Index(args, "union:"); i >= 0 {
				union = strings.TrimSpace(args[i+len("union:"):])
				if v, err := strconv.QuotedPrefix(union); err == nil {
					union, _ = strconv.Unquote(v)
				}
			}
			if _, ok := byName[union]; !ok {
				names = append(names, union)
			}
			byName[union] = append(byName[union], fd)
			break
		}
	}
	if len(names) > 0 {
		out := make([][]*field, len(names))
		for i, n := range names {
			out[i] = byName[n]
		}
		return out
	}
	if !o.has(markerUnion) {
		return nil
	}
	var members []*field
	for _, fd := range o.fields {
		if fd.embedded || fd.statusBags || fd.has(markerUnionDiscriminator) || fd.has("+required") || fd.has("+k8s:required") || fd.has("+kubebuilder:validation:Required") {
			continue
		}
		if slices.ContainsFunc(fd.markers, func(m string) bool { _, ok := k8sMarker(m, markerK8sUnionDiscriminator); return ok }) {
			continue
		}
		members = append(members, fd)
	}
	return [][]*field{members}
}

// k8sMarker reports whether marker m is name, with arguments in
// parentheses (returned without them) or not, alone or as the payload of
// a stage (+k8s:alpha(...)=name).
func k8sMarker(m, name string) (args string, ok bool) {
	if i := strings.Index(m, ")="+name); i >= 0 && strings.HasPrefix(m, "+k8s:") {
		m = m[i+2:]
	}
	rest, ok := strings.CutPrefix(m, name)
	switch {
	case !ok:
		return "", false
	case rest == "":
		return "", true
	case strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")"):
		return rest[1 : len(rest)-1], true
	}
	return "", false
}

// unionMembers splits the value of a union marker, a;b;c or {a,b,c}, into
// its names.
func unionMembers(val string) []string {
	val = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(val), "{"), "}")
	var out []string
	for _, m := range strings.FieldsFunc(val, func(r rune) bool { return r == ';' || r == ',' }) {
		if m = strings.Trim(strings.TrimSpace(m), `"`); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// fieldByJSONName returns the field of o that encoding/json names name, or
// nil.
func fieldByJSONName(o *object, name string) *field {
	for _, fd := range o.fields {
		if !fd.embedded && fd.jsonName == name {
			return fd
		}
	}
	return nil
}

// defaultLiteral returns the Go literal of d, the text of a default marker,
// for a property of type r (through a pointer): a quoted string for a
// string or an enum (the marker's value quoted or bare, as controller-gen
// reads it), the number or bool as it is; false when r holds no single
// value or d does not parse as one of its kind.
func defaultLiteral(r *typeRef, d string) (string, bool) {
	if d == "" {
		return "", false
	}
	if r.kind == refPointer {
		r = r.elem
	}
	if r.kind == refExternal {
		return "", false
	}
	b, ok := r.scalar()
	if !ok {
		return "", false
	}
	switch info := b.Info(); {
	case info&types.IsString != 0:
		if u, err := strconv.Unquote(d); err == nil {
			d = u
		} else if strings.ContainsAny(d, "{}[]\"") {
			return "", false
		}
		return strconv.Quote(d), true
	case info&types.IsBoolean != 0:
		if _, err := strconv.ParseBool(d); err != nil {
			return "", false
		}
		return d, true
	case info&types.IsInteger != 0:
		if _, err := strconv.ParseInt(d, 10, 64); err != nil {
			return "", false
		}
		return d, true
	case info&types.IsFloat != 0:
		if _, err := strconv.ParseFloat(d, 64); err != nil {
			return "", false
		}
		return d, true
	}
	return "", false
}

// defaultsVar names the variable of a kind's declared defaults.
func defaultsVar(kind string) string { return lowerCamel(kind) + "Defaults" }

// relationsVar names the variable of a kind's declared relations.
func relationsVar(kind string) string { return lowerCamel(kind) + "Relations" }

// renameRelations returns the relations that the renames of the chain
// (+hubspoke:renamedFrom) make in values of kind, at every path they
// reach, where the JSON name changes: for each storage step, the paths of
// both sides are followed together from the kind down.
func renameRelations(c *chain, kind string) []pathRelation {
	var out []pathRelation
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil || s.byName[kind] == nil {
			continue
		}
		hostOlder := s.host.order.Compare(s.other.order) < 0
		onPath := map[string]bool{}
		var walk func(name, hostPath, otherPath string)
		walk = func(name, hostPath, otherPath string) {
			p := s.byName[name]
			if p == nil || onPath[name] {
				return
			}
			onPath[name] = true
			defer delete(onPath, name)
			for _, pr := range p.props {
				if pr.host == nil || pr.other == nil {
					continue
				}
				hp, op := joinPath(hostPath, pr.host.jsonName), joinPath(otherPath, pr.other.jsonName)
				if pr.host.jsonName != pr.other.jsonName {
					r := pathRelation{version: s.other, old: hp, new: op}
					if !hostOlder {
						r = pathRelation{version: s.host, old: op, new: hp}
					}
					out = append(out, r)
				}
				if pr.action == actRetype {
					continue
				}
				hp, ht := elemPath(hp, pr.host.ref)
				op, _ = elemPath(op, pr.other.ref)
				if ht.kind == refObject {
					walk(ht.name, hp, op)
				}
			}
		}
		walk(kind, "", "")
	}
	return out
}

// exemplars names the hand-written function that gives the objects of a
// kind's golden test.
func exemplars(kind string) string { return lowerCamel(kind) + "Exemplars" }

// testOptions names the hand-written function that gives the convtest
// options of a kind's generated tests.
func testOptions(kind string) string { return lowerCamel(kind) + "TestOptions" }

// handWrittenTests returns the hand-written test files of package pkg in
// dir (those the generator did not write), parsed.
func handWrittenTests(dir, pkg string) ([]*ast.File, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	var out []*ast.File
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if bytes.HasPrefix(src, []byte(header+"\n")) {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if f.Name.Name == pkg {
			out = append(out, f)
		}
	}
	return out, nil
}

// testFuncs returns the functions that the hand-written test files of
// package pkg in dir declare.
func testFuncs(dir, pkg string) (map[string]bool, error) {
	files, err := handWrittenTests(dir, pkg)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				out[fd.Name.Name] = true
			}
		}
	}
	return out, nil
}

// fieldValuesNames returns the field names that the hand-written function
// fn of package pkg in dir passes to convtest.FieldValues as a string
// literal (a call of a function named FieldValues, whatever its package's
// local name).
func fieldValuesNames(dir, pkg, fn string) (map[string]bool, error) {
	files, err := handWrittenTests(dir, pkg)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Name.Name != fn || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				var callee string
				switch e := call.Fun.(type) {
				case *ast.SelectorExpr:
					callee = e.Sel.Name
				case *ast.Ident:
					callee = e.Name
				}
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && callee == "FieldValues" && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						out[s] = true
					}
				}
				return true
			})
		}
	}
	return out, nil
}

// goldenNotes asks, for every kind whose conversions hooks adjust and
// that has no exemplars function, for one: random objects show that hooks
// lose nothing, golden files pin down what they produce. A kind's
// conversions are those of the types its values reach, in every step.
func goldenNotes(c *chain) ([]string, error) {
	hosts := map[string][]string{} // kind → the packages whose hooks its conversions call
	for _, kind := range c.kinds {
		for _, v := range c.versions {
			for _, s := range []*step{c.twin[v], c.storage[v]} {
				if s != nil && hooked(s, reaches(s, []string{kind})) && !slices.Contains(hosts[kind], s.hostName) {
					hosts[kind] = append(hosts[kind], s.hostName)
				}
			}
			sp := c.staging[v]
			if sp == nil || c.storage[v] == nil {
				continue
			}
			owners := reaches(c.storage[v], []string{kind})
			var roots []string
			for _, st := range sp.props {
				if _, t := elemPath("", st.earlier.ref); t.kind == refObject && owners[c.storage[v].hostType(st.owner)] {
					roots = append(roots, t.name)
				}
			}
			if hooked(sp.step, reaches(sp.step, roots)) && !slices.Contains(hosts[kind], sp.step.hostName) {
				hosts[kind] = append(hosts[kind], sp.step.hostName)
			}
		}
	}
	if len(hosts) == 0 {
		return nil, nil
	}
	declared, err := testFuncs(c.hub.storageDir, c.hub.storageName+"_test")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, kind := range c.kinds {
		if ex := exemplars(kind); len(hosts[kind]) > 0 && !declared[ex] {
			out = append(out, fmt.Sprintf("%s: hooks adjust the conversions in %s; for golden tests of what they produce, declare func %s() []runtime.Object "+
				"(an object of each API version they affect) in a test file of package %s_test in %s",
				kind, strings.Join(hosts[kind], ", "), ex, c.hub.storageName, c.hub.storageName))
		}
		if options := testOptions(kind); len(hosts[kind]) > 0 && !declared[options] {
			out = append(out, placedNotes(c, kind, options)...)
		}
		if len(hosts[kind]) > 0 {
			drawn, err := fieldValuesNames(c.hub.storageDir, c.hub.storageName+"_test", testOptions(kind))
			if err != nil {
				return nil, err
			}
			out = append(out, enumLeftOutNotes(c, kind, drawn)...)
			out = append(out, looseConstantNotes(c, kind, drawn)...)
		}
	}
	return out, nil
}

// placedNotes asks, for each type of kind with hooks in both directions
// of a storage step that has properties only one side of the step has
// (stashed or recalled: a property removed, added, or changed beyond what
// a marker says) and that the hand-written code of the step's package
// names (a field it selects, or a bag key it spells), for the relations
// those hooks make: the visibility check
// of the generated tests follows renames and moves, but looks for a value
// a hook places (2021-05-15's ARM IDs as the armId of 2023-11-15's
// references) only where convtest.Related says it lands. Without them a
// hook that puts a value in the wrong field passes every random check.
// Each property is named at the path of the side that has it (as explain
// names it): where a struct on the way was renamed, the sides differ.
// options names the kind's test options function, which is not declared.
func placedNotes(c *chain, kind, options string) []string {
	var out []string
	for _, v := range c.versions {
		s := c.storage[v]
		if s == nil {
			continue
		}
		owners := reaches(s, []string{kind})
		paths := typePaths(s, nil)
		// A property only the other side has is named at that side's
		// path: another where a property on the way was renamed.
		otherPaths := typePathsOn(s, nil, false)
		for _, p := range s.pairs {
			if !owners[p.name] || !p.hookTo || !p.hookFrom {
				continue
			}
			// The hooks of a kind's root type see the whole object: they
			// may place a value anywhere in it (Cluster API's v1alpha2
			// label cluster.x-k8s.io/cluster-name, v1alpha3's
			// spec.clusterName), so the properties of the types below it
			// count too, but for those of types with hooks of their own,
			// which have their note.
			below := []*pair{p}
			if p.name == kind {
				for _, q := range s.pairs {
					if q != p && owners[q.name] && !(q.hookTo && q.hookFrom) {
						below = append(below, q)
					}
				}
			}
			var hostOnly, otherOnly []string
			for _, q := range below {
				for _, pr := range q.props {
					if !s.handNames[pr.name()] {
						continue // not named by the hand-written code: generated code alone handles it
					}
					switch pr.action {
					case actStash:
						hostOnly = append(hostOnly, joinPath(paths[q.name], pr.host.jsonName))
					case actRecall:
						otherOnly = append(otherOnly, joinPath(pathOr(otherPaths, q.name, paths[q.name]), pr.other.jsonName))
					}
				}
			}
			if len(hostOnly)+len(otherOnly) == 0 {
				continue
			}
			var only []string
			if len(hostOnly) > 0 {
				only = append(only, fmt.Sprintf("%s only in %s", strings.Join(hostOnly, ", "), s.hostName))
			}
			if len(otherOnly) > 0 {
				only = append(only, fmt.Sprintf("%s only in %s", strings.Join(otherOnly, ", "), s.otherName))
			}
			out = append(out, fmt.Sprintf("%s: the hooks of %s.%s may show a value of one version at another place in the other (%s); "+
				"the visibility check of the generated tests looks for such a value only where a convtest.Related says it lands: "+
				"for a value the hooks carry as it is (hubspoke-gen explain observes where they put values), declare the relation in func %s() []convtest.Option "+
				"in a test file of package %s_test in %s (golden exemplars show the values they transform); "+
				"where no relation says what the hooks do (they transform the value, or act only on a value a client changed), declare the function all the same, "+
				"with the options it needs (nil): this note is printed only while it is not declared",
				kind, s.hostName, p.name, strings.Join(only, "; "), options, c.hub.storageName, c.hub.storageName))
		}
	}
	return out
}

// hooked reports whether a type of s among names has a hook.
func hooked(s *step, names map[string]bool) bool {
	return slices.ContainsFunc(s.pairs, func(p *pair) bool { return names[p.name] && (p.hookTo || p.hookFrom) })
}

// reaches returns the types of step s (by the host side's names) that
// values of the types roots reach through their properties, roots
// included.
func reaches(s *step, roots []string) map[string]bool {
	out := map[string]bool{}
	queue := slices.Clone(roots)
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		p := s.byName[name]
		if p == nil || out[name] {
			continue
		}
		out[name] = true
		for _, pr := range p.props {
			f, other := pr.host, false
			if f == nil {
				f, other = pr.other, true
			}
			if _, t := elemPath("", f.ref); t.kind == refObject {
				tn := t.name
				if other {
					tn = s.hostType(tn)
				}
				queue = append(queue, tn)
			}
		}
	}
	return out
}

// convtestHeader opens the generated test file: how many cases its checks
// run and how to change that.
const convtestHeader = `// The round trip and reliability tests below run convtest's default counts:
// 1,000 random objects per version for the round trip and the update check,
// 200 per ordered pair of versions for reliability, which a resource of four
// API versions runs in well under two minutes on two cores.
//
// go test -short runs 200 and 50, a quick check. HUBSPOKE_CASES=full runs
// the full counts, 10,000 and 1,000, for CI and nightly jobs (raise go test's
// -timeout, to 30m say); HUBSPOKE_CASES=<n> runs n of each; a failure prints
// the HUBSPOKE_SEED and HUBSPOKE_CASES that replay it.
// The race detector caps the default counts at 100 (25 per pair).
`
