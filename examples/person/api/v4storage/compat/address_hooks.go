// Hand-written: how the v3 address label maps to the structured v5 address.
// The first line is the street, the last line the country, the lines in
// between the city (joined with ", "). Where the mapping cannot reproduce a
// value exactly, the generated code has already kept it in the bag; these
// hooks drop it from the bag only when the mapping reproduces it.
//
// A copy kept in a bag is the value as it was when the other shape last
// held it. Where the copy no longer matches the value it was kept with, the
// value was changed in the other shape since, and the change wins: a label
// edited at v3 is what v5 reads, and fields edited at v5 are what v3's label
// shows.

package compat

import (
	"strings"

	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
)

// AssignPropertiesTo derives the v5 fields from the label. Fields the
// generated code recalled from the bag are kept when they give back the
// label (they are the v5 value the label was composed from); otherwise the
// label was written or edited at v3, and the fields are read from it.
func (a *Address) AssignPropertiesTo(dst *v5storage.Address) error {
	label := composeLabel(dst.Street, dst.Suburb, dst.City, dst.Country)
	if !equal(label, a.Label) {
		dst.Street, dst.Suburb, dst.City, dst.Country = nil, nil, nil, nil
		if a.Label != nil {
			dst.Street, dst.Suburb, dst.City, dst.Country = parseLabel(*a.Label)
		}
		label = composeLabel(dst.Street, dst.Suburb, dst.City, dst.Country)
	}
	// The generated copy has kept a.Label in the bag; the fields give it
	// back, so drop it. (Compare a.Label itself: decoding the copy would
	// only give a.Label again.)
	if label != nil && equal(label, a.Label) {
		dst.PropertyBag.Remove("Label")
	}
	return nil
}

// AssignPropertiesFrom composes the label from the v5 fields. A label the
// generated code recalled from the bag is kept when it reads back as the
// fields (it is the v3 value they were read from); otherwise the fields
// were written or edited at v5, and the label is composed from them.
func (a *Address) AssignPropertiesFrom(src *v5storage.Address) error {
	kept := a.Label != nil && readsAs(*a.Label, src)
	if !kept {
		a.Label = composeLabel(src.Street, src.Suburb, src.City, src.Country)
		kept = a.Label != nil && readsAs(*a.Label, src)
	}
	if kept {
		for _, name := range [...]string{"Street", "Suburb", "City", "Country"} {
			a.PropertyBag.Remove(name)
		}
	}
	return nil
}

// readsAs reports whether label is read as exactly the fields of address.
func readsAs(label string, address *v5storage.Address) bool {
	street, suburb, city, country := parseLabel(label)
	return equal(street, address.Street) && equal(suburb, address.Suburb) && equal(city, address.City) && equal(country, address.Country)
}

// parseLabel reads the fields from a label. An empty line gives no field:
// the API versions cannot tell an empty field from a missing one, so a label
// with an empty line does not read back as itself and stays in the bag.
func parseLabel(label string) (street, suburb, city, country *string) {
	first, rest, more := strings.Cut(label, "\n")
	street = nonEmpty(first)
	if !more {
		return street, nil, nil, nil
	}
	// rest is the lines after the first: the last is the country, the
	// lines before it (if any) the city.
	last := rest
	if i := strings.LastIndexByte(rest, '\n'); i >= 0 {
		city = nonEmpty(strings.ReplaceAll(rest[:i], "\n", ", "))
		last = rest[i+1:]
	}
	return street, nil, city, nonEmpty(last)
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// composeLabel writes the fields on lines of their own, each part of the
// city (separated by ", ") on a line of its own.
func composeLabel(street, suburb, city, country *string) *string {
	lines := make([]string, 0, 4) // on the stack: no allocation
	for _, p := range []*string{street, suburb} {
		if p != nil {
			lines = append(lines, *p)
		}
	}
	if city != nil {
		lines = append(lines, strings.ReplaceAll(*city, ", ", "\n"))
	}
	if country != nil {
		lines = append(lines, *country)
	}
	if len(lines) == 0 {
		return nil
	}
	label := strings.Join(lines, "\n")
	return &label
}

func equal(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}
