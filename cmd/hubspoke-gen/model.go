package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/hub"
	"golang.org/x/tools/go/packages"
)

// version is one API version of the resources in the api directory, and
// the storage twin the generator writes for it.
type version struct {
	name    string      // v1
	order   hub.Version // for ordering and hub selection
	dir     string      // absolute directory of the API package
	pkgPath string      // import path of the API package
	pkgName string

	storageName string // v1storage: the name of the twin's directory and package
	storageDir  string
	storagePath string

	group   string
	kinds   []string // root types that are not lists, in declaration order
	lists   []string // root list types (PersonList)
	objects map[string]*object
	enums   map[string]*enum

	// optionalByDefault: the package says +kubebuilder:validation:Optional,
	// so that controller-gen requires only the properties marked required.
	optionalByDefault bool

	// collections are the named slice and map types of the version (type
	// ExtraValue []string): the twin declares them as well, and
	// conversions treat them as their underlying types.
	collections map[string]*collection
	types       []string // the objects, enums and collections, in declaration order

	twins map[string]*object // the storage twins of the objects

	// removed acknowledges the properties of the previous version (the
	// neighbour on the older side of the step) that this one removed on
	// purpose: type → property (+hubspoke:removed, or the metadata file).
	removed map[string]map[string]bool
	// renamedTypes maps the types of this version that the previous
	// version calls by another name to that name (+hubspoke:renamedFrom on
	// the type, or renamedTypes in the metadata file).
	renamedTypes map[string]string
	// moves are the properties of this version whose values lived
	// elsewhere in the previous version (+hubspoke:movedFrom, or
	// movedProperties in the metadata file).
	moves []*move
	// notMoved acknowledges, like removed, properties of the previous
	// version removed on purpose, and says that no property of this
	// version holds their values (+hubspoke:removed:notMoved).
	notMoved map[string]map[string]bool
	// sameMeaning acknowledges changes of meaning in the step from the
	// previous version that the generated copy keeps right, by
	// sameMeaningKey (+hubspoke:sameMeaning on the field, or
	// sameMeaningProperties in the metadata file).
	sameMeaning map[string]*sameMeaning

	hub       bool
	towardHub *version // the neighbour towards the hub; nil for the hub
}

// object is a struct type of a version.
type object struct {
	name   string
	root   bool // +kubebuilder:object:root=true
	list   bool // a root type holding a list of another (PersonList)
	fields []*field
	comments
	pos token.Pos
}

// olderName returns the name the previous version gives type name of v.
func (v *version) olderName(name string) string {
	if old, ok := v.renamedTypes[name]; ok {
		return old
	}
	return name
}

// newerName returns the name v gives type old of the previous version.
func (v *version) newerName(old string) string {
	for n, o := range v.renamedTypes {
		if o == old {
			return n
		}
	}
	return old
}

// hasType reports whether v has an object or an enum named name.
func (v *version) hasType(name string) bool {
	return v.objects[name] != nil || v.enums[name] != nil
}

// typeComments returns the comments of the object or enum name of v.
func (v *version) typeComments(name string) comments {
	if o, ok := v.objects[name]; ok {
		return o.comments
	}
	if e, ok := v.enums[name]; ok {
		return e.comments
	}
	return comments{}
}

func (o *object) field(name string) *field {
	for _, f := range o.fields {
		if f.name == name {
			return f
		}
	}
	return nil
}

// hasPromoted tells whether some property of o is promoted from a struct
// embedded in it.
func (o *object) hasPromoted() bool {
	return slices.ContainsFunc(o.fields, func(f *field) bool { return len(f.via) > 0 })
}

// properties returns the fields that conversions copy: all but embedded
// fields (TypeMeta, ObjectMeta, ListMeta) and an API version's status bags.
func (o *object) properties() []*field {
	var out []*field
	for _, f := range o.fields {
		if !f.embedded && !f.statusBags {
			out = append(out, f)
		}
	}
	return out
}

// enum is a named scalar type of a version (type Tier string).
type enum struct {
	name  string
	basic *types.Basic
	comments
	pos token.Pos
	// constants holds, for a string type marked +enum (Kubernetes' way of
	// declaring an enum: typed constants beside the type), the values of
	// the constants of the type that its package declares, sorted and
	// without repeats; nil for any other type, and for one without such
	// constants. Constants of the type declared in another package are not
	// read: the values are those of the version's own package.
	constants []string
	// looseConstants holds, for a string type not marked +enum, the values
	// of the typed constants its package declares, as for constants: no
	// enum to hubspoke, which draws such a type's values at random, but
	// values that hooks may map (Azure Service Operator declares constants
	// for its status enums, which carry no validation marker; see
	// looseConstantNotes); nil when it declares none.
	looseConstants []string
}

