package v1storage

import (
	"testing"

	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"
)

// dropIfSame compares the lists as JSON: a kept list that differs from the
// rebuilt one only where JSON cannot tell (an empty bag against none) is
// dropped from the bag, and one that differs in a value is kept.
func TestDropIfSameComparesJSON(t *testing.T) {
	cpu := func(percent int32, bag propertybag.PropertyBag) []v2beta1storage.MetricStatus {
		return []v2beta1storage.MetricStatus{{
			Type: ptr.To(v2beta1storage.MetricSourceType("Resource")),
			Resource: &v2beta1storage.ResourceMetricStatus{
				PropertyBag:               bag,
				Name:                      ptr.To(corev1.ResourceCPU),
				CurrentAverageUtilization: ptr.To(percent),
			},
		}}
	}
	for _, c := range []struct {
		name string
		was  []v2beta1storage.MetricStatus
		keep bool
	}{
		{"same", cpu(40, nil), false},
		{"empty bag", cpu(40, propertybag.PropertyBag{}), false},
		{"other bag", cpu(40, propertybag.PropertyBag{"CurrentAverageValue": `"1"`}), true},
		{"two readings", append(cpu(40, nil), cpu(50, nil)...), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			bag := propertybag.PropertyBag{"CurrentMetrics": `[]`}
			if err := dropIfSame(&bag, "CurrentMetrics", c.was, cpu(40, nil)); err != nil {
				t.Fatal(err)
			}
			if got := bag.Contains("CurrentMetrics"); got != c.keep {
				t.Errorf("CurrentMetrics kept in the bag: %v, want %v", got, c.keep)
			}
		})
	}
}
