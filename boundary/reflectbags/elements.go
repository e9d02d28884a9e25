package reflectbags

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/internal/bagpath"
	"github.com/hubspoke/hubspoke/internal/elementmatch"
	"github.com/hubspoke/hubspoke/internal/excerpt"
	"github.com/hubspoke/hubspoke/propertybag"
)

// The elements of a list without list-map keys are named by index, which a
// client of an old API version changes when it reorders the list or removes
// an element before the last. As package boundary does for generated code,
// Stash records, for each such list with a bag or a twinKey entry at or
// below one of its elements, a fingerprint of every element of the list as
// the API version shows it, in the bag elementsBag (statusElementsBag for
// lists inside status): from the element's path to the fingerprint, a JSON
// string. Recall pairs the elements the client sent with the stashed ones
// by their fingerprints (matchElements) and renames the recalled bags and
// entries from the paths they were stashed at to the paths of the elements
// they belong to now (renamer), before it places them.
const (
	elementsBag       = "#elements"
	statusElementsBag = "status.#elements"
)

// fingerprint returns the fingerprint of v, an element of a list as the API
// version shows it: the first 8 bytes of the SHA-256 of the JSON of a
// pointer to it, in unpadded base64url (11 characters).
func fingerprint(v reflect.Value) (string, error) {
	if !v.CanInterface() {
		return "", fmt.Errorf("%s is reached through an unexported field", v.Type())
	}
	var p reflect.Value
	if v.CanAddr() {
		p = v.Addr()
	} else {
		p = reflect.New(v.Type()) // an element of an array held in a map value
		p.Elem().Set(v)
	}
	text, err := json.Marshal(p.Interface())
	if err != nil {
		return "", err
	}
	return elementmatch.Fingerprint(text), nil
}

// --- the paired walk down to the lists without keys ---

// elementWalker walks a storage twin and an object of its API version side
// by side, down to the lists without list-map keys that lie at or above
// the paths of lists (into). It names each value twice: stashed, by the
// path its hidden values were stashed at, and current, by its path in the
// twin now; the two differ only below a list whose elements list
// reorders.
type elementWalker struct {
	// into holds the stashed paths to walk: those of some lists and of
	// every value above them (see pathsTo).
	into map[string]bool
	// list is called at each list without keys in into, at its two paths,
	// with the number of the twin's elements and the API version's list
	// (invalid when the version has none). It returns, for each element i,
	// the stashed index of its hidden values, or -1 for none; nil, or an
	// element past its end, means element i's own index (see elementIndex).
	list func(stashed, current string, n int, api reflect.Value) ([]int, error)
	// keyed, when set, is called at each list with list-map keys in into,
	// at its two paths, with the paths of the twin's elements by their
	// keys (stashed and current) and the API version's list. It returns,
	// for each element i, the index under which an older release, before
	// the keys were declared, stashed its hidden values, or -1 to name it
	// by its keys; nil for all by their keys.
	keyed func(stashed, current string, stashedKeys, currentKeys []string, api reflect.Value) []int

	stashed, current []byte
	fields           map[pairKey][]elementField
}

// elementField is a field of a twin's struct type with the field of the
// same JSON name in the API version's struct type.
type elementField struct {
	name string
	twin []int    // index path of the field in the twin's struct
	api  []int    // index path of the field in the API version's struct; nil if it has none
	keys []string // list-map keys declared on the twin's field
}

// pathsTo returns the set of lists and of the paths above them: each
// list's path cut before every dot and bracket outside brackets, and whole.
// A path of more than maxBagDepth parts, which no walk reaches, is left
// out, so that a client's long path of fingerprints (the annotation holds
// 256 KiB) costs no time quadratic in its length.
func pathsTo(lists []string) map[string]bool {
	into := map[string]bool{}
	for _, path := range lists {
		if parts(path) > maxBagDepth {
			continue
		}
		for i := 0; i < len(path); i++ {
			switch path[i] {
			case '.':
				into[path[:i]] = true
			case '[':
				into[path[:i]] = true
				n := bracketEnd(path[i:])
				if n < 0 {
					i = len(path) // an unclosed bracket: the rest is one part
					continue
				}
				i += n - 1
			}
		}
		into[path] = true
	}
	return into
}

