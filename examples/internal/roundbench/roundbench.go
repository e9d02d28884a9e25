// Package roundbench measures, for the examples' benchmarks, a served hub
// object converted to an older API version and back, against
// encoding/json decoding and encoding the same hub, in turn within each
// round of one benchmark, so that the load of a shared machine largely
// cancels out of the ratio.
package roundbench

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert"
	"k8s.io/apimachinery/pkg/runtime"
)

// perRound is the number of objects each side converts (or decodes and
// encodes) in one round.
const perRound = 64

// HubToOldAndBack runs two sub-benchmarks, Convert and ConvertOwned: each
// round converts hub to a new object of newOld() and that back to one of
// newHub(), perRound times, and then decodes the JSON of hub into a
// newHub() and encodes it as many times. It reports conv-ns/obj, the time
// of one round trip, and x-json, the median of the per-round ratios of the
// two, with its 10th and 90th percentiles (x-json-p10, x-json-p90).
// Convert copies its source first (a caller keeps it); ConvertOwned gives
// each conversion a copy it may consume, as the webhook converts the
// objects it has just decoded, made before the round's clock starts.
func HubToOldAndBack(b *testing.B, c *convert.Converter, hub runtime.Object, newOld, newHub func() runtime.Object) {
	data, err := json.Marshal(hub)
	if err != nil {
		b.Fatal(err)
	}
	run := func(b *testing.B, owned bool) {
		var ratios []float64
		var convTotal time.Duration
		inputs := make([]runtime.Object, perRound)
		for b.Loop() {
			if owned {
				b.StopTimer()
				for i := range inputs {
					inputs[i] = hub.DeepCopyObject()
				}
				b.StartTimer()
			}
			start := time.Now()
			for i := range perRound {
				old, back := newOld(), newHub()
				convertOne, src := c.Convert, hub
				if owned {
					convertOne, src = c.ConvertOwned, inputs[i]
				}
				if err := convertOne(src, old); err != nil {
					b.Fatal(err)
				}
				if err := convertOne(old, back); err != nil {
					b.Fatal(err)
				}
			}
			conv := time.Since(start)
			start = time.Now()
			for range perRound {
				decoded := newHub()
				if err := json.Unmarshal(data, decoded); err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(decoded); err != nil {
					b.Fatal(err)
				}
			}
			ratios = append(ratios, float64(conv)/float64(time.Since(start)))
			convTotal += conv
		}
		b.ReportMetric(float64(convTotal.Nanoseconds())/float64(len(ratios)*perRound), "conv-ns/obj")
		ReportRatios(b, ratios, "x-json")
	}
	b.Run("Convert", func(b *testing.B) { run(b, false) })
	b.Run("ConvertOwned", func(b *testing.B) { run(b, true) })
}

// ReportRatios reports the median of ratios as name, and its 10th and 90th
// percentiles as name-p10 and name-p90. It sorts ratios.
func ReportRatios(b *testing.B, ratios []float64, name string) {
	slices.Sort(ratios)
	at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
	b.ReportMetric(at(0.5), name)
	b.ReportMetric(at(0.1), name+"-p10")
	b.ReportMetric(at(0.9), name+"-p90")
}
