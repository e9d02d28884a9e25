package jsontag_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/internal/jsontag"
)

type Inner struct {
	A string `json:"a"`
}

type Named string

// sample has a field for each case the callers rely on.
type sample struct {
	Plain     string
	Tagged    string `json:"tagged"`
	OmitEmpty string `json:"spec,omitempty"`
	Skipped   string `json:"-"`
	//lint:ignore SA5008 encoding/json names this field "-", a case Name must handle
	DashComma string `json:"-,"`
	DashName  string `json:"-x,omitempty"`
	OnlyOpts  string `json:",omitempty"`
	Inner            // embedded, no tag
	Ptr       *Inner `json:"ptr,omitempty"`
	//lint:ignore U1000 an unexported field, which Name names all the same
	unexp string
	Other Named `json:"other,inline"`
}

type embeds struct {
	Inner `json:",inline"`
}

type embedsOmit struct {
	*Inner `json:",omitempty"`
}

type embedsNamed struct {
	Inner `json:"inner"`
}

type embedsSkipped struct {
	Inner `json:"-"`
}

type embedsNonStruct struct {
	Named
}

func field(t *testing.T, typ reflect.Type, name string) reflect.StructField {
	t.Helper()
	f, ok := typ.FieldByName(name)
	if !ok {
		t.Fatalf("%v has no field %s", typ, name)
	}
	return f
}

func TestName(t *testing.T) {
	s := reflect.TypeFor[sample]()
	for _, tc := range []struct {
		typ   reflect.Type
		field string
		want  string
	}{
		{s, "Plain", "Plain"},                              // no tag: the Go name
		{s, "Tagged", "tagged"},                            // a name
		{s, "OmitEmpty", "spec"},                           // options dropped
		{s, "Skipped", "-"},                                // skipped
		{s, "DashComma", "-"},                              // named "-" by encoding/json, skipped here
		{s, "DashName", "-x"},                              // a name that begins with "-": not skipped
		{s, "OnlyOpts", "OnlyOpts"},                        // options without a name: the Go name
		{s, "Inner", ""},                                   // embedded, no tag: inlined
		{s, "Ptr", "ptr"},                                  // a pointer field
		{s, "unexp", "unexp"},                              // unexported: callers filter it
		{s, "Other", "other"},                              // inline on a named field is an option only
		{reflect.TypeFor[embeds](), "Inner", ""},           // kubebuilder's ,inline
		{reflect.TypeFor[embedsOmit](), "Inner", ""},       // embedded pointer, options only
		{reflect.TypeFor[embedsNamed](), "Inner", "inner"}, // embedded with a name: not inlined
		{reflect.TypeFor[embedsSkipped](), "Inner", "-"},   // embedded and skipped
		{reflect.TypeFor[embedsNonStruct](), "Named", ""},  // embedded non-struct: callers check the kind
	} {
		if got := jsontag.Name(field(t, tc.typ, tc.field)); got != tc.want {
			t.Errorf("Name(%v.%s) = %q, want %q", tc.typ, tc.field, got, tc.want)
		}
	}
}

// The names agree with the keys encoding/json writes for the fields it
// names (not "-", not inlined).
func TestNameMatchesEncodingJSON(t *testing.T) {
	v := sample{Plain: "p", Tagged: "t", OmitEmpty: "o", Skipped: "s", OnlyOpts: "x", DashName: "d", Ptr: &Inner{}, Other: "n"}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		t.Fatal(err)
	}
	typ := reflect.TypeFor[sample]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		n := jsontag.Name(f)
		if !f.IsExported() || n == "" || n == "-" {
			continue
		}
		if _, ok := obj[n]; !ok {
			t.Errorf("field %s: Name %q, not a key of %s", f.Name, n, b)
		}
	}
	if _, ok := obj["a"]; !ok {
		t.Errorf("encoding/json did not inline Inner: %s", b)
	}
	if string(obj["-"]) != `""` { // DashComma's; Skipped's "s" is not written
		t.Errorf(`key "-" is %s, want DashComma's "": %s`, obj["-"], b)
	}
}

// deep embeds a struct that embeds one, and has a field of its own that
// shadows an inlined one.
type deep struct {
	Middle `json:",inline"`
	A      string `json:"shadow"`
	B      string `json:"b"`
}

type Middle struct {
	Inner
	B string `json:"b"` // shadowed by deep.B
	C string `json:"c"`
}

// TestField: a field by its JSON name, its own before an inlined one's, in
// structs embedded inline at any depth, with the Index that reaches it;
// never a skipped, unexported or embedded-with-a-name one.
func TestField(t *testing.T) {
	v := reflect.ValueOf(deep{Middle: Middle{Inner: Inner{A: "middle-a"}, B: "middle-b", C: "c"}, A: "own", B: "own-b"})
	for name, want := range map[string]string{"shadow": "own", "b": "own-b", "c": "c", "a": "middle-a"} {
		f, ok := jsontag.Field(v.Type(), name)
		if !ok {
			t.Errorf("Field(%q): none", name)
			continue
		}
		if got := v.FieldByIndex(f.Index).String(); got != want {
			t.Errorf("Field(%q) reads %q, want %q", name, got, want)
		}
	}
	if f, _ := jsontag.Field(v.Type(), "a"); !slices.Equal(f.Index, []int{0, 0, 0}) {
		t.Errorf(`Field("a").Index = %v, want [0 0 0]`, f.Index)
	}
	// encoding/json agrees on every name.
	b, err := json.Marshal(v.Interface())
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"a":"middle-a","c":"c","shadow":"own","b":"own-b"}`; string(b) != want {
		t.Errorf("encoding/json wrote %s, want %s", b, want)
	}
	s := reflect.TypeFor[sample]()
	for _, name := range []string{"-", "", "unexp", "Skipped", "Inner", "nothing"} {
		if f, ok := jsontag.Field(s, name); ok {
			t.Errorf("Field(%q) = %s, want none", name, f.Name)
		}
	}
	if _, ok := jsontag.Field(reflect.TypeFor[embedsNamed](), "a"); ok {
		t.Error(`Field(embedsNamed, "a"): a struct embedded with a name is not inlined`)
	}
	if _, ok := jsontag.Field(reflect.TypeFor[string](), "a"); ok {
		t.Error("Field of a string")
	}
}
