package convtest

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestEditTree: the edit changes a value under spec or status to the other
// object's, or removes it where the other has none, on an object with a
// spec alone too (mutation testing: an edit only where both spec and status
// are present survived), and never edits the status bags.
func TestEditTree(t *testing.T) {
	for _, c := range []struct {
		name, tree, other, want string
		ok                      bool
		after                   string
	}{
		{"spec alone, changed", `{"spec":{"a":1}}`, `{"spec":{"a":2}}`, "spec.a", true, `{"spec":{"a":2}}`},
		{"spec alone, removed", `{"spec":{"a":1}}`, `{"spec":{}}`, "spec.a", true, `{"spec":{}}`},
		{"status alone, changed", `{"status":{"s":"x"}}`, `{"status":{"s":"y"}}`, "status.s", true, `{"status":{"s":"y"}}`},
		{"the same value", `{"spec":{"a":1}}`, `{"spec":{"a":1}}`, "", false, `{"spec":{"a":1}}`},
		{"no spec or status", `{"metadata":{"name":"a"}}`, `{"metadata":{"name":"b"}}`, "", false, `{"metadata":{"name":"a"}}`},
		{"status bags", `{"status":{"$bags":1}}`, `{"status":{"$bags":2}}`, "", false, `{"status":{"$bags":1}}`},
	} {
		for seed := range uint64(8) {
			var tree, other, after map[string]any
			for i, v := range []*map[string]any{&tree, &other, &after} {
				if err := decodeNumbers([]byte([]string{c.tree, c.other, c.after}[i]), v); err != nil {
					t.Fatal(err)
				}
			}
			path, ok := editTree(tree, other, rand.New(rand.NewPCG(seed, 1)))
			got := renderPath(path)
			if got != c.want || ok != c.ok || !reflect.DeepEqual(tree, after) {
				t.Errorf("%s, seed %d: got %q, %v, %v; want %q, %v, %s", c.name, seed, got, ok, tree, c.want, c.ok, c.after)
			}
		}
	}
}
