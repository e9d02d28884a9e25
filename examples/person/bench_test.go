package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/internal/roundbench"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

// servedHub is Mickey at the hub as the API server keeps him: with a uid,
// resource version, timestamps and managed fields.
func servedHub(b *testing.B) *v5storage.Person {
	scheme, err := api.NewScheme()
	if err != nil {
		b.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		b.Fatal(err)
	}
	obj, err := c.ToVersion(samples.MickeyV5(), api.HubVersion)
	if err != nil {
		b.Fatal(err)
	}
	h := obj.(*v5storage.Person)
	h.UID = types.UID("6c1e0d6a-3b8f-4f5e-9a41-000000000001")
	h.ResourceVersion, h.Generation = "100001", 1
	h.CreationTimestamp = metav1.NewTime(time.Date(2026, 11, 22, 3, 4, 5, 0, time.UTC))
	h.ManagedFields = []metav1.ManagedFieldsEntry{{
		Manager: "kubectl-client-side-apply", Operation: metav1.ManagedFieldsOperationUpdate, APIVersion: "crm.hubspoke.dev/v5",
		Time: &h.CreationTimestamp, FieldsType: "FieldsV1",
		FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:metadata":{"f:labels":{".":{},"f:species":{}}},"f:spec":{".":{},"f:birthDate":{".":{},"f:day":{},"f:month":{},"f:year":{}},"f:familyName":{},"f:fullName":{},"f:id":{},"f:knownAs":{},"f:mailingAddress":{".":{},"f:city":{},"f:country":{},"f:postcode":{},"f:street":{}},"f:residentialAddress":{".":{},"f:city":{},"f:country":{},"f:street":{}},"f:sortKey":{}}}`)},
	}}
	return h
}

// BenchmarkServedHubToV1AndBack converts the served Person hub to v1 (five
// hops, every bag carried in the annotation) and back to the hub with the
// Converter, as a read and a write through v1 do, and compares it with
// encoding/json decoding and encoding the same hub object, which a webhook
// pays anyway. The two run in turn inside each round, so that drift on a
// shared machine cancels out; x-json is the median of the per-round ratios
// (conversion time / JSON time), with the 10th and 90th percentiles.
//
// Convert copies its source first (a caller keeps it); ConvertOwned gives
// each conversion an object it may consume, as the webhook converts the
// objects it has just decoded, so the copies are made before each round's
// clock starts.
//
//	go -C examples test -run '^$' -bench ServedHubToV1AndBack ./person/
func BenchmarkServedHubToV1AndBack(b *testing.B) {
	scheme, err := api.NewScheme()
	if err != nil {
		b.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		b.Fatal(err)
	}
	roundbench.HubToOldAndBack(b, c, servedHub(b),
		func() runtime.Object { return &v1.Person{} }, func() runtime.Object { return &v5storage.Person{} })
}

// withBagEntries returns a deep copy of h whose spec bag holds n more values
// (strings, numbers and small objects, as a later version would stash).
func withBagEntries(b *testing.B, h *v5storage.Person, n int) *v5storage.Person {
	h = h.DeepCopy()
	type extra struct {
		Street string `json:"street"`
		Number int    `json:"number"`
	}
	for i := range n {
		name := fmt.Sprintf("Future%dProperty", i)
		var err error
		switch i % 3 {
		case 0:
			v := fmt.Sprintf("value number %d", i)
			err = propertybag.Add(&h.Spec.PropertyBag, name, &v)
		case 1:
			err = propertybag.Add(&h.Spec.PropertyBag, name, &i)
		default:
			err = propertybag.Add(&h.Spec.PropertyBag, name, &extra{Street: "PO Box 10000", Number: i})
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	return h
}

// BenchmarkServedHubToV1Scaling converts the served Person hub to v1 with
// 100 and with 3,000 more values in its spec bag (30 conversions of the
// first, one of the second: as many values each), each next to as many
// conversions of the plain hub, in turn within each round, and reports the
// cost each added value adds (ns/value@N: the time beyond the plain
// conversions, per added value) and x-per-value, the median of the
// per-round ratios of the two (3,000 / 100) with its 10th and 90th
// percentiles: 1 means the cost is linear in the number of values.
func BenchmarkServedHubToV1Scaling(b *testing.B) {
	scheme, err := api.NewScheme()
	if err != nil {
		b.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		b.Fatal(err)
	}
	plain := servedHub(b)
	small, large := withBagEntries(b, plain, 100), withBagEntries(b, plain, 3000)
	convert := func(h *v5storage.Person, times int) float64 {
		start := time.Now()
		for range times {
			var old v1.Person
			if err := c.Convert(h, &old); err != nil {
				b.Fatal(err)
			}
		}
		return float64(time.Since(start).Nanoseconds())
	}
	// added is the time n conversions of h take beyond n of the plain hub.
	added := func(h *v5storage.Person, n int) float64 { return convert(h, n) - convert(plain, n) }
	var ratios []float64
	var smallSum, largeSum float64
	for b.Loop() {
		var s, l float64
		if len(ratios)%2 == 0 {
			s, l = added(small, 30), added(large, 1)
		} else {
			l, s = added(large, 1), added(small, 30)
		}
		ratios = append(ratios, l/s)
		smallSum += s / 3000
		largeSum += l / 3000
	}
	roundbench.ReportRatios(b, ratios, "x-per-value")
	b.ReportMetric(smallSum/float64(len(ratios)), "ns/value@100")
	b.ReportMetric(largeSum/float64(len(ratios)), "ns/value@3000")
}
