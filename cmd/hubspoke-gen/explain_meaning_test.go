package main

import (
	"strings"
	"testing"
)

// TestExplainNamesMeaningChanges: the row of a property whose value may
// change meaning in a storage step says so, as the generator's warning
// does, and whether hooks handle it; explain read "copied" alone, which a
// reviewer of flowcontrol's nominalConcurrencyShares (int32 in v1beta3,
// *int32 in v1) took for "nothing to do". The rows of an API version's
// step to its twin, where every value becomes a pointer, say nothing.
func TestExplainNamesMeaningChanges(t *testing.T) {
	row := func(t *testing.T, text, step, prefix string) string {
		t.Helper()
		_, rest, ok := strings.Cut(text, "\n## "+step+"\n")
		if !ok {
			t.Fatalf("no step %s:\n%s", step, text)
		}
		rest, _, _ = strings.Cut(rest, "\n## ")
		for _, line := range strings.Split(rest, "\n") {
			if strings.HasPrefix(line, prefix) {
				return line
			}
		}
		t.Fatalf("no row %q in %s:\n%s", prefix, step, rest)
		return ""
	}
	for _, tc := range []struct {
		api, step, row string
		want           []string
	}{
		{"optionality", "v1storage → v2storage", "| `WidgetSpec.Replicas` |", []string{
			"meaning may change: `int32` in v1, `*int32` in v2: a zero may mean \"the default\" in v1 and a value of its own in v2",
			"no hook handles it: the generator warns",
		}},
		// Acknowledged: the copy as it is is right, says the marker.
		{"optionality", "v1storage → v2storage", "| `Limits.Memory` |", []string{
			"meaning may change: `string` in v1, `*string` in v2",
			"acknowledged by +hubspoke:sameMeaning=optionality: the copy as it is keeps the meaning, and the generator does not warn",
		}},
		{"prioritylevel", "v1beta3storage → v1storage", "| `LimitedPriorityLevelConfiguration.NominalConcurrencyShares` |", []string{
			"meaning may change: `int32` in v1beta3, `*int32` in v1",
			"the hooks of the step are taken to handle it",
		}},
		{"retyped", "v1storage → v2storage", "| `WidgetSpec.Mode` |", []string{
			"meaning may change: its enum changes (any value in v1; fast, slow in v2)",
			"no hook handles it: the generator warns",
		}},
		// Widened: named with the values it gains, and no warning.
		{"retyped", "v1storage → v2storage", "| `WidgetSpec.Level` |", []string{
			"its enum gains values (medium only in v2): a client of v1 reads such a value as it is",
			"no hook is needed, and the generator does not warn",
		}},
	} {
		t.Run(tc.api, func(t *testing.T) {
			out, err := generateCase("testdata/" + tc.api)
			if err != nil {
				t.Fatal(err)
			}
			text := explain(out.chain, "markdown")
			r := row(t, text, tc.step, tc.row)
			for _, w := range tc.want {
				if !strings.Contains(r, w) {
					t.Errorf("the row does not say %q:\n%s", w, r)
				}
			}
			if twin := row(t, text, strings.SplitN(tc.step, "storage", 2)[0]+" → "+strings.SplitN(tc.step, " ", 2)[0], tc.row); strings.Contains(twin, "meaning may change") || strings.Contains(twin, "its enum") {
				t.Errorf("the API version's step to its twin names a change of meaning:\n%s", twin)
			}
		})
	}
}
