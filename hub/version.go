package hub

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Scheme is the naming scheme a version name follows.
type Scheme int

// The naming schemes ParseVersion recognises.
const (
	// SchemeARM is an Azure Resource Manager API version: 2020-01-01,
	// 2020-01-01-preview, and its Go package forms v20200101,
	// v20200101preview, v1api20200101.
	SchemeARM Scheme = iota + 1
	// SchemeKube is a Kubernetes API version: v1, v2beta1, v1alpha2.
	SchemeKube
)

// String names the scheme: "arm" or "kube".
func (s Scheme) String() string {
	switch s {
	case SchemeARM:
		return "arm"
	case SchemeKube:
		return "kube"
	}
	return "Scheme(" + strconv.Itoa(int(s)) + ")"
}

// Stability says how settled a version is. Values order from least to most
// stable.
type Stability int

// Stability levels.
const (
	Alpha   Stability = iota + 1 // Kubernetes alpha
	Beta                         // Kubernetes beta
	Preview                      // ARM -preview
	Stable                       // anything else
)

// String names the stability level: "alpha", "beta", "preview" or "stable".
func (s Stability) String() string {
	switch s {
	case Alpha:
		return "alpha"
	case Beta:
		return "beta"
	case Preview:
		return "preview"
	case Stable:
		return "stable"
	}
	return "Stability(" + strconv.Itoa(int(s)) + ")"
}

// storageSuffix marks the storage twin of an API version.
const storageSuffix = "storage"

// ErrInvalidVersion is wrapped by every error ParseVersion returns.
var ErrInvalidVersion = errors.New("invalid version name")

// Version is a parsed version name. The zero value is not a valid version;
// build one with ParseVersion.
type Version struct {
	name      string
	scheme    Scheme
	stability Stability
	storage   bool
	major     uint64 // Kubernetes major version
	minor     uint64 // Kubernetes alpha/beta number
	date      string // ARM date as yyyymmdd
}

// ParseVersion parses a version name in any scheme this package knows:
//
//	v1, v2beta1, v1alpha2                          Kubernetes
//	2020-01-01, 2020-01-01-preview                 ARM API versions
//	v20200101, v20200101preview, v1api20200101     ARM versions as Go package names
//
// Any of the Kubernetes and ARM package forms may carry the suffix
// "storage" (v1storage, v20200101storage, v1api20200101previewstorage): that
// names the storage twin of the API version, which orders together with it.
// A v followed by eight digits that form a date from 1990 on is an ARM
// version; any other number is a Kubernetes major version.
func ParseVersion(name string) (Version, error) {
	v := Version{name: name}
	rest := name
	if base, ok := strings.CutSuffix(rest, storageSuffix); ok && strings.HasPrefix(base, "v") {
		v.storage = true
		rest = base
	}
	if v.parseKubeOrARMPackage(rest) || v.parseARM(rest) {
		return v, nil
	}
	return Version{}, fmt.Errorf("%w %q: want a Kubernetes version (v1, v2beta1), an ARM version (2020-01-01, "+
		"2020-01-01-preview, v20200101, v20200101preview) or the storage twin of either (v1storage, v20200101storage)",
		ErrInvalidVersion, name)
}

// MustParseVersion is ParseVersion for names known to be valid; it panics
// on an invalid name.
func MustParseVersion(name string) Version {
	v, err := ParseVersion(name)
	if err != nil {
		panic(err)
	}
	return v
}

// parseARM parses 2020-01-01 and 2020-01-01-preview.
func (v *Version) parseARM(s string) bool {
	if v.storage {
		return false
	}
	date, preview := strings.CutSuffix(s, "-preview")
	t, err := time.Parse("2006-01-02", date)
	if err != nil || t.Format("2006-01-02") != date {
		return false
	}
	v.scheme, v.date, v.stability = SchemeARM, t.Format("20060102"), Stable
	if preview {
		v.stability = Preview
	}
	return true
}

// parseKubeOrARMPackage parses v1, v2beta1, v20200101, v20200101preview and
// v1api20200101[preview].
func (v *Version) parseKubeOrARMPackage(s string) bool {
	s, ok := strings.CutPrefix(s, "v")
	if !ok {
		return false
	}
	digits := leadingDigits(s)
	if digits == "" || (len(digits) > 1 && digits[0] == '0') {
		return false
	}
	rest := s[len(digits):]
	if after, ok := strings.CutPrefix(rest, "api"); ok { // ASO style: v1api20200101
		d := leadingDigits(after)
		if !isARMDate(d) {
			return false
		}
		return v.setARMPackage(d, after[len(d):])
	}
	if isARMDate(digits) {
		return v.setARMPackage(digits, rest)
	}
	major, err := strconv.ParseUint(digits, 10, 64)
	if err != nil || major == 0 {
		return false
	}
	v.scheme, v.major, v.stability = SchemeKube, major, Stable
	if rest == "" {
		return true
	}
	for _, level := range []struct {
		word string
		s    Stability
	}{{"alpha", Alpha}, {"beta", Beta}} {
		if num, ok := strings.CutPrefix(rest, level.word); ok {
			if num == "" || num != leadingDigits(num) || (len(num) > 1 && num[0] == '0') {
				return false
			}
			minor, err := strconv.ParseUint(num, 10, 64)
			if err != nil || minor == 0 {
				return false
			}
			v.stability, v.minor = level.s, minor
			return true
		}
	}
	return false
}

