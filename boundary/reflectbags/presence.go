package reflectbags

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/internal/bagpath"
	"github.com/hubspoke/hubspoke/internal/excerpt"
	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/internal/jsonzero"
	"github.com/hubspoke/hubspoke/propertybag"
)

// twinKey names the entry of a bag that holds what the twin had of the
// values the API version cannot show; boundary writes the same name (the
// differential tests of the two paths hold them to the same bytes).
const twinKey = "$twin"

// pairPlan is what the presence walk needs of a struct of a storage twin
// and the struct of the API version that corresponds to it: the fields
// whose presence the API version cannot show, and the fields below which
// such fields may sit.
type pairPlan struct {
	presence []presenceField
	below    []pairChild
	needed   bool // a presence field here or below
}

type presenceField struct {
	name      string // JSON name
	twin      int    // index of the field (a pointer) in the twin struct
	api       []int  // index path of the field (a value) in the API struct
	nilOnZero bool   // the API version's zero value is copied back as nil
	isZero    bool   // zero is what the value's IsZero method says
	byJSON    bool   // zero is what writes the zero value's JSON
}

type pairChild struct {
	name string // JSON name
	twin int
	api  []int
	keys []string // list-map keys declared on the twin's field
	// kinds are the containers (reflect.Slice, reflect.Map) on the way
	// from the field to its structs, outermost first: none for a struct
	// field, [Map, Slice] for a map of lists of structs.
	kinds []reflect.Kind
	plan  *pairPlan // of the structs the field holds
}

var isZeroer = reflect.TypeFor[interface{ IsZero() bool }]()

type pairKey struct{ twin, api reflect.Type }

// pairPlanOf returns the plan of the twin object type tt and the API
// object type at, built anew on every call. It has no presence field for
// the status itself (a twin's *Status where the version holds a Status):
// its entry would sit in the object's bag, in the annotation, where a
// client who may not write status could turn an empty status into none,
// or back. Such a status comes back as the conversion makes it.
func pairPlanOf(tt, at reflect.Type) *pairPlan {
	p := buildPairPlan(tt, at, map[pairKey]*pairPlan{})
	if i := slices.IndexFunc(p.presence, func(f presenceField) bool { return f.name == "status" }); i >= 0 {
		p.presence = slices.Delete(slices.Clone(p.presence), i, i+1)
		p.needed = len(p.presence) > 0 || len(p.below) > 0
	}
	return p
}

func buildPairPlan(tt, at reflect.Type, building map[pairKey]*pairPlan) *pairPlan {
	key := pairKey{tt, at}
	if p, ok := building[key]; ok {
		p.needed = true // recursive: assume it may hold what its walk looks for
		return p
	}
	p := &pairPlan{}
	building[key] = p
	apiFields := map[string][]int{}
	collectJSONFields(at, nil, apiFields)
	for i := range tt.NumField() {
		f := tt.Field(i)
		name := jsontag.Name(f)
		if !f.IsExported() || name == "-" || name == "" || f.Type == propertyBagType {
			continue
		}
		ai, ok := apiFields[name]
		if !ok {
			continue
		}
		af := at.FieldByIndex(ai)
		twinType, apiType := f.Type, af.Type
		if twinType.Kind() == reflect.Pointer && apiType.Kind() != reflect.Pointer {
			if pf, ok := presenceOf(name, i, ai, twinType.Elem(), af); ok {
				p.presence = append(p.presence, pf)
				p.needed = true
			}
		}
		child := pairChild{name: name, twin: i, api: ai, keys: listMapKeys(f)}
		te, ae := twinType, apiType
		for te.Kind() == reflect.Slice && ae.Kind() == reflect.Slice || te.Kind() == reflect.Map && ae.Kind() == reflect.Map && sameMapKeys(te.Key(), ae.Key()) {
			child.kinds = append(child.kinds, te.Kind())
			te, ae = te.Elem(), ae.Elem()
		}
		if te.Kind() == reflect.Map || ae.Kind() == reflect.Map {
			continue // maps whose keys differ
		}
		for te.Kind() == reflect.Pointer {
			te = te.Elem()
		}
		for ae.Kind() == reflect.Pointer {
			ae = ae.Elem()
		}
		if te.Kind() != reflect.Struct || ae.Kind() != reflect.Struct || te == ae {
			continue // not a pair of structs, or one type on both sides (copied as it is)
		}
		if child.plan = buildPairPlan(te, ae, building); child.plan.needed {
			p.below = append(p.below, child)
			p.needed = true
		}
	}
	delete(building, key)
	return p
}

