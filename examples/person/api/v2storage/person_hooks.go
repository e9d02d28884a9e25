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
		if first, middle, last := splitFullName(dst.FullName, dst.FamilyName, dst.KnownAs); first == nil && middle == nil && last == nil {
			return nil
		}
		yes := true
		return propertybag.Add(&dst.PropertyBag, noV2Names, &yes)
	}
	// Drop the stashed v2 names when converting back would derive them
	// again from the v3 names (as it does for an object that did not come
	// from v2): the hub then keeps only what it cannot derive.
	first, middle, last := splitFullName(dst.FullName, dst.FamilyName, dst.KnownAs)
	if equal(first, s.FirstName) && equal(middle, s.MiddleName) && equal(last, s.LastName) {
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
		name           string
		value, derived *string
	}{
		{"FullName", src.FullName, derived.fullName},
		{"FamilyName", src.FamilyName, derived.familyName},
		{"KnownAs", src.KnownAs, derived.knownAs},
		{"AlphaKey", src.AlphaKey, derived.alphaKey},
	} {
		if v3.value == nil {
			if v3.derived != nil {
				absent = append(absent, v3.name)
			}
			continue
		}
		// The generated copy has stashed v3.value under v3.name: compare
		// the value itself rather than decode the stash.
		if equal(v3.value, v3.derived) {
			s.PropertyBag.Remove(v3.name)
		}
	}
	if absent == nil {
		return nil
	}
	return propertybag.Add(&s.PropertyBag, absentV3Names, &absent)
}

type v3Names struct{ fullName, familyName, knownAs, alphaKey *string }

// deriveV3Names: FullName is the non-empty names joined by spaces,
// FamilyName the last name, KnownAs the first name, AlphaKey
// "Last, First". An empty name counts as no name, as it does in the API
// versions (where "" and absent are the same), so derivation gives the same
// result whichever form a value arrives in.
func deriveV3Names(first, middle, last *string) v3Names {
	first, middle, last = nonEmpty(first), nonEmpty(middle), nonEmpty(last)
	var n v3Names
	parts := make([]string, 0, 3) // on the stack: no allocation
	for _, p := range []*string{first, middle, last} {
		if p != nil && *p != "" {
			parts = append(parts, *p)
		}
	}
	if first != nil || middle != nil || last != nil {
		full := strings.Join(parts, " ")
		n.fullName = &full
	}
	n.familyName, n.knownAs = clone(last), clone(first)
	switch {
	case last != nil && first != nil:
		key := *last + ", " + *first
		n.alphaKey = &key
	case last != nil:
		n.alphaKey = clone(last)
	case first != nil:
		n.alphaKey = clone(first)
	}
	return n
}

// splitFullName splits FullName into v2 names: the family name is the last
// name (taken off the end of FullName when it is there), the first word is
// the first name, the words in between the middle name. Without a FullName
// the first name is KnownAs.
func splitFullName(full, family, knownAs *string) (first, middle, last *string) {
	last = clone(family)
	if full == nil {
		return clone(knownAs), nil, last
	}
	rest := strings.TrimSpace(*full)
	if family != nil && *family != "" {
		rest = strings.TrimSpace(strings.TrimSuffix(rest, *family))
	}
	words := strings.Fields(rest)
	if len(words) == 0 {
		return clone(knownAs), nil, last
	}
	first = &words[0]
	if len(words) > 1 {
		m := strings.Join(words[1:], " ")
		middle = &m
	}
	return first, middle, last
}

func nonEmpty(p *string) *string {
	if p == nil || *p == "" {
		return nil
	}
	return p
}

// fill sets an absent v3 name to the value derived from the v2 names,
// unless absent lists the name: the v3 object had none.
func fill(dst **string, derived *string, absent *[]string, name string) {
	if *dst != nil || absent != nil && slices.Contains(*absent, name) {
		return
	}
	*dst = derived
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
