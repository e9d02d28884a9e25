package main

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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
	h := servedHub(b)
	data, err := json.Marshal(h)
	if err != nil {
		b.Fatal(err)
	}
	const perRound = 64
	var ratios []float64
	var convTotal time.Duration
	rounds := 0
	for b.Loop() {
		start := time.Now()
		for range perRound {
			var old v1.Person
			if err := c.Convert(h, &old); err != nil {
				b.Fatal(err)
			}
			var back v5storage.Person
			if err := c.Convert(&old, &back); err != nil {
				b.Fatal(err)
			}
		}
		conv := time.Since(start)
		start = time.Now()
		for range perRound {
			var decoded v5storage.Person
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
	slices.Sort(ratios)
	at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
	b.ReportMetric(float64(convTotal.Nanoseconds())/float64(rounds*perRound), "conv-ns/obj")
	b.ReportMetric(at(0.5), "x-json")
	b.ReportMetric(at(0.1), "x-json-p10")
	b.ReportMetric(at(0.9), "x-json-p90")
}
