package main

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"strings"
	"testing"
)

// The rule "plain value of an API version ↔ nil or set pointer in its
// storage twin", one row per kind of value: what the copy to the twin does
// with the zero value the version shows, which twin values need a $twin
// entry, and how the generated code tells the zero value. The same table
// is the one in the generator's README (between the optionality table
// markers), which -update rewrites.
var optionalityTable = []struct {
	kind      string // as the docs name it
	decl      string // the API version's field, as the docs show it
	ref       func() *typeRef
	omitEmpty bool
	want      optionality
	zero      string // zeroTest of the value x
	copyTo    string // the generated copy to the twin, of the value x
}{
	{"string", "Name string `json:\"name\"`", basic(types.String), false, optAlwaysSet, `x == ""`, "ptr.To(x)"},
	{"string, omitempty", "Name string `json:\"name,omitempty\"`", basic(types.String), true, optNilOnZero, `x == ""`, "genruntime.PtrIfNotZero(x)"},
	{"bool", "Paused bool `json:\"paused\"`", basic(types.Bool), false, optAlwaysSet, "!x", "ptr.To(x)"},
	{"bool, omitempty", "Paused bool `json:\"paused,omitempty\"`", basic(types.Bool), true, optNilOnZero, "!x", "genruntime.PtrIfNotZero(x)"},
	{"int", "N int `json:\"n\"`", basic(types.Int), false, optAlwaysSet, "x == 0", "ptr.To(x)"},
	{"int8, omitempty", "N int8 `json:\"n,omitempty\"`", basic(types.Int8), true, optNilOnZero, "x == 0", "genruntime.PtrIfNotZero(x)"},
	{"int16", "N int16 `json:\"n\"`", basic(types.Int16), false, optAlwaysSet, "x == 0", "ptr.To(x)"},
	{"int32, omitempty", "N int32 `json:\"n,omitempty\"`", basic(types.Int32), true, optNilOnZero, "x == 0", "genruntime.PtrIfNotZero(x)"},
	{"int64", "N int64 `json:\"n\"`", basic(types.Int64), false, optAlwaysSet, "x == 0", "ptr.To(x)"},
	{"uint8, omitempty", "N uint8 `json:\"n,omitempty\"`", basic(types.Uint8), true, optNilOnZero, "x == 0", "genruntime.PtrIfNotZero(x)"},
	{"uint64", "N uint64 `json:\"n\"`", basic(types.Uint64), false, optAlwaysSet, "x == 0", "ptr.To(x)"},
	// -0.0 == 0: an explicit -0.0 in an omitempty field is shown as absent
	// and needs its entry; NaN != 0 is shown (and JSON cannot carry it).
	{"float32, omitempty (-0.0 is zero, NaN is not)", "Ratio float32 `json:\"ratio,omitempty\"`", basic(types.Float32), true, optNilOnZero, "x == 0", "genruntime.PtrIfNotZero(x)"},
	{"float64 (-0.0 is zero, NaN is not)", "Ratio float64 `json:\"ratio\"`", basic(types.Float64), false, optAlwaysSet, "x == 0", "ptr.To(x)"},
	{"enum (type Tier string), omitempty", "Tier Tier `json:\"tier,omitempty\"`", enumRef, true, optNilOnZero, `x == ""`, "genruntime.PtrIfNotZero(v1storage.Tier(x))"},
	{"struct of the version's own, by value", "Limits Limits `json:\"limits\"`", objectRef, false, optAlwaysSet, "genruntime.PtrIfNotZeroValue(x) == nil", "genruntime.ConvertPointer(&x, ...)"},
	{"resource.Quantity (IsZero), omitempty", "Memory resource.Quantity `json:\"memory,omitempty\"`", quantityRef, true, optNilOnZero, "x.IsZero()", "nil if x.IsZero(), else &x"},
	{"resource.Quantity (IsZero; zero written as \"0\")", "Memory resource.Quantity `json:\"memory\"`", quantityRef, false, optShownAsValue, "x.IsZero()", "genruntime.PtrIfNotZero(x)"},
	{"metav1.Time (IsZero), omitempty", "At metav1.Time `json:\"at,omitempty\"`", timeRef, true, optNilOnZero, "x.IsZero()", "nil if x.IsZero(), else &x"},
	{"metav1.Time (IsZero; zero written as null)", "At metav1.Time `json:\"at\"`", timeRef, false, optNilOnZero, "x == (metav1.Time{})", "genruntime.PtrIfNotZero(x)"},
	// A type of another package that writes its own JSON, without IsZero:
	// Tekton's ParamValue{} is written as "", which reads back as a string
	// param, and IntOrString{} as 0, which reads back as the zero value.
	{"a type of another package with MarshalJSON, no IsZero (Tekton's ParamValue, intstr.IntOrString)", "Value ParamValue `json:\"value\"`", paramValueRef, false, optByJSON,
		"func() bool { got, err := json.Marshal(x); zero, zerr := json.Marshal(common.ParamValue{}); return err == nil && zerr == nil && bytes.Equal(got, zero) }()", "genruntime.PtrIfNotZero(x)"},
	{"[]string, omitempty", "Tags []string `json:\"tags,omitempty\"`", sliceRef, true, optSame, "", "x"},
	{"[]string (nil and empty differ)", "Tags []string `json:\"tags\"`", sliceRef, false, optSame, "", "x"},
	{"map[string]string, omitempty", "Labels map[string]string `json:\"labels,omitempty\"`", mapRef, true, optSame, "", "x"},
	{"map[string]string (nil and empty differ)", "Labels map[string]string `json:\"labels\"`", mapRef, false, optSame, "", "x"},
	{"*int32 (already optional)", "N *int32 `json:\"n,omitempty\"`", func() *typeRef { return pointerTo(basic(types.Int32)()) }, true, optSame, "", "x"},
}

