package convtest_test

import (
	"fmt"

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

func sprint(args ...any) string { return fmt.Sprint(args...) }
