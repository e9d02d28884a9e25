package semver

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseSpecString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"   ", ""},
		{"*", "*"},
		{" * ", "*"},
		{"1", "1"},
		{"v1", "1"},
		{"1.2", "1.2"},
		{"1.2.3", "1.2.3"},
		{"v1.2.3-rc.1+b.7", "1.2.3-rc.1+b.7"},
		{">=1.2,<2.0,!=1.5", ">=1.2, <2.0, !=1.5"},
		{"  >=1.2 ,   <2.0  ,!=1.5  ", ">=1.2, <2.0, !=1.5"},
		{">= 1.2, < v2", ">=1.2, <2"},
		{"==1.2.3", "=1.2.3"},
		{"=1", "=1"},
		{">1,<=3.1.4", ">1, <=3.1.4"},
		{"1.2, *, >=0.0.0-0", "1.2, *, >=0.0.0-0"},
		{"\t1\n", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			spec, err := ParseSpec(tt.in)
			if err != nil {
				t.Fatalf("ParseSpec(%q) error: %v", tt.in, err)
			}
			if got := spec.String(); got != tt.want {
				t.Errorf("ParseSpec(%q).String() = %q, want %q", tt.in, got, tt.want)
			}
			again, err := ParseSpec(spec.String())
			if err != nil || again.String() != spec.String() {
				t.Errorf("reparse of %q: %q, %v", spec.String(), again.String(), err)
			}
		})
	}
}

func TestParseSpecInvalid(t *testing.T) {
	tests := []struct{ in, want string }{
		{",", `item 1 "": empty item`},
		{"1.2,", `item 2 "": empty item`},
		{">=1,,<2", `item 2 "": empty item`},
		{">=", `item 1 ">=": operator ">=" is not followed by a version`},
		{"<  ", `operator "<" is not followed by a version`},
		{">=*", `"*" cannot follow operator ">="`},
		{"=>1.2", `unknown operator "=>"`},
		{"~1.2", `unknown operator "~"`},
		{"^1.2", `unknown operator "^"`},
		{"!1.2", `unknown operator "!"`},
		{"<<1", `unknown operator "<<"`},
		{"===1", `unknown operator "==="`},
		{"1.2.3.4", `version "1.2.3.4" has 4 dot-separated parts; want at most 3`},
		{"1.x", `minor version "x" is not a number`},
		{"1.*", `minor version "*" is not a number`},
		{"x", `major version "x" is not a number`},
		{">=01.2", `major version "01" has a leading zero`},
		{"1.02", `minor version "02" has a leading zero`},
		{"<1.2.03", `patch version "03" has a leading zero`},
		{"1.2-rc.1", `version "1.2-rc.1": pre-release and build metadata need a full major.minor.patch version`},
		{"1+b", `pre-release and build metadata need a full major.minor.patch version`},
		{">=1.2.3-", "pre-release is empty"},
		{"1.2.3-01", `numeric pre-release identifier "01" has a leading zero`},
		{"1.", "minor version is empty"},
		{".1", "major version is empty"},
		{"<-1.2", "major version is empty"},
		{"v", `nothing follows the leading "v"`},
		{">=v", `nothing follows the leading "v"`},
		{"18446744073709551616", "overflows uint64"},
		{"1 2", `major version "1 2" is not a number`},
		{"1.2 || 2.0", `minor version "2 || 2" is not a number: illegal character ' '`},
		{">=1.0 <2.0", `illegal character ' '`},
		{"1.0; 2.0", `illegal character ';'`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			spec, err := ParseSpec(tt.in)
			if err == nil {
				t.Fatalf("ParseSpec(%q) = %q, want error", tt.in, spec)
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
		})
	}
}

// mustParseSpec is ParseSpec for specs the test knows to be valid.
func mustParseSpec(s string) Spec {
	spec, err := ParseSpec(s)
	if err != nil {
		panic(err)
	}
	return spec
}

