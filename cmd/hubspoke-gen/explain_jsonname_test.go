package main

import (
	"go/types"
	"strings"
	"testing"
)

// TestExplainNamesChangedJSONName: a property of one Go name whose JSON
// name changes (apiextensions' printer column, JSONPath in v1beta1 and
// jsonPath in v1) is copied by its Go name; its row says that the JSON
// name changes, which a client of each version sees.
func TestExplainNamesChangedJSONName(t *testing.T) {
	str := &typeRef{kind: refPointer, elem: &typeRef{kind: refBasic, typ: types.Typ[types.String]}}
	s := &step{hostName: "v1beta1storage", otherName: "v1storage"}
	p := &pair{name: "CustomResourceColumnDefinition"}
	pr := &prop{host: &field{name: "JSONPath", jsonName: "JSONPath", ref: str}, other: &field{name: "JSONPath", jsonName: "jsonPath", ref: str}, action: actCopy}
	r := explainProp(s, p, pr)
	if want := "; JSON name `JSONPath` in v1beta1storage, `jsonPath` in v1storage"; r.action != "copied" || !strings.Contains(r.detail, want) {
		t.Errorf("got %s: %s, want copied with %q", r.action, r.detail, want)
	}
	same := &prop{host: &field{name: "Name", jsonName: "name", ref: str}, other: &field{name: "Name", jsonName: "name", ref: str}, action: actCopy}
	if r := explainProp(s, p, same); strings.Contains(r.detail, "JSON name") {
		t.Errorf("a property whose JSON name stays: %s", r.detail)
	}
}
