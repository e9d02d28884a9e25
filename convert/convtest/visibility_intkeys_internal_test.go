package convtest

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/propertybag"
)

type intKeyedElem struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	X           string                  `json:"x,omitempty"`
}

type intKeyed struct {
	Signed   map[int32]intKeyedElem  `json:"signed,omitempty"`
	Unsigned map[uint8]*intKeyedElem `json:"unsigned,omitempty"`
}

// TestWalkLeavesIntegerKeys: a map with integer keys (JSON writes them as
// decimal text) is entered like one with string keys: its values' leaves
// are checked one by one, and the property bags beside them are none. (It
// was compared whole, bags and all, so that a storage version's element
// with a bag never matched the API version's without: the generated
// Reliability test of a map[int32] of structs failed on correct
// conversions.)
func TestWalkLeavesIntegerKeys(t *testing.T) {
	s := shapeOf(reflect.TypeFor[intKeyed]())
	obj := &intKeyed{
		Signed: map[int32]intKeyedElem{
			-2: {X: "a", PropertyBag: propertybag.PropertyBag{"y": `"hidden"`}},
			10: {X: "b"},
		},
		Unsigned: map[uint8]*intKeyedElem{7: {X: "c"}},
	}
	var paths, values []string
	walkLeaves(reflect.ValueOf(obj), s, nil, nil, func(l leaf) bool {
		paths = append(paths, renderPath(l.path))
		values = append(values, l.value.String())
		if got := valueAt(reflect.ValueOf(obj), s, l.path); !got.IsValid() || got.String() != l.value.String() {
			t.Errorf("valueAt(%s) = %v, want %q", renderPath(l.path), got, l.value.String())
		}
		return true
	})
	if want := []string{"a", "b", "c"}; !slices.Equal(values, want) {
		t.Fatalf("leaves %v at %v, want the values %v one by one", values, paths, want)
	}
	for _, path := range []string{`signed["3"].x`, `signed["x"].x`, `unsigned["256"].x`} {
		p, err := parsePattern(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := valueAt(reflect.ValueOf(obj), s, p); got.IsValid() {
			t.Errorf("valueAt(%s) = %v, want none", path, got)
		}
	}
}

// TestKeyKinds: the visibility check compares a value under a map key only
// where both versions key the map alike, by text or by integers (retyped's
// weights, map[string]int32 in v1 and map[int32]int32 in v2: a key of v1
// is no key of v2, and without a hook neither shows the other's).
func TestKeyKinds(t *testing.T) {
	type byText struct {
		Signed map[string]intKeyedElem `json:"signed,omitempty"`
	}
	numbers, text := shapeOf(reflect.TypeFor[intKeyed]()), shapeOf(reflect.TypeFor[byText]())
	p, err := parsePattern(`signed["3"].x`)
	if err != nil {
		t.Fatal(err)
	}
	if got := numbers.keyKinds(p); !slices.Equal(got, []reflect.Kind{reflect.Int64}) {
		t.Errorf("map[int32]: key kinds %v, want int64", got)
	}
	if got := text.keyKinds(p); !slices.Equal(got, []reflect.Kind{reflect.String}) {
		t.Errorf("map[string]: key kinds %v, want string", got)
	}
	v := &visibility{from: "v1", to: "v2", src: text, dst: numbers}
	l := leaf{path: p, value: reflect.ValueOf("a")}
	if problem := v.checkLeafAt(l, p, reflect.ValueOf(&intKeyed{}), nil); problem != "" {
		t.Errorf("a value under a text key checked under an integer key: %s", problem)
	}
}
