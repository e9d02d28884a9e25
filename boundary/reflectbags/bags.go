// Package reflectbags carries the property bags of a storage twin to its
// API version and back by reflection, for hand-written chains: Stash and
// Recall find every bag, every value the API version cannot show and the
// elements of the lists without keys (which they pair by fingerprint) by
// walking both objects, where the code hubspoke-gen writes names each one
// (see package boundary, whose format they write and read, byte for byte).
// The walk reads the struct tags of the types on every call (no caches, no
// unsafe), so it is several times slower than the generated code; the
// generated code never calls it.
//
// It assumes the copy between the two follows hubspoke-gen's rules for
// plain values (see boundary): a field without omitempty becomes a pointer
// to its value, an omitempty one nil when zero (== decides, so -0.0 is
// zero), a struct of the version's own a pointer to its twin, a type of
// another package nil when zero.
//
// A twin that embeds a struct of an unexported type (or a pointer to one)
// without a JSON name, where that struct holds a bag, is refused with an
// error: encoding/json writes such a struct's fields as the parent's own,
// but reflection cannot set them. Export the type, or give the field a
// name.
package reflectbags

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/internal/bagpath"
	"github.com/hubspoke/hubspoke/internal/excerpt"
	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/internal/typename"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Stash carries every non-empty property bag of src, a storage twin,
// into dst, an object of the API version that src is the twin of. Generated
// code calls it at the end of the copy from the storage twin, before the
// object's hook.
//
// Each bag is named by its path in the object, written with the JSON names
// of the fields: "spec", "spec.birthDate", "status.conditions[2]". The bag
// of the object itself is ".". Elements of a list are addressed by index,
// or, when the list field of the storage twin declares list-map keys with
// the struct tag `hubspoke:"listMapKey=name"` (one listMapKey per key, in
// the order of +listMapKey), by their keys: "spec.ports[name=http]",
// "spec.ports[port=80,protocol=TCP]". Values of a map are addressed by
// key: "spec.zones[west]". A key or key value that is not a plain word is
// written as a JSON string: `spec.zones["eu west"]`. A list without keys
// with a bag or a twinKey entry at or below one of its elements also gets
// the fingerprints of all its elements as dst shows them (see Recall), in
// the bag "#elements" (for a list inside status, "status.#elements" of the
// status bags), from each element's path to its fingerprint, as package
// boundary writes them for generated code.
//
// Bags whose path lies under "status" go into the field of type
// propertybag.Bags of dst's status (by convention
// `PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"“); the
// API server resets status on every write of the main resource and accepts
// it only through the status subresource, so a user who may not write
// status cannot change those values. All other bags go into dst's
// boundary.Annotation, or the annotation is removed when there are none. The
// annotations map is replaced, never modified in place.
//
// Stash also adds, in the bag of each struct, the twinKey entry of the
// fields whose value dst cannot show as src holds it (see twinKey), and
// drops any twinKey entry src's own bags hold (entries under status need
// dst's status bags field, like status bags; without one they are left
// out, and the update keeps the zero). It assumes the copy back
// follows genruntime's rules for plain values: a field without omitempty
// becomes a pointer to its value, an omitempty one nil when zero, a struct
// of the version's own a pointer to its twin, a type of another package nil
// when zero.
//
// Stash only reads src. An error (a status bag and no field to carry
// it, a bag that cannot be encoded) leaves dst unchanged.
func Stash(dst, src any) error {
	api, err := apiPlanOf(dst)
	if err != nil {
		return err
	}
	if err := checkObject(src); err != nil {
		return err
	}
	var annotated, status propertybag.Bags
	stale := false // a bag of src holds a twinKey entry (see withTwinEntries)
	err = walkBags(reflect.ValueOf(src), false, func(path []byte, bag reflect.Value) error {
		b := bag.Interface().(propertybag.PropertyBag)
		if len(b) == 0 {
			return nil
		}
		if _, ok := b[twinKey]; ok {
			stale = true
		}
		if isStatusPath(string(path)) {
			status = addBag(status, string(path), b)
		} else {
			annotated = addBag(annotated, string(path), b)
		}
		return nil
	})
	if err != nil {
		return stashError(dst, src, err)
	}
	for _, reserved := range []string{elementsBag, statusElementsBag} {
		if _, ok := annotated[reserved]; ok {
			return stashError(dst, src, fmt.Errorf("a bag at %q: the name is reserved for the fingerprints of list elements", reserved))
		}
		if _, ok := status[reserved]; ok {
			return stashError(dst, src, fmt.Errorf("a bag at %q: the name is reserved for the fingerprints of list elements", reserved))
		}
	}
	if len(status) > 0 && api.statusBags == nil {
		return stashError(dst, src, fmt.Errorf("%s must carry the status bags %s, but its status has no field of type propertybag.Bags",
			typeName(reflect.TypeOf(dst)), strings.Join(slices.Sorted(maps.Keys(status)), ", ")))
	}
	entries, err := twinEntries(dst, src)
	if err != nil {
		return stashError(dst, src, err)
	}
	// The lists without keys with a bag or an entry below an element get
	// the fingerprints of their elements (see elementsBag).
	// A bag holding a stale twinKey entry alone is dropped: nothing to follow.
	var stashed []string
	for _, bags := range []propertybag.Bags{annotated, status} {
		for path, bag := range bags {
			if _, stale := bag[twinKey]; !stale || len(bag) > 1 {
				stashed = append(stashed, path)
			}
		}
	}
	stashed = append(stashed, slices.Collect(maps.Keys(entries))...)
	fps, statusFPs, err := elementFingerprints(reflect.ValueOf(src), reflect.ValueOf(dst), stashed)
	if err != nil {
		return stashError(dst, src, err)
	}
	if fps != nil {
		annotated = addBag(annotated, elementsBag, fps)
	}
	if statusFPs != nil && api.statusBags != nil {
		status = addBag(status, statusElementsBag, statusFPs)
	}
	if stale || len(entries) > 0 {
		annotated, status = withTwinEntries(annotated, status, entries)
	}
	meta := objectMeta(dst)
	text := ""
	if len(annotated) > 0 {
		if meta == nil {
			return stashError(dst, src, fmt.Errorf("%s has no metadata to carry the bags %s", typeName(reflect.TypeOf(dst)),
				strings.Join(slices.Sorted(maps.Keys(annotated)), ", ")))
		}
		if text, err = propertybag.MarshalBags(annotated); err != nil {
			return stashError(dst, src, err)
		}
	}
	if api.statusBags != nil {
		if field := api.statusField(reflect.ValueOf(dst), true); field.IsValid() {
			field.Set(reflect.ValueOf(status))
		}
	}
	if meta == nil {
		return nil
	}
	if text == "" {
		if _, ok := meta.Annotations[boundary.Annotation]; ok {
			meta.Annotations = withoutKey(meta.Annotations, boundary.Annotation)
		}
		return nil
	}
	annotations := make(map[string]string, len(meta.Annotations)+1)
	maps.Copy(annotations, meta.Annotations)
	annotations[boundary.Annotation] = text
	meta.Annotations = annotations
	return nil
}