// collection is a named slice or map type of a version (Kubernetes'
// `type ExtraValue []string`). Its JSON is that of its underlying type, and
// so is its conversion: a field of the type is a slice or map typeRef that
// carries the name (typeRef.named), which only the rendering of Go types
// reads. The storage twin declares a type of the same name, with the twin's
// element types; methods are not copied (one that writes its own JSON is
// refused, see ownEncoding).
type collection struct {
	name string
	ref  *typeRef // the underlying type, without the name
	comments
	pos token.Pos
}

// field is a field of an object.
type field struct {
	name      string
	jsonName  string // the name encoding/json uses
	tag       string // the raw struct tag
	omitEmpty bool
	ref       *typeRef
	embedded  bool
	comments
	listMapKeys []string // JSON names, from +listMapKey
	renamedFrom string   // from +hubspoke:renamedFrom
	statusBags  bool     // propertybag.Bags: where an API version's status carries status bags
	via         []string // the embedded structs a promoted field comes through (see members)
}

type refKind int

const (
	refBasic    refKind = iota // string, int32, bool...
	refEnum                    // a named scalar type of the version
	refObject                  // a struct type of the version
	refExternal                // a named type of another package (metav1.Time)
	refPointer
	refSlice
	refMap
)

// typeRef is the type of a field, in terms of the version's own types.
type typeRef struct {
	kind refKind
	name string     // refEnum, refObject: the type's name
	typ  types.Type // refBasic, refExternal: the type; refEnum: its basic type
	elem *typeRef   // refPointer, refSlice, refMap
	key  *typeRef   // refMap
	// named is, for refSlice and refMap, the name of the version's
	// collection type the value has ("" for a slice or map type literal).
	// Two values of the same shape convert alike whatever their names; the
	// names only make the Go types distinct (see identical, convertible).
	named string
}

func (r *typeRef) String() string {
	switch r.kind {
	case refBasic, refExternal:
		return types.TypeString(r.typ, packageLabel)
	case refEnum, refObject:
		return r.name
	case refPointer:
		return "*" + r.elem.String()
	}
	if r.named != "" {
		return r.named
	}
	switch r.kind {
	case refSlice:
		return "[]" + r.elem.String()
	case refMap:
		return "map[" + r.key.String() + "]" + r.elem.String()
	}
	return "?"
}

// scalar reports whether r is a basic type or a named type whose
// underlying type is basic, and returns that basic type.
func (r *typeRef) scalar() (*types.Basic, bool) {
	switch r.kind {
	case refBasic, refEnum:
		b, ok := r.typ.Underlying().(*types.Basic)
		return b, ok
	case refExternal:
		b, ok := r.typ.Underlying().(*types.Basic)
		return b, ok
	}
	return nil, false
}

func pointerTo(r *typeRef) *typeRef { return &typeRef{kind: refPointer, elem: r} }

// twinRef returns the type a storage twin gives a field of type r: the same
// shape, with plain values made optional (pointers). Slices, maps and
// pointers stay as they are, and so do the struct fields of a root object
// (spec, status), as in every Kubernetes type.
func twinRef(r *typeRef, rootLevel bool) *typeRef {
	switch {
	case r.kind == refPointer || r.kind == refSlice || r.kind == refMap:
		return r
	case r.kind == refObject && rootLevel:
		return r
	case r.kind == refExternal:
		switch r.typ.Underlying().(type) {
		case *types.Map, *types.Slice, *types.Pointer:
			return r // already optional (corev1.ResourceList)
		}
	}
	return pointerTo(r)
}

// builder builds the versions of the model from loaded packages.
type builder struct {
	errs     *errorList
	versions map[string]*version // by import path of the API package
}

// errorList collects the errors of a generation run: each names the
// version, the type and the property at fault.
type errorList struct{ errs []string }

func (e *errorList) addf(where, format string, args ...any) {
	e.errs = append(e.errs, where+": "+fmt.Sprintf(format, args...))
}

func (e *errorList) err() error {
	if len(e.errs) == 0 {
		return nil
	}
	return fmt.Errorf("%s", strings.Join(e.errs, "\n"))
}

