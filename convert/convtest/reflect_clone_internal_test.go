package convtest

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type cloneObj struct {
	metav1.TypeMeta `json:",inline"`
	S               string
	B               bool
	I               int16
	U               uint32
	F, Zero         float64
	P               *string
	L               []*int32
	M               map[string][]string
	MS              map[string]string
	A               [2]*string
	Any             any
	Q               resource.Quantity
	Next            *cloneObj
}

func (c *cloneObj) DeepCopyObject() runtime.Object { return cloneObject(c) }

// TestCloneAndScramble: a clone shares no memory with its source, at any
// depth and through every kind of container, so that scrambling it (which
// changes every value it reaches) leaves the source as it was; and a cyclic
// object is refused with a panic that says so.
func TestCloneAndScramble(t *testing.T) {
	newSrc := func() *cloneObj {
		s, n, a := "s", int32(1), "a"
		return &cloneObj{S: "x", B: true, I: 4, U: 6, F: 2.5, P: &s, L: []*int32{&n}, M: map[string][]string{"k": {"v"}}, MS: map[string]string{"k": "v"},
			A: [2]*string{&a, nil}, Any: map[string]any{"in": []any{"deep"}}, Q: resource.MustParse("1Gi"),
			Next: &cloneObj{S: "next", L: []*int32{&n}}}
	}
	src, keep := newSrc(), newSrc()
	c := cloneObject(src).(*cloneObj)
	if !reflect.DeepEqual(c, src) {
		t.Fatalf("the clone differs: %+v", c)
	}
	scramble(c)
	if !reflect.DeepEqual(src, keep) {
		t.Errorf("scrambling the clone changed the source: %+v", src)
	}
	if c.S != "x~" || c.B || c.I != 5 || c.U != 7 || c.F != -2.5 || c.Zero != 1 || *c.P != "s~" || *c.L[0] != 0 ||
		c.M["k"][0] != "v~" || c.M[scrambledKey] == nil && len(c.M) != 2 || *c.A[0] != "a~" || c.Next.S != "next~" || *c.Next.L[0] != 0 {
		t.Errorf("not every value scrambled: %+v", c)
	}
	if c.MS["k"] != "v~" {
		t.Errorf("a map's string not scrambled: %v", c.MS)
	}
	if _, ok := c.Any.(map[string]any)[scrambledKey]; !ok {
		t.Errorf("a map in an interface not scrambled: %v", c.Any)
	}
	if _, ok := c.M[scrambledKey]; !ok {
		t.Errorf("no key added to the map: %v", c.M)
	}
	cyclic := &cloneObj{}
	cyclic.Next = cyclic
	for name, f := range map[string]func(){"clone": func() { cloneObject(cyclic) }, "visit": func() { scramble(cyclic) }} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "a cyclic object?") {
					t.Errorf("%s of a cyclic object: %v", name, r)
				}
			}()
			f()
		}()
	}
}
