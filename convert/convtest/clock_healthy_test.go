package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// The healthy Clock passes every check.
func TestClock(t *testing.T) {
	convtest.RoundTripAll(t, clockScheme(), clockGK, raceCases()...)
	convtest.Reliability(t, clockScheme(), clockGK, raceCases()...)
}
