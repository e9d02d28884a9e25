package handwritten_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/examples/handwritten"
)

// testOptions are examples/person's (api/v5storage/person_options_test.go):
// labels and birth dates that exercise the hooks.
func testOptions() []convtest.Option {
	return []convtest.Option{
		convtest.FieldValues("Label",
			"1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA", "a\n\nb", "x, y\nz", "one line", "", "\n",
			"PO Box 1\nSpringfield, IL\nUSA", "Street\nSuburb\nCity\nRegion\nCountry"),
		convtest.FieldValues("BirthDate", "1928-11-18", "2000-02-29", "1928-1-18", "unknown", ""),
	}
}

// TestPersonRoundTrip is convtest's round trip and update check on the
// hand-written chain, as examples/person's generated test runs it.
func TestPersonRoundTrip(t *testing.T) {
	s, err := handwritten.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	convtest.RoundTripAll(t, s, handwritten.GroupKind, testOptions()...)
}

// TestPersonReliability converts objects of every version to every other.
func TestPersonReliability(t *testing.T) {
	s, err := handwritten.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	convtest.Reliability(t, s, handwritten.GroupKind, testOptions()...)
}