// buildVersion reads the types of an API version from its package.
func (b *builder) buildVersion(v *version, pkg *packages.Package) {
	v.objects, v.enums, v.collections = map[string]*object{}, map[string]*enum{}, map[string]*collection{}
	v.pkgName = pkg.Name
	decls := map[string]declInfo{}
	for _, f := range pkg.Syntax {
		fc := newFileComments(pkg.Fset, f)
		if packageComments(f).has("+kubebuilder:validation:Optional") {
			v.optionalByDefault = true
		}
		if g := packageComments(f).values(markerGroupName); len(g) > 0 {
			if v.group != "" && v.group != g[0] {
				b.errs.addf(v.name, "two +groupName markers: %s and %s", v.group, g[0])
			}
			v.group = g[0]
		}
		prev := f.Name.End()
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				prev = d.End()
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				pos := ts.Pos()
				if len(gd.Specs) == 1 {
					pos = gd.Pos()
				}
				decls[ts.Name.Name] = declInfo{spec: ts, comments: fc.of(pos, doc, prev)}
				prev = ts.End()
			}
			prev = gd.End()
		}
	}
	if v.group == "" {
		b.errs.addf(v.name, "no +groupName marker in the package comment")
	}
	scope := pkg.Types.Scope()
	var roots []string
	for _, name := range scope.Names() {
		if d, ok := decls[name]; ok && d.comments.has(markerRoot) {
			roots = append(roots, name)
		}
	}
	bb := &versionBuilder{builder: b, v: v, pkg: pkg, decls: decls, building: map[string]bool{}}
	for _, name := range roots {
		bb.object(name, true)
	}
	// In the order of the source: by file name, then by place in the file
	// (token positions alone follow the order in which go/packages parsed
	// the files, which varies).
	slices.SortFunc(v.types, func(a, b string) int { return sourceOrder(pkg.Fset, bb.pos(a), bb.pos(b)) })
	for _, name := range v.types {
		o, ok := v.objects[name]
		if !ok || !o.root {
			continue
		}
		if o.list {
			v.lists = append(v.lists, name)
		} else {
			v.kinds = append(v.kinds, name)
		}
	}
	if len(v.kinds) == 0 {
		b.errs.addf(v.name, "no root type (+kubebuilder:object:root=true)")
	}
	bb.checkStatus()
	v.twins = map[string]*object{}
	for name, o := range v.objects {
		v.twins[name] = twinObject(o)
	}
}

type declInfo struct {
	spec *ast.TypeSpec
	comments
}

// versionBuilder builds the types of one version.
type versionBuilder struct {
	*builder
	v     *version
	pkg   *packages.Package
	decls map[string]declInfo
	// building holds the collections whose underlying type ref is
	// resolving, since the last struct: one met again before a struct
	// is a type that holds itself through slices and maps alone.
	building map[string]bool
	// constants holds the values of the package's string constants by
	// their named type (see typedConstants); nil until first asked.
	constants map[*types.TypeName][]string
}

