package genruntime

import "strings"

// EnumValues builds the lookup table ConvertEnum and ConvertEnumPointer take:
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

// ConvertEnum converts an enum value of one version's type S (or a storage
// version's plain string) into the member of another version's type D that
// it names, by the rule in "Enum lookup" in the package documentation: an
// exact match, else a case-insensitive match, which takes the member's
// spelling (see "Enum case and round trips"), else D(s) unchanged, so that
// a value the version does not know is never lost.
func ConvertEnum[D ~string, S ~string](s S, known map[string]D) D {
	value := string(s)
	if d, ok := known[value]; ok && string(d) == value {
		return d
	}
	if d, ok := known[strings.ToLower(value)]; ok {
		return d
	}
	return D(value)
}

// ConvertEnumPointer is ConvertEnum for optional fields: nil gives nil, and
// anything else a new pointer to ConvertEnum(*s, known). It is how a storage
// *string becomes an API *E:
//
//	dst.Gender = genruntime.ConvertEnumPointer(src.Gender, genderValues)
//
// With a nil table it is a plain conversion of the pointed-to type, as from
// an API *E to a storage *string:
//
//	dst.Gender = genruntime.ConvertEnumPointer[string](src.Gender, nil)
func ConvertEnumPointer[D ~string, S ~string](s *S, known map[string]D) *D {
	if s == nil {
		return nil
	}
	d := ConvertEnum(*s, known)
	return &d
}
