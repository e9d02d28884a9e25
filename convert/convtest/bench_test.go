package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// The benchmarks run one property check of b.N cases, so ns/op is the cost
// of one case: generating the object, converting it, and all the checks.

func BenchmarkRoundTripCase(b *testing.B) {
	for _, v := range []string{"v1", "v1storage", "v2"} {
		b.Run(v, func(b *testing.B) {
			if err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, v, convtest.Seed(1), convtest.Cases(b.N)); err != nil {
				b.Fatal(err)
			}
		})
	}
}

func BenchmarkReliabilityCase(b *testing.B) {
	if err := convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2", convtest.Seed(1), convtest.Cases(b.N)); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkGenerate(b *testing.B) {
	g, err := convtest.NewGenerator(widgetScheme(), widgetGK)
	if err != nil {
		b.Fatal(err)
	}
	var seed int64
	for b.Loop() {
		seed++
		if _, err := g.Generate("v1storage", seed); err != nil {
			b.Fatal(err)
		}
	}
}
