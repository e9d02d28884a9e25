package autoscaling

import (
	"encoding/json"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
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

// A v2beta1 HPA whose object metric had no target in the storage version
// carries a $twin entry null for it; its target comes back nil, and a bag
// below it that names no place there (a client's, or an earlier release's)
// makes no empty target in its place. A bag at the target itself is kept,
// in a target made for it. (The generated transport's side of
// boundary's TestPlacingWalkMakesAStructOnlyForWhatLands.)
func TestBagBelowANullTargetThatNamesNothing(t *testing.T) {
	for _, c := range []struct{ annotation, want string }{
		{`{"spec.metrics[0].object":{"$twin":{"target":null}}}`, `null`},
		{`{"spec.metrics[0].object":{"$twin":{"target":null}},"spec.metrics[0].object.target.bogus":{"X":"1"}}`, `null`},
		{`{"spec.metrics[0].object":{"$twin":{"target":null}},"spec.metrics[0].object.target":{}}`, `null`},
		{`{"spec.metrics[0].object":{"$twin":{"target":null}},"spec.metrics[0].object.target":{"X":"1"}}`, `{"$propertyBag":{"X":"\"1\""}}`},
	} {
		hpa := &v2beta1.HorizontalPodAutoscaler{}
		hpa.Annotations = map[string]string{boundary.Annotation: c.annotation}
		hpa.Spec.Metrics = []v2beta1.MetricSpec{{Type: v2beta1.ObjectMetricSourceType, Object: &v2beta1.ObjectMetricSource{MetricName: "queue_depth"}}}
		var twin v2beta1storage.HorizontalPodAutoscaler
		if err := hpa.AssignProperties_To_HorizontalPodAutoscaler(&twin); err != nil {
			t.Fatalf("%s: %v", c.annotation, err)
		}
		got, err := json.Marshal(twin.Spec.Metrics[0].Object.Target)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != c.want {
			t.Errorf("%s: target %s, want %s", c.annotation, got, c.want)
		}
		// The reflection path gives the same target: the copy, then
		// reflectbags.Recall (which dropped the bag with the target).
		bare := hpa.DeepCopy()
		bare.Annotations = nil
		var walked v2beta1storage.HorizontalPodAutoscaler
		if err := bare.AssignProperties_To_HorizontalPodAutoscaler(&walked); err != nil {
			t.Fatal(err)
		}
		if err := reflectbags.Recall(&walked, hpa); err != nil {
			t.Fatalf("%s: reflectbags: %v", c.annotation, err)
		}
		if w, err := json.Marshal(walked.Spec.Metrics[0].Object.Target); err != nil || string(w) != c.want {
			t.Errorf("%s: reflectbags' target %s (%v), want %s", c.annotation, w, err, c.want)
		}
	}
}
