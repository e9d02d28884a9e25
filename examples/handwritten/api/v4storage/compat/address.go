// Package compat holds v4storage's staging type for ResidentialAddress,
// written by hand: a clone of v3's Address{Label}, the shape the address had
// when v4 dropped it. v5 brings the address back as {Street, Suburb, City,
// Country}; v4storage's bag always holds this shape, whichever direction a
// conversion comes from (see package github.com/hubspoke/hubspoke/compat and
// the residential-address decision of the design).
//
// The clone lives here, beside v4storage, because v4storage may import
// v5storage but not v3storage (conversions point towards the hub).
package compat

import (
	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// Address is a postal address as a single free-text label: v3storage's
// Address, with the same JSON.
type Address struct {
	// PropertyBag holds the values of other versions that this shape has no field for.
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`

	// Label is the address as it is written on an envelope, one line per line.
	Label *string `json:"label,omitempty"`
}

// The mapping between the label and the fields is a hook (address_hooks.go).
var (
	_ augment.AssignableTo[*v5storage.Address]   = (*Address)(nil)
	_ augment.AssignableFrom[*v5storage.Address] = (*Address)(nil)
)

// AssignProperties_To_Address converts the staged shape to v5's.
func (s *Address) AssignProperties_To_Address(dst *v5storage.Address) error {
	bag := s.PropertyBag
	if err := propertybag.Add(&bag, "Label", s.Label); err != nil {
		return err
	}
	var fields [4]*string
	for i, name := range [...]string{"Street", "Suburb", "City", "Country"} {
		value, err := propertybag.Pull[string](&bag, name)
		if err != nil {
			return err
		}
		fields[i] = value
	}
	*dst = v5storage.Address{PropertyBag: bag, Street: fields[0], Suburb: fields[1], City: fields[2], Country: fields[3]}
	return s.AssignPropertiesTo(dst)
}

// AssignProperties_From_Address fills the staged shape from v5's.
func (s *Address) AssignProperties_From_Address(src *v5storage.Address) error {
	bag := src.PropertyBag.DeepCopy() // a copy: the hook sees the source's bag as it was
	for _, field := range [...]struct {
		name  string
		value *string
	}{{"Street", src.Street}, {"Suburb", src.Suburb}, {"City", src.City}, {"Country", src.Country}} {
		if err := propertybag.Add(&bag, field.name, field.value); err != nil {
			return err
		}
	}
	label, err := propertybag.Pull[string](&bag, "Label")
	if err != nil {
		return err
	}
	*s = Address{PropertyBag: bag, Label: label}
	return s.AssignPropertiesFrom(src)
}
