package convtest_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestGoldenCatchesEditedValue: a golden file that differs from what the
// conversion gives in one value, the files' lengths alike, no longer
// matches; each of the two files is compared. Mutation testing: comparing
// the files' lengths alone survived the other tests.
func TestGoldenCatchesEditedValue(t *testing.T) {
	if propertybag.ASOStrings {
		t.Skip("testdata/golden holds the bags' strings in the default format")
	}
	for _, name := range []string{"Widget_v1_to_v2storage.yaml", "Widget_v1_to_v2storage_to_v1.yaml"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			for _, file := range []string{"Widget_v1_to_v2storage.yaml", "Widget_v1_to_v2storage_to_v1.yaml"} {
				data, err := os.ReadFile(filepath.Join("testdata", "golden", file))
				if err != nil {
					t.Fatal(err)
				}
				if file == name {
					if !strings.Contains(string(data), "\n  size: 3\n") {
						t.Fatalf("%s has no size 3 to edit:\n%s", file, data)
					}
					data = []byte(strings.Replace(string(data), "\n  size: 3\n", "\n  size: 4\n", 1))
				}
				if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), convtest.GoldenDir(dir), convtest.UpdateGolden(false))
			if err == nil || !strings.Contains(err.Error(), "no longer matches "+filepath.Join(dir, name)) || strings.Count(err.Error(), "no longer matches") != 1 {
				t.Fatalf("a golden file with size 4 for 3: %v", err)
			}
		})
	}
}

// TestGoldenCatchesUnstableJSONOfTheWayBack: the result of the way back
// must survive JSON too (the hub's Stamp, decoded, encodes its members in
// another order: same values, other bytes). Mutation testing: leaving the
// way back's result as the conversion gave it survived the other tests.
func TestGoldenCatchesUnstableJSONOfTheWayBack(t *testing.T) {
	exemplar := &WidgetV2Storage{ObjectMeta: metav1.ObjectMeta{Name: "ada"}, Spec: WidgetV2StorageSpec{Given: ptr("Ada"), Size: ptr[int32](3)}}
	opts := []convtest.Option{convtest.GoldenDir(t.TempDir()), convtest.UpdateGolden(true), convtest.Target("v1")}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, exemplar, opts...); err != nil {
		t.Fatalf("without the bug: %v", err)
	}
	withBug(t, bugReorderedJSON)
	err := convtest.CheckGolden(widgetScheme(), widgetGK, exemplar, opts...)
	if err == nil || !strings.Contains(err.Error(), "the exemplar converted to v1 and back does not survive JSON") {
		t.Errorf("the hub's Stamp re-encoded in another order: %v", err)
	}
}
