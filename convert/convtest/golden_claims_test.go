package convtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// A second exemplar of one version (the members of a one-of, which no one
// object can show together: Knative's v1alpha1 Service runs in one of the
// modes runLatest, pinned, release or manual, and hooks turn each into
// v1's traffic in their own way) has golden files of its own, named by its
// metadata.name; the first keeps the files named by versions alone. Two
// different exemplars that would share files (one name, or none) are
// refused, in update mode before the second overwrites the first's files,
// and when comparing with a message that does not ask to regenerate (which
// would break the first). The same exemplar again (go test -count=2) is
// fine.
func TestGoldenSecondExemplarOfOneVersion(t *testing.T) {
	dir := t.TempDir()
	update := []convtest.Option{convtest.GoldenDir(dir), convtest.UpdateGolden(true)}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), update...); err != nil {
		t.Fatal(err)
	}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), update...); err != nil {
		t.Fatalf("the same exemplar again: %v", err)
	}
	other := goldenV1()
	other.Name = "babbage"
	other.Spec.FullName = "Charles Babbage"
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, other, update...); err != nil {
		t.Fatalf("a second exemplar of v1, of another name: %v", err)
	}
	for _, name := range []string{"Widget_v1_to_v2storage_babbage.yaml", "Widget_v1_to_v2storage_babbage_to_v1.yaml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "name: babbage") {
			t.Errorf("%s is not the second exemplar's:\n%s", name, data)
		}
	}
	for _, exemplar := range []*WidgetV1{goldenV1(), other} {
		if err := convtest.CheckGolden(widgetScheme(), widgetGK, exemplar, convtest.GoldenDir(dir)); err != nil {
			t.Errorf("%s's files: %v", exemplar.Name, err)
		}
	}

	// In a test binary that checks the second alone (go test -run), the
	// files say which are its own.
	alone := t.TempDir()
	for _, name := range []string{"Widget_v1_to_v2storage.yaml", "Widget_v1_to_v2storage_to_v1.yaml",
		"Widget_v1_to_v2storage_babbage.yaml", "Widget_v1_to_v2storage_babbage_to_v1.yaml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(alone, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, other, convtest.GoldenDir(alone)); err != nil {
		t.Errorf("the second exemplar checked first: %v", err)
	}

	// One name, two objects: refused.
	twin := goldenV1()
	twin.Spec.FullName = "Augusta Ada Byron"
	for _, opts := range [][]convtest.Option{update, {convtest.GoldenDir(dir)}} {
		err := convtest.CheckGolden(widgetScheme(), widgetGK, twin, opts...)
		if err == nil {
			t.Fatal("a second exemplar of v1 named as the first was accepted")
		}
		for _, want := range []string{"two different exemplars of one version", "Widget_v1_to_v2storage", "a metadata.name of its own", "Augusta Ada Byron"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error without %q:\n%v", want, err)
			}
		}
	}
	// The first exemplar's files are still its own.
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), convtest.GoldenDir(dir)); err != nil {
		t.Fatalf("the first exemplar's files: %v", err)
	}
}
