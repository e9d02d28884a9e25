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

// A stand-in, on Library's one list, for the transport of
// docs/design-unkeyed-lists.md, so that the reorder check is shown to pass
// a transport whose bags follow their elements before that transport
// lands: with libraryFollows on, v1's stash adds to its bags annotation a
// bag booksBag holding the JSON of each book, by index, when one has
// something carried at or below it, and v1's recall matches the books the client
// sent to those (same place, then moved, then the same index), renames the
// books' bags to the new indexes, drops those of books that are gone, and
// recalls.

// booksBag is the bag of the books' JSON (the design's #elements holds
// hashes; the stand-in keeps the JSON, and a name of its own).
const booksBag = "#convtest-books"

var (
	libraryFollows atomic.Bool
	// booksMoved counts the recalls in which a book's bags went to
	// another index.
	booksMoved atomic.Int64
)

// bookPath splits a bag path under a book, "spec.books[2].x", into the
// book's index and the rest of the path.
func bookPath(path string) (int, string, bool) {
	rest, ok := strings.CutPrefix(path, "spec.books[")
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

// stashBooks adds booksBag to what s, just stashed, carries.
func stashBooks(s *LibraryV1) error {
	text, ok := s.Annotations[boundary.Annotation]
	if !ok {
		return nil
	}
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return err
	}
	carried := map[int]bool{}
	for path := range bags {
		if i, _, ok := bookPath(path); ok {
			carried[i] = true
		}
	}
	if len(carried) == 0 {
		return nil
	}
	// Every book, not only those with something carried: a book that
	// carries nothing must claim its index too, or, when the client
	// deletes the first book, the second takes the first's bags at step
	// 3 (the design's "edited in place"; bugSparseFingerprints).
	books := propertybag.PropertyBag{}
	for i, b := range s.Spec.Books {
		if !carried[i] && activeBug() == bugSparseFingerprints {
			continue
		}
		data, err := json.Marshal(b)
		if err != nil {
			return err
		}
		quoted, err := json.Marshal(string(data))
		if err != nil {
			return err
		}
		books[strconv.Itoa(i)] = string(quoted)
	}
	bags[booksBag] = books
	if text, err = propertybag.MarshalBags(bags); err != nil {
		return err
	}
	s.Annotations = maps.Clone(s.Annotations)
	s.Annotations[boundary.Annotation] = text
	return nil
}

// followBooks returns s with the books' bags renamed to the indexes of
// the books they belong to, and without booksBag.
func followBooks(s *LibraryV1) (*LibraryV1, error) {
	text, ok := s.Annotations[boundary.Annotation]
	if !ok {
		return s, nil
	}
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return s, nil // Recall reports it
	}
	stashedBooks, ok := bags[booksBag]
	if !ok {
		return s, nil
	}
	delete(bags, booksBag)
	stashed := map[int]string{}
	for name, value := range stashedBooks {
		i, err := strconv.Atoi(name)
		var book string
		if err != nil || json.Unmarshal([]byte(value), &book) != nil {
			return nil, fmt.Errorf("bag %s: %q: %s is not an index and a book's JSON", booksBag, name, value)
		}
		stashed[i] = book
	}
	current := make([]string, len(s.Spec.Books))
	for j, b := range s.Spec.Books {
		data, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		current[j] = string(data)
	}
	from := map[int]int{} // new index → stashed index
	taken := map[int]bool{}
	for j, book := range current { // same place
		if b, ok := stashed[j]; ok && b == book {
			from[j], taken[j] = j, true
		}
	}
	for j, book := range current { // moved
		if _, ok := from[j]; ok {
			continue
		}
		for _, i := range slices.Sorted(maps.Keys(stashed)) {
			if !taken[i] && stashed[i] == book {
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
			booksMoved.Add(1)
		}
	}
	renamed := propertybag.Bags{}
	for path, bag := range bags {
		i, rest, isBook := bookPath(path)
		if !isBook {
			renamed[path] = bag
			continue
		}
		if j, ok := to[i]; ok {
			renamed["spec.books["+strconv.Itoa(j)+"]"+rest] = bag
		}
	}
	out := *s
	out.Annotations = maps.Clone(s.Annotations)
	delete(out.Annotations, boundary.Annotation)
	if len(renamed) > 0 {
		if out.Annotations[boundary.Annotation], err = propertybag.MarshalBags(renamed); err != nil {
			return nil, err
		}
	}
	return &out, nil
}

// With a transport whose bags follow their books, Library passes the
// update check, which reordered books (and passes the other checks).
func TestLibraryFollowingBooks(t *testing.T) {
	libraryFollows.Store(true)
	t.Cleanup(func() { libraryFollows.Store(false) })
	booksMoved.Store(0)
	convtest.RoundTripAll(t, libraryScheme(), libraryGK, raceCases()...)
	convtest.Reliability(t, libraryScheme(), libraryGK, raceCases()...)
	if booksMoved.Load() == 0 {
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
