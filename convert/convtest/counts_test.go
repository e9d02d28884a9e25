package convtest_test

import (
	"flag"
	"strconv"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// Clock's v1 counts its conversions, and each check calls one of them
// exactly once per case outside the generator: the round trip v1's
// ConvertTo, the update check v1's ConvertFrom (Clock has no other API
// version to make hubs from), reliability from v1storage to v1 v1's
// ConvertFrom. So the counts tell how many cases a check ran.

type countedCheck struct {
	name   string
	method string
	run    func(opts ...convtest.Option) error
	normal int
	short  int
	full   int
}

// countedChecks are the checks with their default counts (capped under the
// race detector).
func countedChecks() []countedCheck {
	capped := func(n int) int {
		if convtest.RaceDetector {
			return min(n, convtest.RaceCases)
		}
		return n
	}
	// Reliability's pairs are many: under the race detector it tries fewer.
	reliability := func(n int) int {
		if convtest.RaceDetector {
			return min(n, convtest.RaceReliabilityCases)
		}
		return n
	}
	return []countedCheck{
		{"round trip", "ConvertTo", func(opts ...convtest.Option) error {
			return convtest.CheckRoundTrip(clockScheme(), clockGK, "v1", opts...)
		}, capped(convtest.DefaultRoundTripCases), capped(convtest.DefaultRoundTripShortCases), convtest.FullRoundTripCases},
		{"update", "ConvertFrom", func(opts ...convtest.Option) error {
			return convtest.CheckUpdate(clockScheme(), clockGK, "v1", opts...)
		}, capped(convtest.DefaultRoundTripCases), capped(convtest.DefaultRoundTripShortCases), convtest.FullRoundTripCases},
		{"reliability", "ConvertFrom", func(opts ...convtest.Option) error {
			return convtest.CheckReliability(clockScheme(), clockGK, "v1storage", "v1", opts...)
		}, reliability(convtest.DefaultReliabilityCases), reliability(convtest.DefaultReliabilityShortCases), convtest.FullReliabilityCases},
	}
}

// cases runs c and returns how many cases it ran.
func (c countedCheck) cases(t *testing.T, opts ...convtest.Option) int {
	t.Helper()
	// The converter's start-up check converts an empty object once each
	// way: count it, then the check.
	resetCalls()
	if _, err := convtest.NewGenerator(clockScheme(), clockGK); err != nil {
		t.Fatal(err)
	}
	base := callCount("clock.v1", c.method)
	resetCalls()
	if err := c.run(append(opts, convtest.Seed(5))...); err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return int(callCount("clock.v1", c.method) - base)
}

func TestCaseCounts(t *testing.T) {
	t.Setenv(convtest.EnvCases, "")
	for _, c := range countedChecks() {
		for _, n := range []int{1, 2, 137} {
			if got := c.cases(t, convtest.Cases(n)); got != n {
				t.Errorf("%s with Cases(%d) ran %d cases", c.name, n, got)
			}
		}
	}
	t.Setenv(convtest.EnvCases, "61")
	for _, c := range countedChecks() {
		if got := c.cases(t); got != 61 {
			t.Errorf("%s with %s=61 ran %d cases", c.name, convtest.EnvCases, got)
		}
		if got := c.cases(t, convtest.Cases(7)); got != 7 {
			t.Errorf("%s with Cases(7) and %s=61 ran %d cases", c.name, convtest.EnvCases, got)
		}
	}
}

// TestDefaultCaseCounts checks the defaults, under -short and without it
// (under the race detector: that each is capped).
func TestDefaultCaseCounts(t *testing.T) {
	t.Setenv(convtest.EnvCases, "")
	short := flag.Lookup("test.short")
	was := short.Value.String()
	t.Cleanup(func() { _ = short.Value.Set(was) })
	for _, mode := range []string{"true", "false"} {
		_ = short.Value.Set(mode)
		for _, c := range countedChecks() {
			want := c.normal
			if testing.Short() {
				want = c.short
			}
			if got := c.cases(t); got != want {
				t.Errorf("%s ran %d cases by default (short %s), want %d", c.name, got, strconv.Quote(mode), want)
			}
		}
	}
}

// HUBSPOKE_CASES=full selects the full counts, under -short and the race
// detector too (the round trip's 10,000 only without them, for time).
func TestFullCaseCounts(t *testing.T) {
	t.Setenv(convtest.EnvCases, "full")
	for _, c := range countedChecks() {
		if c.name != "reliability" && (testing.Short() || convtest.RaceDetector) {
			continue
		}
		if got := c.cases(t); got != c.full {
			t.Errorf("%s with %s=full ran %d cases, want %d", c.name, convtest.EnvCases, got, c.full)
		}
	}
	t.Setenv(convtest.EnvCases, "fullest")
	if err := countedChecks()[0].run(); err == nil || !strings.Contains(err.Error(), `"fullest" is neither a positive number of cases nor "full"`) {
		t.Errorf("%s=fullest: %v", convtest.EnvCases, err)
	}
}
