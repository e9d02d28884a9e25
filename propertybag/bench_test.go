package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// referenceBag is the straightforward design the benchmarks compare against:
// encoding/json for every add and pull.
type referenceBag map[string]string

func (b referenceBag) add(name string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return err
	}
	b[name] = string(data)
	return nil
}

func (b referenceBag) pull(name string, dst any) error {
	if err := json.Unmarshal([]byte(b[name]), dst); err != nil {
		return err
	}
	delete(b, name)
	return nil
}

type benchEnum string

type benchAddress struct {
	Street  string  `json:"street,omitempty"`
	City    string  `json:"city,omitempty"`
	Country *string `json:"country,omitempty"`
	Number  int     `json:"number,omitempty"`
}

// benchValues is the mix of value kinds the issue names: string, int, bool,
// enum, small struct, slice of structs; the optional fields of a storage
// version that generated code adds.
type benchValues struct {
	s  *string
	n  *int
	b  *bool
	e  *benchEnum
	a  *benchAddress
	as []benchAddress
}

func newBenchValues() benchValues {
	country := "USA"
	addr := benchAddress{Street: "1313 S. Harbor Blvd", City: "Anaheim", Country: &country, Number: 1313}
	return benchValues{
		s:  ptrTo("Theodore"),
		n:  ptrTo(42),
		b:  ptrTo(true),
		e:  ptrTo(benchEnum("Female")),
		a:  &addr,
		as: []benchAddress{addr, {Street: "Main Street", City: "Disneyland"}, {City: "Orlando", Number: 7}},
	}
}

// addAll adds every value of v, as generated code does, each with its
// own type.
func addAll(bag *PropertyBag, v *benchValues) error {
	return errors.Join(
		Add(bag, "0", v.s),
		Add(bag, "1", v.n),
		Add(bag, "2", v.b),
		Add(bag, "3", v.e),
		Add(bag, "4", v.a),
		Add(bag, "5", &v.as),
	)
}

// pullAll pulls every value addAll added, each as its own type.
func pullAll(bag *PropertyBag) (v benchValues, err error) {
	var errs [6]error
	v.s, errs[0] = Pull[string](bag, "0")
	v.n, errs[1] = Pull[int](bag, "1")
	v.b, errs[2] = Pull[bool](bag, "2")
	v.e, errs[3] = Pull[benchEnum](bag, "3")
	v.a, errs[4] = Pull[benchAddress](bag, "4")
	var as *[]benchAddress
	as, errs[5] = Pull[[]benchAddress](bag, "5")
	if as != nil {
		v.as = *as
	}
	return v, errors.Join(errs[:]...)
}

// referenceAddAll and referencePullAll are addAll and pullAll for
// the reference bag.
func referenceAddAll(bag referenceBag, v *benchValues) error {
	return errors.Join(
		bag.add("0", *v.s),
		bag.add("1", *v.n),
		bag.add("2", *v.b),
		bag.add("3", *v.e),
		bag.add("4", *v.a),
		bag.add("5", v.as),
	)
}

func referencePullAll(bag referenceBag) (v benchValues, err error) {
	v.s, v.n, v.b, v.e, v.a = new(string), new(int), new(bool), new(benchEnum), new(benchAddress)
	return v, errors.Join(
		bag.pull("0", v.s),
		bag.pull("1", v.n),
		bag.pull("2", v.b),
		bag.pull("3", v.e),
		bag.pull("4", v.a),
		bag.pull("5", &v.as),
	)
}

// TestBenchmarkedWork checks that both bags store the same text and give
// back the values they were given, so that the benchmarks compare the same
// work.
func TestBenchmarkedWork(t *testing.T) {
	defaultStrings(t)
	values := newBenchValues()
	var bag PropertyBag
	must(t, addAll(&bag, &values))
	ref := referenceBag{}
	must(t, referenceAddAll(ref, &values))
	eq(t, bag, PropertyBag(ref))
	got, err := pullAll(&bag)
	must(t, err)
	refGot, err := referencePullAll(ref)
	must(t, err)
	opt := cmp.AllowUnexported(benchValues{})
	if diff := cmp.Diff(values, got, opt); diff != "" {
		t.Errorf("pulled values (-added +pulled):\n%s", diff)
	}
	if diff := cmp.Diff(values, refGot, opt); diff != "" {
		t.Errorf("reference's pulled values (-added +pulled):\n%s", diff)
	}
	if bag != nil || len(ref) != 0 {
		t.Errorf("values left behind: %v, %v", bag, ref)
	}
}

