package v1alpha3storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// backendTLSPolicyTestOptions: the hooks make v1alpha2's targetRef the first
// of v1alpha3's targetRefs; the other elements stay in v1alpha2's bags.
func backendTLSPolicyTestOptions() []convtest.Option {
	return []convtest.Option{convtest.Related(
		convtest.Relation{From: "v1alpha2", To: "v1alpha3", Old: "spec.targetRef", New: "spec.targetRefs[0]"},
	)}
}
