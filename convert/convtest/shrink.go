package convtest

import (
	"maps"
	"math"
	"reflect"
	"slices"
	"unicode/utf8"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	"github.com/leanovate/gopter"
	"k8s.io/apimachinery/pkg/runtime"
)

// The shrinker proposes smaller variants of a failing object, biggest
// reductions first: everything but the metadata gone, then, breadth first,
// each field, pointer, slice, map or bag zeroed, each slice element and map
// or bag entry removed, each string emptied or shortened, each number
// zeroed or halved. gopter keeps the first variant that still fails and
// asks again, until no variant fails.

// step is one move from a value to a value it contains.
type step struct {
	kind stepKind
	i    int           // field or element index
	key  reflect.Value // map key
}

type stepKind int

const (
	stepField stepKind = iota
	stepElem           // pointer target
	stepIndex          // slice or array element
	stepKey            // map value
)

// edit is one proposed change: op applied to the value at path.
type edit struct {
	path []step
	op   func(reflect.Value)
}

// shrinkSample is the gopter.Shrinker of generator.versionGen.
func (g *generator) shrinkSample(value any) gopter.Shrink {
	s, ok := value.(*sample)
	if !ok || s == nil {
		return gopter.NoShrink
	}
	if s.Err != nil {
		// The conversion that should have produced the sample failed:
		// shrink the object it was converting, keeping variants that fail
		// to convert too.
		next := g.shrinkObject(s.Source)
		return func() (any, bool) {
			src, ok := next()
			if !ok {
				return nil, false
			}
			c := *s
			c.Source, c.Shrunk = src, s.Shrunk+1
			c.Object, c.Err = g.derive(src, s.Version)
			return &c, true
		}
	}
	if s.recipe != nil {
		return g.shrinkRecipe(s)
	}
	next := g.shrinkObject(s.Object)
	return func() (any, bool) {
		obj, ok := next()
		if !ok {
			return nil, false
		}
		c := *s
		c.Object, c.Shrunk = obj, s.Shrunk+1
		return &c, true
	}
}

// shrinkObject returns a stream of smaller variants of obj, each a new
// object.
func shrinkObject(obj runtime.Object, cfg *config) func() (runtime.Object, bool) {
	edits := proposeEdits(reflect.ValueOf(obj).Elem(), cfg)
	i := 0
	return func() (runtime.Object, bool) {
		if i >= len(edits) {
			return nil, false
		}
		e := edits[i]
		i++
		c := cloneObject(obj)
		atPath(reflect.ValueOf(c).Elem(), e.path, e.op)
		return c, true
	}
}

// maxEdits bounds the variants proposed per round; gopter asks again after
// every successful step, so big objects still shrink all the way.
const maxEdits = 4000

// proposeEdits lists the variants of root (a struct), breadth first.
func proposeEdits(root reflect.Value, cfg *config) []edit {
	var edits []edit
	add := func(path []step, op func(reflect.Value)) {
		if len(edits) < maxEdits {
			edits = append(edits, edit{path: path, op: op})
		}
	}
	// Everything but the metadata, in one go.
	if root.Kind() == reflect.Struct {
		var rest []int
		for i := range root.NumField() {
			f := root.Field(i)
			if root.Type().Field(i).IsExported() && classOf(f.Type()) != classObjectMeta && classOf(f.Type()) != classTypeMeta && !f.IsZero() {
				rest = append(rest, i)
			}
		}
		if len(rest) > 1 || (len(rest) == 1 && hasMeta(root)) {
			add(nil, func(v reflect.Value) {
				for _, i := range rest {
					v.Field(i).SetZero()
				}
			})
		}
	}
	type node struct {
		v    reflect.Value
		path []step
	}
	queue := []node{{root, nil}}
	child := func(n node, s step, v reflect.Value) {
		p := make([]step, len(n.path)+1)
		copy(p, n.path)
		p[len(n.path)] = s
		queue = append(queue, node{v, p})
	}
	for len(queue) > 0 && len(edits) < maxEdits {
		n := queue[0]
		queue = queue[1:]
		v, t := n.v, n.v.Type()
		if v.IsZero() {
			continue
		}
		if _, ok := cfg.custom[t]; ok {
			add(n.path, setZero) // user-generated values: zero or as they are
			continue
		}
		root := len(n.path) == 0
		switch classOf(t) {
		case classTypeMeta:
			continue
		case classTime, classQuantity, classIntOrString, classDuration, classRawJSON, classOpaque:
			add(n.path, setZero)
			continue
		case classBag:
			add(n.path, setZero)
			if v.Len() > 1 { // an empty bag is not a valid bag: never propose one
				for _, k := range sortedKeys(v) {
					add(n.path, deleteKey(k))
				}
			}
			continue
		case classBags:
			// The bags an API version carries: all of them, one bag, or
			// one value of a bag at a time; never an empty bag.
			add(n.path, setZero)
			paths := sortedKeys(v)
			if v.Len() > 1 {
				for _, k := range paths {
					add(n.path, deleteKey(k))
				}
			}
			for _, k := range paths {
				if bag := v.MapIndex(k); bag.Len() > 1 {
					p := append(append([]step(nil), n.path...), step{kind: stepKey, key: k})
					for _, name := range sortedKeys(bag) {
						add(p, deleteKey(name))
					}
				}
			}
			continue
		}
		switch t.Kind() {
		case reflect.Struct:
			if !root {
				add(n.path, setZero)
			}
			for i := range t.NumField() {
				sf := t.Field(i)
				vals, fixed := cfg.fieldValues(t, i)
				fixed = fixed && drawnBy(vals, sf.Type)
				switch f := v.Field(i); {
				case !sf.IsExported():
				case fixed: // FieldValues: zero, fewer elements, or as they are
					if f.IsZero() {
						continue
					}
					p := append(append([]step(nil), n.path...), step{kind: stepField, i: i})
					add(p, setZero)
					switch {
					case f.Kind() == reflect.Slice && f.Len() > 1:
						for j := range f.Len() {
							add(p, removeIndex(j))
						}
					case f.Kind() == reflect.Map && f.Len() > 1:
						for _, k := range sortedKeys(f) {
							add(p, deleteKey(k))
						}
					}
				default:
					child(n, step{kind: stepField, i: i}, v.Field(i))
				}
			}
		case reflect.Pointer:
			add(n.path, setZero)
			child(n, step{kind: stepElem}, v.Elem())
		case reflect.Slice:
			add(n.path, setZero)
			if v.Len() > 0 {
				add(n.path, func(x reflect.Value) { x.Set(reflect.MakeSlice(x.Type(), 0, 0)) })
			}
			if v.Len() > 1 {
				for i := range v.Len() {
					add(n.path, removeIndex(i))
				}
			}
			for i := range v.Len() {
				child(n, step{kind: stepIndex, i: i}, v.Index(i))
			}
		case reflect.Array:
			for i := range v.Len() {
				child(n, step{kind: stepIndex, i: i}, v.Index(i))
			}
		case reflect.Map:
			add(n.path, setZero)
			if v.Len() > 0 {
				add(n.path, func(x reflect.Value) { x.Set(reflect.MakeMap(x.Type())) })
			}
			keys := sortedKeys(v)
			if v.Len() > 1 {
				for _, k := range keys {
					add(n.path, deleteKey(k))
				}
			}
			for _, k := range keys {
				if k.Kind() == reflect.String && k.String() == boundary.Annotation {
					// JSON that conversions parse: never cut it, but
					// remove its bags and their values one by one.
					for _, op := range shrinkBagsText(k, v.MapIndex(k).String()) {
						add(n.path, op)
					}
					continue
				}
				child(n, step{kind: stepKey, key: k}, v.MapIndex(k))
			}
		case reflect.String:
			for _, s := range shorterStrings(v.String()) {
				add(n.path, func(x reflect.Value) { x.SetString(s) })
			}
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			add(n.path, setZero)
			if h := v.Int() / 2; h != 0 {
				add(n.path, func(x reflect.Value) { x.SetInt(h) })
			}
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			add(n.path, setZero)
			if h := v.Uint() / 2; h != 0 {
				add(n.path, func(x reflect.Value) { x.SetUint(h) })
			}
		case reflect.Float32, reflect.Float64:
			add(n.path, setZero)
			if f := math.Trunc(v.Float()); f != v.Float() && f != 0 {
				add(n.path, func(x reflect.Value) { x.SetFloat(f) })
			}
		case reflect.Bool, reflect.Interface:
			add(n.path, setZero)
		}
	}
	return edits
}

