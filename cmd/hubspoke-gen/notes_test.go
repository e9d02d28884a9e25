package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// freshCase copies the case name as copyCase does, without the files the
// generator wrote, its import paths pointing at the copy, each other file
// passed through edit (with the name of its directory: v1, v1storage) when
// edit is not nil, and the files of add (path relative to the api
// directory → content) written into it. It returns the copy's api
// directory.
func freshCase(t *testing.T, name string, edit func(dir string, b []byte) []byte, add map[string]string) string {
	t.Helper()
	api := copyCase(t, name)
	copied := mustAbs(t, filepath.Dir(api))
	from, to := "example.com/fixtures/"+filepath.Base(copied)+"/", "example.com/fixtures/"+name+"/"
	err := filepath.WalkDir(copied, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasPrefix(d.Name(), "zz_generated.") {
			return os.Remove(p)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, []byte(to), []byte(from))
		if edit != nil {
			b = edit(filepath.Base(filepath.Dir(p)), b)
		}
		return os.WriteFile(p, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel, src := range add {
		p := filepath.Join(api, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		src = strings.ReplaceAll(src, to, from)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return api
}

// TestGoldenNoteNamesHookedKinds: in a group of kinds of which one has a
// hook (multikind's Widget, on WidgetSpec, which Gadget and Doohickey do
// not use), the note asking for golden exemplars names that kind only.
func TestGoldenNoteNamesHookedKinds(t *testing.T) {
	api := freshCase(t, "multikind", nil, map[string]string{
		"v1storage/widget_hooks.go": `package v1storage

import "example.com/fixtures/multikind/api/v2storage"

// AssignPropertiesTo adjusts the conversion of a WidgetSpec to v2.
func (s *WidgetSpec) AssignPropertiesTo(dst *v2storage.WidgetSpec) error { return nil }
`,
	})
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	var golden []string
	for _, n := range out.notes {
		if strings.Contains(n, "for golden tests") {
			golden = append(golden, n)
		}
	}
	want := "Widget: hooks adjust the conversions in v1storage; for golden tests of what they produce, declare func widgetExemplars()"
	if len(golden) != 1 || !strings.HasPrefix(golden[0], want) {
		t.Errorf("golden-exemplar notes:\n%s\nwant one, starting %q", strings.Join(golden, "\n"), want)
	}
	if slices.ContainsFunc(golden, func(n string) bool { return strings.HasPrefix(n, "Gadget") || strings.HasPrefix(n, "Doohickey") }) {
		t.Errorf("a kind without hooks is asked for golden exemplars:\n%s", strings.Join(golden, "\n"))
	}
}
