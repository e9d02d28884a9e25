package v1storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests.
func podDisruptionBudgetTestOptions() []convtest.Option {
	return []convtest.Option{
		// The hooks change the meaning of a selector, as Kubernetes does:
		// v1beta1's selector that matches every pod (a match expression on
		// pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match) is
		// v1's empty selector, and v1's selector that matches no pod is
		// v1beta1's empty one; the marker expression is not a value a
		// client of the other version should see.
		convtest.SkipVisibility("spec.selector.matchExpressions", "the hooks turn the marker expression of an empty selector into the other version's empty selector, as Kubernetes does"),
	}
}
