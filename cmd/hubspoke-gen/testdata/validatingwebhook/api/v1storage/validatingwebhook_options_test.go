package v1storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests.
func validatingWebhookConfigurationTestOptions() []convtest.Option {
	return []convtest.Option{
		// The values the hooks of v1beta1storage map, drawn often enough
		// to meet every case, and unset a third of the time.
		convtest.FieldValues("FailurePolicy", "Ignore", "Fail"),
		convtest.FieldValues("MatchPolicy", "Exact", "Equivalent"),
		convtest.FieldValues("TimeoutSeconds", int32(30), int32(10), int32(5)),
		convtest.FieldValues("SideEffects", "Unknown", "Some", "None", "NoneOnDryRun"),
		convtest.FieldValues("AdmissionReviewVersions", []string{"v1beta1"}, []string{"v1", "v1beta1"}, []string{"v1"}),
		// (The defaults of each version, +kubebuilder:default on the
		// fields, the generated test declares with convtest.Default: an
		// unset value reads as its version's default, so the visibility
		// check requires v1beta1's unset failurePolicy to read Ignore at
		// v1, and v1's unset one Fail at v1beta1.)
		//
		// v1 allows sideEffects None and NoneOnDryRun only: v1beta1's
		// Unknown and Some wait in v1's bag, and v1 shows none. None and
		// NoneOnDryRun must still arrive.
		convtest.SkipVisibility("webhooks[*].sideEffects",
			"v1 cannot say v1beta1's Unknown and Some (its validation allows None and NoneOnDryRun only); the hooks of v1beta1storage keep them in v1's bag and show none",
			"Unknown", "Some"),
		// v1beta1's unset admissionReviewVersions reads as [v1beta1] (its
		// default), which v1 shows; back at v1beta1 the hooks leave it
		// unset again (a list's default is not something convtest.Default
		// declares).
		convtest.SkipVisibility("webhooks[*].admissionReviewVersions",
			"v1beta1's unset admissionReviewVersions is its default [v1beta1], which v1 shows and v1beta1 leaves unset again"),
	}
}
