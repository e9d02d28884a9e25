package hub

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseVersion(t *testing.T) {
	cases := []struct {
		name      string
		scheme    scheme
		stability stability
		storage   bool
	}{
		{"v1", schemeKube, stable, false},
		{"v12", schemeKube, stable, false},
		{"v2beta1", schemeKube, beta, false},
		{"v1alpha2", schemeKube, alpha, false},
		{"v2beta12", schemeKube, beta, false},
		{"v9", schemeKube, stable, false},
		{"v19beta9", schemeKube, beta, false},
		{"v1beta19891231", schemeKube, beta, false}, // not a date from 1990 on
		{"v19891231", schemeKube, stable, false},    // not a date from 1990 on: a major version
		{"v19900101", schemeARM, stable, false},
		{"v20190909preview", schemeARM, preview, false},
		{"v3alpha10storage", schemeKube, alpha, true},
		{"v1storage", schemeKube, stable, true},
		{"v2beta3storage", schemeKube, beta, true},
		{"2020-01-01", schemeARM, stable, false},
		{"2020-01-01-preview", schemeARM, preview, false},
		{"v20200101", schemeARM, stable, false},
		{"v20200101preview", schemeARM, preview, false},
		{"v20200101storage", schemeARM, stable, true},
		{"v20200101previewstorage", schemeARM, preview, true},
		{"v1api20230101", schemeARM, stable, false},
		{"v1api20230101previewstorage", schemeARM, preview, true},
	}
	for _, c := range cases {
		v, err := ParseVersion(c.name)
		if err != nil {
			t.Errorf("ParseVersion(%q): %v", c.name, err)
			continue
		}
		if v.scheme != c.scheme || v.stability != c.stability || v.IsStorage() != c.storage || v.String() != c.name {
			t.Errorf("ParseVersion(%q) = scheme %d, stability %d, storage %v; want %d, %d, %v",
				c.name, v.scheme, v.stability, v.IsStorage(), c.scheme, c.stability, c.storage)
		}
		if v.isPreview() != (c.stability != stable) {
			t.Errorf("%q isPreview = %v", c.name, v.isPreview())
		}
	}
}

func TestParseVersionErrors(t *testing.T) {
	for _, name := range []string{
		"", "v", "v0", "v0api20200101", "v01", "V1", "v1gamma1", "v1beta", "v1beta0", "v1beta01", "v1betax",
		"2020-13-01", "2020-02-30", "2020-01-01-beta", "20200101", "v20201301x", "v1api2020",
		"v1api20200101rc", "storage", "vstorage", "1.2.3storage", "v1storagestorage", "x1",
		"1.2.3", "v1.2.3", "v1.2.3-rc.1", // semantic versions are package semver's
		"v99999999999999999999999",
		// Azure Service Operator's older naming of ARM API versions: the
		// number is a date, not a Kubernetes beta (2021-06-01 sorted after
		// every ARM version).
		"v1beta20210601", "v1beta20210601storage", "v1alpha20210601", "v2beta19900101",
	} {
		_, err := ParseVersion(name)
		if err == nil {
			t.Errorf("ParseVersion(%q) succeeds", name)
			continue
		}
		if !strings.HasPrefix(err.Error(), `invalid version name "`+name+`": want a Kubernetes version`) {
			t.Errorf("error %q does not quote the input", err)
		}
	}
}

func TestCompareOrdersOldestFirst(t *testing.T) {
	orders := [][]string{
		{"v1alpha1", "v1alpha2", "v1beta1", "v1beta2", "v1beta10", "v1", "v1storage", "v2alpha1", "v2beta1", "v2", "v10"},
		{"2019-12-31", "2020-01-01-preview", "v20200101previewstorage", "2020-01-01", "v20200101storage", "2021-06-01-preview"},
		{"2020-01-01", "v1"}, // across schemes: ARM < Kubernetes
	}
	for _, want := range orders {
		got := slices.Clone(want)
		slices.Reverse(got)
		vs := parseVersions(t, got...)
		slices.SortFunc(vs, Version.Compare)
		for i, v := range vs {
			got[i] = v.String()
		}
		if !slices.Equal(got, want) {
			t.Errorf("sorted %v, want %v", got, want)
		}
	}
	if vs := parseVersions(t, "v20200101", "2020-01-01"); vs[0].Compare(vs[1]) == 0 {
		t.Error("distinct names must not compare equal")
	}
	// An API version comes before its storage twin, however their names
	// sort; a version compares equal to itself only, and the order is
	// antisymmetric.
	vs := parseVersions(t, "v20200101", "v1api20200101storage", "v1", "v1storage", "2020-01-01", "v20200101storage")
	if c := vs[0].Compare(vs[1]); c != -1 {
		t.Errorf("v20200101 against its storage twin v1api20200101storage: %d, want -1", c)
	}
	for _, a := range vs {
		for _, b := range vs {
			if c, r := a.Compare(b), b.Compare(a); c != -r || (c == 0) != (a.String() == b.String()) {
				t.Errorf("%v against %v: %d, and the other way round %d", a, b, c, r)
			}
		}
	}
}

func TestSelectHub(t *testing.T) {
	cases := []struct {
		versions []string
		want     string
	}{
		{[]string{"v1storage", "v2storage", "v3beta1storage"}, "v2storage"},
		{[]string{"v1alpha1", "v1beta2", "v1beta1"}, "v1beta2"},
		{[]string{"2020-01-01", "2021-01-01-preview", "2020-06-01"}, "2020-06-01"},
		{[]string{"2021-01-01-preview", "2020-01-01-preview"}, "2021-01-01-preview"},
		{[]string{"v5storage", "v6alpha1storage", "v4storage"}, "v5storage"},
	}
	for _, c := range cases {
		h, err := SelectHub(parseVersions(t, c.versions...))
		if err != nil || h.String() != c.want {
			t.Errorf("SelectHub(%v) = %v, %v; want %s", c.versions, h, err, c.want)
		}
	}
	if _, err := SelectHub(nil); !errors.Is(err, errNoHub) {
		t.Errorf("SelectHub(nil) = %v", err)
	}
}

// parseVersions parses names the test knows to be valid.
func parseVersions(t *testing.T, names ...string) []Version {
	t.Helper()
	vs := make([]Version, len(names))
	for i, name := range names {
		v, err := ParseVersion(name)
		if err != nil {
			t.Fatal(err)
		}
		vs[i] = v
	}
	return vs
}
