package convtest_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// Two exemplars of one version share their golden files (named by kind
// and versions): the second is refused, in update mode before it
// overwrites the first's files, and when comparing with a message that
// does not ask to regenerate (which would break the first). The same
// exemplar again (go test -count=2) is fine, and so is another exemplar of
// that version in another golden directory.
func TestGoldenRefusesTwoExemplarsOfOneVersion(t *testing.T) {
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
	for _, opts := range [][]convtest.Option{update, {convtest.GoldenDir(dir)}} {
		err := convtest.CheckGolden(widgetScheme(), widgetGK, other, opts...)
		if err == nil {
			t.Fatal("a second exemplar of v1 was accepted")
		}
		for _, want := range []string{"two different exemplars of one version", "Widget_v1_to_v2storage", "keep one exemplar per version", `"babbage"`} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error without %q:\n%v", want, err)
			}
		}
	}
	// The first exemplar's files are still its own.
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), convtest.GoldenDir(dir)); err != nil {
		t.Fatalf("the first exemplar's files: %v", err)
	}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, other, convtest.GoldenDir(t.TempDir()), convtest.UpdateGolden(true)); err != nil {
		t.Fatalf("another directory: %v", err)
	}
}
