package compat

import (
	"strings"

	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
)

// The address hook (augment.AssignableTo/AssignableFrom): the first line
// of the label is the street, the last line the country, the lines between
// the city (joined with ", "). Where the mapping cannot give a value back
// exactly, the conversion has already kept it in the bag.
//
// An API version cannot tell an empty field from a missing one, so the
// label shows an empty field as it shows a missing one (not at all), and
// the hook compares loosely when it decides whether the label and the
// fields agree (an empty field is no field: the label "\n" agrees with a
// country ""), but drops a copy from the bag only when the mapping gives
// it back exactly (the country "" stays in the bag beside the label "\n",
// and the label "\n" beside the country "").
//
// A copy kept in a bag is the value as the other shape last held it. When
// the copy no longer agrees, the value was edited in the other shape, and
// the edit wins: a label edited at v3 is what v5 reads, fields edited at v5
// are what v3's label shows.

// AssignPropertiesTo derives the v5 fields from the label, unless the
// fields pulled from the bag compose to this very label or it reads loosely
// as them (they are then the v5 address the label was made from). A field
// read from the label gives way to the one pulled from the bag where they
// agree loosely (a pulled "" where the label has no field).
func (a *Address) AssignPropertiesTo(dst *v5storage.Address) error {
	var label string // no label reads as no fields
	if a.Label != nil {
		label = *a.Label
	}
	if !equal(compose(dst), a.Label) {
		// Where the label reads loosely as the pulled fields, either keeps
		// every one of them.
		street, city, country := parse(label)
		dst.Street, dst.Suburb = either(dst.Street, street), either(dst.Suburb, nil)
		dst.City, dst.Country = either(dst.City, city), either(dst.Country, country)
	}
	// The label stashed in the bag is not needed if the fields give it back
	// exactly (the stash is a.Label itself: compare that rather than decode it).
	if label := compose(dst); label != nil && equal(a.Label, label) {
		dst.PropertyBag.Remove("Label")
	}
	return nil
}

// AssignPropertiesFrom composes the label from the v5 fields, unless the
// label pulled from the bag reads loosely as these very fields (it is then
// the v3 label they were read from).
func (a *Address) AssignPropertiesFrom(src *v5storage.Address) error {
	// The fields stashed in the bag are not needed where the label gives
	// them back exactly. Where it does not even read as them loosely, all
	// stay: AssignPropertiesTo then pulls them whole.
	if a.Label == nil || !readsAs(*a.Label, src) {
		if a.Label = compose(src); a.Label == nil || !readsAs(*a.Label, src) {
			return nil
		}
	}
	street, city, country := parse(*a.Label)
	for _, f := range [...]struct {
		name       string
		read, have *string
	}{{"Street", street, src.Street}, {"Suburb", nil, src.Suburb}, {"City", city, src.City}, {"Country", country, src.Country}} {
		if equal(f.read, f.have) {
			a.PropertyBag.Remove(f.name)
		}
	}
	return nil
}

// parse reads the fields from a label (a label has no suburb line). An
// empty line gives no field: an API version cannot tell an empty field from
// a missing one.
func parse(label string) (street, city, country *string) {
	lines := strings.Split(label, "\n")
	n := len(lines)
	street = nonEmpty(lines[0])
	if n >= 2 {
		country = nonEmpty(lines[n-1])
	}
	if n >= 3 {
		city = nonEmpty(strings.Join(lines[1:n-1], ", "))
	}
	return street, city, country
}

// compose writes the label of an address: street, suburb, the city's
// parts and country, one a line, leaving out those that are missing or
// empty; nil for none.
func compose(a *v5storage.Address) *string {
	var lines []string
	for _, p := range []*string{a.Street, a.Suburb} {
		if p != nil && *p != "" {
			lines = append(lines, *p)
		}
	}
	if a.City != nil && *a.City != "" {
		lines = append(lines, strings.Split(*a.City, ", ")...)
	}
	if a.Country != nil && *a.Country != "" {
		lines = append(lines, *a.Country)
	}
	if lines == nil {
		return nil
	}
	label := strings.Join(lines, "\n")
	return &label
}

// readsAs reports whether label reads as the fields of a, loosely: an
// empty field is no field.
func readsAs(label string, a *v5storage.Address) bool {
	street, city, country := parse(label)
	return loose(street, a.Street) && loose(nil, a.Suburb) && loose(city, a.City) && loose(country, a.Country)
}

// either is the field pulled from the bag where it agrees loosely with the
// one read from the label, else the one read.
func either(pulled, read *string) *string {
	if loose(pulled, read) {
		return pulled
	}
	return read
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func equal(a, b *string) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// loose reports whether a and b are equal when "" counts as no value.
func loose(a, b *string) bool {
	var x, y string
	if a != nil {
		x = *a
	}
	if b != nil {
		y = *b
	}
	return x == y
}
