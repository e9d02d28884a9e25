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
		scheme    Scheme
		stability Stability
		storage   bool
	}{
		{"v1", SchemeKube, Stable, false},
		{"v12", SchemeKube, Stable, false},
		{"v2beta1", SchemeKube, Beta, false},
		{"v1alpha2", SchemeKube, Alpha, false},
		{"v1storage", SchemeKube, Stable, true},
		{"v2beta3storage", SchemeKube, Beta, true},
		{"2020-01-01", SchemeARM, Stable, false},
		{"2020-01-01-preview", SchemeARM, Preview, false},
		{"v20200101", SchemeARM, Stable, false},
		{"v20200101preview", SchemeARM, Preview, false},
		{"v20200101storage", SchemeARM, Stable, true},
		{"v20200101previewstorage", SchemeARM, Preview, true},
		{"v1api20230101", SchemeARM, Stable, false},
		{"v1api20230101previewstorage", SchemeARM, Preview, true},
	}
	for _, c := range cases {
		v, err := ParseVersion(c.name)
		if err != nil {
			t.Errorf("ParseVersion(%q): %v", c.name, err)
			continue
		}
		if v.Scheme() != c.scheme || v.Stability() != c.stability || v.IsStorage() != c.storage || v.String() != c.name {
			t.Errorf("ParseVersion(%q) = %v/%v/storage=%v, want %v/%v/storage=%v",
				c.name, v.Scheme(), v.Stability(), v.IsStorage(), c.scheme, c.stability, c.storage)
		}
		if v.IsPreview() != (c.stability != Stable) {
			t.Errorf("%q IsPreview = %v", c.name, v.IsPreview())
		}
	}
}

func TestParseVersionErrors(t *testing.T) {
	for _, name := range []string{
		"", "v", "v0", "v01", "V1", "v1gamma1", "v1beta", "v1beta0", "v1beta01", "v1betax",
		"2020-13-01", "2020-02-30", "2020-01-01-beta", "20200101", "v20201301x", "v1api2020",
		"v1api20200101rc", "storage", "vstorage", "1.2.3storage", "v1storagestorage", "x1",
		"1.2.3", "v1.2.3", "v1.2.3-rc.1", // semantic versions are package semver's
		"v99999999999999999999999",
	} {
		_, err := ParseVersion(name)
		if !errors.Is(err, ErrInvalidVersion) {
			t.Errorf("ParseVersion(%q) = %v, want ErrInvalidVersion", name, err)
			continue
		}
		if !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Errorf("error %q does not quote the input", err)
		}
	}
}

func TestCompareOrdersOldestFirst(t *testing.T) {
	orders := [][]string{
		{"v1alpha1", "v1alpha2", "v1beta1", "v1beta2", "v1", "v1storage", "v2alpha1", "v2beta1", "v2", "v10"},
		{"2019-12-31", "2020-01-01-preview", "v20200101previewstorage", "2020-01-01", "v20200101storage", "2021-06-01-preview"},
		{"2020-01-01", "v1"}, // across schemes: ARM < Kubernetes
	}
	for _, want := range orders {
		got := slices.Clone(want)
		slices.Reverse(got)
		vs, err := ParseVersions(got...)
		if err != nil {
			t.Fatal(err)
		}
		SortVersions(vs)
		for i, v := range vs {
			got[i] = v.String()
		}
		if !slices.Equal(got, want) {
			t.Errorf("sorted %v, want %v", got, want)
		}
	}
	if MustParseVersion("v20200101").Compare(MustParseVersion("2020-01-01")) == 0 {
		t.Error("distinct names must not compare equal")
	}
}

func TestStorageTwin(t *testing.T) {
	for in, want := range map[string]string{
		"v1":                 "v1storage",
		"v2beta1":            "v2beta1storage",
		"2020-01-01":         "v20200101storage",
		"2020-01-01-preview": "v20200101previewstorage",
		"v1api20230101":      "v1api20230101storage",
		"v3storage":          "v3storage",
	} {
		s, err := MustParseVersion(in).Storage()
		if err != nil || s.String() != want || !s.IsStorage() {
			t.Errorf("Storage(%q) = %q, %v; want %q", in, s, err, want)
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
		vs, err := ParseVersions(c.versions...)
		if err != nil {
			t.Fatal(err)
		}
		h, err := SelectHub(vs)
		if err != nil || h.String() != c.want {
			t.Errorf("SelectHub(%v) = %v, %v; want %s", c.versions, h, err, c.want)
		}
	}
	if _, err := SelectHub(nil); !errors.Is(err, ErrNoVersions) {
		t.Errorf("SelectHub(nil) = %v", err)
	}
}
