package convtest

import (
	"cmp"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// class says how the generator, the shrinker and the comparisons treat a
// type.
type class int

const (
	classPlain       class = iota // by kind
	classTypeMeta                 // left to the converter
	classObjectMeta               // realistic metadata
	classBag                      // propertybag.PropertyBag
	classTime                     // metav1.Time
	classQuantity                 // resource.Quantity
	classIntOrString              // intstr.IntOrString
	classBags                     // propertybag.Bags: an API version's status bags
	classDuration                 // metav1.Duration
	classRawJSON                  // custom JSON held as text in a field Raw []byte (runtime.RawExtension, apiextensions' JSON), or json.RawMessage
	classOpaque                   // other custom JSON or unusable kind: left zero
)

var (
	typeMetaType    = reflect.TypeFor[metav1.TypeMeta]()
	objectMetaType  = reflect.TypeFor[metav1.ObjectMeta]()
	bagType         = reflect.TypeFor[propertybag.PropertyBag]()
	bagsType        = reflect.TypeFor[propertybag.Bags]()
	timeType        = reflect.TypeFor[metav1.Time]()
	quantityType    = reflect.TypeFor[resource.Quantity]()
	intOrStringType = reflect.TypeFor[intstr.IntOrString]()
	durationType    = reflect.TypeFor[metav1.Duration]()
	bytesType       = reflect.TypeFor[[]byte]()
	rawMessageType  = reflect.TypeFor[json.RawMessage]()
	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
)

var classes sync.Map // reflect.Type -> class

func classOf(t reflect.Type) class {
	if c, ok := classes.Load(t); ok {
		return c.(class)
	}
	c := computeClass(t)
	classes.Store(t, c)
	return c
}

func computeClass(t reflect.Type) class {
	switch t {
	case typeMetaType:
		return classTypeMeta
	case objectMetaType:
		return classObjectMeta
	case bagType:
		return classBag
	case bagsType:
		return classBags
	case timeType:
		return classTime
	case quantityType:
		return classQuantity
	case intOrStringType:
		return classIntOrString
	case durationType:
		return classDuration
	}
	switch t.Kind() {
	case reflect.Interface, reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Complex64, reflect.Complex128, reflect.Uintptr:
		return classOpaque
	case reflect.Pointer:
		return classPlain
	}
	if t == rawMessageType {
		return classRawJSON
	}
	for _, m := range []reflect.Type{jsonMarshaler, textMarshaler} {
		if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
			// (FieldByName panics on a type that is no struct.)
			if t.Kind() != reflect.Struct || m != jsonMarshaler {
				return classOpaque
			}
			if f, ok := t.FieldByName("Raw"); ok && f.Type == bytesType {
				return classRawJSON
			}
			return classOpaque
		}
	}
	return classPlain
}

var bagHolders sync.Map // reflect.Type -> bool

// holdsBag reports whether values of type t can hold a property bag: a
// storage version's do, an API version's do not (its status may hold a
// propertybag.Bags, the bags of its storage twin, but no bag of its own).
func holdsBag(t reflect.Type) bool {
	if v, ok := bagHolders.Load(t); ok {
		return v.(bool)
	}
	v := findBag(t, map[reflect.Type]bool{})
	bagHolders.Store(t, v)
	return v
}

func findBag(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t {
	case bagType:
		return true
	case bagsType:
		return false
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return findBag(t.Elem(), seen)
	case reflect.Map:
		return findBag(t.Elem(), seen)
	case reflect.Struct:
		if classOf(t) != classPlain {
			return false
		}
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && findBag(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// maxDepth bounds recursion through values, so that a cyclic object fails
// with a message instead of exhausting the stack.
const maxDepth = 200

// cloneObject returns a deep copy of obj made by reflection, independent of
// the type's own DeepCopyObject (which the checks do not trust).
func cloneObject(obj runtime.Object) runtime.Object {
	return cloneValue(reflect.ValueOf(obj), 0).Interface().(runtime.Object)
}

// cloneFields replaces every field of out, a settable copy of the struct v,
// that may share memory with v by a deep copy. Reflection cannot set a field
// of an unexported type, but it can set the exported fields of a struct of
// an unexported type embedded by value (as encoding/json does): those are
// copied one by one.
func cloneFields(out, v reflect.Value, depth int) {
	t := v.Type()
	for i := range t.NumField() {
		f := out.Field(i)
		switch {
		case f.CanSet():
			if needsDeepCopy(f.Kind()) {
				f.Set(cloneValue(v.Field(i), depth+1))
			}
		case t.Field(i).Anonymous && f.Kind() == reflect.Struct:
			cloneFields(f, v.Field(i), depth+1)
		}
	}
}

func cloneValue(v reflect.Value, depth int) reflect.Value {
	if depth > maxDepth {
		panic(fmt.Sprintf("convtest: values nested deeper than %d (a cyclic object?)", maxDepth))
	}
	t := v.Type()
	switch t.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return reflect.Zero(t)
		}
		p := reflect.New(t.Elem())
		p.Elem().Set(cloneValue(v.Elem(), depth+1))
		return p
	case reflect.Struct:
		out := reflect.New(t).Elem()
		out.Set(v)
		if classOf(t) == classQuantity {
			q := v.Interface().(resource.Quantity)
			out.Set(reflect.ValueOf(q.DeepCopy()))
			return out
		}
		cloneFields(out, v, depth)
		return out
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(t)
		}
		out := reflect.MakeSlice(t, v.Len(), v.Len())
		if !needsDeepCopy(t.Elem().Kind()) {
			reflect.Copy(out, v)
			return out
		}
		for i := range v.Len() {
			out.Index(i).Set(cloneValue(v.Index(i), depth+1))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return reflect.Zero(t)
		}
		out := reflect.MakeMapWithSize(t, v.Len())
		deep := needsDeepCopy(t.Elem().Kind())
		for it := v.MapRange(); it.Next(); {
			val := it.Value()
			if deep {
				val = cloneValue(val, depth+1)
			}
			out.SetMapIndex(it.Key(), val)
		}
		return out
	case reflect.Array:
		out := reflect.New(t).Elem()
		out.Set(v)
		if needsDeepCopy(t.Elem().Kind()) {
			for i := range v.Len() {
				out.Index(i).Set(cloneValue(v.Index(i), depth+1))
			}
		}
		return out
	case reflect.Interface:
		if v.IsNil() {
			return reflect.Zero(t)
		}
		out := reflect.New(t).Elem()
		out.Set(cloneValue(v.Elem(), depth+1))
		return out
	}
	return v
}

