package autoscaling

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	corev1 "k8s.io/api/core/v1"
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
