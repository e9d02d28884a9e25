// Package compat holds the staging types of v4storage: clones of the shapes
// that properties had when they left the API, so that v4storage's property
// bag always holds one shape whichever direction a conversion comes from
// (see package github.com/hubspoke/hubspoke/compat).
//
// ResidentialAddress left in v4 with the v3 shape Address{Label} and came
// back in v5 as Address{Street, Suburb, City, Country}. The value in
// v4storage's bag is always an Address, read and written as the compat
// package documents:
//
//   - v4storage ↔ v5storage: v4storage's generated code declares the
//     compat.Property (residentialAddress) and reads the staged value with
//     Recall on the way to v5storage, writing it back with Stash on the
//     way from it. Address's conversions (address_conversion.go, generated)
//     and hooks (address_hooks.go, hand-written) map between the shapes.
//   - v3storage ↔ v4storage: nothing special. v3storage's generated code
//     stashes its own v3storage.Address, whose JSON form Address keeps, and
//     recalls it with propertybag.Recall, as for any property
//     v4storage lacks.
package compat

import "github.com/hubspoke/hubspoke/propertybag"

// Address is the v3 shape of ResidentialAddress, staged beside v4storage.
// Its JSON form must stay identical to v3storage.Address.
type Address struct {
	// PropertyBag holds values of other versions that this shape has no field for.
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`

	// Label is the address as it is written on an envelope, one line per line.
	Label *string `json:"label,omitempty"`
}
