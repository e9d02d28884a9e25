package autoscaling

import (
	"testing"

	"github.com/hubspoke/hubspoke/boundary/transporttest"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2"
)

// TestTransportMatchesReflection: the bag transport hubspoke-gen writes for
// the API versions of HorizontalPodAutoscaler gives, for random storage
// twins (as a client of a served storage version may write them: nil where
// the API version holds a plain value), the same annotation and status bags
// as the reflection path, and restores the twin it started from after the
// object has been through JSON. The $twin entries it checks are what the
// generated conversion tests cannot reach: they start from objects of the
// API versions, whose twins never hold such a nil. v2beta1 is left out:
// its hooks mark unset quantities in the twin's bags for the step towards
// v2beta2 (v2beta1storage.MarkUnset), which the reflection path does not
// write.
func TestTransportMatchesReflection(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	for _, p := range []transporttest.Pair{
		transporttest.PairOf("v1", (*v1.HorizontalPodAutoscaler).AssignProperties_From_HorizontalPodAutoscaler, (*v1.HorizontalPodAutoscaler).AssignProperties_To_HorizontalPodAutoscaler),
		transporttest.PairOf("v2beta2", (*v2beta2.HorizontalPodAutoscaler).AssignProperties_From_HorizontalPodAutoscaler, (*v2beta2.HorizontalPodAutoscaler).AssignProperties_To_HorizontalPodAutoscaler),
		transporttest.PairOf("v2", (*v2.HorizontalPodAutoscaler).AssignProperties_From_HorizontalPodAutoscaler, (*v2.HorizontalPodAutoscaler).AssignProperties_To_HorizontalPodAutoscaler),
	} {
		t.Run(p.Name, func(t *testing.T) {
			if err := transporttest.Check(p, n); err != nil {
				t.Fatal(err)
			}
		})
	}
}