func TestSpecMatches(t *testing.T) {
	const max = "18446744073709551615"
	tests := []struct {
		spec string
		yes  []string // versions that match spec
		no   []string // versions that do not
	}{
		// The empty spec means 0.0.0 <= v < 1.0.0 (1.0.0's pre-releases excluded).
		{"", []string{"0.0.0", "0.0.1", "0.9.9", "0.1.0+build", "0.9.0-rc.1"},
			[]string{"1.0.0", "1.2.3", "0.0.0-alpha", "2.0.0", "1.0.0-rc.1"}},
		{" ", []string{"0.5.0"}, []string{"1.0.0"}},
		// "*" matches anything, pre-releases included.
		{"*", []string{"0.0.0", "0.0.0-0", "1.2.3", "1.0.0-rc.1+b", max + "." + max + "." + max},
			nil},
		// Bare major: x.0.0 <= v < (x+1).0.0, pre-releases of (x+1).0.0 excluded.
		{"1", []string{"1.0.0", "1.2.3", "1.99.99", "1.0.0+b", "1.5.0-rc.1"},
			[]string{"0.9.9", "1.0.0-rc.1", "2.0.0", "2.0.1", "10.0.0", "2.0.0-rc.1", "2.0.0-0"}},
		{"0", []string{"0.0.0", "0.9.0"}, []string{"1.0.0", "0.0.0-alpha"}},
		{max, []string{max + ".0.0", max + "." + max + "." + max}, []string{"1.0.0", max + ".0.0-rc.1"}},
		// Bare major.minor: x.y.0 <= v < x.(y+1).0.
		{"1.2", []string{"1.2.0", "1.2.9", "1.2.10+b", "1.2.10-alpha"},
			[]string{"1.1.9", "1.2.0-rc.1", "1.3.0", "1.3.0-alpha", "2.2.0", "0.2.0"}},
		{"v0.0", []string{"0.0.0", "0.0.7"}, []string{"0.1.0", "0.0.0-1"}},
		{"1." + max, []string{"1." + max + ".0", "1." + max + "." + max},
			[]string{"1.0.0", "2.0.0-0", "2.0.0", "1." + max + ".0-rc.1"}},
		{max + "." + max, []string{max + "." + max + ".0", max + "." + max + "." + max},
			[]string{max + ".0.0"}},
		// One below the largest minor: the bound is still 1.<max>.0-0.
		{"1.18446744073709551614", []string{"1.18446744073709551614.0", "1.18446744073709551614." + max},
			[]string{"1." + max + ".0", "1." + max + ".0-0", "2.0.0-0"}},
		// Bare full version: exactly that version (build ignored).
		{"1.2.3", []string{"1.2.3", "1.2.3+build.1"}, []string{"1.2.4", "1.2.3-rc.1", "1.2.2"}},
		{"1.2.3-rc.1", []string{"1.2.3-rc.1", "1.2.3-rc.1+b"}, []string{"1.2.3", "1.2.3-rc.2", "1.2.3-rc"}},
		{"1.2.3+b1", []string{"1.2.3+b2", "1.2.3"}, []string{"1.2.4"}},
		// Operators, with partial versions padded with zeros.
		{"=1.2", []string{"1.2.0", "1.2.0+x"}, []string{"1.2.1", "1.2.0-rc.1"}},
		{"==1.2.3", []string{"1.2.3"}, []string{"1.2.4"}},
		{"!=1.5", []string{"1.5.1", "1.4.0", "1.5.0-rc.1"}, []string{"1.5.0", "1.5.0+b"}},
		{">1", []string{"1.0.1", "1.1.0", "2.0.0"}, []string{"1.0.0", "0.9.0", "1.0.0-rc.1"}},
		{">=1.2", []string{"1.2.0", "1.2.1", "5.0.0", "1.3.0-rc.1"}, []string{"1.1.99", "1.2.0-rc.1"}},
		{"<2.0", []string{"1.99.99", "0.0.0", "2.0.0-rc.1"}, []string{"2.0.0", "2.0.1"}},
		{"<2.0.0-0", []string{"1.99.99"}, []string{"2.0.0-0", "2.0.0-rc.1", "2.0.0"}},
		{"<=1.2", []string{"1.2.0", "1.1.0", "1.2.0-rc.1"}, []string{"1.2.1", "1.3.0-0"}},
		{">=1.0.0-beta", []string{"1.0.0-beta", "1.0.0-beta.2", "1.0.0-rc.1", "1.0.0"}, []string{"1.0.0-alpha", "0.9.0"}},
		// Comparator lists: every item must hold.
		{">=1.2,<2.0,!=1.5", []string{"1.2.0", "1.4.9", "1.5.1", "1.99.0"},
			[]string{"1.1.0", "1.5.0", "2.0.0", "0.0.0"}},
		{" >= 1.2 , < 2 ", []string{"1.2.0"}, []string{"2.0.0"}},
		{"1, 1.2", []string{"1.2.0", "1.2.7"}, []string{"1.3.0", "1.1.0"}},
		{"1, 2", nil, []string{"1.5.0", "2.0.0", "1.99.0"}},
		{"1, 2.0.0-rc.1", nil, []string{"2.0.0-rc.1", "2.0.0", "1.0.0"}},
		{"2.0.0-rc.1, <2.0", []string{"2.0.0-rc.1"}, []string{"2.0.0", "1.0.0"}},
		{"*, >=3", []string{"3.0.0"}, []string{"2.0.0"}},
		{">1.0, <1.0", nil, []string{"1.0.0", "0.5.0", "1.5.0"}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			spec := mustParseSpec(tt.spec)
			for _, s := range tt.yes {
				if !spec.Matches(mustParse(s)) {
					t.Errorf("%q should match %s", tt.spec, s)
				}
			}
			for _, s := range tt.no {
				if spec.Matches(mustParse(s)) {
					t.Errorf("%q should not match %s", tt.spec, s)
				}
			}
		})
	}
}

