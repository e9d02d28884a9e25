package elementmatch

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// stashedOf returns the fingerprints of a stashed list, one letter (or
// word) per element: "a b c".
func stashedOf(list string) map[int]string {
	m := map[int]string{}
	for i, fp := range strings.Fields(list) {
		m[i] = fp
	}
	return m
}

// One case per row of the table in docs/design-unkeyed-lists.md: a list
// stashed as a b c (or as given), what the client sent, and the stashed
// index each element it sent gets. An edited element has a fingerprint no
// stashed element has (a2).
func TestPair(t *testing.T) {
	for _, tc := range []struct {
		name, stashed, sent string
		want                []int
	}{
		{"unchanged", "a b c", "a b c", []int{0, 1, 2}},
		{"swap", "a b c", "b a c", []int{1, 0, 2}},
		{"reverse", "a b c", "c b a", []int{2, 1, 0}},
		{"delete the first", "a b c", "b c", []int{1, 2}},
		{"delete the middle", "a b c", "a c", []int{0, 2}},
		{"delete all", "a b c", "", []int{}},
		{"insert first", "a b c", "x a b c", []int{-1, 0, 1, 2}},
		{"append", "a b c", "a b c d", []int{0, 1, 2, -1}},
		{"edit in place", "a b c", "a2 b c", []int{0, 1, 2}},
		{"edit every one in place", "a b c", "a2 b2 c2", []int{0, 1, 2}},
		{"edit one, append another", "a b c", "a b2 c d", []int{0, 1, 2, -1}},
		{"edit the last, append another", "a b c", "a b c2 d", []int{0, 1, 2, -1}},
		{"edit the only one, append two", "a", "a2 b c", []int{0, -1, -1}},
		{"insert in the middle, edit the last", "a b c", "a b x c2", []int{0, 1, 2, -1}}, // cannot be told from the one before
		{"insert first, edit the first", "a b c", "x a2 b c", []int{-1, -1, 1, 2}},
		{"edit the first, delete the last", "a b c", "a2 b", []int{0, 1}},
		{"edit the second, delete the last", "a b c", "a b2", []int{0, -1}},
		{"insert first, edit a later one", "a b c", "x a b2 c", []int{-1, 0, 1, 2}},
		{"delete the first, edit the last", "a b c", "b c2", []int{1, 2}},
		{"delete the first, edit the second", "a b", "b2", []int{-1}},
		{"delete the first, edit the second of three", "a b c", "b2 c", []int{-1, 2}},
		{"two edits and a deletion", "a b c", "a2 b2", []int{-1, -1}},
		{"move and edit", "a b c", "b a2 c", []int{1, -1, 2}},
		{"move to the end and edit", "a b c", "a c b2", []int{0, 2, -1}},
		{"reverse and edit the middle", "a b c", "c b2 a", []int{2, -1, 0}},
		{"reverse and edit an end", "a b c", "c2 b a", []int{-1, 1, 0}},
		{"equal elements", "a a b", "a a b", []int{0, 1, 2}},
		{"equal elements, one deleted", "a a b", "a b", []int{0, 2}},
		{"equal elements moved (the middle one stays)", "a a b", "b a a", []int{2, 1, 0}},
		{"equal elements moved past a new one", "a a b", "x b a a", []int{-1, 2, 0, 1}},
		{"out of order anchors, one edited between", "a b c d", "b a c2 d", []int{1, 0, 2, 3}},
		{"a stashed list longer than the elements stashed", "a b", "a2 b", []int{0, 1}},
		// The anchors are the longest increasing chain (b c d), not the
		// first anchor found (f, moved to the front): e2 lies between d
		// and the end, beside e.
		{"one moved to the front, the one before it edited", "a b c d e f", "f b c d e2", []int{5, 1, 2, 3, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Pair(stashedOf(tc.stashed), strings.Fields(tc.sent)); !slices.Equal(got, tc.want) {
				t.Errorf("stashed %q, sent %q: got %v, want %v", tc.stashed, tc.sent, got, tc.want)
			}
		})
	}
}

