package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRenameProposedWithoutStrict: a property dropped while its type gains
// exactly one property of the same type is, without -strict, a warning
// that proposes the rename marker, as -strict's error does. It proposed
// only +hubspoke:removed, which a new user porting flowcontrol's
// assuredConcurrencyShares (nominalConcurrencyShares in v1beta3) would
// follow, and no generated test then notices that v1beta1's shares never
// reach v1's field.
func TestRenameProposedWithoutStrict(t *testing.T) {
	api := freshCase(t, "prioritylevel", func(dir string, b []byte) []byte {
		if dir == "v1beta3" {
			b = bytes.Replace(b, []byte("\t// +hubspoke:renamedFrom=AssuredConcurrencyShares\n"), nil, 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	w := warningWith(out, "v1beta3 LimitedPriorityLevelConfiguration.AssuredConcurrencyShares: ")
	for _, want := range []string{
		"but adds LimitedPriorityLevelConfiguration.NominalConcurrencyShares, of the same type int32",
		"say so with // +hubspoke:renamedFrom=AssuredConcurrencyShares on LimitedPriorityLevelConfiguration.NominalConcurrencyShares in v1beta3",
		"// +hubspoke:removed=AssuredConcurrencyShares on LimitedPriorityLevelConfiguration",
	} {
		if !strings.Contains(w, want) {
			t.Errorf("the warning does not say %q:\n%s", want, w)
		}
	}
}

// TestRenameProposedByName: of several properties of the dropped one's
// type that a version adds, the one whose name holds the dropped one's is
// proposed. events.k8s.io/v1beta1 renames core/v1 Event's firstTimestamp
// and lastTimestamp, both metav1.Time, deprecatedFirstTimestamp and
// deprecatedLastTimestamp: with two candidates of the type, the error
// under -strict proposed no marker for either.
func TestRenameProposedByName(t *testing.T) {
	api := freshCase(t, "events", func(dir string, b []byte) []byte {
		if dir == "v2beta1" {
			b = bytes.Replace(b, []byte("\t// +hubspoke:renamedFrom=FirstTimestamp\n"), nil, 1)
			b = bytes.Replace(b, []byte("\t// +hubspoke:renamedFrom=LastTimestamp\n"), nil, 1)
		}
		return b
	}, nil)
	_, err := generate(api, options{strict: true})
	if err == nil {
		t.Fatal("generated, want the removals as errors")
	}
	for _, want := range []string{
		"v2beta1 Event.FirstTimestamp: removed without acknowledgement: v1 has it; ",
		"(v2beta1 adds Event.DeprecatedFirstTimestamp, of the same type metav1.Time: if it is FirstTimestamp renamed, say so with // +hubspoke:renamedFrom=FirstTimestamp on it)",
		"(v2beta1 adds Event.DeprecatedLastTimestamp, of the same type metav1.Time: if it is LastTimestamp renamed, say so with // +hubspoke:renamedFrom=LastTimestamp on it)",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
}

// TestRenameProposedByPrefix: of several properties of the dropped one's
// type that a version adds, none of whose names holds the dropped one's,
// the one that begins as the dropped one does is proposed. cert-manager's
// v1beta1 Certificate adds uris and emailAddresses, both []string, for
// v1alpha3's uriSANs and emailSANs: the error under -strict proposed no
// marker, and one who followed its first choice (+hubspoke:removed) got
// generated tests that pass while a SAN written at v1alpha3 never shows at
// v1beta1. Two candidates that begin alike (URIs, URLs for URISANs'
// "U") propose neither.
func TestRenameProposedByPrefix(t *testing.T) {
	spec := []byte("type CertificateSpec struct {\n")
	api := freshCase(t, "movedenum", func(dir string, b []byte) []byte {
		switch dir {
		case "v1":
			b = bytes.Replace(b, spec, append(spec, []byte("\t// +optional\n\tURISANs []string `json:\"uriSANs,omitempty\"`\n\t// +optional\n\tEmailSANs []string `json:\"emailSANs,omitempty\"`\n\t// +optional\n\tIPSANs []string `json:\"ipSANs,omitempty\"`\n")...), 1)
		case "v2":
			b = bytes.Replace(b, spec, append(spec, []byte("\t// +optional\n\tURIs []string `json:\"uris,omitempty\"`\n\t// +optional\n\tEmailAddresses []string `json:\"emailAddresses,omitempty\"`\n\t// +optional\n\tIPv4s []string `json:\"ipv4s,omitempty\"`\n\t// +optional\n\tIPv6s []string `json:\"ipv6s,omitempty\"`\n")...), 1)
		}
		return b
	}, nil)
	_, err := generate(api, options{strict: true})
	if err == nil {
		t.Fatal("generated, want the removals as errors")
	}
	for _, want := range []string{
		"(v2 adds CertificateSpec.URIs, of the same type []string: if it is URISANs renamed, say so with // +hubspoke:renamedFrom=URISANs on it)",
		"(v2 adds CertificateSpec.EmailAddresses, of the same type []string: if it is EmailSANs renamed, say so with // +hubspoke:renamedFrom=EmailSANs on it)",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if line := lineWith(err.Error(), "CertificateSpec.IPSANs: removed"); line == "" || strings.Contains(line, "renamedFrom=IPSANs on it") {
		t.Errorf("the error proposes a rename of IPSANs, which two added properties begin as:\n%s", line)
	}
}

// lineWith returns the line of text that contains s, or "".
func lineWith(text, s string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
