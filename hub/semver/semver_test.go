package semver

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseValid(t *testing.T) {
	tests := []struct {
		in    string
		want  Version
		canon string // String() of the result
	}{
		{"0.0.0", Version{}, "0.0.0"},
		{"1.2.3", Version{Major: 1, Minor: 2, Patch: 3}, "1.2.3"},
		{"v1.2.3", Version{Major: 1, Minor: 2, Patch: 3}, "1.2.3"},
		{"10.20.30", Version{Major: 10, Minor: 20, Patch: 30}, "10.20.30"},
		{"18446744073709551615.0.18446744073709551615",
			Version{Major: 1<<64 - 1, Patch: 1<<64 - 1}, "18446744073709551615.0.18446744073709551615"},
		{"1.0.0-alpha", Version{Major: 1, Pre: []string{"alpha"}}, "1.0.0-alpha"},
		{"1.0.0-alpha.1", Version{Major: 1, Pre: []string{"alpha", "1"}}, "1.0.0-alpha.1"},
		{"1.0.0-0.3.7", Version{Major: 1, Pre: []string{"0", "3", "7"}}, "1.0.0-0.3.7"},
		{"1.0.0-x.7.z.92", Version{Major: 1, Pre: []string{"x", "7", "z", "92"}}, "1.0.0-x.7.z.92"},
		{"1.0.0-x-y-z.--", Version{Major: 1, Pre: []string{"x-y-z", "--"}}, "1.0.0-x-y-z.--"},
		{"1.0.0-0a", Version{Major: 1, Pre: []string{"0a"}}, "1.0.0-0a"}, // alphanumeric: leading zero allowed
		{"1.0.0-99999999999999999999999", Version{Major: 1, Pre: []string{"99999999999999999999999"}}, "1.0.0-99999999999999999999999"},
		{"1.0.0+20130313144700", Version{Major: 1, Build: []string{"20130313144700"}}, "1.0.0+20130313144700"},
		{"1.0.0-beta+exp.sha.5114f85", Version{Major: 1, Pre: []string{"beta"}, Build: []string{"exp", "sha", "5114f85"}}, "1.0.0-beta+exp.sha.5114f85"},
		{"1.0.0+001", Version{Major: 1, Build: []string{"001"}}, "1.0.0+001"}, // build: leading zeros allowed
		{"1.0.0+21AF26D3----117B344092BD", Version{Major: 1, Build: []string{"21AF26D3----117B344092BD"}}, "1.0.0+21AF26D3----117B344092BD"},
		{"1.2.3-rc-1+build-2", Version{Major: 1, Minor: 2, Patch: 3, Pre: []string{"rc-1"}, Build: []string{"build-2"}}, "1.2.3-rc-1+build-2"},
		{"v0.1.0-rc.1+b", Version{Minor: 1, Pre: []string{"rc", "1"}, Build: []string{"b"}}, "0.1.0-rc.1+b"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", tt.in, err)
			}
			if !identical(got, tt.want) {
				t.Errorf("Parse(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
			if s := got.String(); s != tt.canon {
				t.Errorf("Parse(%q).String() = %q, want %q", tt.in, s, tt.canon)
			}
			again, err := Parse(got.String())
			if err != nil || !identical(again, got) {
				t.Errorf("round trip of %q: got %#v, %v", got.String(), again, err)
			}
		})
	}
}