func basic(k types.BasicKind) func() *typeRef {
	return func() *typeRef { return &typeRef{kind: refBasic, typ: types.Typ[k]} }
}

func enumRef() *typeRef { return &typeRef{kind: refEnum, name: "Tier", typ: types.Typ[types.String]} }

func objectRef() *typeRef { return &typeRef{kind: refObject, name: "Limits"} }

func sliceRef() *typeRef { return &typeRef{kind: refSlice, elem: basic(types.String)()} }

func mapRef() *typeRef {
	return &typeRef{kind: refMap, key: basic(types.String)(), elem: basic(types.String)()}
}

// external declares a named struct type of another package with the
// methods IsZero() bool and MarshalJSON() ([]byte, error), as
// resource.Quantity and metav1.Time have them.
func external(pkgPath, pkgName, name string) *typeRef {
	pkg := types.NewPackage(pkgPath, pkgName)
	obj := types.NewTypeName(token.NoPos, pkg, name, nil)
	named := types.NewNamed(obj, types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "s", types.Typ[types.String], false)}, nil), nil)
	recv := types.NewVar(token.NoPos, pkg, "q", types.NewPointer(named))
	isZero := types.NewSignatureType(recv, nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, pkg, "", types.Typ[types.Bool])), false)
	named.AddMethod(types.NewFunc(token.NoPos, pkg, "IsZero", isZero))
	bytes := types.NewSlice(types.Typ[types.Byte])
	errType := types.Universe.Lookup("error").Type()
	marshal := types.NewSignatureType(recv, nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, pkg, "", bytes), types.NewVar(token.NoPos, pkg, "", errType)), false)
	named.AddMethod(types.NewFunc(token.NoPos, pkg, "MarshalJSON", marshal))
	return &typeRef{kind: refExternal, typ: named}
}

// paramValueRef is a named struct type of another package with the method
// MarshalJSON() ([]byte, error) and no IsZero, as Tekton's ParamValue.
func paramValueRef() *typeRef {
	pkg := types.NewPackage("example.com/api/common", "common")
	obj := types.NewTypeName(token.NoPos, pkg, "ParamValue", nil)
	named := types.NewNamed(obj, types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "s", types.Typ[types.String], false)}, nil), nil)
	recv := types.NewVar(token.NoPos, pkg, "p", named)
	errType := types.Universe.Lookup("error").Type()
	marshal := types.NewSignatureType(recv, nil, nil, nil, types.NewTuple(types.NewVar(token.NoPos, pkg, "", types.NewSlice(types.Typ[types.Byte])), types.NewVar(token.NoPos, pkg, "", errType)), false)
	named.AddMethod(types.NewFunc(token.NoPos, pkg, "MarshalJSON", marshal))
	return &typeRef{kind: refExternal, typ: named}
}

