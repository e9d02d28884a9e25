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