// Recall puts the bags that src, an object of an API version, carries
// (see Stash) back into dst, its storage twin, after the generated copy
// has filled dst from src. Each bag goes to the place its path names; where
// the copy already put values into that bag, those win. A bag whose place is
// gone (the client removed the element, or the key of a keyed list element
// changed) is dropped; where list-map keys are declared, a bag follows its
// element's keys whatever the client did to the order, and when two
// elements have the same keys neither gets it. Without keys, the elements
// src holds are paired with the stashed ones by their fingerprints, by
// package boundary's rules (boundary.Match): an element keeps the values
// stashed at its index if its fingerprint is the one stashed there, else
// takes the first unpaired stashed element with its fingerprint (it moved),
// else it is paired by position among the elements that kept theirs
// (edited in place), where that can be told, else nothing (it is new). So
// a client that reorders the list, or removes an element before the last,
// does not move values that only other versions know between elements; one
// that moves an element and changes it in one write, or changes one beside
// one it deletes, cannot be told from one that adds it. The bags and entries below
// an element are renamed from the paths they were stashed at to the
// element's path now, outer lists first (a list inside an element was
// stashed under the element's stashed index). A list without fingerprints
// (stashed by an earlier release) is matched by index, as before. A list
// with keys whose elements the annotation names by index (stashed by a
// release before the keys were declared) is matched as one without keys
// is, and what each element had is renamed to its keys, as
// boundary.Match does for generated code: paths by keys win over indexes
// for the same element, and elements that share keys get nothing from
// the indexes.
//
// Where dst holds no struct (a nil pointer) at a place that src holds by
// value, Recall makes one for the bags and entries that go there or below,
// and only for those: a path that names no place in it, or an empty bag,
// leaves the pointer nil.
//
// The twinKey entries are taken out of the bags before they are placed;
// each restores what the storage twin held for the fields it names where
// src still shows the zero value it showed for them. Like a bag, an entry
// whose place is gone, or is reached twice, is dropped. An entry null for
// a struct in which bags or entries land (which no stash writes) leaves
// them a struct made for them, as the generated transport does.
//
// Recall removes boundary.Annotation from dst's metadata (dst's annotations
// map is replaced, not modified). It is an error, naming the annotation and
// the path, when the annotation is not a JSON object of bags or names a bag
// under status (status bags travel only in status), when the status
// field holds a bag outside status, when a bag of fingerprints names a
// path that is not a list element's (on its side of status) or holds a
// fingerprint that is not a JSON string, or when a twinKey entry names a field
// the version shows no plain value for (at the object itself, "." with spec
// and status, no field ever has one) or holds a value that does not fit
// it; dst is then left as it was.
func Recall(dst, src any) error {
	api, err := apiPlanOf(src)
	if err != nil {
		return err
	}
	if err := checkObject(dst); err != nil {
		return err
	}
	// bags holds private maps only: decoded from the annotation, or cloned
	// from src's status, so they can be moved into dst without a copy.
	var bags propertybag.Bags
	if meta := objectMeta(src); meta != nil {
		if text, ok := meta.Annotations[boundary.Annotation]; ok {
			if bags, err = propertybag.UnmarshalBags(text); err != nil {
				return recallError(src, dst, err)
			}
			for path := range bags {
				if isStatusPath(path) {
					return recallError(src, dst, fmt.Errorf("annotation %s names the status bag %q: status bags travel only in the status, through the status subresource", boundary.Annotation, excerpt.Of(path)))
				}
			}
		}
	}
	if api.statusBags != nil {
		if field := api.statusField(reflect.ValueOf(src), false); field.IsValid() {
			for path, bag := range field.Interface().(propertybag.Bags) {
				if !isStatusPath(path) {
					return recallError(src, dst, fmt.Errorf("status field %s holds the bag %q, which lies outside status", api.statusName, excerpt.Of(path)))
				}
				bags = addBag(bags, path, bag.DeepCopy())
			}
		}
	}
	lists, err := takeFingerprints(bags)
	if err != nil {
		return recallError(src, dst, err)
	}
	twin, err := takeTwinEntries(bags)
	if err != nil {
		return recallError(src, dst, err)
	}
	if held := bagpath.Sorted(bags, twin); lists != nil || len(indexedLists(held)) > 0 {
		// Name each bag and entry by the place it goes to now: below a
		// list without keys, the element the client sent that it was
		// stashed with; below a list with keys whose elements an older
		// release named by index, the element it was stashed with, by
		// its keys.
		rn, err := newRenamer(reflect.ValueOf(dst), reflect.ValueOf(src), lists, held)
		if err != nil {
			return recallError(src, dst, err)
		}
		bags, twin = renameBags(rn, bags), renameBags(rn, twin)
	}
	// made holds the pointers to the structs made below (madeAt their
	// paths), set back to nil when Recall fails after them, so that dst is
	// left as it was, and, at the end, those nothing was put in.
	var made []reflect.Value
	var madeAt []string
	undo := func(err error) error {
		for _, v := range slices.Backward(made) {
			v.SetZero()
		}
		return recallError(src, dst, err)
	}
	if len(bags) > 0 || twin != nil {
		// Bags below a struct the twin does not hold are kept, in a struct
		// made for them, where the version holds that struct by value (its
		// copy leaves the twin's pointer nil when the struct shows nothing);
		// where the version holds a pointer, the client set it to null and
		// what lay below goes with it, as a removed list element's does.
		apiType := reflect.TypeOf(src).Elem()
		held := bagpath.Sorted(bags, twin)
		w := &bagWalker{visit: func([]byte, reflect.Value) error { return nil }, plans: map[reflect.Type]*structPlan{},
			alloc: func(path []byte) bool {
				return heldByValue(apiType, string(path)) && bagpath.AtOrBelow(held, string(path))
			}}
		err := w.value(reflect.ValueOf(dst), nil, 0)
		made, madeAt = w.made, w.madeAt
		if err != nil {
			return undo(err)
		}
	}
	var seen map[string]int
	if twin != nil {
		seen, err = checkTwin(dst, src, twin)
	}
	if err != nil {
		return undo(err)
	}
	// landed holds the paths of the bags and entries put somewhere below:
	// those reached once, with something in them.
	var landed []string
	for path, n := range seen {
		if n == 1 && len(twin[path]) > 0 {
			landed = append(landed, path)
		}
	}
	if len(bags) > 0 {
		// Find the places first, so that a path reached twice (elements
		// with the same keys) gets nothing rather than a guess. Places
		// that can be set directly are set after this one walk; a place
		// inside a map value (which the walk sees as a copy) needs a
		// second walk that writes the map values back.
		type place struct {
			bag   reflect.Value
			count int
		}
		var places map[string]*place
		settable := true
		err = walkBags(reflect.ValueOf(dst), false, func(path []byte, bag reflect.Value) error {
			if _, ok := bags[string(path)]; ok {
				if places == nil {
					places = make(map[string]*place, len(bags))
				}
				p := places[string(path)]
				if p == nil {
					p = &place{bag: bag}
					places[string(path)] = p
				}
				p.count++
				settable = settable && bag.CanSet()
			}
			return nil
		})
		if err != nil {
			return undo(err)
		}
		put := func(path string, bag reflect.Value) {
			recalled := bags[path]
			if existing := bag.Interface().(propertybag.PropertyBag); len(existing) > 0 {
				maps.Copy(recalled, existing) // what the copy put there wins
			}
			bag.Set(reflect.ValueOf(recalled))
		}
		for path, p := range places {
			if p.count == 1 && len(bags[path]) > 0 {
				landed = append(landed, path)
			}
		}
		switch {
		case len(places) == 0:
		case settable:
			for path, p := range places {
				if p.count == 1 {
					put(path, p.bag)
				}
			}
		default:
			_ = walkBags(reflect.ValueOf(dst), true, func(path []byte, bag reflect.Value) error {
				if p := places[string(path)]; p != nil && p.count == 1 {
					put(string(path), bag)
				}
				return nil
			})
		}
	}
	slices.Sort(landed)
	if twin != nil {
		restoreTwin(dst, src, twin, seen, landed)
	}
	if len(made) > 0 {
		// A struct made for a path that names no place in it, or for an
		// empty bag, holds nothing: the twin's pointer stays nil.
		for i, v := range slices.Backward(made) {
			if !bagpath.AtOrBelow(landed, madeAt[i]) {
				v.SetZero()
			}
		}
	}
	if m := objectMeta(dst); m != nil {
		if _, ok := m.Annotations[boundary.Annotation]; ok {
			m.Annotations = withoutKey(m.Annotations, boundary.Annotation)
		}
	}
	return nil
}

