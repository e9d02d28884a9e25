package boundary_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
)

// FuzzBagOfANullStruct: whatever bags and $twin entries an annotation
// holds, Bag(path, nil), which the generated recall asks at a nil struct
// the version holds by value, reports whether one lies at path or below
// it (a path that continues it with "." or "["), as a scan of every path
// tells, for any path asked.
func FuzzBagOfANullStruct(f *testing.F) {
	for _, seed := range []struct{ annotation, path string }{
		{`{"spec.a-b":{"X":1},"spec.a.b":{"X":1},"spec.a0":{"X":1}}`, "spec.a"},
		{`{"spec.e[0]":{"$twin":{"f":null}},"spec":{"$twin":{"g":null}}}`, "spec.e"},
		{`{"spec.g[\"h.i\"]":{"X":1},"#elements":{"spec.g[0]":"AAAAAAAAAAA"}}`, `spec.g["h`},
		{`{".":{"X":1},"spec.":{"X":1}}`, ""},
	} {
		f.Add(seed.annotation, seed.path)
	}
	f.Fuzz(func(t *testing.T, annotation, path string) {
		bags, err := propertybag.UnmarshalBags(annotation)
		if err != nil {
			return
		}
		var r boundary.Carrier
		if err := r.Open(map[string]string{boundary.Annotation: annotation}, nil); err != nil {
			return
		}
		want := false
		for p := range bags {
			if p != "#elements" && (p == path || strings.HasPrefix(p, path) && (p[len(path)] == '.' || p[len(path)] == '[')) {
				want = true
			}
		}
		if !r.Next() {
			if want {
				t.Fatalf("no walk, but %q holds a bag at or below %q", annotation, path)
			}
			return
		}
		if got := r.Bag(path, nil); got != want {
			t.Fatalf("Bag(%q, nil) = %v with the bags of %s, want %v", path, got, annotation, want)
		}
	})
}
