package v2storage_test

import (
	"strings"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// horizontalPodAutoscalerTestOptions are the options of the generated
// tests (TestHorizontalPodAutoscalerReliability): where the hooks of
// v2beta1storage carry v2beta1's flat metric targets and current values
// into v2beta2's MetricIdentifier, MetricTarget and MetricValueStatus, so
// that the visibility check holds them to it, both ways. (v1's CPU fields
// ↔ the metric lists pick a list element by its content, which a relation
// cannot say: the golden exemplars pin them.)
func horizontalPodAutoscalerTestOptions() []convtest.Option {
	var relations []convtest.Relation
	rel := func(old, new string) {
		relations = append(relations, convtest.Relation{From: "v2beta1", To: "v2beta2", Old: old, New: new})
	}
	for _, at := range []struct{ list, target string }{{"spec.metrics[*]", "target"}, {"status.currentMetrics[*]", "current"}} {
		// v2beta1 spells a target's fields targetValue, targetAverageValue
		// (a status' currentValue, ...): v2beta2's target (current) fields
		// with the prefix.
		flat := func(name string) string { return at.target + strings.ToUpper(name[:1]) + name[1:] }
		rel(at.list+".object.target", at.list+".object.describedObject")
		rel(at.list+".object.metricName", at.list+".object.metric.name")
		rel(at.list+".object.selector", at.list+".object.metric.selector")
		rel(at.list+".object.averageValue", at.list+".object."+at.target+".averageValue")
		rel(at.list+".object."+flat("value"), at.list+".object."+at.target+".value")
		rel(at.list+".pods.metricName", at.list+".pods.metric.name")
		rel(at.list+".pods.selector", at.list+".pods.metric.selector")
		rel(at.list+".pods."+flat("averageValue"), at.list+".pods."+at.target+".averageValue")
		for _, r := range []string{"resource", "containerResource"} {
			rel(at.list+"."+r+"."+flat("averageUtilization"), at.list+"."+r+"."+at.target+".averageUtilization")
			rel(at.list+"."+r+"."+flat("averageValue"), at.list+"."+r+"."+at.target+".averageValue")
		}
		rel(at.list+".external.metricName", at.list+".external.metric.name")
		rel(at.list+".external.metricSelector", at.list+".external.metric.selector")
		rel(at.list+".external."+flat("value"), at.list+".external."+at.target+".value")
		rel(at.list+".external."+flat("averageValue"), at.list+".external."+at.target+".averageValue")
	}
	return append([]convtest.Option{convtest.Related(relations...)}, horizontalPodAutoscalerDiscriminators...)
}

// horizontalPodAutoscalerDiscriminators draw the union discriminators
// (a metric's source type, a target's type, a scaling policy's type) and
// the resource names from their values, a value none lists and "", so
// that the hooks that switch on them (v1's cpu utilisation is the first
// Resource metric named cpu; v2beta1's flat targets pick v2beta2's target
// type) meet them; random strings never would. The types declare no
// +kubebuilder:validation:Enum (Kubernetes marks them +enum), so the
// generator writes none of these. Each is qualified by its struct: a
// condition's Type and the other Names stay free text.
var horizontalPodAutoscalerDiscriminators = []convtest.Option{
	convtest.FieldValues("MetricSpec.Type", "ContainerResource", "External", "Object", "Pods", "Resource", "unlisted-value", ""),
	convtest.FieldValues("MetricStatus.Type", "ContainerResource", "External", "Object", "Pods", "Resource", "unlisted-value", ""),
	convtest.FieldValues("MetricTarget.Type", "AverageValue", "Utilization", "Value", "unlisted-value", ""),
	convtest.FieldValues("HPAScalingPolicy.Type", "Percent", "Pods", "unlisted-value", ""),
	convtest.FieldValues("ResourceMetricSource.Name", "cpu", "memory", "unlisted-value", ""),
	convtest.FieldValues("ResourceMetricStatus.Name", "cpu", "memory", "unlisted-value", ""),
}
