package convtest

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The visibility check (visibility.go) addresses values by JSON path. A
// concrete path names one value of one object; a pattern names a property
// wherever it occurs, as the generator's explain does: [*] for any element
// of a list, {*} for any value of a map, ["key"] for the value of one key.

// segKind is what a path segment steps into.
type segKind uint8

const (
	segField   segKind = iota // a member of a struct, by its JSON name
	segIndex                  // an element of a list, at index (in a pattern too: [n] names that one element; [*] is segAnyElem)
	segKey                    // the value of a map at key
	segAnyKey                 // pattern only: the value of a map at any key
	segAnyElem                // pattern only: any element of a list
)

// seg is one step of a path.
type seg struct {
	kind  segKind
	name  string // segField: the JSON name; segKey: the key
	index int    // segIndex: the index
}

// renderPath writes a concrete path: spec.parts[2].name, spec.zones["west"].
func renderPath(path []seg) string {
	var b strings.Builder
	for _, s := range path {
		switch s.kind {
		case segField:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.name)
		case segIndex:
			fmt.Fprintf(&b, "[%d]", s.index)
		case segKey:
			b.WriteString("[" + strconv.Quote(s.name) + "]")
		case segAnyKey:
			b.WriteString("{*}")
		case segAnyElem:
			b.WriteString("[*]")
		}
	}
	return b.String()
}

// propertyOf renders the pattern of a concrete path: indices become [*],
// keys {*}. It names the property, as SkipVisibility takes it.
func propertyOf(path []seg) string {
	out := make([]seg, len(path))
	for i, s := range path {
		switch s.kind {
		case segIndex:
			s = seg{kind: segAnyElem}
		case segKey:
			s = seg{kind: segAnyKey}
		}
		out[i] = s
	}
	return renderPath(out)
}

