// Package bagpath answers, for the paths of the bags and $twin entries an
// object carries, whether one lies at or below a given path, quickly
// enough to be asked at each of tens of thousands of places: package
// boundary (for generated code) and boundary/reflectbags (for hand-written
// chains) ask it at every nil struct their walks meet.
package bagpath

import (
	"maps"
	"slices"
	"strings"
)

// Sorted returns the keys of a and b (the paths of the bags and of the
// $twin entries), sorted, for AtOrBelow.
func Sorted[A, B any](a map[string]A, b map[string]B) []string {
	paths := make([]string, 0, len(a)+len(b))
	paths = slices.AppendSeq(paths, maps.Keys(a))
	paths = slices.AppendSeq(paths, maps.Keys(b))
	slices.Sort(paths)
	return paths
}

// AtOrBelow reports whether sorted, sorted paths, holds path or a path
// below it: one that continues it with a field (".") or a list element or
// map value ("["). The paths below path with each of the two follow one
// another in sorted order, so binary searches find them, in time
// logarithmic in the number of paths a client wrote (a scan of all of
// them at every nil struct took seconds for thousands of bags).
func AtOrBelow(sorted []string, path string) bool {
	if _, found := slices.BinarySearch(sorted, path); found {
		return true
	}
	for _, below := range [...]string{path + ".", path + "["} {
		if i, _ := slices.BinarySearch(sorted, below); i < len(sorted) && strings.HasPrefix(sorted[i], below) {
			return true
		}
	}
	return false
}

// IndexedBelow reports whether sorted, sorted paths, holds a path below an
// element of the list at path list named by its index: one that continues
// list with "[" and a digit. The paths that do follow one another in
// sorted order, so one binary search finds the first of them.
func IndexedBelow(sorted []string, list string) bool {
	i, _ := slices.BinarySearchFunc(sorted, list, func(p, list string) int { return compareJoined(p, list, "[0") })
	if i == len(sorted) {
		return false
	}
	p := sorted[i]
	return len(p) > len(list)+1 && strings.HasPrefix(p, list) && p[len(list)] == '[' && '0' <= p[len(list)+1] && p[len(list)+1] <= '9'
}

// compareJoined compares s with a+b, without joining them.
func compareJoined(s, a, b string) int {
	n := min(len(s), len(a))
	if c := strings.Compare(s[:n], a[:n]); c != 0 {
		return c
	}
	if len(s) < len(a) {
		return -1
	}
	return strings.Compare(s[len(a):], b)
}
