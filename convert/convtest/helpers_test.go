package convtest_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// raceCases keeps the race detector's runs short: it slows conversions
// down tenfold and finds nothing more with more cases (the kit's own cap,
// convtest.RaceCases). Without -race the defaults apply.
func raceCases() []convtest.Option {
	if raceEnabled {
		return []convtest.Option{convtest.Cases(100)}
	}
	return nil
}

// passUnderRace returns opts for a check a catches test expects to pass
// (the bug is out of its reach): under the race detector with 200 cases in
// place of the test's own count, thousands that take seconds each and
// exercise no concurrency; CI runs them at their own counts without -race
// (hack/test-slow.sh full). Fewer cases cannot make such a check fail.
func passUnderRace(opts ...convtest.Option) []convtest.Option {
	if raceEnabled {
		return append(opts[:len(opts):len(opts)], convtest.Cases(200))
	}
	return opts
}

// skipUnderRace skips a test that takes many seconds under the race
// detector and exercises no concurrency (a catches test whose search and
// shrinking take half a minute, a count of the generator's shapes over
// thousands of objects): CI runs it without -race (hack/test-slow.sh full).
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("slow under -race; runs without it in hack/test-slow.sh full")
	}
}

func sprint(args ...any) string { return fmt.Sprint(args...) }

// instants makes the generator build Instants, which it leaves zero
// otherwise (they have their own JSON encoding): times to the nanosecond,
// from 1970 to 2116.
var instants = convtest.GenFunc(func(r *rand.Rand) Instant {
	return Instant{time.Unix(0, r.Int64N(1<<62)).UTC()}
})

// widgetOpts are the options of the Widget chain's healthy checks.
func widgetOpts() []convtest.Option {
	return append(raceCases(), instants)
}