// parsePattern reads a pattern: JSON names joined by dots, [*] for any
// element of a list, [n] for the element at index n, {*} for any value of a map, ["key"] (a Go or JSON
// quoted string) for the value of one key.
func parsePattern(text string) ([]seg, error) {
	var out []seg
	rest, dot := text, false
	for rest != "" {
		wasDot := dot
		dot = false
		switch {
		case strings.HasPrefix(rest, "[*]"):
			out, rest = append(out, seg{kind: segAnyElem}), rest[3:]
		case strings.HasPrefix(rest, "{*}"):
			out, rest = append(out, seg{kind: segAnyKey}), rest[3:]
		case len(out) > 0 && len(rest) > 2 && rest[0] == '[' && rest[1] >= '0' && rest[1] <= '9':
			end := strings.IndexByte(rest, ']')
			n, err := strconv.Atoi(rest[1:max(end, 1)])
			if end < 0 || err != nil {
				return nil, fmt.Errorf("path %q: an index [n] is not a number closed by ']'", text)
			}
			out, rest = append(out, seg{kind: segIndex, index: n}), rest[end+1:]
		case strings.HasPrefix(rest, `["`):
			end := strings.Index(rest, `"]`)
			for end > 0 && rest[end-1] == '\\' { // an escaped quote inside the key
				next := strings.Index(rest[end+1:], `"]`)
				if next < 0 {
					end = -1
					break
				}
				end += next + 1
			}
			if end < 0 {
				return nil, fmt.Errorf("path %q: a key [\"...\"] is not closed", text)
			}
			key, err := strconv.Unquote(rest[1 : end+1])
			if err != nil {
				return nil, fmt.Errorf("path %q: key %s: %v", text, rest[1:end+1], err)
			}
			out, rest = append(out, seg{kind: segKey, name: key}), rest[end+2:]
		case rest[0] == '.':
			if len(out) == 0 || len(rest) == 1 || rest[1] == '.' || rest[1] == '[' || rest[1] == '{' {
				return nil, fmt.Errorf("path %q: misplaced '.'", text)
			}
			rest, dot = rest[1:], true
		default:
			if len(out) > 0 && !wasDot {
				return nil, fmt.Errorf("path %q: a name must follow a '.'", text)
			}
			end := strings.IndexAny(rest, ".[{")
			if end < 0 {
				end = len(rest)
			}
			if end == 0 {
				return nil, fmt.Errorf("path %q: unexpected %q (write [*] for the elements of a list, {*} for the values of a map, [\"key\"] for one key)", text, rest[:1])
			}
			out, rest = append(out, seg{kind: segField, name: rest[:end]}), rest[end:]
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("empty path")
	}
	return out, nil
}

// matchPrefix reports whether pattern matches the start of path, and
// returns the concrete segments its wildcards matched, in order.
func matchPrefix(pattern, path []seg) ([]seg, bool) {
	if len(pattern) > len(path) {
		return nil, false
	}
	var caught []seg
	for i, p := range pattern {
		s := path[i]
		switch p.kind {
		case segField, segKey:
			if s.kind != p.kind || s.name != p.name {
				return nil, false
			}
		case segAnyElem:
			if s.kind != segIndex && s.kind != segAnyElem {
				return nil, false
			}
			caught = append(caught, s)
		case segAnyKey:
			if s.kind != segKey && s.kind != segAnyKey {
				return nil, false
			}
			caught = append(caught, s)
		case segIndex:
			if s.kind != segIndex || s.index != p.index {
				return nil, false
			}
		}
	}
	return caught, true
}

// fill replaces the wildcards of pattern with caught, in order, and
// appends rest.
func fill(pattern, caught, rest []seg) []seg {
	out := make([]seg, 0, len(pattern)+len(rest))
	i := 0
	for _, p := range pattern {
		if (p.kind == segAnyElem || p.kind == segAnyKey) && i < len(caught) {
			p = caught[i]
			i++
		}
		out = append(out, p)
	}
	return append(out, rest...)
}

// shape is what a version's Go type says about its JSON, for the
// visibility check: structs by JSON member, lists, maps, and leaves.
// Property bags, metadata and the fields the converter sets are left out.
type shape struct {
	kind    shapeKind
	fields  map[string]*member // shapeStruct
	members []*member          // shapeStruct: the fields in name order
	elem    *shape             // shapeList, shapeMap
	key     reflect.Kind       // shapeMap: the kind of its keys (a string, an integer)
	leaf    reflect.Type       // shapeLeaf: the type, pointers removed
}

type shapeKind uint8

const (
	shapeLeaf shapeKind = iota
	shapeStruct
	shapeList
	shapeMap
)

// member is a field of a struct shape.
type member struct {
	name  string
	index []int // the field's index, through embedded structs
	shape *shape
	// plain is true for a field that is not a pointer (nor a list or map):
	// its zero value is no value, as a client sees it.
	plain bool
}

var shapes sync.Map // reflect.Type → *shape

// shapeOf returns the shape of values of type t.
func shapeOf(t reflect.Type) *shape {
	if s, ok := shapes.Load(t); ok {
		return s.(*shape)
	}
	building := map[reflect.Type]*shape{}
	s := buildShape(t, building)
	for bt, bs := range building {
		shapes.LoadOrStore(bt, bs)
	}
	return s
}

func buildShape(t reflect.Type, building map[reflect.Type]*shape) *shape {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s, ok := building[t]; ok {
		return s
	}
	if s, ok := shapes.Load(t); ok {
		return s.(*shape)
	}
	s := &shape{}
	building[t] = s
	if classOf(t) != classPlain || t == bytesType {
		s.kind, s.leaf = shapeLeaf, t
		return s
	}
	switch t.Kind() {
	case reflect.Struct:
		s.kind, s.fields = shapeStruct, map[string]*member{}
		addMembers(s, t, nil, building)
		for _, m := range s.fields {
			s.members = append(s.members, m)
		}
		slices.SortFunc(s.members, func(a, b *member) int { return strings.Compare(a.name, b.name) })
	case reflect.Slice, reflect.Array:
		s.kind, s.elem = shapeList, buildShape(t.Elem(), building)
	case reflect.Map:
		if _, ok := mapKeyText(reflect.Zero(t.Key())); !ok {
			s.kind, s.leaf = shapeLeaf, t // keys JSON writes by their own encoding: compared whole
			break
		}
		s.kind, s.key, s.elem = shapeMap, t.Key().Kind(), buildShape(t.Elem(), building)
	default:
		s.kind, s.leaf = shapeLeaf, t
	}
	return s
}

// addMembers adds the JSON members of struct type t (at index within the
// outer struct) to s, as encoding/json names them (embedded structs without
// a name inline their members), without bags, metadata and the type's
// apiVersion and kind.
func addMembers(s *shape, t reflect.Type, index []int, building map[reflect.Type]*shape) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		switch classOf(ft) {
		case classTypeMeta, classObjectMeta, classBag, classBags:
			continue
		}
		at := append(index[:len(index):len(index)], i)
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			addMembers(s, ft, at, building)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, taken := s.fields[name]; taken && len(index) > 0 {
			continue // the outer struct's field wins
		}
		k := f.Type.Kind()
		s.fields[name] = &member{name: name, index: at, shape: buildShape(f.Type, building),
			plain: k != reflect.Pointer && k != reflect.Slice && k != reflect.Map && k != reflect.Interface}
	}
}

// resolve follows a path (concrete or pattern) from s and returns the
// shape it reaches and the member that holds it (nil for a list element or
// map value), or nil when s has no such path.
func (s *shape) resolve(path []seg) (*shape, *member) {
	var m *member
	for _, p := range path {
		switch p.kind {
		case segField:
			if s.kind != shapeStruct || s.fields[p.name] == nil {
				return nil, nil
			}
			m = s.fields[p.name]
			s = m.shape
		case segIndex, segAnyElem:
			if s.kind != shapeList {
				return nil, nil
			}
			s, m = s.elem, nil
		case segKey, segAnyKey:
			if s.kind != shapeMap {
				return nil, nil
			}
			s, m = s.elem, nil
		}
	}
	return s, m
}

