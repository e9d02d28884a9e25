package reflectbags_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
)

// BenchmarkUnkeyedRoundTrip stashes a train (eight cars of two seats, each
// with a bag, in unkeyed lists) in its API version and recalls it with the
// cars reversed: the fingerprints' cost on the reflection path.
func BenchmarkUnkeyedRoundTrip(b *testing.B) {
	src := storedTrain()
	src.Spec.Cars = append(src.Spec.Cars, storedTrain().Spec.Cars...)
	src.Spec.Cars = append(src.Spec.Cars, storedTrain().Spec.Cars[:2]...)
	for b.Loop() {
		api := src.toAPI()
		if err := reflectbags.Stash(api, src); err != nil {
			b.Fatal(err)
		}
		cars := api.Spec.Cars
		for i, j := 0, len(cars)-1; i < j; i, j = i+1, j-1 {
			cars[i], cars[j] = cars[j], cars[i]
		}
		dst := api.toTwin()
		if err := reflectbags.Recall(dst, api); err != nil {
			b.Fatal(err)
		}
	}
}
