// Hand-written: how names map between v2 (FirstName, MiddleName, LastName)
// and v3 (FullName, FamilyName, KnownAs, AlphaKey). The generated code has
// already stashed the other version's names in the bag; these hooks fill in
// what a person reading that version expects, and keep round trips exact:
// a value is only derived where the source has none, and a stashed value
// that derivation would reproduce is dropped from the bag.

package v2storage

import (
	"slices"
	"strings"
	"unicode"

	"github.com/hubspoke/hubspoke/examples/person/api/v3storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// Two markers keep round trips exact where derivation would invent names.
const (
	// noV2Names records, in v3's bag, that the object came from v2 with no
	// names at all while v3 names it cannot show are kept, so that
	// converting back does not derive v2 names from them.
	noV2Names = "NoV2Names"
	// absentV3Names lists, in v2's bag, the v3 names the object did not
	// have although converting forward would derive them, so that
	// converting forward leaves them out again.
	absentV3Names = "AbsentV3Names"
)

// AssignPropertiesTo derives the v3 names from the v2 names.
func (s *PersonSpec) AssignPropertiesTo(dst *v3storage.PersonSpec) error {
	absent, err := propertybag.Pull[[]string](&dst.PropertyBag, absentV3Names)
	if err != nil {
		return err
	}
	derived := deriveV3Names(s.FirstName, s.MiddleName, s.LastName)
	fill(&dst.FullName, derived.fullName, absent, "FullName")
	fill(&dst.FamilyName, derived.familyName, absent, "FamilyName")
	fill(&dst.KnownAs, derived.knownAs, absent, "KnownAs")
	fill(&dst.AlphaKey, derived.alphaKey, absent, "AlphaKey")
	if s.FirstName == nil && s.MiddleName == nil && s.LastName == nil {
		// Converting back would derive names from v3 names kept in the
		// bag; the marker stops that. Without such names it is not needed.
		if splitsAs(dst.FullName, dst.FamilyName, dst.KnownAs, nil, nil, nil) {
			return nil
		}
		yes := true
		return propertybag.Add(&dst.PropertyBag, noV2Names, &yes)
	}
	// Drop the stashed v2 names when converting back would derive them
	// again from the v3 names (as it does for an object that did not come
	// from v2): the hub then keeps only what it cannot derive.
	if splitsAs(dst.FullName, dst.FamilyName, dst.KnownAs, s.FirstName, s.MiddleName, s.LastName) {
		for _, name := range [...]string{"FirstName", "MiddleName", "LastName"} {
			dst.PropertyBag.Remove(name)
		}
	}
	return nil
}

// AssignPropertiesFrom derives the v2 names from the v3 names when the
// object did not come from v2.
func (s *PersonSpec) AssignPropertiesFrom(src *v3storage.PersonSpec) error {
	cameFromV2 := src.PropertyBag.Contains(noV2Names) ||
		src.PropertyBag.Contains("FirstName") || src.PropertyBag.Contains("MiddleName") || src.PropertyBag.Contains("LastName")
	s.PropertyBag.Remove(noV2Names)
	if !cameFromV2 {
		s.FirstName, s.MiddleName, s.LastName = splitFullName(src.FullName, src.FamilyName, src.KnownAs)
	}
	// Drop stashed v3 names that converting forward would derive again, and
	// list the v3 names that are absent where converting forward would
	// derive one.
	derived := deriveV3Names(s.FirstName, s.MiddleName, s.LastName)
	var absent []string
	for _, v3 := range [...]struct {
		name    string
		value   *string
		derived derivation
	}{
		{"FullName", src.FullName, derived.fullName},
		{"FamilyName", src.FamilyName, derived.familyName},
		{"KnownAs", src.KnownAs, derived.knownAs},
		{"AlphaKey", src.AlphaKey, derived.alphaKey},
	} {
		if v3.value == nil {
			if v3.derived.some() {
				absent = append(absent, v3.name)
			}
			continue
		}
		// The generated copy has stashed v3.value under v3.name: compare
		// the value itself rather than decode the stash.
		if v3.derived.is(v3.value) {
			s.PropertyBag.Remove(v3.name)
		}
	}
	if absent == nil {
		return nil
	}
	list := absent // its own variable: absent itself would go to the heap on every call
	return propertybag.Add(&s.PropertyBag, absentV3Names, &list)
}

// v3Names are the v3 names derived from v2 names (deriveV3Names).
type v3Names struct{ fullName, familyName, knownAs, alphaKey derivation }

// A derivation is a v3 name derived from v2 names: the names that are not
// nil, in order, joined by sep; no name where all of them are nil. Its
// value is only built where it is needed (value); a name that is already
// there is compared with it without building it (is).
type derivation struct {
	sep   string
	names [3]*string
}

// some reports whether the v2 names derive a v3 name.
func (d derivation) some() bool {
	return d.names[0] != nil || d.names[1] != nil || d.names[2] != nil
}

// value builds the derived name.
func (d derivation) value() *string {
	parts := make([]string, 0, len(d.names)) // on the stack: no allocation
	for _, p := range d.names {
		if p != nil {
			parts = append(parts, *p)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	joined := strings.Join(parts, d.sep) // one name is not copied
	return &joined
}

// is reports whether value is the derived name, as equal(value, d.value())
// does.
func (d derivation) is(value *string) bool {
	if value == nil {
		return !d.some()
	}
	rest, sep := *value, "" // no separator before the first name
	for _, p := range d.names {
		if p == nil {
			continue
		}
		if !strings.HasPrefix(rest, sep) || !strings.HasPrefix(rest[len(sep):], *p) {
			return false
		}
		rest, sep = rest[len(sep)+len(*p):], d.sep
	}
	return d.some() && rest == ""
}

// deriveV3Names: FullName is the non-empty names joined by spaces,
// FamilyName the last name, KnownAs the first name, AlphaKey
// "Last, First". An empty name counts as no name, as it does in the API
// versions (where "" and absent are the same), so derivation gives the same
// result whichever form a value arrives in.
func deriveV3Names(first, middle, last *string) v3Names {
	first, middle, last = nonEmpty(first), nonEmpty(middle), nonEmpty(last)
	return v3Names{
		fullName:   derivation{sep: " ", names: [3]*string{first, middle, last}},
		familyName: derivation{names: [3]*string{last}},
		knownAs:    derivation{names: [3]*string{first}},
		alphaKey:   derivation{sep: ", ", names: [3]*string{last, first}},
	}
}

// splitFullName splits FullName into v2 names: the family name is the last
// name (taken off the end of FullName when it is there), the first word is
// the first name, the words in between the middle name. Without a FullName
// the first name is KnownAs.
func splitFullName(full, family, knownAs *string) (first, middle, last *string) {
	last = clone(family)
	given, between := givenNames(full, family)
	if given == "" {
		return clone(knownAs), nil, last
	}
	if between != "" {
		m := between // its own variable: between would go to the heap even when ""
		middle = &m
	}
	return &given, middle, last
}

// splitsAs reports whether splitFullName(full, family, knownAs) gives first,
// middle and last, without building them.
func splitsAs(full, family, knownAs, first, middle, last *string) bool {
	if !equal(family, last) {
		return false
	}
	given, between := givenNames(full, family)
	if given == "" {
		return equal(knownAs, first) && middle == nil
	}
	return first != nil && *first == given && equal(nonEmpty(&between), middle)
}

// givenNames returns the words of FullName before the family name (taken off
// its end when it is there): the first word, and the words after it joined
// by single spaces (strings.Fields' words); "" where there are none.
func givenNames(full, family *string) (first, middle string) {
	if full == nil {
		return "", ""
	}
	rest := strings.TrimSpace(*full)
	if family != nil && *family != "" {
		rest = strings.TrimSpace(strings.TrimSuffix(rest, *family))
	}
	if !singleSpaced(rest) {
		words := strings.Fields(rest)
		if len(words) == 0 {
			return "", ""
		}
		return words[0], strings.Join(words[1:], " ")
	}
	// Words separated by single spaces: no need to split them all.
	first, middle, _ = strings.Cut(rest, " ")
	return first, middle
}

// singleSpaced reports whether the only white space in s is single ' '
// (it also declines control characters, which strings.Fields can split).
func singleSpaced(s string) bool {
	for _, r := range s {
		if r < ' ' || r > '~' && unicode.IsSpace(r) {
			return false
		}
	}
	return !strings.Contains(s, "  ")
}

func nonEmpty(p *string) *string {
	if p == nil || *p == "" {
		return nil
	}
	return p
}

// fill sets an absent v3 name to the value derived from the v2 names,
// unless absent lists the name: the v3 object had none.
func fill(dst **string, derived derivation, absent *[]string, name string) {
	if *dst != nil || absent != nil && slices.Contains(*absent, name) {
		return
	}
	*dst = derived.value()
}

func clone(p *string) *string {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func equal(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}