func TestZeroSpecIsEmptySpec(t *testing.T) {
	var zero Spec
	empty := mustParseSpec("")
	for _, s := range []string{"0.0.0", "0.3.1", "1.0.0", "0.0.0-rc.1", "1.0.0-rc.1", "2.0.0"} {
		v := mustParse(s)
		if zero.Matches(v) != empty.Matches(v) {
			t.Errorf("zero Spec and ParseSpec(\"\") disagree on %s", s)
		}
	}
	if zero.String() != "" {
		t.Errorf("zero Spec String() = %q", zero.String())
	}
}

func versions(ss ...string) []Version {
	vs := make([]Version, len(ss))
	for i, s := range ss {
		vs[i] = mustParse(s)
	}
	return vs
}

func TestResolve(t *testing.T) {
	available := versions("1.0.0", "1.2.0", "1.2.5", "1.2.3", "1.4.1", "1.3.0", "2.0.0-rc.1", "2.1.0", "0.9.0")
	tests := []struct {
		name      string
		requested string
		available []Version
		want      string // String() of the result
	}{
		{"exact", "1.2.3", available, "1.2.3"},
		{"exact beats later patch", "1.2.0", available, "1.2.0"},
		{"exact pre-release", "2.0.0-rc.1", available, "2.0.0-rc.1"},
		{"exact with v prefix", "v1.0.0", available, "1.0.0"},
		{"same minor: latest patch", "1.2.4", available, "1.2.5"},
		{"same minor: latest patch, even if lower", "1.2.9", available, "1.2.5"},
		{"same minor: latest patch for a pre-release request", "1.2.3-rc.1", available, "1.2.5"},
		{"same major: latest minor", "1.7.0", available, "1.4.1"},
		{"same major: latest minor, even if lower", "1.1.0", available, "1.4.1"},
		{"same major: release above its pre-release", "2.5.0",
			versions("2.0.0-rc.1", "2.0.0"), "2.0.0"},
		{"same minor picks a later pre-release", "3.1.0",
			versions("3.1.0-rc.1", "3.0.9", "3.1.1-rc.1"), "3.1.1-rc.1"},
		{"major 0 like any other", "0.1.0", available, "0.9.0"},
		{"exact prefers identical build", "1.0.0+b",
			versions("1.0.0+a", "1.0.0+b", "1.0.0+c"), "1.0.0+b"},
		{"exact otherwise the first listed", "1.0.0+z",
			versions("0.1.0", "1.0.0+a", "1.0.0+b"), "1.0.0+a"},
		{"exact, first listed, beats a later patch", "1.0.0+z",
			versions("1.0.0+a", "1.0.0+b", "1.0.1"), "1.0.0+a"},
		{"exact prefers identical, no build", "1.0.0",
			versions("1.0.0+a", "1.0.0"), "1.0.0"},
		{"latest tie goes to the first listed", "1.1.0",
			versions("1.2.0+first", "1.2.0+second"), "1.2.0+first"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := slices.Clone(tt.available)
			got, err := Resolve(mustParse(tt.requested), tt.available)
			if err != nil {
				t.Fatalf("Resolve(%s) error: %v", tt.requested, err)
			}
			if got.String() != tt.want {
				t.Errorf("Resolve(%s) = %s, want %s", tt.requested, got, tt.want)
			}
			if !slices.EqualFunc(before, tt.available, identical) {
				t.Errorf("Resolve modified available: %v", tt.available)
			}
		})
	}
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		name      string
		requested string
		available []Version
		want      string
	}{
		{"no such major", "3.1.0", versions("2.1.0", "1.0.0", "2.0.0"),
			"semver: no compatible version for 3.1.0: none of 3.1.0, 3.1.x or 3.x.x is available; available: 1.0.0, 2.0.0, 2.1.0"},
		{"major 0 is not major 1", "0.1.0", versions("1.0.0"),
			"semver: no compatible version for 0.1.0: none of 0.1.0, 0.1.x or 0.x.x is available; available: 1.0.0"},
		{"nothing available", "1.0.0", nil,
			"semver: no compatible version for 1.0.0: none of 1.0.0, 1.0.x or 1.x.x is available; available: none"},
		{"sorted with pre-releases", "4.0.0", versions("1.0.0", "1.0.0-rc.1", "0.1.0+b"),
			"semver: no compatible version for 4.0.0: none of 4.0.0, 4.0.x or 4.x.x is available; available: 0.1.0+b, 1.0.0-rc.1, 1.0.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Resolve(mustParse(tt.requested), tt.available)
			if err == nil {
				t.Fatalf("Resolve(%s) = %s, want error", tt.requested, got)
			}
			if !errors.Is(err, ErrNoCompatibleVersion) {
				t.Errorf("error %v does not wrap ErrNoCompatibleVersion", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n%s\nwant\n%s", err, tt.want)
			}
		})
	}
}