// An element without a fingerprint (it could not be encoded) matches none
// by fingerprint, but is paired where it stands like an edited one.
func TestPairElementWithoutFingerprint(t *testing.T) {
	if got := Pair(stashedOf("a b"), []string{"", "b"}); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("got %v, want [0 1]", got)
	}
	if got := Pair(stashedOf("a b c"), []string{"", "c"}); !slices.Equal(got, []int{-1, 2}) {
		t.Errorf("got %v, want [-1 2]", got)
	}
	// A stashed fingerprint "" (no release writes one: a client may) is
	// no element's: it pairs nothing by fingerprint, at its place or moved.
	if got := Pair(map[int]string{0: "", 1: "a"}, []string{"a", ""}); !slices.Equal(got, []int{1, -1}) {
		t.Errorf("got %v, want [1 -1]", got)
	}
	if got := Pair(map[int]string{0: "", 1: "a", 2: "b"}, []string{"", "b"}); !slices.Equal(got, []int{-1, 2}) {
		t.Errorf("got %v, want [-1 2]", got)
	}
}

// Stashed indexes need not start at 0 nor follow each other (a client may
// write any): they are paired in the order of their values.
func TestPairSparseIndexes(t *testing.T) {
	stashed := map[int]string{3: "a", 7: "b", 1 << 40: "c"}
	if got := Pair(stashed, []string{"a", "b2", "c"}); !slices.Equal(got, []int{3, 7, 1 << 40}) {
		t.Errorf("got %v", got)
	}
	if got := Pair(stashed, []string{"c", "a"}); !slices.Equal(got, []int{1 << 40, 3}) {
		t.Errorf("got %v", got)
	}
}

// A client that only deletes elements and edits some of those left never
// gets one element's values on another, however many it deletes and
// edits: an element is paired with the stashed element it came from, or
// with none. A client that only moves, deletes and inserts elements (all
// of them different) gets every element's values back on it.
func TestPairNeverMisplacesDeletionsBesideEdits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		n := r.IntN(9)
		stashed := map[int]string{}
		for i := range n {
			stashed[i] = string(rune('a' + i))
		}
		// Deletions and edits.
		var sent []string
		var origin []int
		for i := range n {
			switch r.IntN(3) {
			case 0: // deleted
			case 1:
				sent, origin = append(sent, stashed[i]+"2"), append(origin, i)
			default:
				sent, origin = append(sent, stashed[i]), append(origin, i)
			}
		}
		for j, i := range Pair(stashed, sent) {
			if i >= 0 && i != origin[j] {
				t.Fatalf("stashed %v, sent %v: element %d (from %d) got the values of %d", stashed, sent, j, origin[j], i)
			}
			if i < 0 && sent[j] == stashed[origin[j]] {
				t.Fatalf("stashed %v, sent %v: element %d, unchanged, got none", stashed, sent, j)
			}
		}
		// Moves, deletions and insertions.
		sent, origin = sent[:0], origin[:0]
		for _, i := range r.Perm(n) {
			if r.IntN(4) > 0 {
				sent, origin = append(sent, stashed[i]), append(origin, i)
			}
			if r.IntN(4) == 0 {
				sent, origin = append(sent, "new"+string(rune('a'+len(sent)))), append(origin, -1)
			}
		}
		for j, i := range Pair(stashed, sent) {
			if origin[j] >= 0 && i != origin[j] {
				t.Fatalf("stashed %v, sent %v: element %d (from %d) got %d", stashed, sent, j, origin[j], i)
			}
		}
	}
}

// However a client writes the fingerprints (64,000 elements against
// 8,000 made-up fingerprints, all alike, or all different), Pair gives no
// stashed index twice. (That its time stays linear is timed through the
// recall: boundary's TestMatchIsLinearInHostileFingerprints.)
func TestPairHostileFingerprints(t *testing.T) {
	got := make([]string, 64000)
	for j := range got {
		got[j] = "x"
	}
	alike, unlike := map[int]string{}, map[int]string{}
	for i := range 8000 {
		alike[i*8+1] = "x"
		unlike[i*8+1] = "y" + strings.Repeat("z", i%7)
	}
	for _, stashed := range []map[int]string{alike, unlike} {
		at := Pair(stashed, got)
		seen := map[int]bool{}
		for _, i := range at {
			if i >= 0 && seen[i] {
				t.Fatalf("stashed index %d given twice", i)
			}
			seen[i] = true
		}
	}
}
