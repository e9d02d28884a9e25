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

// TestEditTreeDraws: the edit goes into list elements (of objects and of
// scalars) as well as replacing whole lists, and prefers a value the
// client read unset (half the time, where there is one): a value a
// version cannot say, waiting in a bag, is what a hook may bring back over
// the client's. Mutation testing: an edit that never went into a list, or
// drew unset values no more often than others, survived the other tests.
func TestEditTreeDraws(t *testing.T) {
	draw := func(tree, other string, seed uint64) string {
		var a, b map[string]any
		if err := decodeNumbers([]byte(tree), &a); err != nil {
			t.Fatal(err)
		}
		if err := decodeNumbers([]byte(other), &b); err != nil {
			t.Fatal(err)
		}
		path, _ := editTree(a, b, rand.New(rand.NewPCG(seed, 2)))
		return renderPath(path)
	}
	const seeds = 64
	seen := map[string]int{}
	for seed := range uint64(seeds) {
		seen[draw(`{"spec":{"l":[{"x":1},{"x":2}]}}`, `{"spec":{"l":[{"x":3},{"x":4}]}}`, seed)]++
		seen[draw(`{"spec":{"n":[1,2]}}`, `{"spec":{"n":[3,4]}}`, seed)]++
		seen[draw(`{"spec":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7}}`, `{"spec":{"a":9,"b":9,"c":9,"d":9,"e":9,"f":9,"g":9,"u":1}}`, seed)]++
	}
	for _, want := range []string{"spec.l", "spec.l[0].x", "spec.l[1].x", "spec.n", "spec.n[0]", "spec.n[1]"} {
		if seen[want] == 0 {
			t.Errorf("%d edits, none of %s: %v", seeds, want, seen)
		}
	}
	// One key of eight is unset: drawn at random, an eighth of the time;
	// preferred half the time, more than half.
	if seen["spec.u"] < seeds*3/8 {
		t.Errorf("%d edits set the value read unset %d times, want at least %d: %v", seeds, seen["spec.u"], seeds*3/8, seen)
	}
}
