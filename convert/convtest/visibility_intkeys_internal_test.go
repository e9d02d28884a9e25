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
