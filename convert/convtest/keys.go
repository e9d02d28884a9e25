package convtest

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/internal/jsontag"
	"k8s.io/apimachinery/pkg/runtime"
)

// Lists with list-map keys: a storage version declares them with the
// struct tag `hubspoke:"listMapKey=a,listMapKey=b"` (see package boundary),
// and the API version whose twin it is declares the same list with
// +listType=map, so the API server never lets two elements share their
// keys. The kit generates such lists with distinct keys, learning the keys
// of an API version's lists from its storage twin, and never shrinks a
// counter-example into one whose keys repeat: an object the API server
// refuses is no counter-example.

// listKeys records, for a struct type, the fields that hold keyed lists:
// field index → the JSON names of the keys in the element.
type listKeys map[reflect.Type]map[int][]string

// learn records the keyed lists of t (a type of a version) by walking it
// together with twin, the same type in the storage twin (t itself for a
// storage version): a field of t holds a keyed list when the field of twin
// with the same JSON name declares keys. The fields of a struct embedded in
// t inline count as t's.
func (k listKeys) learn(t, twin reflect.Type, seen map[[2]reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map || t.Kind() == reflect.Array {
		if twin.Kind() != t.Kind() {
			if twin.Kind() != reflect.Pointer {
				return
			}
			twin = twin.Elem() // a plain API value, optional in the twin
			continue
		}
		t, twin = t.Elem(), twin.Elem()
	}
	for twin.Kind() == reflect.Pointer {
		twin = twin.Elem()
	}
	if t.Kind() != reflect.Struct || twin.Kind() != reflect.Struct || seen[[2]reflect.Type{t, twin}] {
		return
	}
	seen[[2]reflect.Type{t, twin}] = true
	for i := range t.NumField() {
		f := t.Field(i)
		if isInline(f) {
			k.learn(f.Type, twin, seen) // its fields are t's in JSON, and the twin's
			continue
		}
		name := jsontag.Name(f)
		if !f.IsExported() || name == "-" || name == "" {
			continue
		}
		tf, ok := twinField(twin, name)
		if !ok {
			continue
		}
		if keys := tagKeys(tf); len(keys) > 0 && derefType(f.Type).Kind() == reflect.Slice {
			if k[t] == nil {
				k[t] = map[int][]string{}
			}
			k[t][i] = keys
		}
		k.learn(f.Type, tf.Type, seen)
	}
}

// names returns the JSON names of every list-map key k records.
func (k listKeys) names() []string {
	var names []string
	for _, lists := range k {
		for _, keys := range lists {
			for _, key := range keys {
				if !slices.Contains(names, key) {
					names = append(names, key)
				}
			}
		}
	}
	return names
}

func twinField(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && jsontag.Name(f) == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// tagKeys reads `hubspoke:"listMapKey=a,listMapKey=b"`.
func tagKeys(f reflect.StructField) []string {
	var keys []string
	for part := range strings.SplitSeq(f.Tag.Get("hubspoke"), ",") {
		if key, ok := strings.CutPrefix(strings.TrimSpace(part), "listMapKey="); ok && key != "" {
			keys = append(keys, key)
		}
	}
	return keys
}

// dedupe removes from list (field i of a struct of type t, a slice or a
// pointer to one) every element whose keys an earlier element has.
func (k listKeys) dedupe(t reflect.Type, i int, list reflect.Value) {
	keys := k[t][i]
	list = deref(list)
	if len(keys) == 0 || list.Kind() != reflect.Slice || list.IsNil() {
		return
	}
	seen := map[string]bool{}
	kept := reflect.MakeSlice(list.Type(), 0, list.Len())
	for j := range list.Len() {
		id := keyOf(list.Index(j), keys)
		if !seen[id] {
			seen[id] = true
			kept = reflect.Append(kept, list.Index(j))
		}
	}
	if kept.Len() < list.Len() {
		list.Set(kept)
	}
}

// derefType returns t without its pointers (*[]Port: []Port).
func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// keyOf renders the keys of a list element.
func keyOf(elem reflect.Value, keys []string) string {
	for elem.Kind() == reflect.Pointer && !elem.IsNil() {
		elem = elem.Elem()
	}
	var b strings.Builder
	for _, key := range keys {
		v := reflect.Value{}
		if elem.Kind() == reflect.Struct {
			v = jsontag.FieldValue(elem, key)
		}
		for v.IsValid() && v.Kind() == reflect.Pointer && !v.IsNil() {
			v = v.Elem()
		}
		switch {
		case !v.IsValid(), v.Kind() == reflect.Pointer:
			b.WriteString("null")
		default:
			fmt.Fprintf(&b, "%q", fmt.Sprint(v.Interface()))
		}
		b.WriteByte(',')
	}
	return b.String()
}

// repeated reports whether some keyed list in obj has two elements with the
// same keys.
func (k listKeys) repeated(obj runtime.Object) bool {
	if len(k) == 0 {
		return false
	}
	return someStruct(reflect.ValueOf(obj), func(v reflect.Value) bool {
		for i, keys := range k[v.Type()] {
			if len(keys) == 0 {
				continue
			}
			seen := map[string]bool{}
			list := deref(v.Field(i))
			for j := 0; list.Kind() == reflect.Slice && j < list.Len(); j++ {
				id := keyOf(list.Index(j), keys)
				if seen[id] {
					return true
				}
				seen[id] = true
			}
		}
		return false
	})
}

// someStruct reports whether match holds for some struct in v, at any
// depth (behind pointers and interfaces, in list elements, array elements
// and map values, in exported fields), as far as generated objects reach.
func someStruct(v reflect.Value, match func(reflect.Value) bool) bool {
	var walk func(v reflect.Value, depth int) bool
	walk = func(v reflect.Value, depth int) bool {
		if depth > maxGenDepth*4 {
			return false
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			return !v.IsNil() && walk(v.Elem(), depth+1)
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				if walk(v.Index(i), depth+1) {
					return true
				}
			}
		case reflect.Map:
			for _, key := range v.MapKeys() {
				if walk(v.MapIndex(key), depth+1) {
					return true
				}
			}
		case reflect.Struct:
			if match(v) {
				return true
			}
			t := v.Type()
			for i := range v.NumField() {
				if t.Field(i).IsExported() && walk(v.Field(i), depth+1) {
					return true
				}
			}
		}
		return false
	}
	return walk(v, 0)
}

// refused reports whether the API server would refuse obj: a keyed list
// with two elements of the same keys, or a struct that sets two members of
// a union (OneOf).
func (g *generator) refused(obj runtime.Object) bool {
	return g.keys.repeated(obj) || g.cfg.oneOfBroken(obj)
}

// shrinkObject is the package's shrinkObject without the variants whose
// keyed lists repeat keys or that set two members of a union (shrinking
// only zeroes values, but an object converted from another version is
// shrunk by shrinking that one).
func (g *generator) shrinkObject(obj runtime.Object) func() (runtime.Object, bool) {
	next := shrinkObject(obj, g.cfg)
	return func() (runtime.Object, bool) {
		for {
			v, ok := next()
			if !ok || !g.refused(v) {
				return v, ok
			}
		}
	}
}
