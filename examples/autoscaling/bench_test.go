package autoscaling

import (
	"encoding/json"
	"slices"
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
	data, err := json.Marshal(h)
	if err != nil {
		b.Fatal(err)
	}
	const perRound = 64
	run := func(b *testing.B, owned bool) {
		var ratios []float64
		var convTotal time.Duration
		inputs := make([]*v2storage.HorizontalPodAutoscaler, perRound)
		rounds := 0
		for b.Loop() {
			if owned {
				b.StopTimer()
				for i := range inputs {
					inputs[i] = h.DeepCopy()
				}
				b.StartTimer()
			}
			start := time.Now()
			for i := range perRound {
				var old v1.HorizontalPodAutoscaler
				var back v2storage.HorizontalPodAutoscaler
				convertOne := c.Convert
				var src runtime.Object = h
				if owned {
					convertOne, src = c.ConvertOwned, inputs[i]
				}
				if err := convertOne(src, &old); err != nil {
					b.Fatal(err)
				}
				if err := convertOne(&old, &back); err != nil {
					b.Fatal(err)
				}
			}
			conv := time.Since(start)
			start = time.Now()
			for range perRound {
				var decoded v2storage.HorizontalPodAutoscaler
				if err := json.Unmarshal(data, &decoded); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(&decoded); err != nil {
					b.Fatal(err)
				}
			}
			ratios = append(ratios, float64(conv)/float64(time.Since(start)))
			convTotal += conv
			rounds++
		}
		b.ReportMetric(float64(convTotal.Nanoseconds())/float64(rounds*perRound), "conv-ns/obj")
		slices.Sort(ratios)
		at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
		b.ReportMetric(at(0.5), "x-json")
		b.ReportMetric(at(0.1), "x-json-p10")
		b.ReportMetric(at(0.9), "x-json-p90")
	}
	b.Run("Convert", func(b *testing.B) { run(b, false) })
	b.Run("ConvertOwned", func(b *testing.B) { run(b, true) })
}