// presenceOf returns the presence field of a twin field (a pointer to
// elem) whose API field af holds a plain value, as the generated copy
// treats it: a scalar becomes nil when zero if it is omitempty, and a
// pointer to its value otherwise; a struct of the API version's own
// becomes a pointer to its converted twin, always; a type that both sides
// share (a struct of another package) becomes nil when zero, by its IsZero
// method when it has one and the field is omitempty. One whose zero value
// reads back from JSON as a value of its own (a resource.Quantity's "0")
// comes back from a client set, as a required scalar does: its absent form
// is what needs an entry, and IsZero says what the version shows for it; or,
// without IsZero (Tekton's ParamValue, whose zero is written as "" and read
// back as a string param), the zero value's JSON does.
func presenceOf(name string, twin int, api []int, elem reflect.Type, af reflect.StructField) (presenceField, bool) {
	pf := presenceField{name: name, twin: twin, api: api}
	omitEmpty := slices.Contains(strings.Split(af.Tag.Get("json"), ","), "omitempty")
	switch af.Type.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		pf.nilOnZero = omitEmpty
	case reflect.Struct:
		if elem == af.Type {
			hasIsZero := reflect.PointerTo(af.Type).Implements(isZeroer)
			switch {
			case omitEmpty && hasIsZero:
				pf.nilOnZero, pf.isZero = true, true
			case hasIsZero && !zeroReadsBackAsZero(af.Type):
				// Its zero value is written as a value (a Quantity's "0")
				// that reads back as one the copy keeps: what an absent
				// value is shown as, like a required scalar's 0.
				pf.isZero = true
			case !hasIsZero && !zeroReadsBackAsZero(af.Type):
				// Its zero value is written as JSON that reads back as
				// another value (Tekton's ParamValue's "", a string
				// param), which the copy keeps: an absent value needs an
				// entry, and the version shows as zero what writes the
				// zero value's JSON.
				pf.byJSON = true
			default:
				pf.nilOnZero = true
			}
		}
	default:
		return pf, false
	}
	return pf, true
}

// collectJSONFields maps the JSON names of t's fields to their index
// paths, through the structs it embeds inline, as encoding/json sees them:
// breadth first, so that a field declared higher up hides one of the same
// name further down.
func collectJSONFields(t reflect.Type, index []int, out map[string][]int) {
	type level struct {
		t     reflect.Type
		index []int
	}
	for current := []level{{t, index}}; len(current) > 0; {
		var next []level
		for _, l := range current {
			for i := range l.t.NumField() {
				f := l.t.Field(i)
				name := jsontag.Name(f)
				if name == "-" {
					continue
				}
				idx := append(slices.Clone(l.index), i)
				if f.Anonymous && f.Type.Kind() == reflect.Struct && name == "" {
					next = append(next, level{f.Type, idx})
					continue
				}
				if !f.IsExported() {
					continue
				}
				if _, seen := out[name]; !seen {
					out[name] = idx
				}
			}
		}
		current = next
	}
}

// zeroReadsBackAsZero reports whether the zero value of t, written as JSON
// and read back, is the zero value again (metav1.Time's null), not a value
// of its own (resource.Quantity's "0").
func zeroReadsBackAsZero(t reflect.Type) bool {
	data, err := json.Marshal(reflect.New(t).Interface())
	if err != nil {
		return true
	}
	back := reflect.New(t)
	if err := json.Unmarshal(data, back.Interface()); err != nil {
		return true
	}
	return back.Elem().IsZero()
}

// apiField returns field f of api, a struct of the API version.
func (f *presenceField) apiField(api reflect.Value) reflect.Value {
	if len(f.api) == 1 {
		return api.Field(f.api[0])
	}
	return api.FieldByIndex(f.api)
}

