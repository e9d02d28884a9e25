// Hand-written: how the v3 address label maps to the structured v5 address.
// The first line is the street, the last line the country, the lines in
// between the city (joined with ", "). Where the mapping cannot reproduce a
// value exactly, the generated code has already kept it in the bag.
//
// The API versions cannot tell an empty field from a missing one, so the
// label shows an empty field as it shows a missing one (not at all), and
// the hooks compare loosely when they decide whether the label and the
// fields agree (an empty field counts as absent: the label "\n" agrees with
// a country ""); but they drop a copy from the bag only where the other
// shape reproduces it exactly (the country "" stays in the bag beside the
// label "\n", and so does the label "\n" beside the country ""). Were the
// label to show the empty field, a client of the hub that empties fields a
// kept label has empty lines for would make the label redundant, and the
// address that keeps it would stage as the one that does not.
//
// A copy kept in a bag is the value as it was when the other shape last
// held it. Where the copy no longer agrees with the value it was kept with,
// the value was changed in the other shape since, and the change wins: a
// label edited at v3 is what v5 reads, and fields edited at v5 are what
// v3's label shows.

package compat

import (
	"strings"

	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
)

// AssignPropertiesTo derives the v5 fields from the label. Fields the
// generated code recalled from the bag are kept when they agree with the
// label: it is their label (labelOf), or it reads loosely as them (they are
// the v5 value the label was composed from). Otherwise the label was written or
// edited at v3, and the fields are read from it, keeping each recalled
// field that is loosely the one read (a recalled "" where the label gives
// none).
func (a *Address) AssignPropertiesTo(dst *v5storage.Address) error {
	label := "" // no label reads as no fields
	if a.Label != nil {
		label = *a.Label
	}
	if !isLabelOf(a.Label, dst) {
		// Read the fields from the label; where it reads loosely as the
		// recalled ones, either keeps every one of them.
		street, suburb, city, country := parseLabel(label)
		dst.Street, dst.Suburb = either(dst.Street, street), either(dst.Suburb, suburb)
		dst.City, dst.Country = either(dst.City, city), either(dst.Country, country)
	}
	// The generated copy has kept a.Label in the bag; drop it only where the
	// fields give it back exactly. (Compare a.Label itself: decoding the
	// copy would only give a.Label again.)
	if a.Label != nil && isLabelOf(a.Label, dst) {
		dst.PropertyBag.Remove("Label")
	}
	return nil
}

// AssignPropertiesFrom composes the label from the v5 fields (labelOf). A
// label the generated code recalled from the bag is kept when it reads
// loosely as the fields (it is the v3 value they were read from);
// otherwise the fields were written or edited at v5, and the label is
// composed from them.
func (a *Address) AssignPropertiesFrom(src *v5storage.Address) error {
	if a.Label == nil || !readsAs(*a.Label, src) {
		if a.Label = labelOf(src); a.Label == nil || !readsAs(*a.Label, src) {
			// The label does not give the fields back: the bag keeps
			// them all, and AssignPropertiesTo recalls them whole (this
			// label is theirs).
			return nil
		}
	}
	// The generated copy has kept the fields in the bag; drop those the
	// label gives back exactly (a field "" that the label gives as none
	// stays).
	street, city, country := labelLines(*a.Label)
	for _, f := range [...]struct {
		name   string
		lines  string
		source *string
	}{
		{"Street", street, src.Street},
		{"Suburb", "", src.Suburb},
		{"City", city, src.City},
		{"Country", country, src.Country},
	} {
		if givesExactly(f.lines, f.source) {
			a.PropertyBag.Remove(f.name)
		}
	}
	return nil
}

// labelOf is the label of address: its fields that are not empty, composed.
func labelOf(address *v5storage.Address) *string {
	return composeLabel(present(address.Street), present(address.Suburb), present(address.City), present(address.Country))
}