func TestParseInvalid(t *testing.T) {
	tests := []struct {
		in   string
		want string // substring of the error message, besides the quoted input
	}{
		{"", "empty string"},
		{"v", `nothing follows the leading "v"`},
		{"vv1.2.3", `major version "v1" is not a number`},
		{"V1.2.3", `major version "V1" is not a number`},
		{"1", `core version "1" has 1 dot-separated part; want exactly 3`},
		{"1.2", `core version "1.2" has 2 dot-separated parts`},
		{"1.2.3.4", `core version "1.2.3.4" has 4 dot-separated parts`},
		{"1.2-rc.1", `core version "1.2" has 2 dot-separated parts`},
		{".2.3", "major version is empty"},
		{"1..3", "minor version is empty"},
		{"1.2.", "patch version is empty"},
		{"01.2.3", `major version "01" has a leading zero`},
		{"1.02.3", `minor version "02" has a leading zero`},
		{"1.2.03", `patch version "03" has a leading zero`},
		{"1.2.00", `patch version "00" has a leading zero`},
		{"a.2.3", `major version "a" is not a number: illegal character 'a'`},
		{"1.b.3", `minor version "b" is not a number`},
		{"1.2.c", `patch version "c" is not a number`},
		{"1.2.3a", `patch version "3a" is not a number: illegal character 'a'`},
		{"-1.2.3", "missing major.minor.patch before the pre-release"},
		{"+1.2.3", "missing major.minor.patch before the pre-release or build metadata"},
		{"v-1.2.3", "missing major.minor.patch"},
		{"1.2.x", `patch version "x" is not a number`},
		{"1.2.*", `patch version "*" is not a number`},
		{" 1.2.3", `major version " 1" is not a number: illegal character ' '`},
		{"1.2.3 ", `patch version "3 " is not a number: illegal character ' '`},
		{"1.2.3\n", `illegal character '\n'`},
		{"１.2.3", `major version "１" is not a number`}, // full-width digit
		{"18446744073709551616.0.0", `major version "18446744073709551616" overflows uint64`},
		{"0.99999999999999999999.0", `minor version "99999999999999999999" overflows uint64`},
		{"0.0.18446744073709551616", `patch version "18446744073709551616" overflows uint64`},
		{"1.2.3-", "pre-release is empty"},
		{"1.2.3-+b", "pre-release is empty"},
		{"1.2.3+", "build metadata is empty"},
		{"1.2.3-rc.1+", "build metadata is empty"},
		{"1.2.3-.alpha", `pre-release identifier 1 of ".alpha" is empty`},
		{"1.2.3-alpha.", `pre-release identifier 2 of "alpha." is empty`},
		{"1.2.3-alpha..1", `pre-release identifier 2 of "alpha..1" is empty`},
		{"1.2.3+a..b", `build metadata identifier 2 of "a..b" is empty`},
		{"1.2.3+.a", `build metadata identifier 1 of ".a" is empty`},
		{"1.2.3-01", `numeric pre-release identifier "01" has a leading zero`},
		{"1.2.3-alpha.00", `numeric pre-release identifier "00" has a leading zero`},
		{"1.2.3-alpha_beta", `pre-release identifier "alpha_beta" contains illegal character '_'`},
		{"1.2.3-é", `pre-release identifier "é" contains illegal character 'é'`},
		{"1.2.3-rc 1", `pre-release identifier "rc 1" contains illegal character ' '`},
		{"1.2.3+build!", `build metadata identifier "build!" contains illegal character '!'`},
		{"1.2.3+a+b", `build metadata identifier "a+b" contains illegal character '+'`},
		{"1.2.3-\xff", `pre-release identifier "\xff" contains illegal character (invalid UTF-8 byte 0xff)`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want error", tt.in, got)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, strconv.Quote(tt.in)) {
				t.Errorf("error %q does not name the input %q", msg, tt.in)
			}
			if !strings.Contains(msg, tt.want) {
				t.Errorf("error %q does not contain %q", msg, tt.want)
			}
			if !identical(got, Version{}) {
				t.Errorf("Parse(%q) returned non-zero version %#v with error", tt.in, got)
			}
		})
	}
}

