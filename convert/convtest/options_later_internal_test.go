package convtest

import "testing"

// TestFieldValuesLaterWins: of two FieldValues for the same name, bare or
// qualified, the later one's values are drawn, the earlier one's never.
func TestFieldValuesLaterWins(t *testing.T) {
	for _, name := range []string{"Type", "qualMetric.Type"} {
		for _, h := range fillQual(50, FieldValues(name, "Earlier"), FieldValues(name, "Later")) {
			if h.Metric.Type != "Later" {
				t.Fatalf("FieldValues(%q) twice: the metric's type is %q, want the later option's value", name, h.Metric.Type)
			}
		}
	}
}
