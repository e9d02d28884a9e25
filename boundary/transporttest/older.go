package transporttest

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/internal/elementmatch"
	"github.com/hubspoke/hubspoke/internal/jsontag"
	"github.com/hubspoke/hubspoke/propertybag"
)

// asOlderRelease rewrites what api (a pointer to the object of the API
// version as its twin was stashed into it) carries as a release would have
// written it before the lists with list-map keys declared them: their
// elements named by index, below every other list too, and fingerprinted
// (see boundary.Elements) where something was stashed below them. twin is
// (a pointer to) the storage twin stashed. It reports whether anything
// was named by keys.
func asOlderRelease(api, twin reflect.Value) (bool, error) {
	w := &olderWalker{renames: map[string]string{}}
	w.value(twin.Elem(), api.Elem(), "", "")
	if w.err != nil {
		return false, w.err
	}
	if len(w.renames) == 0 {
		return false, nil
	}
	var annotated propertybag.Bags
	meta := metaOf(api)
	if meta != nil {
		if text, ok := meta.Annotations[boundary.Annotation]; ok {
			var err error
			if annotated, err = propertybag.UnmarshalBags(text); err != nil {
				return false, err
			}
		}
	}
	statusField := statusBagsField(api)
	status := maps.Clone(statusBagsOf(api))
	rename := func(bags propertybag.Bags) propertybag.Bags {
		out := propertybag.Bags{}
		for path, bag := range bags {
			if path == "#elements" || path == "status.#elements" {
				renamed := propertybag.PropertyBag{}
				for p, fp := range bag {
					renamed[w.rename(p)] = fp
				}
				bag = renamed
			}
			out[w.rename(path)] = bag
		}
		return out
	}
	annotated, status = rename(annotated), rename(status)
	// The lists that had keys, with something below an element: the
	// fingerprints of their elements.
	held := append(slices.Collect(maps.Keys(annotated)), slices.Collect(maps.Keys(status))...)
	sort.Strings(held)
	for _, l := range w.lists {
		if len(l.fps) == 0 {
			continue // the API version shows no elements: nothing to fingerprint
		}
		i := sort.SearchStrings(held, l.path+"[")
		if i == len(held) || !strings.HasPrefix(held[i], l.path+"[") {
			continue
		}
		bags, name := &annotated, "#elements"
		if strings.HasPrefix(l.path, "status.") {
			if !statusField.IsValid() {
				continue
			}
			bags, name = &status, "status.#elements"
		}
		if (*bags)[name] == nil {
			(*bags)[name] = propertybag.PropertyBag{}
		}
		for i, fp := range l.fps {
			(*bags)[name][l.path+"["+strconv.Itoa(i)+"]"] = `"` + fp + `"`
		}
	}
	if meta != nil && len(annotated) > 0 {
		text, err := propertybag.MarshalBags(annotated)
		if err != nil {
			return false, err
		}
		meta.Annotations = maps.Clone(meta.Annotations)
		meta.Annotations[boundary.Annotation] = text
	}
	if statusField.IsValid() && len(status) > 0 {
		statusField.Set(reflect.ValueOf(status))
	}
	return true, nil
}

// olderWalker walks a twin and its API object side by side, naming each
// value by its path now (with keys) and as a release without keys named
// it (with indexes).
type olderWalker struct {
	renames map[string]string // the path of each element of a list with keys, now: its path then
	lists   []olderList
	err     error // the first element that would not encode: the walk stops there
}

// olderList is a list with keys, by its path then, with the fingerprints
// of the API version's elements.
type olderList struct {
	path string
	fps  []string
}

// rename returns path as a release without keys would have written it.
func (w *olderWalker) rename(path string) string {
	renamed, at := "", 0
	for i := 0; i < len(path); i++ {
		if path[i] != '[' {
			continue
		}
		end := closingBracket(path[i:])
		if end < 0 {
			break
		}
		if old, ok := w.renames[path[:i+end+1]]; ok {
			renamed, at = old, i+end+1
		}
		i += end
	}
	if at == 0 {
		return path
	}
	return renamed + path[at:]
}

// closingBracket returns the index in s, which starts with '[', of the ']'
// that closes it, or -1 when none does: a ']' or '"' inside a quoted key
// (written by strconv.Quote, as boundary.Key writes it) does not count.
func closingBracket(s string) int {
	quoted := false
	for i := 1; i < len(s); i++ {
		switch {
		case quoted && s[i] == '\\':
			i++ // the escaped byte
		case s[i] == '"':
			quoted = !quoted
		case !quoted && s[i] == ']':
			return i
		}
	}
	return -1
}

