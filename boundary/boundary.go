// Package boundary carries the property bags of a storage twin across the
// boundary to its API version and back, in the format every release of
// hubspoke reads: the bags of spec (and of the object itself) in the
// annotation named Annotation, the bags of status in the status's field of
// type propertybag.Bags ("$propertyBags"), and, in the bag of each struct,
// under twinKey, what the twin held where the API version's plain value
// cannot show it.
//
// # A value's way through it
//
// hubspoke-gen writes, beside the field copies of each API version, one
// function per struct type for each direction, all calling one Carrier.
// Filling an object of the API version from its twin, the copies run
// first; then the generated stash visits each struct of the twin with its
// path, in plain code (here a Port of a keyed list of ports):
//
//	c.Bag(path, &src.PropertyBag)                 // path is "spec.ports[name=http]"
//	if src.Port == nil && s.Port == 0 {           // required: absent in the twin, shown as 0
//		if err := c.Twin(path, "port", nil); err != nil { ... }
//	}
//	...
//	return c.Done(&p.ObjectMeta, &p.Status.PropertyBags) // annotation and status bags
//
// Converting back, the copies run first; then Carrier.Open reads what the
// object carries (the annotation and the status bags) and the generated
// recall walks the twin twice (Carrier.Next): it puts each bag back at the
// struct its path names (Carrier.Bag), restores what each twinKey entry says
// where the version still shows the zero it showed (Restore), and
// Carrier.Done removes the annotation from the twin. A bag below a struct
// the twin does not hold is kept, in a struct made for it, where the
// version holds that struct by value (its copy leaves the twin's pointer
// nil when the struct shows nothing, or a twinKey entry null sets it back
// to nil). The placing walk makes one only for a bag or an entry it puts
// there: a path that names no place in it, or an empty bag, makes none. (A
// known limit: a struct the counting walk made, where the copy left the
// pointer nil, is still there in the placing walk, and stays, empty, when
// nothing lands in it.) Where the version holds it through a pointer, a
// nil one means the client removed the struct, and the bags below it go
// with it, as a removed list element's do. A twinKey entry
// whose path names no place of the object is dropped with its place, like
// a bag; one at a place that names a property without an entry there is an
// error.
// The paths are built in the generated code: field names joined by dots
// ("spec.birthDate", "." for the object itself), list elements by index
// ("status.conditions[2]") or by their list-map keys
// ("spec.ports[name=http,protocol=TCP]"), map values by key
// ("spec.zones[west]"), each key written by Key. A known limit: the twin's
// key value names the element on the way to the API version, and the API
// version's on the way back, so an element whose key the twin holds absent
// (nil), in a list the API version keys by a plain field, is named
// "[key=null]" one way and by the zero value the other; its $twin entry is
// not found again, and the key comes back as the zero value.
//
// The elements of a list without list-map keys are named by index, which a
// client of the API version may change (reordering the list, removing an
// element before the last). So the stash of such a list ends with
// Elements, which records a fingerprint of each element as the version
// shows it when anything was collected below them, and the recall names
// each element the client sent through Match, which pairs it with the
// stashed element it is (elements.go has the rules): hidden values follow
// their element. An element edited in place is paired by its position
// among the elements that kept theirs; one moved and changed in one write,
// or changed beside one deleted, cannot be told apart from a new one and
// gets none: values are dropped rather than given to another element.
//
// A list may gain list-map keys in a later release, while an object read
// through the release before it carries an annotation that names the
// list's elements by index. So the recall of a list with keys also goes
// through Match, given the path of each element by its keys: an element
// whose keys name nothing in the annotation, but whose index (paired as
// for a list without keys) does, is walked under that index, and keeps
// its hidden values on the first write after the upgrade. (Removing keys,
// or rolling back past the release that added them, still loses them.)
//
// Which plain value of an API version maps to a nil or a set pointer of its
// twin (and so which values need a twinKey entry) is decided by the
// generator, once, for the copy and the entries alike; this package only
// carries what the generated code hands it. Hand-written chains may call it
// the same way, or use package boundary/reflectbags, which finds the bags
// and entries by reflection (slower, and for hand-written chains only).
// Package boundary/transporttest, test support, checks a chain's copies
// against reflectbags on random twins.
package boundary

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/internal/bagpath"
	"github.com/hubspoke/hubspoke/internal/excerpt"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Annotation is the annotation in which an object at an API version