func quantityRef() *typeRef {
	return external("k8s.io/apimachinery/pkg/api/resource", "resource", "Quantity")
}
func timeRef() *typeRef { return external(pathMetaV1, "metav1", "Time") }

// TestOptionalityTable: the generator decides the rule of every kind of
// plain value as the table says, for the copy and for the $twin entries
// alike (one function, optionalityOf, decides both), and the README shows
// the same table.
func TestOptionalityTable(t *testing.T) {
	names := newNamer()
	names.add("k8s.io/apimachinery/pkg/api/resource", "resource")
	names.add("example.com/api/common", "common")
	names.add("example.com/api/v1storage", "v1storage")
	for _, row := range optionalityTable {
		af := &field{name: "X", jsonName: "x", omitEmpty: row.omitEmpty, ref: row.ref()}
		tf := &field{name: "X", jsonName: "x", omitEmpty: true, ref: twinRef(af.ref, false)}
		o, byIsZero := optionalityOf(af, tf)
		if o != row.want {
			t.Errorf("%s: rule %q, want %q", row.kind, o, row.want)
			continue
		}
		f := newFile(names, "v1", "example.com/api/v1")
		if o != optSame {
			if got := zeroTest(f, af.ref, byIsZero, "x", f.pkgPath); got != row.zero {
				t.Errorf("%s: zero test %s, want %s", row.kind, got, row.zero)
			}
		}
		// The copy to the twin, as the generator writes it.
		a := newAssign(f, &step{twin: true, hostPath: f.pkgPath, otherPath: "example.com/api/v1storage"}, &pair{host: &object{}}, true)
		a.srcObj, a.dstObj = "s", "dst"
		got := a.convert(af, tf)
		got = strings.ReplaceAll(got, "s.X", "x")
		if pre := a.pre.String(); pre != "" {
			switch {
			case strings.Contains(pre, ".IsZero()"):
				got = "nil if x.IsZero(), else &x"
			case strings.Contains(pre, "ConvertPointer(&s.X"):
				got = "genruntime.ConvertPointer(&x, ...)"
			default:
				got = pre
			}
		}
		if got != row.copyTo {
			t.Errorf("%s: copy to the twin %q, want %q", row.kind, got, row.copyTo)
		}
	}
	checkReadmeTable(t)
}

// optionalityMarkdown renders the table for the README.
func optionalityMarkdown() string {
	var b strings.Builder
	b.WriteString("| API version's field | example | copy to the twin | zero shown when | rule |\n| --- | --- | --- | --- | --- |\n")
	for _, row := range optionalityTable {
		zero := "—"
		if row.zero != "" {
			zero = "`" + row.zero + "`"
		}
		fmt.Fprintf(&b, "| %s | `` %s `` | `%s` | %s | %s |\n", row.kind, row.decl, row.copyTo, zero, row.want)
	}
	return b.String()
}

func checkReadmeTable(t *testing.T) {
	t.Helper()
	const begin, end = "<!-- optionality table: begin -->\n", "<!-- optionality table: end -->"
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("README.md has no optionality table markers")
	}
	want := optionalityMarkdown()
	if got := text[i+len(begin) : j]; got != want {
		if *update {
			if err := os.WriteFile("README.md", []byte(text[:i+len(begin)]+want+text[j:]), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README.md's optionality table differs from the rule's table; run go test -run TestOptionalityTable -update .\nwant:\n%s", want)
	}
}

func TestTidyJoinsLiterals(t *testing.T) {
	for in, want := range map[string]string{
		`path + ".parts" + "[" + "name=" + boundary.Key(x) + "]"`: `path + ".parts[name=" + boundary.Key(x) + "]"`,
		`"a\" + \"b" + "c"`: `"a\" + \"bc"`,
		`"a\\" + "b"`:       `"a\\b"`,
		`f(" + ") + "x"`:    `f(" + ") + "x"`,
	} {
		if got := tidy(in); got != want {
			t.Errorf("tidy(%s) = %s, want %s", in, got, want)
		}
	}
}
