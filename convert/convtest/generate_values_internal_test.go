package convtest

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestBuilderValues: the values the builder draws reach every kind and
// range it is meant to: integers at their extremes and of both signs,
// unsigned integers up to their maximum, raw JSON of every kind nested, maps
// without keys to borrow, lengths nil, empty and not.
func TestBuilderValues(t *testing.T) {
	b := &builder{r: rand.New(rand.NewPCG(3, 4)), size: 6}
	seen := map[string]bool{}
	for range 2000 {
		switch n := b.int(32); {
		case n == 0:
			seen["int 0"] = true
		case n == math.MaxInt32:
			seen["int max"] = true
		case n == math.MinInt32:
			seen["int min"] = true
		case n < -10:
			seen["int large negative"] = true
		case n > 10:
			seen["int large positive"] = true
		case n < 0:
			seen["int small negative"] = true
		}
		switch n := b.uint(16); {
		case n == 0:
			seen["uint 0"] = true
		case n == math.MaxUint16:
			seen["uint max"] = true
		case n > 10:
			seen["uint large"] = true
		default:
			seen["uint small"] = true
		}
		switch n, ok := b.length(0); {
		case !ok:
			seen["length nil"] = true
		case n == 0:
			seen["length empty"] = true
		default:
			seen["length"] = true
		}
	}
	for range 300 {
		var v any
		if err := json.Unmarshal(b.rawJSON(), &v); err != nil {
			t.Fatal(err)
		}
		var walk func(v any, depth int)
		walk = func(v any, depth int) {
			switch x := v.(type) {
			case string:
				seen["json string"] = true
			case float64:
				seen["json number"] = true
			case bool:
				seen["json bool"] = true
			case []any:
				if len(x) > 0 && depth > 0 {
					seen["json nested array"] = true
				}
				for _, e := range x {
					if e != nil {
						seen["json array element"] = true
					}
					walk(e, depth+1)
				}
			case map[string]any:
				if len(x) > 0 && depth > 0 {
					seen["json nested object"] = true
				}
				if len(x) > 0 && depth == 0 {
					seen["json object"] = true
				}
				for _, e := range x {
					walk(e, depth+1)
				}
			}
		}
		walk(v, 0)
	}
	m := reflect.New(reflect.TypeFor[map[string]int32]()).Elem()
	for range 50 {
		b.fill(m, 0) // a map with no keys to borrow draws words
		if m.Len() > 0 {
			seen["map"] = true
		}
	}
	bytes := reflect.New(reflect.TypeFor[[]byte]()).Elem()
	for range 50 {
		b.fill(bytes, 0)
		for _, c := range bytes.Bytes() {
			if c != 0 {
				seen["byte"] = true
			}
		}
	}
	type color string
	b.custom = map[reflect.Type]func(*rand.Rand) reflect.Value{reflect.TypeFor[color](): func(*rand.Rand) reflect.Value { return reflect.ValueOf(color("red")) }}
	byColor := reflect.New(reflect.TypeFor[map[color]int32]()).Elem()
	for range 50 {
		b.fill(byColor, 0)
		for _, k := range byColor.MapKeys() {
			if k.String() != "red" {
				t.Fatalf("a key %q not drawn by GenFunc", k)
			}
			seen["custom key"] = true
		}
	}
	b.custom = nil
	for _, want := range []string{"byte", "custom key", "int 0", "int max", "int min", "int large negative", "int large positive", "int small negative",
		"uint 0", "uint max", "uint large", "uint small", "length nil", "length empty", "length",
		"json string", "json number", "json bool", "json nested array", "json array element", "json object", "json nested object", "map"} {
		if !seen[want] {
			t.Errorf("never drawn: %s", want)
		}
	}
	b.inside(func() {
		if b.size != 3 {
			t.Errorf("size inside a collection %d, want 3", b.size)
		}
	})
	if b.size != 6 {
		t.Errorf("size after a collection %d, want 6", b.size)
	}
}
