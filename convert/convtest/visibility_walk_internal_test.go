package convtest

import (
	"reflect"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type walkObj struct {
	metav1.TypeMeta `json:",inline"`
	A               []string          `json:"a"`
	B               map[string]string `json:"b"`
	C               struct {
		D string `json:"d"`
	} `json:"c"`
	P *string `json:"p"`
	X string  `json:"x"`
}

func (w *walkObj) DeepCopyObject() runtime.Object { c := *w; return &c }

// TestWalkLeavesStops: the walk stops at the first leaf the visit refuses,
// in a list, a map and a struct alike, so that the first problem is the
// one reported.
func TestWalkLeavesStops(t *testing.T) {
	s := shapeOf(reflect.TypeFor[walkObj]())
	for name, obj := range map[string]*walkObj{
		"list": {A: []string{"1", "2"}, X: "x"},
		"map":  {B: map[string]string{"k": "1", "l": "2"}, X: "x"},
		"struct": {C: struct {
			D string `json:"d"`
		}{D: "1"}, X: "x"},
	} {
		var visited []string
		walkLeaves(reflect.ValueOf(obj), s, nil, nil, func(l leaf) bool {
			visited = append(visited, renderPath(l.path))
			return false
		})
		if len(visited) != 1 {
			t.Errorf("%s: visited %v after the first refused", name, visited)
		}
	}
}

// TestDescribeShows: a problem says what the target shows instead: a value,
// an empty string in a pointer, or nothing (no value, or the zero of a
// plain field).
func TestDescribeShows(t *testing.T) {
	v := &visibility{from: "v1", to: "v2", dst: shapeOf(reflect.TypeFor[walkObj]())}
	empty := ""
	dst := &walkObj{X: "b", P: &empty}
	l := leaf{path: []seg{{kind: segField, name: "x"}}, value: reflect.ValueOf("a")}
	for _, tc := range []struct {
		at   string
		got  reflect.Value
		want string
	}{
		{"x", reflect.ValueOf("b"), `v1 sets x to "a"; v2 shows "b" at x.`},
		{"x", reflect.ValueOf(""), `v1 sets x to "a"; v2 shows nothing at x.`},
		{"p", reflect.ValueOf(""), `v1 sets x to "a"; v2 shows "" at p.`},
		{"p", reflect.Value{}, `v1 sets x to "a"; v2 shows nothing at p.`},
	} {
		got := v.describe("kind", l, []seg{{kind: segField, name: tc.at}}, tc.got, dst, "")
		if !strings.Contains(got, tc.want) {
			t.Errorf("describe at %s: %s\nwant %s", tc.at, got, tc.want)
		}
	}
}
