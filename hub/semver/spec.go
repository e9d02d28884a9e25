package semver

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ErrNoCompatibleVersion is wrapped by every error [Resolve] and [ResolveAll]
// return: no available version is compatible with the request.
var ErrNoCompatibleVersion = errors.New("no compatible version")

// Spec is a version requirement, parsed by [ParseSpec], such as "1.2",
// ">=1.2, <2.0, !=1.5" or "*". A version matches a Spec when it matches
// every comma-separated item of it; [Spec.Matches] tests that.
//
// The zero Spec is the empty spec, which is the same as ParseSpec("").
type Spec struct {
	items []specItem
}

// specOp is the operator of one spec item.
type specOp uint8

const (
	opRange specOp = iota // bare (possibly partial) version
	opAny                 // "*"
	opEQ                  // "=" or "=="
	opNE                  // "!="
	opGT                  // ">"
	opGE                  // ">="
	opLT                  // "<"
	opLE                  // "<="
)

var opStrings = map[string]specOp{
	"=": opEQ, "==": opEQ, "!=": opNE,
	">": opGT, ">=": opGE, "<": opLT, "<=": opLE,
}

// specItem is one comma-separated item of a Spec.
type specItem struct {
	op specOp
	// ver is the version written, padded with zeros to three components.
	ver Version
	// parts is how many core components were written: 1, 2 or 3; 0 stands
	// for the empty spec, which behaves like the bare version "0".
	parts int
}

// ParseSpec parses a version requirement.
//
// A spec is a comma-separated list of items, and a version matches the spec
// when it matches every item. Whitespace around items and between an
// operator and its version is ignored. Each item is one of:
//
//   - "*", which every version matches, pre-releases included.
//   - A bare version, possibly partial, which stands for a range:
//     "x" means x.0.0 <= v < (x+1).0.0, "x.y" means x.y.0 <= v < x.(y+1).0,
//     and "x.y.z" (optionally with pre-release and build metadata) means
//     exactly that version. The upper bound of a range excludes the
//     pre-releases of the bound too: "1" does not admit 2.0.0-rc.1.
//   - An operator followed by a version, possibly partial: "=" (or its
//     synonym "=="), "!=", ">", ">=", "<" or "<=". A partial version after
//     an operator is padded with zeros, so ">=1.2" means ">=1.2.0", "<2"
//     means "<2.0.0" and "!=1.5" excludes only 1.5.0.
//
// The empty spec (an empty or all-whitespace string) means
// 0.0.0 <= v < 1.0.0, exactly like the bare version "0".
//
// Versions may carry the optional leading "v" that [Parse] accepts.
// Pre-release and build metadata may only follow a full major.minor.patch
// version. Build metadata is accepted but, as in all precedence
// comparisons, ignored: "=1.0.0+a" matches 1.0.0+b.
//
// Pre-release rule: operator items are evaluated purely by SemVer
// precedence ([Version.Compare]). A pre-release therefore matches them
// exactly when its precedence does: 1.0.0-rc.1 does not match ">=1.0" (it
// is lower than 1.0.0), but 2.0.0-rc.1 does match "<2.0" (it is lower
// than 2.0.0); write "<2.0.0-0" to keep the pre-releases of 2.0.0 out. The
// ranges of bare partial versions do that for you: "1" means
// ">=1.0.0, <2.0.0-0", so a consumer asking for "1" never gets a release
// candidate of 2.
//
// Errors name the input and the offending item, and wrap [ErrInvalid].
func ParseSpec(s string) (Spec, error) {
	if strings.TrimSpace(s) == "" {
		return Spec{}, nil
	}
	raw := strings.Split(s, ",")
	items := make([]specItem, 0, len(raw))
	for i, text := range raw {
		it, reason := parseSpecItem(strings.TrimSpace(text))
		if reason != "" {
			return Spec{}, fmt.Errorf("semver: %w spec %q: item %d %q: %s", ErrInvalid, s, i+1, strings.TrimSpace(text), reason)
		}
		items = append(items, it)
	}
	return Spec{items: items}, nil
}

// parseSpecItem parses one trimmed item of a spec. It returns a non-empty
// reason when text is invalid.
func parseSpecItem(text string) (specItem, string) {
	if text == "" {
		return specItem{}, "empty item"
	}
	if text == "*" {
		return specItem{op: opAny}, ""
	}
	opLen := 0
	for opLen < len(text) && strings.IndexByte("<>=!~^", text[opLen]) >= 0 {
		opLen++
	}
	it := specItem{op: opRange}
	if opLen > 0 {
		op, ok := opStrings[text[:opLen]]
		if !ok {
			return specItem{}, fmt.Sprintf("unknown operator %q (want one of =, ==, !=, >, >=, <, <=)", text[:opLen])
		}
		it.op = op
	}
	rest := strings.TrimSpace(text[opLen:])
	switch {
	case rest == "" && opLen > 0:
		return specItem{}, fmt.Sprintf("operator %q is not followed by a version", text[:opLen])
	case rest == "*":
		return specItem{}, fmt.Sprintf(`"*" cannot follow operator %q; use "*" alone`, text[:opLen])
	}
	v, parts, reason := parsePartial(rest)
	if reason != "" {
		return specItem{}, reason
	}
	it.ver, it.parts = v, parts
	return it, ""
}

