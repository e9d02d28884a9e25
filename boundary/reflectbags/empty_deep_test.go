package reflectbags_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
)

// TestEmptyBagsAreNotStashed: a bag that is empty but not nil (what a
// conversion leaves after pulling the last value out of it) stashes
// nothing, as generated code stashes nothing for it: no annotation, no
// fingerprints of list elements, no status bags.
func TestEmptyBagsAreNotStashed(t *testing.T) {
	src := &gadgetStorage{
		PropertyBag: propertybag.PropertyBag{},
		Spec: gadgetStorageSpec{
			PropertyBag: propertybag.PropertyBag{},
			Parts:       []partStorage{{Name: str("a"), PropertyBag: propertybag.PropertyBag{}}, {Name: str("b")}},
		},
		Status: gadgetStorageStatus{PropertyBag: propertybag.PropertyBag{}},
	}
	var api gadget
	if err := reflectbags.Stash(&api, src); err != nil {
		t.Fatal(err)
	}
	if api.Annotations != nil || api.Status.PropertyBags != nil {
		t.Errorf("empty bags stashed: annotations %v, status bags %v", api.Annotations, api.Status.PropertyBags)
	}
}

// TestStashRefusesObjectsNestedTooDeep: the walk stops at 1000 levels with
// an error rather than following a recursive type as deep as the object
// goes.
func TestStashRefusesObjectsNestedTooDeep(t *testing.T) {
	src := &gadgetStorage{Spec: gadgetStorageSpec{Owner: &partStorage{}}}
	p := src.Spec.Owner
	for range 1100 {
		p.Inner = &partStorage{}
		p = p.Inner
	}
	p.PropertyBag = bag("Deep", `1`)
	var api gadget
	err := reflectbags.Stash(&api, src)
	if err == nil || !strings.Contains(err.Error(), "deeper than 1000 levels") {
		t.Errorf("Stash of an object 1100 levels deep: %v, want an error naming the limit", err)
	}
}