// isLabelOf reports whether labelOf(address) is label (both nil, or the
// same text), without composing it.
func isLabelOf(label *string, address *v5storage.Address) bool {
	street, suburb, city, country := present(address.Street), present(address.Suburb), present(address.City), present(address.Country)
	if street == nil && suburb == nil && city == nil && country == nil {
		return label == nil // no fields compose no label
	}
	if label == nil {
		return false
	}
	rest, same, first := *label, true, true
	cut := func(prefix string) {
		if same {
			rest, same = strings.CutPrefix(rest, prefix)
		}
	}
	eachLine(street, suburb, city, country, func(line string) {
		if !first {
			cut("\n")
		}
		cut(line)
		first = false
	})
	return same && rest == ""
}

// present is p, or nil where it points to "".
func present(p *string) *string {
	if p != nil && *p == "" {
		return nil
	}
	return p
}

// readsAs reports whether label reads as the fields of address loosely: an
// empty field counts as absent.
func readsAs(label string, address *v5storage.Address) bool {
	street, city, country := labelLines(label)
	return readAs(street, deref(address.Street)) && deref(address.Suburb) == "" &&
		readAs(city, deref(address.City)) && readAs(country, deref(address.Country))
}

// either returns recalled where it is loosely read (a recalled "" where the
// label gives no field), else read.
func either(recalled, read *string) *string {
	if loose(recalled, read) {
		return recalled
	}
	return read
}

// parseLabel reads the fields from a label. An empty line gives no field:
// the API versions cannot tell an empty field from a missing one, so a label
// with an empty line does not read back as itself and stays in the bag.
func parseLabel(label string) (street, suburb, city, country *string) {
	streetLine, cityLines, countryLine := labelLines(label)
	return nonEmpty(streetLine), nil, nonEmpty(strings.ReplaceAll(cityLines, "\n", ", ")), nonEmpty(countryLine)
}

// labelLines splits a label into the lines of its fields: the first line is
// the street's, the last (when there are two or more) the country's, and
// the lines in between (if any) the city's, still separated by "\n".
func labelLines(label string) (street, city, country string) {
	street, rest, more := strings.Cut(label, "\n")
	if !more {
		return street, "", ""
	}
	if i := strings.LastIndexByte(rest, '\n'); i >= 0 {
		return street, rest[:i], rest[i+1:]
	}
	return street, "", rest
}

// readAs reports whether the lines of a field (labelLines) read as value,
// as parseLabel reads them: joined with ", ".
func readAs(lines, value string) bool {
	for {
		line, rest, more := strings.Cut(lines, "\n")
		var ok bool
		if value, ok = strings.CutPrefix(value, line); !ok {
			return false
		}
		if !more {
			return value == ""
		}
		if value, ok = strings.CutPrefix(value, ", "); !ok {
			return false
		}
		lines = rest
	}
}

// givesExactly reports whether the lines of a field (labelLines) give
// source back exactly, as parseLabel reads them: no lines give no field.
func givesExactly(lines string, source *string) bool {
	if source == nil || lines == "" {
		return source == nil && lines == ""
	}
	return readAs(lines, *source)
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
	if street == nil && suburb == nil && city == nil && country == nil {
		return nil
	}
	var b strings.Builder
	b.Grow(len(deref(street)) + len(deref(suburb)) + len(deref(city)) + len(deref(country)) + 3) // room for it all
	first := true
	eachLine(street, suburb, city, country, func(line string) {
		if !first {
			b.WriteByte('\n')
		}
		b.WriteString(line)
		first = false
	})
	label := b.String()
	return &label
}

// eachLine calls line with each line of the label of the fields, in order:
// each field on a line of its own, each part of the city (separated by
// ", ") on a line of its own.
func eachLine(street, suburb, city, country *string, line func(string)) {
	for _, p := range [...]*string{street, suburb} {
		if p != nil {
			line(*p)
		}
	}
	if city != nil {
		for part := range strings.SplitSeq(*city, ", ") {
			line(part)
		}
	}
	if country != nil {
		line(*country)
	}
}

// loose reports whether a and b are equal when an empty string counts as
// absent.
func loose(a, b *string) bool {
	return deref(a) == deref(b)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
