package semver

import (
	"errors"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"0.0.0", "1.2.3", "v1.2.3", "1.0.0-alpha.1", "1.0.0-0.3.7+build.001",
		"1.0.0-x-y-z.--+21AF26D3----117B344092BD", "18446744073709551615.0.0",
		"", "v", "01.2.3", "1.2", "1.2.3-", "1.2.3+", "1.2.3-01", "1.2.3-a..b",
		"18446744073709551616.0.0", "1.2.3-é",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Parse(%q) error %v does not wrap ErrInvalid", s, err)
			}
			return
		}
		str := v.String()
		// The parser is strict, so only the canonical form, optionally
		// with the leading "v", is accepted.
		if s != str && s != "v"+str {
			t.Fatalf("Parse(%q) accepted a non-canonical form of %q", s, str)
		}
		again, err := Parse(str)
		if err != nil {
			t.Fatalf("Parse(%q) (String of %q) failed: %v", str, s, err)
		}
		if !identical(again, v) {
			t.Fatalf("round trip of %q: got %#v, want %#v", s, again, v)
		}
		if again.String() != str {
			t.Fatalf("String not stable: %q then %q", str, again.String())
		}
		if v.Compare(again) != 0 {
			t.Fatalf("%q does not compare equal to its round trip", s)
		}
	})
}

func FuzzCompare(f *testing.F) {
	f.Add("1.0.0-alpha", "1.0.0-alpha.1")
	f.Add("1.0.0-beta.11", "1.0.0-beta.2")
	f.Add("1.0.0-rc.1", "1.0.0+b")
	f.Add("2.0.0", "10.0.0")
	f.Add("1.0.0-999", "1.0.0-0a")
	f.Fuzz(func(t *testing.T, a, b string) {
		va, errA := Parse(a)
		vb, errB := Parse(b)
		if errA != nil || errB != nil {
			return
		}
		ab, ba := va.Compare(vb), vb.Compare(va)
		if ab != -ba || ab < -1 || ab > 1 {
			t.Fatalf("Compare(%s, %s) = %d but Compare(%s, %s) = %d", a, b, ab, b, a, ba)
		}
		if ab == 0 && (va.Major != vb.Major || va.Minor != vb.Minor || va.Patch != vb.Patch || len(va.Pre) != len(vb.Pre)) {
			t.Fatalf("%s and %s compare equal but differ in precedence fields", a, b)
		}
	})
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"", "*", "1", "1.2", "1.2.3", ">=1.2,<2.0,!=1.5", " >= 1.2 , < v2 ",
		"==1.2.3-rc.1+b", "1.2,", "=>1", "~1.2", ">=*", "1.2-rc",
		"18446744073709551615.18446744073709551615",
	} {
		f.Add(s, "1.2.3")
	}
	f.Fuzz(func(t *testing.T, s, version string) {
		spec, err := ParseSpec(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("ParseSpec(%q) error %v does not wrap ErrInvalid", s, err)
			}
			return
		}
		str := spec.String()
		again, err := ParseSpec(str)
		if err != nil {
			t.Fatalf("ParseSpec(%q) (String of %q) failed: %v", str, s, err)
		}
		if again.String() != str {
			t.Fatalf("String not stable: %q then %q", str, again.String())
		}
		if v, err := Parse(version); err == nil && spec.Matches(v) != again.Matches(v) {
			t.Fatalf("%q and its normalised form %q disagree on %s", s, str, v)
		}
	})
}