// carries the property bags of its storage twin that lie outside its
// status: a JSON object with one member per non-empty bag, named by its
// path, written by propertybag.MarshalBags:
//
//	{"spec":{"MiddleName":"Theodore"},"spec.birthDate":{"Text":"late 1928"}}
//
// Bags inside status travel in the status itself, which only writers of the
// status subresource may change.
const Annotation = "hubspoke.dev/property-bags"

// twinKey is the key, in the bag of a struct as an API version carries it,
// under which the storage twin's values of the fields that the API version
// cannot show as they were are kept: a JSON object from property name to
// the twin's value, null for absent. A required plain value shows an absent
// one as zero (which the copy back makes explicit); an omitempty one shows
// an explicit zero as absent (which the copy back makes nil). The key is
// reserved: no storage twin may have a property named "$twin".
const twinKey = "$twin"

// Key writes a list-map key value or a map key as paths hold it: a plain
// word as it is, numbers and booleans as JSON, any other text as a JSON
// string, and a nil pointer as null. v is a basic value or a pointer to one
// (string, bool, an integer or a float); named types are converted to their
// basic type by the caller.
func Key(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		if isPlainWord(v) {
			return v
		}
		return strconv.Quote(v)
	case bool:
		return strconv.FormatBool(v)
	case int:
		return strconv.FormatInt(int64(v), 10)
	case int8:
		return strconv.FormatInt(int64(v), 10)
	case int16:
		return strconv.FormatInt(int64(v), 10)
	case int32:
		return strconv.FormatInt(int64(v), 10)
	case int64:
		return strconv.FormatInt(v, 10)
	case uint:
		return strconv.FormatUint(uint64(v), 10)
	case uint8:
		return strconv.FormatUint(uint64(v), 10)
	case uint16:
		return strconv.FormatUint(uint64(v), 10)
	case uint32:
		return strconv.FormatUint(uint64(v), 10)
	case uint64:
		return strconv.FormatUint(v, 10)
	case float32:
		return strconv.FormatFloat(float64(v), 'g', -1, 64)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case *string:
		return keyOf(v)
	case *bool:
		return keyOf(v)
	case *int:
		return keyOf(v)
	case *int8:
		return keyOf(v)
	case *int16:
		return keyOf(v)
	case *int32:
		return keyOf(v)
	case *int64:
		return keyOf(v)
	case *uint:
		return keyOf(v)
	case *uint8:
		return keyOf(v)
	case *uint16:
		return keyOf(v)
	case *uint32:
		return keyOf(v)
	case *uint64:
		return keyOf(v)
	case *float32:
		return keyOf(v)
	case *float64:
		return keyOf(v)
	}
	return strconv.Quote(fmt.Sprint(v))
}

func keyOf[T any](p *T) string {
	if p == nil {
		return "null"
	}
	return Key(*p)
}

// isPlainWord reports whether s can be written in a path without quotes:
// not empty, not a JSON literal, and made only of letters, digits and
// - _ . / :.
func isPlainWord(s string) bool {
	if s == "" || s == "null" || s == "true" || s == "false" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '/' || c == ':') {
			return false
		}
	}
	return true
}

// isStatusPath reports whether the bag at path travels in the status.
func isStatusPath(path string) bool {
	rest, ok := strings.CutPrefix(path, "status")
	return ok && (rest == "" || rest[0] == '.' || rest[0] == '[')
}

func addBag(bags propertybag.Bags, path string, bag propertybag.PropertyBag) propertybag.Bags {
	if bags == nil {
		bags = propertybag.Bags{}
	}
	bags[path] = bag
	return bags
}

