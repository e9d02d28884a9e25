package propertybag

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

// largeListBags returns bags holding, under spec and Items, a list of
// addresses whose JSON text is about size bytes: a value of many small
// tokens, as a long list of a storage version's structs is.
func largeListBags(tb testing.TB, size int) Bags {
	var list []benchAddress
	n := 0
	for i := 0; n < size; i++ {
		a := benchAddress{Street: fmt.Sprintf("%d S. Harbor Blvd", i), City: "Anaheim", Number: i}
		data, err := json.Marshal(a)
		if err != nil {
			tb.Fatal(err)
		}
		n += len(data) + 1
		list = append(list, a)
	}
	bags := Bags{}
	if err := Add(bags.bag("spec"), "Items", &list); err != nil {
		tb.Fatal(err)
	}
	return bags
}

// valueBytes is the length of the value under spec and Items.
func valueBytes(bags Bags) int { return len(bags["spec"]["Items"]) }

// BenchmarkBagsValueScaling writes (MarshalBags) and reads (UnmarshalBags)
// one value of about 1 KB, 100 KB and 1 MB, the three in turn within each
// round and about 1 MB of each per round (1,000 values of 1 KB, 10 of
// 100 KB, one of 1 MB), and reports the cost per byte of each and
// x-per-byte-100KB and x-per-byte-1MB, the medians of the per-round ratios
// of the cost per byte (100 KB / 1 KB, 1 MB / 1 KB) with their 10th and
// 90th percentiles: 1 means the cost is linear in the size of a value.
func BenchmarkBagsValueScaling(b *testing.B) {
	sizes := []struct {
		name string
		bags Bags
		text string
	}{{name: "1KB"}, {name: "100KB"}, {name: "1MB"}}
	for i, size := range []int{1 << 10, 100 << 10, 1 << 20} {
		sizes[i].bags = largeListBags(b, size)
		text, err := MarshalBags(sizes[i].bags)
		if err != nil {
			b.Fatal(err)
		}
		sizes[i].text = text
	}
	times := func(i int) int { return (1 << 20) / valueBytes(sizes[i].bags) }
	for _, op := range []struct {
		name string
		do   func(i int)
	}{{"marshal", func(i int) {
		if _, err := MarshalBags(sizes[i].bags); err != nil {
			b.Fatal(err)
		}
	}}, {"unmarshal", func(i int) {
		if _, err := UnmarshalBags(sizes[i].text); err != nil {
			b.Fatal(err)
		}
	}}} {
		b.Run(op.name, func(b *testing.B) {
			perByte := func(i int) float64 {
				n := max(times(i), 1)
				start := time.Now()
				for range n {
					op.do(i)
				}
				return float64(time.Since(start).Nanoseconds()) / float64(n*valueBytes(sizes[i].bags))
			}
			var mid, large []float64
			var totals [3]float64
			rounds := 0
			for b.Loop() {
				var cost [3]float64
				for j := range 3 {
					i := (j + rounds) % 3 // the order turns from round to round
					cost[i] = perByte(i)
					totals[i] += cost[i]
				}
				mid = append(mid, cost[1]/cost[0])
				large = append(large, cost[2]/cost[0])
				rounds++
			}
			for i, s := range sizes {
				b.ReportMetric(totals[i]/float64(rounds)*1024, "ns/KB@"+s.name)
			}
			reportRatios(b, mid, "x-per-byte-100KB")
			reportRatios(b, large, "x-per-byte-1MB")
		})
	}
}

// TestLargeValueAllocations: writing and reading the bags text of a value
// makes as many allocations for a 1 MB list of many small tokens as for a
// 1 KB one (MarshalBags once allocated for every token of a value longer than
// 20 KB, checking how deeply it nests: 681,444 for a 1 MB list). A few
// more are allowed: a large value makes the garbage collector run, which
// empties encoding/json's pools, and a scanner is made again.
func TestLargeValueAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 1 MB value")
	}
	small, large := largeListBags(t, 1<<10), largeListBags(t, 1<<20)
	allocs := func(bags Bags) (marshal, unmarshal float64) {
		text, err := MarshalBags(bags)
		must(t, err)
		marshal = testing.AllocsPerRun(3, func() { _, _ = MarshalBags(bags) })
		unmarshal = testing.AllocsPerRun(3, func() { _, _ = UnmarshalBags(text) })
		return marshal, unmarshal
	}
	sm, su := allocs(small)
	lm, lu := allocs(large)
	const slack = 4
	if lm > sm+slack || lu > su+slack {
		t.Errorf("allocations for a value of %d bytes (marshal %v, unmarshal %v), more than for one of %d plus %d (marshal %v, unmarshal %v)",
			valueBytes(large), lm, lu, valueBytes(small), slack, sm, su)
	}
}

