package main

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// TestRenameRelations: the renames of the Person fixture, with two more in
// the elements of a list and the values of a map, are declared to the
// visibility check at every path they reach, in JSON names.
func TestRenameRelations(t *testing.T) {
	api := freshCase(t, "person", func(dir string, b []byte) []byte {
		if dir == "v3" {
			b = bytes.Replace(b, []byte("\tValue string `json:\"value,omitempty\"`"), []byte("\t// +hubspoke:renamedFrom=Value\n\tText string `json:\"text,omitempty\"`"), 1)
			b = bytes.Replace(b, []byte("\tBalance int64 `json:\"balance,omitempty\"`"), []byte("\t// +hubspoke:renamedFrom=Balance\n\tAmount int64 `json:\"amount,omitempty\"`"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range renameRelations(out.chain, "Person") {
		got = append(got, fmt.Sprintf("%s: %s → %s", r.version.name, r.old, r.new))
	}
	slices.Sort(got)
	want := []string{
		"v3: spec.accounts{*}.balance → spec.accounts{*}.amount",
		"v3: spec.contacts[*].value → spec.contacts[*].text",
		"v3: spec.nickname → spec.knownAs",
	}
	if !slices.Equal(got, want) {
		t.Errorf("relations:\n%v\nwant:\n%v", got, want)
	}
}