func (w *olderWalker) value(tv, av reflect.Value, now, then string) {
	if w.err != nil {
		return
	}
	for tv.Kind() == reflect.Pointer || tv.Kind() == reflect.Interface {
		if tv.IsNil() {
			return
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
	switch tv.Kind() {
	case reflect.Struct:
		if tv.Type() == metaType || tv.Type() == typeMetaType || tv.Type() == quantityType || tv.Type() == timeType {
			return
		}
		w.fields(tv, av, now, then)
	case reflect.Map:
		for _, k := range tv.MapKeys() {
			var a reflect.Value
			if av.IsValid() && av.Kind() == reflect.Map {
				// The same key type, or two string types: a string type
				// of the version, of which the twin has its own copy.
				if at := av.Type().Key(); at == tv.Type().Key() || at.Kind() == reflect.String && k.Kind() == reflect.String {
					a = av.MapIndex(k.Convert(at))
				}
			}
			key := "[" + keyOf(k) + "]"
			w.value(tv.MapIndex(k), a, now+key, then+key)
		}
	case reflect.Slice, reflect.Array:
		for i := range tv.Len() {
			var a reflect.Value
			if av.IsValid() && (av.Kind() == reflect.Slice || av.Kind() == reflect.Array) && i < av.Len() {
				a = av.Index(i)
			}
			index := "[" + strconv.Itoa(i) + "]"
			w.value(tv.Index(i), a, now+index, then+index)
		}
	}
}

// fields walks the fields of the twin's struct tv and of the API
// version's struct av (invalid when it has none), by JSON name.
func (w *olderWalker) fields(tv, av reflect.Value, now, then string) {
	for i := range tv.NumField() {
		f := tv.Type().Field(i)
		name := jsontag.Name(f)
		if f.Type == bagType || name == "-" {
			continue
		}
		if f.Anonymous && name == "" {
			if ft := f.Type; ft.Kind() == reflect.Struct {
				w.fields(tv.Field(i), av, now, then) // inlined
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		var a reflect.Value
		if av.IsValid() && av.Kind() == reflect.Struct {
			a = fieldByName(av, name)
		}
		fnow, fthen := joinField(now, name), joinField(then, name)
		keys := listMapKeysOf(f)
		if len(keys) == 0 || tv.Field(i).Kind() != reflect.Slice {
			w.value(tv.Field(i), a, fnow, fthen)
			continue
		}
		list := tv.Field(i)
		l := olderList{path: fthen}
		if a.IsValid() && a.Kind() == reflect.Slice {
			for j := range a.Len() {
				text, err := jsonOfPointer(a.Index(j))
				if err != nil {
					w.err = fmt.Errorf("the older release's fingerprint of %s[%d]: %v", fthen, j, err)
					return
				}
				l.fps = append(l.fps, elementmatch.Fingerprint(text))
			}
		}
		w.lists = append(w.lists, l)
		for j := range list.Len() {
			var e reflect.Value
			if a.IsValid() && a.Kind() == reflect.Slice && j < a.Len() {
				e = a.Index(j)
			}
			enow := fnow + "[" + keysOf(list.Index(j), keys) + "]"
			ethen := fthen + "[" + strconv.Itoa(j) + "]"
			w.renames[enow] = ethen
			w.value(list.Index(j), e, enow, ethen)
		}
	}
}

func joinField(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// fieldByName returns the field of struct v, or of a struct it inlines,
// that encoding/json names name.
func fieldByName(v reflect.Value, name string) reflect.Value {
	for i := range v.NumField() {
		f := v.Type().Field(i)
		n := jsontag.Name(f)
		if f.Anonymous && n == "" && f.Type.Kind() == reflect.Struct {
			if inner := fieldByName(v.Field(i), name); inner.IsValid() {
				return inner
			}
			continue
		}
		if f.IsExported() && n == name {
			return v.Field(i)
		}
	}
	return reflect.Value{}
}

func listMapKeysOf(f reflect.StructField) []string {
	var keys []string
	for part := range strings.SplitSeq(f.Tag.Get("hubspoke"), ",") {
		if key, ok := strings.CutPrefix(strings.TrimSpace(part), "listMapKey="); ok && key != "" {
			keys = append(keys, key)
		}
	}
	return keys
}

// keysOf writes the list-map keys of the twin's element elem, as paths
// hold them.
func keysOf(elem reflect.Value, keys []string) string {
	for elem.Kind() == reflect.Pointer && !elem.IsNil() {
		elem = elem.Elem()
	}
	var b []string
	for _, k := range keys {
		var v reflect.Value
		if elem.Kind() == reflect.Struct {
			v = fieldByName(elem, k)
		}
		b = append(b, k+"="+keyOf(v))
	}
	return strings.Join(b, ",")
}

// keyOf writes a key value as boundary.Key does, named types as their
// basic type.
func keyOf(v reflect.Value) string {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return "null"
		}
		v = v.Elem()
	}
	if !v.IsValid() {
		return "null"
	}
	switch v.Kind() {
	case reflect.String:
		return boundary.Key(v.String())
	case reflect.Bool:
		return boundary.Key(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return boundary.Key(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return boundary.Key(v.Uint())
	case reflect.Float32, reflect.Float64:
		return boundary.Key(v.Float())
	}
	return boundary.Key(v.Interface())
}

// jsonOfPointer returns the JSON of a pointer to v, as boundary.Elements
// encodes an element to fingerprint it.
func jsonOfPointer(v reflect.Value) ([]byte, error) {
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return json.Marshal(p.Interface())
}
