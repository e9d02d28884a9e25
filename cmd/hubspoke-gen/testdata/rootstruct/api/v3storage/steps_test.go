package v3storage_test

import (
	"testing"

	"example.com/fixtures/rootstruct/api/v2"
	"example.com/fixtures/rootstruct/api/v3storage"
)

// Steps has omitempty: an empty list (what JSON gives for "steps": [])
// is absent to a client, and staging it for v2 (which lacks steps) would
// leave an entry in the object's bags that says nothing.
func TestEmptyStepsStageNothing(t *testing.T) {
	hub := &v3storage.Widget{Spec: v3storage.WidgetSpec{Steps: []v3storage.Step{}}}
	var old v2.Widget
	if err := old.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if len(old.Annotations) != 0 || len(old.Status.PropertyBags) != 0 {
		t.Errorf("hub steps: [] → v2: bags %v and %v, want none", old.Annotations, old.Status.PropertyBags)
	}
}
