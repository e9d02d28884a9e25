package convert_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// benchObject fills o like a typical small resource: metadata with labels
// and annotations, a spec with a few fields, a list and a map.
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
	o.spec().Labels = map[string]string{"a": "1", "b": "2", "c": "3"}
	return o
}

// BenchmarkRoundTrip converts a spoke to the hub and back through chains of
// 1, 2, 4 and 8 hops, next to the JSON decode+encode of the same object that
// a webhook pays anyway.
func BenchmarkRoundTrip(b *testing.B) {
	hooks.quiet.Store(true)
	defer hooks.quiet.Store(false)
	for _, hops := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("hops=%d", hops), func(b *testing.B) {
			src := benchObject(chainObjects(hops)[0]).(conversion.Convertible)
			// A fresh object of the outermost version, allocated like the
			// webhook allocates its destination.
			fresh := func() conversion.Convertible {
				return src.(interface{ New() conversion.Convertible }).New()
			}
			b.ReportAllocs()
			for b.Loop() {
				h := &hubNode{}
				if err := src.ConvertTo(h); err != nil {
					b.Fatal(err)
				}
				back := fresh()
				if err := back.ConvertFrom(h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("json-decode-encode", func(b *testing.B) {
		src := benchObject(&c4v1{})
		data, err := json.Marshal(src)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			var o c4v1
			if err := json.Unmarshal(data, &o); err != nil {
				b.Fatal(err)
			}
			if _, err := json.Marshal(&o); err != nil {
				b.Fatal(err)
			}
		}
	})
}