// TestResolveAllOneSpec: with one spec, ResolveAll is the latest version
// that spec matches.
func TestResolveAllOneSpec(t *testing.T) {
	available := versions("1.0.0", "1.2.0", "1.2.7", "1.5.0", "1.9.0", "2.0.0-rc.1", "2.0.0", "0.3.0", "0.4.0-beta")
	tests := []struct {
		spec string
		want string // "" for an error
	}{
		{"*", "2.0.0"},
		{"", "0.4.0-beta"},
		{"0", "0.4.0-beta"},
		{"1", "1.9.0"}, // "1" excludes the pre-releases of 2.0.0
		{">=1.0.0, <2.0.0-0", "1.9.0"},
		{"1.2", "1.2.7"},
		{"1.2.0", "1.2.0"},
		{">=1.2,<2.0,!=1.5", "2.0.0-rc.1"},
		{">=1.2,<1.9,!=1.5", "1.2.7"},
		{"<1.5", "1.2.7"},
		{">2", ""},
		{"1.3", ""},
		{"=1.2", "1.2.0"},
		{"!=2.0", "2.0.0-rc.1"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			got, err := ResolveAll(specs(tt.spec), available)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("ResolveAll(%q) = %s, want error", tt.spec, got)
				}
				if !errors.Is(err, ErrNoCompatibleVersion) {
					t.Errorf("error %v does not wrap ErrNoCompatibleVersion", err)
				}
				want := "semver: no compatible version for " + strconv.Quote(tt.spec) +
					"; available: 0.3.0, 0.4.0-beta, 1.0.0, 1.2.0, 1.2.7, 1.5.0, 1.9.0, 2.0.0-rc.1, 2.0.0"
				if err.Error() != want {
					t.Errorf("error\n%s\nwant\n%s", err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("ResolveAll(%q) error: %v", tt.spec, err)
			}
			if got.String() != tt.want {
				t.Errorf("ResolveAll(%q) = %s, want %s", tt.spec, got, tt.want)
			}
		})
	}
	t.Run("tie goes to the first listed", func(t *testing.T) {
		got, err := ResolveAll(specs("1"), versions("1.1.0+a", "1.1.0+b", "1.0.0"))
		if err != nil || got.String() != "1.1.0+a" {
			t.Errorf("ResolveAll = %s, %v; want 1.1.0+a", got, err)
		}
	})
}

func specs(ss ...string) []Spec {
	out := make([]Spec, len(ss))
	for i, s := range ss {
		out[i] = mustParseSpec(s)
	}
	return out
}

