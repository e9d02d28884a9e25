package reflectbags_test

import (
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
)

type heldInner struct {
	Deep *heldLeaf `json:"deep,omitempty"`
}

type heldLeaf struct {
	X string `json:"x"`
}

type heldEmbedded struct {
	Embedded *heldLeaf `json:"embedded,omitempty"`
}

type heldAPI struct {
	heldEmbedded `json:",inline"`
	Spec         heldInner             `json:"spec"`
	Ptr          *heldInner            `json:"ptr,omitempty"`
	Items        []heldInner           `json:"items,omitempty"`
	ByName       map[string]*heldInner `json:"byName,omitempty"`
	Pair         [2]*heldInner         `json:"pair,omitempty"`
}

// A struct the version holds by value cannot be null there, so the bags
// below it are kept when the twin's pointer is nil; one it holds through a
// pointer can, and a nil one means the client removed it.
func TestHeldByValue(t *testing.T) {
	api := reflect.TypeFor[heldAPI]()
	for path, want := range map[string]bool{
		".":                  true,
		"spec":               true,
		"spec.deep":          false,
		"ptr":                false,
		"ptr.deep":           false,
		"items[0]":           true,
		"items[name=a.b]":    true,
		`items["x]y"].deep`:  false,
		"byName[a]":          false,
		"byName[a].deep":     false,
		"pair[1]":            false, // an array's elements, as a list's
		"pair[1].deep":       false,
		"embedded":           false,
		"nowhere":            true, // no place in the version: kept, as before
		"spec.deep.x.beyond": true,
		"items[unclosed":     true,
	} {
		if got := reflectbags.HeldByValueForTest(api, path); got != want {
			t.Errorf("heldByValue(%q) = %v, want %v", path, got, want)
		}
	}
}
