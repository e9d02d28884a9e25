package v2storage

import (
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/examples/handwritten/api/v3storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// The names hook (augment.AssignableTo/AssignableFrom): v2 has FirstName,
// MiddleName and LastName, v3 FullName, FamilyName, KnownAs and AlphaKey.
// The conversion has already stashed each side's names in the other's bag;
// the hook fills in what a reader of the other version expects, as the
// design's PopulateFromFirstMiddleLastName does, and keeps round trips exact:
// a name is derived only where there is none, and a stashed name that the
// derivation would give back anyway is dropped from the bag.

// Two markers, for the cases where derivation would invent names.
const (
	// noV2Names, in v3's bag: the object came from v2 without names, but
	// with v3 names kept in the bag; converting back must not derive v2
	// names from those.
	noV2Names = "NoV2Names"
	// absentV3Names, in v2's bag: the v3 names the object did not have
	// although converting forward would derive them.
	absentV3Names = "AbsentV3Names"
)

// AssignPropertiesTo derives the v3 names from the v2 names.
func (s *PersonSpec) AssignPropertiesTo(dst *v3storage.PersonSpec) error {
	absent, err := propertybag.Pull[[]string](&dst.PropertyBag, absentV3Names)
	if err != nil {
		return err
	}
	full, family, knownAs, alphaKey := deriveV3Names(s.FirstName, s.MiddleName, s.LastName)
	fill := func(dst **string, derived *string, name string) {
		if *dst == nil && (absent == nil || !slices.Contains(*absent, name)) {
			*dst = derived
		}
	}
	fill(&dst.FullName, full, "FullName")
	fill(&dst.FamilyName, family, "FamilyName")
	fill(&dst.KnownAs, knownAs, "KnownAs")
	fill(&dst.AlphaKey, alphaKey, "AlphaKey")

	first, middle, last := splitFullName(dst.FullName, dst.FamilyName, dst.KnownAs)
	if s.FirstName == nil && s.MiddleName == nil && s.LastName == nil {
		if first == nil && middle == nil && last == nil {
			return nil // nothing to derive back either
		}
		yes := true
		return propertybag.Add(&dst.PropertyBag, noV2Names, &yes)
	}
	// Converting back derives these v2 names again: no need to keep them.
	if equal(first, s.FirstName) && equal(middle, s.MiddleName) && equal(last, s.LastName) {
		for _, name := range [...]string{"FirstName", "MiddleName", "LastName"} {
			dst.PropertyBag.Remove(name)
		}
	}
	return nil
}

// AssignPropertiesFrom derives the v2 names from the v3 names when the
// object did not come from v2 (no v2 name and no marker in its bag).
func (s *PersonSpec) AssignPropertiesFrom(src *v3storage.PersonSpec) error {
	cameFromV2 := false
	for _, name := range [...]string{noV2Names, "FirstName", "MiddleName", "LastName"} {
		cameFromV2 = cameFromV2 || src.PropertyBag.Contains(name)
	}
	s.PropertyBag.Remove(noV2Names)
	if !cameFromV2 {
		s.FirstName, s.MiddleName, s.LastName = splitFullName(src.FullName, src.FamilyName, src.KnownAs)
	}
	// Drop stashed v3 names that converting forward derives again, and
	// list the absent ones that converting forward would invent.
	full, family, knownAs, alphaKey := deriveV3Names(s.FirstName, s.MiddleName, s.LastName)
	var absent []string
	for _, v3 := range [...]struct {
		name           string
		value, derived *string
	}{
		{"FullName", src.FullName, full},
		{"FamilyName", src.FamilyName, family},
		{"KnownAs", src.KnownAs, knownAs},
		{"AlphaKey", src.AlphaKey, alphaKey},
	} {
		if v3.value == nil {
			if v3.derived != nil {
				absent = append(absent, v3.name)
			}
			continue
		}
		// The conversion has stashed v3.value itself: compare it rather
		// than decode the stash.
		if equal(v3.value, v3.derived) {
			s.PropertyBag.Remove(v3.name)
		}
	}
	if absent == nil {
		return nil
	}
	return propertybag.Add(&s.PropertyBag, absentV3Names, &absent)
}

// deriveV3Names: FullName is the names joined by spaces, FamilyName the
// last name, KnownAs the first name, AlphaKey "Last, First". An empty name
// counts as none, as in the API versions, where "" and absent are the same.
func deriveV3Names(first, middle, last *string) (full, family, knownAs, alphaKey *string) {
	first, middle, last = nonEmpty(first), nonEmpty(middle), nonEmpty(last)
	var parts []string
	for _, p := range []*string{first, middle, last} {
		if p != nil {
			parts = append(parts, *p)
		}
	}
	if parts != nil {
		full = ptrTo(strings.Join(parts, " "))
	}
	family, knownAs = clone(last), clone(first)
	switch {
	case last != nil && first != nil:
		alphaKey = ptrTo(*last + ", " + *first)
	case last != nil:
		alphaKey = clone(last)
	case first != nil:
		alphaKey = clone(first)
	}
	return full, family, knownAs, alphaKey
}

// splitFullName splits FullName into v2 names: the last name is
// FamilyName (taken off the end of FullName), the first word the first
// name, the words between the middle name. Without a FullName, the first
// name is KnownAs.
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
	if len(words) > 1 {
		middle = ptrTo(strings.Join(words[1:], " "))
	}
	return &words[0], middle, last
}

func nonEmpty(p *string) *string {
	if p == nil || *p == "" {
		return nil
	}
	return p
}

func ptrTo(s string) *string { return &s }

func clone(p *string) *string {
	if p == nil {
		return nil
	}
	return ptrTo(*p)
}

func equal(a, b *string) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}
