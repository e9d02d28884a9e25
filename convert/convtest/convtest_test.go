package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The healthy chain passes every check, with the default case counts (the
// full 10,000 per version without -short, 200 with it); these are the
// one-line calls a generated test makes.

func TestWidgetRoundTrip(t *testing.T) {
	convtest.RoundTripAll(t, widgetScheme(), widgetGK, append(widgetOpts(), bugFromEnv(t)...)...)
}

func TestWidgetReliability(t *testing.T) {
	bugFromEnv(t)
	// In parallel: conversions must be safe for concurrent use, and -race
	// checks that they are.
	convtest.Reliability(t, widgetScheme(), widgetGK, append(widgetOpts(), convtest.Parallel())...)
}

func TestWidgetGolden(t *testing.T) {
	if propertybag.ASOStrings {
		t.Skip("testdata/golden holds the bags' strings in the default format")
	}
	// v1storage hosts the hooks, so the exemplars are v1 and v1storage
	// objects whose names exercise them.
	convtest.Golden(t, widgetScheme(), widgetGK, goldenV1())
	convtest.Golden(t, widgetScheme(), widgetGK, &WidgetV1Storage{
		ObjectMeta: metav1.ObjectMeta{Name: "odd-name", Namespace: "default"},
		Spec:       WidgetV1StorageSpec{FullName: ptr("Cher "), Tags: []string{}},
	})
	convtest.Golden(t, widgetScheme(), widgetGK, goldenV1(), convtest.Target("v2"), convtest.Variant("api"))
}

func goldenV1() *WidgetV1 {
	return &WidgetV1{
		ObjectMeta: metav1.ObjectMeta{Name: "ada", Namespace: "default", Labels: map[string]string{"team": "engines"}},
		Spec: WidgetV1Spec{
			FullName: "Ada King Lovelace",
			Size:     3,
			Ratio:    0.25,
			Mode:     "fast",
			Tags:     []string{"analytical", "engine"},
			Owner:    &OwnerV1{Email: "ada@example.com"},
			Parts:    []PartV1{{Name: "mill", Weight: ptr(float32(1.5))}, {Name: "store", Counts: map[string]int64{"columns": 1000}}},
		},
		Status: WidgetV1Status{Ready: true},
	}
}