// BenchmarkMixedAddPull adds and pulls the mixed values with the
// reference bag and with PropertyBag, the two in turn within each round,
// and reports x-reference, the median of the per-round ratios
// (PropertyBag / reference) with its 10th and 90th percentiles.
func BenchmarkMixedAddPull(b *testing.B) {
	values := newBenchValues()
	b.ReportAllocs()
	inTurn(b, "x-reference", func() {
		bag := referenceBag{}
		if err := referenceAddAll(bag, &values); err != nil {
			b.Fatal(err)
		}
		if _, err := referencePullAll(bag); err != nil {
			b.Fatal(err)
		}
	}, func() {
		var bag PropertyBag
		if err := addAll(&bag, &values); err != nil {
			b.Fatal(err)
		}
		if _, err := pullAll(&bag); err != nil {
			b.Fatal(err)
		}
	})
}

// inTurn runs baseline and measured 32 times each per round, in turn (the
// order alternating from round to round), and reports the median of the
// per-round ratios (measured / baseline) as name, with its 10th and 90th
// percentiles, and the time of each per run.
func inTurn(b *testing.B, name string, baseline, measured func()) {
	const perRound = 32
	run := func(f func()) time.Duration {
		start := time.Now()
		for range perRound {
			f()
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
	b.ReportMetric(float64(base.Nanoseconds())/n, "baseline-ns")
	b.ReportMetric(float64(meas.Nanoseconds())/n, "measured-ns")
	reportRatios(b, ratios, name)
}

func BenchmarkAdd(b *testing.B) {
	values := newBenchValues()
	b.Run("reference", func(b *testing.B) {
		b.ReportAllocs()
		bag := referenceBag{}
		for b.Loop() {
			_ = referenceAddAll(bag, &values)
		}
	})
	b.Run("propertybag", func(b *testing.B) {
		b.ReportAllocs()
		bag := PropertyBag{}
		for b.Loop() {
			_ = addAll(&bag, &values)
		}
	})
}

// filled returns a bag holding newBenchValues.
func filled(tb testing.TB) PropertyBag {
	var bag PropertyBag
	values := newBenchValues()
	if err := addAll(&bag, &values); err != nil {
		tb.Fatal(err)
	}
	return bag
}

func BenchmarkPull(b *testing.B) {
	full := filled(b)
	b.Run("reference", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bag := referenceBag(full.DeepCopy())
			if _, err := referencePullAll(bag); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("propertybag", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bag := full.DeepCopy()
			if _, err := pullAll(&bag); err != nil {
				b.Fatal(err)
			}
		}
	})
}

var names = []string{"0", "1", "2", "3", "4", "5"}

func BenchmarkContains(b *testing.B) {
	bag := filled(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			if !bag.Contains(n) {
				b.Fatal("missing")
			}
		}
	}
}

func BenchmarkRemove(b *testing.B) {
	bag := filled(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			bag.Remove(n)
		}
	}
}

func BenchmarkDeepCopy(b *testing.B) {
	bag := filled(b)
	b.ReportAllocs()
	for b.Loop() {
		if len(bag.DeepCopy()) != len(bag) {
			b.Fatal("short copy")
		}
	}
}