// TestNestingWithin: nestingWithin counts the objects and arrays a text
// nests, not brackets inside strings, escaped quotation marks included, and
// finds nesting that begins late in a long text.
func TestNestingWithin(t *testing.T) {
	brackets := strings.Repeat("[{", 15000)
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	for _, c := range []struct {
		text string
		want bool
	}{
		{`["` + brackets + `"]`, true},
		{`["\"` + brackets + `\\"]`, true},
		{`[{"a\"]":"` + brackets + `"}]`, true},
		// One level for the list, and the bags text's two around it.
		{`["` + brackets + `",` + nested(9997) + `]`, true},
		{`["` + brackets + `",` + nested(9998) + `]`, false},
		// Many arrays side by side nest one level deep.
		{"[" + strings.Repeat("[],", 20000) + "[]]", true},
	} {
		if got := nestingWithin([]byte(c.text), maxNesting-bagDepth); got != c.want {
			t.Errorf("nestingWithin(%.40q... %d bytes) = %v, want %v", c.text, len(c.text), got, c.want)
		}
	}
}

// FuzzScalarReadAgrees: reading any text as a bool or an integer of any
// width gives what encoding/json gives, the value or an error (Get reads
// the text Add writes for them without encoding/json): null aside, which
// reads as nil.
func FuzzScalarReadAgrees(f *testing.F) {
	for _, seed := range []string{"0", "-0", "42", "-42", "007", "1e2", "1.0", "-", "", "true", "false", "True",
		"255", "256", "-129", "9223372036854775807", "9223372036854775808", "18446744073709551616", " 1", "1 ", "+1", "null"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		bag := PropertyBag{"v": text}
		scalarAgrees[bool](t, bag)
		scalarAgrees[int](t, bag)
		scalarAgrees[int8](t, bag)
		scalarAgrees[int64](t, bag)
		scalarAgrees[uint](t, bag)
		scalarAgrees[uint8](t, bag)
		scalarAgrees[uint64](t, bag)
		scalarAgrees[counter](t, bag)
		scalarAgrees[doubled](t, bag)
	})
}

// doubled is an integer kind with its own JSON decoding, which reads twice
// the number: Get must call it.
type doubled int

func (d *doubled) UnmarshalJSON(data []byte) error {
	n, err := strconv.Atoi(string(data))
	*d = doubled(2 * n)
	return err
}

// scalarAgrees checks that Get[T] reads bag's value as json.Unmarshal does.
func scalarAgrees[T comparable](t *testing.T, bag PropertyBag) {
	t.Helper()
	text := bag["v"]
	got, err := Get[T](bag, "v")
	var want T
	wantErr := json.Unmarshal([]byte(text), &want)
	switch {
	case strings.Trim(text, " \t\r\n") == "null":
		if got != nil || err != nil {
			t.Errorf("%q as %T: %v, %v; want nil", text, want, got, err)
		}
	case (err == nil) != (wantErr == nil):
		t.Errorf("%q as %T: error %v; encoding/json: %v", text, want, err, wantErr)
	case err == nil && *got != want:
		t.Errorf("%q as %T: %v; encoding/json: %v", text, want, *got, want)
	}
}

// ptrMarshaled is a slice kind whose pointer has its own JSON encoding,
// which encoding/json uses only where the slice is addressable; ptrElem is
// an element type alike, whose elements in a slice always are.
type (
	ptrMarshaled []int
	ptrElem      struct{ N int }
)

func (p *ptrMarshaled) MarshalJSON() ([]byte, error) { return []byte(`"pointer"`), nil }
func (p *ptrElem) MarshalJSON() ([]byte, error)      { return []byte(`"element"`), nil }

// TestAddWritesWhatMarshalWrites: Add stores what json.Marshal writes for
// the value, for slices and maps too, which it writes through a pointer:
// a type whose pointer has its own encoding, which json.Marshal of the
// value does not call, is written as json.Marshal writes the value.
func TestAddWritesWhatMarshalWrites(t *testing.T) {
	check := func(name string, value any, add func(*PropertyBag) error) {
		t.Helper()
		want, err := json.Marshal(value)
		must(t, err)
		var bag PropertyBag
		must(t, add(&bag))
		if bag["v"] != string(want) {
			t.Errorf("%s: Add stored %s, json.Marshal writes %s", name, bag["v"], want)
		}
	}
	p := ptrMarshaled{1, 2}
	check("slice with a pointer method", p, func(b *PropertyBag) error { return Add(b, "v", &p) })
	e := []ptrElem{{1}}
	check("slice of elements with a pointer method", e, func(b *PropertyBag) error { return Add(b, "v", &e) })
	m := map[string]ptrElem{"k": {1}}
	check("map of values with a pointer method", m, func(b *PropertyBag) error { return Add(b, "v", &m) })
	mp := map[string]*ptrElem{"k": {1}}
	check("map of pointers", mp, func(b *PropertyBag) error { return Add(b, "v", &mp) })
	s := []string{"a", "<b>"}
	check("slice of strings", s, func(b *PropertyBag) error { return Add(b, "v", &s) })
}