func (v *Version) setARMPackage(date, rest string) bool {
	switch rest {
	case "":
		v.stability = Stable
	case "preview":
		v.stability = Preview
	default:
		return false
	}
	v.scheme, v.date = SchemeARM, date
	return true
}

func leadingDigits(s string) string {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// isARMDate reports whether s is yyyymmdd, a real date from 1990 on.
func isARMDate(s string) bool {
	if len(s) != 8 {
		return false
	}
	t, err := time.Parse("20060102", s)
	return err == nil && t.Year() >= 1990
}

// String returns the name the version was parsed from.
func (v Version) String() string { return v.name }

// Scheme returns the naming scheme of the version.
func (v Version) Scheme() Scheme { return v.scheme }

// Stability returns how settled the version is.
func (v Version) Stability() Stability { return v.stability }

// IsPreview reports whether the version is alpha, beta or an ARM preview:
// anything that should not become the hub while a stable version exists.
func (v Version) IsPreview() bool { return v.stability != Stable }

// IsStorage reports whether the name carries the storage suffix.
func (v Version) IsStorage() bool { return v.storage }

// Storage returns the storage twin of an API version in the Go package form
// (v1 → v1storage, 2020-01-01-preview → v20200101previewstorage). A storage
// version is returned as it is.
func (v Version) Storage() (Version, error) {
	if v.storage {
		return v, nil
	}
	var pkg string
	switch v.scheme {
	case SchemeKube:
		pkg = v.name
	case SchemeARM:
		if strings.HasPrefix(v.name, "v") {
			pkg = v.name
		} else {
			pkg = "v" + v.date
			if v.stability == Preview {
				pkg += "preview"
			}
		}
	default:
		return Version{}, fmt.Errorf("%w %q: %s versions have no storage twin", ErrInvalidVersion, v.name, v.scheme)
	}
	return ParseVersion(pkg + storageSuffix)
}

// Compare orders versions from oldest to newest and returns -1, 0 or +1.
//
// Within a scheme: Kubernetes versions by major version, then alpha before
// beta before stable, then the alpha/beta number (v1alpha1 < v1beta1 < v1 <
// v2alpha1); ARM versions by date, a preview before the stable version of the
// same date. An API version and its storage twin compare equal except that
// the API version comes first. Across schemes, ARM < Kubernetes; a resource
// rarely mixes them, but the order is total so sorting is deterministic.
// Ties are broken by name.
func (v Version) Compare(o Version) int {
	if c := compareInt(int(v.scheme), int(o.scheme)); c != 0 {
		return c
	}
	var c int
	switch v.scheme {
	case SchemeKube:
		c = compareKube(v, o)
	case SchemeARM:
		c = strings.Compare(v.date, o.date)
		if c == 0 {
			c = compareInt(int(v.stability), int(o.stability))
		}
	}
	if c != 0 {
		return c
	}
	if v.storage != o.storage {
		if v.storage {
			return 1
		}
		return -1
	}
	return strings.Compare(v.name, o.name)
}

func compareKube(v, o Version) int {
	if c := compareUint(v.major, o.major); c != 0 {
		return c
	}
	if c := compareInt(int(v.stability), int(o.stability)); c != 0 {
		return c
	}
	return compareUint(v.minor, o.minor)
}

func compareInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func compareUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Less reports whether v is older than o.
func (v Version) Less(o Version) bool { return v.Compare(o) < 0 }

// SortVersions sorts versions from oldest to newest (see Version.Compare).
func SortVersions(versions []Version) {
	slices.SortFunc(versions, Version.Compare)
}

// ParseVersions parses every name, reporting all invalid names in one error.
func ParseVersions(names ...string) ([]Version, error) {
	result := make([]Version, 0, len(names))
	var errs []error
	for _, n := range names {
		v, err := ParseVersion(n)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		result = append(result, v)
	}
	return result, errors.Join(errs...)
}

// ErrNoVersions is returned by SelectHub for an empty list.
var ErrNoVersions = errors.New("no versions to choose a hub from")

// SelectHub returns the version that should be the hub: the newest stable
// version, or the newest preview when there is no stable one.
func SelectHub(versions []Version) (Version, error) {
	if len(versions) == 0 {
		return Version{}, ErrNoVersions
	}
	var best, bestPreview Version
	for _, v := range versions {
		if v.IsPreview() {
			if bestPreview.scheme == 0 || bestPreview.Less(v) {
				bestPreview = v
			}
		} else if best.scheme == 0 || best.Less(v) {
			best = v
		}
	}
	if best.scheme != 0 {
		return best, nil
	}
	return bestPreview, nil
}
