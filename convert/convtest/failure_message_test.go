package convtest_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// TestFailureMessageLayout: the failure's message, line by line: the
// problem on its own lines, how the counter-example was found (shrunk or
// not, converted from another version or not), its YAML, and the replay
// command on the last line.
func TestFailureMessageLayout(t *testing.T) {
	const head = "convtest: reliability v1 → v3 of Relay.visibility.convtest.hubspoke.dev failed on case 2 of 10 (seed 7, case seed 99)\nit broke:\ndetails\n"
	const yaml = "    apiVersion: visibility.convtest.hubspoke.dev/v1\n    kind: Relay\n    metadata: {}\n    spec:\n      x: a\n"
	const replay = "replay: HUBSPOKE_SEED=7 HUBSPOKE_CASES=2 go test -run '^TestX$/^v1$' ./convert/convtest"
	for _, tc := range []struct {
		shrinks  int
		from     string
		obtained string
	}{
		{0, "", "not shrunk"},
		{1, "", "shrunk in 1 steps"},
		{3, "v2", "originally converted from a random v2 object, shrunk in 3 steps"},
		{0, "v1", "not shrunk"}, // converted from its own version: nothing to say
	} {
		f := &convtest.Failure{Check: "reliability", Resource: relayGK, Path: "v1 → v3", Problem: "it broke:\ndetails\n", Seed: 7, Case: 2, Cases: 10, CaseSeed: 99,
			Shrinks: tc.shrinks, Version: "v1", From: tc.from, Counterexample: &RelayV1{Spec: RelaySpec{X: "a"}}, Test: "TestX/v1"}
		want := head + "counter-example (v1, " + tc.obtained + "):\n" + yaml + replay
		if got := f.Error(); got != want {
			t.Errorf("shrinks %d, from %q: got\n%s\nwant\n%s", tc.shrinks, tc.from, got, want)
		}
		if tm := f.Counterexample.(*RelayV1).TypeMeta; tm.APIVersion != "" || tm.Kind != "" {
			t.Errorf("rendering the counter-example set its apiVersion and kind: %+v", tm)
		}
	}
	f := &convtest.Failure{Check: "round trip", Resource: relayGK, Path: "v1 → hub (v3) → v1", Problem: "it broke", Seed: 7, Case: 1, Cases: 1}
	if got, want := f.Error(), "convtest: round trip v1 → hub (v3) → v1 of Relay.visibility.convtest.hubspoke.dev failed on case 1 of 1 (seed 7, case seed 0)\nit broke\nreplay: HUBSPOKE_SEED=7 HUBSPOKE_CASES=1 go test ./convert/convtest"; got != want {
		t.Errorf("without a counter-example: got\n%s\nwant\n%s", got, want)
	}
}

// TestFailureNoteOnlyForJSONLoss: a round trip that loses the value in
// memory too does not say that it comes back unchanged in memory.
func TestFailureNoteOnlyForJSONLoss(t *testing.T) {
	withBug(t, bugHookDropsStash)
	err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(7), convtest.Cases(500))
	mustFail(t, err, "round trip v1 → hub (v2storage) → v1")
	if strings.Contains(err.Error(), "in memory the object comes back unchanged") {
		t.Errorf("the failure blames JSON for a loss in memory:\n%v", err)
	}
}