// apiZero reports whether the API version's value v of field f is the
// zero value it shows for an absent one.
func (f *presenceField) apiZero(v reflect.Value) bool {
	if f.isZero {
		if !v.CanAddr() {
			c := reflect.New(v.Type())
			c.Elem().Set(v)
			v = c.Elem()
		}
		return v.Addr().Interface().(interface{ IsZero() bool }).IsZero()
	}
	if f.byJSON {
		return jsonzero.Writes(v)
	}
	if k := v.Kind(); k == reflect.Float32 || k == reflect.Float64 {
		return v.Float() == 0 // as the generated code's ==: -0.0 is zero, NaN is not
	}
	return v.IsZero()
}

// presenceWalker walks a storage twin and an object of its API version
// side by side, visiting each pair of structs whose plan has presence
// fields with its path (as Stash names the bag of the twin's struct),
// to do what its mode says there.
type presenceWalker struct {
	mode  int
	write bool // values of maps of structs are visited through copies written back
	path  []byte

	entries map[string]string                     // stashEntries: the entries found, by path
	kept    map[string]map[string]json.RawMessage // countEntries, restoreEntries: the entries to restore
	seen    map[string]int                        // how often each of their paths was reached (countEntries counts)
	landed  []string                              // restoreEntries: the paths of the bags and entries put somewhere, sorted
}

// The presence walk's modes.
const (
	stashEntries   = iota // find the twinKey entries that a stash needs
	countEntries          // count how often the path of each entry is reached
	checkEntries          // check the entries without changing anything
	restoreEntries        // restore what the entries say
)

// walk walks twin and api, pointers to an object of a storage twin and of
// its API version.
func (w *presenceWalker) walk(twin, api reflect.Value) error {
	if !isStructPointer(twin) || !isStructPointer(api) || twin.IsNil() || api.IsNil() {
		return nil
	}
	p := pairPlanOf(twin.Type().Elem(), api.Type().Elem())
	if !p.needed {
		return nil
	}
	w.write = w.mode == restoreEntries
	return w.pair(twin.Elem(), api.Elem(), p, 0)
}

func isStructPointer(v reflect.Value) bool {
	return v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Struct
}

func newPresenceWalker(mode int) *presenceWalker {
	return &presenceWalker{mode: mode}
}

// visit does the walk's work at a pair of structs.
func (w *presenceWalker) visit(path []byte, twin, api reflect.Value, p *pairPlan) error {
	switch w.mode {
	case stashEntries:
		return stashAt(path, twin, api, p, &w.entries)
	case countEntries:
		if _, ok := w.kept[string(path)]; ok {
			w.seen[string(path)]++
		}
		return nil
	}
	kept, ok := w.kept[string(path)]
	if !ok || w.seen[string(path)] != 1 {
		return nil
	}
	return w.restore(path, kept, twin, api, p)
}

