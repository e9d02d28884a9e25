package convtest_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
)

// A stand-in for the transport of docs/design-unkeyed-lists.md, for one
// top-level list at a time, so that the reorder check is shown to pass a
// transport whose bags follow their elements before that transport lands.
// With libraryFollows on, Library's v1 stashes as reflectbags does, then
// stashFollowing adds to its bags annotation a bag (followingBag) holding
// the JSON of each book, by index, when one has something carried at or
// below it; its recall (recallFollowing) matches the books the client sent
// to those (same place, then moved, then the same index), renames the
// books' bags to the new indexes, drops those of books that are gone, and
// recalls as reflectbags does.

var (
	libraryFollows atomic.Bool
	// elementsMoved counts the recalls in which an element's bags went
	// to another index.
	elementsMoved atomic.Int64
)

// followingBag is the bag of the JSON of the elements of list (the
// design's #elements holds hashes, of every list; the stand-in keeps the
// JSON, one bag per list, under a name of its own).
func followingBag(list string) string { return "#convtest-" + list }

// elementPath splits a bag path under an element of list, "spec.books[2].x"
// for list "spec.books", into the element's index and the rest of the path.
func elementPath(list, path string) (int, string, bool) {
	rest, ok := strings.CutPrefix(path, list+"[")
	if !ok {
		return 0, "", false
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return 0, "", false
	}
	i, err := strconv.Atoi(rest[:end])
	return i, rest[end+1:], err == nil
}

// stashFollowing adds the bag of list's elements (elems) to the bags
// annotation of annotations, just stashed, and returns the new
// annotations.
func stashFollowing[T any](annotations map[string]string, list string, elems []T) (map[string]string, error) {
	text, ok := annotations[boundary.Annotation]
	if !ok {
		return annotations, nil
	}
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return nil, err
	}
	carried := map[int]bool{}
	for path := range bags {
		if i, _, ok := elementPath(list, path); ok {
			carried[i] = true
		}
	}
	if len(carried) == 0 {
		return annotations, nil
	}
	// Every element, not only those with something carried: one that
	// carries nothing must claim its index too, or, when the client
	// deletes the first element, the second takes the first's bags at
	// step 3 (the design's "edited in place"; bugSparseFingerprints).
	fingerprints := propertybag.PropertyBag{}
	for i, e := range elems {
		if !carried[i] && activeBug() == bugSparseFingerprints {
			continue
		}
		data, err := json.Marshal(e)
		if err != nil {
			return nil, err
		}
		quoted, err := json.Marshal(string(data))
		if err != nil {
			return nil, err
		}
		fingerprints[strconv.Itoa(i)] = string(quoted)
	}
	bags[followingBag(list)] = fingerprints
	if text, err = propertybag.MarshalBags(bags); err != nil {
		return nil, err
	}
	out := maps.Clone(annotations)
	out[boundary.Annotation] = text
	return out, nil
}

// recallFollowing returns annotations with the bags of list's elements
// renamed to the indexes of the elements (elems, as the client sent them)
// they belong to, and without the bag of their JSON.
func recallFollowing[T any](annotations map[string]string, list string, elems []T) (map[string]string, error) {
	text, ok := annotations[boundary.Annotation]
	if !ok {
		return annotations, nil
	}
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return annotations, nil // Recall reports it
	}
	name := followingBag(list)
	stashedBag, ok := bags[name]
	if !ok {
		return annotations, nil
	}
	delete(bags, name)
	stashed := map[int]string{}
	for key, value := range stashedBag {
		i, err := strconv.Atoi(key)
		var e string
		if err != nil || json.Unmarshal([]byte(value), &e) != nil {
			return nil, fmt.Errorf("bag %s: %q: %s is not an index and an element's JSON", name, key, value)
		}
		stashed[i] = e
	}
	current := make([]string, len(elems))
	for j, e := range elems {
		data, err := json.Marshal(e)
		if err != nil {
			return nil, err
		}
		current[j] = string(data)
	}
	from := map[int]int{} // new index → stashed index
	taken := map[int]bool{}
	for j, e := range current { // same place
		if s, ok := stashed[j]; ok && s == e {
			from[j], taken[j] = j, true
		}
	}
	for j, e := range current { // moved
		if _, ok := from[j]; ok {
			continue
		}
		for _, i := range slices.Sorted(maps.Keys(stashed)) {
			if !taken[i] && stashed[i] == e {
				from[j], taken[i] = i, true
				break
			}
		}
	}
	for j := range current { // edited in place
		if _, ok := from[j]; !ok && !taken[j] {
			from[j], taken[j] = j, true
		}
	}
	to := map[int]int{}
	for j, i := range from {
		to[i] = j
		if i != j {
			elementsMoved.Add(1)
		}
	}
	renamed := propertybag.Bags{}
	for path, bag := range bags {
		i, rest, isElem := elementPath(list, path)
		if !isElem {
			renamed[path] = bag
			continue
		}
		if j, ok := to[i]; ok {
			renamed[list+"["+strconv.Itoa(j)+"]"+rest] = bag
		}
	}
	out := maps.Clone(annotations)
	delete(out, boundary.Annotation)
	if len(renamed) > 0 {
		if out[boundary.Annotation], err = propertybag.MarshalBags(renamed); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// With a transport whose bags follow their books, Library passes the
// update check, which reordered books (and passes the other checks).
func TestLibraryFollowingBooks(t *testing.T) {
	libraryFollows.Store(true)
	t.Cleanup(func() { libraryFollows.Store(false) })
	elementsMoved.Store(0)
	convtest.RoundTripAll(t, libraryScheme(), libraryGK, raceCases()...)
	convtest.Reliability(t, libraryScheme(), libraryGK, raceCases()...)
	if elementsMoved.Load() == 0 {
		t.Error("no book's bags went to another index: the update check reordered no books")
	}
}

// bugSparseFingerprints fingerprints only the books with something carried
// at or below them, as docs/design-unkeyed-lists.md proposes: a client
// that deletes the first book, which carried something, of books that
// carry nothing else, gives its bags to the second (at step 3, "edited in
// place", as nothing else claims index 0), and the reorder check catches
// it. Reversing is no problem: every book keeps its bags.
func TestUpdateCatchesSparseFingerprints(t *testing.T) {
	withBug(t, bugSparseFingerprints)
	libraryFollows.Store(true)
	t.Cleanup(func() { libraryFollows.Store(false) })
	mustFail(t, convtest.CheckUpdate(libraryScheme(), libraryGK, "v1", bugOpts()...),
		"a client of v1 that deleted the first element of the unkeyed list spec.books misplaces the values its elements carry for other versions",
	)
}