func hasMeta(root reflect.Value) bool {
	for i := range root.NumField() {
		if classOf(root.Field(i).Type()) == classObjectMeta {
			return true
		}
	}
	return false
}

func setZero(v reflect.Value) { v.SetZero() }

func deleteKey(k reflect.Value) func(reflect.Value) {
	return func(m reflect.Value) { m.SetMapIndex(k, reflect.Value{}) }
}

func removeIndex(i int) func(reflect.Value) {
	return func(s reflect.Value) {
		out := reflect.MakeSlice(s.Type(), 0, s.Len()-1)
		out = reflect.AppendSlice(out, s.Slice(0, i))
		out = reflect.AppendSlice(out, s.Slice(i+1, s.Len()))
		s.Set(out)
	}
}

// shorterStrings proposes "", the first half, and s without its first or
// its last rune, each at most once and cut at rune boundaries.
func shorterStrings(s string) []string {
	out := []string{""}
	seen := map[string]bool{"": true, s: true}
	propose := func(x string) {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	n := utf8.RuneCountInString(s)
	if n > 2 {
		half := 0
		for i := 0; i < n/2; i++ {
			_, size := utf8.DecodeRuneInString(s[half:])
			half += size
		}
		propose(s[:half])
	}
	_, first := utf8.DecodeRuneInString(s)
	propose(s[first:])
	_, last := utf8.DecodeLastRuneInString(s)
	propose(s[:len(s)-last])
	return out
}

// shrinkBagsText proposes, for the bags text (see boundary.Annotation)
// at key k of a map of strings, the text without one of its bags or, in a
// bag with several values, without one of them. Text that does not parse
// is left alone (removing it whole is proposed with the map's other keys).
func shrinkBagsText(k reflect.Value, text string) []func(reflect.Value) {
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return nil
	}
	set := func(edit func(propertybag.Bags)) func(reflect.Value) {
		return func(m reflect.Value) {
			fewer := propertybag.Bags{}
			for path, bag := range bags {
				fewer[path] = bag.DeepCopy()
			}
			edit(fewer)
			if len(fewer) == 0 {
				m.SetMapIndex(k, reflect.Value{})
				return
			}
			if text, err := propertybag.MarshalBags(fewer); err == nil {
				m.SetMapIndex(k, reflect.ValueOf(text).Convert(m.Type().Elem()))
			}
		}
	}
	var ops []func(reflect.Value)
	paths := slices.Sorted(maps.Keys(bags))
	if len(bags) > 1 {
		for _, path := range paths {
			ops = append(ops, set(func(b propertybag.Bags) { delete(b, path) }))
		}
	}
	for _, path := range paths {
		if len(bags[path]) > 1 {
			for _, name := range slices.Sorted(maps.Keys(bags[path])) {
				ops = append(ops, set(func(b propertybag.Bags) { delete(b[path], name) }))
			}
		}
	}
	return ops
}
