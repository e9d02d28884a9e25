package v2storage_test

import (
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	"k8s.io/apimachinery/pkg/runtime"
)

// horizontalPodAutoscalerExemplars are the objects of the generated golden
// test (TestHorizontalPodAutoscalerGolden): the versions whose conversions
// hooks adjust (v1's CPU fields ↔ the metric lists; v2beta1's flat targets
// ↔ v2beta2's MetricTarget and MetricIdentifier), converted to the hub and
// back. The golden files show what the hooks make of them; the test also
// fails if the way back loses a value. Regenerate them with
// HUBSPOKE_UPDATE_GOLDEN=1 go -C examples test ./autoscaling/api/v2storage/ -run Golden.
func horizontalPodAutoscalerExemplars() []runtime.Object {
	return []runtime.Object{samples.WebV1(), samples.QueueV2beta1()}
}
