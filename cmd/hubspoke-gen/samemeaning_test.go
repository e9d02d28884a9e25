package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestSameMeaning: +hubspoke:sameMeaning=optionality on a property of the
// newer version of a step silences the warning about that kind of change
// there, and explain's row says who acknowledged it (the fixture
// optionality marks v2's Limits.Memory, string in v1 and *string in v2,
// and v3's WidgetStatus.Ready, *bool in v2 and bool in v3). Without the
// marker the warning is back; a change of another kind that a later edit
// adds to the same property (a default v3 declares for Ready) warns,
// marker or not.
func TestSameMeaning(t *testing.T) {
	warns := func(warnings []string, prefix string) string {
		i := slices.IndexFunc(warnings, func(w string) bool { return strings.HasPrefix(w, prefix) })
		if i < 0 {
			return ""
		}
		return warnings[i]
	}
	const (
		memory   = "v2 Limits.Memory (spec.limits.memory): string in v1, *string in v2"
		ready    = "v3 WidgetStatus.Ready (status.ready): *bool in v2, bool in v3"
		readyDef = "v3 WidgetStatus.Ready (status.ready): its default changes (none in v2, true in v3)"
	)
	out, err := generateCase("testdata/optionality")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{memory, ready} {
		if got := warns(out.warnings, w); got != "" {
			t.Errorf("acknowledged, and still a warning:\n%s", got)
		}
	}
	// Each warning names the marker that would silence it.
	if got, want := warns(out.warnings, "v2 Limits.CPU (spec.limits.cpu)"), "say so with // +hubspoke:sameMeaning=optionality on Limits.CPU in v2"; !strings.Contains(got, want) {
		t.Errorf("the warning about Limits.CPU does not say %q:\n%s", want, got)
	}

	api := freshCase(t, "optionality", func(dir string, b []byte) []byte {
		switch dir {
		case "v2":
			b = bytes.Replace(b, []byte("\t// +hubspoke:sameMeaning=optionality\n\tMemory"), []byte("\tMemory"), 1)
		case "v3":
			b = bytes.Replace(b, []byte("\t// +hubspoke:sameMeaning=optionality\n\tReady"), []byte("\t// +hubspoke:sameMeaning=optionality\n\t// +kubebuilder:default=true\n\tReady"), 1)
		}
		return b
	}, nil)
	fresh, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := warns(fresh.warnings, memory); !strings.Contains(got, "say so with // +hubspoke:sameMeaning=optionality on Limits.Memory in v2") {
		t.Errorf("without the marker, no warning %q naming it:\n%s", memory, strings.Join(fresh.warnings, "\n"))
	}
	if got := warns(fresh.warnings, ready); got != "" {
		t.Errorf("the optionality of Ready is acknowledged, and still a warning:\n%s", got)
	}
	if got := warns(fresh.warnings, readyDef); !strings.Contains(got, "+hubspoke:sameMeaning=default on WidgetStatus.Ready in v3") {
		t.Errorf("a default the marker does not name: no warning %q naming the kind:\n%s", readyDef, strings.Join(fresh.warnings, "\n"))
	}
	if n, want := len(fresh.warnings), len(out.warnings)+2; n != want {
		t.Errorf("%d warnings, want %d (the fixture's and two):\n%s", n, want, strings.Join(fresh.warnings, "\n"))
	}
	text := explain(fresh.chain, "text")
	_, step, _ := strings.Cut(text, "\nv2storage → v3storage\n")
	i := strings.Index(step, "WidgetStatus.Ready   status.ready")
	if i < 0 {
		t.Fatalf("no row of WidgetStatus.Ready in v2storage → v3storage:\n%s", text)
	}
	row, _, _ := strings.Cut(step[i:], "\n")
	if want := "meaning may change: *bool in v2, bool in v3: a zero may mean \"the default\" in v3 and a value of its own in v2; " +
		"acknowledged by +hubspoke:sameMeaning=optionality: the copy as it is keeps the meaning, and the generator does not warn; " +
		"its default changes (none in v2, true in v3); no hook handles it: the generator warns"; !strings.Contains(row, want) {
		t.Errorf("the row does not say\n%s\n%s", want, row)
	}
}

// TestSameMeaningPreview: in the step of a preview newer than the hub,
// the preview is the host side; its marker acknowledges the change there
// too (preview's v3alpha1, here with size *int32 where v2 has int32).
func TestSameMeaningPreview(t *testing.T) {
	api := freshCase(t, "preview", func(dir string, b []byte) []byte {
		if dir == "v3alpha1" {
			b = bytes.Replace(b, []byte("\tSize int32 `"), []byte("\t// +hubspoke:sameMeaning=optionality\n\tSize *int32 `"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range out.warnings {
		if strings.Contains(w, "WidgetSpec.Size") {
			t.Errorf("acknowledged, and still a warning:\n%s", w)
		}
	}
	text := explain(out.chain, "text")
	_, step, _ := strings.Cut(text, "\nv3alpha1storage → v2storage\n")
	i := strings.Index(step, "WidgetSpec.Size")
	if i < 0 {
		t.Fatalf("no row of WidgetSpec.Size in v3alpha1storage → v2storage:\n%s", text)
	}
	row, _, _ := strings.Cut(step[i:], "\n")
	if want := "meaning may change: int32 in v2, *int32 in v3alpha1: a zero may mean \"the default\" in v2 and a value of its own in v3alpha1; " +
		"acknowledged by +hubspoke:sameMeaning=optionality"; !strings.Contains(row, want) {
		t.Errorf("the row does not say\n%s\n%s", want, row)
	}
}
