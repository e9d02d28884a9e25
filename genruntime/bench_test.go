package genruntime

import (
	"reflect"
	"testing"
)

// benchPerson is shaped like a generated storage type: optional scalars as
// pointers, a slice of nested objects, maps, and an optional nested object.
type benchPerson struct {
	Name        *string
	Age         *int
	Gender      *string
	Addresses   []benchAddress
	Labels      map[string]string
	Annotations map[string]string
	Tags        []string
	Spouse      *benchPerson
	PropertyBag map[string][]byte
}

type benchAddress struct {
	Street *string
	City   *string
	Lines  []string
	Zip    *int
}

func newBenchPerson() *benchPerson {
	addr := func(street string, zip int) benchAddress {
		return benchAddress{Street: Ptr(street), City: Ptr("Springfield"), Lines: []string{street, "Floor 2"}, Zip: Ptr(zip)}
	}
	return &benchPerson{
		Name:        Ptr("Ada"),
		Age:         Ptr(36),
		Gender:      Ptr("Female"),
		Addresses:   []benchAddress{addr("1 Main St", 1000), addr("2 High St", 2000), addr("3 Low Rd", 3000)},
		Labels:      map[string]string{"app": "db", "tier": "backend", "team": "storage"},
		Annotations: map[string]string{"note": "x"},
		Tags:        []string{"a", "b", "c", "d"},
		Spouse: &benchPerson{
			Name:      Ptr("Charles"),
			Age:       Ptr(40),
			Addresses: []benchAddress{addr("1 Main St", 1000)},
			Labels:    map[string]string{},
		},
		PropertyBag: map[string][]byte{"v1.Extra": []byte(`{"x":1}`)},
	}
}

// handCopyPerson is what a code generator would write for benchPerson: the
// baseline for DeepClone's cost.
func handCopyPerson(in *benchPerson) *benchPerson {
	if in == nil {
		return nil
	}
	out := &benchPerson{
		Name:        ClonePointer(in.Name),
		Age:         ClonePointer(in.Age),
		Gender:      ClonePointer(in.Gender),
		Labels:      CloneMap(in.Labels),
		Annotations: CloneMap(in.Annotations),
		Tags:        CloneSlice(in.Tags),
		Spouse:      handCopyPerson(in.Spouse),
		PropertyBag: CloneMapFunc(in.PropertyBag, CloneSlice[byte]),
	}
	out.Addresses = CloneSliceFunc(in.Addresses, func(a benchAddress) benchAddress {
		return benchAddress{
			Street: ClonePointer(a.Street),
			City:   ClonePointer(a.City),
			Lines:  CloneSlice(a.Lines),
			Zip:    ClonePointer(a.Zip),
		}
	})
	return out
}

// TestBenchBaselineIsDeep checks that the baseline is a true deep copy that
// gives the same result as DeepClone, so that the comparison is fair.
func TestBenchBaselineIsDeep(t *testing.T) {
	src := newBenchPerson()
	hand, deep := handCopyPerson(src), DeepClone(src)
	if !reflect.DeepEqual(hand, src) || !reflect.DeepEqual(deep, src) {
		t.Fatal("copies differ from the source")
	}
	assertDisjoint(t, src, hand)
	assertDisjoint(t, src, deep)
}

var benchSink *benchPerson

// BenchmarkPersonHandCopy and BenchmarkPersonDeepClone copy the same value.
// The ratio of their ns/op is the cost of reflection. Compare them with, for
// example:
//
//	go test -run '^$' -bench 'Person' -benchmem -count 5 ./genruntime/
func BenchmarkPersonHandCopy(b *testing.B) {
	src := newBenchPerson()
	b.ReportAllocs()
	for b.Loop() {
		benchSink = handCopyPerson(src)
	}
}

func BenchmarkPersonDeepClone(b *testing.B) {
	src := newBenchPerson()
	b.ReportAllocs()
	for b.Loop() {
		benchSink = DeepClone(src)
	}
}
