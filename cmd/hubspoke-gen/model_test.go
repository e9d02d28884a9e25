package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// describe renders the model of a step: for each pair, each property and
// what the step does with it.
func describe(s *step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s → %s\n", s.hostName, s.otherName)
	for _, p := range s.pairs {
		hooks := ""
		if p.hookTo {
			hooks += " hookTo"
			if p.hookToReadsBag {
				hooks += "(reads the source's bag)"
			}
		}
		if p.hookFrom {
			hooks += " hookFrom"
			if p.hookFromReadsBag {
				hooks += "(reads the source's bag)"
			}
		}
		fmt.Fprintf(&b, "  %s%s\n", p.name, hooks)
		for _, pr := range p.props {
			line := pr.name() + ": " + pr.action.String()
			if pr.renamed {
				line += " (renamed to " + pr.other.name + ")"
			}
			if pr.action == actRetype {
				line += fmt.Sprintf(" (%s → %s)", pr.host.ref, pr.other.ref)
			}
			fmt.Fprintf(&b, "    %s\n", line)
		}
	}
	return b.String()
}

func TestPersonModel(t *testing.T) {
	out, err := generate("testdata/person/api", options{})
	if err != nil {
		t.Fatal(err)
	}
	c := out.chain
	var names []string
	for _, v := range c.versions {
		toward := "-"
		if v.towardHub != nil {
			toward = v.towardHub.name
		}
		names = append(names, v.name+"→"+toward)
	}
	if got, want := strings.Join(names, " "), "v1→v2 v2→v3 v3→-"; got != want {
		t.Errorf("versions: got %s, want %s", got, want)
	}
	if c.hub.name != "v3" || c.group != "crm.example.com" || strings.Join(c.kinds, ",") != "Person" {
		t.Errorf("hub %s, group %s, kinds %v", c.hub.name, c.group, c.kinds)
	}
	var got strings.Builder
	for _, v := range c.versions[:2] {
		got.WriteString(describe(c.storage[v]))
	}
	want := `v1storage → v2storage
  Person
    Spec: converted
    Status: converted
  PersonSpec hookTo hookFrom(reads the source's bag)
    Name: stashed
    Nickname: copied
    Address: converted
    FirstName: recalled
    LastName: recalled
    Age: recalled
    Tier: recalled
    Contacts: recalled
    Accounts: recalled
  Address
    Street: copied
    City: copied
  PersonStatus
    Phase: copied
v2storage → v3storage
  Person
    Spec: converted
    Status: converted
  PersonSpec
    FirstName: copied
    LastName: copied
    Nickname: copied (renamed to KnownAs)
    Age: type changed (*string → *int32)
    Tier: converted
    Address: converted
    Contacts: converted
    Accounts: converted
  Address
    Street: copied
    City: copied
    Country: recalled
  Contact
    Kind: copied
    Value: copied
    Preferred: recalled
  Account
    Balance: copied
    Currency: recalled
  PersonStatus
    Phase: copied
    Conditions: recalled
`
	if diff := cmp.Diff(want, got.String()); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}

	// The twin step of v3: every property to its optional twin.
	if got, want := describe(c.twin[c.hub]), `v3 → v3storage
  Person
    Spec: converted
    Status: converted
  PersonSpec
    FirstName: converted
    LastName: converted
    KnownAs: converted
    Age: converted
    Tier: converted
    Address: converted
    Contacts: converted
    Accounts: converted
  Address
    Street: converted
    City: converted
    Country: converted
  Contact
    Kind: converted
    Value: converted
    Preferred: converted
  Account
    Balance: converted
    Currency: converted
  PersonStatus
    Phase: converted
    Conditions: copied
`; got != want {
		t.Errorf("twin step (-want +got):\n%s", cmp.Diff(want, got))
	}

	// The storage twin: every property optional, list-map keys in a tag, the
	// status bags left to the API version.
	spec := c.hub.twins["PersonSpec"]
	for name, want := range map[string]string{"FirstName": "*string", "Address": "*Address", "Contacts": "[]Contact", "Accounts": "map[string]Account", "Tier": "*Tier"} {
		if got := spec.field(name).ref.String(); got != want {
			t.Errorf("v3storage PersonSpec.%s: got %s, want %s", name, got, want)
		}
	}
	if got, want := twinTag(spec.field("Contacts")), `json:"contacts,omitempty" hubspoke:"listMapKey=kind"`; got != want {
		t.Errorf("Contacts tag: got %s, want %s", got, want)
	}
	if c.hub.twins["PersonStatus"].field("PropertyBags") != nil {
		t.Error("the twin of PersonStatus keeps the API version's status bags")
	}
	if got := c.hub.twins["Person"].field("Spec").ref.String(); got != "PersonSpec" {
		t.Errorf("v3storage Person.Spec: got %s, want PersonSpec (a root's struct fields stay values)", got)
	}
}

