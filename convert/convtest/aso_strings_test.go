//go:build hubspoke_aso

package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
)

// TestASOStringsCorruptBags: in ASO's string format (-tags hubspoke_aso)
// any text is a string, so the JSON object the corrupt bags check writes
// in place of a carried string (the Widget's Given, which v1 carries for
// the hub) is a string like any other, which the hooks rightly replace
// with the one the full name gives. The healthy chain passes the update
// check, and a Pull error swallowed for a value that is no string (the
// priority, an int) still fails it.
func TestASOStringsCorruptBags(t *testing.T) {
	if !propertybag.ASOStrings {
		t.Fatal("built without -tags hubspoke_aso")
	}
	if err := convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", convtest.Seed(7)); err != nil {
		t.Fatalf("the healthy chain fails the update check in ASO's string format: %v", err)
	}
	withBug(t, bugSwallowsPullError)
	mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
		`converting v1 with the value "Priority" of the bag "spec" in the hubspoke.dev/property-bags annotation replaced by {"hubspoke-convtest-corrupt":[{"x":true}]} to the hub (v2storage) succeeded and lost it`,
	)
}

// TestASOStringsMarks: in ASO's string format a value that hooks keep
// under a name of their own (Lamp's ColorOfColors, the color v1 read
// beside colors that do not begin with it) may be a string, any text, so
// the corrupt bags check leaves it alone, as it leaves the values of
// string fields: the healthy Lamp, whose hooks rightly take a changed mark
// for a changed color, passes the update check.
func TestASOStringsMarks(t *testing.T) {
	if err := convtest.CheckUpdate(lampScheme(), lampGK, "v1", convtest.Seed(bugSeed), convtest.Cases(2000)); err != nil {
		t.Fatalf("the healthy Lamp fails the update check in ASO's string format: %v", err)
	}
}
