package convtest

import (
	"reflect"
	"strings"
	"testing"
)

// TestParsePatternRefuses: more patterns that are not paths, each with the
// error that says what is wrong.
func TestParsePatternRefuses(t *testing.T) {
	for text, want := range map[string]string{
		"spec.a[*]b":    "a name must follow a '.'",
		`spec["a\"]`:    `a key ["..."] is not closed`,
		"[0].x":         "unexpected \"[\"",
		"{a}":           "unexpected \"{\"",
		`spec["a"`:      `a key ["..."] is not closed`,
		`spec["\q"]`:    `key "\q": invalid syntax`,
		"spec.a.[*]":    "misplaced '.'",
		"spec.a..b[*]c": "misplaced '.'",
	} {
		_, err := parsePattern(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error saying %s", text, err, want)
		}
	}
	if p, err := parsePattern(`spec["say \"]\" twice"].x`); err != nil || renderPath(p) != `spec["say \"]\" twice"].x` {
		t.Errorf("a key with escaped quotes and brackets: %v, %v", renderPath(p), err)
	}
}

// TestMatchPrefixPatterns: wildcards match concrete segments and the same
// wildcards; a concrete index matches itself only.
func TestMatchPrefixPatterns(t *testing.T) {
	spec := seg{kind: segField, name: "spec"}
	for _, tc := range []struct {
		pattern, path []seg
		want          bool
	}{
		{[]seg{spec, {kind: segAnyElem}}, []seg{spec, {kind: segAnyElem}}, true},
		{[]seg{spec, {kind: segAnyElem}}, []seg{spec, {kind: segIndex, index: 3}}, true},
		{[]seg{spec, {kind: segAnyElem}}, []seg{spec, {kind: segAnyKey}}, false},
		{[]seg{spec, {kind: segAnyKey}}, []seg{spec, {kind: segAnyKey}}, true},
		{[]seg{spec, {kind: segAnyKey}}, []seg{spec, {kind: segKey, name: "k"}}, true},
		{[]seg{spec, {kind: segAnyKey}}, []seg{spec, {kind: segIndex}}, false},
		{[]seg{spec, {kind: segIndex, index: 1}}, []seg{spec, {kind: segIndex, index: 1}, {kind: segField, name: "x"}}, true},
		{[]seg{spec, {kind: segIndex, index: 1}}, []seg{spec, {kind: segIndex, index: 2}}, false},
		{[]seg{spec, {kind: segIndex, index: 1}}, []seg{spec, {kind: segAnyElem}}, false},
	} {
		if _, got := matchPrefix(tc.pattern, tc.path); got != tc.want {
			t.Errorf("matchPrefix(%s, %s) = %v, want %v", renderPath(tc.pattern), renderPath(tc.path), got, tc.want)
		}
	}
}

type shapeInner struct {
	X string `json:"x"`
	Y string `json:"y"`
}

type shapeNamed string

type shapeOuter struct {
	shapeInner            // inlined: x (the outer one wins) and y
	*shapeDeep            // inlined through a pointer: z
	Tagged     shapeInner `json:"tagged"`
	shapeNamed            // not a struct: unexported, no member
	X          int32      `json:"x"`
	NoTag      string
	Untagged   shapeDeep         // a struct without a tag: a member by its Go name
	Bytes      []byte            `json:"bytes"`
	ByNumber   map[int32]string  `json:"byNumber"`
	Self       *shapeOuter       `json:"self"`
	List       []string          `json:"list"`
	Map        map[string]string `json:"map"`
}

var _ = shapeOuter{}.shapeNamed

type shapeDeep struct {
	Z string `json:"z"`
}

// TestShapeOf: members as encoding/json names them (embedded structs
// inlined, through pointers too, unless tagged; the outer field wins; the
// Go name without a tag), []byte and maps with other keys than strings as
// leaves, and a recursive type.
func TestShapeOf(t *testing.T) {
	s := shapeOf(reflect.TypeFor[shapeOuter]())
	var names []string
	for _, m := range s.members {
		names = append(names, m.name)
	}
	if got, want := strings.Join(names, " "), "NoTag Untagged byNumber bytes list map self tagged x y z"; got != want {
		t.Fatalf("members %s, want %s", got, want)
	}
	if x := s.fields["x"]; !reflect.DeepEqual(x.index, []int{4}) || x.shape.leaf != reflect.TypeFor[int32]() || !x.plain {
		t.Errorf("x: %+v, want the outer int32", x)
	}
	for name, want := range map[string]reflect.Type{"bytes": reflect.TypeFor[[]byte]()} {
		if m := s.fields[name]; m.shape.kind != shapeLeaf || m.shape.leaf != want || m.plain {
			t.Errorf("%s: shape %+v, plain %v; want a leaf of %v, not plain", name, m.shape, m.plain, want)
		}
	}
	// Integer keys are text in JSON, as string keys are: a map.
	if m := s.fields["byNumber"]; m.shape.kind != shapeMap || m.shape.elem.leaf != reflect.TypeFor[string]() {
		t.Errorf("byNumber: shape %+v; want a map of strings", m.shape)
	}
	if s.fields["self"].shape != s {
		t.Errorf("the recursive field's shape is not the type's")
	}
	v := reflect.ValueOf(shapeOuter{shapeInner: shapeInner{X: "inner", Y: "y"}, X: 3, List: []string{"a"}})
	if got := valueAt(v, s, []seg{{kind: segField, name: "y"}}); !got.IsValid() || got.String() != "y" {
		t.Errorf("y = %v", got)
	}
	if got := valueAt(v, s, []seg{{kind: segField, name: "z"}}); got.IsValid() {
		t.Errorf("z through a nil embedded pointer = %v, want none", got)
	}
	v = reflect.ValueOf(shapeOuter{shapeDeep: &shapeDeep{Z: "z"}})
	if got := valueAt(v, s, []seg{{kind: segField, name: "z"}}); !got.IsValid() || got.String() != "z" {
		t.Errorf("z through an embedded pointer = %v", got)
	}
	for _, path := range [][]seg{
		{{kind: segField, name: "list"}, {kind: segIndex, index: 1}},
		{{kind: segField, name: "nothing"}},
		{{kind: segField, name: "x"}, {kind: segField, name: "deeper"}},
		{{kind: segField, name: "list"}, {kind: segKey, name: "k"}},
		{{kind: segField, name: "map"}, {kind: segIndex, index: 0}},
	} {
		if got := valueAt(reflect.ValueOf(shapeOuter{List: []string{"a"}, Map: map[string]string{"k": "v"}}), s, path); got.IsValid() {
			t.Errorf("valueAt %s = %v, want none", renderPath(path), got)
		}
	}
}
