package compat

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

func ptr(s string) *string { return &s }

func equal(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// toV5 and fromV5 are the two directions of the staging conversion, as
// compat.Property calls them.
func toV5(t *testing.T, a Address) v5storage.Address {
	t.Helper()
	var dst v5storage.Address
	if err := a.AssignProperties_To_Address(&dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

func fromV5(t *testing.T, src v5storage.Address) Address {
	t.Helper()
	var a Address
	if err := a.AssignProperties_From_Address(&src); err != nil {
		t.Fatal(err)
	}
	return a
}

// A label read at v5: the first line is the street, the last the country,
// the lines between the city.
func TestLabelToV5(t *testing.T) {
	for _, tc := range []struct {
		label string
		want  v5storage.Address
	}{
		{"1313 S. Harbor Blvd", v5storage.Address{Street: ptr("1313 S. Harbor Blvd")}},
		{"1313 S. Harbor Blvd\nUSA", v5storage.Address{Street: ptr("1313 S. Harbor Blvd"), Country: ptr("USA")}},
		{
			"1313 S. Harbor Blvd\nAnaheim\nUSA",
			v5storage.Address{Street: ptr("1313 S. Harbor Blvd"), City: ptr("Anaheim"), Country: ptr("USA")},
		},
		{
			"1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA",
			v5storage.Address{Street: ptr("1313 S. Harbor Blvd"), City: ptr("Anaheim, CA 92803"), Country: ptr("USA")},
		},
		// An empty line is no field; the label is kept as it is.
		{"", v5storage.Address{PropertyBag: bagged("Label", "")}},
		{"a\n\nb", v5storage.Address{PropertyBag: bagged("Label", "a\n\nb"), Street: ptr("a"), Country: ptr("b")}},
	} {
		got := toV5(t, Address{Label: &tc.label})
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.label, diff)
		}
	}
	if got := toV5(t, Address{}); !cmp.Equal(v5storage.Address{}, got) {
		t.Errorf("no label: %+v", got)
	}
}

// Every address survives a round trip through the other shape, including
// those the mapping cannot express (their values travel in the bag).
func TestAddressRoundTrips(t *testing.T) {
	labels := []string{
		"1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA",
		"1313 S. Harbor Blvd",
		"Street\nCity, with a comma\nCountry", // the city does not split back the same way
		"a\n\nb",
		"",
	}
	for _, label := range labels {
		staged := Address{Label: ptr(label)}
		back := fromV5(t, toV5(t, staged))
		if diff := cmp.Diff(staged, back); diff != "" {
			t.Errorf("%q: staged → v5 → staged (-want +got):\n%s", label, diff)
		}
	}
	addresses := []v5storage.Address{
		{Street: ptr("1313 S. Harbor Blvd"), City: ptr("Anaheim"), Country: ptr("USA")},
		{Street: ptr("1313 S. Harbor Blvd"), Suburb: ptr("Disneyland Resort"), City: ptr("Anaheim"), Country: ptr("USA")},
		{Suburb: ptr("Disneyland Resort")},
		{City: ptr("Anaheim")},
		{Street: ptr("Main Street"), City: ptr("Anaheim")}, // two lines read back as street and country
		{Street: ptr("Main\nStreet")},
		{},
		{Street: ptr("x"), PropertyBag: propertybag.PropertyBag{"Other": `"kept"`}},
	}
	for _, a := range addresses {
		back := toV5(t, fromV5(t, a))
		if diff := cmp.Diff(a, back); diff != "" {
			t.Errorf("%+v: v5 → staged → v5 (-want +got):\n%s", a, diff)
		}
	}
}

// A value changed at one version wins over the copy of the old value that
// the other version's shape kept in its bag: a label edited at v3 is what v5
// reads, and fields edited at v5 are what v3's label shows.
func TestEditsWinOverStashedCopies(t *testing.T) {
	// Written at v5 with a suburb, which the label cannot express, so the
	// staged address keeps the v5 fields in its bag.
	v5 := v5storage.Address{Street: ptr("1313 S. Harbor Blvd"), Suburb: ptr("Disneyland Resort"), City: ptr("Anaheim"), Country: ptr("USA")}
	staged := fromV5(t, v5)
	if !staged.PropertyBag.Contains("Suburb") {
		t.Fatalf("the suburb was not kept: %+v", staged)
	}
	// A client at v3 moves Mickey.
	staged.Label = ptr("1375 E. Buena Vista Dr\nLake Buena Vista\nFL 32830\nUSA")
	got := toV5(t, staged)
	want := v5storage.Address{Street: ptr("1375 E. Buena Vista Dr"), City: ptr("Lake Buena Vista, FL 32830"), Country: ptr("USA")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("label edited at v3, read at v5 (-want +got):\n%s", diff)
	}

	// Written at v3 with a label the fields cannot reproduce, so v5 keeps
	// the label in its bag.
	label := "Street\nCity, with a comma\nCountry"
	atV5 := toV5(t, Address{Label: &label})
	if !atV5.PropertyBag.Contains("Label") {
		t.Fatalf("the label was not kept: %+v", atV5)
	}
	// A client at v5 moves the person.
	atV5.Street, atV5.City, atV5.Country = ptr("1 Infinite Loop"), ptr("Cupertino"), ptr("USA")
	back := fromV5(t, atV5)
	wantBack := Address{Label: ptr("1 Infinite Loop\nCupertino\nUSA")}
	if diff := cmp.Diff(wantBack, back); diff != "" {
		t.Errorf("fields edited at v5, read at v3 (-want +got):\n%s", diff)
	}
}

// Every combination of awkward field values survives both round trips:
// empty strings, separators inside values, missing fields.
func TestAddressRoundTripsExhaustive(t *testing.T) {
	values := []*string{nil, ptr(""), ptr("a"), ptr("a, b"), ptr("a\nb"), ptr("b")}
	for _, street := range values {
		for _, suburb := range values {
			for _, city := range values {
				for _, country := range values {
					a := v5storage.Address{Street: street, Suburb: suburb, City: city, Country: country}
					if back := toV5(t, fromV5(t, a)); !cmp.Equal(a, back) {
						t.Fatalf("v5 → staged → v5 changed the address:\n%s", cmp.Diff(a, back))
					}
				}
			}
		}
	}
	parts := []string{"", "a", "a, b", "b"}
	var labels []string
	for _, p := range parts {
		labels = append(labels, p)
		for _, q := range parts {
			labels = append(labels, p+"\n"+q)
			for _, r := range parts {
				labels = append(labels, p+"\n"+q+"\n"+r, p+"\n"+q+"\n"+r+"\n"+p)
			}
		}
	}
	for _, label := range labels {
		a := Address{Label: ptr(label)}
		if back := fromV5(t, toV5(t, a)); !cmp.Equal(a, back) {
			t.Fatalf("staged → v5 → staged changed %q:\n%s", label, cmp.Diff(a, back))
		}
	}
}

// parseLabel and composeLabel read and write labels exactly as the first
// versions of them did, which split the label into a slice of lines and
// joined it again: the later ones only avoid that slice.
func TestLabelCodecAsBefore(t *testing.T) {
	parseBefore := func(label string) (street, suburb, city, country *string) {
		lines := strings.Split(label, "\n")
		street = nonEmpty(lines[0])
		if n := len(lines); n >= 2 {
			country = nonEmpty(lines[n-1])
			if n >= 3 {
				city = nonEmpty(strings.Join(lines[1:n-1], ", "))
			}
		}
		return street, nil, city, country
	}
	composeBefore := func(street, suburb, city, country *string) *string {
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
		label := strings.Join(lines, "\n")
		return &label
	}
	show := func(ps ...*string) []string {
		var out []string
		for _, p := range ps {
			if p == nil {
				out = append(out, "nil")
			} else {
				out = append(out, strconv.Quote(*p))
			}
		}
		return out
	}
	parts := []string{"", "a", ", ", "a, b", "a,b", " b", "a\nb", "\n"}
	var labels []string
	for _, p := range parts {
		for _, q := range parts {
			for _, r := range parts {
				labels = append(labels, p, p+"\n"+q, p+"\n"+q+"\n"+r, p+"\n"+q+"\n"+r+"\n"+p)
			}
		}
	}
	for _, label := range labels {
		s1, u1, c1, k1 := parseLabel(label)
		s0, u0, c0, k0 := parseBefore(label)
		if !equal(s1, s0) || !equal(u1, u0) || !equal(c1, c0) || !equal(k1, k0) {
			t.Fatalf("parseLabel(%q) = %v, before %v", label, show(s1, u1, c1, k1), show(s0, u0, c0, k0))
		}
	}
	values := []*string{nil}
	for _, p := range parts {
		values = append(values, ptr(p))
	}
	for _, street := range values {
		for _, suburb := range values {
			for _, city := range values {
				for _, country := range values {
					if got, want := composeLabel(street, suburb, city, country), composeBefore(street, suburb, city, country); !equal(got, want) {
						t.Fatalf("composeLabel%v = %v, before %v", show(street, suburb, city, country), show(got), show(want))
					}
				}
			}
		}
	}
}

// The hooks compare labels and fields without building them (isLabelOf,
// readsAs, givesExactly): each gives what comparing the parsed or composed
// value gives, as the first versions of the hooks did.
func TestLabelComparisonsAsBefore(t *testing.T) {
	readsAsBefore := func(label string, address *v5storage.Address) bool {
		street, suburb, city, country := parseLabel(label)
		return loose(street, address.Street) && loose(suburb, address.Suburb) && loose(city, address.City) && loose(country, address.Country)
	}
	quote := func(p *string) string {
		if p == nil {
			return "nil"
		}
		return strconv.Quote(*p)
	}
	show := func(a *v5storage.Address) string {
		return "{" + quote(a.Street) + ", " + quote(a.Suburb) + ", " + quote(a.City) + ", " + quote(a.Country) + "}"
	}
	values := []*string{nil, ptr(""), ptr("a"), ptr(", "), ptr("a, b"), ptr("a,b"), ptr("b\n"), ptr("\n"), ptr("é, ü")}
	var general []string
	for _, p := range []string{"", "a", ", ", "a, b", "é"} {
		for _, q := range []string{"", "b", "a, b"} {
			general = append(general, p, p+"\n"+q, p+"\n"+q+"\n"+p, p+"\n"+q+"\n"+q+"\n"+p)
		}
	}
	for _, street := range values {
		for _, suburb := range values {
			for _, city := range values {
				for _, country := range values {
					a := &v5storage.Address{Street: street, Suburb: suburb, City: city, Country: country}
					labels := []*string{nil}
					for _, l := range general {
						labels = append(labels, ptr(l))
					}
					if own := labelOf(a); own != nil {
						labels = append(labels, own, ptr(*own+"\n"), ptr("\n"+*own), ptr(strings.ReplaceAll(*own, "\n", ", ")), ptr(strings.TrimSuffix(*own, "a")))
					}
					for _, label := range labels {
						if got, want := isLabelOf(label, a), equal(labelOf(a), label); got != want {
							t.Fatalf("isLabelOf(%s, %s) = %v, labelOf gives %s", quote(label), show(a), got, quote(labelOf(a)))
						}
						if label == nil {
							continue
						}
						if got, want := readsAs(*label, a), readsAsBefore(*label, a); got != want {
							t.Fatalf("readsAs(%q, %s) = %v, before %v", *label, show(a), got, want)
						}
						streetLines, cityLines, countryLines := labelLines(*label)
						s, u, c, k := parseLabel(*label)
						for _, f := range []struct {
							name   string
							lines  string
							read   *string
							source *string
						}{
							{"street", streetLines, s, a.Street},
							{"suburb", "", u, a.Suburb},
							{"city", cityLines, c, a.City},
							{"country", countryLines, k, a.Country},
						} {
							if got, want := givesExactly(f.lines, f.source), equal(f.read, f.source); got != want {
								t.Fatalf("%q gives %s %s exactly: %v; it reads as %s", *label, f.name, quote(f.source), got, quote(f.read))
							}
						}
					}
				}
			}
		}
	}
}

// bagged returns a bag holding each name with a string value, as Add
// stores it (a JSON string literal, or the string as it is in ASO's string
// format, -tags hubspoke_aso).
func bagged(kv ...string) propertybag.PropertyBag {
	b := propertybag.PropertyBag{}
	for i := 0; i < len(kv); i += 2 {
		if err := propertybag.Add(&b, kv[i], &kv[i+1]); err != nil {
			panic(err)
		}
	}
	return b
}

// Empty fields, which a client of the hub can write and the API versions
// cannot show: the label and the fields agree loosely (an empty field is
// no field), but a copy leaves the bag only where the other shape gives it
// back exactly. Each address converts to the other, and back.
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
		if diff := cmp.Diff(tc.staged, fromV5(t, tc.v5)); diff != "" {
			t.Errorf("%s: v5 → staged (-want +got):\n%s", tc.name, diff)
		}
		if diff := cmp.Diff(tc.v5, toV5(t, tc.staged)); diff != "" {
			t.Errorf("%s: staged → v5 (-want +got):\n%s", tc.name, diff)
		}
	}
}

