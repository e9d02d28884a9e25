package v1storage_test

import (
	"maps"
	"testing"

	"example.com/fixtures/person/api/v1storage"
	"example.com/fixtures/person/api/v2storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// AssignPropertiesFrom reads its source's bag (does it hold v1's own
// Name?) after the generated copy has recalled Name from it: the hook must
// see the source's bag as it was, not the bag the copy moved and changed.
// A v1 object without a Name, whose v2 names are known, keeps no Name.
func TestHookSeesTheSourceBagAsItWas(t *testing.T) {
	first, last := "Ada", "Lovelace"
	hub := v2storage.PersonSpec{
		FirstName:   &first,
		LastName:    &last,
		PropertyBag: propertybag.PropertyBag{"Name": "null"}, // v1 had no Name
	}
	before := maps.Clone(hub.PropertyBag)
	var v1 v1storage.PersonSpec
	if err := v1.AssignProperties_From_PersonSpec(&hub); err != nil {
		t.Fatal(err)
	}
	if v1.Name != nil {
		t.Errorf("Name = %q, want none: the hook did not see Name in the source's bag", *v1.Name)
	}
	if !maps.Equal(before, hub.PropertyBag) {
		t.Errorf("the source's bag changed from %v to %v", before, hub.PropertyBag)
	}
}