// BenchmarkBags writes and reads the bags of an object at an old API version
// (what reflectbags.Stash and Recall do for its annotation) with
// MarshalBags and UnmarshalBags, against encoding/json on the same map,
// which writes each value as a string of JSON, the two in turn (see inTurn).
func BenchmarkBags(b *testing.B) {
	spec := PropertyBag{}
	for name, value := range map[string]any{
		"MiddleName": "Theodore", "BirthDate": "1928-11-18", "KnownAs": "Mickey",
		"MailingAddress":     benchAddress{Street: "PO Box 10000", City: "Lake Buena Vista", Number: 1},
		"ResidentialAddress": map[string]string{"label": "1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA"},
	} {
		if err := Add(&spec, name, &value); err != nil {
			b.Fatal(err)
		}
	}
	bags := map[string]PropertyBag{"spec": spec, "status": nil}
	inTurn(b, "x-encoding-json", func() {
		data, err := json.Marshal(bags)
		if err != nil {
			b.Fatal(err)
		}
		var back map[string]PropertyBag
		if err := json.Unmarshal(data, &back); err != nil {
			b.Fatal(err)
		}
	}, func() {
		text, err := MarshalBags(bags)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := UnmarshalBags(text); err != nil {
			b.Fatal(err)
		}
	})
}

// scalingBags returns the bags "spec" and "status" holding n values in all,
// of the shapes generated code adds (strings, numbers, small objects,
// lists), under names of differing lengths.
func scalingBags(tb testing.TB, n int) Bags {
	bags := Bags{}
	for i := range n {
		bag := "spec"
		if i%4 == 3 {
			bag = "status"
		}
		name := fmt.Sprintf("%s%d", [...]string{"MiddleName", "Age", "ResidentialAddress", "Tags", "X"}[i%5], i)
		var err error
		switch i % 4 {
		case 0:
			v := fmt.Sprintf("value number %d", i)
			err = Add(bags.bag(bag), name, &v)
		case 1:
			err = Add(bags.bag(bag), name, &i)
		case 2:
			err = Add(bags.bag(bag), name, &benchAddress{Street: "PO Box 10000", City: "Lake Buena Vista", Number: i})
		default:
			err = Add(bags.bag(bag), name, &[]string{"mouse", "cartoon", "classic"})
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
	return bags
}

// bag returns a pointer to the bag named name, for Add.
func (b Bags) bag(name string) *PropertyBag {
	bag := b[name]
	if bag == nil {
		bag = PropertyBag{}
		b[name] = bag
	}
	return &bag
}

// BenchmarkMarshalBagsScaling writes bags of 100 and of 3,000 values with
// MarshalBags, the two in turn within each round and the same number of
// values each (30 writes of 100, one of 3,000), and reports the cost per
// value of each and x-per-value, the median of the per-round ratios
// (3,000 / 100) with its 10th and 90th percentiles: 1 means the cost is
// linear in the number of values.
func BenchmarkMarshalBagsScaling(b *testing.B) {
	small, large := scalingBags(b, 100), scalingBags(b, 3000)
	write := func(bags Bags, times int) time.Duration {
		start := time.Now()
		for range times {
			if _, err := MarshalBags(bags); err != nil {
				b.Fatal(err)
			}
		}
		return time.Since(start)
	}
	var ratios []float64
	var smallTotal, largeTotal time.Duration
	rounds := 0
	for b.Loop() {
		var s, l time.Duration
		if rounds%2 == 0 {
			s, l = write(small, 30), write(large, 1)
		} else {
			l, s = write(large, 1), write(small, 30)
		}
		ratios = append(ratios, float64(l)/float64(s))
		smallTotal += s
		largeTotal += l
		rounds++
	}
	reportRatios(b, ratios, "x-per-value")
	b.ReportMetric(float64(smallTotal.Nanoseconds())/float64(rounds*3000), "ns/value@100")
	b.ReportMetric(float64(largeTotal.Nanoseconds())/float64(rounds*3000), "ns/value@3000")
}

// reportRatios reports the median of ratios as name, and its 10th and 90th
// percentiles as name-p10 and name-p90.
func reportRatios(b *testing.B, ratios []float64, name string) {
	slices.Sort(ratios)
	at := func(q float64) float64 { return ratios[int(q*float64(len(ratios)-1))] }
	b.ReportMetric(at(0.5), name)
	b.ReportMetric(at(0.1), name+"-p10")
	b.ReportMetric(at(0.9), name+"-p90")
}
