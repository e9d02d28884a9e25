package genruntime

import "strings"

// EnumValues builds the lookup table used by ToEnum, ParseEnum and ConvertEnum:
// a map from strings.ToLower of each member to the member.
//
// Members that differ only in case (say "Foo" and "FOO") cannot share one
// lower-case key. A member that is already lower-case keeps its key.
// Otherwise the first listed member does. Each member that loses the key
// is stored under its exact spelling instead, so an exact match still
// returns it. An input that matches several members only case-insensitively
// ("fOO") returns the member that holds the lower-case key.
func EnumValues[E ~string](values ...E) map[string]E {
	known := make(map[string]E, len(values))
	// Pass 1: members that are their own lower-case key claim it first, so
	// that an exact match on them can never be shadowed.
	for _, v := range values {
		if s := string(v); strings.ToLower(s) == s {
			known[s] = v
		}
	}
	// Pass 2: the others, in order.
	for _, v := range values {
		s := string(v)
		lower := strings.ToLower(s)
		if lower == s {
			continue
		}
		switch cur, taken := known[lower]; {
		case !taken:
			known[lower] = v
		case cur != v:
			known[s] = v
		}
	}
	return known
}

// ParseEnum looks value up in known by the rule in "Enum lookup" in the package
// documentation. It returns the member and true for an exact or case-insensitive
// match, and E(value) and false otherwise. A case-insensitive match returns
// the member's spelling, so string(e) differs from value; see "Enum case and
// round trips" in the package documentation.
func ParseEnum[E ~string](value string, known map[string]E) (E, bool) {
	if e, ok := known[value]; ok && string(e) == value {
		return e, true
	}
	if e, ok := known[strings.ToLower(value)]; ok {
		return e, true
	}
	return E(value), false
}

// ToEnum returns the member of E that value names, using the rule in "Enum lookup" in
// the package documentation. A value that matches no member is returned unchanged
// as E(value), so it is never lost. A value that matches a member only
// case-insensitively is returned in the member's spelling, so its own
// spelling is lost (see "Enum case and round trips"). Use ParseEnum to find
// out whether value was a known member.
func ToEnum[E ~string](value string, known map[string]E) E {
	e, _ := ParseEnum(value, known)
	return e
}

// ConvertEnum converts an enum value of one version's type S into the
// corresponding member of another version's type D. It is
// ToEnum(string(s), known): an unknown value is kept unchanged, and a value
// that matches a member only case-insensitively takes the member's spelling.
func ConvertEnum[D ~string, S ~string](s S, known map[string]D) D {
	return ToEnum(string(s), known)
}

// ToEnumPtr is ToEnum for optional fields: nil gives nil. Otherwise it returns
// a new pointer to ToEnum(*value, known). It is how a storage *string becomes
// an API *E.
func ToEnumPtr[E ~string](value *string, known map[string]E) *E {
	if value == nil {
		return nil
	}
	e := ToEnum(*value, known)
	return &e
}

// ConvertEnumPtr is ConvertEnum for optional fields: nil gives nil. Otherwise
// it returns a new pointer to ConvertEnum(*s, known).
//
// With a nil table it is a plain conversion of the pointed-to type. For
// example, ConvertEnumPtr[string](gender, nil) turns an API *Gender into a
// storage *string.
func ConvertEnumPtr[D ~string, S ~string](s *S, known map[string]D) *D {
	if s == nil {
		return nil
	}
	d := ConvertEnum(*s, known)
	return &d
}
