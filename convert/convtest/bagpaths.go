package convtest

import (
	"bytes"
	"encoding/json"
	"maps"
	"reflect"
	"strconv"
	"strings"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// An API version carries the bags of its storage twin by path (see
// convert.StashBags), and a bag whose place is gone is dropped when the
// object converts back: that is what a client who removes an element
// wants. The generator only makes objects whose bags all have a place;
// the shrinker, which removes fields and elements, must keep it that way,
// or a shrunk counter-example would fail for another reason than the
// original. dropOrphanBags does that after every edit: it removes the bags
// whose path no longer leads to an object in obj's JSON (an API version
// has the shape of its twin, so the paths are the same).

// dropOrphanBags removes from obj's convert.BagsAnnotation annotation and
// from its status's propertybag.Bags field the bags whose path leads
// nowhere in obj.
func dropOrphanBags(obj runtime.Object) {
	meta, _ := obj.(metav1.Object)
	var annotated propertybag.Bags
	if meta != nil {
		if text, ok := meta.GetAnnotations()[convert.BagsAnnotation]; ok {
			var err error
			if annotated, err = propertybag.UnmarshalBags(text); err != nil {
				return // not ours to repair: the conversions report it
			}
		}
	}
	status := statusBagsFieldIfAny(obj)
	var inStatus propertybag.Bags
	if status.IsValid() {
		inStatus = status.Interface().(propertybag.Bags)
	}
	if len(annotated) == 0 && len(inStatus) == 0 {
		return
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if dec.Decode(&tree) != nil {
		return
	}
	if kept := placed(tree, annotated); len(kept) != len(annotated) {
		annotations := maps.Clone(meta.GetAnnotations())
		if len(kept) == 0 {
			delete(annotations, convert.BagsAnnotation)
		} else if text, err := propertybag.MarshalBags(kept); err == nil {
			annotations[convert.BagsAnnotation] = text
		}
		if len(annotations) == 0 {
			annotations = nil
		}
		meta.SetAnnotations(annotations)
	}
	if kept := placed(tree, inStatus); len(kept) != len(inStatus) {
		if len(kept) == 0 {
			kept = nil
		}
		status.Set(reflect.ValueOf(kept))
	}
}

// placed returns the bags whose path leads to an object in tree.
func placed(tree any, bags propertybag.Bags) propertybag.Bags {
	kept := propertybag.Bags{}
	for path, bag := range bags {
		if hasPlace(tree, path) {
			kept[path] = bag
		}
	}
	return kept
}

// statusBagsFieldIfAny is statusBagsField without allocating a status.
func statusBagsFieldIfAny(obj runtime.Object) reflect.Value {
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}
	}
	status := fieldByJSONName(v.Elem(), "status")
	if status.Kind() == reflect.Pointer && status.IsNil() {
		return reflect.Value{}
	}
	return statusBagsField(v)
}

// hasPlace reports whether path, written as convert.StashBags writes it
// ("spec.parts[2]", "spec.ports[name=http]", `spec.zones["eu west"]`),
// leads to an object in tree, a decoded JSON value. A path it cannot read
// counts as placed: better to keep a bag than to drop one by mistake.
func hasPlace(tree any, path string) bool {
	if path == "." {
		return true
	}
	cur := tree
	for i := 0; i < len(path); {
		switch path[i] {
		case '.':
			i++
		case '[':
			end, ok := closing(path, i)
			if !ok {
				return true
			}
			inner := path[i+1 : end]
			i = end + 1
			switch c := cur.(type) {
			case []any:
				if n, err := strconv.Atoi(inner); err == nil {
					if n < 0 || n >= len(c) {
						return false
					}
					cur = c[n]
					continue
				}
				pairs, ok := keyPairs(inner)
				if !ok {
					return true
				}
				var match any
				count := 0
				for _, elem := range c {
					if matchesKeys(elem, pairs) {
						match = elem
						count++
					}
				}
				if count != 1 {
					return false
				}
				cur = match
			case map[string]any:
				key := inner
				if strings.HasPrefix(inner, `"`) {
					unquoted, err := strconv.Unquote(inner)
					if err != nil {
						return true
					}
					key = unquoted
				}
				next, ok := c[key]
				if !ok {
					return false
				}
				cur = next
			default:
				return false
			}
		default:
			end := i
			for end < len(path) && path[end] != '.' && path[end] != '[' {
				end++
			}
			m, ok := cur.(map[string]any)
			if !ok {
				return false
			}
			next, ok := m[path[i:end]]
			if !ok {
				return false
			}
			cur, i = next, end
		}
	}
	_, ok := cur.(map[string]any)
	return ok
}

// closing returns the index of the "]" that closes the "[" at start,
// skipping quoted strings.
func closing(path string, start int) (int, bool) {
	quoted := false
	for i := start + 1; i < len(path); i++ {
		switch c := path[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == ']':
			return i, true
		}
	}
	return 0, false
}

type keyPair struct{ name, value string }

// keyPairs splits "name=value,port=80" (values perhaps quoted).
func keyPairs(s string) ([]keyPair, bool) {
	var pairs []keyPair
	for s != "" {
		name, rest, ok := strings.Cut(s, "=")
		if !ok {
			return nil, false
		}
		end := len(rest)
		if strings.HasPrefix(rest, `"`) {
			end = -1
			for i := 1; i < len(rest); i++ {
				if rest[i] == '\\' {
					i++
				} else if rest[i] == '"' {
					end = i + 1
					break
				}
			}
			if end < 0 {
				return nil, false
			}
		} else if j := strings.IndexByte(rest, ','); j >= 0 {
			end = j
		}
		pairs = append(pairs, keyPair{name, rest[:end]})
		s = strings.TrimPrefix(rest[end:], ",")
	}
	return pairs, len(pairs) > 0
}

// matchesKeys reports whether elem, a decoded JSON object, has the key
// values of pairs, written as convert writes them.
func matchesKeys(elem any, pairs []keyPair) bool {
	m, ok := elem.(map[string]any)
	if !ok {
		return false
	}
	for _, p := range pairs {
		v, present := m[p.name]
		switch {
		case p.value == "null":
			if present && v != nil {
				return false
			}
		case strings.HasPrefix(p.value, `"`):
			want, err := strconv.Unquote(p.value)
			if s, ok := v.(string); err != nil || !ok || s != want {
				return false
			}
		case p.value == "true" || p.value == "false":
			if b, ok := v.(bool); !ok || strconv.FormatBool(b) != p.value {
				return false
			}
		default:
			switch x := v.(type) {
			case string:
				if x != p.value {
					return false
				}
			case json.Number:
				a, err1 := strconv.ParseFloat(x.String(), 64)
				b, err2 := strconv.ParseFloat(p.value, 64)
				if err1 != nil || err2 != nil || a != b {
					return false
				}
			case float64:
				if b, err := strconv.ParseFloat(p.value, 64); err != nil || x != b {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}
