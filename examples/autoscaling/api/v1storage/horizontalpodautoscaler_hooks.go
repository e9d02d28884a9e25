// Hand-written: autoscaling/v1 knows one metric, the average CPU
// utilisation, as two fields: spec.targetCPUUtilizationPercentage and
// status.currentCPUUtilizationPercentage. From v2beta1 on, they are a
// Resource metric for cpu in spec.metrics and status.currentMetrics. The
// generated copy keeps the lists of v2beta1 in v1's bags; these hooks map
// the CPU fields to and from the first cpu utilisation metric of those
// lists, and drop the lists from the bags when the CPU field says all
// there is to say (a list of just that metric).

package v1storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"

	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"
)

// isCPU reports whether a metric of type typ named name is a Resource
// metric for cpu.
func isCPU(typ *v2beta1storage.MetricSourceType, name *corev1.ResourceName) bool {
	return ptr.Deref(typ, "") == "Resource" && ptr.Deref(name, "") == corev1.ResourceCPU
}

// isCPUTarget reports whether m is a cpu utilisation target.
func isCPUTarget(m v2beta1storage.MetricSpec) bool {
	return m.Resource != nil && isCPU(m.Type, m.Resource.Name) && m.Resource.TargetAverageUtilization != nil
}

// isCPUCurrent reports whether m is a cpu utilisation reading.
func isCPUCurrent(m v2beta1storage.MetricStatus) bool {
	return m.Resource != nil && isCPU(m.Type, m.Resource.Name) && m.Resource.CurrentAverageUtilization != nil
}

// cpuTarget returns the index of the first cpu utilisation target in
// metrics, or -1.
func cpuTarget(metrics []v2beta1storage.MetricSpec) int {
	return slices.IndexFunc(metrics, isCPUTarget)
}

// cpuCurrent returns the index of the first cpu utilisation reading in
// metrics, or -1.
func cpuCurrent(metrics []v2beta1storage.MetricStatus) int {
	return slices.IndexFunc(metrics, isCPUCurrent)
}

// dropIfSame removes name from bag when the list kept there (was) is what
// the other direction rebuilds from the CPU field alone (rebuilt), compared
// as JSON. Lists of different lengths are JSON arrays of different lengths
// (or null against a non-empty array), and deeply equal lists have the
// same JSON, so only lists of one length that differ are marshalled.
func dropIfSame[T any](bag *propertybag.PropertyBag, name string, was, rebuilt []T) error {
	if len(was) != len(rebuilt) {
		return nil
	}
	if reflect.DeepEqual(was, rebuilt) {
		bag.Remove(name)
		return nil
	}
	a, err := json.Marshal(was)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	b, err := json.Marshal(rebuilt)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if bytes.Equal(a, b) {
		bag.Remove(name)
	}
	return nil
}

// AssignPropertiesTo writes targetCPUUtilizationPercentage into the first
// cpu utilisation metric (adding one, or removing every one when the
// field is unset).
func (s *HorizontalPodAutoscalerSpec) AssignPropertiesTo(dst *v2beta1storage.HorizontalPodAutoscalerSpec) error {
	i := cpuTarget(dst.Metrics)
	switch {
	case s.TargetCPUUtilizationPercentage != nil && i >= 0:
		dst.Metrics[i].Resource.TargetAverageUtilization = ptr.To(*s.TargetCPUUtilizationPercentage)
	case s.TargetCPUUtilizationPercentage != nil:
		dst.Metrics = append(dst.Metrics, v2beta1storage.MetricSpec{
			Type: ptr.To(v2beta1storage.MetricSourceType("Resource")),
			Resource: &v2beta1storage.ResourceMetricSource{
				Name:                     ptr.To(corev1.ResourceCPU),
				TargetAverageUtilization: ptr.To(*s.TargetCPUUtilizationPercentage),
			},
		})
	case i >= 0:
		// Unset: no cpu utilisation target is left, however many the
		// list held (a second one would show as the field again).
		dst.Metrics = slices.DeleteFunc(dst.Metrics, isCPUTarget)
	}
	dst.PropertyBag.Remove("TargetCPUUtilizationPercentage")
	return nil
}

// AssignPropertiesFrom reads targetCPUUtilizationPercentage from the first
// cpu utilisation metric.
func (s *HorizontalPodAutoscalerSpec) AssignPropertiesFrom(src *v2beta1storage.HorizontalPodAutoscalerSpec) error {
	s.TargetCPUUtilizationPercentage = nil
	if i := cpuTarget(src.Metrics); i >= 0 {
		s.TargetCPUUtilizationPercentage = ptr.To(*src.Metrics[i].Resource.TargetAverageUtilization)
	}
	var back v2beta1storage.HorizontalPodAutoscalerSpec
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return dropIfSame(&s.PropertyBag, "Metrics", src.Metrics, back.Metrics)
}

// AssignPropertiesTo writes currentCPUUtilizationPercentage into the first
// cpu utilisation reading (adding one, or removing every one when the
// field is unset).
func (s *HorizontalPodAutoscalerStatus) AssignPropertiesTo(dst *v2beta1storage.HorizontalPodAutoscalerStatus) error {
	i := cpuCurrent(dst.CurrentMetrics)
	switch {
	case s.CurrentCPUUtilizationPercentage != nil && i >= 0:
		dst.CurrentMetrics[i].Resource.CurrentAverageUtilization = ptr.To(*s.CurrentCPUUtilizationPercentage)
	case s.CurrentCPUUtilizationPercentage != nil:
		dst.CurrentMetrics = append(dst.CurrentMetrics, v2beta1storage.MetricStatus{
			Type: ptr.To(v2beta1storage.MetricSourceType("Resource")),
			Resource: &v2beta1storage.ResourceMetricStatus{
				Name:                      ptr.To(corev1.ResourceCPU),
				CurrentAverageUtilization: ptr.To(*s.CurrentCPUUtilizationPercentage),
			},
		})
	case i >= 0:
		dst.CurrentMetrics = slices.DeleteFunc(dst.CurrentMetrics, isCPUCurrent)
	}
	dst.PropertyBag.Remove("CurrentCPUUtilizationPercentage")
	return nil
}

// AssignPropertiesFrom reads currentCPUUtilizationPercentage from the first
// cpu utilisation reading.
func (s *HorizontalPodAutoscalerStatus) AssignPropertiesFrom(src *v2beta1storage.HorizontalPodAutoscalerStatus) error {
	s.CurrentCPUUtilizationPercentage = nil
	if i := cpuCurrent(src.CurrentMetrics); i >= 0 {
		s.CurrentCPUUtilizationPercentage = ptr.To(*src.CurrentMetrics[i].Resource.CurrentAverageUtilization)
	}
	var back v2beta1storage.HorizontalPodAutoscalerStatus
	if err := s.AssignPropertiesTo(&back); err != nil {
		return err
	}
	return dropIfSame(&s.PropertyBag, "CurrentMetrics", src.CurrentMetrics, back.CurrentMetrics)
}
