package convert_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// benchObject fills o like a typical small resource: metadata with labels
// and annotations, a spec with scalar fields, a list and a map.
func benchObject(o object) object {
	sample(o)
	m := o.GetObjectMeta()
	m.SetAnnotations(map[string]string{
		"kubectl.kubernetes.io/last-applied-configuration": `{"apiVersion":"test.hubspoke.dev/v1","kind":"Thing"}`,
		"owner": "crm-team",
	})
	m.SetLabels(map[string]string{"app": "crm", "tier": "backend", "region": "emea"})
	m.SetResourceVersion("123456")
	m.SetGeneration(4)
	nick, score := "Mickey", 99
	sp := o.spec()
	sp.Given, sp.Family, sp.Email, sp.Phone = "Michael Theodore", "Mouse", "mickey@example.com", "+1 714 781 4636"
	sp.Age, sp.Height, sp.Active, sp.Nickname, sp.Score = 98, 0.61, true, &nick, &score
	sp.Tags = []string{"mouse", "cartoon", "classic", "disney"}
	return o
}

// servedObject is benchObject as the API server sends it to a webhook: with
// a creation timestamp and the managed fields of server-side apply.
func servedObject(o object) object {
	benchObject(o)
	m := o.GetObjectMeta()
	m.SetCreationTimestamp(metav1.NewTime(time.Date(2026, 11, 22, 3, 4, 5, 0, time.UTC)))
	at := metav1.NewTime(time.Date(2026, 11, 22, 3, 4, 5, 0, time.UTC))
	m.SetManagedFields([]metav1.ManagedFieldsEntry{{
		Manager: "kubectl-client-side-apply", Operation: metav1.ManagedFieldsOperationUpdate,
		APIVersion: "test.hubspoke.dev/v1", Time: &at, FieldsType: "FieldsV1",
		FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{},"f:owner":{}},"f:labels":{".":{},"f:app":{},"f:region":{},"f:tier":{}}},"f:spec":{".":{},"f:active":{},"f:age":{},"f:count":{},"f:email":{},"f:family":{},"f:given":{},"f:height":{},"f:labels":{".":{},"f:a":{},"f:b":{},"f:c":{}},"f:name":{},"f:nickname":{},"f:phone":{},"f:score":{},"f:tags":{}}}`)},
	}})
	return o
}

// BenchmarkRoundTrip converts a spoke to the hub and back through chains of
// 1, 2, 4 and 8 hops, next to the JSON decode+encode of the same object
// that a webhook pays anyway; once for a bare object and once for the
// object as the API server sends it. The two run in turn within each round
// (64 of each), so that drift on a shared machine cancels out: x-json is
// the median of the per-round ratios (conversion time / JSON time), with
// the 10th and 90th percentiles; conv-ns/obj and json-ns/obj are the mean
// times of one of each.
//
//	go test -run '^$' -bench RoundTrip ./convert/
func BenchmarkRoundTrip(b *testing.B) {
	hooks.quiet.Store(true)
	defer hooks.quiet.Store(false)
	const perRound = 64
	for _, shape := range []struct {
		name string
		fill func(object) object
	}{{"bare", benchObject}, {"served", servedObject}} {
		for _, hops := range []int{1, 2, 4, 8} {
			b.Run(fmt.Sprintf("%s/hops=%d", shape.name, hops), func(b *testing.B) {
				src := shape.fill(chainObjects(hops)[0]).(conversion.Convertible)
				// A fresh object of the outermost version, allocated like the
				// webhook allocates its destination.
				fresh := func() conversion.Convertible {
					return src.(interface{ New() conversion.Convertible }).New()
				}
				data, err := json.Marshal(src)
				if err != nil {
					b.Fatal(err)
				}
				var ratios []float64
				var conv, js time.Duration
				for b.Loop() {
					start := time.Now()
					for range perRound {
						h := &hubNode{}
						if err := src.ConvertTo(h); err != nil {
							b.Fatal(err)
						}
						back := fresh()
						if err := back.ConvertFrom(h); err != nil {
							b.Fatal(err)
						}
					}
					c := time.Since(start)
					start = time.Now()
					for range perRound {
						o := fresh()
						if err := json.Unmarshal(data, o); err != nil {
							b.Fatal(err)
						}
						if _, err := json.Marshal(o); err != nil {
							b.Fatal(err)
						}
					}
					j := time.Since(start)
					ratios = append(ratios, float64(c)/float64(j))
					conv, js = conv+c, js+j
				}
				n := float64(len(ratios) * perRound)
				b.ReportMetric(float64(conv.Nanoseconds())/n, "conv-ns/obj")
				b.ReportMetric(float64(js.Nanoseconds())/n, "json-ns/obj")
				slices.Sort(ratios)
				at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
				b.ReportMetric(at(0.5), "x-json")
				b.ReportMetric(at(0.1), "x-json-p10")
				b.ReportMetric(at(0.9), "x-json-p90")
			})
		}
	}
}
