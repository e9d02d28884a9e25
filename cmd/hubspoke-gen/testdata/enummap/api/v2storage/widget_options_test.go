package v2storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests. The values
// of color that the hooks map the generated test draws itself
// (widgetEnumValues: both versions' enums, a value neither lists, and "").
func widgetTestOptions() []convtest.Option {
	return []convtest.Option{
		// v1's Red is v2's R: the value arrives, spelled as the other
		// version spells it.
		convtest.SkipVisibility("spec.color",
			"v1 names a color (Red), v2 gives its letter (R); the hooks of v1storage map one to the other",
			"Red", "Green", "Blue", "R", "G", "B"),
	}
}
