package convtest_test

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// A Generator builds random objects of any version of a resource; the same
// version and seed always give the same object.
func ExampleGenerator_Generate() {
	gen, err := convtest.NewGenerator(widgetScheme(), widgetGK)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := gen.Generate("v1storage", 42)
	b, _ := gen.Generate("v1storage", 42)
	w := a.(*WidgetV1Storage)
	fmt.Println("same object:", reflect.DeepEqual(a, b))
	fmt.Println("has metadata:", w.Name != "" && w.Namespace != "" && w.UID != "")
	fmt.Println("apiVersion left to the converter:", w.APIVersion == "")
	// Output:
	// same object: true
	// has metadata: true
	// apiVersion left to the converter: true
}

// CheckRoundTrip is RoundTrip returning an error; a property that fails
// returns a *Failure with the seed, the case and the shrunk counter-example.
// Here the chain's hook forgets to keep a name it cannot split losslessly,
// and the kit boils the failing object down to that name.
func ExampleCheckRoundTrip() {
	err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(1), convtest.Cases(500))
	fmt.Println("healthy chain:", err)

	currentBug.Store(int32(bugHookDropsStash))
	defer currentBug.Store(int32(noBug))
	err = convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(7), convtest.Cases(500))
	var f *convtest.Failure
	if errors.As(err, &f) {
		fmt.Println("broken chain:", f.Path)
		fmt.Println("seed:", f.Seed)
		fmt.Printf("counter-example: %s with full name %q\n", f.Version, f.Counterexample.(*WidgetV1).Spec.FullName)
	}
	// Output:
	// healthy chain: <nil>
	// broken chain: v1 → hub (v2storage) → v1
	// seed: 7
	// counter-example: v1 with full name " "
}
