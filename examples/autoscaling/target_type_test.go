package autoscaling

import (
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/utils/ptr"
)

// A v2beta1 resource or container resource target written at v2beta1
// reads at v2 as a target of type Utilization when it has a utilisation,
// and AverageValue when it has only an average value.
func TestV2beta1ResourceTargetTypes(t *testing.T) {
	c, err := convert.NewConverter(hpaScheme(t), hpaGK)
	if err != nil {
		t.Fatal(err)
	}
	hpa := samples.QueueV2beta1()
	hpa.Spec.Metrics = []v2beta1.MetricSpec{
		{Type: v2beta1.ContainerResourceMetricSourceType, ContainerResource: &v2beta1.ContainerResourceMetricSource{
			Name: corev1.ResourceCPU, Container: "app", TargetAverageUtilization: ptr.To[int32](50)}},
		{Type: v2beta1.ContainerResourceMetricSourceType, ContainerResource: &v2beta1.ContainerResourceMetricSource{
			Name: corev1.ResourceMemory, Container: "app", TargetAverageValue: ptr.To(resource.MustParse("256Mi"))}},
		{Type: v2beta1.ResourceMetricSourceType, Resource: &v2beta1.ResourceMetricSource{
			Name: corev1.ResourceMemory, TargetAverageValue: ptr.To(resource.MustParse("512Mi"))}},
	}
	hub, err := c.ToVersion(hpa, "v2")
	if err != nil {
		t.Fatal(err)
	}
	var got []v2.MetricTargetType
	for _, m := range hub.(*v2.HorizontalPodAutoscaler).Spec.Metrics {
		switch {
		case m.ContainerResource != nil:
			got = append(got, m.ContainerResource.Target.Type)
		case m.Resource != nil:
			got = append(got, m.Resource.Target.Type)
		}
	}
	want := []v2.MetricTargetType{v2.UtilizationMetricType, v2.AverageValueMetricType, v2.AverageValueMetricType}
	if !slices.Equal(got, want) {
		t.Errorf("target types at v2: %v, want %v", got, want)
	}
}