// Carrier carries the bags of one object across the boundary, in one
// direction. The zero value is ready to use.
//
// Stashing (filling an API version's object from its twin), the generated
// code calls Bag and Twin at every struct of the twin, then Done, which
// writes what was collected to the object.
//
// Recalling (converting the object back), it calls Open with what the
// object carries, then walks the twin while Next reports true: first to
// count the places each path reaches and check the twinKey entries,
// changing nothing, then to place them (Bag, Restore). A bag (or an entry)
// whose place is gone (the client removed the element, or changed its
// keys) is dropped; one whose path is reached twice (list elements with the
// same keys) is given to neither. Done then removes the annotation from the
// twin.
type Carrier struct {
	// stashing
	annotated namedBags // the bags outside status
	status    propertybag.Bags
	entries   map[string]map[string]json.RawMessage
	stale     bool // a bag of the twin holds a twinKey entry of its own
	marks     int  // bags and entries collected, for Mark
	reserved  string
	// the fingerprints of list elements (see elementsBag)
	elements, statusElements propertybag.PropertyBag

	// recalling
	bags    propertybag.Bags
	twin    map[string]map[string]json.RawMessage
	seen    counts                     // how often the walk reached each path of bags and twin
	claimed map[string]map[string]bool // the entries Restore was asked for, by path
	lists   map[string]map[int]string  // the fingerprints of stashed list elements, by list and index
	orders  map[string]matched         // the lists Match paired in the counting walk
	held    []string                   // the paths of bags and twin, sorted, for holds (made on first use)
	landing []string                   // the paths of what the placing walk puts somewhere, sorted, for lands (made on first use)
	pass    int
	placing bool
	err     error
}

// namedBags collects bags by path, the first few in place, so that an
// object with a bag or two outside its status needs no map for them.
type namedBags struct {
	few  [4]namedBag
	n    int              // of few in use
	more propertybag.Bags // the rest
}

type namedBag struct {
	path string
	bag  propertybag.PropertyBag
}

func (b *namedBags) add(path string, bag propertybag.PropertyBag) {
	for i := range b.n {
		if b.few[i].path == path {
			b.few[i].bag = bag
			return
		}
	}
	if b.more == nil && b.n < len(b.few) {
		b.few[b.n] = namedBag{path, bag}
		b.n++
		return
	}
	b.more = addBag(b.more, path, bag)
}

func (b *namedBags) len() int { return b.n + len(b.more) }

// into adds the bags to bags, which it returns (made when nil).
func (b *namedBags) into(bags propertybag.Bags) propertybag.Bags {
	for _, nb := range b.few[:b.n] {
		bags = addBag(bags, nb.path, nb.bag)
	}
	for path, bag := range b.more {
		bags = addBag(bags, path, bag)
	}
	return bags
}

// counts counts paths, the first few in place, so that a walk reaching a
// bag or two needs no map to count them.
type counts struct {
	few  [8]pathCount
	n    int            // of few in use
	more map[string]int // the rest
}

type pathCount struct {
	path  string
	count int
}

func (c *counts) add(path string) {
	for i := range c.n {
		if c.few[i].path == path {
			c.few[i].count++
			return
		}
	}
	if c.more == nil && c.n < len(c.few) {
		c.few[c.n] = pathCount{path, 1}
		c.n++
		return
	}
	if c.more == nil {
		c.more = map[string]int{}
	}
	c.more[path]++
}

func (c *counts) of(path string) int {
	for _, pc := range c.few[:c.n] {
		if pc.path == path {
			return pc.count
		}
	}
	return c.more[path]
}

// Bag, stashing, adds the twin's bag at path (*bag), if it is not empty;
// the bag is shared, not copied (the objects of a conversion are private to
// it). Recalling, it counts the place in the first walk and, in the
// second, puts the recalled bag there when the path was reached once (what
// the copy already put into the bag wins). Called with a nil bag (the twin
// holds no struct at path: a pointer is nil) while recalling, it reports
// whether the walk should make the struct to keep what lies there rather
// than drop it: in the counting walk, whether a bag or a twinKey entry lies
// at or below path (the walk must go below to count); in the placing walk,
// whether one that the counting walk reached once, and so will be put
// somewhere, does, with something in it. A path that names no place below
// path, or only an empty bag, makes no empty struct there.
func (s *Carrier) Bag(path string, bag *propertybag.PropertyBag) bool {
	if s.pass != 0 {
		if bag == nil {
			if s.placing {
				return s.lands(path)
			}
			return s.holds(path)
		}
		s.place(path, bag)
		return true
	}
	if bag == nil {
		return false
	}
	s.stash(path, *bag)
	return true
}