// sourceOrder orders two positions by file name, then by place in the file.
func sourceOrder(fset *token.FileSet, a, b token.Pos) int {
	pa, pb := fset.Position(a), fset.Position(b)
	return cmp.Or(strings.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
}

func (bb *versionBuilder) pos(name string) token.Pos {
	if o, ok := bb.v.objects[name]; ok {
		return o.pos
	}
	if c, ok := bb.v.collections[name]; ok {
		return c.pos
	}
	return bb.v.enums[name].pos
}

// object adds the struct type name, and every type its fields use.
func (bb *versionBuilder) object(name string, root bool) {
	v := bb.v
	if _, done := v.objects[name]; done {
		return
	}
	obj := bb.pkg.Types.Scope().Lookup(name)
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		bb.errs.addf(v.name, "%s: a root type must be a struct", name)
		return
	}
	d, ok := bb.decls[name]
	if !ok {
		bb.errs.addf(v.name, "%s: no declaration found", name)
		return
	}
	if m := ownEncoding(obj.Type()); root && m != "" {
		// A field's type is checked where the field is read (ref).
		bb.errs.addf(fmt.Sprintf("%s %s", v.name, name), "the root type writes its own JSON (%s), which its storage twin, a copy of the type without its methods, would not: "+
			"the twin would store other JSON; let encoding/json write the kind by its fields", m)
		return
	}
	if d.has(markerStorageVersion) {
		bb.errs.addf(fmt.Sprintf("%s %s", v.name, name), "+kubebuilder:storageversion belongs to the hub's storage twin, which the generator writes: remove it from the API version")
	}
	o := &object{name: name, root: root, comments: d.comments, pos: obj.Pos()}
	v.objects[name] = o
	v.types = append(v.types, name)
	// A collection met again below this struct holds itself through it,
	// which is fine (type Nodes []Node; type Node struct{ Children Nodes }).
	saved := bb.building
	bb.building = map[string]bool{}
	defer func() { bb.building = saved }()
	for _, m := range bb.members(name, st, d.spec, root, nil) {
		fv, tag := m.v, m.tag
		jsonName, opts := jsonTag(tag)
		where := fmt.Sprintf("%s %s.%s", v.name, name, fv.Name())
		// An embedded struct with a JSON name is an ordinary property
		// (named after its type); one without is flattened by members,
		// except for a root type's metadata.
		embedded := fv.Embedded() && (jsonName == "" || root && isNamed(fv.Type(), pathMetaV1, fv.Name()))
		f := &field{name: fv.Name(), tag: tag, embedded: embedded, via: m.via}
		f.jsonName = jsonName
		if _, tagged := reflect.StructTag(tag).Lookup("json"); tagged && !fv.Embedded() && (jsonName == "" || slices.Contains(strings.Split(opts, ","), "inline")) {
			// controller-gen puts the properties of such a field inline in
			// the CRD's schema, where encoding/json writes them under the
			// field's name: the API server would drop what a client writes.
			bb.errs.addf(where, "the JSON tag %q of %s, a field that is not embedded: encoding/json writes the field as %q, but controller-gen's CRD schema inlines it (a field without a JSON name or with inline), so the API server would drop it: give the field a JSON name without inline, or embed its type",
				reflect.StructTag(tag).Get("json"), describeMember(fv.Name(), m.via), cmp.Or(jsonName, fv.Name()))
		}
		if f.jsonName == "" && !f.embedded {
			f.jsonName = fv.Name()
		}
		f.omitEmpty = slices.Contains(strings.Split(opts, ","), "omitempty")
		if m.ast != nil {
			f.comments = fieldComments(m.ast.Doc)
		}
		if slices.Contains(strings.Split(opts, ","), "string") {
			bb.quotedScalar(f, fv.Type(), where)
		}
		if f.name == "PropertyBag" || f.jsonName == "$propertyBag" {
			bb.errs.addf(where, "the name is the storage twin's property bag's: rename the field")
		}
		// Go refuses a field and a method of one name: the methods the
		// conversions declare on every struct, and those of a kind.
		methods := []string{assignTo(name), assignFrom(name)}
		if root {
			methods = append(methods, "Link", "ConvertTo", "ConvertFrom", "Hub")
		}
		if slices.Contains(methods, f.name) {
			bb.errs.addf(where, "the generated conversions declare a method %s on %s (in the API version or its storage twin), which Go refuses beside a field of that name: rename the field", f.name, name)
		}
		f.listMapKeys = f.values(markerListMapKey)
		if r := f.values(markerRenamedFrom); len(r) > 0 {
			f.renamedFrom = r[0]
		}
		if i := slices.IndexFunc(o.fields, func(g *field) bool { return g.name == f.name }); i >= 0 {
			bb.errs.addf(where, "%s and %s are both named %s: Go hides both; rename one",
				describeMember(o.fields[i].name, o.fields[i].via), describeMember(f.name, f.via), f.name)
			continue
		}
		if i := slices.IndexFunc(o.fields, func(g *field) bool { return !f.embedded && g.jsonName == f.jsonName }); i >= 0 {
			bb.errs.addf(where, "%s and %s are both %q in JSON: encoding/json drops both; rename one",
				describeMember(o.fields[i].name, o.fields[i].via), describeMember(f.name, f.via), f.jsonName)
			continue
		}
		o.fields = append(o.fields, f)
		if f.embedded {
			bb.embedded(o, f, fv, where)
			continue
		}
		if isNamed(fv.Type(), pathPropertybag, "Bags") {
			f.statusBags = true
			continue
		}
		f.ref = bb.ref(fv.Type(), where)
		if f.ref != nil && holdsObject(f.ref) {
			// The paths of the bags below it (boundary's annotation keys)
			// join JSON names with "." and name elements in brackets.
			if i := strings.IndexAny(f.jsonName, ".[]"); i >= 0 {
				use := "between names"
				if f.jsonName[i] != '.' {
					use = "around the keys of elements"
				}
				bb.errs.addf(where, "the JSON name %q holds %q, which the paths of the property bags of the structs below it use %s (such a path would name another place too): not supported; rename the property in JSON, or hold no struct of the version in it",
					f.jsonName, f.jsonName[i:i+1], use)
			}
		}
		if r := f.ref; r != nil && len(f.listMapKeys) == 0 {
			// The list-map keys of a list type (+listMapKey on the type,
			// as controller-gen reads them there too), held directly or
			// through pointers.
			for r.kind == refPointer {
				r = r.elem
			}
			if r.named != "" {
				f.listMapKeys = v.collections[r.named].values(markerListMapKey)
			}
		}
	}
	if root {
		if f := o.field("Items"); f != nil && f.ref != nil && f.ref.kind == refSlice && f.ref.elem.kind == refObject && strings.HasSuffix(name, "List") {
			o.list = true
		}
	}
}