// heldByValue reports whether the struct at path (as the walk writes paths:
// JSON names joined by dots, list elements and map values in brackets) is
// held by value in a value of type t, so that it cannot be null there. A
// path t has no place for (or cannot be followed) counts as held by value.
func heldByValue(t reflect.Type, path string) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if path == "." {
		return true
	}
	for i := 0; i < len(path); {
		switch path[i] {
		case '[':
			n := bracketEnd(path[i:])
			if n < 0 {
				return true
			}
			if k := t.Kind(); k != reflect.Slice && k != reflect.Array && k != reflect.Map {
				return true
			}
			t, i = t.Elem(), i+n
		case '.':
			i++
		default:
			j := i
			for j < len(path) && path[j] != '.' && path[j] != '[' {
				j++
			}
			for t.Kind() == reflect.Pointer {
				t = t.Elem()
			}
			if t.Kind() != reflect.Struct {
				return true
			}
			f, ok := jsonFieldType(t, path[i:j])
			if !ok {
				return true
			}
			t, i = f, j
		}
	}
	return t.Kind() != reflect.Pointer
}

// jsonFieldType returns the type of the field of struct type t that
// encoding/json names name, looking into inlined embedded structs.
func jsonFieldType(t reflect.Type, name string) (reflect.Type, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		n := jsontag.Name(f)
		if !f.IsExported() && !f.Anonymous || n == "-" {
			continue
		}
		if f.Anonymous && n == "" {
			et := f.Type
			for et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				if ft, ok := jsonFieldType(et, name); ok {
					return ft, true
				}
			}
			continue
		}
		if n == name {
			return f.Type, true
		}
	}
	return nil, false
}