func (s *Carrier) stash(path string, bag propertybag.PropertyBag) {
	if len(bag) == 0 {
		return
	}
	_, stale := bag[twinKey]
	if stale {
		s.stale = true
	}
	if path == elementsBag || path == statusElementsBag {
		s.reserved = path
	}
	if !stale || len(bag) > 1 {
		s.marks++ // a stale entry alone is dropped: nothing to follow
	}
	if isStatusPath(path) {
		s.status = addBag(s.status, path, bag)
	} else {
		s.annotated.add(path, bag)
	}
}

// Twin, stashing, records the twinKey entry of property name of the struct at path:
// value is what the twin holds (a pointer), or nil for absent. A value
// whose JSON is null (a zero metav1.Time) needs no entry: it reads back as
// absent anyway.
func (s *Carrier) Twin(path, name string, value any) error {
	text := json.RawMessage("null")
	if value != nil {
		b, err := json.Marshal(value)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", path, name, err)
		}
		if string(b) == "null" {
			return nil
		}
		text = b
	}
	if s.entries == nil {
		s.entries = map[string]map[string]json.RawMessage{}
	}
	kept := s.entries[path]
	if kept == nil {
		kept = map[string]json.RawMessage{}
		s.entries[path] = kept
	}
	kept[name] = text
	s.marks++
	return nil
}

// Done, stashing, writes what s collected to the object of the API version: the bags
// outside status, with their twinKey entries, to its Annotation (removed
// when there are none; the annotations map is replaced, never modified in
// place), and the bags inside status to *status, the status's field of type
// propertybag.Bags (nil when the version has none: it is then an error to
// have status bags, and status entries are left out). Any twinKey entry the
// twin's own bags held is dropped. On error the object is unchanged.
//
// Recalling, it removes the Annotation from meta, the twin's metadata (its
// annotations map is replaced, not modified), and returns the error the
// check of the twinKey entries found, if any (status is not used).
func (s *Carrier) Done(meta *metav1.ObjectMeta, status *propertybag.Bags) error {
	if s.pass != 0 {
		if meta != nil {
			if _, ok := meta.Annotations[Annotation]; ok {
				meta.Annotations = withoutKey(meta.Annotations, Annotation)
			}
		}
		return s.err
	}
	if s.reserved != "" {
		return fmt.Errorf("a bag at %q: the name is reserved for the fingerprints of list elements", s.reserved)
	}
	if len(s.status) > 0 && status == nil {
		return fmt.Errorf("the status must carry the status bags %s, but it has no field of type propertybag.Bags",
			strings.Join(slices.Sorted(maps.Keys(s.status)), ", "))
	}
	statusBags := s.status
	if s.statusElements != nil && status != nil {
		statusBags = addBag(maps.Clone(statusBags), statusElementsBag, s.statusElements)
	}
	if s.elements != nil {
		s.annotated.add(elementsBag, s.elements)
	}
	var text string
	var err error
	switch {
	case s.stale || len(s.entries) > 0:
		var annotated propertybag.Bags
		if annotated, statusBags, err = withTwinEntries(s.annotated.into(nil), statusBags, s.entries); err != nil {
			return err
		}
		text, err = annotationText(annotated, meta)
	case s.annotated.len() > 0:
		// A map that stays on the stack, for up to eight bags.
		text, err = annotationText(s.annotated.into(make(propertybag.Bags, 8)), meta)
	}
	if err != nil {
		return err
	}
	if status != nil {
		*status = statusBags
	}
	if meta == nil {
		return nil
	}
	if text == "" {
		if _, ok := meta.Annotations[Annotation]; ok {
			meta.Annotations = withoutKey(meta.Annotations, Annotation)
		}
		return nil
	}
	annotations := make(map[string]string, len(meta.Annotations)+1)
	maps.Copy(annotations, meta.Annotations)
	annotations[Annotation] = text
	meta.Annotations = annotations
	return nil
}

