package propertybag

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The benchmarks below compare each operation of PropertyBag with Azure
// Service Operator's equivalent (asoBag, the reference copy of its
// genruntime.PropertyBag in aso_reference_test.go) on the same value, the
// way each project's generated code calls it:
//
//   - add: ASO's conversions call Add(name, *field) when the field is set
//     (asoWrite); hubspoke's call Add(&bag, name, field).
//   - pull: ASO's ask Contains, then Pull into a new T (asoRead); hubspoke's
//     call Pull[T](&bag, name).
//   - contains, remove: the methods of the same names.
//   - clone: ASO's bag is copied by the loop controller-gen writes for a
//     map[string]string; hubspoke's by PropertyBag.DeepCopy.
//   - json: ASO's bag travels as a map[string]string field of the object,
//     marshalled and unmarshalled by encoding/json; hubspoke's bags travel in
//     an annotation written by MarshalBags and read by UnmarshalBags. (A bag
//     hubspoke keeps in a field is a map[string]string with no JSON methods
//     of its own: encoding/json does the same work for it as for ASO's.)
//
// Run them with and without the hubspoke_aso tag: with it, hubspoke stores
// strings as ASO does.

// asoKind is one kind of value the comparison runs on: its name and the
// operations on it, as ASO and as hubspoke do them.
type asoKind struct {
	name string
	ops  []asoOp
}

// asoOp is one operation on one kind of value: aso and ours each do it
// perRound times, on bags that their setup makes beforehand, untimed.
type asoOp struct {
	name     string
	perRound int
	aso      opSide
	ours     opSide
}

// opSide is one side of an asoOp: setup (untimed) makes what op needs, and
// op does the operation for the i-th time in a round (i < perRound). state
// returns the side's bag and what its last operation gave (a value, a
// length, a bool), for TestVersusASOWork.
type opSide struct {
	setup func()
	op    func(i int)
	state func() (bag map[string]string, result any)
}

// opNames are the property names the operations use, one per operation of
// a round: a pull or a remove each takes a different name out of one bag.
var opNames = func() []string {
	names := make([]string, 256)
	for i := range names {
		names[i] = "Property" + strconv.Itoa(i)
	}
	return names
}()

// filler is a name neither side touches, which keeps every bag from becoming
// empty (hubspoke's Pull and Remove set an emptied bag to nil).
const filler = "Filler"

// Operations per round: many of the quick ones, so that reading the clock
// is a small part of a round.
const fastPerRound, slowPerRound = 256, 32

