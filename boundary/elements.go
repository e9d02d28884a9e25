package boundary

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/internal/bagpath"
	"github.com/hubspoke/hubspoke/internal/elementmatch"
	"github.com/hubspoke/hubspoke/internal/excerpt"
	"github.com/hubspoke/hubspoke/propertybag"
)

// The elements of an unkeyed list (one without list-map keys) are named by
// their index, so a client of an API version that reorders such a list, or
// removes an element before the last, would see the hidden values of one
// element come back on another. So, stashing, each element with something
// at or below its path (a bag or a twinKey entry) gets, with every other
// element of its list, a fingerprint of itself as the API version shows it
// (Elements), kept in the bag
// named elementsBag (statusElementsBag for elements inside status): from
// the element's path to the fingerprint, a JSON string. Recalling, Match
// pairs the elements the client sent with the stashed ones by their
// fingerprints (docs/design-unkeyed-lists.md):
//
//  1. an element keeps its index if its fingerprint is the one stashed there;
//  2. otherwise it takes the first unpaired stashed index with its fingerprint (it moved);
//  3. otherwise, between two elements paired so far (in order), it is paired
//     by position with the stashed elements left between them when there are
//     as many of each (edited in place; after the last one, also when
//     elements were appended), and gets none where which is which cannot be
//     told (an element deleted beside one edited);
//  4. otherwise it gets none: it is new.
//
// Package internal/elementmatch holds the rules (Pair), which
// boundary/reflectbags shares.
//
// An object stashed by a release without fingerprints, or a list without
// them, is matched by index, as before. Releases that do not know the bag
// ignore it: no walk reaches a path named "#elements", so it is dropped.
const (
	elementsBag       = "#elements"
	statusElementsBag = "status.#elements"
)

// fingerprint returns the fingerprint of v, an element as its API version
// shows it: the first 8 bytes of the SHA-256 of its JSON, in unpadded
// base64url (11 characters).
func fingerprint(v any) (string, error) {
	text, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return elementmatch.Fingerprint(text), nil
}

// Mark, stashing, returns a mark of what s has collected so far, for
// Elements.
func (s *Carrier) Mark() int { return s.marks }

// Elements, stashing, records the fingerprints of the elements of the
// unkeyed list at path list, as the API version shows them (elems), when a
// bag or a twinKey entry was collected since mark, which Mark returned
// before the stash of the list's elements: every element's, so that an
// element without hidden values is told apart from one with them. It is an
// error, naming the element's path, when an element cannot be encoded as
// JSON.
func Elements[T any](s *Carrier, list string, mark int, elems []T) error {
	if s.marks == mark || len(elems) == 0 {
		return nil
	}
	fps := &s.elements
	if isStatusPath(list) {
		fps = &s.statusElements
	}
	if *fps == nil {
		*fps = make(propertybag.PropertyBag, len(elems))
	}
	for i := range elems {
		fp, err := fingerprint(&elems[i])
		if err != nil {
			return fmt.Errorf("%s[%d]: fingerprint: %w", list, i, err)
		}
		(*fps)[list+"["+strconv.Itoa(i)+"]"] = `"` + fp + `"` // a JSON string: base64url needs no escapes
	}
	return nil
}

// Order tells, for each element of an unkeyed list as the client sent it,
// the path under which its hidden values were stashed (see Match). The
// zero Order names each element by its index.
type Order struct {
	at    []int        // the stashed index of each element, or -1 for none
	taken map[int]bool // the stashed indexes at holds
	paths []string     // a list with list-map keys: the path of each element (see Match)
}

// Path returns the path of element i of the list at path list. For a list
// with list-map keys (Match was given their paths), it is the path Match
// chose: by its keys, or the index an older release stashed it at. For
// one without: list[n],
// with n the index at which its hidden values were stashed, or, for an
// element that has none (a new one), a path that names no bag. An element
// past those Match paired (the twin's list is longer than the one the
// client sent: a hook added elements) keeps its index, unless Match gave
// that index to an element the client sent, whose values it would
// otherwise take (both reaching one path, neither would get them).
func (o Order) Path(list string, i int) string {
	if i < len(o.paths) {
		return o.paths[i]
	}
	if n := o.index(i); n >= 0 {
		return list + "[" + strconv.Itoa(n) + "]"
	}
	return list + "[+" + strconv.Itoa(i) + "]"
}

// Match, recalling, pairs the elements of the unkeyed list at path list,
// as the client sent them at the API version (elems), with the elements
// stashed there, by their fingerprints (see the rules above); without
// fingerprints for the list it returns the zero Order. Match reads the
// elements and changes nothing.
//
// For a list with list-map keys, keyed holds the path of each element of
// the twin's list by its keys (list[name=a]), and Order.Path returns it,
// but where an older release, before the keys were declared, stashed the
// element's hidden values by index (list[0]): the element is then walked
// under that index, so that nothing it had is lost on the first write
// after an upgrade that adds keys. The elements are paired with the
// stashed indexes as those of a list without keys are (by index, or by
// fingerprint where the older release wrote them); an element whose keyed
// path already names something stashed (a bag or a twinKey entry at or
// below it), or that another element of the list shares (duplicate keys),
// keeps its keyed path, and what was stashed at its index is dropped.
// An element whose path in keyed is "" (of a list that only a newer
// version keys, an element without the keys or sharing them with another:
// the generated code leaves them "") is named as an element of a list
// without keys is.
func Match[T any](r *Carrier, list string, elems []T, keyed ...string) Order {
	if keyed != nil {
		return matchKeyed(r, list, elems, keyed)
	}
	stashed := r.lists[list]
	if len(stashed) == 0 {
		return Order{}
	}
	// The placing walk reuses what the counting walk matched, for a list it
	// reached once (one reached twice lies under a place reached twice,
	// whose bags go to neither, and is matched again).
	m, ok := r.orders[list]
	if r.placing && ok && m.times == 1 {
		return m.order
	}
	order := match(stashed, elems)
	if !r.placing {
		if r.orders == nil {
			r.orders = map[string]matched{}
		}
		r.orders[list] = matched{order, m.times + 1}
	}
	return order
}

