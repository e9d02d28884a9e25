// Generated-style code: the conversion between the staged v3 shape of
// Address and v5storage.Address. The shapes share no property, so each
// stashes the other's in its bag; the hand-written hooks in
// address_hooks.go map Label to Street/Suburb/City/Country and back.

package compat

import (
	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// AssignProperties_To_Address converts the staged shape to v5storage.Address.
func (a *Address) AssignProperties_To_Address(dst *v5storage.Address) error {
	bag := a.PropertyBag.DeepCopy()
	if err := propertybag.Stash(&bag, "Label", a.Label); err != nil {
		return err
	}
	street, err := propertybag.Recall[string](&bag, "Street")
	if err != nil {
		return err
	}
	suburb, err := propertybag.Recall[string](&bag, "Suburb")
	if err != nil {
		return err
	}
	city, err := propertybag.Recall[string](&bag, "City")
	if err != nil {
		return err
	}
	country, err := propertybag.Recall[string](&bag, "Country")
	if err != nil {
		return err
	}
	*dst = v5storage.Address{Street: street, Suburb: suburb, City: city, Country: country}
	dst.PropertyBag = bag
	return a.AssignPropertiesTo(dst)
}

// AssignProperties_From_Address converts v5storage.Address to the staged shape.
func (a *Address) AssignProperties_From_Address(src *v5storage.Address) error {
	bag := src.PropertyBag.DeepCopy()
	if err := propertybag.Stash(&bag, "Street", src.Street); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "Suburb", src.Suburb); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "City", src.City); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "Country", src.Country); err != nil {
		return err
	}
	label, err := propertybag.Recall[string](&bag, "Label")
	if err != nil {
		return err
	}
	*a = Address{Label: label}
	a.PropertyBag = bag
	return a.AssignPropertiesFrom(src)
}

// The hooks this file calls (hand-written, in *_hooks.go): a hook with
// another signature fails to build.
var (
	_ augment.AssignableFrom[*v5storage.Address] = (*Address)(nil)
	_ augment.AssignableTo[*v5storage.Address]   = (*Address)(nil)
)
