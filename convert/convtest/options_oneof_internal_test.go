package convtest

import (
	"testing"
)

type unionMember struct{ N int }

type unionHolder struct {
	A, B *unionMember
	C    string
}

type unionOuter struct {
	List []unionHolder
	Map  map[string]*unionHolder
}

// TestOneOfBroken: a struct anywhere in an object (a list element, a map
// value behind a pointer) that sets two members of a union is found; one
// that sets one member and another field is not.
func TestOneOfBroken(t *testing.T) {
	cfg := newConfig([]Option{OneOf("unionHolder", "A", "B")})
	ok := unionHolder{A: &unionMember{}, C: "c"}
	two := unionHolder{A: &unionMember{}, B: &unionMember{N: 1}}
	for _, c := range []struct {
		obj  unionOuter
		want bool
	}{
		{unionOuter{List: []unionHolder{ok, ok}, Map: map[string]*unionHolder{"k": &ok}}, false},
		{unionOuter{List: []unionHolder{ok, two}}, true},
		{unionOuter{Map: map[string]*unionHolder{"k": &ok, "l": &two}}, true},
	} {
		if got := cfg.oneOfBroken(&c.obj); got != c.want {
			t.Errorf("oneOfBroken(%+v) = %v, want %v", c.obj, got, c.want)
		}
	}
	if newConfig(nil).oneOfBroken(&unionOuter{List: []unionHolder{two}}) {
		t.Errorf("without OneOf, an object with two members set is refused")
	}
}

// TestOneOfNeedsTwoFields: OneOf of fewer than two fields panics.
func TestOneOfNeedsTwoFields(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Errorf("OneOf with one field did not panic")
		}
	}()
	OneOf("unionHolder", "A")
}
