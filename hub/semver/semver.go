// Package semver parses and orders Semantic Versioning 2.0.0 versions,
// matches them against requirement specs such as ">=1.2, <2.0" or "1.2", and
// resolves which of the available versions a consumer gets: the one it asked
// for or the latest compatible one ([Resolve]), or the latest one every
// consumer's spec matches ([ResolveAll]).
//
// Parse and ParseSpec return errors that wrap [ErrInvalid]; Resolve and
// ResolveAll return errors that wrap [ErrNoCompatibleVersion]. Every error
// names the input, and a resolution error lists the available versions.
package semver

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrInvalid is wrapped by every error [Parse] and [ParseSpec] return.
var ErrInvalid = errors.New("invalid")

// Version is a Semantic Versioning 2.0.0 version
// (https://semver.org/spec/v2.0.0.html):
// MAJOR.MINOR.PATCH, optionally followed by "-" and dot-separated pre-release
// identifiers, optionally followed by "+" and dot-separated build metadata
// identifiers, as in "1.4.0-rc.1+build.7".
//
// Values returned by [Parse] are valid: Pre and Build are nil when the
// version has no pre-release or build metadata, and otherwise hold the
// identifiers in order, without the separating dots. The zero Version is
// version 0.0.0.
//
// Ordering ([Version.Compare]) follows the SemVer 2.0.0 precedence rules and
// ignores Build, so two versions can have equal precedence while differing
// in build metadata.
type Version struct {
	// Major, Minor and Patch are the three numeric core components.
	Major, Minor, Patch uint64
	// Pre holds the pre-release identifiers, e.g. ["rc", "1"] for "-rc.1".
	Pre []string
	// Build holds the build metadata identifiers, e.g. ["build", "7"] for
	// "+build.7". It takes no part in ordering.
	Build []string
}

// Parse parses a SemVer 2.0.0 version string such as "1.2.3",
// "1.0.0-alpha.1" or "2.0.0-rc.1+build.5".
//
// A single optional leading lowercase "v" is accepted and discarded, so
// "v1.2.3" parses to the same version as "1.2.3"; [Version.String] never
// writes it back. Apart from that the input must be a complete, canonical
// SemVer 2.0.0 version: all three core components must be present and
// decimal without leading zeros and must fit in a uint64; pre-release and
// build identifiers must be non-empty and consist of ASCII letters, digits
// and hyphens; numeric pre-release identifiers must not have leading zeros
// (build identifiers may). Surrounding whitespace is not trimmed.
//
// Errors name the input and what is wrong with it, and wrap [ErrInvalid].
func Parse(s string) (Version, error) {
	v, reason := parse(s)
	if reason != "" {
		return Version{}, fmt.Errorf("semver: %w version %q: %s", ErrInvalid, s, reason)
	}
	return v, nil
}

// parse does the work of Parse. It returns a non-empty
// human-readable reason when s is invalid.
func parse(s string) (Version, string) {
	if s == "" {
		return Version{}, "empty string"
	}
	t := strings.TrimPrefix(s, "v")
	if t == "" {
		return Version{}, `nothing follows the leading "v"`
	}

	rest, build, hasBuild := strings.Cut(t, "+")
	core, pre, hasPre := strings.Cut(rest, "-")

	var v Version
	if core == "" {
		return Version{}, "missing major.minor.patch before the pre-release or build metadata"
	}
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return Version{}, fmt.Sprintf("core version %q has %d dot-separated %s; want exactly 3 (major.minor.patch)",
			core, len(parts), plural(len(parts), "part", "parts"))
	}
	for i, dst := range []*uint64{&v.Major, &v.Minor, &v.Patch} {
		n, reason := parseNumber(componentNames[i], parts[i])
		if reason != "" {
			return Version{}, reason
		}
		*dst = n
	}

	if hasPre {
		ids, reason := parseIdentifiers("pre-release", pre, true)
		if reason != "" {
			return Version{}, reason
		}
		v.Pre = ids
	}
	if hasBuild {
		ids, reason := parseIdentifiers("build metadata", build, false)
		if reason != "" {
			return Version{}, reason
		}
		v.Build = ids
	}
	return v, ""
}

var componentNames = [...]string{"major", "minor", "patch"}

// parseNumber parses one numeric core component; name is "major", "minor"
// or "patch".
func parseNumber(name, s string) (uint64, string) {
	if s == "" {
		return 0, name + " version is empty"
	}
	if bad, ok := firstIllegal(s, func(r rune) bool { return r >= '0' && r <= '9' }); ok {
		return 0, fmt.Sprintf("%s version %q is not a number: illegal character %s", name, s, bad)
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, fmt.Sprintf("%s version %q has a leading zero", name, s)
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		// Only overflow is possible: s is a non-empty string of digits.
		return 0, fmt.Sprintf("%s version %q overflows uint64 (maximum %d)", name, s, uint64(1<<64-1))
	}
	return n, ""
}

