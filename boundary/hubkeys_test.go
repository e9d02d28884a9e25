package boundary_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A worker of a list that its API version does not key and a newer
// version keys by name (hubspoke-gen's hubKeyedSlice): its transport
// passes Match the path of each element by its name, or "" for one whose
// name is missing or shared, which is to be matched as an element of an
// unkeyed list.
type worker struct {
	Name     string `json:"name"`
	Replicas int    `json:"replicas"`
}

// The generated stash of such a list: by name where given, by index
// otherwise, and every element's fingerprint. Recalled after the client
// reversed the list and changed the named worker: each worker gets its
// own zone, the named one by its name, the others by fingerprint.
func TestMatchNamesAnElementWithoutKeysAsOneOfAnUnkeyedList(t *testing.T) {
	const list = "spec.workers"
	stashed := []worker{{"a", 1}, {"", 2}, {"", 3}}
	paths := []string{list + "[name=a]", list + "[1]", list + "[2]"}
	bags := []propertybag.PropertyBag{{"Zone": `"z-a"`}, {"Zone": `"z-2"`}, {"Zone": `"z-3"`}}
	var c boundary.Carrier
	mark := c.Mark()
	for i := range bags {
		c.Bag(paths[i], &bags[i])
	}
	if err := boundary.Elements(&c, list, mark, stashed); err != nil {
		t.Fatal(err)
	}
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}

	sent := []worker{{"", 3}, {"", 2}, {"a", 10}}
	keyed := []string{"", "", list + "[name=a]"}
	var r boundary.Carrier
	if err := r.Open(meta.Annotations, nil); err != nil {
		t.Fatal(err)
	}
	got := make([]propertybag.PropertyBag, len(sent))
	for r.Next() {
		order := boundary.Match(&r, list, sent, keyed...)
		for j := range sent {
			r.Bag(order.Path(list, j), &got[j])
		}
	}
	if err := r.Done(&metav1.ObjectMeta{}, nil); err != nil {
		t.Fatal(err)
	}
	var zones []string
	for _, b := range got {
		zones = append(zones, b["Zone"])
	}
	if want := []string{`"z-3"`, `"z-2"`, `"z-a"`}; !slices.Equal(zones, want) {
		t.Errorf("zones recalled: got %v, want %v", zones, want)
	}
	if !slices.Equal(keyed, []string{"", "", list + "[name=a]"}) {
		t.Errorf("Match changed the caller's paths: %v", keyed)
	}
}

// Nothing stashed: an element whose path is "" is still named below its
// list (not "", the root's path), and by a path no other element has.
func TestMatchNamesAnElementWithoutKeysBelowItsList(t *testing.T) {
	const list = "spec.workers"
	var r boundary.Carrier
	if err := r.Open(nil, nil); err != nil {
		t.Fatal(err)
	}
	sent := []worker{{"", 1}, {"a", 2}, {"", 3}}
	order := boundary.Match(&r, list, sent, "", list+"[name=a]", "")
	seen := map[string]bool{}
	for j := range sent {
		p := order.Path(list, j)
		if !strings.HasPrefix(p, list+"[") || seen[p] {
			t.Errorf("element %d: path %q", j, p)
		}
		seen[p] = true
	}
}
