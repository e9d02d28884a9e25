package autoscaling

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"
)

// unsetV2 is an HPA at v2 that has none of the seven quantities v2beta1
// holds by value (and v2 through optional pointers): the value of an
// object target, the average value of a pods target, and the current
// value or average value of each of the five metric statuses.
func unsetV2() *v2.HorizontalPodAutoscaler {
	id := v2.MetricIdentifier{Name: "queue_depth"}
	ref := v2.CrossVersionObjectReference{Kind: "Queue", Name: "orders"}
	return &v2.HorizontalPodAutoscaler{
		TypeMeta:   metav1.TypeMeta{APIVersion: samples.Group + "/v2", Kind: "HorizontalPodAutoscaler"},
		ObjectMeta: metav1.ObjectMeta{Name: "orders", Namespace: "shop"},
		Spec: v2.HorizontalPodAutoscalerSpec{
			ScaleTargetRef: v2.CrossVersionObjectReference{Kind: "Deployment", Name: "worker"},
			MaxReplicas:    10,
			Metrics: []v2.MetricSpec{
				{Type: v2.ObjectMetricSourceType, Object: &v2.ObjectMetricSource{DescribedObject: ref, Metric: id,
					Target: v2.MetricTarget{Type: v2.AverageValueMetricType, AverageValue: ptr.To(resource.MustParse("30"))}}},
				{Type: v2.PodsMetricSourceType, Pods: &v2.PodsMetricSource{Metric: id,
					Target: v2.MetricTarget{Type: v2.AverageValueMetricType}}},
			},
		},
		Status: v2.HorizontalPodAutoscalerStatus{
			CurrentReplicas: 2, DesiredReplicas: 2,
			CurrentMetrics: []v2.MetricStatus{
				{Type: v2.ObjectMetricSourceType, Object: &v2.ObjectMetricStatus{DescribedObject: ref, Metric: id}},
				{Type: v2.PodsMetricSourceType, Pods: &v2.PodsMetricStatus{Metric: id}},
				{Type: v2.ResourceMetricSourceType, Resource: &v2.ResourceMetricStatus{Name: "cpu"}},
				{Type: v2.ContainerResourceMetricSourceType, ContainerResource: &v2.ContainerResourceMetricStatus{Name: "cpu", Container: "app"}},
				{Type: v2.ExternalMetricSourceType, External: &v2.ExternalMetricStatus{Metric: id}},
			},
		},
	}
}

// unsetV2beta1 is unsetV2 as a build of this example from before the
// $twin entries of package boundary (26e3f11, whose bags carried only the
// marks of v2beta1storage.MarkUnset) showed it at v2beta1: its output,
// verbatim but for the layout. A client that read the HPA then and writes
// it back now sends this.
const unsetV2beta1 = `
apiVersion: autoscaling.hubspoke.dev/v2beta1
kind: HorizontalPodAutoscaler
metadata:
  name: orders
  namespace: shop
  annotations:
    hubspoke.dev/property-bags: '{"spec.metrics[0].object":{"TargetValue@unset":true},"spec.metrics[1].pods":{"TargetAverageValue@unset":true}}'
spec:
  scaleTargetRef: {kind: Deployment, name: worker}
  maxReplicas: 10
  metrics:
  - type: Object
    object: {target: {kind: Queue, name: orders}, metricName: queue_depth, targetValue: "0", averageValue: "30"}
  - type: Pods
    pods: {metricName: queue_depth, targetAverageValue: "0"}
status:
  currentReplicas: 2
  desiredReplicas: 2
  currentMetrics:
  - type: Object
    object: {target: {kind: Queue, name: orders}, metricName: queue_depth, currentValue: "0"}
  - type: Pods
    pods: {metricName: queue_depth, currentAverageValue: "0"}
  - type: Resource
    resource: {name: cpu, currentAverageValue: "0"}
  - type: ContainerResource
    containerResource: {name: cpu, currentAverageValue: "0", container: app}
  - type: External
    external: {metricName: queue_depth, currentValue: "0"}
  $propertyBags:
    status.currentMetrics[0].object: {"CurrentValue@unset": "true"}
    status.currentMetrics[1].pods: {"CurrentAverageValue@unset": "true"}
    status.currentMetrics[2].resource: {"CurrentAverageValue@unset": "true"}
    status.currentMetrics[3].containerResource: {"CurrentAverageValue@unset": "true"}
    status.currentMetrics[4].external: {"CurrentValue@unset": "true"}
`

// unsetMarks names, for each of the seven quantities, the bag that holds
// its mark at v2beta1 and the mark.
var unsetMarks = []struct{ path, mark string }{
	{"spec.metrics[0].object", "TargetValue@unset"},
	{"spec.metrics[1].pods", "TargetAverageValue@unset"},
	{"status.currentMetrics[0].object", "CurrentValue@unset"},
	{"status.currentMetrics[1].pods", "CurrentAverageValue@unset"},
	{"status.currentMetrics[2].resource", "CurrentAverageValue@unset"},
	{"status.currentMetrics[3].containerResource", "CurrentAverageValue@unset"},
	{"status.currentMetrics[4].external", "CurrentValue@unset"},
}