func TestRetypedBagKeys(t *testing.T) {
	out, err := generate("testdata/retyped/api", options{})
	if err != nil {
		t.Fatal(err)
	}
	var retyped []string // the notes of the properties that change type (the case's widened enums have one of their own)
	for _, n := range out.notes {
		if strings.Contains(n, " changes type (") {
			retyped = append(retyped, n)
		}
	}
	if len(retyped) != 3 || !strings.Contains(retyped[0], "WidgetSpec.Size changes type (*string in v1storage, *int64 in v2storage) and needs a hook") ||
		!strings.Contains(retyped[1], "WidgetSpec.Weights changes type (map[string]int32 in v1storage, map[int32]int32 in v2storage) and needs a hook") {
		t.Errorf("notes: %q", out.notes)
	}
	code := string(out.files[mustAbs(t, "testdata/retyped/api/v1storage/"+fileConversion)])
	for _, want := range []string{`propertybag.Pull[int64](&bag, "Size@v2storage")`, `propertybag.Add(&bag, "Size@v1storage", s.Size)`,
		`propertybag.Pull[string](&bag, "Size@v1storage")`, `propertybag.Add(&bag, "Size@v2storage", src.Size)`} {
		if !strings.Contains(code, want) {
			t.Errorf("v1storage conversion lacks %s", want)
		}
	}
}

