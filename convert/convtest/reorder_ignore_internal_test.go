package convtest

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The values the reorder check leaves out of its comparison: where two
// bare hubs differ (differingPaths), the same paths of the real hubs are
// ignored, lists compared by index on both comparisons, and the rest is
// compared.

type ignoreInner struct {
	X, Y int
}

type ignoreOuter struct {
	N int
	P *ignoreInner
	M map[string]ignoreInner
	L []ignoreInner
}

func TestIgnoringWhatBareHubsDoNotFollow(t *testing.T) {
	opts := cmpOptions(0)
	for _, c := range []struct {
		name                string
		bareWant, bareAfter ignoreOuter
		want, got           ignoreOuter
		equal               bool
	}{{
		name:  "nothing differs bare: all is compared",
		want:  ignoreOuter{N: 1},
		got:   ignoreOuter{N: 2},
		equal: false,
	}, {
		name:      "a field derived from the index",
		bareWant:  ignoreOuter{L: []ignoreInner{{X: 1}, {X: 0}}},
		bareAfter: ignoreOuter{L: []ignoreInner{{X: 0}, {X: 1}}},
		want:      ignoreOuter{L: []ignoreInner{{X: 1, Y: 5}, {X: 0, Y: 6}}},
		got:       ignoreOuter{L: []ignoreInner{{X: 0, Y: 5}, {X: 1, Y: 6}}},
		equal:     true,
	}, {
		// By index: go-cmp's own pairing would match got's first
		// element with want's second, which differs in nothing but X.
		name:      "beside a field derived from the index, another follows the index",
		bareWant:  ignoreOuter{L: []ignoreInner{{X: 1}, {X: 0}}},
		bareAfter: ignoreOuter{L: []ignoreInner{{X: 0}, {X: 1}}},
		want:      ignoreOuter{L: []ignoreInner{{X: 1, Y: 5}, {X: 0, Y: 6}}},
		got:       ignoreOuter{L: []ignoreInner{{X: 0, Y: 6}, {X: 1, Y: 5}}},
		equal:     false,
	}, {
		name:      "an element present in one bare hub: its index is ignored",
		bareWant:  ignoreOuter{L: []ignoreInner{{}, {}}},
		bareAfter: ignoreOuter{L: []ignoreInner{{}, {}, {}}},
		want:      ignoreOuter{L: []ignoreInner{{}, {}, {X: 1}}},
		got:       ignoreOuter{L: []ignoreInner{{}, {}, {X: 2}}},
		equal:     true,
	}, {
		name:      "an element present in one bare hub: the others are compared",
		bareWant:  ignoreOuter{L: []ignoreInner{{}, {}}},
		bareAfter: ignoreOuter{L: []ignoreInner{{}, {}, {}}},
		want:      ignoreOuter{L: []ignoreInner{{Y: 1}, {}, {}}},
		got:       ignoreOuter{L: []ignoreInner{{Y: 2}, {}, {}}},
		equal:     false,
	}, {
		name:      "a pointer nil in one bare hub: all below it is ignored",
		bareAfter: ignoreOuter{P: &ignoreInner{X: 1}},
		want:      ignoreOuter{P: &ignoreInner{X: 1, Y: 2}},
		got:       ignoreOuter{P: &ignoreInner{X: 3, Y: 4}},
		equal:     true,
	}, {
		name:      "a pointer nil in one bare hub: the rest is compared",
		bareAfter: ignoreOuter{P: &ignoreInner{X: 1}},
		want:      ignoreOuter{N: 1, P: &ignoreInner{}},
		got:       ignoreOuter{N: 2},
		equal:     false,
	}, {
		name:      "a value derived below a pointer nil in one real hub",
		bareWant:  ignoreOuter{P: &ignoreInner{X: 0}},
		bareAfter: ignoreOuter{P: &ignoreInner{X: 1}},
		got:       ignoreOuter{P: &ignoreInner{X: 1}},
		equal:     true,
	}, {
		name:      "beside a value derived below a pointer, another differs",
		bareWant:  ignoreOuter{P: &ignoreInner{X: 0}},
		bareAfter: ignoreOuter{P: &ignoreInner{X: 1}},
		want:      ignoreOuter{P: &ignoreInner{X: 0, Y: 1}},
		got:       ignoreOuter{P: &ignoreInner{X: 1, Y: 2}},
		equal:     false,
	}, {
		name:      "a map key missing in one bare hub: its value is ignored",
		bareWant:  ignoreOuter{M: map[string]ignoreInner{}},
		bareAfter: ignoreOuter{M: map[string]ignoreInner{"a": {}}},
		want:      ignoreOuter{M: map[string]ignoreInner{"a": {X: 1}}},
		got:       ignoreOuter{M: map[string]ignoreInner{}},
		equal:     true,
	}, {
		name:      "a map key missing in one bare hub: the other keys are compared",
		bareWant:  ignoreOuter{M: map[string]ignoreInner{}},
		bareAfter: ignoreOuter{M: map[string]ignoreInner{"a": {}}},
		want:      ignoreOuter{M: map[string]ignoreInner{"a": {X: 1}, "b": {}}},
		got:       ignoreOuter{M: map[string]ignoreInner{"a": {X: 2}, "b": {Y: 1}}},
		equal:     false,
	}} {
		t.Run(c.name, func(t *testing.T) {
			ignored := differingPaths(c.bareWant, c.bareAfter, opts)
			if got := cmp.Equal(c.want, c.got, ignored.options(opts)); got != c.equal {
				t.Errorf("ignoring %q: equal %v, want %v:\n%s", ignored, got, c.equal, cmp.Diff(c.want, c.got, ignored.options(opts)))
			}
		})
	}
}
