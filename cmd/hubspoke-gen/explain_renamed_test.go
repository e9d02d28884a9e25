package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestExplainPlacesOtherSideOnly: a property only the other side of a
// step has is named as that side names it, where that side has it. In a
// port of the Gateway API, v1alpha2's tls (BackendTLSPolicyConfig) is
// v1alpha3's validation (BackendTLSPolicyValidation), which adds
// subjectAltNames: explain listed it as BackendTLSPolicyConfig's, at
// spec.tls.subjectAltNames, where no version has it. Here typerenamed's
// a (Address in v1) is place in v2 (Location), which adds street. The
// paths of observed hooks follow: a value of the host lands at the other
// side's path.
func TestExplainPlacesOtherSideOnly(t *testing.T) {
	api := freshCase(t, "typerenamed", func(dir string, b []byte) []byte {
		if dir == "v2" || dir == "v3" {
			mark := ""
			if dir == "v2" {
				mark = "\t// +hubspoke:renamedFrom=A\n"
			}
			b = bytes.Replace(b, []byte("\tA *Location `json:\"a,omitempty\"`\n"), []byte(mark+"\tPlace *Location `json:\"place,omitempty\"`\n"), 1)
			b = bytes.Replace(b, []byte("type Location struct {\n"), []byte("type Location struct {\n\t// +optional\n\tStreet string `json:\"street,omitempty\"`\n"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, caseOptions("testdata/typerenamed"))
	if err != nil {
		t.Fatal(err)
	}
	s := stepWith(t, out.chain, "v1storage", "Address")
	p := s.byName["Address"]
	p.hookTo, p.hookFrom = true, true
	key := func(to bool) string { return obsKey(s.hostName+" → "+s.otherName, "Address", to) }
	obs := observations{
		key(true):  {{Step: s.hostName + " → " + s.otherName, Type: "Address", To: true, From: "zip", Into: []string{"street"}}},
		key(false): {{Step: s.hostName + " → " + s.otherName, Type: "Address", From: "street", Into: []string{"zip"}}},
	}
	text := explainObserved(out.chain, "markdown", obs, nil)
	_, text, _ = strings.Cut(text, "## v1storage → v2storage\n")
	text, _, _ = strings.Cut(text, "\n## ")
	for _, want := range []string{
		"| `WidgetSpec.A` | `spec.a` | renamed | A in v1storage is Place in v2storage;",
		"| `Address.Zip` | `spec.a.zip` | copied |",
		"| `Location.Street` | `spec.place.street` | recalled | `*string`, not in v1storage; hook: spec.a.zip → spec.place.street |",
		"Observed: Address, towards v2storage: hook: spec.a.zip → spec.place.street.",
		"Observed: Address, back from v2storage: hook: spec.place.street → spec.a.zip.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("explain lacks %q", want)
		}
	}
	// The row stays among its siblings, in the order of the host's paths
	// (spec.a.street before spec.a.zip).
	if !strings.Contains(text, "spec.a.zip → spec.place.street |\n| `Address.Zip` |") {
		t.Errorf("Location.Street is not among the properties of spec.a")
	}
	if t.Failed() {
		t.Logf("explain:\n%s", text)
	}
}