// parsePartial parses "x", "x.y" or a full version, each with an optional
// leading "v", and reports how many core components were written.
func parsePartial(s string) (Version, int, string) {
	t := strings.TrimPrefix(s, "v")
	core := t
	if i := strings.IndexAny(t, "-+"); i >= 0 {
		core = t[:i]
	}
	parts := strings.Split(core, ".")
	if len(parts) == 3 {
		v, reason := parse(s)
		return v, 3, reason
	}
	if len(parts) > 3 {
		return Version{}, 0, fmt.Sprintf("version %q has %d dot-separated parts; want at most 3 (major.minor.patch)", s, len(parts))
	}
	if t == "" && s != "" {
		return Version{}, 0, `nothing follows the leading "v"`
	}
	var v Version
	for i, dst := range []*uint64{&v.Major, &v.Minor}[:len(parts)] {
		n, reason := parseNumber(componentNames[i], parts[i])
		if reason != "" {
			return Version{}, 0, reason
		}
		*dst = n
	}
	if len(core) < len(t) {
		return Version{}, 0, fmt.Sprintf("version %q: pre-release and build metadata need a full major.minor.patch version", s)
	}
	return v, len(parts), ""
}

// String returns the spec in normalised form: items separated by ", ", no
// other whitespace, "==" written as "=", and versions without a leading "v"
// but with as many components as were written (so "1.2" stays "1.2", which
// differs in meaning from "1.2.0"). The empty spec is "". Parsing the result
// gives an equivalent spec with the same String.
func (s Spec) String() string {
	var b strings.Builder
	for i, it := range s.items {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(it.String())
	}
	return b.String()
}

func (it specItem) String() string {
	var op string
	switch it.op {
	case opAny:
		return "*"
	case opEQ:
		op = "="
	case opNE:
		op = "!="
	case opGT:
		op = ">"
	case opGE:
		op = ">="
	case opLT:
		op = "<"
	case opLE:
		op = "<="
	}
	switch it.parts {
	case 1:
		return op + strconv.FormatUint(it.ver.Major, 10)
	case 2:
		return op + strconv.FormatUint(it.ver.Major, 10) + "." + strconv.FormatUint(it.ver.Minor, 10)
	}
	return op + it.ver.String()
}

// Matches reports whether v matches every item of s, comparing by SemVer
// precedence as described at [ParseSpec] (build metadata is ignored, and
// pre-releases match exactly when their precedence does).
func (s Spec) Matches(v Version) bool {
	if len(s.items) == 0 {
		return specItem{op: opRange}.matches(v) // empty spec: like "0"
	}
	for _, it := range s.items {
		if !it.matches(v) {
			return false
		}
	}
	return true
}

func (it specItem) matches(v Version) bool {
	c := v.Compare(it.ver)
	switch it.op {
	case opAny:
		return true
	case opEQ:
		return c == 0
	case opNE:
		return c != 0
	case opGT:
		return c > 0
	case opGE:
		return c >= 0
	case opLT:
		return c < 0
	case opLE:
		return c <= 0
	}
	// opRange
	if it.parts == 3 {
		return c == 0
	}
	if c < 0 {
		return false
	}
	upper, bounded := it.upperBound()
	return !bounded || v.Compare(upper) < 0
}

// upperBound returns the exclusive upper bound of a partial bare version,
// or false when the range is unbounded above because the bound would
// overflow uint64.
func (it specItem) upperBound() (Version, bool) {
	const maxUint = 1<<64 - 1
	major, minor := it.ver.Major, it.ver.Minor
	if it.parts == 2 {
		switch {
		case minor < maxUint:
			return Version{Major: major, Minor: minor + 1, Pre: []string{"0"}}, true
		case major < maxUint:
			// x.(2^64).0 is above every x.y.z but below every (x+1).y.z,
			// pre-releases included; (x+1).0.0-0 is the lowest of those.
			return Version{Major: major + 1, Pre: []string{"0"}}, true
		}
		return Version{}, false
	}
	// parts is 1, or 0 for the empty spec (whose version is 0.0.0).
	if major < maxUint {
		return Version{Major: major + 1, Pre: []string{"0"}}, true
	}
	return Version{}, false
}

