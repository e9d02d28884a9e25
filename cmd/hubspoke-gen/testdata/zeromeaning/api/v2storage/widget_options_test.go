package v2storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests.
func widgetTestOptions() []convtest.Option {
	return []convtest.Option{
		// The hooks change the meaning of 0: in v1 it asks for the default,
		// which v2 says by leaving replicas unset, so a 0 of v1 (or of its
		// storage twin) arrives in v2 as no value, on purpose. Every other
		// value of replicas must still arrive where v2 shows it.
		convtest.SkipVisibilityOfZero("spec.replicas", "v1's 0 means the default, which v2 says by leaving replicas unset; the hooks map one to the other"),
	}
}
