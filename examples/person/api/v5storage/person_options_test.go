package v5storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// personTestOptions gives the generated conversion tests (round trip,
// updates, reliability) values that exercise the hand-written hooks.
func personTestOptions() []convtest.Option {
	return []convtest.Option{
		// Address labels for the label ↔ fields hooks: lines, empty lines,
		// commas (the city joins its lines with ", "), one line, none.
		convtest.FieldValues("Label",
			"1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA", "a\n\nb", "x, y\nz", "one line", "", "\n",
			"PO Box 1\nSpringfield, IL\nUSA", "Street\nSuburb\nCity\nRegion\nCountry"),
		// Birth dates that are canonical dates, and text that is not one.
		convtest.FieldValues("BirthDate", "1928-11-18", "2000-02-29", "1928-1-18", "unknown", ""),
	}
}
