package compat_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/compat"
	"github.com/hubspoke/hubspoke/propertybag"
)

// The storage versions of a Person whose address skips v4, reduced to what
// matters here: v3 has Address{Label}, v4 has only a bag, v5 has
// Address{Street, City}. stagedAddress is the compat clone of the v3 shape
// that lives beside v4.

type v3Address struct {
	Label *string `json:"label,omitempty"`
}

type v3Person struct {
	Name    string
	Address *v3Address
	Bag     propertybag.PropertyBag
}

type v4Person struct {
	Name string
	Bag  propertybag.PropertyBag
}

type v5Address struct {
	Street *string `json:"street,omitempty"`
	City   *string `json:"city,omitempty"`
}

type v5Person struct {
	Name    string
	Address *v5Address
	Bag     propertybag.PropertyBag
}

type stagedAddress struct {
	Label *string `json:"label,omitempty"`
}

// The hand-written mapping between the shapes: Label is "street, city".
func stagedToV5(s *stagedAddress, a *v5Address) error {
	if s.Label == nil {
		return nil
	}
	street, city, found := strings.Cut(*s.Label, ", ")
	if !found {
		return errors.New("label has no city")
	}
	a.Street, a.City = &street, &city
	return nil
}

func v5ToStaged(a *v5Address, s *stagedAddress) error {
	label := deref(a.Street) + ", " + deref(a.City)
	s.Label = &label
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

var residentialAddress = compat.Property[stagedAddress, v5Address]{
	Name: "ResidentialAddress", Version: "v4storage", ToStaged: v5ToStaged, FromStaged: stagedToV5,
}

// Conversions v3 ↔ v4: generated plain bag code, the same in both worlds.

func v3ToV4(src v3Person) (v4Person, error) {
	bag := src.Bag.DeepCopy()
	if err := propertybag.Add(&bag, "ResidentialAddress", src.Address); err != nil {
		return v4Person{}, err
	}
	return v4Person{Name: src.Name, Bag: bag}, nil
}

func v4ToV3(src v4Person) (v3Person, error) {
	bag := src.Bag.DeepCopy()
	addr, err := propertybag.Pull[v3Address](&bag, "ResidentialAddress")
	if err != nil {
		return v3Person{}, err
	}
	return v3Person{Name: src.Name, Address: addr, Bag: bag}, nil
}

// Conversions v4 ↔ v5, first as a plain bag would do them (the bug) ...

func v4ToV5Plain(src v4Person) (v5Person, error) {
	bag := src.Bag.DeepCopy()
	addr, err := propertybag.Pull[v5Address](&bag, "ResidentialAddress")
	if err != nil {
		return v5Person{}, err
	}
	return v5Person{Name: src.Name, Address: addr, Bag: bag}, nil
}

func v5ToV4Plain(src v5Person) (v4Person, error) {
	bag := src.Bag.DeepCopy()
	if err := propertybag.Add(&bag, "ResidentialAddress", src.Address); err != nil {
		return v4Person{}, err
	}
	return v4Person{Name: src.Name, Bag: bag}, nil
}

// ... and with compat staging.

func v4ToV5Staged(src v4Person) (v5Person, error) {
	bag := src.Bag.DeepCopy()
	addr, err := residentialAddress.Pull(&bag)
	if err != nil {
		return v5Person{}, err
	}
	return v5Person{Name: src.Name, Address: addr, Bag: bag}, nil
}

func v5ToV4Staged(src v5Person) (v4Person, error) {
	bag := src.Bag.DeepCopy()
	if err := residentialAddress.Add(&bag, src.Address); err != nil {
		return v4Person{}, err
	}
	return v4Person{Name: src.Name, Bag: bag}, nil
}

func ptr(s string) *string { return &s }

var (
	mickeyV3 = v3Person{Name: "Mickey", Address: &v3Address{Label: ptr("1313 S. Harbor Blvd, Anaheim")}}
	mickeyV5 = v5Person{Name: "Mickey", Address: &v5Address{Street: ptr("1313 S. Harbor Blvd"), City: ptr("Anaheim")}}
)

func TestPlainBagFailsUpwards(t *testing.T) {
	v4, err := v3ToV4(mickeyV3)
	if err != nil {
		t.Fatal(err)
	}
	_, err = v4ToV5Plain(v4)
	if !errors.Is(err, propertybag.ErrDecode) || !strings.Contains(err.Error(), `unknown field "label"`) {
		t.Fatalf("the original bug (v3 → v4 → v5 with a plain bag) should fail to decode, got %v", err)
	}
}

func TestPlainBagFailsDownwards(t *testing.T) {
	v4, err := v5ToV4Plain(mickeyV5)
	if err != nil {
		t.Fatal(err)
	}
	_, err = v4ToV3(v4)
	if !errors.Is(err, propertybag.ErrDecode) || !strings.Contains(err.Error(), `unknown field "street"`) {
		t.Fatalf("the original bug (v5 → v4 → v3 with a plain bag) should fail to decode, got %v", err)
	}
}

func TestStagedUpwardsAndBack(t *testing.T) {
	v4, err := v3ToV4(mickeyV3)
	must(t, err)
	v5, err := v4ToV5Staged(v4)
	must(t, err)
	if diff := cmp.Diff(mickeyV5, v5); diff != "" {
		t.Fatalf("v3 → v4 → v5 (-want +got):\n%s", diff)
	}
	v4again, err := v5ToV4Staged(v5)
	must(t, err)
	if diff := cmp.Diff(v4, v4again); diff != "" {
		t.Fatalf("v4 bag differs depending on the direction it was reached from (-from v3 +from v5):\n%s", diff)
	}
	v3, err := v4ToV3(v4again)
	must(t, err)
	if diff := cmp.Diff(mickeyV3, v3); diff != "" {
		t.Fatalf("v3 → v5 → v3 (-want +got):\n%s", diff)
	}
}

func TestStagedDownwardsAndBack(t *testing.T) {
	v4, err := v5ToV4Staged(mickeyV5)
	must(t, err)
	if got := v4.Bag["ResidentialAddress"]; got != `{"label":"1313 S. Harbor Blvd, Anaheim"}` {
		t.Fatalf("v4 bag holds %s, want the v3 shape", got)
	}
	v3, err := v4ToV3(v4)
	must(t, err)
	if diff := cmp.Diff(mickeyV3, v3); diff != "" {
		t.Fatalf("v5 → v4 → v3 (-want +got):\n%s", diff)
	}
	v4again, err := v3ToV4(v3)
	must(t, err)
	v5, err := v4ToV5Staged(v4again)
	must(t, err)
	if diff := cmp.Diff(mickeyV5, v5); diff != "" {
		t.Fatalf("v5 → v3 → v5 (-want +got):\n%s", diff)
	}
}

func TestNilAndAbsent(t *testing.T) {
	v4, err := v5ToV4Staged(v5Person{Name: "Minnie"})
	must(t, err)
	if v4.Bag.Contains("ResidentialAddress") {
		t.Fatal("a nil address was stashed")
	}
	v5, err := v4ToV5Staged(v4)
	must(t, err)
	if v5.Address != nil {
		t.Fatal("an absent address was recalled as non-nil")
	}
	var bag propertybag.PropertyBag
	must(t, residentialAddress.Add(&bag, nil))
	if got, err := residentialAddress.Pull(&bag); got != nil || err != nil {
		t.Fatalf("Pull of nothing: %v %v", got, err)
	}
}

// An older, buggy release stashed the later shape in v4's bag. Reading it
// upwards repairs it by decoding the later shape directly.
func TestWrongShapeIsRepaired(t *testing.T) {
	buggy := v4Person{Name: "Mickey", Bag: propertybag.PropertyBag{
		"ResidentialAddress": `{"street":"1313 S. Harbor Blvd","city":"Anaheim"}`,
	}}
	v5, err := v4ToV5Staged(buggy)
	must(t, err)
	if diff := cmp.Diff(mickeyV5, v5); diff != "" {
		t.Fatalf("repair upwards (-want +got):\n%s", diff)
	}
}

func TestUnrepairableShapeIsAnError(t *testing.T) {
	for _, text := range []string{`{"label":"x","street":"y"}`, `{"postcode":"92803"}`, `"just a string"`, `{`} {
		bag := propertybag.PropertyBag{"ResidentialAddress": text}
		_, err := residentialAddress.Pull(&bag)
		if !errors.Is(err, compat.ErrWrongShape) || !errors.Is(err, propertybag.ErrDecode) {
			t.Fatalf("%s: got %v", text, err)
		}
		for _, want := range []string{`"ResidentialAddress"`, "v4storage", "compat_test.stagedAddress", "compat_test.v5Address"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not mention %s", err, want)
			}
		}
		if bag["ResidentialAddress"] != text {
			t.Fatal("a failed recall lost the value")
		}
	}
}

func TestHookErrorsNameTheProperty(t *testing.T) {
	bag := propertybag.PropertyBag{"ResidentialAddress": `{"label":"no comma"}`}
	_, err := residentialAddress.Pull(&bag)
	if err == nil || !strings.Contains(err.Error(), "label has no city") || !strings.Contains(err.Error(), `"ResidentialAddress"`) {
		t.Fatalf("got %v", err)
	}
	if !bag.Contains("ResidentialAddress") {
		t.Fatal("a failed conversion lost the value")
	}
	broken := residentialAddress
	broken.ToStaged = func(*v5Address, *stagedAddress) error { return errors.New("refused") }
	var b propertybag.PropertyBag
	must(t, propertybag.Add(&b, "ResidentialAddress", ptr("keep")))
	kept := b["ResidentialAddress"] // as this build's string format stores it
	if err := broken.Add(&b, mickeyV5.Address); err == nil || !strings.Contains(err.Error(), "refused") || b["ResidentialAddress"] != kept {
		t.Fatalf("failed add: %v, bag %v", err, b)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
