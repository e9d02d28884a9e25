package convtest_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// raceCases keeps the race detector's runs short: it slows conversions
// down tenfold and finds nothing more with more cases. Without -race the
// defaults apply.
func raceCases() []convtest.Option {
	if raceEnabled {
		return []convtest.Option{convtest.Cases(300)}
	}
	return nil
}

// skipUnderRace skips a catches test whose search and shrinking take half
// a minute under the race detector: it exercises no concurrency, and CI
// runs it without -race at full counts (hack/test-slow.sh full).
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
