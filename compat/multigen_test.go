package compat_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/compat"
	"github.com/hubspoke/hubspoke/propertybag"
)

// A property removed in v3 and back in v6 in a new shape: v2 has
// Address{Label}; v3, v4 and v5 have no address; v6 has Address{Street,
// City}. Only v5 ↔ v6 knows about staging; v3 ↔ v4 ↔ v5 pass the bag on.

type bagOnly struct {
	Name string
	Bag  propertybag.PropertyBag
}

var addressInV5 = compat.Property[stagedAddress, v5Address]{
	Name: "ResidentialAddress", Version: "v5storage", ToStaged: v5ToStaged, FromStaged: stagedToV5,
}

func v2ToV3(p v3Person) (bagOnly, error) {
	v4, err := v3ToV4(p) // the same generated stash as v3 → v4 above
	return bagOnly(v4), err
}

func v3ToV2(b bagOnly) (v3Person, error) { return v4ToV3(v4Person(b)) }

// passOn is the generated conversion between two versions that both lack
// the property: the bag travels unchanged.
func passOn(b bagOnly) bagOnly { return bagOnly{Name: b.Name, Bag: b.Bag.DeepCopy()} }

func v5ToV6(b bagOnly) (v5Person, error) {
	bag := b.Bag.DeepCopy()
	addr, err := addressInV5.Pull(&bag)
	return v5Person{Name: b.Name, Address: addr, Bag: bag}, err
}

func v6ToV5(p v5Person) (bagOnly, error) {
	bag := p.Bag.DeepCopy()
	err := addressInV5.Add(&bag, p.Address)
	return bagOnly{Name: p.Name, Bag: bag}, err
}

func TestMultiGenerationSkip(t *testing.T) {
	const v2Shape = `{"label":"1313 S. Harbor Blvd, Anaheim"}`

	// Upwards: v2 → v3 → v4 → v5 → v6.
	v3, err := v2ToV3(mickeyV3)
	must(t, err)
	v4 := passOn(v3)
	v5 := passOn(v4)
	for name, b := range map[string]bagOnly{"v3": v3, "v4": v4, "v5": v5} {
		if b.Bag["ResidentialAddress"] != v2Shape {
			t.Errorf("upwards: %s bag holds %q, want the v2 shape", name, b.Bag["ResidentialAddress"])
		}
	}
	v6, err := v5ToV6(v5)
	must(t, err)
	if diff := cmp.Diff(mickeyV5, v6); diff != "" {
		t.Fatalf("v2 → v6 (-want +got):\n%s", diff)
	}

	// Downwards: v6 → v5 → v4 → v3 → v2.
	v5, err = v6ToV5(v6)
	must(t, err)
	v4 = passOn(v5)
	v3 = passOn(v4)
	for name, b := range map[string]bagOnly{"v3": v3, "v4": v4, "v5": v5} {
		if b.Bag["ResidentialAddress"] != v2Shape {
			t.Errorf("downwards: %s bag holds %q, want the v2 shape", name, b.Bag["ResidentialAddress"])
		}
	}
	v2, err := v3ToV2(v3)
	must(t, err)
	if diff := cmp.Diff(mickeyV3, v2); diff != "" {
		t.Fatalf("v6 → v2 (-want +got):\n%s", diff)
	}
}
