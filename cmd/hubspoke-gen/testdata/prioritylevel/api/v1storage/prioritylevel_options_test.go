package v1storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests.
func priorityLevelConfigurationTestOptions() []convtest.Option {
	return []convtest.Option{
		// The hooks of v1beta3storage change the meaning of 0: in v1beta3
		// (and in v1beta1's and v1beta2's assuredConcurrencyShares, which
		// v1beta3 renamed) it asks for the default, 30, which v1 says by
		// leaving nominalConcurrencyShares unset, so such a 0 arrives in v1
		// as no value, on purpose. Every other value must still arrive
		// where v1 shows it (the path names v1's property, which covers
		// the older versions' through the rename).
		convtest.SkipVisibilityOfZero("spec.limited.nominalConcurrencyShares",
			"v1beta3's 0 (v1beta1's and v1beta2's assuredConcurrencyShares 0) means the default, which v1 says by leaving nominalConcurrencyShares unset; the hooks of v1beta3storage map one to the other"),
	}
}
