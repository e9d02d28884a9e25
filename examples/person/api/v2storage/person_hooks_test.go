package v2storage

import (
	"strconv"
	"strings"
	"testing"
)

// names are edge cases for v2 and v3 names: none, empty, blank, one and
// several words, separators written otherwise, a family name that ends a
// longer word, unicode white space and letters, and invalid UTF-8.
var names = []string{
	"", " ", "  ", "\t", "Mouse", "Michael", "Mickey", "Michael Theodore Mouse", " Michael  Theodore\tMouse ",
	"Michael Mouse", "MickeyMouse", "Mouse Mouse", "Mo", "use", "a b c d", "a b  c", "Michael Theodore  Thomas Mouse", "a\u00a0b", "\u0085a b\u3000c\u2028",
	"Ünïcødé Ñame", "名 字", "\xffa b\xfe", ", ", "Mouse, Michael",
}

func pointers(values []string) []*string {
	out := []*string{nil}
	for _, v := range values {
		out = append(out, &v)
	}
	return out
}

func show(ps ...*string) string {
	var out []string
	for _, p := range ps {
		if p == nil {
			out = append(out, "nil")
		} else {
			out = append(out, strconv.Quote(*p))
		}
	}
	return strings.Join(out, ", ")
}

// splitBefore is splitFullName as it was written first, with strings.Fields.
func splitBefore(full, family, knownAs *string) (first, middle, last *string) {
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

// splitFullName splits as the first version did, and splitsAs holds exactly
// for what it gives.
func TestSplitFullNameAsBefore(t *testing.T) {
	fulls := append([]string{}, names...)
	// Every arrangement of up to four tokens, for runs of white space of
	// each kind between, before and after words.
	tokens := []string{"a", "Mouse", " ", "\t", "\u00a0", "\u3000", "é", "\xff"}
	var arrange func(prefix string, n int)
	arrange = func(prefix string, n int) {
		fulls = append(fulls, prefix)
		if n == 0 {
			return
		}
		for _, tok := range tokens {
			arrange(prefix+tok, n-1)
		}
	}
	arrange("", 4)
	families := pointers([]string{"", " ", "Mouse", "a", "e Mouse", "\u00a0"})
	knownAses := pointers([]string{"", "Mickey"})
	candidates := pointers([]string{"", "a", "a a", "Theodore"})
	for _, full := range pointers(fulls) {
		for _, family := range families {
			for _, knownAs := range knownAses {
				f1, m1, l1 := splitFullName(full, family, knownAs)
				f0, m0, l0 := splitBefore(full, family, knownAs)
				if !equal(f1, f0) || !equal(m1, m0) || !equal(l1, l0) {
					t.Fatalf("splitFullName(%s) = %s, before %s", show(full, family, knownAs), show(f1, m1, l1), show(f0, m0, l0))
				}
				for _, first := range append(candidates, f0) {
					for _, middle := range append(candidates, m0) {
						for _, last := range []*string{l0, nil, family, candidates[2]} {
							want := equal(first, f0) && equal(middle, m0) && equal(last, l0)
							if got := splitsAs(full, family, knownAs, first, middle, last); got != want {
								t.Fatalf("splitsAs(%s; %s) = %v, splitFullName gives %s", show(full, family, knownAs), show(first, middle, last), got, show(f0, m0, l0))
							}
						}
					}
				}
			}
		}
	}
}

// deriveBefore is deriveV3Names as it was written first, building every name.
func deriveBefore(first, middle, last *string) (fullName, familyName, knownAs, alphaKey *string) {
	first, middle, last = nonEmpty(first), nonEmpty(middle), nonEmpty(last)
	var parts []string
	for _, p := range []*string{first, middle, last} {
		if p != nil {
			parts = append(parts, *p)
		}
	}
	if first != nil || middle != nil || last != nil {
		full := strings.Join(parts, " ")
		fullName = &full
	}
	familyName, knownAs = clone(last), clone(first)
	switch {
	case last != nil && first != nil:
		key := *last + ", " + *first
		alphaKey = &key
	case last != nil:
		alphaKey = clone(last)
	case first != nil:
		alphaKey = clone(first)
	}
	return fullName, familyName, knownAs, alphaKey
}

// A derivation builds what the first version of deriveV3Names did, and is
// holds exactly for the value it builds.
func TestDeriveV3NamesAsBefore(t *testing.T) {
	values := pointers([]string{"", " ", "a", "Mouse", "a b", ", ", "Mouse,", "é"})
	for _, first := range values {
		for _, middle := range values {
			for _, last := range values {
				n := deriveV3Names(first, middle, last)
				full, family, knownAs, alphaKey := deriveBefore(first, middle, last)
				for _, d := range []struct {
					name    string
					derived derivation
					before  *string
				}{
					{"FullName", n.fullName, full},
					{"FamilyName", n.familyName, family},
					{"KnownAs", n.knownAs, knownAs},
					{"AlphaKey", n.alphaKey, alphaKey},
				} {
					if got := d.derived.value(); !equal(got, d.before) {
						t.Fatalf("%s of %s = %s, before %s", d.name, show(first, middle, last), show(got), show(d.before))
					}
					if got := d.derived.some(); got != (d.before != nil) {
						t.Fatalf("%s of %s: some() = %v, before %s", d.name, show(first, middle, last), got, show(d.before))
					}
					candidates := pointers([]string{"", "a", "a ", "a a", "a, a", "Mouse, a", "Mouse a", " a", "a b Mouse", "a  Mouse"})
					if d.before != nil {
						b := *d.before
						candidates = append(candidates, &b, ptr(b+" "), ptr(b+","), ptr(strings.TrimSuffix(b, "a")))
					}
					for _, v := range candidates {
						if got, want := d.derived.is(v), equal(v, d.before); got != want {
							t.Fatalf("%s of %s: is(%s) = %v, derived %s", d.name, show(first, middle, last), show(v), got, show(d.before))
						}
					}
				}
			}
		}
	}
}

func ptr(s string) *string { return &s }