// quotedScalar refuses the ",string" JSON option on a field of t that
// encoding/json then writes as a quoted string (a bool, an integer or a
// float, through one pointer, as encoding/json reads the option; a type
// that writes its own JSON ignores it), unless the field or its type
// says +kubebuilder:validation:Type=string: controller-gen's schema
// ignores the option (type: integer, boolean or number, checked with
// controller-tools v0.20.1), so the API server would refuse every object
// that sets the field, at every version that declares it so. With the
// marker the schema takes the quoted text, and the storage twin, which
// copies both the tag and the marker, writes and declares the same.
func (bb *versionBuilder) quotedScalar(f *field, t types.Type, where string) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) == 0 || ownEncoding(t) != "" {
		return
	}
	const marker = "+kubebuilder:validation:Type="
	declared := f.values(marker)
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == bb.pkg.Types {
		declared = append(declared, bb.decls[n.Obj().Name()].values(marker)...)
	}
	if slices.Contains(declared, "string") {
		return
	}
	schema, example := "integer", `"3"`
	switch {
	case b.Info()&types.IsBoolean != 0:
		schema, example = "boolean", `"true"`
	case b.Info()&types.IsFloat != 0:
		schema, example = "number", `"1.5"`
	}
	bb.errs.addf(where, "the JSON tag %q makes encoding/json write the %s as a JSON string (%s), but controller-gen's CRD schema ignores \",string\" and says type: %s, so the API server would refuse every object that sets the field: "+
		"remove \",string\" from the tag, or, to keep the quoted JSON, add // +kubebuilder:validation:Type=string to the field (and a +kubebuilder:validation:Pattern its text must match)",
		reflect.StructTag(f.tag).Get("json"), types.TypeString(t, func(p *types.Package) string { return p.Name() }), example, schema)
}

// embedded checks an embedded field that members did not flatten: only
// the metadata of root types (metav1.TypeMeta, ObjectMeta, ListMeta) stays
// embedded.
func (bb *versionBuilder) embedded(o *object, f *field, fv *types.Var, where string) {
	named, ok := types.Unalias(fv.Type()).(*types.Named)
	if ok && o.root && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == pathMetaV1 {
		switch named.Obj().Name() {
		case "TypeMeta", "ObjectMeta", "ListMeta":
			f.ref = &typeRef{kind: refExternal, typ: named}
			return
		}
	}
	if _, ptr := types.Unalias(fv.Type()).(*types.Pointer); ptr {
		bb.errs.addf(where, "an embedded pointer is not supported: embed the struct by value (its fields are then properties of %s) or make it a named field", o.name)
		return
	}
	bb.errs.addf(where, "an embedded %s is not supported: only structs are embedded (their fields are then properties of %s)",
		types.TypeString(fv.Type(), func(p *types.Package) string { return p.Name() }), o.name)
}

// packageLabel names a package of another module in what the generator
// prints of the types of properties (explain, notes): by its name, or, for one named as an API
// version is (k8s.io/api/core/v1), by its last two path elements, as the
// generated code imports it (corev1): in a group that has a version v1,
// *v1.Container would read as that version's.
func packageLabel(p *types.Package) string {
	if _, err := hub.ParseVersion(p.Name()); err == nil {
		if dir := path.Base(path.Dir(p.Path())); dir != "." && dir != "/" {
			return identifier(dir + p.Name())
		}
	}
	return p.Name()
}

// member is a field of a struct as encoding/json sees it: declared in the
// struct, or promoted from an embedded struct (via names the embedded
// fields it comes through).
type member struct {
	v   *types.Var
	tag string
	ast *ast.Field // nil for a field of another package's type
	via []string
}