// Resolve picks the available version to use for a request for version
// requested, by the first of these rules that finds one:
//
//  1. a version with precedence equal to requested (one with identical
//     build metadata if there is one, otherwise the first listed);
//  2. the latest version with the same major and minor version;
//  3. the latest version with the same major version.
//
// "Latest" means highest precedence; when several versions tie, the first
// listed in available wins. Pre-release versions take part like any other,
// by precedence: a request for 1.2.0 may resolve to 1.2.1-rc.1 if that is
// the latest 1.2 version available.
//
// If none of the rules finds a version, the error wraps
// [ErrNoCompatibleVersion] and lists the available versions, sorted.
// available is not modified.
func Resolve(requested Version, available []Version) (Version, error) {
	// Indexes into available of the best candidate for each rule, or -1.
	exact, sameMinor, sameMajor := -1, -1, -1
	later := func(best, i int) int {
		if best < 0 || available[i].Compare(available[best]) > 0 {
			return i
		}
		return best
	}
	for i, v := range available {
		if v.Major != requested.Major {
			continue
		}
		if v.Compare(requested) == 0 {
			if slices.Equal(v.Build, requested.Build) {
				return v, nil
			}
			if exact < 0 {
				exact = i
			}
		}
		if v.Minor == requested.Minor {
			sameMinor = later(sameMinor, i)
		}
		sameMajor = later(sameMajor, i)
	}
	for _, i := range []int{exact, sameMinor, sameMajor} {
		if i >= 0 {
			return available[i], nil
		}
	}
	return Version{}, fmt.Errorf("semver: %w for %s: none of %s, %d.%d.x or %d.x.x is available; available: %s",
		ErrNoCompatibleVersion, requested, requested,
		requested.Major, requested.Minor, requested.Major, listVersions(available))
}

// ResolveAll returns the latest (highest precedence) available version that
// matches every one of specs; when several tie, the first listed in
// available wins. With one spec it is the latest version that spec matches;
// with consumers requiring "1.2" and "1" it is the newest available 1.2.x;
// with no specs it is the latest available version. available is not
// modified.
//
// If no available version matches every spec, the error wraps
// [ErrNoCompatibleVersion] and lists the available versions, sorted. When
// there are several specs it also names a smallest group of them that no
// available version matches together (leaving out any one of the group
// would make the rest matchable) and the versions each spec matches on its
// own.
func ResolveAll(specs []Spec, available []Version) (Version, error) {
	matchesAll := func(v Version) bool {
		for _, s := range specs {
			if !s.Matches(v) {
				return false
			}
		}
		return true
	}
	best, found := Version{}, false
	for _, v := range available {
		if matchesAll(v) && (!found || v.Compare(best) > 0) {
			best, found = v, true
		}
	}
	if found {
		return best, nil
	}
	var b strings.Builder // what follows "no compatible version"
	if len(specs) > 0 {
		b.WriteString(" for " + quoteSpecs(specs, ", "))
	}
	if len(specs) > 1 && len(available) > 0 {
		sorted := sortedVersions(available)
		switch conflict := smallestConflict(specs, sorted); len(conflict) {
		case 1:
			fmt.Fprintf(&b, ": %q matches no available version", conflict[0].String())
		case 2:
			fmt.Fprintf(&b, ": %s match no available version together", quoteSpecs(conflict, " and "))
		default:
			fmt.Fprintf(&b, ": %s match no available version together", quoteSpecs(conflict, ", "))
		}
		for _, s := range specs {
			var matched []Version
			for _, v := range sorted {
				if s.Matches(v) {
					matched = append(matched, v)
				}
			}
			fmt.Fprintf(&b, "; %q matches %s", s.String(), listVersions(matched))
		}
	}
	b.WriteString("; available: " + listVersions(available))
	return Version{}, fmt.Errorf("semver: %w%s", ErrNoCompatibleVersion, b.String())
}

// smallestConflict returns a smallest group of specs that no version in
// available matches together, in the order given: leaving out any one of
// them would make the rest matchable. It holds a single spec when that spec
// matches none of available on its own. specs as a whole must match none of
// available.
func smallestConflict(specs []Spec, available []Version) []Spec {
	matchable := func(group []Spec) bool {
	versions:
		for _, v := range available {
			for _, s := range group {
				if !s.Matches(v) {
					continue versions
				}
			}
			return true
		}
		return false
	}
	// Deletion filter: drop each spec whose removal leaves the rest still
	// unmatchable. What remains is an irreducible conflict. Later specs are
	// tried first, so that a conflict among the earliest ones is the one
	// reported.
	group := slices.Clone(specs)
	for k := len(group) - 1; k >= 0; k-- {
		if without := slices.Delete(slices.Clone(group), k, k+1); !matchable(without) {
			group = without
		}
	}
	return group
}

func quoteSpecs(specs []Spec, sep string) string {
	quoted := make([]string, len(specs))
	for i, s := range specs {
		quoted[i] = strconv.Quote(s.String())
	}
	return strings.Join(quoted, sep)
}

// sortedVersions returns a copy of vs in ascending precedence order, keeping
// the given order among versions of equal precedence.
func sortedVersions(vs []Version) []Version {
	sorted := slices.Clone(vs)
	slices.SortStableFunc(sorted, Version.Compare)
	return sorted
}

// listVersions formats vs, sorted, for an error message.
func listVersions(vs []Version) string {
	if len(vs) == 0 {
		return "none"
	}
	names := make([]string, 0, len(vs))
	for _, v := range sortedVersions(vs) {
		names = append(names, v.String())
	}
	return strings.Join(names, ", ")
}