func needsDeepCopy(k reflect.Kind) bool {
	switch k {
	case reflect.Pointer, reflect.Struct, reflect.Slice, reflect.Map, reflect.Array, reflect.Interface:
		return true
	}
	return false
}

// visit calls f on v and, while f returns true, on everything v contains:
// struct fields (exported ones), pointer targets, slice and array elements,
// and map values in key order. Map values are copied out, visited and
// written back, so f may change them. v must be settable for f to change it.
func visit(v reflect.Value, depth int, f func(reflect.Value) bool) {
	if depth > maxDepth {
		panic(fmt.Sprintf("convtest: values nested deeper than %d (a cyclic object?)", maxDepth))
	}
	if !f(v) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			visit(v.Elem(), depth+1, f)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				visit(v.Field(i), depth+1, f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			visit(v.Index(i), depth+1, f)
		}
	case reflect.Map:
		for _, k := range sortedKeys(v) {
			tmp := reflect.New(v.Type().Elem()).Elem()
			tmp.Set(v.MapIndex(k))
			visit(tmp, depth+1, f)
			v.SetMapIndex(k, tmp)
		}
	case reflect.Interface:
		if !v.IsNil() {
			switch e := v.Elem(); e.Kind() {
			case reflect.Pointer, reflect.Map, reflect.Slice:
				visit(e, depth+1, f)
			}
		}
	}
}

// sortedKeys returns m's keys in a deterministic order, so that walks that
// draw random numbers replay exactly.
func sortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	switch m.Type().Key().Kind() {
	case reflect.String:
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmp.Compare(a.String(), b.String()) })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmp.Compare(a.Int(), b.Int()) })
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmp.Compare(a.Uint(), b.Uint()) })
	default:
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return cmp.Compare(fmt.Sprintf("%#v", a.Interface()), fmt.Sprintf("%#v", b.Interface()))
		})
	}
	return keys
}

// scrambledKey is the key scramble adds to every map with string keys.
const scrambledKey = "convtest-scrambled"

// scramble changes, in place, everything reachable from the object: every
// string, number and bool it can set, through pointers, slices and maps, and
// adds a key to every map with string keys. An object that shares memory
// with another changes that other object too, which is how the checks find
// shared memory.
func scramble(obj runtime.Object) {
	visit(reflect.ValueOf(obj), 0, func(v reflect.Value) bool {
		switch v.Kind() {
		case reflect.String:
			if v.CanSet() {
				v.SetString(v.String() + "~")
			}
		case reflect.Bool:
			if v.CanSet() {
				v.SetBool(!v.Bool())
			}
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if v.CanSet() {
				v.SetInt(v.Int() ^ 1)
			}
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			if v.CanSet() {
				v.SetUint(v.Uint() ^ 1)
			}
		case reflect.Float32, reflect.Float64:
			if v.CanSet() {
				if f := v.Float(); f == 0 {
					v.SetFloat(1)
				} else {
					v.SetFloat(-f)
				}
			}
		case reflect.Map:
			if !v.IsNil() && v.Type().Key().Kind() == reflect.String {
				k := reflect.ValueOf(scrambledKey).Convert(v.Type().Key())
				if !v.MapIndex(k).IsValid() {
					v.SetMapIndex(k, reflect.Zero(v.Type().Elem()))
				}
			}
		}
		return true
	})
}

// clearTypeMeta empties apiVersion and kind, which conversions leave to the
// converter.
func clearTypeMeta(obj runtime.Object) {
	obj.GetObjectKind().SetGroupVersionKind(emptyGVK)
}