// members lists the fields of the struct st (declared by spec, nil for
// another package's type) that conversions treat as its properties. A
// struct embedded by value without a JSON name, as in
//
//	type WidgetSpec struct {
//		Common `json:",inline"`
//	}
//
// is flattened: its fields count as the embedding struct's own (Go promotes
// them, encoding/json writes them inline), so the storage twin declares them
// directly and conversions reach them through promotion. The metadata of a
// root type stays embedded. A field declared at a shallower depth hides one
// of the same name deeper down, as in Go and encoding/json.
func (bb *versionBuilder) members(name string, st *types.Struct, spec *ast.TypeSpec, root bool, via []string) []member {
	astFields := map[token.Pos]*ast.Field{}
	if spec != nil {
		if s, ok := spec.Type.(*ast.StructType); ok {
			for _, f := range s.Fields.List {
				if len(f.Names) == 0 {
					astFields[embeddedPos(f.Type)] = f
				}
				for _, n := range f.Names {
					astFields[n.Pos()] = f
				}
			}
		}
	}
	var all []member
	for i := range st.NumFields() {
		fv := st.Field(i)
		tag := st.Tag(i)
		jsonName, _ := jsonTag(tag)
		if skippedByJSON(tag) {
			continue
		}
		// encoding/json writes the exported fields of a struct embedded by
		// value even when its type is unexported; any other unexported
		// field it leaves out.
		_, isPtr := fv.Type().(*types.Pointer)
		if !fv.Exported() && !(fv.Embedded() && jsonName == "" && !isPtr) {
			continue
		}
		m := member{v: fv, tag: tag, ast: astFields[fv.Pos()], via: via}
		if fv.Embedded() && jsonName == "" && !(root && isNamed(fv.Type(), pathMetaV1, fv.Name())) {
			named, isNamedType := types.Unalias(fv.Type()).(*types.Named)
			inner, isStruct := fv.Type().Underlying().(*types.Struct)
			if isNamedType && isStruct && len(via) < 8 {
				var innerSpec *ast.TypeSpec
				if named.Obj().Pkg() == bb.pkg.Types {
					innerSpec = bb.decls[named.Obj().Name()].spec
				}
				all = append(all, bb.members(name, inner, innerSpec, false, append(slices.Clone(via), fv.Name()))...)
				continue
			}
		}
		if !fv.Exported() {
			continue
		}
		all = append(all, m)
	}
	return slices.DeleteFunc(all, func(m member) bool {
		return len(m.via) > len(via) && slices.ContainsFunc(all, func(d member) bool {
			return len(d.via) == len(via) && (d.v.Name() == m.v.Name() || d.jsonName() == m.jsonName())
		})
	})
}

// jsonName is the name encoding/json gives the member ("" for an embedded
// struct written inline).
func (m member) jsonName() string {
	name, _ := jsonTag(m.tag)
	if name == "" && !m.v.Embedded() {
		return m.v.Name()
	}
	return name
}

// describeMember names a field for an error: "Owner", or "Owner (from the
// embedded Common)".
func describeMember(name string, via []string) string {
	if len(via) == 0 {
		return name
	}
	return fmt.Sprintf("%s (from the embedded %s)", name, strings.Join(via, "."))
}

