package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTwinVersionMarkers reads the version markers the generator gives the
// root types of the storage twins, from which controller-gen writes the
// CRD's versions: the hub's twin is the storage version, a twin named with
// -stored stays in the CRD unserved, every other twin is left out of it,
// and the list types carry none. The person case is generated with
// -stored v2storage (stored.txt); its hub is v3storage.
func TestTwinVersionMarkers(t *testing.T) {
	dir := filepath.Join("testdata", "person")
	out, err := generateCase(dir)
	if err != nil {
		t.Fatal(err)
	}
	for twin, want := range map[string]string{
		"v1storage": markerSkipVersion,
		"v2storage": markerUnservedVersion,
		"v3storage": markerStorageVersion,
	} {
		path := mustAbs(t, filepath.Join(dir, "api", twin, "zz_generated.types.go"))
		text, ok := out.files[path]
		if !ok {
			t.Errorf("%s: not generated", path)
			continue
		}
		for kind, want := range map[string][]string{"Person": {want}, "PersonList": nil} {
			if got := crdVersionMarkers(string(text), kind); !slices.Equal(got, want) {
				t.Errorf("%s.%s: version markers %q, want %q", twin, kind, got, want)
			}
		}
	}
}

// crdVersionMarkers returns the markers of text that say which versions of
// the CRD a root type makes (storage, unserved, left out), among the
// comments between the declaration before type kind and it.
func crdVersionMarkers(text, kind string) []string {
	i := strings.Index(text, "\ntype "+kind+" struct")
	if i < 0 {
		return []string{"(no type " + kind + ")"}
	}
	before := text[:i]
	start := max(strings.LastIndex(before, "\n}\n"), strings.LastIndex(before, "\n)\n"))
	var markers []string
	for _, line := range strings.Split(before[start+1:], "\n") {
		m := strings.TrimSpace(strings.TrimPrefix(line, "//"))
		if m == markerStorageVersion || m == markerUnservedVersion || m == markerSkipVersion {
			markers = append(markers, m)
		}
	}
	return markers
}
