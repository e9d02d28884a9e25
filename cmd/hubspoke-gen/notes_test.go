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

// warningWith returns the warning of out that starts with prefix, "" when
// none does.
func warningWith(out *output, prefix string) string {
	i := slices.IndexFunc(out.warnings, func(w string) bool { return strings.HasPrefix(w, prefix) })
	if i < 0 {
		return ""
	}
	return out.warnings[i]
}

// TestMeaningPointerNote: a property held by value in one version and by
// pointer in its neighbour (optionality's replicas: int32 in v1, *int32 in
// v2) is named in a warning with both versions and the choices, also
// under -strict, which it does not fail. The same default declared in both
// versions settles it only where v1's field has omitempty: without it, a
// client of v1's Go types sends its zero, which the API server does not
// default, and v2 reads it as a value (flowcontrol's
// nominalConcurrencyShares, int32 in v1beta3 and *int32 in v1, both
// defaulting to 30, where v1beta3's 0 means 30 and v1's means zero). And
// only where that default is the zero: otherwise v2's 0 shows at v1 as
// unset, which reads as the default (a backend weight of 0, were it plain
// in Gateway API's v1alpha1), and the warning says so.
func TestMeaningPointerNote(t *testing.T) {
	out, err := generate("testdata/optionality/api", options{strict: true})
	if err != nil {
		t.Fatalf("with -strict: %v", err)
	}
	const prefix = "v2 WidgetSpec.Replicas (spec.replicas): int32 in v1, *int32 in v2: v2 tells a zero from unset, v1 does not"
	w := warningWith(out, prefix)
	if w == "" {
		t.Fatalf("no warning names the pointer change of spec.replicas:\n%s", strings.Join(out.warnings, "\n"))
	}
	for _, want := range []string{
		"AssignPropertiesTo(dst *v2storage.WidgetSpec) error and AssignPropertiesFrom(src *v2storage.WidgetSpec) error on v1storage.WidgetSpec",
		"declare the default in both versions with // +kubebuilder:default=<value>",
	} {
		if !strings.Contains(w, want) {
			t.Errorf("the warning does not say %q:\n%s", want, w)
		}
	}
	withDefault := func(omitempty bool, def ...string) *output {
		t.Helper()
		value := "1"
		if len(def) > 0 {
			value = def[0]
		}
		api := freshCase(t, "optionality", func(dir string, b []byte) []byte {
			if dir == "v1" || dir == "v2" {
				b = bytes.Replace(b, []byte("\tReplicas "), []byte("\t// +kubebuilder:default="+value+"\n\tReplicas "), 1)
			}
			if dir == "v1" && omitempty {
				b = bytes.Replace(b, []byte("Replicas int32 `json:\"replicas\"`"), []byte("Replicas int32 `json:\"replicas,omitempty\"`"), 1)
			}
			return b
		}, nil)
		out, err := generate(api, options{})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	w = warningWith(withDefault(false), prefix)
	for _, want := range []string{
		"both declare the default 1, but v1's field has no omitempty",
		"AssignPropertiesTo(dst *v2storage.WidgetSpec) error and AssignPropertiesFrom(src *v2storage.WidgetSpec) error on v1storage.WidgetSpec",
	} {
		if !strings.Contains(w, want) {
			t.Errorf("with the same default in v1 and v2 but no omitempty in v1, the warning does not say %q:\n%s", want, w)
		}
	}
	if strings.Contains(w, "declare the default in both versions") {
		t.Errorf("the warning proposes the default that is already declared:\n%s", w)
	}
	// With omitempty, what v1's clients write is settled, but v2's 0, a
	// value of its own, shows at v1 as unset, which reads as 1 there.
	w = warningWith(withDefault(true), prefix)
	for _, want := range []string{
		"both declare the default 1 and v1's field has omitempty",
		"a zero written at v2, a value of its own there, shows in v1 as unset, which reads as 1",
		"an update through v1, which the API server defaults before any conversion, makes it 1",
		`convtest.SkipVisibilityOfZero("spec.replicas", reason)`,
	} {
		if !strings.Contains(w, want) {
			t.Errorf("with the same default 1 in v1 and v2 and omitempty in v1, the warning does not say %q:\n%s", want, w)
		}
	}
	// A default of 0: v2's 0 shows at v1 as unset, which reads as 0.
	if w := warningWith(withDefault(true, "0"), "v2 WidgetSpec.Replicas"); w != "" {
		t.Errorf("with the same default 0 in v1 and v2 and omitempty in v1, still a warning: %s", w)
	}
}

// TestMeaningDefaultNote: a default that a version declares and its
// neighbour does not (+kubebuilder:default=1 on optionality's replicas in
// v2 only), or declares otherwise, is named in a warning.
func TestMeaningDefaultNote(t *testing.T) {
	api := freshCase(t, "optionality", func(dir string, b []byte) []byte {
		switch dir {
		case "v2":
			b = bytes.Replace(b, []byte("\tReplicas "), []byte("\t// +kubebuilder:default=1\n\tReplicas "), 1)
		case "v3":
			b = bytes.Replace(b, []byte("\tReplicas "), []byte("\t// +kubebuilder:default=2\n\tReplicas "), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{strict: true})
	if err != nil {
		t.Fatalf("with -strict: %v", err)
	}
	for _, want := range []string{
		"v2 WidgetSpec.Replicas (spec.replicas): its default changes (none in v1, 1 in v2)",
		"v3 WidgetSpec.Replicas (spec.replicas): its default changes (1 in v2, 2 in v3)",
	} {
		if w := warningWith(out, want); w == "" {
			t.Errorf("no warning says %q:\n%s", want, strings.Join(out.warnings, "\n"))
		} else if !strings.Contains(w, "declare the same default in both versions") || !strings.Contains(w, "AssignPropertiesTo(dst *") {
			t.Errorf("the warning does not name the choices: %s", w)
		}
	}
	// Where one version declares none, a defaulting webhook may give it
	// the same (Cluster API's replicas: 1 in v1alpha4's schema, in
	// v1alpha3's and v1beta1's webhooks); the generated tests then need
	// it declared, which the warning says how to.
	if w := warningWith(out, "v2 WidgetSpec.Replicas (spec.replicas): its default changes"); !strings.Contains(w, `where v1's unset value means 1 as well (a defaulting webhook sets it), the generated tests need that too: convtest.Default("v1", "spec.replicas", 1) in the kind's test options`) {
		t.Errorf("the warning does not say how to declare v1's default for the tests: %s", w)
	}
	if w := warningWith(out, "v3 WidgetSpec.Replicas (spec.replicas): its default changes"); strings.Contains(w, "convtest.Default(") {
		t.Errorf("both versions declare a default, yet: %s", w)
	}
}

// TestMeaningEnumNote: an enum that only gains values from one version to
// the next (person's tier: Free and Pro in v2, also Enterprise in v3), as
// nearly every new ARM API version widens some enum (documentdb's
// serverVersion, publicNetworkAccess), is no warning: mapping Enterprise
// to a value v2 allows would change what it means, and widening v2's enum
// would let v2's clients set it, so there is nothing to act on, and a
// warning for each, on every run, hid those that matter (ASO's AKS
// ManagedCluster, over dozens of API versions). A run counts such enums in
// one note; explain names each with the values it gains, and says what a
// hook pair must do if it maps them. An enum that loses a value stays a
// warning, and hooks that name the property are taken to handle it.
func TestMeaningEnumNote(t *testing.T) {
	const prefix = "v3 PersonSpec.Tier (spec.tier): its enum"
	widened := func(out *output) []string {
		var notes []string
		for _, n := range out.notes {
			if strings.Contains(n, "from one version to the next (an enum property only gains values") {
				notes = append(notes, n)
			}
		}
		return notes
	}
	tierRow := func(t *testing.T, out *output) string {
		t.Helper()
		_, rest, ok := strings.Cut(explain(out.chain, "markdown"), "\n## v2storage → v3storage\n")
		if !ok {
			t.Fatal("explain has no step v2storage → v3storage")
		}
		for _, line := range strings.Split(rest, "\n") {
			if strings.HasPrefix(line, "| `PersonSpec.Tier` |") {
				return line
			}
		}
		t.Fatalf("explain has no row PersonSpec.Tier in v2storage → v3storage:\n%s", rest)
		return ""
	}

	out, err := generate("testdata/person/api", options{strict: true})
	if err != nil {
		t.Fatalf("with -strict: %v", err)
	}
	if w := warningWith(out, prefix); w != "" {
		t.Errorf("an enum that only gains values is a warning: %s", w)
	}
	if notes := widened(out); len(notes) != 1 || !strings.HasPrefix(notes[0], "an enum widens from one version to the next") ||
		!strings.Contains(notes[0], "no hook is needed unless such a client must see one of its own values") {
		t.Errorf("notes on widened enums:\n%s\nwant one, counting one enum, saying that no hook is needed", strings.Join(notes, "\n"))
	}
	row := tierRow(t, out)
	for _, want := range []string{
		"its enum gains values (Enterprise only in v3)",
		"a client of v2 reads such a value as it is and cannot set one",
		"no hook is needed, and the generator does not warn",
		"a hook pair on v2storage.PersonSpec that maps it to a value of v2 keeps it in the bag of v2storage",
	} {
		if !strings.Contains(row, want) {
			t.Errorf("the explain row of a widened enum does not say %q:\n%s", want, row)
		}
	}
	if strings.Contains(row, "meaning may change") || strings.Contains(row, "allow the same values in both versions") {
		t.Errorf("the explain row of a widened enum reads as a change to act on:\n%s", row)
	}

	// Narrowed: v3 drops Pro. A client of v3 reads Pro, which its schema
	// rejects on the next update: a warning, with the choices of a change.
	narrowed := freshCase(t, "person", func(dir string, b []byte) []byte {
		if dir == "v3" {
			b = bytes.Replace(b, []byte("Enum=Free;Pro;Enterprise"), []byte("Enum=Free;Enterprise"), 1)
			b = bytes.Replace(b, []byte("\tTierPro        Tier = \"Pro\"\n"), nil, 1)
		}
		return b
	}, nil)
	if out, err = generate(narrowed, options{}); err != nil {
		t.Fatal(err)
	}
	w := warningWith(out, prefix+" changes (Free, Pro in v2; Enterprise, Free in v3)")
	if !strings.Contains(w, "(Pro only in v2; Enterprise only in v3)") || !strings.Contains(w, "allow the same values in both versions") ||
		!strings.Contains(w, "on v2storage.PersonSpec") {
		t.Errorf("an enum that loses a value: the warning is %q, want it to name the values only one version allows and the choices of a change; the warnings:\n%s",
			w, strings.Join(out.warnings, "\n"))
	}
	if notes := widened(out); len(notes) > 0 {
		t.Errorf("an enum that loses a value is counted as widened: %s", notes[0])
	}

	// Hooks that map the new value (here: that name the property) handle
	// it: not counted, and explain says so.
	hooked := freshCase(t, "person", nil, map[string]string{"v2storage/person_hooks.go": `package v2storage

import "example.com/fixtures/person/api/v3storage"

func (s *PersonSpec) AssignPropertiesTo(dst *v3storage.PersonSpec) error { _ = s.Tier; return nil }

func (s *PersonSpec) AssignPropertiesFrom(src *v3storage.PersonSpec) error { _ = s.Tier; return nil }
`})
	if out, err = generate(hooked, options{}); err != nil {
		t.Fatal(err)
	}
	if notes := widened(out); len(notes) > 0 {
		t.Errorf("hooks name spec.tier, and the widened enum is still counted: %s", notes[0])
	}
	if row := tierRow(t, out); !strings.Contains(row, "its enum gains values (Enterprise only in v3); the hooks of the step are taken to handle it") {
		t.Errorf("hooks name spec.tier, and the explain row does not say they handle its widened enum:\n%s", row)
	}
}

// TestMeaningEnumQuotedComma: a value of a brace list may hold a comma
// inside its quotes, as ARM's identity type "SystemAssigned, UserAssigned"
// does; it is one value, so v3 allowing "Free, Pro" in place of Pro is a
// change, which loses a value: its warning gives the choices of a change
// (a hook pair, or the same values in both versions), not those of an
// enum that only gains values.
func TestMeaningEnumQuotedComma(t *testing.T) {
	api := freshCase(t, "person", func(dir string, b []byte) []byte {
		if dir == "v3" {
			b = bytes.Replace(b, []byte("Enum=Free;Pro;Enterprise"), []byte(`Enum={"Free","Free, Pro"}`), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	w := warningWith(out, "v3 PersonSpec.Tier (spec.tier): its enum changes (Free, Pro in v2; Free, \"Free, Pro\" in v3)")
	if !strings.Contains(w, `(Pro only in v2; "Free, Pro" only in v3)`) {
		t.Errorf("the warning does not name the value \"Free, Pro\" only v3 allows: %q; the warnings:\n%s", w, strings.Join(out.warnings, "\n"))
	}
	if !strings.Contains(w, "; map the values in a hook pair") || !strings.Contains(w, "allow the same values in both versions") {
		t.Errorf("the warning of an enum that loses a value does not give the choices of a change: %q", w)
	}
}

// TestMeaningPointerNoteHooked: the case zeromeaning maps v1's 0 ("the
// default") to v2's unset in a hook pair on WidgetSpec; with the hooks the
// pointer change is taken as handled, without them it is named, and hooks
// that do not name the property leave its warning (also hooks that select
// a field of its name of a struct of another package).
func TestMeaningPointerNoteHooked(t *testing.T) {
	const want = "v2 WidgetSpec.Replicas (spec.replicas): int32 in v1, *int32 in v2"
	out, err := generate("testdata/zeromeaning/api", options{strict: true})
	if err != nil {
		t.Fatal(err)
	}
	if w := warningWith(out, want); w != "" {
		t.Errorf("with the hook pair, still a warning: %s", w)
	}
	api := freshCase(t, "zeromeaning", nil, nil)
	if err := os.Remove(filepath.Join(api, "v1storage", "widget_hooks.go")); err != nil {
		t.Fatal(err)
	}
	if out, err = generate(api, options{strict: true}); err != nil {
		t.Fatal(err)
	}
	if warningWith(out, want) == "" {
		t.Errorf("without the hooks, no warning says %q:\n%s", want, strings.Join(out.warnings, "\n"))
	}
	// Hooks on the kind itself (which see the metadata, where a meaning
	// may be recorded) handle spec.replicas too when they name it; hooks
	// that never mention it leave it to the generated copy, and the
	// warning stays.
	for _, c := range []struct {
		body string
		warn bool
	}{
		{"return nil", true},
		{"_ = w.Spec.Replicas; return nil", false},
		// A field of that name of another package's struct (a hook
		// that converts a ReplicationController's spec) is not the
		// property.
		{"var rc corev1.ReplicationControllerSpec; _ = rc.Replicas; return nil", true},
	} {
		api = freshCase(t, "zeromeaning", nil, map[string]string{"v1storage/widget_root_hooks.go": `package v1storage

import (
	corev1 "k8s.io/api/core/v1"

	"example.com/fixtures/zeromeaning/api/v2storage"
)

var _ corev1.ReplicationControllerSpec

func (w *Widget) AssignPropertiesTo(dst *v2storage.Widget) error { ` + c.body + ` }

func (w *Widget) AssignPropertiesFrom(src *v2storage.Widget) error { ` + c.body + ` }
`})
		if err := os.Remove(filepath.Join(api, "v1storage", "widget_hooks.go")); err != nil {
			t.Fatal(err)
		}
		if out, err = generate(api, options{strict: true}); err != nil {
			t.Fatal(err)
		}
		switch w := warningWith(out, want); {
		case c.warn && w == "":
			t.Errorf("hooks on the kind that do not name Replicas (%s): no warning says %q:\n%s", c.body, want, strings.Join(out.warnings, "\n"))
		case !c.warn && w != "":
			t.Errorf("hooks on the kind that name Replicas (%s): still a warning: %s", c.body, w)
		}
	}
}

// TestPlacedNoteAsksForRelations: documentdb's hooks on
// v1api20210515storage.DatabaseAccount_Spec show 2021-05-15's
// networkAclBypassResourceIds, which 2023-11-15 removes, as the armId of
// 2023-11-15's new networkAclBypassResourceReferences. The visibility check
// looks for such a value only where convtest.Related says it lands (without
// it, hooks that put the IDs in the references' name pass every random
// check), so without a test options function the generator asks for one,
// naming both properties. (The fixture declares one, and its notes.txt,
// which TestGolden compares, has no such note.)
func TestPlacedNoteAsksForRelations(t *testing.T) {
	placed := func(out *output) []string {
		var notes []string
		for _, n := range out.notes {
			if strings.Contains(n, "convtest.Related") {
				notes = append(notes, n)
			}
		}
		return notes
	}
	undeclared := func(dir string, b []byte) []byte {
		return bytes.ReplaceAll(b, []byte("func databaseAccountTestOptions()"), []byte("func notTheTestOptions()"))
	}
	out, err := generate(freshCase(t, "documentdb", undeclared, nil), options{strict: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "DatabaseAccount: the hooks of v1api20210515storage.DatabaseAccount_Spec may show a value of one version at another place in the other " +
		"(spec.networkAclBypassResourceIds only in v1api20210515storage; spec.networkAclBypassResourceReferences only in v1api20231115storage); "
	notes := placed(out)
	if len(notes) != 1 || !strings.HasPrefix(notes[0], want) || !strings.Contains(notes[0], "declare the relation in func databaseAccountTestOptions() []convtest.Option") ||
		!strings.Contains(notes[0], "declare the function all the same, with the options it needs (nil): this note is printed only while it is not declared") {
		t.Errorf("notes asking for relations:\n%s\nwant one, starting %q and naming databaseAccountTestOptions", strings.Join(notes, "\n"), want)
	}
}

// TestRenamedTypeHint: a struct type renamed without the marker (Address,
// Location in typerenamed's v2) makes the property that holds it change
// type; the note that asks for hooks also proposes the rename marker, with
// which the values convert as they are.
func TestRenamedTypeHint(t *testing.T) {
	api := freshCase(t, "typerenamed", func(dir string, b []byte) []byte {
		if dir == "v2" {
			b = bytes.Replace(b, []byte("// +hubspoke:renamedFrom=Address\n"), nil, 1)
		}
		return b
	}, nil)
	note := noteNaming(t, api, "changes type (*Address in v1storage, *Location in v2storage)")
	if want := "if Location is Address renamed, say so with // +hubspoke:renamedFrom=Address on type Location in v2"; !strings.Contains(note, want) {
		t.Errorf("the note does not say %q:\n%s", want, note)
	}
}

// TestRenamedTypeHintNotWhenOlderHasTheName: where the older version has a
// type of the newer type's name too (v1 declares a Location of its own),
// the newer type is no rename of the older one alone, and the note proposes
// no marker.
func TestRenamedTypeHintNotWhenOlderHasTheName(t *testing.T) {
	api := freshCase(t, "typerenamed", func(dir string, b []byte) []byte {
		switch dir {
		case "v1":
			b = bytes.Replace(b, []byte("\tA *Address `json:\"a,omitempty\"`\n"), []byte("\tA *Address `json:\"a,omitempty\"`\n\t// +optional\n\tPlace *Location `json:\"place,omitempty\"`\n"), 1)
			b = append(b, []byte("\n// Location is a place.\ntype Location struct {\n\t// +optional\n\tName string `json:\"name,omitempty\"`\n}\n")...)
		case "v2":
			b = bytes.Replace(b, []byte("// +hubspoke:renamedFrom=Address\n"), nil, 1)
		}
		return b
	}, nil)
	note := noteNaming(t, api, "changes type (*Address in v1storage, *Location in v2storage)")
	if strings.Contains(note, "renamedFrom") {
		t.Errorf("the note proposes a rename though v1 has a Location of its own:\n%s", note)
	}
}

// TestRenamedTypeHintNotWhenKeysChange: a map whose values' type is renamed
// and whose key type changes too (string in v1, int32 in v2) needs more than
// the rename marker, which the note therefore does not propose.
func TestRenamedTypeHintNotWhenKeysChange(t *testing.T) {
	field := []byte("\tA *Address `json:\"a,omitempty\"`\n")
	api := freshCase(t, "typerenamed", func(dir string, b []byte) []byte {
		switch dir {
		case "v1":
			b = bytes.Replace(b, field, append(field, []byte("\t// +optional\n\tPlaces map[string]Address `json:\"places,omitempty\"`\n")...), 1)
		case "v2":
			b = bytes.Replace(b, []byte("// +hubspoke:renamedFrom=Address\n"), nil, 1)
			b = bytes.Replace(b, []byte("\tA *Location `json:\"a,omitempty\"`\n"), []byte("\tA *Location `json:\"a,omitempty\"`\n\t// +optional\n\tPlaces map[int32]Location `json:\"places,omitempty\"`\n"), 1)
		}
		return b
	}, nil)
	if note := noteNaming(t, api, "WidgetSpec.Places changes type"); strings.Contains(note, "renamedFrom") {
		t.Errorf("the note proposes a rename though the map's keys change type too:\n%s", note)
	}
}

// noteNaming generates the API versions in api and returns the note that
// contains text, failing the test when there is none.
func noteNaming(t *testing.T, api, text string) string {
	t.Helper()
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(out.notes, func(n string) bool { return strings.Contains(n, text) })
	if i < 0 {
		t.Fatalf("no note says %q; notes:\n%s", text, strings.Join(out.notes, "\n"))
	}
	return out.notes[i]
}

// TestEnumLeftOutNote: where a hooked kind's enum property is left to
// random strings even under its name qualified by its struct (here
// enummap's WidgetSpec.Color, whose hooks map Red to R, made a free-text
// string in v1: the same struct's field takes any string in another
// version), a hook that maps its values wrong passes every check: a note
// names the enum and asks for a FieldValues in the kind's test options,
// and is not printed once the options draw that name, qualified or bare.
// The AKS-like case, an enum beside another struct's free-text field of
// the same Go name (sku.name beside an agent pool's name; here a plain
// WidgetStatus.Color), is drawn under the qualified name and gets no note.
func TestEnumLeftOutNote(t *testing.T) {
	noteOf := func(out *output) string {
		i := slices.IndexFunc(out.notes, func(n string) bool { return strings.Contains(n, "leave WidgetSpec.Color to random strings") })
		if i < 0 {
			return ""
		}
		return out.notes[i]
	}

	status := []byte("type WidgetStatus struct {\n")
	besideStatus := freshCase(t, "enummap", func(dir string, b []byte) []byte {
		return bytes.Replace(b, status, append(status, []byte("\t// +optional\n\tColor string `json:\"color,omitempty\"`\n")...), 1)
	}, nil)
	out, err := generate(besideStatus, options{})
	if err != nil {
		t.Fatal(err)
	}
	if test, want := storageTest(out, "v2storage"), `convtest.FieldValues("WidgetSpec.Color", "B", "Blue", "G", "Green", "R", "Red", "unlisted-value", "")`; !strings.Contains(test, want) {
		t.Errorf("with a free-text WidgetStatus.Color beside it, the generated test does not draw the enum under its qualified name (%s):\n%s", want, test)
	}
	if got := slices.IndexFunc(out.notes, func(n string) bool { return strings.Contains(n, "to random strings") }); got >= 0 {
		t.Errorf("the qualified option draws WidgetSpec.Color, and a note still says it is left to random strings: %s", out.notes[got])
	}

	plainInV1 := func(dir string, b []byte) []byte {
		if dir == "v1" {
			b = bytes.Replace(b, []byte("\tColor Color `json:\"color,omitempty\"`\n"), []byte("\tColor string `json:\"color,omitempty\"`\n"), 1)
		}
		return b
	}
	out, err = generate(freshCase(t, "enummap", plainInV1, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `Widget: the generated tests leave WidgetSpec.Color to random strings: the enum v2 WidgetSpec.Color ("B", "G", "R") shares its qualified name with v1 WidgetSpec.Color, which takes any string, ` +
		`and the hooks of v1storage map its values; a hook that maps them almost never meets one, and passes every check when it maps them wrong: ` +
		`declare convtest.FieldValues("WidgetSpec.Color", ...) with the enum's values and some free text in func widgetTestOptions() []convtest.Option`
	if got := noteOf(out); !strings.HasPrefix(got, want) {
		t.Errorf("the note on the enum left to random strings is\n%q\nwant it to start\n%q\n(notes:\n%s)", got, want, strings.Join(out.notes, "\n"))
	}

	for _, name := range []string{"WidgetSpec.Color", "Color"} {
		drawn := freshCase(t, "enummap", func(dir string, b []byte) []byte {
			b = plainInV1(dir, b)
			return bytes.Replace(b, []byte("return []convtest.Option{\n"), []byte("return []convtest.Option{\n\t\tconvtest.FieldValues(\""+name+"\", \"R\", \"Red\", \"free text\"),\n"), 1)
		}, nil)
		out, err = generate(drawn, options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := noteOf(out); got != "" {
			t.Errorf("the options draw %s, and the note is still printed: %s", name, got)
		}
	}
}

// TestLooseConstantNote: Azure Service Operator declares typed constants
// for its status enums but no validation marker, so hubspoke reads no
// enum and the generated tests fill such a property with random strings.
// Where hooks name it (here enummap's WidgetSpec.Color, whose hooks map
// Red to R, with neither version's enum declared: v1 keeps its constants
// without +enum, v2 declares R, G and B as constants), a hook that maps
// the constants' values wrong passes every check: a note names the
// property and the constants and asks for a FieldValues, and is not
// printed once the options draw the name, qualified or bare. A string
// whose type declares no constants gets no note, hooks or not.
func TestLooseConstantNote(t *testing.T) {
	noteOf := func(out *output) string {
		i := slices.IndexFunc(out.notes, func(n string) bool { return strings.Contains(n, "fill WidgetSpec.Color with random strings") })
		if i < 0 {
			return ""
		}
		return out.notes[i]
	}
	unmarked := func(constants bool) func(dir string, b []byte) []byte {
		return func(dir string, b []byte) []byte {
			switch dir {
			case "v1":
				b = bytes.Replace(b, []byte("// +enum\ntype Color string\n"), []byte("type Color string\n"), 1)
				if !constants {
					b = bytes.Replace(b, []byte("\tColorRed   Color = \"Red\"\n\tColorGreen Color = \"Green\"\n\tColorBlue  Color = \"Blue\"\n"), []byte("\tColorRed = \"Red\"\n"), 1)
				}
			case "v2":
				c := "\n"
				if constants {
					c = "\n\n// The values of Color.\nconst (\n\tColorR Color = \"R\"\n\tColorG Color = \"G\"\n\tColorB Color = \"B\"\n)\n"
				}
				b = bytes.Replace(b, []byte("// +kubebuilder:validation:Enum=R;G;B\ntype Color string\n"), []byte("type Color string"+c), 1)
			}
			return b
		}
	}
	out, err := generate(freshCase(t, "enummap", unmarked(true), nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	if test := storageTest(out, "v2storage"); strings.Contains(test, `FieldValues("Color"`) || strings.Contains(test, `FieldValues("WidgetSpec.Color"`) {
		t.Fatalf("the generated test draws Color, which has no enum in any version:\n%s", test)
	}
	want := `Widget: the generated tests fill WidgetSpec.Color with random strings: it has no enum in any version, but the versions declare constants of its type ("B", "Blue", "G", "Green", "R", "Red"), ` +
		`and the hooks of v1storage name it; a hook that maps those values almost never meets one, and passes every check when it maps them wrong: ` +
		`declare convtest.FieldValues("WidgetSpec.Color", ...) with them and some free text in func widgetTestOptions() []convtest.Option in a test file of package v2storage_test in v2storage`
	if got := noteOf(out); got != want {
		t.Errorf("the note on the property with constants but no enum is\n%q\nwant\n%q\n(notes:\n%s)", got, want, strings.Join(out.notes, "\n"))
	}

	for _, name := range []string{"WidgetSpec.Color", "Color"} {
		drawn := freshCase(t, "enummap", func(dir string, b []byte) []byte {
			b = unmarked(true)(dir, b)
			return bytes.Replace(b, []byte("return []convtest.Option{\n"), []byte("return []convtest.Option{\n\t\tconvtest.FieldValues(\""+name+"\", \"R\", \"Red\", \"free text\"),\n"), 1)
		}, nil)
		if out, err = generate(drawn, options{}); err != nil {
			t.Fatal(err)
		}
		if got := noteOf(out); got != "" {
			t.Errorf("the options draw %s, and the note is still printed: %s", name, got)
		}
	}

	if out, err = generate(freshCase(t, "enummap", unmarked(false), nil), options{}); err != nil {
		t.Fatal(err)
	}
	if got := noteOf(out); got != "" {
		t.Errorf("a free-text Color whose type declares no constants gets the note: %s", got)
	}
}

// TestMeaningOmitemptyCollectionNote: a list declared with omitempty in one
// version and without in its neighbour (admissionregistration's
// ValidatingAdmissionPolicy: spec.validations in 1.26's v1alpha1, omitempty
// from v1beta1 on) is named in a warning with the way out: an empty list
// and an absent one are two values on one side and one on the other, which
// the generated tests report as a loss, and the generator said nothing.
// Hooks that name the property are taken to handle it.
func TestMeaningOmitemptyCollectionNote(t *testing.T) {
	dropOmitempty := func(dir string, b []byte) []byte {
		if dir == "v1" {
			b = bytes.Replace(b, []byte("Ports []Port `json:\"ports,omitempty\"`"), []byte("Ports []Port `json:\"ports\"`"), 1)
		}
		return b
	}
	out, err := generate(freshCase(t, "optionality", dropOmitempty, nil), options{strict: true})
	if err != nil {
		t.Fatalf("with -strict: %v", err)
	}
	const prefix = "v2 WidgetSpec.Ports (spec.ports): a list declared with omitempty in v2 and without in v1"
	w := warningWith(out, prefix)
	if w == "" {
		t.Fatalf("no warning names the omitempty of spec.ports:\n%s", strings.Join(out.warnings, "\n"))
	}
	for _, want := range []string{
		"an empty list ([]) and an absent one are two values in v1 and one in v2",
		"AssignPropertiesTo(dst *v2storage.WidgetSpec) error and AssignPropertiesFrom(src *v2storage.WidgetSpec) error on v1storage.WidgetSpec",
	} {
		if !strings.Contains(w, want) {
			t.Errorf("the warning does not say %q:\n%s", want, w)
		}
	}
	if w := warningWith(out, "v3 WidgetSpec.Ports"); w != "" {
		t.Errorf("v2 and v3 declare ports alike, still a warning: %s", w)
	}
	// A hook pair on v1storage.WidgetSpec that names the property.
	hooked, err := generate(freshCase(t, "optionality", dropOmitempty, map[string]string{"v1storage/widget_hooks.go": `package v1storage

import "example.com/fixtures/optionality/api/v2storage"

// AssignPropertiesTo keeps the emptiness of ports.
func (s *WidgetSpec) AssignPropertiesTo(dst *v2storage.WidgetSpec) error { _ = s.Ports; return nil }

// AssignPropertiesFrom gives back the emptiness of ports.
func (s *WidgetSpec) AssignPropertiesFrom(src *v2storage.WidgetSpec) error { _ = src.Ports; return nil }
`}), options{strict: true})
	if err != nil {
		t.Fatal(err)
	}
	if w := warningWith(hooked, "v2 WidgetSpec.Ports"); w != "" {
		t.Errorf("with hooks that name ports, still a warning: %s", w)
	}
}

// TestRenamedTypeHintNotWhenRenamedAlready: a type split in two (Gateway
// API's GatewayAddress, which v1beta1 declares as GatewaySpecAddress for
// the spec, renamed, and GatewayStatusAddress for the status) leaves the
// property holding the second type changing type; the old name is taken
// by the first rename, and a second marker from it is refused ("two types
// renamed from one are not supported"), so the note must not propose one.
func TestRenamedTypeHintNotWhenRenamedAlready(t *testing.T) {
	field := []byte("\tA *Address `json:\"a,omitempty\"`\n")
	api := freshCase(t, "typerenamed", func(dir string, b []byte) []byte {
		switch dir {
		case "v1":
			b = bytes.Replace(b, field, append(field, []byte("\t// +optional\n\tHome *Address `json:\"home,omitempty\"`\n")...), 1)
		case "v2":
			b = bytes.Replace(b, []byte("\tA *Location `json:\"a,omitempty\"`\n"), []byte("\tA *Location `json:\"a,omitempty\"`\n\t// +optional\n\tHome *Residence `json:\"home,omitempty\"`\n"), 1)
			b = append(b, []byte("\n// Residence is an address too.\ntype Residence struct {\n\t// +optional\n\tZip string `json:\"zip,omitempty\"`\n}\n")...)
		}
		return b
	}, nil)
	note := noteNaming(t, api, "changes type (*Address in v1storage, *Residence in v2storage)")
	if strings.Contains(note, "renamedFrom=Address on type Residence") {
		t.Errorf("the note proposes a second rename from Address, which the generator refuses (Location is renamed from it):\n%s", note)
	}
	if want := "Address is renamed to Location already"; !strings.Contains(note, want) {
		t.Errorf("the note does not say %q:\n%s", want, note)
	}
}

// TestKeysNote: a list that a newer version keys and an older one does
// not, though its elements have the keys (Cluster API's
// spec.topology.workers.machineDeployments, keyed by name in v1beta1, not
// in v1alpha4), gets a note: the older version's transport finds its
// elements by those keys where they are present and unique, which nothing
// at the older version checks, and by content or place otherwise; the
// keys declared at the older version make the API server check them.
// Keyed in both, no note.
func TestKeysNote(t *testing.T) {
	api := freshCase(t, "typerenamed", func(dir string, b []byte) []byte {
		if dir == "v1" {
			b = bytes.Replace(b, []byte("\t// +listType=map\n\t// +listMapKey=kind\n\tContacts"), []byte("\tContacts"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{strict: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "v1storage → v2storage: WidgetSpec.Contacts: a list keyed by kind in v2, without keys in v1 although its elements have them"
	var got string
	for _, n := range out.notes {
		if strings.HasPrefix(n, want) {
			got = n
		}
	}
	if got == "" {
		t.Fatalf("no note says %q:\n%s", want, strings.Join(out.notes, "\n"))
	}
	if !strings.Contains(got, "declare the keys on its field (// +listType=map // +listMapKey=kind)") {
		t.Errorf("the note does not name the markers: %s", got)
	}
	if want := "v1's elements are found again by kind where an element has them and no other element shares them"; !strings.Contains(got, want) {
		t.Errorf("the note does not say %q: %s", want, got)
	}
	keyed, err := generate(filepath.Join("testdata", "typerenamed", "api"), options{strict: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range keyed.notes {
		if strings.Contains(n, "a list keyed by") {
			t.Errorf("keyed in every version, yet: %s", n)
		}
	}
}

// TestPlacedNoteOfRootHooks: the hooks of a kind's root type see the whole
// object and may place a value anywhere in it (Cluster API's v1alpha2
// label cluster.x-k8s.io/cluster-name, which v1alpha3 shows as
// spec.clusterName: a hook pair on v1alpha2storage.Machine), so the note
// asking for the relations they make names the properties below the root
// that only one side has and that the hooks name; it named none, since the
// root itself has none.
func TestPlacedNoteOfRootHooks(t *testing.T) {
	api := freshCase(t, "added", nil, map[string]string{
		"v1storage/widget_hooks.go": `package v1storage

import "example.com/fixtures/added/api/v2storage"

// AssignPropertiesTo shows a label as v2's color.
func (w *Widget) AssignPropertiesTo(dst *v2storage.Widget) error {
	if c, ok := w.Labels["example.com/color"]; ok && dst.Spec.Color == nil {
		dst.Spec.Color = &c
	}
	return nil
}

// AssignPropertiesFrom leaves it to the label.
func (w *Widget) AssignPropertiesFrom(src *v2storage.Widget) error { return nil }
`,
	})
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "Widget: the hooks of v1storage.Widget may show a value of one version at another place in the other (spec.color only in v2storage);"
	if !slices.ContainsFunc(out.notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
		t.Errorf("no note starts %q:\n%s", want, strings.Join(out.notes, "\n"))
	}
}
