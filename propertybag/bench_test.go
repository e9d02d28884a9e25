package propertybag

import (
	"encoding/json"
	"strconv"
	"testing"
)

// referenceBag is the straightforward design the benchmarks compare against:
// encoding/json for every Add and Pull.
type referenceBag map[string]string

func (b referenceBag) Add(name string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return err
	}
	b[name] = string(data)
	return nil
}

func (b referenceBag) Pull(name string, dst any) error {
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
// enum, small struct, slice of structs.
func benchValues() []any {
	country := "USA"
	addr := benchAddress{Street: "1313 S. Harbor Blvd", City: "Anaheim", Country: &country, Number: 1313}
	return []any{
		"Theodore",
		42,
		true,
		benchEnum("Female"),
		addr,
		[]benchAddress{addr, {Street: "Main Street", City: "Disneyland"}, {City: "Orlando", Number: 7}},
	}
}

// pullAll reads every value of benchValues back, into variables of the same
// types.
func pullAll(pull func(string, any) error) error {
	var (
		s  string
		n  int
		b  bool
		e  benchEnum
		a  benchAddress
		as []benchAddress
	)
	for i, dst := range []any{&s, &n, &b, &e, &a, &as} {
		if err := pull(strconv.Itoa(i), dst); err != nil {
			return err
		}
	}
	return nil
}

var names = []string{"0", "1", "2", "3", "4", "5"}

func BenchmarkMixedAddPull(b *testing.B) {
	values := benchValues()
	b.Run("reference", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bag := referenceBag{}
			for i, v := range values {
				if err := bag.Add(names[i], v); err != nil {
					b.Fatal(err)
				}
			}
			if err := pullAll(bag.Pull); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("propertybag", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var bag PropertyBag
			for i, v := range values {
				if err := bag.Add(names[i], v); err != nil {
					b.Fatal(err)
				}
			}
			if err := pullAll(bag.Pull); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkAdd(b *testing.B) {
	values := benchValues()
	b.Run("reference", func(b *testing.B) {
		b.ReportAllocs()
		bag := referenceBag{}
		for b.Loop() {
			for i, v := range values {
				_ = bag.Add(names[i], v)
			}
		}
	})
	b.Run("propertybag", func(b *testing.B) {
		b.ReportAllocs()
		bag := PropertyBag{}
		for b.Loop() {
			for i, v := range values {
				_ = bag.Add(names[i], v)
			}
		}
	})
}

// filled returns a bag holding benchValues under names.
func filled(tb testing.TB) PropertyBag {
	var bag PropertyBag
	for i, v := range benchValues() {
		if err := bag.Add(names[i], v); err != nil {
			tb.Fatal(err)
		}
	}
	return bag
}

func BenchmarkPull(b *testing.B) {
	full := filled(b)
	b.Run("reference", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bag := referenceBag(full.Clone())
			if err := pullAll(bag.Pull); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("propertybag", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bag := full.Clone()
			if err := pullAll(bag.Pull); err != nil {
				b.Fatal(err)
			}
		}
	})
}

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

func BenchmarkClone(b *testing.B) {
	bag := filled(b)
	b.ReportAllocs()
	for b.Loop() {
		if len(bag.Clone()) != len(bag) {
			b.Fatal("short clone")
		}
	}
}

// BenchmarkBags writes and reads the bags of an object at an old API version
// (what convert.StashBags and RecallBags do for its annotation) with
// MarshalBags and UnmarshalBags, against encoding/json on the same map,
// which writes each value as a string of JSON.
func BenchmarkBags(b *testing.B) {
	spec := PropertyBag{}
	for name, value := range map[string]any{
		"MiddleName": "Theodore", "BirthDate": "1928-11-18", "KnownAs": "Mickey",
		"MailingAddress":     benchAddress{Street: "PO Box 10000", City: "Lake Buena Vista", Number: 1},
		"ResidentialAddress": map[string]string{"label": "1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA"},
	} {
		if err := spec.Add(name, value); err != nil {
			b.Fatal(err)
		}
	}
	bags := map[string]PropertyBag{"spec": spec, "status": nil}
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			data, err := json.Marshal(bags)
			if err != nil {
				b.Fatal(err)
			}
			var back map[string]PropertyBag
			if err := json.Unmarshal(data, &back); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("propertybag", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			text, err := MarshalBags(bags)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := UnmarshalBags(text); err != nil {
				b.Fatal(err)
			}
		}
	})
}