func TestLowerCamel(t *testing.T) {
	for in, want := range map[string]string{"Id": "id", "ID": "id", "URLPath": "urlPath", "HTTP": "http", "FirstName": "firstName", "X": "x", "already": "already"} {
		if got := lowerCamel(in); got != want {
			t.Errorf("lowerCamel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLocalNames(t *testing.T) {
	names := newNamer()
	names.add("example.com/api/v1storage", "v1storage")
	a := &assign{f: newFile(names, "v1", "example.com/api/v1"), locals: map[string]bool{}}
	for _, c := range []struct{ field, want string }{
		{"Type", "typeValue"},               // a keyword
		{"Convert", "convertValue"},         // a package the code calls
		{"V1storage", "v1storageValue"},     // the other version's package
		{"Len", "lenValue"},                 // a builtin
		{"Err", "errValue"},                 // a name the code declares
		{"Name", "name"},                    //
		{"NAME", "name2"},                   // taken in this function
		{"Metav1", "metav1Value"},           // an external package
		{"Propertybag", "propertybagValue"}, //
	} {
		if got := a.local(c.field); got != c.want {
			t.Errorf("local(%q) = %q, want %q", c.field, got, c.want)
		}
	}
}

func TestNamer(t *testing.T) {
	n := newNamer()
	for _, c := range []struct{ path, name, want string }{
		{"example.com/api/v1", "v1", "v1"},
		{"k8s.io/api/core/v1", "v1", "corev1"},
		{"example.com/other/core/v1", "v1", "v12"},
		{"k8s.io/apimachinery/pkg/apis/meta/v1", "v1", "metav1"},
		{"example.com/fmt", "fmt", "examplecomfmt"},
	} {
		if got := n.add(c.path, c.name); got != c.want {
			t.Errorf("add(%s, %s) = %s, want %s", c.path, c.name, got, c.want)
		}
	}
}

func TestStructTag(t *testing.T) {
	got := structTag(`json:"name,omitempty" protobuf:"bytes,1,opt,name=name" yaml:"a\"b"`)
	want := [][2]string{{"json", "name,omitempty"}, {"protobuf", "bytes,1,opt,name=name"}, {"yaml", `a"b`}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("structTag (-want +got):\n%s", diff)
	}
	f := &field{name: "Ports", tag: `json:"ports" protobuf:"bytes,2"`, ref: &typeRef{kind: refSlice}, listMapKeys: []string{"port", "protocol"}}
	if got, want := twinTag(f), `json:"ports" protobuf:"bytes,2" hubspoke:"listMapKey=port,listMapKey=protocol"`; got != want {
		t.Errorf("twinTag = %s, want %s", got, want)
	}
	f = &field{name: "Size", tag: `json:"size"`, ref: pointerTo(&typeRef{kind: refBasic})}
	if got, want := twinTag(f), `json:"size,omitempty"`; got != want {
		t.Errorf("twinTag = %s, want %s", got, want)
	}
	f = &field{name: "Size", ref: pointerTo(&typeRef{kind: refBasic})}
	if got, want := twinTag(f), `json:"Size,omitempty"`; got != want {
		t.Errorf("twinTag = %s, want %s", got, want)
	}
}

func TestComments(t *testing.T) {
	src := `package p

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// A is a root.
// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=".spec.size"
type A struct {
	// Size of it.
	//
	// In units.
	// +optional
	// +kubebuilder:validation:Minimum=0
	Size int ` + "`json:\"size\"`" + `
	//go:generate nothing
	// Name, after a directive.
	Name string
}
// B directly follows A.
type B struct{}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	fc := newFileComments(fset, f)
	a := f.Decls[0].(*ast.GenDecl)
	got := fc.of(a.Pos(), a.Doc, f.Name.End())
	want := comments{
		doc:     []string{"A is a root."},
		markers: []string{"+kubebuilder:object:root=true", "+kubebuilder:subresource:status", `+kubebuilder:printcolumn:name="Size",type=integer,JSONPath=".spec.size"`},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(comments{})); diff != "" {
		t.Errorf("type comments (-want +got):\n%s", diff)
	}
	fields := a.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType).Fields.List
	got = fieldComments(fields[0].Doc)
	want = comments{doc: []string{"Size of it.", "", "In units."}, markers: []string{"+optional", "+kubebuilder:validation:Minimum=0"}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(comments{})); diff != "" {
		t.Errorf("field comments (-want +got):\n%s", diff)
	}
	if got := fieldComments(fields[1].Doc); strings.Join(got.doc, "|") != "Name, after a directive." {
		t.Errorf("a directive is documentation: %q", got.doc)
	}
	if twin := want.twinMarkers(); strings.Join(twin, " ") != "+kubebuilder:validation:Minimum=0" {
		t.Errorf("twin markers: %v", twin)
	}
	b := f.Decls[1].(*ast.GenDecl)
	if got := fc.of(b.Pos(), b.Doc, a.End()); len(got.markers) != 0 || strings.Join(got.doc, "") != "B directly follows A." {
		t.Errorf("B takes A's comments: %+v", got)
	}
}

// TestSourceOrder: types are ordered by file name and place in the file,
// not by token position, which follows the order in which go/packages
// parsed the files (concurrently: it varies from run to run).
func TestSourceOrder(t *testing.T) {
	fset := token.NewFileSet()
	w := fset.AddFile("widget_types.go", -1, 100) // parsed first: lower positions
	g := fset.AddFile("gadget_types.go", -1, 100)
	if sourceOrder(fset, g.Pos(50), w.Pos(10)) >= 0 {
		t.Error("gadget_types.go does not come before widget_types.go")
	}
	if sourceOrder(fset, w.Pos(10), w.Pos(50)) >= 0 || sourceOrder(fset, w.Pos(10), w.Pos(10)) != 0 {
		t.Error("positions within a file are not in order")
	}
}

// TestTypeRenameModel checks the model of the fixture typerenamed: v2
// renames Customer to Client (marker), Contact to Channel (metadata file)
// and the enum Level to Tier; v3 keeps Client's marker, which has done its
// work. The step pairs the renamed types, keyed by the host's name, and
// names both sides; each type keeps its identity along the chain.
func TestTypeRenameModel(t *testing.T) {
	out, err := generate("testdata/typerenamed/api", options{metadata: "testdata/typerenamed/metadata.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	c := out.chain
	v1, v2, v3 := c.versions[0], c.versions[1], c.versions[2]
	// (Location: Address renamed, whose old name v3 gives a new type.)
	if diff := cmp.Diff(map[string]string{"Client": "Customer", "Channel": "Contact", "Tier": "Level", "Location": "Address"}, v2.renamedTypes); diff != "" {
		t.Errorf("v2's type renames (-want +got):\n%s", diff)
	}
	if len(v3.renamedTypes) != 0 {
		t.Errorf("v3's type renames: %v, want none (its marker was copied forward)", v3.renamedTypes)
	}
	for _, tc := range []struct {
		s          *step
		host, want string
	}{
		{c.storage[v1], "Customer", "Client"},
		{c.storage[v1], "Contact", "Channel"},
		{c.storage[v1], "WidgetSpec", "WidgetSpec"},
		{c.storage[v2], "Client", "Client"},
	} {
		if got := tc.s.otherType(tc.host); got != tc.want {
			t.Errorf("%s → %s: otherType(%s) = %s, want %s", tc.s.hostName, tc.s.otherName, tc.host, got, tc.want)
		}
		if got := tc.s.hostType(tc.want); got != tc.host {
			t.Errorf("%s → %s: hostType(%s) = %s, want %s", tc.s.hostName, tc.s.otherName, tc.want, got, tc.host)
		}
		if p := tc.s.byName[tc.host]; p == nil || p.otherName != tc.want || p.other != tc.s.other.twins[tc.want] {
			t.Errorf("%s → %s: the pair of %s is %+v, want its other side %s", tc.s.hostName, tc.s.otherName, tc.host, p, tc.want)
		}
	}
	ids := c.typeIdentities()
	if ids[v3]["Client"] != "Customer" || ids[v3]["Tier"] != "Level" || ids[v2]["Channel"] != "Contact" || ids[v1]["Customer"] != "Customer" {
		t.Errorf("identities: %v", ids)
	}
	got := describe(c.storage[v1])
	for _, want := range []string{"  Customer\n    Mail: copied (renamed to Email)\n    Fax: stashed\n", "  Contact\n    Kind: copied\n    Value: copied\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("v1storage → v2storage does not say %q:\n%s", want, got)
		}
	}
}

// TestTypeRefPackageLabel: a type of another package named as an API
// version is (k8s.io/api/core/v1's Container) is printed with its last two
// path elements, as the generated code imports it: in explain and the
// notes of a group with a version v1 (Tekton's tekton.dev/v1, whose
// stepTemplate was a corev1.Container in v1beta1), "*v1.Container" read as
// that version's type. Other packages keep their name.
func TestTypeRefPackageLabel(t *testing.T) {
	named := func(pkgPath, pkgName, name string) *typeRef {
		pkg := types.NewPackage(pkgPath, pkgName)
		obj := types.NewTypeName(token.NoPos, pkg, name, nil)
		return &typeRef{kind: refExternal, typ: types.NewNamed(obj, types.NewStruct(nil, nil), nil)}
	}
	for _, c := range []struct {
		r    *typeRef
		want string
	}{
		{pointerTo(named("k8s.io/api/core/v1", "v1", "Container")), "*corev1.Container"},
		{named("k8s.io/apimachinery/pkg/apis/meta/v1", "v1", "Time"), "metav1.Time"},
		{named("k8s.io/api/autoscaling/v2beta1", "v2beta1", "MetricSpec"), "autoscalingv2beta1.MetricSpec"},
		{named("k8s.io/apimachinery/pkg/api/resource", "resource", "Quantity"), "resource.Quantity"},
	} {
		if got := c.r.String(); got != c.want {
			t.Errorf("%s, want %s", got, c.want)
		}
	}
}