// asoOps returns the operations of the comparison on value.
func asoOps[T any](tb testing.TB, value *T) []asoOp {
	// The text each side stores for value.
	asoText := asoBag{}
	if err := asoWrite(asoText, "v", value); err != nil {
		tb.Fatal(err)
	}
	var ourText PropertyBag
	if err := Add(&ourText, "v", value); err != nil {
		tb.Fatal(err)
	}
	// small returns a bag of four values (filler and three names) holding
	// text under each.
	small := func(text string) map[string]string {
		return map[string]string{filler: text, opNames[0]: text, opNames[1]: text, opNames[2]: text}
	}
	// full returns a bag holding text under filler and the first n names.
	full := func(text string, n int) map[string]string {
		bag := make(map[string]string, n+1)
		bag[filler] = text
		for _, name := range opNames[:n] {
			bag[name] = text
		}
		return bag
	}
	fail := func(err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	var aso asoBag
	var ours PropertyBag
	var asoResult, ourResult any // the sinks that keep the compiler from dropping an operation
	asoState := func() (map[string]string, any) { return aso, asoResult }
	ourState := func() (map[string]string, any) { return ours, ourResult }
	var asoT, ourT *T
	var asoBool, ourBool bool
	var asoLen, ourLen int
	return []asoOp{{
		name: "add", perRound: fastPerRound,
		aso: opSide{
			setup: func() { aso = small(asoText["v"]) },
			op:    func(i int) { fail(asoWrite(aso, opNames[i%3], value)) },
			state: asoState,
		},
		ours: opSide{
			setup: func() { ours = small(ourText["v"]) },
			op:    func(i int) { fail(Add(&ours, opNames[i%3], value)) },
			state: ourState,
		},
	}, {
		name: "pull", perRound: fastPerRound,
		aso: opSide{
			setup: func() { aso = full(asoText["v"], fastPerRound) },
			op: func(i int) {
				v, err := asoRead[T](aso, opNames[i])
				fail(err)
				asoT = v
			},
			state: func() (map[string]string, any) { return aso, asoT },
		},
		ours: opSide{
			setup: func() { ours = full(ourText["v"], fastPerRound) },
			op: func(i int) {
				v, err := Pull[T](&ours, opNames[i])
				fail(err)
				ourT = v
			},
			state: func() (map[string]string, any) { return ours, ourT },
		},
	}, {
		name: "contains", perRound: fastPerRound,
		aso: opSide{
			setup: func() { aso = small(asoText["v"]) },
			op:    func(i int) { asoBool = aso.Contains(opNames[i%4]) },
			state: func() (map[string]string, any) { return aso, asoBool },
		},
		ours: opSide{
			setup: func() { ours = small(ourText["v"]) },
			op:    func(i int) { ourBool = ours.Contains(opNames[i%4]) },
			state: func() (map[string]string, any) { return ours, ourBool },
		},
	}, {
		name: "remove", perRound: fastPerRound,
		aso: opSide{
			setup: func() { aso = full(asoText["v"], fastPerRound) },
			op:    func(i int) { aso.Remove(opNames[i]) },
			state: asoState,
		},
		ours: opSide{
			setup: func() { ours = full(ourText["v"], fastPerRound) },
			op:    func(i int) { ours.Remove(opNames[i]) },
			state: ourState,
		},
	}, {
		name: "clone", perRound: slowPerRound,
		aso: opSide{
			setup: func() { aso = small(asoText["v"]) },
			op: func(int) {
				// What controller-gen writes for a map[string]string.
				out := make(asoBag, len(aso))
				for key, val := range aso {
					out[key] = val
				}
				asoLen = len(out)
			},
			state: func() (map[string]string, any) { return aso, asoLen },
		},
		ours: opSide{
			setup: func() { ours = small(ourText["v"]) },
			op:    func(int) { ourLen = len(ours.DeepCopy()) },
			state: func() (map[string]string, any) { return ours, ourLen },
		},
	}, {
		name: "json", perRound: slowPerRound,
		aso: opSide{
			setup: func() { aso = small(asoText["v"]) },
			op: func(int) {
				data, err := json.Marshal(aso)
				fail(err)
				var back asoBag
				fail(json.Unmarshal(data, &back))
				asoResult = map[string]string(back)
			},
			state: asoState,
		},
		ours: opSide{
			setup: func() { ours = small(ourText["v"]) },
			op: func(int) {
				text, err := MarshalBags(Bags{"spec": ours})
				fail(err)
				back, err := UnmarshalBags(text)
				fail(err)
				ourResult = map[string]string(back["spec"])
			},
			state: ourState,
		},
	}}
}

// asoKinds are the kinds of value the comparison runs on.
func asoKinds(tb testing.TB) []asoKind {
	return []asoKind{
		{"string", asoOps(tb, ptrTo("Theodore"))},
		{"int", asoOps(tb, ptrTo(42))},
		{"struct", asoOps(tb, &benchAddress{Street: "1313 S. Harbor Blvd", City: "Anaheim", Country: ptrTo("USA"), Number: 1313})},
		{"strings", asoOps(tb, &[]string{"mouse", "cartoon", "classic"})},
	}
}

// BenchmarkVersusASO does every operation on every kind of value (see
// asoOps), with ASO's bag and with PropertyBag in turn within each round,
// and reports x-aso, the median of the per-round ratios (PropertyBag / ASO)
// with its 10th and 90th percentiles: below 1, hubspoke is the faster.
func BenchmarkVersusASO(b *testing.B) {
	for _, kind := range asoKinds(b) {
		for _, op := range kind.ops {
			b.Run(op.name+"/"+kind.name, func(b *testing.B) {
				inTurnSides(b, "x-aso", op.perRound, op.aso, op.ours)
			})
		}
	}
}

// inTurnSides is inTurn for operations that need bags made beforehand: each
// round runs baseline's and measured's setup, untimed, then times perRound
// of their operations, the two sides in turn (the order alternating from
// round to round); it reports the median of the per-round ratios (measured
// / baseline) as name, with its 10th and 90th percentiles, and the time of
// one operation of each side.
func inTurnSides(b *testing.B, name string, perRound int, baseline, measured opSide) {
	run := func(s opSide) time.Duration {
		s.setup()
		start := time.Now()
		for i := range perRound {
			s.op(i)
		}
		return time.Since(start)
	}
	var ratios []float64
	var base, meas time.Duration
	for b.Loop() {
		var x, y time.Duration
		if len(ratios)%2 == 0 {
			x, y = run(baseline), run(measured)
		} else {
			y, x = run(measured), run(baseline)
		}
		ratios = append(ratios, float64(y)/float64(x))
		base += x
		meas += y
	}
	n := float64(len(ratios) * perRound)
	b.ReportMetric(float64(base.Nanoseconds())/n, "baseline-ns/op")
	b.ReportMetric(float64(meas.Nanoseconds())/n, "measured-ns/op")
	reportRatios(b, ratios, name)
}

// TestVersusASOWork checks that the two sides of each operation of
// BenchmarkVersusASO do the same work: after a round each, both bags hold
// the same names and the last operation of each gave the same result (the
// same value pulled, bag copied or read back from JSON; for json, the text
// of a string differs unless hubspoke stores strings as ASO does).
func TestVersusASOWork(t *testing.T) {
	for _, kind := range asoKinds(t) {
		for _, op := range kind.ops {
			t.Run(op.name+"/"+kind.name, func(t *testing.T) {
				for _, s := range []opSide{op.aso, op.ours} {
					s.setup()
					for i := range op.perRound {
						s.op(i)
					}
				}
				asoBag, asoResult := op.aso.state()
				ourBag, ourResult := op.ours.state()
				if got, want := slices.Sorted(maps.Keys(ourBag)), slices.Sorted(maps.Keys(asoBag)); !slices.Equal(got, want) {
					t.Errorf("names left in the bag: hubspoke %q, ASO %q", got, want)
				}
				if op.name == "json" && kind.name == "string" && !ASOStrings {
					asoResult, ourResult = len(asoResult.(map[string]string)), len(ourResult.(map[string]string))
				}
				if diff := cmp.Diff(asoResult, ourResult); diff != "" {
					t.Errorf("result (-ASO +hubspoke):\n%s", diff)
				}
			})
		}
	}
}