// unsetQuantities returns the seven quantities of an HPA at v2 shaped as
// unsetV2, in the order of unsetMarks.
func unsetQuantities(t *testing.T, hpa *v2.HorizontalPodAutoscaler) []*resource.Quantity {
	t.Helper()
	m, s := hpa.Spec.Metrics, hpa.Status.CurrentMetrics
	if len(m) != 2 || m[0].Object == nil || m[1].Pods == nil || len(s) != 5 || s[0].Object == nil ||
		s[1].Pods == nil || s[2].Resource == nil || s[3].ContainerResource == nil || s[4].External == nil {
		t.Fatalf("the metrics lost their shape at v2: %+v, %+v", m, s)
	}
	return []*resource.Quantity{
		m[0].Object.Target.Value, m[1].Pods.Target.AverageValue,
		s[0].Object.Current.Value, s[1].Pods.Current.AverageValue, s[2].Resource.Current.AverageValue,
		s[3].ContainerResource.Current.AverageValue, s[4].External.Current.Value,
	}
}

// TestV2beta1UnsetQuantities: v2beta1 shows each of seven quantities that
// v2 may leave unset as a plain value, "0" when unset. Written back
// unchanged it must read at v2 as unset again, and a zero a client wrote
// at v2beta1 as an explicit zero. Today the $twin entries of package
// boundary restore "unset" by themselves; the marks of
// v2beta1storage.MarkUnset (read by takeUnset) are what an HPA read at
// v2beta1 before those entries existed carries, and what a build from
// before them reads. The generated conversion tests build neither (a
// MarkUnset that never marks, or a takeUnset that never restores "unset",
// passes them), so this test holds the pair to both sides:
//   - the marks alone, from that earlier build, still restore "unset" and
//     leave no trace at v2; a value the client changed wins over its mark;
//   - the same object without bags keeps its zeros (a mark, not the zero,
//     says "unset");
//   - reading an unset HPA at v2beta1 still writes each mark beside its
//     $twin entry, for a rollback to that earlier build.
func TestV2beta1UnsetQuantities(t *testing.T) {
	c, err := convert.NewConverter(hpaScheme(t), hpaGK)
	if err != nil {
		t.Fatal(err)
	}
	legacy := func(t *testing.T) *v2beta1.HorizontalPodAutoscaler {
		t.Helper()
		hpa := &v2beta1.HorizontalPodAutoscaler{}
		if err := yaml.UnmarshalStrict([]byte(unsetV2beta1), hpa); err != nil {
			t.Fatal(err)
		}
		return hpa
	}
	toV2 := func(t *testing.T, hpa *v2beta1.HorizontalPodAutoscaler) *v2.HorizontalPodAutoscaler {
		t.Helper()
		out, err := c.ToVersion(hpa, "v2")
		if err != nil {
			t.Fatal(err)
		}
		text, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(text), "@unset") {
			t.Errorf("a mark reached v2: %s", text)
		}
		return out.(*v2.HorizontalPodAutoscaler)
	}

	t.Run("marks of an earlier build", func(t *testing.T) {
		for i, q := range unsetQuantities(t, toV2(t, legacy(t))) {
			if q != nil {
				t.Errorf("%s: %s at v2, want unset", unsetMarks[i].path, q)
			}
		}
	})

	t.Run("a changed value wins over its mark", func(t *testing.T) {
		hpa := legacy(t)
		hpa.Spec.Metrics[1].Pods.TargetAverageValue = resource.MustParse("250m")
		hpa.Status.CurrentMetrics[0].Object.CurrentValue = resource.MustParse("7")
		want := map[int]string{1: "250m", 2: "7"}
		for i, q := range unsetQuantities(t, toV2(t, hpa)) {
			switch w, changed := want[i]; {
			case changed && (q == nil || q.String() != w):
				t.Errorf("%s: %v at v2, want %s", unsetMarks[i].path, q, w)
			case !changed && q != nil:
				t.Errorf("%s: %s at v2, want unset", unsetMarks[i].path, q)
			}
		}
	})

	t.Run("zeros written at v2beta1", func(t *testing.T) {
		hpa := legacy(t)
		hpa.Annotations, hpa.Status.PropertyBags = nil, nil
		for i, q := range unsetQuantities(t, toV2(t, hpa)) {
			if q == nil || !q.IsZero() {
				t.Errorf("%s: %v at v2, want an explicit 0", unsetMarks[i].path, q)
			}
		}
	})

	t.Run("read at v2beta1", func(t *testing.T) {
		out, err := c.ToVersion(unsetV2(), "v2beta1")
		if err != nil {
			t.Fatal(err)
		}
		text, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		hpa := &v2beta1.HorizontalPodAutoscaler{} // as the client sends it back
		if err := json.Unmarshal(text, hpa); err != nil {
			t.Fatal(err)
		}
		bags, err := propertybag.UnmarshalBags(hpa.Annotations[boundary.Annotation])
		if err != nil {
			t.Fatal(err)
		}
		for path, bag := range hpa.Status.PropertyBags {
			bags[path] = bag
		}
		for _, m := range unsetMarks {
			if got := bags[m.path][m.mark]; got != "true" {
				t.Errorf("bag %s: %s is %q, want true (bags: %v)", m.path, m.mark, got, bags)
			}
		}
		for i, q := range unsetQuantities(t, toV2(t, hpa)) {
			if q != nil {
				t.Errorf("%s: %s at v2 after the round trip, want unset", unsetMarks[i].path, q)
			}
		}
	})
}
