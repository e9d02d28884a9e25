package transporttest

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// TestEditListsFollowsTheSeed: the client's edits depend on the seed
// alone, not on the order Go walks a map in, so the seed a failure names
// gives the same edits again: lists in the values of a map with many keys,
// edited 20 times from one seed, are edited alike each time.
func TestEditListsFollowsTheSeed(t *testing.T) {
	type item struct {
		Name string `json:"name,omitempty"`
	}
	type obj struct {
		Groups map[string][]item `json:"groups,omitempty"`
	}
	groups := map[string][]item{}
	for _, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		groups[k] = []item{{Name: k + "1"}, {Name: k + "2"}, {Name: k + "3"}}
	}
	var first string
	for i := range 20 {
		v := deepClone(reflect.ValueOf(&obj{Groups: groups}))
		edits := strings.Join(editLists(rand.New(rand.NewSource(1)), v, reflect.TypeFor[obj]()), "; ")
		if i == 0 {
			first = edits
		} else if edits != first {
			t.Fatalf("seed 1 edited\n%s\nthen\n%s", first, edits)
		}
	}
	if first == "" {
		t.Fatal("no edits: the test shows nothing")
	}
}

// TestEditListsNamesKeysAsPaths: an edit below a map names the map's key
// as paths write it (boundary.Key), quoted where it holds a space or a
// control character, so the failure that shows it can be read.
func TestEditListsNamesKeysAsPaths(t *testing.T) {
	type item struct {
		Name string `json:"name,omitempty"`
	}
	type obj struct {
		Groups map[string][]item `json:"groups,omitempty"`
	}
	for seed := int64(1); seed <= 20; seed++ {
		v := reflect.ValueOf(&obj{Groups: map[string][]item{"a b\x00": {{Name: "x"}, {Name: "y"}}}})
		edits := editLists(rand.New(rand.NewSource(seed)), v, reflect.TypeFor[obj]())
		if len(edits) == 0 {
			continue
		}
		if want := `groups["a b\x00"]`; !strings.HasPrefix(edits[0], want) {
			t.Errorf("edit %q, want it to begin with %s", edits[0], want)
		}
		return
	}
	t.Fatal("no edits in 20 seeds: the test shows nothing")
}
