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
	return append([]convtest.Option{convtest.Related(relations...)}, horizontalPodAutoscalerResourceNames...)
}

// horizontalPodAutoscalerResourceNames draw the names of the resource
// metrics from cpu and memory, a value neither is and "", so that v1's
// cpu hooks (its cpu utilisation is the first Resource metric named cpu)
// meet them; random strings never would. The names are
// corev1.ResourceName, free text with no enum, so the generator draws
// none of them; the union discriminators beside them (MetricSpec.Type,
// MetricTarget.Type, ...), types marked +enum with their constants, it
// draws itself (horizontalPodAutoscalerEnumValues). Each is qualified by
// its struct: the other Names stay free text.
var horizontalPodAutoscalerResourceNames = []convtest.Option{
	convtest.FieldValues("ResourceMetricSource.Name", "cpu", "memory", "unlisted-value", ""),
	convtest.FieldValues("ResourceMetricStatus.Name", "cpu", "memory", "unlisted-value", ""),
}