// An address as a client of the hub (v5storage) leaves it: one converted
// from a v5 address or a v3 label, with any of its absent fields made
// empty and empty ones absent, comes back from the staged shape as it was,
// also one whose bag keeps a label with empty lines where its fields are
// now empty.
func TestEmptiedFieldsRoundTrip(t *testing.T) {
	values := []*string{nil, ptr(""), ptr("a"), ptr("a, b"), ptr("a\nb")}
	var hubs []v5storage.Address
	for _, street := range values {
		for _, suburb := range values {
			for _, city := range values {
				for _, country := range values {
					hubs = append(hubs, v5storage.Address{Street: street, Suburb: suburb, City: city, Country: country})
				}
			}
		}
	}
	parts := []string{"", "a", "a, b", "b"}
	for _, p := range parts {
		hubs = append(hubs, toV5(t, Address{Label: ptr(p)}))
		for _, q := range parts {
			hubs = append(hubs, toV5(t, Address{Label: ptr(p + "\n" + q)}))
			for _, r := range parts {
				hubs = append(hubs, toV5(t, Address{Label: ptr(p + "\n" + q + "\n" + r)}), toV5(t, Address{Label: ptr(p + "\n" + q + "\n" + r + "\n" + p)}))
			}
		}
	}
	toggled := 0
	for _, hub := range hubs {
		for _, a := range emptied(hub) {
			if back := toV5(t, fromV5(t, a)); !cmp.Equal(a, back) {
				t.Fatalf("v5 → staged → v5 changed the address:\n%s", cmp.Diff(a, back))
			}
			toggled++
		}
	}
	if toggled <= len(hubs) {
		t.Fatalf("only %d addresses from %d", toggled, len(hubs))
	}
}

// emptied returns a and its variants with any subset of its absent fields
// made empty and of its empty fields made absent.
func emptied(a v5storage.Address) []v5storage.Address {
	out := []v5storage.Address{a}
	for _, field := range []func(*v5storage.Address) **string{
		func(a *v5storage.Address) **string { return &a.Street },
		func(a *v5storage.Address) **string { return &a.Suburb },
		func(a *v5storage.Address) **string { return &a.City },
		func(a *v5storage.Address) **string { return &a.Country },
	} {
		for _, o := range out {
			p := *field(&o)
			if p != nil && *p != "" {
				continue
			}
			other := o
			other.PropertyBag = o.PropertyBag.DeepCopy()
			if p == nil {
				*field(&other) = ptr("")
			} else {
				*field(&other) = nil
			}
			out = append(out, other)
		}
	}
	return out
}
