package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// The conversion tests of a resource are one line per check, in a _test.go
// file of its API package; go test runs them, and a failure prints the
// shrunk object and the command that replays it. The resource here is the
// Widget of this package's own tests.
func ExampleRoundTripAll() {
	// func TestWidgetRoundTrip(t *testing.T)
	roundTrip := func(t *testing.T) {
		convtest.RoundTripAll(t, widgetScheme(), widgetGK)
	}
	// func TestWidgetReliability(t *testing.T)
	reliability := func(t *testing.T) {
		convtest.Reliability(t, widgetScheme(), widgetGK)
	}
	// func TestWidgetGolden(t *testing.T), with an exemplar whose names
	// exercise the hooks, converted to the hub and back.
	golden := func(t *testing.T) {
		convtest.Golden(t, widgetScheme(), widgetGK, goldenV1())
	}
	_, _, _ = roundTrip, reliability, golden
}
