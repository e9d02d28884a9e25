package hub

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// scheme is the naming scheme a version name follows. Across schemes, ARM
// versions order before Kubernetes versions.
type scheme int

const (
	// schemeARM is an Azure Resource Manager API version: 2020-01-01,
	// 2020-01-01-preview, and its Go package forms v20200101,
	// v20200101preview, v1api20200101.
	schemeARM scheme = iota + 1
	// schemeKube is a Kubernetes API version: v1, v2beta1, v1alpha2.
	schemeKube
)

// stability says how settled a version is. Values order from least to most
// stable.
type stability int

const (
	alpha   stability = iota + 1 // Kubernetes alpha
	beta                         // Kubernetes beta
	preview                      // ARM -preview
	stable                       // anything else
)

// storageSuffix marks the storage twin of an API version.
const storageSuffix = "storage"

// Version is a parsed version name. The zero value is not a valid version;
// build one with ParseVersion.
type Version struct {
	name      string
	scheme    scheme
	stability stability
	storage   bool
	major     uint64 // Kubernetes major version
	minor     uint64 // Kubernetes alpha/beta number
	date      string // ARM date as yyyymmdd
}

// ParseVersion parses a version name:
//
//	v1, v2beta1, v1alpha2                          Kubernetes
//	2020-01-01, 2020-01-01-preview                 ARM API versions
//	v20200101, v20200101preview, v1api20200101     ARM versions as Go package names
//
// Any of the Kubernetes and ARM package forms may carry the suffix
// "storage" (v1storage, v20200101storage, v1api20200101previewstorage): that
// names the storage twin of the API version, which orders together with it.
// A v followed by eight digits that form a date from 1990 on is an ARM
// version; any other number is a Kubernetes major version. An alpha or beta
// number that is such a date makes no version (Azure Service Operator's
// older v1beta20210601, the ARM API version 2021-06-01). The error names
// the input and the forms it may take.
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
	return Version{}, fmt.Errorf("invalid version name %q: want a Kubernetes version (v1, v2beta1), an ARM version (2020-01-01, "+
		"2020-01-01-preview, v20200101, v20200101preview) or the storage twin of either (v1storage, v20200101storage)", name)
}

// parseARM parses 2020-01-01 and 2020-01-01-preview.
func (v *Version) parseARM(s string) bool {
	if v.storage {
		return false
	}
	date, isPreview := strings.CutSuffix(s, "-preview")
	t, err := time.Parse("2006-01-02", date)
	if err != nil || t.Format("2006-01-02") != date {
		return false
	}
	v.scheme, v.date, v.stability = schemeARM, t.Format("20060102"), stable
	if isPreview {
		v.stability = preview
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
		if digits == "0" || !isARMDate(d) { // no major version 0, as for v0
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
	v.scheme, v.major, v.stability = schemeKube, major, stable
	if rest == "" {
		return true
	}
	for _, level := range []struct {
		word string
		s    stability
	}{{"alpha", alpha}, {"beta", beta}} {
		if num, ok := strings.CutPrefix(rest, level.word); ok {
			if num == "" || num != leadingDigits(num) || (len(num) > 1 && num[0] == '0') {
				return false
			}
			minor, err := strconv.ParseUint(num, 10, 64)
			// A number that is a date is Azure Service Operator's older
			// naming of an ARM API version (v1beta20210601 is 2021-06-01),
			// not a Kubernetes beta: taken for one, it would sort after
			// every ARM version, as the newest of the chain.
			if err != nil || minor == 0 || isARMDate(num) {
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
		v.stability = stable
	case "preview":
		v.stability = preview
	default:
		return false
	}
	v.scheme, v.date = schemeARM, date
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

// IsStorage reports whether the version is a storage twin: its name carries
// the suffix "storage".
func (v Version) IsStorage() bool { return v.storage }

// isPreview reports whether the version is alpha, beta or an ARM preview:
// anything that should not become the hub while a stable version exists.
func (v Version) isPreview() bool { return v.stability != stable }

// Compare orders versions from oldest to newest and returns -1, 0 or +1;
// slices.SortFunc(versions, Version.Compare) sorts them.
//
// Within a scheme: Kubernetes versions by major version, then alpha before
// beta before stable, then the alpha/beta number (v1alpha1 < v1beta1 < v1 <
// v2alpha1); ARM versions by date, a preview before the stable version of the
// same date. An API version and its storage twin compare equal except that
// the API version comes first. ARM versions order before Kubernetes
// versions; a resource rarely mixes them, but the order is total so sorting
// is deterministic. Ties are broken by name.
func (v Version) Compare(o Version) int {
	if c := cmp.Compare(v.scheme, o.scheme); c != 0 {
		return c
	}
	var c int
	switch v.scheme {
	case schemeKube:
		c = cmp.Or(cmp.Compare(v.major, o.major), cmp.Compare(v.stability, o.stability), cmp.Compare(v.minor, o.minor))
	case schemeARM:
		c = cmp.Or(strings.Compare(v.date, o.date), cmp.Compare(v.stability, o.stability))
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

// SelectHub returns the version that should be the hub: the newest stable
// version, or the newest preview when there is no stable one. For an empty
// list the error wraps ErrInvalidGraph.
func SelectHub(versions []Version) (Version, error) {
	if len(versions) == 0 {
		return Version{}, fmt.Errorf("%w: no versions to choose the hub from", errNoHub)
	}
	var best, bestPreview Version
	for _, v := range versions {
		if v.isPreview() {
			if bestPreview.scheme == 0 || bestPreview.Compare(v) < 0 {
				bestPreview = v
			}
		} else if best.scheme == 0 || best.Compare(v) < 0 {
			best = v
		}
	}
	if best.scheme != 0 {
		return best, nil
	}
	return bestPreview, nil
}
