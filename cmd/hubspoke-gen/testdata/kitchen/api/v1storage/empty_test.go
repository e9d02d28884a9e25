package v1storage_test

import (
	"encoding/json"
	"testing"

	"example.com/fixtures/kitchen/api/v1storage"
	"example.com/fixtures/kitchen/api/v2storage"
)

// Headers and Matrix, which v2 removes, have no omitempty in v1: an empty
// map or slice is not the same object as none, so the step to v2storage
// keeps it in the bag, and it comes back empty, not absent, through JSON.
func TestEmptyRemovedValuesComeBack(t *testing.T) {
	src := v1storage.GadgetSpec{Headers: map[string][]string{}, Matrix: [][]string{}}
	var hub v2storage.GadgetSpec
	if err := src.AssignProperties_To_GadgetSpec(&hub); err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(hub)
	if err != nil {
		t.Fatal(err)
	}
	var stored v2storage.GadgetSpec
	if err := json.Unmarshal(text, &stored); err != nil {
		t.Fatal(err)
	}
	var back v1storage.GadgetSpec
	if err := back.AssignProperties_From_GadgetSpec(&stored); err != nil {
		t.Fatal(err)
	}
	if back.Headers == nil || len(back.Headers) != 0 {
		t.Errorf("empty Headers came back as %#v (hub %s)", back.Headers, text)
	}
	if back.Matrix == nil || len(back.Matrix) != 0 {
		t.Errorf("empty Matrix came back as %#v (hub %s)", back.Matrix, text)
	}
}
