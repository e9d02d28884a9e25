// Hand-written: how the v3 address label maps to the structured v5 address.
// The first line is the street, the last line the country, the lines in
// between the city (joined with ", "). Where the mapping cannot reproduce a
// value exactly, the generated code has already kept it in the bag; these
// hooks drop it from the bag only when the mapping reproduces it.

package compat

import (
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// AssignPropertiesTo derives the v5 fields from the label.
func (a *Address) AssignPropertiesTo(dst *v5storage.Address) error {
	if dst.Street == nil && dst.Suburb == nil && dst.City == nil && dst.Country == nil && a.Label != nil {
		dst.Street, dst.Suburb, dst.City, dst.Country = parseLabel(*a.Label)
	}
	if label := composeLabel(dst.Street, dst.Suburb, dst.City, dst.Country); label != nil {
		if stashed, err := propertybag.Get[string](dst.PropertyBag, "Label"); err == nil && stashed == *label {
			dst.PropertyBag.Remove("Label")
		}
	}
	dst.PropertyBag = dst.PropertyBag.NilIfEmpty()
	return nil
}

// AssignPropertiesFrom composes the label from the v5 fields.
func (a *Address) AssignPropertiesFrom(src *v5storage.Address) error {
	if a.Label == nil {
		a.Label = composeLabel(src.Street, src.Suburb, src.City, src.Country)
	}
	if a.Label != nil {
		street, suburb, city, country := parseLabel(*a.Label)
		if equal(street, src.Street) && equal(suburb, src.Suburb) && equal(city, src.City) && equal(country, src.Country) {
			for _, name := range [...]string{"Street", "Suburb", "City", "Country"} {
				a.PropertyBag.Remove(name)
			}
		}
	}
	a.PropertyBag = a.PropertyBag.NilIfEmpty()
	return nil
}

func parseLabel(label string) (street, suburb, city, country *string) {
	lines := strings.Split(label, "\n")
	street = &lines[0]
	if n := len(lines); n >= 2 {
		country = &lines[n-1]
		if n >= 3 {
			c := strings.Join(lines[1:n-1], ", ")
			city = &c
		}
	}
	return street, nil, city, country
}

func composeLabel(street, suburb, city, country *string) *string {
	var lines []string
	for _, p := range []*string{street, suburb} {
		if p != nil {
			lines = append(lines, *p)
		}
	}
	if city != nil {
		lines = append(lines, strings.Split(*city, ", ")...)
	}
	if country != nil {
		lines = append(lines, *country)
	}
	if lines == nil {
		return nil
	}
	label := strings.Join(slices.Clip(lines), "\n")
	return &label
}

func equal(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}