// annotationText returns the text of the Annotation carrying the bags
// outside status, "" when there are none.
func annotationText(annotated propertybag.Bags, meta *metav1.ObjectMeta) (string, error) {
	if len(annotated) == 0 {
		return "", nil
	}
	if meta == nil {
		return "", fmt.Errorf("no metadata to carry the bags %s", strings.Join(slices.Sorted(maps.Keys(annotated)), ", "))
	}
	return propertybag.MarshalBags(annotated)
}

// withTwinEntries returns the bags with each bag's twinKey entry replaced
// by the one entries holds for its path (a stale one from the twin's own
// bags is dropped). Bags are cloned before they change.
func withTwinEntries(annotated, status propertybag.Bags, entries map[string]map[string]json.RawMessage) (propertybag.Bags, propertybag.Bags, error) {
	drop := func(bags propertybag.Bags) propertybag.Bags {
		for path, bag := range bags {
			if _, ok := bag[twinKey]; ok {
				bag = maps.Clone(bag)
				delete(bag, twinKey)
				if len(bag) == 0 {
					delete(bags, path)
					continue
				}
				bags[path] = bag
			}
		}
		if len(bags) == 0 {
			return nil
		}
		return bags
	}
	annotated, status = drop(annotated), drop(status)
	for _, path := range slices.Sorted(maps.Keys(entries)) {
		text, err := json.Marshal(entries[path])
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		bags := &annotated
		if isStatusPath(path) {
			bags = &status
		}
		bag := maps.Clone((*bags)[path])
		if bag == nil {
			bag = propertybag.PropertyBag{}
		}
		bag[twinKey] = string(text)
		*bags = addBag(*bags, path, bag)
	}
	return annotated, status, nil
}

// withoutKey returns a copy of m without key, or nil when nothing is left.
func withoutKey(m map[string]string, key string) map[string]string {
	if len(m) <= 1 {
		return nil
	}
	out := make(map[string]string, len(m)-1)
	for k, v := range m {
		if k != key {
			out[k] = v
		}
	}
	return out
}

// Open reads the bags of an object of an API version: its annotations and
// the bags of its status (nil when its status has none). It is an error,
// naming the annotation and the path, when the annotation is not a JSON
// object of bags or names a bag under status (status bags travel only in
// the status), when the status bags hold a bag outside status, when the
// fingerprints of list elements (see Elements) are not named by element
// paths or are not JSON strings, or when a twinKey entry is not a JSON
// object. Neither argument is modified.
func (r *Carrier) Open(annotations map[string]string, status propertybag.Bags) error {
	*r = Carrier{pass: -1}
	if text, ok := annotations[Annotation]; ok {
		bags, err := propertybag.UnmarshalBags(text)
		if err != nil {
			return err
		}
		for path := range bags {
			if isStatusPath(path) {
				return fmt.Errorf("annotation %s names the status bag %q: status bags travel only in the status, through the status subresource", Annotation, excerpt.Of(path))
			}
		}
		r.bags = bags
	}
	for path, bag := range status {
		if !isStatusPath(path) {
			return fmt.Errorf("status field $propertyBags holds the bag %q, which lies outside status", excerpt.Of(path))
		}
		r.bags = addBag(r.bags, path, bag.DeepCopy())
	}
	if err := r.openElements(); err != nil {
		return err
	}
	for path, bag := range r.bags {
		text, ok := bag[twinKey]
		if !ok {
			continue
		}
		delete(bag, twinKey)
		if len(bag) == 0 {
			delete(r.bags, path)
		}
		var kept map[string]json.RawMessage
		d := json.NewDecoder(strings.NewReader(text))
		if err := d.Decode(&kept); err != nil || kept == nil || d.More() {
			return fmt.Errorf("bag %q: %s is not a JSON object of property values: %.100q", excerpt.Of(path), twinKey, text)
		}
		if r.twin == nil {
			r.twin = map[string]map[string]json.RawMessage{}
		}
		r.twin[path] = kept
	}
	return nil
}

// Next starts the next walk over the twin and reports whether there is one:
// none when Open found nothing to recall, otherwise a counting walk and a
// placing walk.
func (r *Carrier) Next() bool {
	if len(r.bags) == 0 && len(r.twin) == 0 {
		return false
	}
	switch r.pass {
	case -1:
		r.pass = 1
		return true
	case 1:
		r.pass = 2
		if r.err = r.checkClaims(); r.err != nil {
			return false
		}
		r.placing = true
		return true
	}
	return false
}

