// Package recursive_test checks that the hidden values of a recursive
// type (a Node holding Nodes in a list, a map and a pointer) travel at
// every depth, and that an element a client of the old version deletes
// takes its hidden values with it.
package recursive_test

import (
	"encoding/json"
	"testing"

	"example.com/fixtures/recursive/api/v1"
	"example.com/fixtures/recursive/api/v2"
	"example.com/fixtures/recursive/api/v2storage"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"
)

// tree is a v2 tree three levels deep whose nodes at every level carry
// what v1 has no field for: a weight and a next node (itself a tree).
func tree() *v2.Tree {
	leaf := func(name string, w int32) v2.Node { return v2.Node{Name: name, Weight: ptr.To(w)} }
	next := &v2.Node{Name: "next", Weight: ptr.To[int32](7), Children: []v2.Node{leaf("next-child", 8)}}
	t := &v2.Tree{Spec: v2.TreeSpec{Root: &v2.Node{
		Name: "root", Weight: ptr.To[int32](1), Next: next,
		Children: []v2.Node{
			{Name: "a", Weight: ptr.To[int32](2), Children: []v2.Node{leaf("a1", 21), leaf("a2", 22)}},
			{Name: "b", Weight: ptr.To[int32](3), Next: &v2.Node{Name: "b-next", Weight: ptr.To[int32](31)}},
			{Name: "c", Weight: ptr.To[int32](4), Named: map[string]v2.Node{"x": leaf("cx", 41)}},
		},
		Named: map[string]v2.Node{"left": {Name: "l", Weight: ptr.To[int32](5), Children: []v2.Node{leaf("l1", 51)}}},
	}}}
	t.Name = "oak"
	return t
}

// toV1 converts t to v1 through the hub and sends it through JSON, as
// the API server does.
func toV1(t *testing.T, in *v2.Tree) *v1.Tree {
	t.Helper()
	hub := &v2storage.Tree{}
	if err := in.DeepCopy().ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	out := &v1.Tree{}
	if err := out.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	back := &v1.Tree{}
	if err := json.Unmarshal(data, back); err != nil {
		t.Fatal(err)
	}
	return back
}

// toV2 converts a v1 tree to v2 through the hub.
func toV2(t *testing.T, in *v1.Tree) *v2.Tree {
	t.Helper()
	hub := &v2storage.Tree{}
	if err := in.DeepCopy().ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	out := &v2.Tree{}
	if err := out.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEveryDepthComesBack(t *testing.T) {
	want := tree()
	old := toV1(t, want)
	if got := old.Spec.Root.Children[0].Children[1].Name; got != "a2" {
		t.Fatalf("at v1, the second grandchild is %q, want a2", got)
	}
	got := toV2(t, old)
	if diff := cmp.Diff(want.Spec, got.Spec); diff != "" {
		t.Errorf("v2 → v1 → v2 (-want +got):\n%s", diff)
	}
}

// A client of v1 renames a grandchild and a map value: the new names
// arrive in the fields, and each node keeps its own weight.
func TestEditsAtV1LandInFields(t *testing.T) {
	old := toV1(t, tree())
	old.Spec.Root.Children[0].Children[0].Name = "a1-renamed"
	l := old.Spec.Root.Named["left"]
	l.Name = "l-renamed"
	old.Spec.Root.Named["left"] = l
	got := toV2(t, old)
	want := tree()
	want.Spec.Root.Children[0].Children[0].Name = "a1-renamed"
	wl := want.Spec.Root.Named["left"]
	wl.Name = "l-renamed"
	want.Spec.Root.Named["left"] = wl
	if diff := cmp.Diff(want.Spec, got.Spec); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// A client of v1 deletes the first child: the others keep their own
// hidden values (b its next node, c its weight), and nothing of a's is
// left anywhere.
func TestDeletedChildTakesItsValues(t *testing.T) {
	old := toV1(t, tree())
	old.Spec.Root.Children = old.Spec.Root.Children[1:]
	got := toV2(t, old)
	want := tree()
	want.Spec.Root.Children = want.Spec.Root.Children[1:]
	if diff := cmp.Diff(want.Spec, got.Spec); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
