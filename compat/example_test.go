package compat_test

import (
	"fmt"
	"strings"

	"github.com/hubspoke/hubspoke/compat"
	"github.com/hubspoke/hubspoke/propertybag"
)

// OldAddress is the staging clone of the v3 shape; NewAddress is v5's.
type OldAddress struct {
	Label string `json:"label"`
}

type NewAddress struct {
	Street string `json:"street"`
	City   string `json:"city"`
}

// A v4 bag always holds the v3 shape, whichever direction it was written
// from; v5 reads it back in its own shape.
func ExampleProperty() {
	address := compat.Property[OldAddress, NewAddress]{
		Name:    "ResidentialAddress",
		Version: "v4storage",
		ToStaged: func(n *NewAddress, o *OldAddress) error {
			o.Label = n.Street + "\n" + n.City
			return nil
		},
		FromStaged: func(o *OldAddress, n *NewAddress) error {
			n.Street, n.City, _ = strings.Cut(o.Label, "\n")
			return nil
		},
	}

	// v5 → v4: stash in the v3 shape.
	var v4bag propertybag.PropertyBag
	_ = address.Add(&v4bag, &NewAddress{Street: "1313 S. Harbor Blvd", City: "Anaheim"})
	fmt.Println(v4bag["ResidentialAddress"])

	// v4 → v5: recall in the v5 shape.
	got, _ := address.Pull(&v4bag)
	fmt.Printf("%+v\n", *got)

	// An object written by a release that stashed the v5 shape is repaired.
	buggy := propertybag.PropertyBag{"ResidentialAddress": `{"street":"Main Street","city":"Disneyland"}`}
	repaired, _ := address.Pull(&buggy)
	fmt.Printf("%+v\n", *repaired)
	// Output:
	// {"label":"1313 S. Harbor Blvd\nAnaheim"}
	// {Street:1313 S. Harbor Blvd City:Anaheim}
	// {Street:Main Street City:Disneyland}
}
