package v4storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// widgetTestOptions gives the generated conversion tests tag names that
// repeat, so that the staged tags' hooks meet equal and empty keys.
func widgetTestOptions() []convtest.Option {
	return []convtest.Option{convtest.FieldValues("Key", "a", "b", ""), convtest.FieldValues("Name", "a", "b", "")}
}
