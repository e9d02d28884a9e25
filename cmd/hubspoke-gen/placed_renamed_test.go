package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestPlacedNoteNamesOtherSideOnlyAtItsPath: ingress's v1 renames
// v1beta1's backend defaultBackend and adds its service, which the hooks
// on v1beta1storage.IngressBackend fill from serviceName and servicePort.
// Without ingressTestOptions, the note asking for relations named the
// service at v1beta1's path, spec.backend.service, where no version has
// it: it names it at v1's, spec.defaultBackend.service, as explain does.
func TestPlacedNoteNamesOtherSideOnlyAtItsPath(t *testing.T) {
	undeclared := func(dir string, b []byte) []byte {
		return bytes.ReplaceAll(b, []byte("func ingressTestOptions()"), []byte("func notTheTestOptions()"))
	}
	out, err := generate(freshCase(t, "ingress", undeclared, nil), caseOptions("testdata/ingress"))
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, n := range out.notes {
		if strings.Contains(n, "convtest.Related") {
			notes = append(notes, n)
		}
	}
	want := "Ingress: the hooks of v1beta1storage.IngressBackend may show a value of one version at another place in the other " +
		"(spec.backend.serviceName, spec.backend.servicePort only in v1beta1storage; spec.defaultBackend.service only in v1storage); "
	if len(notes) != 1 || !strings.HasPrefix(notes[0], want) {
		t.Errorf("notes asking for relations:\n%s\nwant one, starting %q", strings.Join(notes, "\n"), want)
	}
}

// TestPlacedNoteFollowsRenamedFieldAndType: typerenamed's a (Address in
// v1) is place in v2 (Location, renamed from Address), which adds street;
// hooks on v1storage.Address move zip to street and back. The note names
// street where v2 has it, spec.place.street, not at v1's spec.a.
func TestPlacedNoteFollowsRenamedFieldAndType(t *testing.T) {
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
	}, map[string]string{"v1storage/address_hooks.go": `package v1storage

import "example.com/fixtures/typerenamed/api/v2storage"

func (a *Address) AssignPropertiesTo(dst *v2storage.Location) error { dst.Street = a.Zip; return nil }

func (a *Address) AssignPropertiesFrom(src *v2storage.Location) error { a.Zip = src.Street; return nil }
`})
	out, err := generate(api, caseOptions("testdata/typerenamed"))
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, n := range out.notes {
		if strings.Contains(n, "convtest.Related") {
			notes = append(notes, n)
		}
	}
	want := "Widget: the hooks of v1storage.Address may show a value of one version at another place in the other (spec.place.street only in v2storage); "
	if len(notes) != 1 || !strings.HasPrefix(notes[0], want) {
		t.Errorf("notes asking for relations:\n%s\nwant one, starting %q", strings.Join(notes, "\n"), want)
	}
}
