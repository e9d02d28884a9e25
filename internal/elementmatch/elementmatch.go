// Package elementmatch pairs the elements of a list without list-map keys,
// as a client of an API version sent it, with the elements stashed when
// the object was last read at that version, by their fingerprints
// (docs/design-unkeyed-lists.md). Package boundary (for generated code)
// and package boundary/reflectbags (for hand-written chains) both use it,
// so that the two name every element alike.
package elementmatch

import (
	"cmp"
	"maps"
	"slices"
)

// Pair returns, for each element the client sent (got holds their
// fingerprints, "" for one that has none), the stashed index whose hidden
// values it gets, or -1 for none. stashed holds the fingerprints of the
// stashed elements by index. The rules, in order:
//
//  1. Same place: element j gets index j when the fingerprint stashed
//     there is its own.
//  2. Moved: among what is left, elements and stashed indexes with equal
//     fingerprints are paired in index order (equal elements first to
//     first).
//  3. Edited: the elements matched so far are anchors. Along a longest
//     chain of them whose stashed indexes increase with their own, the
//     elements left between two neighbouring anchors (or an anchor and an
//     end of the list) are paired, in order, with the stashed indexes left
//     between the same anchors, when there are as many of each: they were
//     edited where they stood. After the last anchor, where there are more
//     elements than stashed indexes left, the first elements are paired
//     with them, in order: edited, and the rest appended. Elsewhere they
//     get none, since which stashed element each one is cannot be told (an
//     element deleted beside one edited): values are lost rather than
//     given to another element.
//  4. Any other element gets none: it is new.
//
// Pair takes time linear in the number of elements and of stashed
// fingerprints, but for sorting the stashed indexes and the chain's
// binary searches, whatever a client wrote in the fingerprints.
func Pair(stashed map[int]string, got []string) []int {
	at := make([]int, len(got))
	taken := make(map[int]bool, len(got))
	for j, fp := range got {
		at[j] = -1
		if s, ok := stashed[j]; ok && fp != "" && s == fp {
			at[j], taken[j] = j, true
		}
	}
	indexes := slices.Sorted(maps.Keys(stashed))
	queues := make(map[string][]int, len(stashed)) // the stashed indexes left of each fingerprint, in order
	for _, i := range indexes {
		if !taken[i] {
			queues[stashed[i]] = append(queues[stashed[i]], i)
		}
	}
	for j, fp := range got {
		if at[j] >= 0 || fp == "" {
			continue
		}
		if q := queues[fp]; len(q) > 0 {
			at[j], taken[q[0]] = q[0], true
			queues[fp] = q[1:]
		}
	}
	pairBetweenAnchors(at, taken, indexes)
	return at
}

// pairBetweenAnchors applies rule 3 to at, the stashed index of each
// element so far (-1 for none), taken, the stashed indexes at holds, and
// indexes, every stashed index in order.
func pairBetweenAnchors(at []int, taken map[int]bool, indexes []int) {
	chain := increasingChain(at)
	next := 0 // the first stashed index not yet passed
	from := 0 // the first element after the previous anchor
	for c := 0; c <= len(chain); c++ {
		to, below := len(at), -1 // the elements before the anchor, the stashed indexes below its own
		if c < len(chain) {
			to, below = chain[c], at[chain[c]]
		}
		var left []int // the stashed indexes left between the anchors
		for ; next < len(indexes) && (below < 0 || indexes[next] < below); next++ {
			if !taken[indexes[next]] { // the anchors' own are taken
				left = append(left, indexes[next])
			}
		}
		var unpaired []int // the elements left between the anchors
		for j := from; j < to; j++ {
			if at[j] < 0 {
				unpaired = append(unpaired, j)
			}
		}
		n := 0 // how many to pair, in order
		switch {
		case len(unpaired) == len(left):
			n = len(left)
		case c == len(chain) && len(unpaired) > len(left):
			// After the last anchor, more elements than stashed ones:
			// read as edits followed by elements appended.
			n = len(left)
		}
		for k, j := range unpaired[:n] {
			at[j], taken[left[k]] = left[k], true
		}
		from = to + 1
	}
}

// increasingChain returns the elements, in order, of a longest chain of
// matched elements (at[j] >= 0) whose stashed indexes increase with their
// own: the earliest such chain to end at each length, as patience sorting
// finds it.
func increasingChain(at []int) []int {
	var tails []int              // tails[k]: the element ending the chain of length k+1 found so far with the lowest stashed index
	prev := make([]int, len(at)) // the element before j in its chain
	for j, i := range at {
		if i < 0 {
			continue
		}
		k, _ := slices.BinarySearchFunc(tails, i, func(t, target int) int { return cmp.Compare(at[t], target) })
		prev[j] = -1
		if k > 0 {
			prev[j] = tails[k-1]
		}
		if k == len(tails) {
			tails = append(tails, j)
		} else {
			tails[k] = j
		}
	}
	chain := make([]int, len(tails))
	for k, j := len(tails)-1, -1; k >= 0; k-- {
		if j < 0 {
			j = tails[len(tails)-1]
		} else {
			j = prev[j]
		}
		chain[k] = j
	}
	return chain
}