// field returns the value of member m of struct v, or an invalid Value
// when an embedded pointer on the way is nil.
func (m *member) field(v reflect.Value) reflect.Value {
	for i, x := range m.index {
		if i > 0 {
			for v.Kind() == reflect.Pointer {
				if v.IsNil() {
					return reflect.Value{}
				}
				v = v.Elem()
			}
		}
		v = v.Field(x)
	}
	return v
}

// deref follows pointers and interfaces, returning an invalid Value for
// nil.
func deref(v reflect.Value) reflect.Value {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return reflect.Value{}
		}
		v = v.Elem()
	}
	return v
}

// valueAt returns the value at a concrete path of v (a struct of shape s),
// pointers removed, or an invalid Value when there is none.
func valueAt(v reflect.Value, s *shape, path []seg) reflect.Value {
	v = deref(v)
	for _, p := range path {
		if !v.IsValid() {
			return v
		}
		switch p.kind {
		case segField:
			m := s.fields[p.name]
			if s.kind != shapeStruct || m == nil {
				return reflect.Value{}
			}
			v, s = deref(m.field(v)), m.shape
		case segIndex:
			if s.kind != shapeList || p.index >= v.Len() {
				return reflect.Value{}
			}
			v, s = deref(v.Index(p.index)), s.elem
		case segKey:
			if s.kind != shapeMap {
				return reflect.Value{}
			}
			k, ok := mapKey(p.name, v.Type().Key())
			if !ok {
				return reflect.Value{}
			}
			v, s = deref(v.MapIndex(k)), s.elem
		default:
			return reflect.Value{}
		}
	}
	return v
}

// mapKeyText returns the text of map key k as encoding/json writes it: a
// string as it is, an integer in decimal; ok is false for the keys of
// other kinds and for integers with their own encoding (MarshalText, which
// encoding/json prefers for them), whose maps paths do not enter.
func mapKeyText(k reflect.Value) (text string, ok bool) {
	switch {
	case k.Kind() == reflect.String:
		return k.String(), true
	case classOf(k.Type()) != classPlain:
		return "", false
	case isInt(k.Kind()):
		return strconv.FormatInt(k.Int(), 10), true
	case isUint(k.Kind()):
		return strconv.FormatUint(k.Uint(), 10), true
	}
	return "", false
}

// mapKey returns the key of map key type t whose text (mapKeyText) is
// text; ok is false when no key has that text.
func mapKey(text string, t reflect.Type) (k reflect.Value, ok bool) {
	k = reflect.New(t).Elem()
	switch {
	case t.Kind() == reflect.String:
		k.SetString(text)
	case isInt(t.Kind()):
		n, err := strconv.ParseInt(text, 10, t.Bits())
		if err != nil {
			return reflect.Value{}, false
		}
		k.SetInt(n)
	case isUint(t.Kind()):
		n, err := strconv.ParseUint(text, 10, t.Bits())
		if err != nil {
			return reflect.Value{}, false
		}
		k.SetUint(n)
	default:
		return reflect.Value{}, false
	}
	return k, true
}

// sortedMapKeys returns the keys of map m, whose keys have a text
// (mapKeyText), with their texts, in the order of the texts.
func sortedMapKeys(m reflect.Value) (keys []reflect.Value, texts []string) {
	keys = m.MapKeys()
	byText := make(map[string]reflect.Value, len(keys))
	for _, k := range keys {
		text, _ := mapKeyText(k)
		byText[text] = k
		texts = append(texts, text)
	}
	slices.Sort(texts)
	for i, text := range texts {
		keys[i] = byText[text]
	}
	return keys, texts
}

// keyKinds returns, for each key of the concrete path of s, the kind of
// key its map has: a string kind, or the integer kinds (one for the signed
// ones, one for the unsigned).
func (s *shape) keyKinds(path []seg) []reflect.Kind {
	var out []reflect.Kind
	for _, p := range path {
		if s == nil {
			break
		}
		switch p.kind {
		case segField:
			if s.kind != shapeStruct || s.fields[p.name] == nil {
				return out
			}
			s = s.fields[p.name].shape
		case segIndex, segAnyElem:
			s = s.elem
		case segKey, segAnyKey:
			if s.kind != shapeMap {
				return out
			}
			k := s.key
			switch {
			case isInt(k):
				k = reflect.Int64
			case isUint(k):
				k = reflect.Uint64
			}
			out = append(out, k)
			s = s.elem
		}
	}
	return out
}
