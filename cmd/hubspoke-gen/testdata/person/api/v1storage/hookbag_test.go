package v1storage_test

import (
	"maps"
	"reflect"
	"strconv"
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

// Empty names, which a client of the hub can write and the API versions
// cannot show, are no names: they give v1 no Name, and a Name v1 kept
// beside them stays in the bag (they do not derive it exactly), so that
// both come back from v1 as they were.
func TestEmptyNamesAreNoName(t *testing.T) {
	empty, space := "", " "
	for _, tc := range []struct {
		name string
		hub  v2storage.PersonSpec
		want *string // v1's Name
	}{
		{"empty names", v2storage.PersonSpec{FirstName: &empty, LastName: &empty}, nil},
		{"empty first name", v2storage.PersonSpec{FirstName: &empty, LastName: ptr("Lovelace")}, ptr("Lovelace")},
		{
			"empty names beside v1's Name",
			v2storage.PersonSpec{FirstName: &empty, LastName: &empty, PropertyBag: propertybag.PropertyBag{"Name": `" "`}},
			&space,
		},
	} {
		var v1 v1storage.PersonSpec
		if err := v1.AssignProperties_From_PersonSpec(&tc.hub); err != nil {
			t.Fatal(err)
		}
		if got := v1.Name; (got == nil) != (tc.want == nil) || got != nil && *got != *tc.want {
			t.Errorf("%s: Name = %v, want %v", tc.name, show(got), show(tc.want))
		}
		var back v2storage.PersonSpec
		if err := v1.AssignProperties_To_PersonSpec(&back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(tc.hub, back) {
			t.Errorf("%s: hub → v1 → hub gave %+v, want %+v", tc.name, back, tc.hub)
		}
	}
}

func ptr(s string) *string { return &s }

func show(p *string) string {
	if p == nil {
		return "none"
	}
	return strconv.Quote(*p)
}