func (w *presenceWalker) pair(twin, api reflect.Value, p *pairPlan, depth int) error {
	if depth > maxBagDepth {
		return errTooDeep
	}
	if len(p.presence) > 0 {
		path := w.path
		if len(path) == 0 {
			path = rootPath
		}
		if err := w.visit(path, twin, api, p); err != nil {
			return err
		}
	}
	n := len(w.path)
	defer func() { w.path = w.path[:n] }()
	for i := range p.below {
		c := &p.below[i]
		w.path = appendField(w.path[:n], c.name)
		if err := w.containers(twin.Field(c.twin), api.FieldByIndex(c.api), c, 0, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// containers walks the values of field c below the containers of its
// level and deeper (see pairChild.kinds): list elements both sides hold,
// by index or (at the field's own list) by their list-map keys, and map
// values under the keys both hold.
func (w *presenceWalker) containers(tv, av reflect.Value, c *pairChild, level, depth int) error {
	if depth > maxBagDepth {
		return errTooDeep
	}
	if level == len(c.kinds) {
		return w.structs(tv, av, c.plan, depth)
	}
	m := len(w.path)
	defer func() { w.path = w.path[:m] }()
	if c.kinds[level] == reflect.Slice {
		for j := range min(tv.Len(), av.Len()) {
			elem := tv.Index(j)
			w.path = append(w.path[:m], '[')
			if len(c.keys) > 0 && level == 0 {
				w.path = appendKeys(w.path, elem, c.keys)
			} else {
				w.path = strconv.AppendInt(w.path, int64(j), 10)
			}
			w.path = append(w.path, ']')
			if err := w.containers(elem, av.Index(j), c, level+1, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	twinElem := tv.Type().Elem()
	for _, k := range sortedMapKeys(tv) {
		a := av.MapIndex(k.Convert(av.Type().Key()))
		if !a.IsValid() {
			continue
		}
		w.path = append(w.path[:m], '[')
		w.path = appendKeyValue(w.path, k)
		w.path = append(w.path, ']')
		t := tv.MapIndex(k)
		if !w.write || twinElem.Kind() == reflect.Pointer {
			if err := w.containers(t, a, c, level+1, depth+1); err != nil {
				return err
			}
			continue
		}
		cp := reflect.New(twinElem).Elem()
		cp.Set(t)
		if err := w.containers(cp, a, c, level+1, depth+1); err != nil {
			return err
		}
		tv.SetMapIndex(k, cp)
	}
	return nil
}

// structs walks a pair of values that are structs or pointers to them.
func (w *presenceWalker) structs(tv, av reflect.Value, p *pairPlan, depth int) error {
	for tv.Kind() == reflect.Pointer {
		if tv.IsNil() {
			return nil
		}
		tv = tv.Elem()
	}
	for av.Kind() == reflect.Pointer {
		if av.IsNil() {
			return nil
		}
		av = av.Elem()
	}
	return w.pair(tv, av, p, depth)
}

// twinEntries returns, by path, the twinKey entries that src, a storage
// twin, needs in the bags its API version dst carries: for each field
// whose value dst shows as zero but which the copy back would not restore,
// what src holds (null for absent).
func twinEntries(dst, src any) (map[string]string, error) {
	w := newPresenceWalker(stashEntries)
	err := w.walk(reflect.ValueOf(src), reflect.ValueOf(dst))
	return w.entries, err
}

// stashAt adds to entries the twinKey entry of the pair of structs twin
// and api, of plan p, at path, if it needs one.
func stashAt(path []byte, twin, api reflect.Value, p *pairPlan, entries *map[string]string) error {
	var kept map[string]json.RawMessage
	for i := range p.presence {
		f := &p.presence[i]
		// An entry is needed where the twin holds the form the copy back
		// would not give for the zero value shown: nil where zero becomes
		// a pointer, a pointer where zero becomes nil.
		tv := twin.Field(f.twin)
		if tv.IsNil() == f.nilOnZero || !f.apiZero(f.apiField(api)) {
			continue
		}
		var text json.RawMessage
		switch {
		case tv.IsNil():
			text = json.RawMessage("null")
		default:
			b, err := json.Marshal(tv.Interface())
			if err != nil {
				return fmt.Errorf("%s.%s: %w", path, f.name, err)
			}
			if string(b) == "null" {
				continue // its JSON says absent too (a zero metav1.Time): nothing to keep
			}
			text = b
		}
		if kept == nil {
			kept = map[string]json.RawMessage{}
		}
		kept[f.name] = text
	}
	if kept == nil {
		return nil
	}
	text, err := json.Marshal(kept)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if *entries == nil {
		*entries = map[string]string{}
	}
	(*entries)[string(path)] = string(text)
	return nil
}

// withTwinEntries returns the bags of a stash with each bag's twinKey
// entry replaced by the one entries holds for its path (a stale one from
// the twin's own bags is dropped). Bags are cloned before they change.
func withTwinEntries(annotated, status propertybag.Bags, entries map[string]string) (propertybag.Bags, propertybag.Bags) {
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
	if len(entries) == 0 {
		return annotated, status
	}
	for _, path := range slices.Sorted(maps.Keys(entries)) {
		bags := &annotated
		if isStatusPath(path) {
			bags = &status
		}
		bag := maps.Clone((*bags)[path])
		if bag == nil {
			bag = propertybag.PropertyBag{}
		}
		bag[twinKey] = entries[path]
		*bags = addBag(*bags, path, bag)
	}
	return annotated, status
}

// takeTwinEntries removes the twinKey entries from bags (private maps of
// Recall) and returns them by path, each decoded.
func takeTwinEntries(bags propertybag.Bags) (map[string]map[string]json.RawMessage, error) {
	var out map[string]map[string]json.RawMessage
	for path, bag := range bags {
		text, ok := bag[twinKey]
		if !ok {
			continue
		}
		delete(bag, twinKey)
		if len(bag) == 0 {
			delete(bags, path)
		}
		var kept map[string]json.RawMessage
		d := json.NewDecoder(strings.NewReader(text))
		d.UseNumber()
		if err := d.Decode(&kept); err != nil || kept == nil || d.More() {
			return nil, fmt.Errorf("bag %q: %s is not a JSON object of property values: %.100q", excerpt.Of(path), twinKey, text)
		}
		if out == nil {
			out = map[string]map[string]json.RawMessage{}
		}
		out[path] = kept
	}
	return out, nil
}

// checkTwin checks the twinKey entries against dst, a storage twin filled
// from src, its API version, without changing anything, and returns how
// often the path of each was reached: an entry whose place is gone (0) or
// is reached twice (list elements with the same keys) is dropped, as a bag
// would be.
//
// An entry at a path where the twin has no struct with a field whose value
// this version shows differently (the object itself when only spec and
// status sit there, a struct of another package, a list without its
// element's key, a field the twin does not have) has nothing to restore:
// it is an error naming the bag and the property, never dropped.
func checkTwin(dst, src any, entries map[string]map[string]json.RawMessage) (map[string]int, error) {
	if isStructPointer(reflect.ValueOf(dst)) && isStructPointer(reflect.ValueOf(src)) {
		p := pairPlanOf(reflect.TypeOf(dst).Elem(), reflect.TypeOf(src).Elem())
		for _, path := range slices.Sorted(maps.Keys(entries)) {
			if at := p.at(path); at == nil || len(at.presence) == 0 {
				names := "no property"
				if kept := slices.Sorted(maps.Keys(entries[path])); len(kept) > 0 {
					names = strconv.Quote(kept[0])
				}
				return nil, fmt.Errorf("bag %q: %s names %s, but no field there is one this version shows in place of what the storage twin %s holds",
					excerpt.Of(path), twinKey, excerpt.Of(names), typeName(reflect.TypeOf(dst).Elem()))
			}
		}
	}
	seen := map[string]int{}
	w := newPresenceWalker(countEntries)
	w.kept, w.seen = entries, seen
	err := w.walk(reflect.ValueOf(dst), reflect.ValueOf(src))
	if err != nil {
		return nil, err
	}
	w = newPresenceWalker(checkEntries)
	w.kept, w.seen = entries, seen
	err = w.walk(reflect.ValueOf(dst), reflect.ValueOf(src))
	return seen, err
}

// restoreTwin gives the fields of dst what the twinKey entries, checked by
// checkTwin, say the twin held, where src still shows the zero value it
// showed for them. It cannot fail.
//
// An entry null for a struct (the twin held none) where bags or entries
// landed in that struct or below (landed: their paths, sorted), which no
// stash writes, keeps them in a struct made for them, as the generated
// transport does (it makes the struct anew after the entry set it to nil):
// the struct holds what landed and nothing of what the copy put there.
func restoreTwin(dst, src any, entries map[string]map[string]json.RawMessage, seen map[string]int, landed []string) {
	w := newPresenceWalker(restoreEntries)
	w.kept, w.seen, w.landed = entries, seen, landed
	_ = w.walk(reflect.ValueOf(dst), reflect.ValueOf(src))
}

// keepLanded puts into dst, a new struct of src's type at path, the bags
// of src and, at each struct below it that something in landed reaches,
// those of that struct: what the generated transport's recall puts into a
// struct it makes (its lists and maps are empty, so nothing lands there).
func keepLanded(dst, src reflect.Value, path []byte, landed []string, depth int) {
	if depth > maxBagDepth {
		return
	}
	p := structPlanOf(src.Type())
	if p.bag >= 0 {
		dst.Field(p.bag).Set(src.Field(p.bag))
	}
	for _, f := range p.fields {
		at := path
		if !f.inline {
			at = appendField(slices.Clip(path), f.name)
		}
		sv := src.Field(f.index)
		switch {
		case sv.Kind() == reflect.Struct:
			keepLanded(dst.Field(f.index), sv, at, landed, depth+1)
		case sv.Kind() == reflect.Pointer && sv.Type().Elem().Kind() == reflect.Struct && !sv.IsNil() && bagpath.AtOrBelow(landed, string(at)):
			made := reflect.New(sv.Type().Elem())
			keepLanded(made.Elem(), sv.Elem(), at, landed, depth+1)
			dst.Field(f.index).Set(made)
		}
	}
}

func (w *presenceWalker) restore(path []byte, kept map[string]json.RawMessage, twin, api reflect.Value, p *pairPlan) error {
	for _, name := range slices.Sorted(maps.Keys(kept)) {
		i := slices.IndexFunc(p.presence, func(f presenceField) bool { return f.name == name })
		if i < 0 {
			return fmt.Errorf("bag %q: %s names %q, which is not a value this version shows in place of what the storage twin %s holds",
				excerpt.Of(string(path)), twinKey, excerpt.Of(name), typeName(twin.Type()))
		}
		f := &p.presence[i]
		field := twin.Field(f.twin)
		text := kept[name]
		var v reflect.Value
		switch {
		case bytes.Equal(text, []byte("null")):
			v = reflect.Zero(field.Type())
		case !f.nilOnZero:
			// This version shows only an absent value differently.
			return fmt.Errorf("bag %q: %s: the value of %q can only be null (absent)", excerpt.Of(string(path)), twinKey, name)
		default:
			v = reflect.New(field.Type().Elem())
			d := json.NewDecoder(bytes.NewReader(text))
			d.DisallowUnknownFields()
			if err := d.Decode(v.Interface()); err != nil {
				return fmt.Errorf("bag %q: %s: the value of %q does not fit %s: %v", excerpt.Of(string(path)), twinKey, name, field.Type().Elem(), err)
			}
			// It can only choose the explicit form of what this version
			// shows as empty, never set a value.
			if !f.apiZero(v.Elem()) {
				return fmt.Errorf("bag %q: %s: the value of %q is %s, which this version would show; only an empty one can stand for what it shows as absent", excerpt.Of(string(path)), twinKey, name, excerpt.Of(string(text)))
			}
		}
		if w.mode == restoreEntries && f.apiZero(f.apiField(api)) { // else the client changed it
			if v.IsZero() && field.Type().Elem().Kind() == reflect.Struct && !field.IsNil() {
				var at []byte
				if string(path) != string(rootPath) {
					at = slices.Clip(path)
				}
				if at = appendField(at, name); bagpath.AtOrBelow(w.landed, string(at)) {
					v = reflect.New(field.Type().Elem())
					keepLanded(v.Elem(), field.Elem(), at, w.landed, 0)
				}
			}
			field.Set(v)
		}
	}
	return nil
}

// at returns the plan of the structs at path (as the walk writes paths:
// "." for the object, "spec.ports[name=a].limits"), below p, the plan of
// the objects; nil when the path leads nowhere the walk goes. The keys and
// indexes in brackets are skipped, not matched: the plan is the same for
// every element.
func (p *pairPlan) at(path string) *pairPlan {
	if path == string(rootPath) {
		return p
	}
	for rest := path; ; {
		end := strings.IndexAny(rest, ".[")
		if end < 0 {
			end = len(rest)
		}
		name := rest[:end]
		rest = rest[end:]
		i := slices.IndexFunc(p.below, func(c pairChild) bool { return c.name == name })
		if name == "" || i < 0 {
			return nil
		}
		c := &p.below[i]
		p = c.plan
		for range c.kinds {
			n := bracketEnd(rest)
			if n < 0 {
				return nil
			}
			rest = rest[n:]
		}
		if rest == "" {
			return p
		}
		if rest[0] != '.' {
			return nil
		}
		rest = rest[1:]
	}
}

// bracketEnd returns the length of the "[...]" that s begins with, whose
// keys may be quoted strings holding brackets, or -1.
func bracketEnd(s string) int {
	if !strings.HasPrefix(s, "[") {
		return -1
	}
	quoted := false
	for i := 1; i < len(s); i++ {
		switch {
		case quoted && s[i] == '\\':
			i++
		case s[i] == '"':
			quoted = !quoted
		case !quoted && s[i] == ']':
			return i + 1
		}
	}
	return -1
}
