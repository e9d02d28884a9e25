package compat

import (
	"strings"

	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
)

// The address hook (augment.AssignableTo/AssignableFrom): the first line
// of the label is the street, the last line the country, the lines between
// the city (joined with ", "). Where the mapping cannot give a value back
// exactly, the conversion has already kept it in the bag; the hook drops it
// from the bag only when the mapping gives it back.
//
// A copy kept in a bag is the value as the other shape last held it. When
// the copy no longer matches, the value was edited in the other shape, and
// the edit wins: a label edited at v3 is what v5 reads, fields edited at v5
// are what v3's label shows.

// AssignPropertiesTo derives the v5 fields from the label, unless the
// fields pulled from the bag compose to this very label (they are then the
// v5 address the label was made from).
func (a *Address) AssignPropertiesTo(dst *v5storage.Address) error {
	if !equal(compose(dst), a.Label) {
		*dst = v5storage.Address{PropertyBag: dst.PropertyBag}
		if a.Label != nil {
			dst.Street, dst.City, dst.Country = parse(*a.Label)
		}
	}
	// The label stashed in the bag is not needed if the fields give it back
	// (the stash is a.Label itself: compare that rather than decode it).
	if label := compose(dst); label != nil && equal(a.Label, label) {
		dst.PropertyBag.Remove("Label")
	}
	return nil
}

// AssignPropertiesFrom composes the label from the v5 fields, unless the
// label pulled from the bag reads as these very fields (it is then the v3
// label they were read from).
func (a *Address) AssignPropertiesFrom(src *v5storage.Address) error {
	if a.Label == nil || !readsAs(*a.Label, src) {
		a.Label = compose(src)
	}
	// The fields stashed in the bag are not needed if the label gives them back.
	if a.Label != nil && readsAs(*a.Label, src) {
		for _, name := range [...]string{"Street", "Suburb", "City", "Country"} {
			a.PropertyBag.Remove(name)
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
// parts and country, one a line; nil for no field at all.
func compose(a *v5storage.Address) *string {
	var lines []string
	for _, p := range []*string{a.Street, a.Suburb} {
		if p != nil {
			lines = append(lines, *p)
		}
	}
	if a.City != nil {
		lines = append(lines, strings.Split(*a.City, ", ")...)
	}
	if a.Country != nil {
		lines = append(lines, *a.Country)
	}
	if lines == nil {
		return nil
	}
	label := strings.Join(lines, "\n")
	return &label
}

// readsAs reports whether label reads as exactly the fields of a.
func readsAs(label string, a *v5storage.Address) bool {
	street, city, country := parse(label)
	return equal(street, a.Street) && a.Suburb == nil && equal(city, a.City) && equal(country, a.Country)
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