// mustParse is Parse for versions the test knows to be valid.
func mustParse(s string) Version {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

func TestVersionOrdering(t *testing.T) {
	// Each chain is strictly increasing in precedence.
	chains := [][]string{
		// The example from the SemVer 2.0.0 specification, section 11.
		{"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
			"1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"},
		// Core components compare numerically, major first.
		{"0.0.0", "0.0.1", "0.0.2", "0.0.10", "0.1.0", "0.2.0", "0.10.0", "1.0.0", "1.0.1", "1.1.0", "2.0.0", "10.0.0",
			"18446744073709551615.18446744073709551615.18446744073709551615"},
		// A pre-release is below its release but above the previous release.
		{"1.9.9", "2.0.0-0", "2.0.0-alpha", "2.0.0", "2.0.1-0", "2.0.1"},
		// Numeric identifiers compare numerically, even beyond uint64.
		{"1.0.0-2", "1.0.0-10", "1.0.0-99999999999999999999", "1.0.0-100000000000000000000"},
		// Numeric identifiers are lower than alphanumeric ones.
		{"1.0.0-999", "1.0.0-0a", "1.0.0-a"},
		{"1.0.0-rc.999", "1.0.0-rc.a"},
		// Alphanumeric identifiers compare in ASCII order (hyphen < digits < upper < lower).
		{"1.0.0--", "1.0.0-1a", "1.0.0-A", "1.0.0-Z", "1.0.0-a", "1.0.0-alpha", "1.0.0-b"},
		// A longer identifier list wins when the shared prefix is equal.
		{"1.0.0-a", "1.0.0-a.0", "1.0.0-a.0.0", "1.0.0-a.1"},
	}
	for _, chain := range chains {
		vs := make([]Version, len(chain))
		for i, s := range chain {
			vs[i] = mustParse(s)
		}
		for i := range vs {
			for j := range vs {
				want := cmpInt(i, j)
				if got := vs[i].Compare(vs[j]); got != want {
					t.Errorf("Compare(%s, %s) = %d, want %d", vs[i], vs[j], got, want)
				}
			}
		}
		// Sorting a reversed copy restores the chain.
		rev := slices.Clone(vs)
		slices.Reverse(rev)
		slices.SortFunc(rev, Version.Compare)
		for i := range rev {
			if rev[i].String() != chain[i] {
				t.Errorf("sorted chain position %d = %s, want %s", i, rev[i], chain[i])
			}
		}
	}
}

func TestVersionCompareIgnoresBuild(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"1.0.0+a", "1.0.0+b", 0},
		{"1.0.0", "1.0.0+b", 0},
		{"1.0.0-rc.1+x.y", "1.0.0-rc.1+z", 0},
		{"v1.0.0", "1.0.0", 0},
		{"1.0.0+zzz", "1.0.1+aaa", -1},
		{"1.0.0-rc.2+aaa", "1.0.0-rc.1+zzz", 1},
		{"1.0.0+999", "1.0.0-rc.1+0", 1},
	}
	for _, tt := range tests {
		a, b := mustParse(tt.a), mustParse(tt.b)
		if got := a.Compare(b); got != tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := b.Compare(a); got != -tt.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}

func TestVersionHandBuilt(t *testing.T) {
	// Values built by hand (not via Parse) still format and compare
	// sensibly: numeric identifiers with leading zeros compare by value.
	a := Version{Major: 1, Pre: []string{"rc", "007"}}
	b := Version{Major: 1, Pre: []string{"rc", "7"}}
	if a.Compare(b) != 0 {
		t.Errorf("%s and %s should have equal precedence", a, b)
	}
	if got := (Version{Major: 3, Minor: 1, Build: []string{"x"}}).String(); got != "3.1.0+x" {
		t.Errorf("String() = %q", got)
	}
	if got := (Version{}).String(); got != "0.0.0" {
		t.Errorf("zero String() = %q", got)
	}
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// identical reports whether a and b are equal field by field, build metadata
// included, treating nil and empty slices alike.
func identical(a, b Version) bool {
	return a.Major == b.Major && a.Minor == b.Minor && a.Patch == b.Patch &&
		slices.Equal(a.Pre, b.Pre) && slices.Equal(a.Build, b.Build)
}
