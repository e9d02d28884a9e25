package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestMovedEnumValues: the generated test draws both ends of a move
// between enum fields (movedenum's keyAlgorithm, rsa or ecdsa, in v1 and
// privateKey.algorithm, RSA or ECDSA, in v2) from the values of both, so
// that hooks mapping the spellings meet, at v2, a value spelled as v1
// spells it (which the way back would map, and a mark must keep), and at
// v1 one spelled as v2 does. Each end drew only its own values before.
func TestMovedEnumValues(t *testing.T) {
	out, err := generate(freshCase(t, "movedenum", nil, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	test := storageTest(out, "v2storage")
	for _, want := range []string{
		`convtest.FieldValues("Algorithm", "ECDSA", "RSA", "ecdsa", "rsa", "unlisted-value", ""),`,
		`convtest.FieldValues("KeyAlgorithm", "ECDSA", "RSA", "ecdsa", "rsa", "unlisted-value", ""),`,
	} {
		if !strings.Contains(test, want) {
			t.Errorf("the generated test lacks\n%s\nin:\n%s", want, test)
		}
	}
}

// TestRemovalNamesMove: a property a version drops without a marker is an
// error under -strict that names the three ways to declare it, the move
// with the path the value had (cert-manager's keySize, at
// privateKey.size from v1beta1 on: the JSON names differ, so no move is
// proposed, and a newcomer who followed "+hubspoke:removed" left the
// value in the bags, where no client of v1beta1 looks).
func TestRemovalNamesMove(t *testing.T) {
	api := freshCase(t, "movedenum", func(dir string, b []byte) []byte {
		if dir == "v2" {
			b = bytes.Replace(b, []byte("\t// +hubspoke:movedFrom=spec.keySize\n"), nil, 1)
		}
		return b
	}, nil)
	_, err := generate(api, options{strict: true})
	want := "v2 CertificateSpec.KeySize: removed without acknowledgement: v1 has it; say so with // +hubspoke:removed=KeySize on CertificateSpec in v2 " +
		"(or removedProperties in the metadata file), or rename it (+hubspoke:renamedFrom), " +
		"or, if its value moved, say where with // +hubspoke:movedFrom=spec.keySize on the property of v2 that holds it now"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("with -strict: error %v\nwant it to say %q", err, want)
	}
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	want = "if its value moved, with // +hubspoke:movedFrom=spec.keySize on the property of v2 that holds it now"
	if !slices.ContainsFunc(out.warnings, func(w string) bool { return strings.Contains(w, want) }) {
		t.Errorf("no warning says %q:\n%s", want, strings.Join(out.warnings, "\n"))
	}
}

// TestMoveProposedByLikeName: a property a version adds near one it
// removes, of its type, under a JSON name that is the other's with the
// name of the struct it enters taken off (cert-manager's v1alpha3
// spec.keySize, v1beta1's spec.privateKey.size) or its plural (v1alpha2's
// spec.organization, v1alpha3's spec.subject.organizations), is proposed
// as a move, as one under the same JSON name is. Only the removal was an
// error, whose first answer, +hubspoke:removed, gave generated tests that
// pass while the value written at the older version stays in a bag, where
// no client of the newer one looks.
func TestMoveProposedByLikeName(t *testing.T) {
	spec := []byte("type CertificateSpec struct {\n")
	api := freshCase(t, "movedenum", func(dir string, b []byte) []byte {
		switch dir {
		case "v1":
			b = bytes.Replace(b, spec, append(spec, []byte("\t// +optional\n\tOrganization []string `json:\"organization,omitempty\"`\n\t// +optional\n\tSubject *Subject `json:\"subject,omitempty\"`\n")...), 1)
			b = append(b, []byte("\n// Subject is the certificate's subject.\ntype Subject struct {\n\t// +optional\n\tCountries []string `json:\"countries,omitempty\"`\n}\n")...)
		case "v2":
			b = bytes.Replace(b, []byte("\t// +hubspoke:movedFrom=spec.keySize\n"), nil, 1)
			b = bytes.Replace(b, spec, append(spec, []byte("\t// +optional\n\tSubject *Subject `json:\"subject,omitempty\"`\n")...), 1)
			b = append(b, []byte("\n// Subject is the certificate's subject.\ntype Subject struct {\n\t// +optional\n\tCountries []string `json:\"countries,omitempty\"`\n\t// +optional\n\tOrganizations []string `json:\"organizations,omitempty\"`\n}\n")...)
		}
		return b
	}, nil)
	_, err := generate(api, options{strict: true})
	if err == nil {
		t.Fatal("generated, want the proposed moves as errors")
	}
	for _, want := range []string{
		"v2 PrivateKey.Size: new in v2 (at spec.privateKey.size), but v1 has a property of its type at spec.keySize, which v2 removes, named like it (keySize is size of privateKey): " +
			"if its value moved, say so with // +hubspoke:movedFrom=spec.keySize on it",
		"v2 Subject.Organizations: new in v2 (at spec.subject.organizations), but v1 has a property of its type at spec.organization, which v2 removes, " +
			"named like it (organization and organizations: a singular and a plural): if its value moved, say so with // +hubspoke:movedFrom=spec.organization on it",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
}
