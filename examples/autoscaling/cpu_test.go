package autoscaling

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/utils/ptr"
)

// A v2 autoscaler with two cpu utilisation targets shows the first as v1's
// targetCPUUtilizationPercentage; a v1 client that clears the field must
// read it back cleared, so no cpu utilisation target may be left (the
// second would show as the field again).
func TestClearingTheCPUTargetAtV1RemovesEveryCPUTarget(t *testing.T) {
	c, err := convert.NewConverter(hpaScheme(t), hpaGK)
	if err != nil {
		t.Fatal(err)
	}
	hpa := samples.CheckoutV2()
	cpu := func(percent int32) v2.MetricSpec {
		return v2.MetricSpec{Type: v2.ResourceMetricSourceType, Resource: &v2.ResourceMetricSource{
			Name: corev1.ResourceCPU, Target: v2.MetricTarget{Type: v2.UtilizationMetricType, AverageUtilization: ptr.To(percent)},
		}}
	}
	hpa.Spec.Metrics = []v2.MetricSpec{cpu(60), cpu(80)}
	old, err := c.ToVersion(hpa, "v1")
	if err != nil {
		t.Fatal(err)
	}
	at1 := old.(*v1.HorizontalPodAutoscaler)
	if got := ptr.Deref(at1.Spec.TargetCPUUtilizationPercentage, -1); got != 60 {
		t.Fatalf("v1 shows targetCPUUtilizationPercentage %d, want the first target's 60", got)
	}
	at1.Spec.TargetCPUUtilizationPercentage = nil
	hub, err := c.ToVersion(at1, "v2")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range hub.(*v2.HorizontalPodAutoscaler).Spec.Metrics {
		if m.Resource != nil && m.Resource.Name == corev1.ResourceCPU && m.Resource.Target.AverageUtilization != nil {
			t.Errorf("a cpu utilisation target is left after the v1 client cleared the field: %+v", m.Resource)
		}
	}
	back, err := c.ToVersion(hub, "v1")
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*v1.HorizontalPodAutoscaler).Spec.TargetCPUUtilizationPercentage; got != nil {
		t.Errorf("v1 reads targetCPUUtilizationPercentage %d back after its client cleared it", *got)
	}
}

// Only a cpu utilisation target or reading is v1's cpu field: a memory
// utilisation target or reading shows at v1 as no field at all, and comes
// back from v1 unchanged.
func TestOnlyCPUUtilizationShowsAsTheV1Field(t *testing.T) {
	c, err := convert.NewConverter(hpaScheme(t), hpaGK)
	if err != nil {
		t.Fatal(err)
	}
	hpa := samples.CheckoutV2()
	hpa.Spec.Metrics = []v2.MetricSpec{{Type: v2.ResourceMetricSourceType, Resource: &v2.ResourceMetricSource{
		Name: corev1.ResourceMemory, Target: v2.MetricTarget{Type: v2.UtilizationMetricType, AverageUtilization: ptr.To[int32](70)},
	}}}
	hpa.Status.CurrentMetrics = []v2.MetricStatus{{Type: v2.ResourceMetricSourceType, Resource: &v2.ResourceMetricStatus{
		Name: corev1.ResourceMemory, Current: v2.MetricValueStatus{AverageUtilization: ptr.To[int32](65)},
	}}}
	old, err := c.ToVersion(hpa.DeepCopy(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	at1 := old.(*v1.HorizontalPodAutoscaler)
	if got := at1.Spec.TargetCPUUtilizationPercentage; got != nil {
		t.Errorf("v1 shows targetCPUUtilizationPercentage %d for a memory utilisation target", *got)
	}
	if got := at1.Status.CurrentCPUUtilizationPercentage; got != nil {
		t.Errorf("v1 shows currentCPUUtilizationPercentage %d for a memory utilisation reading", *got)
	}
	hub, err := c.ToVersion(at1, "v2")
	if err != nil {
		t.Fatal(err)
	}
	back := hub.(*v2.HorizontalPodAutoscaler)
	if !equality.Semantic.DeepEqual(back.Spec.Metrics, hpa.Spec.Metrics) {
		t.Errorf("spec.metrics after v1: %+v, want %+v", back.Spec.Metrics, hpa.Spec.Metrics)
	}
	if !equality.Semantic.DeepEqual(back.Status.CurrentMetrics, hpa.Status.CurrentMetrics) {
		t.Errorf("status.currentMetrics after v1: %+v, want %+v", back.Status.CurrentMetrics, hpa.Status.CurrentMetrics)
	}
}

// A v1 client that changes currentCPUUtilizationPercentage changes the cpu
// utilisation reading the field was read from, and adds no second one.
func TestEditingTheCPUReadingAtV1ChangesTheReading(t *testing.T) {
	c, err := convert.NewConverter(hpaScheme(t), hpaGK)
	if err != nil {
		t.Fatal(err)
	}
	hpa := samples.CheckoutV2()
	hpa.Status.CurrentMetrics = append(hpa.Status.CurrentMetrics, v2.MetricStatus{Type: v2.ResourceMetricSourceType, Resource: &v2.ResourceMetricStatus{
		Name: corev1.ResourceCPU, Current: v2.MetricValueStatus{AverageUtilization: ptr.To[int32](40)},
	}})
	old, err := c.ToVersion(hpa, "v1")
	if err != nil {
		t.Fatal(err)
	}
	at1 := old.(*v1.HorizontalPodAutoscaler)
	if got := ptr.Deref(at1.Status.CurrentCPUUtilizationPercentage, -1); got != 40 {
		t.Fatalf("v1 shows currentCPUUtilizationPercentage %d, want 40", got)
	}
	at1.Status.CurrentCPUUtilizationPercentage = ptr.To[int32](90)
	hub, err := c.ToVersion(at1, "v2")
	if err != nil {
		t.Fatal(err)
	}
	var readings []int32
	for _, m := range hub.(*v2.HorizontalPodAutoscaler).Status.CurrentMetrics {
		if m.Resource != nil && m.Resource.Name == corev1.ResourceCPU && m.Resource.Current.AverageUtilization != nil {
			readings = append(readings, *m.Resource.Current.AverageUtilization)
		}
	}
	if len(readings) != 1 || readings[0] != 90 {
		t.Errorf("cpu utilisation readings after the v1 client set 90: %v, want [90]", readings)
	}
}