func embeddedPos(e ast.Expr) token.Pos {
	switch e := e.(type) {
	case *ast.StarExpr:
		return embeddedPos(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Pos()
	case *ast.IndexExpr:
		return embeddedPos(e.X)
	}
	return e.Pos()
}

func isNamed(t types.Type, pkgPath, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkgPath && n.Obj().Name() == name
}

// jsonTag returns the name and the options of the json key of a struct tag.
// A field that encoding/json skips has the tag "-" and no options (see
// skippedByJSON); `json:"-,"` names its field "-".
func jsonTag(tag string) (name, opts string) {
	t, _ := reflect.StructTag(tag).Lookup("json")
	name, opts, _ = strings.Cut(t, ",")
	return name, opts
}

// skippedByJSON reports whether encoding/json skips the field of the struct
// tag: its json key is "-" alone, not "-," (a property named "-").
func skippedByJSON(tag string) bool {
	return reflect.StructTag(tag).Get("json") == "-"
}

// ref resolves the type of a field.
func (bb *versionBuilder) ref(t types.Type, where string) *typeRef {
	v := bb.v
	if b, ok := t.Underlying().(*types.Basic); ok && (b.Info()&types.IsComplex != 0 || b.Kind() == types.UnsafePointer) && ownEncoding(t) == "" {
		bb.errs.addf(where, "type %s is not supported: encoding/json cannot write a %s", types.TypeString(t, func(p *types.Package) string { return p.Name() }), b)
		return nil
	}
	written := t
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		if t.Kind() == types.Invalid {
			bb.errs.addf(where, "the type does not resolve (does the package compile?)")
			return nil
		}
		return &typeRef{kind: refBasic, typ: t}
	case *types.Pointer:
		elem := bb.ref(t.Elem(), where)
		if elem != nil && elem.kind == refPointer {
			bb.errs.addf(where, "pointers to pointers are not supported")
			return nil
		}
		if elem == nil {
			return nil
		}
		return pointerTo(elem)
	case *types.Slice:
		elem := bb.ref(t.Elem(), where)
		if elem == nil {
			return nil
		}
		return &typeRef{kind: refSlice, elem: elem}
	case *types.Map:
		key, elem := bb.ref(t.Key(), where), bb.ref(t.Elem(), where)
		if key == nil || elem == nil {
			return nil
		}
		// A string type of the version keys a map as upstream's types do
		// (Gateway API's map[AnnotationKey]AnnotationValue, DRA's
		// map[QualifiedName]DeviceAttribute): the twin keys by its own
		// copy of the type, and the generated copies convert each key.
		namedString := key.kind == refEnum && isStringScalar(key)
		if key.kind != refBasic && !namedString && !(key.kind == refExternal && isBasicUnderlying(key.typ)) {
			bb.errs.addf(where, "map keys of type %s are not supported (use a basic type such as string)", key)
			return nil
		}
		// encoding/json writes string and integer keys, and those of
		// another package's type that writes itself as text.
		if b, ok := t.Key().Underlying().(*types.Basic); ok && b.Info()&(types.IsString|types.IsInteger) == 0 && !(key.kind == refExternal && ownEncoding(key.typ) == "MarshalText") {
			bb.errs.addf(where, "map keys of type %s are not supported: encoding/json writes only string and integer keys (use a string type)", key)
			return nil
		}
		return &typeRef{kind: refMap, key: key, elem: elem}
	case *types.Named:
		obj := t.Obj()
		switch {
		case obj.Pkg() == nil:
			bb.errs.addf(where, "type %s is not supported", obj.Name())
			return nil
		case obj.Pkg() == bb.pkg.Types:
			if t.TypeArgs().Len() > 0 {
				bb.errs.addf(where, "generic type %s is not supported", obj.Name())
				return nil
			}
			if m := ownEncoding(t); m != "" {
				bb.errs.addf(where, "type %s of the version writes its own JSON (%s), which its storage twin, a copy of the type without its methods, would not: "+
					"the twin would store other JSON, without what fields encoding/json skips hold (`json:\"-\"`); declare the type in a package "+
					"every version imports (as apiextensions' JSON is), whose types the twins use as they are", obj.Name(), m)
				return nil
			}
			switch u := t.Underlying().(type) {
			case *types.Struct:
				bb.object(obj.Name(), false)
				return &typeRef{kind: refObject, name: obj.Name()}
			case *types.Basic:
				if _, done := v.enums[obj.Name()]; !done {
					e := &enum{name: obj.Name(), basic: u, comments: bb.decls[obj.Name()].comments, pos: obj.Pos()}
					if e.has(markerK8sEnum) {
						e.constants = bb.typedConstants(t)
					} else if u.Info()&types.IsString != 0 {
						e.looseConstants = bb.typedConstants(t)
					}
					v.enums[obj.Name()] = e
					v.types = append(v.types, obj.Name())
				}
				return &typeRef{kind: refEnum, name: obj.Name(), typ: u}
			case *types.Slice, *types.Map:
				return bb.collection(obj, u, where)
			case *types.Array:
				bb.errs.addf(where, "type %s is a named %s: arrays are not supported (use a slice)", obj.Name(), types.TypeString(u, types.RelativeTo(bb.pkg.Types)))
				return nil
			default:
				bb.errs.addf(where, "type %s is a named %s: only named structs, slices, maps and basic types are supported in a version package",
					obj.Name(), types.TypeString(u, types.RelativeTo(bb.pkg.Types)))
				return nil
			}
		case obj.Pkg().Path() == pathPropertybag:
			bb.errs.addf(where, "API versions have no property bags (the generator adds them to the storage twin)")
			return nil
		case bb.versions[obj.Pkg().Path()] != nil:
			through := ""
			if a, ok := written.(*types.Alias); ok && a.Obj().Pkg() == bb.pkg.Types {
				through = fmt.Sprintf(" (through its alias %s)", a.Obj().Name())
			}
			bb.errs.addf(where, "uses %s.%s%s: a version package must not use the types of another version: its storage twin and its conversions "+
				"are made of the types it declares; declare them in %s (a copy of %s's), even where the API declares them as aliases of another "+
				"version's (Gateway API's v1beta1 types, aliases of v1's)", obj.Pkg().Name(), obj.Name(), through, bb.pkg.Name, obj.Pkg().Name())
			return nil
		}
		return &typeRef{kind: refExternal, typ: t}
	case *types.Array:
		bb.errs.addf(where, "arrays are not supported (use a slice)")
	case *types.Interface:
		bb.errs.addf(where, "interface types are not supported")
	case *types.Struct:
		bb.errs.addf(where, "anonymous struct types are not supported (declare a named type)")
	default:
		bb.errs.addf(where, "type %s is not supported", t)
	}
	return nil
}

