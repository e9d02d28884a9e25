package compat

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

func ptr(s string) *string { return &s }

// bagged returns a bag holding each name with a string value.
func bagged(kv ...string) propertybag.PropertyBag {
	b := propertybag.PropertyBag{}
	for i := 0; i < len(kv); i += 2 {
		b[kv[i]] = strconv.Quote(kv[i+1])
	}
	return b
}

// Empty fields, which a client of the hub can write and an API version
// cannot show: the label and the fields agree loosely (an empty field is no
// field), but a copy leaves the bag only where the other shape gives it
// back exactly. Each address converts to the other, and back. (The same
// table as examples/person's TestEmptyFields.)
func TestEmptyFields(t *testing.T) {
	for _, tc := range []struct {
		name   string
		v5     v5storage.Address
		staged Address
	}{
		{
			"country empty",
			v5storage.Address{Country: ptr("")},
			Address{PropertyBag: bagged("Country", "")},
		},
		{
			"label of an empty line",
			v5storage.Address{PropertyBag: bagged("Label", "\n")},
			Address{Label: ptr("\n")},
		},
		{
			"label of an empty line, country empty",
			v5storage.Address{Country: ptr(""), PropertyBag: bagged("Label", "\n")},
			Address{Label: ptr("\n"), PropertyBag: bagged("Country", "")},
		},
		{
			"empty label, street and country empty",
			v5storage.Address{Street: ptr(""), Country: ptr(""), PropertyBag: bagged("Label", "")},
			Address{Label: ptr(""), PropertyBag: bagged("Street", "", "Country", "")},
		},
		{
			"street x, country empty",
			v5storage.Address{Street: ptr("x"), Country: ptr("")},
			Address{Label: ptr("x"), PropertyBag: bagged("Country", "")},
		},
		{
			"label x and an empty line, country empty",
			v5storage.Address{Street: ptr("x"), Country: ptr(""), PropertyBag: bagged("Label", "x\n")},
			Address{Label: ptr("x\n"), PropertyBag: bagged("Country", "")},
		},
		{
			"city empty between street and country",
			v5storage.Address{Street: ptr("a"), City: ptr(""), Country: ptr("b")},
			Address{Label: ptr("a\nb"), PropertyBag: bagged("City", "")},
		},
		{
			"label with an empty line",
			v5storage.Address{Street: ptr("a"), Country: ptr("b"), PropertyBag: bagged("Label", "a\n\nb")},
			Address{Label: ptr("a\n\nb")},
		},
		{
			"label with an empty line, city empty",
			v5storage.Address{Street: ptr("a"), City: ptr(""), Country: ptr("b"), PropertyBag: bagged("Label", "a\n\nb")},
			Address{Label: ptr("a\n\nb"), PropertyBag: bagged("City", "")},
		},
		{
			"city with a line break",
			v5storage.Address{City: ptr("a\nb")},
			Address{Label: ptr("a\nb"), PropertyBag: bagged("City", "a\nb")},
		},
		{
			"city with a line break, country empty",
			v5storage.Address{City: ptr("a\nb"), Country: ptr("")},
			Address{Label: ptr("a\nb"), PropertyBag: bagged("City", "a\nb", "Country", "")},
		},
	} {
		var staged Address
		if err := staged.AssignProperties_From_Address(&tc.v5); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.staged, staged); diff != "" {
			t.Errorf("%s: v5 → staged (-want +got):\n%s", tc.name, diff)
		}
		var v5 v5storage.Address
		if err := tc.staged.AssignProperties_To_Address(&v5); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.v5, v5); diff != "" {
			t.Errorf("%s: staged → v5 (-want +got):\n%s", tc.name, diff)
		}
	}
}
