package convtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
)

// A golden file written in the other string format (with or without
// -tags hubspoke_aso: an adopter of Azure Service Operator's format whose
// CI ran without the tag) fails with a message that names the format,
// not one that asks for the file to be written again, which would put it
// in the wrong format.
func TestGoldenNamesTheStringFormat(t *testing.T) {
	dir := t.TempDir()
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), convtest.GoldenDir(dir), convtest.UpdateGolden(true)); err != nil {
		t.Fatal(err)
	}
	const line = "# The bags hold strings in Azure Service Operator's format: written by a build with -tags hubspoke_aso.\n"
	names := []string{"Widget_v1_to_v2storage.yaml", "Widget_v1_to_v2storage_to_v1.yaml"}
	for _, name := range names {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if strings.Contains(text, line) != propertybag.ASOStrings {
			t.Fatalf("%s, written by a build with ASOStrings %v:\n%s", name, propertybag.ASOStrings, text)
		}
		// The file as the build of the other format writes it.
		if propertybag.ASOStrings {
			text = strings.Replace(text, line, "", 1)
		} else {
			header := strings.Index(text, "\napiVersion:")
			text = text[:header+1] + line + text[header+1:]
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), convtest.GoldenDir(dir), convtest.UpdateGolden(false))
	if err == nil {
		t.Fatal("a golden file of the other format matches")
	}
	written, runs := "with -tags hubspoke_aso", "without -tags hubspoke_aso"
	if propertybag.ASOStrings {
		written, runs = runs, written
	}
	for _, want := range []string{
		filepath.Join(dir, names[0]) + " was written by a build " + written + ", and this test runs " + runs,
		filepath.Join(dir, names[1]) + " was written by a build " + written,
		"run the test as the file was written",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the failure lacks %q:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "no longer matches") {
		t.Errorf("the failure asks for the file to be written again:\n%v", err)
	}
}