// checkClaims returns an error when a twinKey entry at a place the walk
// reached names a property no Restore was asked for there.
func (r *Carrier) checkClaims() error {
	if len(r.twin) == 0 {
		return nil
	}
	for _, path := range slices.Sorted(maps.Keys(r.twin)) {
		if r.seen.of(path) == 0 {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(r.twin[path])) {
			if !r.claimed[path][name] {
				return fmt.Errorf("bag %q: %s names %q, which is not a value this version shows in place of what the storage twin holds", excerpt.Of(path), twinKey, excerpt.Of(name))
			}
		}
	}
	return nil
}

func (r *Carrier) place(path string, bag *propertybag.PropertyBag) {
	_, hasBag := r.bags[path]
	if !r.placing {
		if _, hasTwin := r.twin[path]; hasBag || hasTwin {
			r.seen.add(path)
		}
		return
	}
	if !hasBag || r.seen.of(path) != 1 {
		return
	}
	recalled := r.bags[path]
	if len(*bag) > 0 {
		maps.Copy(recalled, *bag)
	}
	*bag = recalled
}

// holds reports whether a bag or a twinKey entry lies at path or below it.
// Their paths are sorted once, on the first call, and searched (package
// internal/bagpath, which reflectbags shares).
func (r *Carrier) holds(path string) bool {
	if r.held == nil {
		r.held = bagpath.Sorted(r.bags, r.twin)
	}
	return bagpath.AtOrBelow(r.held, path)
}

// lands reports, in the placing walk, whether a bag or a twinKey entry
// that this walk puts somewhere lies at path or below it: one the counting
// walk reached exactly once (place and Restore skip the others) that is
// not empty. Their paths are sorted once, on the first call.
func (r *Carrier) lands(path string) bool {
	if r.landing == nil {
		r.landing = []string{}
		for p, bag := range r.bags {
			if len(bag) > 0 && r.seen.of(p) == 1 {
				r.landing = append(r.landing, p)
			}
		}
		for p, kept := range r.twin {
			if len(kept) > 0 && r.seen.of(p) == 1 {
				r.landing = append(r.landing, p)
			}
		}
		slices.Sort(r.landing)
	}
	return bagpath.AtOrBelow(r.landing, path)
}

// Restore restores property name of the struct at path from its twinKey
// entry, if it has one, into *dst, the twin's field, where shown reports
// that the API version still shows the zero value it showed for it (a
// value the client changed is kept). zero is nil for a property whose
// version shows only an absent value differently (the entry can only be
// null); otherwise it tells the empty values the entry may hold (those the
// version shows as absent). In the first walk Restore only checks.
func Restore[T any](r *Carrier, path, name string, dst **T, shown bool, zero func(*T) bool) error {
	text, ok := r.twin[path][name]
	if !ok {
		return nil
	}
	if !r.placing {
		if r.claimed == nil {
			r.claimed = map[string]map[string]bool{}
		}
		if r.claimed[path] == nil {
			r.claimed[path] = map[string]bool{}
		}
		r.claimed[path][name] = true
	} else if r.seen.of(path) != 1 {
		return nil
	}
	var v *T
	switch {
	case bytes.Equal(text, []byte("null")):
	case zero == nil:
		return fmt.Errorf("bag %q: %s: the value of %q can only be null (absent)", excerpt.Of(path), twinKey, name)
	default:
		v = new(T)
		d := json.NewDecoder(bytes.NewReader(text))
		d.DisallowUnknownFields()
		if err := d.Decode(v); err != nil {
			return fmt.Errorf("bag %q: %s: the value of %q does not fit %T: %v", excerpt.Of(path), twinKey, name, *v, err)
		}
		if !zero(v) {
			return fmt.Errorf("bag %q: %s: the value of %q is %s, which this version would show; only an empty one can stand for what it shows as absent", excerpt.Of(path), twinKey, name, excerpt.Of(string(text)))
		}
	}
	if r.placing && shown {
		*dst = v
	}
	return nil
}