func addBag(bags propertybag.Bags, path string, bag propertybag.PropertyBag) propertybag.Bags {
	if bags == nil {
		bags = propertybag.Bags{}
	}
	bags[path] = bag
	return bags
}

func isStatusPath(path string) bool {
	rest, ok := strings.CutPrefix(path, "status")
	return ok && (rest == "" || rest[0] == '.' || rest[0] == '[')
}

func stashError(dst, src any, err error) error {
	return fmt.Errorf("hubspoke: carrying the property bags of %s to %s: %w", typeName(reflect.TypeOf(src)), typeName(reflect.TypeOf(dst)), err)
}

func recallError(src, dst any, err error) error {
	return fmt.Errorf("hubspoke: restoring the property bags of %s from %s: %w", typeName(reflect.TypeOf(dst)), typeName(reflect.TypeOf(src)), err)
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

// --- the API version's side: where its status carries bags ---

var bagsType = reflect.TypeFor[propertybag.Bags]()

// apiPlan says where an API version's status keeps its bags: the field
// path (indexes) from the object to a field of type propertybag.Bags.
type apiPlan struct {
	status     int   // index of the status field in the object struct, -1 if none
	statusPtr  bool  // the status field is a pointer to a struct
	statusBags []int // index of the Bags field in the status struct; nil if none
	statusName string
}

// checkObject returns an error unless obj is a non-nil pointer to a struct.
func checkObject(obj any) error {
	t := reflect.TypeOf(obj)
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct || reflect.ValueOf(obj).IsNil() {
		return fmt.Errorf("hubspoke: property bags: want a non-nil pointer to an object struct, got %T", obj)
	}
	return nil
}

func apiPlanOf(obj any) (*apiPlan, error) {
	if err := checkObject(obj); err != nil {
		return nil, err
	}
	t := reflect.TypeOf(obj)
	p := &apiPlan{status: -1}
	st := t.Elem()
	for i := range st.NumField() {
		f := st.Field(i)
		if !f.IsExported() || jsontag.Name(f) != "status" {
			continue
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft, p.statusPtr = ft.Elem(), true
		}
		if ft.Kind() != reflect.Struct {
			break
		}
		for j := range ft.NumField() {
			if ft.Field(j).Type == bagsType {
				p.status, p.statusBags = i, []int{j}
				p.statusName = "status." + jsontag.Name(ft.Field(j))
				break
			}
		}
		break
	}
	return p, nil
}

// statusField returns the Bags field of obj's status (allocating a nil
// status pointer when create is set), or the zero Value.
func (p *apiPlan) statusField(obj reflect.Value, create bool) reflect.Value {
	status := obj.Elem().Field(p.status)
	if p.statusPtr {
		if status.IsNil() {
			if !create {
				return reflect.Value{}
			}
			status.Set(reflect.New(status.Type().Elem()))
		}
		status = status.Elem()
	}
	return status.Field(p.statusBags[0])
}

// --- the storage twin's side: every bag and its path ---

var propertyBagType = reflect.TypeFor[propertybag.PropertyBag]()

// structPlan lists, for one struct type, its own bag field and the fields
// below which a bag may sit.
type structPlan struct {
	bag    int // index of the PropertyBag field, -1 if none
	fields []fieldPlan
	// hidden is an embedded struct of an unexported type that may hold a
	// bag: encoding/json writes its fields as the struct's own, but
	// reflection cannot set them, so the walk refuses the struct.
	hidden *reflect.StructField
}

type fieldPlan struct {
	index  int
	name   string   // JSON name; "" for an inlined embedded struct
	keys   []string // list-map keys (JSON names of the element's fields)
	inline bool
}

// mayHoldBag reports whether a value of type t can contain a PropertyBag.
func mayHoldBag(t reflect.Type) bool {
	return findBag(t, map[reflect.Type]bool{})
}

func findBag(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == propertyBagType {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return findBag(t.Elem(), seen)
	case reflect.Map:
		return findBag(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			// An unexported embedded struct counts: encoding/json writes
			// its fields (structPlanOf refuses it).
			f := t.Field(i)
			if (f.IsExported() || embeddedUnexported(f)) && jsontag.Name(f) != "-" && findBag(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// embeddedUnexported reports whether f embeds an unexported struct type,
// or a pointer to one, without a JSON name: encoding/json writes the
// fields of such a struct as the parent's own, but reflection cannot set
// them.
func embeddedUnexported(f reflect.StructField) bool {
	if f.IsExported() || !f.Anonymous || jsontag.Name(f) != "" {
		return false
	}
	t := f.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}

func structPlanOf(t reflect.Type) *structPlan {
	p := &structPlan{bag: -1}
	for i := range t.NumField() {
		f := t.Field(i)
		name := jsontag.Name(f)
		if embeddedUnexported(f) && mayHoldBag(f.Type) && p.hidden == nil {
			p.hidden = &f
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if f.Type == propertyBagType {
			if p.bag < 0 {
				p.bag = i
			}
			continue
		}
		if !mayHoldBag(f.Type) {
			continue
		}
		fp := fieldPlan{index: i, name: name, keys: listMapKeys(f)}
		// An embedded struct with a JSON name is a field of that name, as
		// encoding/json writes it (and hubspoke-gen names it), whatever
		// options such as ",inline" follow the name.
		if f.Anonymous && name == "" {
			fp.inline, fp.name = true, ""
		}
		p.fields = append(p.fields, fp)
	}
	return p
}

// listMapKeys reads `hubspoke:"listMapKey=a,listMapKey=b"`.
func listMapKeys(f reflect.StructField) []string {
	var keys []string
	for part := range strings.SplitSeq(f.Tag.Get("hubspoke"), ",") {
		if key, ok := strings.CutPrefix(strings.TrimSpace(part), "listMapKey="); ok && key != "" {
			keys = append(keys, key)
		}
	}
	return keys
}

// maxBagDepth bounds the walk, so that a cyclic value cannot recurse for
// ever.
const maxBagDepth = 1000

var errTooDeep = errors.New("objects nested deeper than 1000 levels")

// walkBags calls visit with the path and the PropertyBag field of every bag
// inside v, a pointer to a storage object. The path is valid only during
// the call. When write is set, visit may set the bag: the values of a map of
// structs are then visited through a copy that is written back to the map
// after visit returns.
func walkBags(v reflect.Value, write bool, visit func(path []byte, bag reflect.Value) error) error {
	w := &bagWalker{visit: visit, write: write, plans: map[reflect.Type]*structPlan{}}
	return w.value(v, nil, 0)
}

type bagWalker struct {
	// alloc, when set, is asked at a nil pointer to a struct that can be
	// set whether something lies at or below its path: the walk then
	// allocates the struct, so that what lies there is kept, not dropped.
	alloc  func(path []byte) bool
	made   []reflect.Value // the pointers alloc had the walk set, in the order set
	madeAt []string        // the path of each of made

	visit func(path []byte, bag reflect.Value) error
	write bool
	path  []byte                       // the path of the value being walked; grows and shrinks
	plans map[reflect.Type]*structPlan // the plans of the types met, for this walk
}

// plan returns the structPlan of t from the walker's own cache.
func (w *bagWalker) plan(t reflect.Type) *structPlan {
	p, ok := w.plans[t]
	if !ok {
		p = structPlanOf(t)
		w.plans[t] = p
	}
	return p
}

var rootPath = []byte(".")

func (w *bagWalker) value(v reflect.Value, keys []string, depth int) error {
	if depth > maxBagDepth {
		return errTooDeep
	}
	n := len(w.path)
	defer func() { w.path = w.path[:n] }()
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			if w.alloc == nil || v.Kind() != reflect.Pointer || v.Type().Elem().Kind() != reflect.Struct || !v.CanSet() || !w.alloc(w.path) {
				return nil
			}
			v.Set(reflect.New(v.Type().Elem()))
			w.made, w.madeAt = append(w.made, v), append(w.madeAt, string(w.path))
		}
		return w.value(v.Elem(), keys, depth+1)
	case reflect.Struct:
		p := w.plan(v.Type())
		if p.hidden != nil {
			return fmt.Errorf("%s embeds %s, an unexported type that holds property bags: encoding/json writes its fields as %s's own, but reflectbags cannot reach them (export the type, or give the field a name)",
				v.Type(), p.hidden.Type, v.Type())
		}
		if p.bag >= 0 {
			path := w.path
			if len(path) == 0 {
				path = rootPath
			}
			if err := w.visit(path, v.Field(p.bag)); err != nil {
				return err
			}
		}
		for _, f := range p.fields {
			w.path = w.path[:n]
			if !f.inline {
				w.path = appendField(w.path, f.name)
			}
			if err := w.value(v.Field(f.index), f.keys, depth+1); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			elem := v.Index(i)
			w.path = append(w.path[:n], '[')
			if len(keys) > 0 {
				w.path = appendKeys(w.path, elem, keys)
			} else {
				w.path = strconv.AppendInt(w.path, int64(i), 10)
			}
			w.path = append(w.path, ']')
			if err := w.value(elem, nil, depth+1); err != nil {
				return err
			}
		}
	case reflect.Map:
		elemType := v.Type().Elem()
		for _, k := range sortedMapKeys(v) {
			w.path = append(w.path[:n], '[')
			w.path = appendKeyValue(w.path, k)
			w.path = append(w.path, ']')
			if !w.write || elemType.Kind() == reflect.Pointer || elemType.Kind() == reflect.Interface {
				if err := w.value(v.MapIndex(k), nil, depth+1); err != nil {
					return err
				}
				continue
			}
			elem := reflect.New(elemType).Elem()
			elem.Set(v.MapIndex(k))
			if err := w.value(elem, nil, depth+1); err != nil {
				return err
			}
			v.SetMapIndex(k, elem)
		}
	}
	return nil
}

func appendField(path []byte, name string) []byte {
	if len(path) > 0 {
		path = append(path, '.')
	}
	return append(path, name...)
}

// appendKeys writes the list-map keys of elem: name=value pairs joined by
// commas, in the declared order.
func appendKeys(path []byte, elem reflect.Value, keys []string) []byte {
	for elem.Kind() == reflect.Pointer || elem.Kind() == reflect.Interface {
		if elem.IsNil() {
			break
		}
		elem = elem.Elem()
	}
	for i, key := range keys {
		if i > 0 {
			path = append(path, ',')
		}
		path = append(path, key...)
		path = append(path, '=')
		var value reflect.Value
		if elem.Kind() == reflect.Struct {
			value = jsontag.FieldValue(elem, key)
		}
		path = appendKeyValue(path, value)
	}
	return path
}

// appendKeyValue writes a key: a plain word as it is, null for a missing
// or nil value, numbers and booleans as JSON, any other text as a JSON
// string (so no two keys are written alike).
func appendKeyValue(path []byte, v reflect.Value) []byte {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return append(path, "null"...)
		}
		v = v.Elem()
	}
	if !v.IsValid() {
		return append(path, "null"...)
	}
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if isPlainWord(s) {
			return append(path, s...)
		}
		return strconv.AppendQuote(path, s)
	case reflect.Bool:
		return strconv.AppendBool(path, v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(path, v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(path, v.Uint(), 10)
	case reflect.Float32, reflect.Float64:
		return strconv.AppendFloat(path, v.Float(), 'g', -1, 64)
	}
	return strconv.AppendQuote(path, fmt.Sprint(v.Interface()))
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

// sameMapKeys reports whether a map of the twin, keyed by type tt, and
// one of the API version, keyed by type at, name their entries alike: the
// same key type, or two string types (a string type of the version keys
// the map, map[QualifiedName]DeviceAttribute, and each version and each
// twin has its own copy of it: the keys are the same text, in JSON and in
// the paths). A twin's key k is the API version's k.Convert(at).
func sameMapKeys(tt, at reflect.Type) bool {
	return tt == at || tt.Kind() == reflect.String && at.Kind() == reflect.String
}

func sortedMapKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		return strings.Compare(string(appendKeyValue(nil, a)), string(appendKeyValue(nil, b)))
	})
	return keys
}

func typeName(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return typename.Of(t)
}

func objectMeta(obj any) *metav1.ObjectMeta {
	if a, ok := obj.(metav1.ObjectMetaAccessor); ok {
		if m, ok := a.GetObjectMeta().(*metav1.ObjectMeta); ok {
			return m
		}
	}
	return nil
}