func TestResolveAll(t *testing.T) {
	available := versions("1.0.0", "1.2.0", "1.2.4", "1.3.1", "2.0.0", "2.1.0-rc.1", "0.5.0")
	tests := []struct {
		name  string
		specs []Spec
		want  string
	}{
		{"minor and major", specs("1.2", "1"), "1.2.4"},
		{"major and minor, either order", specs("1", "1.2"), "1.2.4"},
		{"single spec", specs("1"), "1.3.1"},
		{"no specs: latest available", nil, "2.1.0-rc.1"},
		{"wildcards", specs("*", "*"), "2.1.0-rc.1"},
		{"ranges", specs(">=1.1", "<2", "!=1.3.1"), "1.2.4"},
		{"exact and range", specs("1.2.0", ">=1.0"), "1.2.0"},
		{"empty spec", specs("", "*"), "0.5.0"},
		{"stable only via -0 bound", specs(">=2.0", "<2.1.0-0"), "2.0.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ResolveAll(tt.specs, available)
			if err != nil {
				t.Fatalf("ResolveAll error: %v", err)
			}
			if got.String() != tt.want {
				t.Errorf("ResolveAll = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestResolveAllConflicts(t *testing.T) {
	available := versions("2.0.0", "1.2.4", "3.0.0", "1.2.0", "1.3.1")
	const sorted = "available: 1.2.0, 1.2.4, 1.3.1, 2.0.0, 3.0.0"
	tests := []struct {
		name  string
		specs []Spec
		want  string // the whole error message
	}{
		{
			name:  "disjoint pair",
			specs: specs("1.2", "2"),
			want: `semver: no compatible version for "1.2", "2": "1.2" and "2" match no available version together; ` +
				`"1.2" matches 1.2.0, 1.2.4; "2" matches 2.0.0; ` + sorted,
		},
		{
			name:  "pair among compatible specs",
			specs: specs("*", "1", ">=1.3", "<=1.2.4"),
			want: `semver: no compatible version for "*", "1", ">=1.3", "<=1.2.4": ` +
				`">=1.3" and "<=1.2.4" match no available version together; ` +
				`"*" matches 1.2.0, 1.2.4, 1.3.1, 2.0.0, 3.0.0; "1" matches 1.2.0, 1.2.4, 1.3.1; ` +
				`">=1.3" matches 1.3.1, 2.0.0, 3.0.0; "<=1.2.4" matches 1.2.0, 1.2.4; ` + sorted,
		},
		{
			name:  "unmatchable on its own",
			specs: specs("1", "4"),
			want: `semver: no compatible version for "1", "4": "4" matches no available version; ` +
				`"1" matches 1.2.0, 1.2.4, 1.3.1; "4" matches none; ` + sorted,
		},
		{
			name: "three-way conflict where every pair is compatible",
			// Each pair shares a version, but no version matches all three.
			specs: specs("!=1.2.0, <2", "!=1.2.4, <2", "!=1.3.1, <2"),
			want: `semver: no compatible version for "!=1.2.0, <2", "!=1.2.4, <2", "!=1.3.1, <2": ` +
				`"!=1.2.0, <2", "!=1.2.4, <2", "!=1.3.1, <2" match no available version together; ` +
				`"!=1.2.0, <2" matches 1.2.4, 1.3.1; "!=1.2.4, <2" matches 1.2.0, 1.3.1; ` +
				`"!=1.3.1, <2" matches 1.2.0, 1.2.4; ` + sorted,
		},
		{
			name:  "earliest conflict reported",
			specs: specs("1.2", "2", "3"),
			want: `semver: no compatible version for "1.2", "2", "3": "1.2" and "2" match no available version together; ` +
				`"1.2" matches 1.2.0, 1.2.4; "2" matches 2.0.0; "3" matches 3.0.0; ` + sorted,
		},
		{
			name:  "one spec",
			specs: specs("4"),
			want:  `semver: no compatible version for "4"; ` + sorted,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ResolveAll(tt.specs, available)
			if err == nil {
				t.Fatalf("ResolveAll = %s, want error", got)
			}
			if !errors.Is(err, ErrNoCompatibleVersion) {
				t.Errorf("error %v does not wrap ErrNoCompatibleVersion", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n%s\nwant\n%s", err, tt.want)
			}
		})
	}
}

func TestResolveAllNothingAvailable(t *testing.T) {
	for _, tt := range []struct {
		specs []Spec
		want  string
	}{
		{specs("1", ">=2"), `semver: no compatible version for "1", ">=2"; available: none`},
		{nil, `semver: no compatible version; available: none`},
	} {
		_, err := ResolveAll(tt.specs, []Version{})
		if !errors.Is(err, ErrNoCompatibleVersion) || err.Error() != tt.want {
			t.Errorf("error %v, want %s", err, tt.want)
		}
	}
}

func TestResolveAllDoesNotModifyInputs(t *testing.T) {
	available := versions("3.0.0", "1.0.0", "2.0.0")
	before := slices.Clone(available)
	ss := specs("1", "2")
	_, err := ResolveAll(ss, available)
	if err == nil {
		t.Fatal("want error")
	}
	if !slices.EqualFunc(before, available, identical) {
		t.Errorf("available modified: %v", available)
	}
}
