package convtest

import (
	"reflect"
	"strings"
	"testing"
)

// The golden files must not depend on the apimachinery version: a null
// creationTimestamp in metadata (written by apimachinery v0.31, left out by
// v0.35) is dropped, nothing else is touched and numbers keep their digits.
func TestDropNullCreationTimestamp(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{
			`{"metadata":{"creationTimestamp":null,"name":"a"},"spec":{"creationTimestamp":null,"n":12345678901234567890}}`,
			`{"metadata":{"name":"a"},"spec":{"creationTimestamp":null,"n":12345678901234567890}}`,
		},
		{ // a set creation time stays
			`{"metadata":{"creationTimestamp":"2024-01-02T03:04:05Z"}}`,
			`{"metadata":{"creationTimestamp":"2024-01-02T03:04:05Z"}}`,
		},
		{ // only in the spec: unchanged, byte for byte
			`{"spec":{"creationTimestamp":null, "x":1.50}}`,
			`{"spec":{"creationTimestamp":null, "x":1.50}}`,
		},
	} {
		got, err := dropNullCreationTimestamp([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if string(got) != c.want {
			t.Errorf("dropNullCreationTimestamp(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	if _, err := dropNullCreationTimestamp([]byte(`{"metadata":{"creationTimestamp":null`)); err == nil {
		t.Error("truncated JSON: no error")
	}
}

// TestCompareTreesLists: compareTrees reports every value of the first tree
// that the second lacks or holds differently, list elements included (a
// list cut short, an element changed, a list replaced by a scalar), and
// nothing the second only adds.
func TestCompareTreesLists(t *testing.T) {
	var a, b any
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(decodeNumbers([]byte(`{"parts":[{"name":"a"},{"name":"b"},{"name":"c"}],"tags":["x","y"],"ids":[1,2],"zones":[{"n":1}]}`), &a))
	must(decodeNumbers([]byte(`{"parts":[{"name":"a"},{"name":"B"}],"tags":["x","y","z"],"ids":"1,2","zones":[{"n":1,"extra":true}]}`), &b))
	var lost []loss
	compareTrees(a, b, "", 0, &lost)
	var got []string
	for _, l := range lost {
		got = append(got, l.String())
	}
	want := []string{
		`ids: [1,2] came back as "1,2"`,
		`parts[1].name: "b" came back as "B"`,
		`parts[2]: {"name":"c"} is missing`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("losses:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCloneThroughUnexportedEmbedded: a snapshot copies the exported fields
// of a struct of an unexported type embedded by value deeply, so that an
// object sharing a map or a pointer through one with its source is seen.
func TestCloneThroughUnexportedEmbedded(t *testing.T) {
	type inner struct {
		Tags  map[string]string
		Label *string
	}
	type outer struct {
		Name string
		inner
	}
	label := "a"
	in := outer{Name: "x", inner: inner{Tags: map[string]string{"k": "v"}, Label: &label}}
	out := cloneValue(reflect.ValueOf(in), 0).Interface().(outer)
	in.Tags["k"] = "changed"
	*in.Label = "changed"
	if out.Tags["k"] != "v" || *out.Label != "a" {
		t.Errorf("the clone shares memory with its source through the unexported embedded struct: %v, %q", out.Tags, *out.Label)
	}
}
