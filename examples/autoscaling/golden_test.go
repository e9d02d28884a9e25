package autoscaling_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v1storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var hpa = schema.GroupKind{Group: samples.Group, Kind: "HorizontalPodAutoscaler"}

func scheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		v1.AddToScheme, v1storage.AddToScheme, v2beta1.AddToScheme, v2beta1storage.AddToScheme,
		v2beta2.AddToScheme, v2beta2storage.AddToScheme, v2.AddToScheme, v2storage.AddToScheme,
	} {
		if err := add(s); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestGolden: the versions whose conversions hooks adjust (v1's CPU fields
// ↔ the metric lists; v2beta1's flat targets ↔ v2beta2's MetricTarget and
// MetricIdentifier), converted to v2 and back. The golden files show
// what the hooks make of them; Golden also fails if the way back loses a
// value. Regenerate with HUBSPOKE_UPDATE_GOLDEN=1 go test ./examples/autoscaling/.
func TestGolden(t *testing.T) {
	for _, exemplar := range []runtime.Object{samples.WebV1(), samples.QueueV2beta1()} {
		t.Run(exemplar.GetObjectKind().GroupVersionKind().Version, func(t *testing.T) {
			convtest.Golden(t, scheme(t), hpa, exemplar, convtest.Target("v2"))
		})
	}
}