// parseIdentifiers splits and validates the dot-separated identifiers of a
// pre-release (strictNumeric: numeric identifiers must not have leading
// zeros) or of build metadata.
func parseIdentifiers(what, s string, strictNumeric bool) ([]string, string) {
	if s == "" {
		return nil, what + " is empty"
	}
	ids := strings.Split(s, ".")
	for i, id := range ids {
		if id == "" {
			return nil, fmt.Sprintf("%s identifier %d of %q is empty", what, i+1, s)
		}
		if bad, ok := firstIllegal(id, isIdentChar); ok {
			return nil, fmt.Sprintf("%s identifier %q contains illegal character %s (allowed: ASCII letters, digits and '-')", what, id, bad)
		}
		if strictNumeric && len(id) > 1 && id[0] == '0' && isNumeric(id) {
			return nil, fmt.Sprintf("numeric %s identifier %q has a leading zero", what, id)
		}
	}
	return ids, ""
}

// firstIllegal describes the first character of s for which legal is false,
// or an invalid UTF-8 byte, if there is one.
func firstIllegal(s string, legal func(rune) bool) (string, bool) {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return fmt.Sprintf("(invalid UTF-8 byte %#x)", s[i]), true
			}
		}
		if !legal(r) {
			return strconv.QuoteRune(r), true
		}
	}
	return "", false
}

func isIdentChar(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-'
}

// isNumeric reports whether id is a non-empty string of ASCII digits.
func isNumeric(id string) bool {
	if id == "" {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// String returns the canonical form of v, "MAJOR.MINOR.PATCH[-PRE][+BUILD]",
// without a leading "v". For a version returned by [Parse],
// Parse(v.String()) returns an identical version, build metadata
// included.
func (v Version) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(v.Major, 10))
	b.WriteByte('.')
	b.WriteString(strconv.FormatUint(v.Minor, 10))
	b.WriteByte('.')
	b.WriteString(strconv.FormatUint(v.Patch, 10))
	if len(v.Pre) > 0 {
		b.WriteByte('-')
		b.WriteString(strings.Join(v.Pre, "."))
	}
	if len(v.Build) > 0 {
		b.WriteByte('+')
		b.WriteString(strings.Join(v.Build, "."))
	}
	return b.String()
}

// Compare returns -1, 0 or +1 as v has lower, equal or higher precedence than
// other, following SemVer 2.0.0 section 11:
//
//   - Major, Minor and Patch are compared numerically, in that order.
//   - A pre-release version has lower precedence than the release with the
//     same core (1.0.0-rc.1 < 1.0.0).
//   - Pre-release identifiers are compared left to right: numeric identifiers
//     numerically, others lexically in ASCII order, and a numeric identifier
//     is lower than a non-numeric one. When all shared identifiers are
//     equal, the version with more identifiers is higher
//     (1.0.0-alpha < 1.0.0-alpha.1).
//   - Build metadata is ignored, so 1.0.0+a and 1.0.0+b compare equal.
//
// This gives, for example, 1.0.0-alpha < 1.0.0-alpha.1 < 1.0.0-alpha.beta <
// 1.0.0-beta < 1.0.0-beta.2 < 1.0.0-beta.11 < 1.0.0-rc.1 < 1.0.0.
func (v Version) Compare(other Version) int {
	if c := cmpUint(v.Major, other.Major); c != 0 {
		return c
	}
	if c := cmpUint(v.Minor, other.Minor); c != 0 {
		return c
	}
	if c := cmpUint(v.Patch, other.Patch); c != 0 {
		return c
	}
	switch {
	case len(v.Pre) == 0 && len(other.Pre) == 0:
		return 0
	case len(v.Pre) == 0:
		return +1 // a release outranks its pre-releases
	case len(other.Pre) == 0:
		return -1
	}
	for i := 0; i < len(v.Pre) && i < len(other.Pre); i++ {
		if c := compareIdentifier(v.Pre[i], other.Pre[i]); c != 0 {
			return c
		}
	}
	return cmpUint(uint64(len(v.Pre)), uint64(len(other.Pre)))
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return +1
	}
	return 0
}

// compareIdentifier compares two pre-release identifiers.
func compareIdentifier(a, b string) int {
	an, bn := isNumeric(a), isNumeric(b)
	switch {
	case an && bn:
		// Compare arbitrarily long numbers without converting them: strip
		// leading zeros (absent from parsed versions, but Version values can
		// be built by hand), then a longer number is larger, and numbers of
		// equal length compare like strings.
		a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
		if c := cmpUint(uint64(len(a)), uint64(len(b))); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	case an:
		return -1 // numeric identifiers are lower than alphanumeric ones
	case bn:
		return +1
	}
	return strings.Compare(a, b)
}
