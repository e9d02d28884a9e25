package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNamedMapKeys: maps keyed by a string type of the version (the
// namedkeys fixture; DRA's map[QualifiedName]DeviceAttribute) are no
// longer refused. The twin keys by its own copy of the type; where the key
// type changes between neighbours (string in v1, LabelKey in v2; ZoneName
// renamed Region; corev1.ResourceName and the version's own ResourceName)
// the step converts the map, key by key, with no hook and no note; keys of
// a named int stay refused (testdata/_errors/unsupported's Rank).
func TestNamedMapKeys(t *testing.T) {
	out, err := generate(freshCase(t, "namedkeys", nil, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.notes) != 0 {
		t.Errorf("notes, want none:\n%s", strings.Join(out.notes, "\n"))
	}
	twin := generatedFile(t, out, "/v2storage/zz_generated.types.go")
	for _, want := range []string{
		"Labels map[LabelKey]string `json:\"labels,omitempty\"`",
		"Zones map[Region]Zone `json:\"zones,omitempty\"`",
		"\ntype Options map[AnnotationKey]AnnotationValue\n",
	} {
		if !strings.Contains(twin, want) {
			t.Errorf("v2storage lacks %s:\n%s", want, twin)
		}
	}
	conv := generatedFile(t, out, "/v1storage/zz_generated.conversion.go")
	for _, want := range []string{
		"labels[v2storage.LabelKey(key",      // string → LabelKey
		"zones[v2storage.Region(key",         // ZoneName renamed Region
		"limits[v2storage.ResourceName(key",  // corev1.ResourceName → the version's own
		"(*to)[v2storage.MemberName(k)] = e", // the inner map of a map
	} {
		if !strings.Contains(conv, want) {
			t.Errorf("v1storage's conversion lacks %s:\n%s", want, conv)
		}
	}
	got := describe(out.chain.storage[out.chain.versions[0]])
	for _, want := range []string{"    Labels: converted\n", "    Zones: converted\n", "    Limits: converted\n", "    Groups: converted\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("v1storage → v2storage does not say %q:\n%s", want, got)
		}
	}
}

// TestRenamedTypeHintThroughRenamedKeys: a struct renamed without the
// marker in a map whose key type is renamed too (Zone in a map keyed by
// ZoneName in v1, Site by Region in v2) changes type; the note proposes
// the marker, as the keys convert by value.
func TestRenamedTypeHintThroughRenamedKeys(t *testing.T) {
	api := freshCase(t, "namedkeys", func(dir string, b []byte) []byte {
		if dir == "v2" || dir == "v3" {
			b = bytes.ReplaceAll(b, []byte("]Zone `"), []byte("]Site `"))
			b = bytes.ReplaceAll(b, []byte("type Zone struct"), []byte("type Site struct"))
			b = bytes.ReplaceAll(b, []byte("// Zone is"), []byte("// Site is"))
		}
		return b
	}, nil)
	note := noteNaming(t, api, "changes type (map[ZoneName]Zone in v1storage, map[Region]Site in v2storage)")
	if want := "if Site is Zone renamed, say so with // +hubspoke:renamedFrom=Zone on type Site in v2"; !strings.Contains(note, want) {
		t.Errorf("the note does not say %q:\n%s", want, note)
	}
}

// generatedFile returns the file of out whose path ends in suffix.
func generatedFile(t *testing.T, out *output, suffix string) string {
	t.Helper()
	for path, b := range out.files {
		if strings.HasSuffix(strings.ReplaceAll(path, "\\", "/"), suffix) {
			return string(b)
		}
	}
	t.Fatalf("no generated file ends in %s", suffix)
	return ""
}

// TestNamedMapKeysStaged: a struct staged through compat (skipmany's Tag,
// away in v2 and v3) whose map is keyed by a string type of the version
// brings that type into the compat package, as it brings the types of its
// values: the compat package's Tag would not build without it.
func TestNamedMapKeysStaged(t *testing.T) {
	api := freshCase(t, "skipmany", func(dir string, b []byte) []byte {
		if dir == "v1" || dir == "v4" {
			b = bytes.Replace(b, []byte("type Tag struct {\n"), []byte("type Tag struct {\n\t// +optional\n\tAttrs map[TagKey]string `json:\"attrs,omitempty\"`\n"), 1)
			b = append(b, []byte("\n// TagKey is the key of an attribute of a tag.\ntype TagKey string\n")...)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	compat := generatedFile(t, out, "/v3storage/compat/zz_generated.types.go")
	for _, want := range []string{"Attrs map[TagKey]string `json:\"attrs,omitempty\"`", "\ntype TagKey string\n"} {
		if !strings.Contains(compat, want) {
			t.Errorf("the compat package lacks %s:\n%s", want, compat)
		}
	}
	if testing.Short() {
		return
	}
	// And it builds, with the copies of the staging steps, which convert
	// the keys between the compat package's TagKey and v4storage's.
	if err := out.write(); err != nil {
		t.Fatal(err)
	}
	copied := filepath.Base(filepath.Dir(api))
	deepCopy(t, []string{copied})
	cmd := exec.Command("go", append([]string{"vet"}, packageDirs(t, []string{copied})...)...)
	cmd.Dir = "testdata"
	if got, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet: %v\n%s", err, got)
	}
}