// parts returns the number of parts of path: fields and list elements or
// map values (brackets are skipped whole).
func parts(path string) int {
	n := 1
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case '.':
			n++
		case '[':
			n++
			end := bracketEnd(path[i:])
			if end < 0 {
				return n // an unclosed bracket: the rest is one part
			}
			i += end - 1
		}
	}
	return n
}

// fieldsOf returns the fields of the twin's struct type tt, paired with
// those of the API version's struct type at (nil for none), by JSON name.
func (w *elementWalker) fieldsOf(tt, at reflect.Type) []elementField {
	key := pairKey{tt, at}
	if fields, ok := w.fields[key]; ok {
		return fields
	}
	twinFields, apiFields := map[string][]int{}, map[string][]int{}
	collectJSONFields(tt, nil, twinFields)
	if at != nil {
		collectJSONFields(at, nil, apiFields)
	}
	var fields []elementField
	for name, index := range twinFields {
		f := tt.FieldByIndex(index)
		if f.Type != propertyBagType {
			fields = append(fields, elementField{name: name, twin: index, api: apiFields[name], keys: listMapKeys(f)})
		}
	}
	w.fields[key] = fields
	return fields
}

// walk walks twin and api, pointers to a storage twin and to its API
// version's object.
func (w *elementWalker) walk(twin, api reflect.Value) error {
	w.fields = map[pairKey][]elementField{}
	return w.value(twin, api, nil, 0)
}

