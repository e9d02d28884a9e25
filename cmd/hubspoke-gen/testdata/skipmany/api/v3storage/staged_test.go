package v3storage_test

import (
	"testing"

	"example.com/fixtures/skipmany/api/v3storage"
	"example.com/fixtures/skipmany/api/v4storage"
)

// v4's Tags have no omitempty: an empty list, staged in v3storage's bag on
// the way down from the hub, comes back empty, not absent.
func TestEmptyStagedValueComesBack(t *testing.T) {
	hub := v4storage.WidgetSpec{Tags: []v4storage.Tag{}}
	var v3 v3storage.WidgetSpec
	if err := v3.AssignProperties_From_WidgetSpec(&hub); err != nil {
		t.Fatal(err)
	}
	var back v4storage.WidgetSpec
	if err := v3.AssignProperties_To_WidgetSpec(&back); err != nil {
		t.Fatal(err)
	}
	if back.Tags == nil || len(back.Tags) != 0 {
		t.Errorf("empty Tags came back as %#v (v3storage bag %v)", back.Tags, v3.PropertyBag)
	}
}
