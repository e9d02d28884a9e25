package autoscaling

import (
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v1storage"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	"github.com/hubspoke/hubspoke/examples/internal/roundbench"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// BenchmarkServedHubToV1AndBack converts the checkout autoscaler (v2, every
// kind of metric and a scaling behavior) at the hub, as the API server keeps
// it, to autoscaling v1 (four hops; most of it travels in v1's annotation)
// and back, and compares it with encoding/json decoding and encoding the
// same hub object, in turn within each round; x-json is the median of the
// per-round ratios, with the 10th and 90th percentiles. Convert copies its
// source first; ConvertOwned converts objects it may consume (copies made
// before each round's clock starts), as the webhook does.
//
//	go -C examples test -run '^$' -bench ServedHubToV1AndBack ./autoscaling/
func BenchmarkServedHubToV1AndBack(b *testing.B) {
	c, h := servedCheckout(b)
	roundbench.HubToOldAndBack(b, c, h,
		func() runtime.Object { return &v1.HorizontalPodAutoscaler{} }, func() runtime.Object { return &v2storage.HorizontalPodAutoscaler{} })
}

// BenchmarkServedHubToV2beta1AndBack is BenchmarkServedHubToV1AndBack to
// v2beta1 (two hops), whose unkeyed spec.metrics and status.currentMetrics
// elements carry what only v2 shows: their bags travel in the annotation
// and the status bags with a fingerprint of each element
// (docs/design-unkeyed-lists.md).
//
//	go -C examples test -run '^$' -bench ServedHubToV2beta1AndBack ./autoscaling/
func BenchmarkServedHubToV2beta1AndBack(b *testing.B) {
	c, h := servedCheckout(b)
	roundbench.HubToOldAndBack(b, c, h,
		func() runtime.Object { return &v2beta1.HorizontalPodAutoscaler{} }, func() runtime.Object { return &v2storage.HorizontalPodAutoscaler{} })
}

// servedCheckout returns a converter of the example's chain and the
// checkout autoscaler at the hub, with the metadata the API server adds.
func servedCheckout(b *testing.B) (*convert.Converter, *v2storage.HorizontalPodAutoscaler) {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		v1.AddToScheme, v1storage.AddToScheme, v2beta1.AddToScheme, v2beta1storage.AddToScheme,
		v2beta2.AddToScheme, v2beta2storage.AddToScheme, v2.AddToScheme, v2storage.AddToScheme,
	} {
		if err := add(scheme); err != nil {
			b.Fatal(err)
		}
	}
	c, err := convert.NewConverter(scheme, schema.GroupKind{Group: samples.Group, Kind: "HorizontalPodAutoscaler"})
	if err != nil {
		b.Fatal(err)
	}
	obj, err := c.ToVersion(samples.CheckoutV2(), "v2storage")
	if err != nil {
		b.Fatal(err)
	}
	h := obj.(*v2storage.HorizontalPodAutoscaler)
	h.UID = types.UID("0b6b0f5e-7c1d-4a57-9d7e-000000000001")
	h.ResourceVersion, h.Generation = "200001", 4
	h.CreationTimestamp = metav1.NewTime(time.Date(2026, 11, 22, 3, 4, 5, 0, time.UTC))
	h.ManagedFields = []metav1.ManagedFieldsEntry{{
		Manager: "kubectl-client-side-apply", Operation: metav1.ManagedFieldsOperationUpdate,
		APIVersion: samples.Group + "/v2", Time: &h.CreationTimestamp, FieldsType: "FieldsV1",
		FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:spec":{".":{},"f:behavior":{},"f:maxReplicas":{},"f:metrics":{},"f:minReplicas":{},"f:scaleTargetRef":{}}}`)},
	}}
	return c, h
}