func (w *elementWalker) value(tv, av reflect.Value, keys []string, depth int) error {
	if depth > maxBagDepth {
		return errTooDeep
	}
	for tv.Kind() == reflect.Pointer || tv.Kind() == reflect.Interface {
		if tv.IsNil() {
			return nil
		}
		tv = tv.Elem()
	}
	for av.IsValid() && (av.Kind() == reflect.Pointer || av.Kind() == reflect.Interface) {
		if av.IsNil() {
			av = reflect.Value{}
			break
		}
		av = av.Elem()
	}
	if av.IsValid() && av.Kind() != tv.Kind() {
		av = reflect.Value{}
	}
	ns, nc := len(w.stashed), len(w.current)
	defer func() { w.stashed, w.current = w.stashed[:ns], w.current[:nc] }()
	switch tv.Kind() {
	case reflect.Struct:
		var at reflect.Type
		if av.IsValid() {
			at = av.Type()
		}
		for _, f := range w.fieldsOf(tv.Type(), at) {
			w.stashed = appendField(w.stashed[:ns], f.name)
			if !w.into[string(w.stashed)] {
				continue
			}
			w.current = appendField(w.current[:nc], f.name)
			var a reflect.Value
			if av.IsValid() && f.api != nil {
				a = av.FieldByIndex(f.api)
			}
			if err := w.value(tv.FieldByIndex(f.twin), a, f.keys, depth+1); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		var at []int
		if len(keys) == 0 {
			var err error
			if at, err = w.list(string(w.stashed), string(w.current), tv.Len(), av); err != nil {
				return err
			}
		}
		claimed := claimedIndexes(at, tv.Len())
		var indexed []int // of a list with keys, the elements an older release stashed by index
		if len(keys) > 0 && w.keyed != nil {
			stashedKeys, currentKeys := make([]string, tv.Len()), make([]string, tv.Len())
			for i := range tv.Len() {
				stashedKeys[i] = string(append(appendKeys(append(w.stashed[:ns:ns], '['), tv.Index(i), keys), ']'))
				currentKeys[i] = string(append(appendKeys(append(w.current[:nc:nc], '['), tv.Index(i), keys), ']'))
			}
			indexed = w.keyed(string(w.stashed), string(w.current), stashedKeys, currentKeys, av)
		}
		for i := range tv.Len() {
			elem := tv.Index(i)
			var a reflect.Value
			if av.IsValid() && i < av.Len() {
				a = av.Index(i)
			}
			w.stashed = append(w.stashed[:ns], '[')
			w.current = append(w.current[:nc], '[')
			if i < len(indexed) && indexed[i] >= 0 {
				w.stashed = append(strconv.AppendInt(w.stashed, int64(indexed[i]), 10), ']')
				w.current = append(appendKeys(w.current, elem, keys), ']')
			} else if len(keys) > 0 {
				w.stashed = append(appendKeys(w.stashed, elem, keys), ']')
				w.current = append(appendKeys(w.current, elem, keys), ']')
			} else {
				w.stashed = append(append(w.stashed, elementIndex(at, claimed, i)...), ']')
				w.current = append(strconv.AppendInt(w.current, int64(i), 10), ']')
			}
			if !w.into[string(w.stashed)] {
				continue
			}
			if err := w.value(elem, a, nil, depth+1); err != nil {
				return err
			}
		}
	case reflect.Map:
		sameKeys := av.IsValid() && sameMapKeys(tv.Type().Key(), av.Type().Key())
		for _, k := range sortedMapKeys(tv) {
			var a reflect.Value
			if sameKeys {
				a = av.MapIndex(k.Convert(av.Type().Key()))
			}
			w.stashed = append(appendKeyValue(append(w.stashed[:ns], '['), k), ']')
			if !w.into[string(w.stashed)] {
				continue
			}
			w.current = append(appendKeyValue(append(w.current[:nc], '['), k), ']')
			if err := w.value(tv.MapIndex(k), a, nil, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// claimedIndexes returns the stashed indexes at gives, where the twin's
// list has more elements, n, than the list the client sent (a hook added
// them); nil otherwise.
func claimedIndexes(at []int, n int) map[int]bool {
	if at == nil || n <= len(at) {
		return nil
	}
	claimed := make(map[int]bool, len(at))
	for _, i := range at {
		claimed[i] = true
	}
	return claimed
}

// elementIndex returns what names element i of a list, in brackets, by
// the stashed index at gives it (see boundary.Order.Path): its own index
// where at says nothing and no other element was given it (claimed, the
// indexes at gives, is needed only for i past the end of at), the stashed
// index, or, for an element without one, its index after a "+", which
// names no stashed element.
func elementIndex(at []int, claimed map[int]bool, i int) string {
	switch {
	case i >= len(at) && !claimed[i]:
		return strconv.Itoa(i)
	case i >= len(at) || at[i] < 0:
		return "+" + strconv.Itoa(i)
	}
	return strconv.Itoa(at[i])
}

// --- stashing ---

// elementFingerprints returns the fingerprints of the elements of the
// lists without keys in api, the API version's object filled from twin,
// where a bag or a twinKey entry was stashed at or below an element (at a
// path of stashed): the bag outside status and the bag inside it.
func elementFingerprints(twin, api reflect.Value, stashed []string) (annotated, status propertybag.PropertyBag, err error) {
	below := map[string]bool{} // the lists with something stashed below an element
	for _, path := range stashed {
		for i := 0; i < len(path); i++ {
			if path[i] != '[' {
				continue
			}
			below[path[:i]] = true
			if n := bracketEnd(path[i:]); n > 0 {
				i += n - 1
			}
		}
	}
	if len(below) == 0 {
		return nil, nil, nil
	}
	w := &elementWalker{into: pathsTo(slices.Collect(maps.Keys(below))), list: func(list, _ string, _ int, elems reflect.Value) ([]int, error) {
		if !below[list] || !elems.IsValid() {
			return nil, nil
		}
		fps := &annotated
		if isStatusPath(list) {
			fps = &status
		}
		for i := range elems.Len() {
			fp, err := fingerprint(elems.Index(i))
			if err != nil {
				return nil, fmt.Errorf("%s[%d]: fingerprint: %w", list, i, err)
			}
			if *fps == nil {
				*fps = propertybag.PropertyBag{}
			}
			(*fps)[list+"["+strconv.Itoa(i)+"]"] = `"` + fp + `"` // base64url needs no escapes
		}
		return nil, nil
	}}
	err = w.walk(twin, api)
	return annotated, status, err
}

// --- recalling ---

// takeFingerprints removes the bags of fingerprints from bags and returns
// them by the path of their list and the index of their element. It is an
// error, naming the bag and the path, when a path is not that of a list
// element (inside status for statusElementsBag, outside it for
// elementsBag) or a fingerprint is not a JSON string.
func takeFingerprints(bags propertybag.Bags) (map[string]map[int]string, error) {
	var lists map[string]map[int]string
	for _, name := range []string{elementsBag, statusElementsBag} {
		bag, ok := bags[name]
		if !ok {
			continue
		}
		delete(bags, name)
		inStatus := name == statusElementsBag
		for _, path := range slices.Sorted(maps.Keys(bag)) {
			list, index, ok := splitElementPath(path)
			if !ok || isStatusPath(path) != inStatus {
				where := "outside"
				if inStatus {
					where = "inside"
				}
				return nil, fmt.Errorf("bag %q: %q is not the path of a list element %s status", name, excerpt.Of(path), where)
			}
			fp, err := elementmatch.ReadFingerprint(bag[path])
			if err != nil {
				return nil, fmt.Errorf("bag %q: the fingerprint of %s is not a JSON string: %.100q", name, excerpt.Of(path), bag[path])
			}
			if lists == nil {
				lists = map[string]map[int]string{}
			}
			if lists[list] == nil {
				lists[list] = map[int]string{}
			}
			lists[list][index] = fp
		}
	}
	return lists, nil
}

// splitElementPath splits list[n], the path of a list element, into the
// path of the list and n, written as Stash writes indexes.
func splitElementPath(path string) (list string, n int, ok bool) {
	i := strings.LastIndexByte(path, '[')
	if i < 1 || !strings.HasSuffix(path, "]") {
		return "", 0, false
	}
	index := path[i+1 : len(path)-1]
	n, err := strconv.Atoi(index)
	if err != nil || n < 0 || strconv.Itoa(n) != index {
		return "", 0, false
	}
	return path[:i], n, true
}

// matchElements pairs the elements of elems, a list as the client sent it
// at the API version, with the elements stashed at fps (fingerprints by
// index), one to one, and returns the stashed index of each element, or
// -1 for none, by the rules of package internal/elementmatch, which
// package boundary shares. An element that cannot be encoded has no
// fingerprint, and matches none.
func matchElements(fps map[int]string, elems reflect.Value) []int {
	n := 0
	if elems.IsValid() {
		n = elems.Len()
	}
	got := make([]string, n)
	for j := range n {
		got[j], _ = fingerprint(elems.Index(j))
	}
	return elementmatch.Pair(fps, got)
}

// renamer renames the paths of recalled bags and twinKey entries from the
// paths they were stashed at to the paths of the places they go to now.
type renamer struct {
	reached map[string]bool     // the lists without keys the walk reached, by stashed path
	keyed   map[string]bool     // the lists with keys whose elements an older release stashed by index, by stashed path
	names   map[string][]string // each stashed element path the walk reached: the current paths it names
}

// newRenamer pairs the elements of the lists without keys of src, the
// object a client sent at an API version, with those the fingerprints
// lists (by stashed list path) name, walking dst, its storage twin as the
// copy filled it. Outer lists come first: the elements of a list inside an
// element are named under the element's stashed path, as they were
// stashed. The walk reaches the lists with fingerprints and the lists
// above them: a path below no list it reached names, stashed, the place
// it names now.
//
// A list with list-map keys whose elements held, sorted paths of the
// recalled bags and entries, names by index (stashed by an older release,
// before the keys were declared) is paired as one without keys is (by
// index, or by fingerprint where there are some), as boundary.Match does
// for generated code: the paths below an element's stashed index are
// renamed to its keys, unless its keys already name something in held or
// another element has the same keys (what was stashed at its index is
// then dropped).
func newRenamer(dst, src reflect.Value, lists map[string]map[int]string, held []string) (*renamer, error) {
	rn := &renamer{reached: map[string]bool{}, keyed: map[string]bool{}, names: map[string][]string{}}
	into := slices.AppendSeq(indexedLists(held), maps.Keys(lists))
	w := &elementWalker{into: pathsTo(into), list: func(stashed, current string, n int, elems reflect.Value) ([]int, error) {
		rn.reached[stashed] = true
		var at []int
		if fps := lists[stashed]; len(fps) > 0 {
			at = matchElements(fps, elems)
		}
		claimed := claimedIndexes(at, n)
		for i := range n {
			name := stashed + "[" + elementIndex(at, claimed, i) + "]"
			rn.names[name] = append(rn.names[name], current+"["+strconv.Itoa(i)+"]")
		}
		return at, nil
	}}
	w.keyed = func(stashed, _ string, stashedKeys, currentKeys []string, elems reflect.Value) []int {
		if !bagpath.IndexedBelow(held, stashed) {
			return nil
		}
		rn.keyed[stashed] = true
		var at []int
		if fps := lists[stashed]; len(fps) > 0 {
			at = matchElements(fps, elems)
		}
		claimed := claimedIndexes(at, len(stashedKeys))
		shared := make(map[string]int, len(stashedKeys))
		for _, p := range stashedKeys {
			shared[p]++
		}
		indexed := make([]int, len(stashedKeys))
		for i, p := range stashedKeys {
			indexed[i] = -1
			index := elementIndex(at, claimed, i)
			if !isIndex(index) || shared[p] > 1 || bagpath.AtOrBelow(held, p) {
				continue // "+i": none; or the keys name something, or are shared
			}
			n, _ := strconv.Atoi(index)
			indexed[i] = n
			name := stashed + "[" + strconv.Itoa(n) + "]"
			rn.names[name] = append(rn.names[name], currentKeys[i])
		}
		return indexed
	}
	err := w.walk(dst, src)
	return rn, err
}

// indexedLists returns, for each path of held (the paths of the recalled
// bags and entries) that names a list element by index, the deepest such
// list: the path cut before its last bracket that holds only digits
// (pathsTo adds the lists above it). A path of more than maxBagDepth
// parts, which no walk reaches, is left out.
func indexedLists(held []string) []string {
	var lists []string
	for _, path := range held {
		if parts(path) > maxBagDepth {
			continue
		}
		last := -1
		for i := 0; i < len(path); i++ {
			if path[i] != '[' {
				continue
			}
			n := bracketEnd(path[i:])
			if n < 0 {
				break
			}
			if isIndex(path[i+1 : i+n-1]) {
				last = i
			}
			i += n - 1
		}
		if last > 0 {
			lists = append(lists, path[:last])
		}
	}
	return lists
}

// isIndex reports whether s is a list index as Stash writes it.
func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// rename returns the current path of the place that the stashed path
// names, or false when it names none: below an element of a list the walk
// reached that no element, or more than one, now is. A path through no
// such list is its own, and so is a path of more than maxBagDepth parts,
// which no walk reaches (it is dropped, or its $twin entry refused, as
// without fingerprints): looking up the path up to each of its brackets,
// each hashed whole, would cost time quadratic in the length of a path a
// client wrote.
func (rn *renamer) rename(path string) (string, bool) {
	if parts(path) > maxBagDepth {
		return path, true
	}
	renamed, at := "", 0
	for i := 0; i < len(path); i++ {
		if path[i] != '[' {
			continue
		}
		n := bracketEnd(path[i:])
		if n < 0 {
			break
		}
		if rn.reached[path[:i]] || rn.keyed[path[:i]] && isIndex(path[i+1:i+n-1]) {
			names := rn.names[path[:i+n]]
			if len(names) != 1 {
				return "", false
			}
			renamed, at = names[0], i+n
		}
		i += n - 1
	}
	if at == 0 {
		return path, true
	}
	return renamed + path[at:], true
}

// renameBags returns bags (bags or twinKey entries, by stashed path) by
// the current paths of their places, without those that name none; nil
// when none is left.
func renameBags[T any](rn *renamer, bags map[string]T) map[string]T {
	out := make(map[string]T, len(bags))
	for path, bag := range bags {
		if renamed, ok := rn.rename(path); ok {
			out[renamed] = bag
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
