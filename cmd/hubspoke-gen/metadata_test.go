package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMetadata runs the generator on fixtures with a metadata file (and
// -strict), and checks the errors and warnings it reports. The fixture
// added drops WidgetSpec.Legacy and WidgetSpec.OldTags in v2 without
// acknowledging it; person renames PersonSpec.Nickname to KnownAs in v3
// with a marker.
func TestMetadata(t *testing.T) {
	cases := []struct {
		name     string
		fixture  string
		yaml     string // "" for no file
		strict   bool
		errs     []string // substrings of the error, in order; none: no error
		warnings int
	}{{
		name:     "removals not acknowledged warn",
		fixture:  "added",
		warnings: 2,
	}, {
		name:    "removals not acknowledged with -strict",
		fixture: "added",
		strict:  true,
		errs: []string{
			"v2 WidgetSpec.Legacy: removed without acknowledgement: v1 has it; say so with // +hubspoke:removed=Legacy on WidgetSpec in v2",
			"v2 WidgetSpec.OldTags: removed without acknowledgement",
		},
	}, {
		name:    "removals acknowledged in the file",
		fixture: "added",
		strict:  true,
		yaml:    "versions:\n  v2:\n    removedProperties: [WidgetSpec.Legacy, WidgetSpec.OldTags]\n",
	}, {
		name:     "rename in the file",
		fixture:  "added",
		yaml:     "versions:\n  v2:\n    renamedProperties:\n      WidgetSpec.Color: Legacy\n",
		warnings: 1, // OldTags
	}, {
		name:    "unknown version",
		fixture: "added",
		yaml:    "versions:\n  v7: {}\n",
		errs:    []string{"meta.yaml: version v7: no such API version"},
	}, {
		name:    "removal of an unknown type",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    removedProperties: [Gadget.Legacy]\n",
		errs:    []string{"meta.yaml: version v2: removedProperties: Gadget.Legacy: v2 has no type Gadget"},
	}, {
		name:    "removal of an unknown property",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    removedProperties: [WidgetSpec.Nope]\n",
		errs:    []string{"meta.yaml: version v2: removedProperties: WidgetSpec.Nope: v1.WidgetSpec, in the previous version, has no property Nope"},
	}, {
		name:    "removal of a property still there",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    removedProperties: [WidgetSpec.Name]\n",
		errs:    []string{"removedProperties: WidgetSpec.Name: v2.WidgetSpec still has Name"},
	}, {
		name:    "removal from a type the previous version lacks",
		fixture: "person",
		yaml:    "versions:\n  v2:\n    removedProperties: [Contact.Kind]\n",
		errs:    []string{"removedProperties: Contact.Kind: v1, the previous version, has no type Contact"},
	}, {
		// prometheus-operator's AlertmanagerConfig: v1alpha1 refers to
		// secrets with corev1.SecretKeySelector, v1beta1 with its own,
		// without optional; the error says why no marker is needed.
		name:    "removal from a struct of the version that another package's holds the place of",
		fixture: "secretref",
		yaml:    "versions:\n  v2:\n    removedProperties: [SecretKeySelector.Optional]\n",
		errs: []string{"removedProperties: SecretKeySelector.Optional: v1, the previous version, has no type SecretKeySelector",
			"in its place, at WidgetSpec.Token, it has k8s.io/api/core/v1.SecretKeySelector", "optional, stays in SecretKeySelector's property bag", "drop Optional from the marker"},
	}, {
		name:    "rename in a type the previous version lacks",
		fixture: "person",
		yaml:    "versions:\n  v2:\n    renamedProperties:\n      Contact.Value: Val\n",
		errs:    []string{"renamedProperties: Contact.Value: renamed from Val, but v1, the previous version, has no type Contact"},
	}, {
		name:    "removal in the oldest version",
		fixture: "added",
		yaml:    "versions:\n  v1:\n    removedProperties: [WidgetSpec.Legacy]\n",
		errs:    []string{"v1 is the oldest version"},
	}, {
		name:    "removal not Type.Property",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    removedProperties: [Legacy]\n",
		errs:    []string{"removedProperties: Legacy: want Type.Property"},
	}, {
		name:    "rename of an unknown type",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    renamedProperties:\n      Gadget.Color: Legacy\n",
		errs:    []string{"renamedProperties: Gadget.Color: v2 has no type Gadget"},
	}, {
		name:    "rename to an unknown property",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    renamedProperties:\n      WidgetSpec.Colour: Legacy\n",
		errs:    []string{"renamedProperties: WidgetSpec.Colour: v2.WidgetSpec has no property Colour"},
	}, {
		name:    "rename from an unknown property",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    renamedProperties:\n      WidgetSpec.Color: Legasy\n",
		errs:    []string{"renamedProperties: WidgetSpec.Color: renamed from Legasy, but v1.WidgetSpec has neither Legasy nor Color"},
	}, {
		name:    "rename against the marker",
		fixture: "person",
		yaml:    "versions:\n  v3:\n    renamedProperties:\n      PersonSpec.KnownAs: Alias\n",
		errs:    []string{"renamedProperties: PersonSpec.KnownAs: the field's marker says +hubspoke:renamedFrom=Nickname"},
	}, {
		name:    "type rename onto a name the previous version has",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    renamedTypes:\n      WidgetSpec: WidgetStatus\n",
		errs:    []string{"renamedTypes: WidgetSpec: renamed from WidgetStatus, but v1, the previous version, has a type WidgetSpec too"},
	}, {
		name:    "type rename of an unknown type",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    renamedTypes:\n      Gadget: Widget\n",
		errs:    []string{"renamedTypes: Gadget: v2 has no type Gadget"},
	}, {
		name:    "type rename from an unknown type",
		fixture: "renamed",
		yaml:    "versions:\n  v2:\n    renamedTypes:\n      Person: Gadget\n",
		errs:    []string{"renamedTypes: Person: renamed from Gadget, but v1, the previous version, has no type Gadget"},
	}, {
		name:    "type rename in the oldest version",
		fixture: "renamed",
		yaml:    "versions:\n  v1:\n    renamedTypes:\n      Person: Human\n",
		errs:    []string{"version v1: renamedTypes: Person: renamed from Human, but v1 is the oldest version"},
	}, {
		name:    "type rename that contradicts the marker",
		fixture: "typerenamed",
		yaml:    "versions:\n  v2:\n    renamedTypes:\n      Client: Contact\n",
		errs:    []string{"renamedTypes: Client: the type's marker says +hubspoke:renamedFrom=Customer"},
	}, {
		name:    "two types renamed from one",
		fixture: "typerenamed",
		yaml:    "versions:\n  v2:\n    renamedTypes:\n      Channel: Customer\n",
		errs:    []string{"renamedTypes: Channel: renamed from Customer, but Client is renamed from Customer too: two types renamed from one are not supported"},
	}, {
		name:    "a struct renamed from an enum",
		fixture: "typerenamed",
		yaml:    "versions:\n  v2:\n    renamedTypes:\n      Channel: Level\n",
		errs:    []string{"renamedTypes: Channel: renamed from Level, but one of v1.Level and v2.Channel is a struct and the other is not"},
	}, {
		// optionality warns 11 times, v2's Limits.Memory and v3's
		// WidgetStatus.Ready acknowledged by markers.
		name:     "same meaning in the file",
		fixture:  "optionality",
		yaml:     "versions:\n  v2:\n    sameMeaningProperties:\n      WidgetSpec.Paused: optionality\n      Limits.Memory: optionality\n  v3:\n    sameMeaningProperties:\n      Load.Items: optionality\n",
		warnings: 9,
	}, {
		name:    "same meaning against the marker",
		fixture: "optionality",
		yaml:    "versions:\n  v2:\n    sameMeaningProperties:\n      Limits.Memory: optionality,default\n",
		errs:    []string{"meta.yaml: version v2: sameMeaningProperties: Limits.Memory: the field's marker says +hubspoke:sameMeaning=optionality"},
	}, {
		name:    "same meaning of a property that keeps it",
		fixture: "optionality",
		yaml:    "versions:\n  v2:\n    sameMeaningProperties:\n      WidgetSpec.Name: optionality\n",
		errs: []string{"meta.yaml: version v2: sameMeaningProperties: WidgetSpec.Name: no change of meaning of kind optionality from v1 to v2 (the step finds none): " +
			"a stale declaration would hide one a later edit makes; remove the declaration"},
	}, {
		name:    "same meaning of another kind",
		fixture: "optionality",
		yaml:    "versions:\n  v2:\n    sameMeaningProperties:\n      WidgetSpec.Paused: optionality,enum\n",
		errs:    []string{"WidgetSpec.Paused: no change of meaning of kind enum from v1 to v2 (the step finds optionality)", "remove enum from it"},
	}, {
		name:    "same meaning of no kind",
		fixture: "optionality",
		yaml:    "versions:\n  v2:\n    sameMeaningProperties:\n      WidgetSpec.Paused: pointer\n",
		errs:    []string{`sameMeaningProperties: WidgetSpec.Paused: no kind of change "pointer": the kinds are optionality, default, enum, omitempty`},
	}, {
		name:    "same meaning not Type.Property",
		fixture: "optionality",
		yaml:    "versions:\n  v2:\n    sameMeaningProperties:\n      Paused: optionality\n",
		errs:    []string{"sameMeaningProperties: Paused: want Type.Property: optionality,default,enum,omitempty"},
	}, {
		name:    "same meaning of an unknown property",
		fixture: "optionality",
		yaml:    "versions:\n  v2:\n    sameMeaningProperties:\n      WidgetSpec.Nope: optionality\n",
		errs:    []string{"sameMeaningProperties: WidgetSpec.Nope: v2.WidgetSpec has no property Nope"},
	}, {
		name:    "YAML syntax",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    removedProperties: [WidgetSpec.Legacy\n",
		errs:    []string{"meta.yaml: ", "line 3"},
	}, {
		name:    "YAML unknown key",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    removed: [WidgetSpec.Legacy]\n",
		errs:    []string{"meta.yaml: ", `unknown field "removed"`},
	}, {
		name:    "YAML wrong type",
		fixture: "added",
		yaml:    "versions:\n  v2:\n    removedProperties: WidgetSpec.Legacy\n",
		errs:    []string{"meta.yaml: ", "removedProperties"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := options{strict: c.strict}
			if c.yaml != "" {
				opt.metadata = filepath.Join(t.TempDir(), "meta.yaml")
				if err := os.WriteFile(opt.metadata, []byte(c.yaml), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, err := generate(filepath.Join("testdata", c.fixture, "api"), opt)
			if len(c.errs) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if len(out.warnings) != c.warnings {
					t.Errorf("%d warnings, want %d:\n%s", len(out.warnings), c.warnings, strings.Join(out.warnings, "\n"))
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q", c.errs)
			}
			rest := err.Error()
			for _, want := range c.errs {
				i := strings.Index(rest, want)
				if i < 0 {
					t.Fatalf("error\n%s\ndoes not say (in order) %q", err, want)
				}
				rest = rest[i+len(want):]
			}
		})
	}
}

// TestMetadataRenameExplained checks that a rename from the metadata file
// reaches the model, and so explain.
func TestMetadataRenameExplained(t *testing.T) {
	file := filepath.Join(t.TempDir(), "meta.yaml")
	yaml := "versions:\n  v2:\n    renamedProperties:\n      WidgetSpec.Color: Legacy\n    removedProperties: [WidgetSpec.OldTags]\n"
	if err := os.WriteFile(file, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	code, got := runGen(t, "explain", "-format", "text", "-metadata", file, "-strict", "testdata/added/api")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, got)
	}
	for _, want := range []string{
		"Legacy in v1storage is Color in v2storage",
		"(removed in v2 on purpose)",
		"Summary: ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("explain does not say %q:\n%s", want, got)
		}
	}
}

// TestTypeRenameFromFile checks that the type rename of the fixture
// typerenamed's metadata file (Contact became Channel in v2) is what pairs
// the two types: without the file, the property holding them changes type.
func TestTypeRenameFromFile(t *testing.T) {
	out, err := generate("testdata/typerenamed/api", options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "v1storage → v2storage: WidgetSpec.Contacts changes type ([]Contact in v1storage, []Channel in v2storage)"
	if len(out.notes) != 1 || !strings.HasPrefix(out.notes[0], want) {
		t.Errorf("notes without the metadata file:\n%s\nwant one: %s", strings.Join(out.notes, "\n"), want)
	}
	out, err = generate("testdata/typerenamed/api", options{metadata: "testdata/typerenamed/metadata.yaml", strict: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.notes) != 0 || len(out.warnings) != 0 {
		t.Errorf("with the metadata file: notes %q, warnings %q", out.notes, out.warnings)
	}
}

// TestRenameHintForSameJSONName: a Go field renamed without
// +hubspoke:renamedFrom, keeping its JSON name, is reported as a removal
// that names the new field and the marker that would declare the rename.
func TestRenameHintForSameJSONName(t *testing.T) {
	api := freshCase(t, "pdb", func(dir string, b []byte) []byte {
		if dir == "v1beta1" {
			b = bytes.ReplaceAll(b, []byte("\tDisruptionsAllowed int32"), []byte("\tPodDisruptionsAllowed int32"))
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "has DisruptionsAllowed under the same JSON name \"disruptionsAllowed\": if DisruptionsAllowed is PodDisruptionsAllowed renamed, " +
		"say so with // +hubspoke:renamedFrom=PodDisruptionsAllowed on PodDisruptionBudgetStatus.DisruptionsAllowed in v1"
	if !slices.ContainsFunc(out.warnings, func(w string) bool { return strings.Contains(w, want) }) {
		t.Errorf("no warning says %q:\n%s", want, strings.Join(out.warnings, "\n"))
	}
	_, err = generate(api, options{strict: true})
	if err == nil || !strings.Contains(err.Error(), "PodDisruptionBudgetStatus.DisruptionsAllowed has its JSON name \"disruptionsAllowed\": +hubspoke:renamedFrom=PodDisruptionsAllowed on it?") {
		t.Errorf("with -strict: error %v, want the rename hinted", err)
	}
}

// TestRenameHintForSameType: a property dropped under -strict while the
// same type gains exactly one property of its type (flowcontrol's
// assuredConcurrencyShares, int32, which v1beta3 calls
// nominalConcurrencyShares; here renamed's Person.Mail, which v2 calls
// Email, without the marker) is an error that names the new property and
// the marker that would declare the rename.
func TestRenameHintForSameType(t *testing.T) {
	api := freshCase(t, "renamed", func(dir string, b []byte) []byte {
		if dir == "v2" {
			b = bytes.Replace(b, []byte("\t// +hubspoke:renamedFrom=Mail\n"), nil, 1)
		}
		return b
	}, nil)
	_, err := generate(api, options{strict: true})
	want := "v2 Person.Mail: removed without acknowledgement: v1 has it; say so with // +hubspoke:removed=Mail on Person in v2 " +
		"(or removedProperties in the metadata file), or rename it (+hubspoke:renamedFrom), " +
		"or, if its value moved, say where with // +hubspoke:movedFrom=spec.owner.mail on the property of v2 that holds it now " +
		"(v2 adds Person.Email, of the same type string: if it is Mail renamed, say so with // +hubspoke:renamedFrom=Mail on it)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("with -strict: error %v\nwant it to say %q", err, want)
	}
}

// TestRenameMarkerWithJSONName: +hubspoke:renamedFrom takes the Go name of
// the previous version's field (movedFrom takes JSON paths); a marker that
// names its JSON name instead is an error that gives the Go name.
func TestRenameMarkerWithJSONName(t *testing.T) {
	api := freshCase(t, "renamed", func(dir string, b []byte) []byte {
		if dir == "v2" {
			b = bytes.Replace(b, []byte("+hubspoke:renamedFrom=Mail\n"), []byte("+hubspoke:renamedFrom=mail\n"), 1)
		}
		return b
	}, nil)
	_, err := generate(api, options{})
	want := "+hubspoke:renamedFrom=mail, but v1.Person has neither mail nor Email " +
		"(the marker names the Go field: Person.Mail has the JSON name \"mail\", so +hubspoke:renamedFrom=Mail)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v\nwant it to say %q", err, want)
	}
}

// TestRenameMarkerOfMovedProperty: +hubspoke:renamedFrom names a property
// that the previous version has in another type (RuntimeClass v1beta1's
// handler was v1alpha1's spec.runtimeHandler): the error says where it is
// and that +hubspoke:movedFrom declares such a change.
func TestRenameMarkerOfMovedProperty(t *testing.T) {
	api := freshCase(t, "runtimeclass", func(dir string, b []byte) []byte {
		if dir == "v1beta1" {
			b = bytes.Replace(b, []byte("+hubspoke:movedFrom=spec.runtimeHandler\n"), []byte("+hubspoke:renamedFrom=RuntimeHandler\n"), 1)
		}
		return b
	}, nil)
	_, err := generate(api, options{})
	want := "+hubspoke:renamedFrom=RuntimeHandler, but v1alpha1.RuntimeClass has neither RuntimeHandler nor Handler " +
		"(v1alpha1 has RuntimeClassSpec.RuntimeHandler at spec.runtimeHandler: a value that changed place, renamed or not, is declared with +hubspoke:movedFrom=spec.runtimeHandler"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v\nwant it to say %q", err, want)
	}
}

// TestRemovalHintForSharedStruct: a property dropped from a struct that
// the older version reaches at more than one place (Istio's
// ConsistentHashLB, under spec.trafficPolicy and under every
// portLevelSettings element, whose deprecated minimumRingSize v1 would
// hold only in ringHash) cannot be moved by +hubspoke:movedFrom, which
// names one path and is refused for a struct used at several places: the
// error and the warning propose a hook pair on the older twin's type, not
// the marker.
func TestRemovalHintForSharedStruct(t *testing.T) {
	api := freshCase(t, "renamed", func(dir string, b []byte) []byte {
		b = bytes.Replace(b, []byte("\tOwner *Person `json:\"owner,omitempty\"`\n"),
			[]byte("\tOwner *Person `json:\"owner,omitempty\"`\n\n\t// +optional\n\tBackup *Person `json:\"backup,omitempty\"`\n"), 1)
		if dir == "v2" { // Person keeps no property: nothing proposes a rename
			b = bytes.Replace(b, []byte("\t// +hubspoke:renamedFrom=Mail\n\tEmail string `json:\"email,omitempty\"`\n"), nil, 1)
		}
		return b
	}, nil)
	want := "if its value moved, mark it removed as above and move it in a hook pair on v1storage.Person (or on a type of v1storage above it " +
		"that holds the new place too), declared to the generated tests with convtest.Related: no marker can, since Person is at more than one place " +
		"in v1 (spec.owner.mail, spec.backup.mail)"
	_, err := generate(api, options{strict: true})
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "movedFrom=spec.") {
		t.Errorf("with -strict: error %v\nwant it to say %q, and no +hubspoke:movedFrom", err, want)
	}
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(out.warnings, func(w string) bool { return strings.Contains(w, want) && !strings.Contains(w, "movedFrom=spec.") }) {
		t.Errorf("no warning says %q (without +hubspoke:movedFrom):\n%s", want, strings.Join(out.warnings, "\n"))
	}
}

// TestMoveIntoSharedStructRefused: +hubspoke:movedFrom on a field of a
// struct the version reaches at more than one place is refused, and the
// error says what to write instead.
func TestMoveIntoSharedStructRefused(t *testing.T) {
	api := freshCase(t, "renamed", func(dir string, b []byte) []byte {
		b = bytes.Replace(b, []byte("\tOwner *Person `json:\"owner,omitempty\"`\n"),
			[]byte("\tOwner *Person `json:\"owner,omitempty\"`\n\n\t// +optional\n\tBackup *Person `json:\"backup,omitempty\"`\n"), 1)
		if dir == "v2" {
			b = bytes.Replace(b, []byte("+hubspoke:renamedFrom=Mail\n"), []byte("+hubspoke:movedFrom=spec.owner.mail\n"), 1)
		}
		return b
	}, nil)
	_, err := generate(api, options{})
	want := "Person is reached at more than one place (spec.owner.email, spec.backup.email): a move must be declared on a field of a struct used at one place " +
		"(not supported); move the value in a hook pair on the older storage version's type that holds both places instead"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v\nwant it to say %q", err, want)
	}
}