// matchKeyed is Match for a list with list-map keys: keyed holds the path
// of each element of the twin's list by its keys, or "" for an element
// that is to be matched as one of a list without keys (a list that only a
// newer version keys, whose element lacks the keys or shares them with
// another: the generated code decides).
func matchKeyed[T any](r *Carrier, list string, elems []T, keyed []string) Order {
	if len(r.bags) == 0 && len(r.twin) == 0 {
		return Order{paths: unkeyedPaths(keyed, list, Order{})}
	}
	if r.held == nil {
		r.held = bagpath.Sorted(r.bags, r.twin)
	}
	if !bagpath.IndexedBelow(r.held, list) {
		// As stashed by a release that knew the keys; an element without
		// them names nothing stashed by index either.
		return Order{paths: unkeyedPaths(keyed, list, Order{})}
	}
	paths := slices.Clone(keyed)
	var by Order // where each element's values were stashed, as for a list without keys
	if stashed := r.lists[list]; len(stashed) > 0 {
		by = match(stashed, elems)
	}
	shared := make(map[string]int, len(keyed))
	for _, p := range keyed {
		shared[p]++
	}
	for i, p := range keyed {
		n := by.index(i)
		if p == "" || n < 0 || shared[p] > 1 || bagpath.AtOrBelow(r.held, p) {
			continue
		}
		paths[i] = list + "[" + strconv.Itoa(n) + "]"
	}
	return Order{paths: unkeyedPaths(paths, list, by)}
}

// unkeyedPaths gives each element whose path in paths is "" the one by
// names it by as an element of a list without keys, and returns paths
// (a copy when it changes any: paths may be the caller's).
func unkeyedPaths(paths []string, list string, by Order) []string {
	if !slices.Contains(paths, "") {
		return paths
	}
	paths = slices.Clone(paths)
	for i, p := range paths {
		if p == "" {
			by.paths = nil
			paths[i] = by.Path(list, i)
		}
	}
	return paths
}

// index returns the stashed index of element i of a list without keys,
// or -1 when it has none (a new element, or one past those Match paired:
// Path names it by a path that names no bag).
func (o Order) index(i int) int {
	switch {
	case o.at == nil || i >= len(o.at) && !o.taken[i]:
		return i
	case i >= len(o.at):
		return -1
	}
	return o.at[i]
}

// matched is what Match found for a list in the counting walk, and how
// often that walk reached the list.
type matched struct {
	order Order
	times int
}

// match applies the rules above to the stashed fingerprints of a list, by
// index, and the elements the client sent (package
// internal/elementmatch, which reflectbags shares). An element that
// cannot be encoded has no fingerprint, and matches none.
func match[T any](stashed map[int]string, elems []T) Order {
	got := make([]string, len(elems))
	for j := range elems {
		got[j], _ = fingerprint(&elems[j])
	}
	at := elementmatch.Pair(stashed, got)
	taken := make(map[int]bool, len(at))
	for _, i := range at {
		if i >= 0 {
			taken[i] = true
		}
	}
	return Order{at: at, taken: taken}
}

// openElements takes the fingerprints out of bags (the bag elementsBag,
// whose paths must lie outside status, and statusElementsBag, whose paths
// must lie inside it) into r.lists. It is an error, naming the bag and the
// path, when a path is not that of a list element or a fingerprint is not
// a JSON string.
func (r *Carrier) openElements() error {
	for _, name := range []string{elementsBag, statusElementsBag} {
		bag, ok := r.bags[name]
		if !ok {
			continue
		}
		delete(r.bags, name)
		for _, path := range slices.Sorted(maps.Keys(bag)) {
			list, index, ok := elementPath(path)
			if !ok || isStatusPath(path) != (name == statusElementsBag) {
				return fmt.Errorf("bag %q: %q is not the path of a list element %s status", name, excerpt.Of(path),
					map[bool]string{true: "inside", false: "outside"}[name == statusElementsBag])
			}
			fp, err := elementmatch.ReadFingerprint(bag[path])
			if err != nil {
				// The path as it is (not %q, which would escape the quotes
				// of its keys): the error names the property.
				return fmt.Errorf("bag %q: the fingerprint of %s is not a JSON string: %.100q", name, excerpt.Of(path), bag[path])
			}
			if r.lists == nil {
				r.lists = map[string]map[int]string{}
			}
			if r.lists[list] == nil {
				r.lists[list] = map[int]string{}
			}
			r.lists[list][index] = fp
		}
	}
	return nil
}

// elementPath splits the path of a list element, list[n], into list and n.
func elementPath(path string) (list string, index int, ok bool) {
	open := strings.LastIndexByte(path, '[')
	if open <= 0 || !strings.HasSuffix(path, "]") {
		return "", 0, false
	}
	digits := path[open+1 : len(path)-1]
	if digits == "" || digits[0] == '+' || digits[0] == '-' {
		return "", 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || strconv.Itoa(n) != digits {
		return "", 0, false
	}
	return path[:open], n, true
}
