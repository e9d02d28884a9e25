package main

import (
	"slices"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/internal/bagcodec"
)

// BenchmarkBagCodec converts the served Person hub to v1 with each bag
// codec in turn inside every round (hand-written, encoding/json,
// go-json-experiment), and reports the medians of the per-round ratios
// library/hand (x-std, x-v2) with their 10th and 90th percentiles.
func BenchmarkBagCodec(b *testing.B) {
	defer bagcodec.Mode.Store(bagcodec.Hand)
	scheme, err := api.NewScheme()
	if err != nil {
		b.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		b.Fatal(err)
	}
	h := servedHub(b)
	const perRound = 16
	run := func(mode int32, back bool) time.Duration {
		bagcodec.Mode.Store(mode)
		start := time.Now()
		for range perRound {
			var old v1.Person
			if err := c.Convert(h, &old); err != nil {
				b.Fatal(err)
			}
			if back {
				var hub v5storage.Person
				if err := c.Convert(&old, &hub); err != nil {
					b.Fatal(err)
				}
			}
		}
		return time.Since(start)
	}
	for _, back := range []bool{false, true} {
		name := "hub-v1"
		if back {
			name = "hub-v1-hub"
		}
		b.Run(name, func(b *testing.B) {
			var std, v2 []float64
			var total [3]time.Duration
			rounds := 0
			for b.Loop() {
				// Rotate the order, so that no codec always follows another.
				var d [3]time.Duration
				for k := range 3 {
					m := int32((rounds + k) % 3)
					d[m] = run(m, back)
				}
				hand, s, w := d[bagcodec.Hand], d[bagcodec.StdLib], d[bagcodec.V2]
				std = append(std, float64(s)/float64(hand))
				v2 = append(v2, float64(w)/float64(hand))
				total[0] += hand
				total[1] += s
				total[2] += w
				rounds++
			}
			at := func(r []float64, q float64) float64 {
				slices.Sort(r)
				return r[int(q*float64(len(r)-1))]
			}
			n := float64(rounds * perRound)
			b.ReportMetric(float64(total[0].Nanoseconds())/n, "hand-ns")
			b.ReportMetric(float64(total[1].Nanoseconds())/n, "std-ns")
			b.ReportMetric(float64(total[2].Nanoseconds())/n, "v2-ns")
			b.ReportMetric(at(std, 0.5), "x-std")
			b.ReportMetric(at(std, 0.1), "x-std-p10")
			b.ReportMetric(at(std, 0.9), "x-std-p90")
			b.ReportMetric(at(v2, 0.5), "x-v2")
			b.ReportMetric(at(v2, 0.1), "x-v2-p10")
			b.ReportMetric(at(v2, 0.9), "x-v2-p90")
		})
	}
}
