package compat

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
)

func toV5(t *testing.T, a Address) v5storage.Address {
	t.Helper()
	var dst v5storage.Address
	if err := a.AssignProperties_To_Address(&dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

func fromV5(t *testing.T, src v5storage.Address) Address {
	t.Helper()
	var a Address
	if err := a.AssignProperties_From_Address(&src); err != nil {
		t.Fatal(err)
	}
	return a
}

// Every v5 address of a few values per field (absent, empty, plain, with
// ", " or a line break), and every address read from a label of up to four
// lines with any of its absent fields made empty and empty ones absent,
// comes back from the staged shape as it was. (Mutation testing: a suburb
// "" dropped where the label is read again, a suburb "" that did not read
// as none, and fields dropped from the bag where the label does not read
// as them passed this package's table and were caught only now and then
// by the random round trip.)
func TestAddressesRoundTrip(t *testing.T) {
	values := []*string{nil, ptr(""), ptr("a"), ptr("a, b"), ptr("a\nb")}
	var hubs []v5storage.Address
	for _, street := range values {
		for _, suburb := range values {
			for _, city := range values {
				for _, country := range values {
					hubs = append(hubs, v5storage.Address{Street: street, Suburb: suburb, City: city, Country: country})
				}
			}
		}
	}
	parts := []string{"", "a", "a, b"}
	for _, p := range parts {
		hubs = append(hubs, toV5(t, Address{Label: ptr(p)}))
		for _, q := range parts {
			hubs = append(hubs, toV5(t, Address{Label: ptr(p + "\n" + q)}))
			for _, r := range parts {
				hubs = append(hubs, toV5(t, Address{Label: ptr(p + "\n" + q + "\n" + r)}), toV5(t, Address{Label: ptr(p + "\n" + q + "\n" + r + "\n" + p)}))
			}
		}
	}
	for _, hub := range hubs {
		for _, a := range emptiedVariants(hub) {
			if back := toV5(t, fromV5(t, a)); !cmp.Equal(a, back) {
				t.Fatalf("v5 → staged → v5 changed the address:\n%s", cmp.Diff(a, back))
			}
		}
	}
}

// emptiedVariants returns a and its variants with any subset of its absent
// fields made empty and of its empty fields made absent.
func emptiedVariants(a v5storage.Address) []v5storage.Address {
	out := []v5storage.Address{a}
	for _, field := range []func(*v5storage.Address) **string{
		func(a *v5storage.Address) **string { return &a.Street },
		func(a *v5storage.Address) **string { return &a.Suburb },
		func(a *v5storage.Address) **string { return &a.City },
		func(a *v5storage.Address) **string { return &a.Country },
	} {
		for _, o := range out {
			p := *field(&o)
			if p != nil && *p != "" {
				continue
			}
			other := o
			other.PropertyBag = o.PropertyBag.DeepCopy()
			if p == nil {
				*field(&other) = ptr("")
			} else {
				*field(&other) = nil
			}
			out = append(out, other)
		}
	}
	return out
}

// A label edited at v3 is what v5 reads, whatever fields the bag kept
// from v5 (mutation testing: keeping every field pulled from the bag over
// the one read from the label passed this package's table).
func TestEditedLabelWins(t *testing.T) {
	// A city with a line break does not read back from its label: the
	// staged shape keeps all four fields in its bag.
	staged := fromV5(t, v5storage.Address{Street: ptr("a"), Suburb: ptr("s"), City: ptr("b\nc"), Country: ptr("d")})
	staged.Label = ptr("x\ny\nz")
	want := v5storage.Address{Street: ptr("x"), City: ptr("y"), Country: ptr("z")}
	if diff := cmp.Diff(want, toV5(t, staged)); diff != "" {
		t.Errorf("label edited at v3, read at v5 (-want +got):\n%s", diff)
	}
}

// A suburb added at v5 shows in v3's label, although the label the bag
// kept from v3 (one with an empty line, which the fields do not give back)
// reads as every other field (mutation testing: reading the label without
// the suburb kept the old label).
func TestSuburbAddedAtV5ShowsInLabel(t *testing.T) {
	staged := fromV5(t, toV5(t, Address{Label: ptr("a\n\nk")}))
	v5 := toV5(t, staged)
	if !v5.PropertyBag.Contains("Label") {
		t.Fatalf("v5 keeps no label from v3: %v", v5.PropertyBag)
	}
	v5.Suburb = ptr("s")
	got := fromV5(t, v5)
	if got.Label == nil || *got.Label != "a\ns\nk" {
		t.Errorf("label at v3 after a suburb was added at v5: %v, want %q", got.Label, "a\ns\nk")
	}
}