// typedConstants returns the values, sorted and without repeats, of the
// string constants of type t that the version's package declares at
// package level (const ResourceMetricSourceType MetricSourceType =
// "Resource"), exported or not; nil when it declares none. Constants of t
// in other packages are not in the package's scope and are not read. The
// package's constants are grouped by type once, on the first call: every
// string type of the version asks (see enum.looseConstants), and Azure
// Service Operator's packages declare hundreds of them.
func (bb *versionBuilder) typedConstants(t *types.Named) []string {
	if bb.constants == nil {
		bb.constants = map[*types.TypeName][]string{}
		scope := bb.pkg.Types.Scope()
		for _, name := range scope.Names() {
			c, ok := scope.Lookup(name).(*types.Const)
			if !ok || c.Val().Kind() != constant.String {
				continue
			}
			if n, ok := types.Unalias(c.Type()).(*types.Named); ok {
				bb.constants[n.Obj()] = append(bb.constants[n.Obj()], constant.StringVal(c.Val()))
			}
		}
	}
	vals := bb.constants[t.Obj()]
	if vals == nil {
		return nil
	}
	out := slices.Clone(vals)
	slices.Sort(out)
	return slices.Compact(out)
}

// collection resolves a named slice or map type of the version (obj, of
// underlying type u): the typeRef of u, carrying the name, and the
// collection the twin declares.
func (bb *versionBuilder) collection(obj types.Object, u types.Type, where string) *typeRef {
	v, name := bb.v, obj.Name()
	if bb.building[name] {
		bb.errs.addf(where, "type %s holds itself through slices and maps alone: not supported (hold it through a struct)", name)
		return nil
	}
	bb.building[name] = true
	r := bb.ref(u, where)
	delete(bb.building, name)
	if r == nil {
		return nil
	}
	if _, done := v.collections[name]; !done {
		v.collections[name] = &collection{name: name, ref: r, comments: bb.decls[name].comments, pos: obj.Pos()}
		v.types = append(v.types, name)
	}
	named := *r
	named.named = name
	return &named
}

// ownEncoding returns the method by which values of t choose their own
// JSON ("MarshalJSON", or "MarshalText", which encoding/json uses too), or
// "" when encoding/json writes them by their fields or as their basic value.
func ownEncoding(t types.Type) string {
	ms := types.NewMethodSet(types.NewPointer(t))
	for _, m := range []string{"MarshalJSON", "MarshalText"} {
		if ms.Lookup(nil, m) != nil {
			return m
		}
	}
	return ""
}

func isBasicUnderlying(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// checkStatus checks that the status of every kind carries the status bags:
// values of other versions inside status travel in the status itself (see
// reflectbags.Stash), in a field of type propertybag.Bags.
func (bb *versionBuilder) checkStatus() {
	v := bb.v
	statuses := map[string]bool{}
	for _, kind := range v.kinds {
		statuses[statusType(v.objects[kind])] = true
	}
	// A propertybag.Bags elsewhere is nobody's: neither the copies nor
	// the bag transport would carry what it holds.
	for _, name := range v.types {
		o, ok := v.objects[name]
		if !ok {
			continue
		}
		var bags []string
		for _, f := range o.fields {
			if f.statusBags {
				bags = append(bags, f.name)
			}
		}
		switch {
		case len(bags) > 0 && !statuses[name]:
			bb.errs.addf(fmt.Sprintf("%s %s.%s", v.name, name, bags[0]),
				"a propertybag.Bags carries the status values of other versions in the status of a kind, and %s is none: what the field holds would not be converted; remove it, or give it another type", name)
		case len(bags) > 1:
			bb.errs.addf(fmt.Sprintf("%s %s.%s", v.name, name, bags[1]),
				"a second propertybag.Bags in the status (beside %s), which would not be converted: remove it", bags[0])
		}
	}
	for _, kind := range v.kinds {
		name := statusType(v.objects[kind])
		if name == "" {
			continue
		}
		status := v.objects[name]
		has := false
		for _, sf := range status.fields {
			has = has || sf.statusBags
		}
		if !has {
			bb.errs.addf(fmt.Sprintf("%s %s", v.name, status.name),
				"the status of %s needs a field for the status values of other versions (see package boundary); add\n\n"+
					"\t// +optional\n\tPropertyBags propertybag.Bags `json:\"$propertyBags,omitempty\"`\n", kind)
		}
	}
}

// twinObject returns the storage twin of o: the same fields, every one
// optional, without the status bags (the twin keeps its own bags).
func twinObject(o *object) *object {
	t := &object{name: o.name, root: o.root, list: o.list, comments: o.comments, pos: o.pos}
	for _, f := range o.fields {
		if f.statusBags {
			continue
		}
		tf := *f
		if f.ref != nil && !f.embedded && !o.list {
			tf.ref = twinRef(f.ref, o.root)
		}
		t.fields = append(t.fields, &tf)
	}
	return t
}
