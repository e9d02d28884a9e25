package reflectbags

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
)

// A key is written as package boundary writes it (boundary.Key), byte for
// byte: the generated code and the walk must name a place alike.
func TestKeysAsBoundaryWritesThem(t *testing.T) {
	s := func(v string) *string { return &v }
	var nilString *string
	for _, v := range []any{
		"a", "eu-west_1.x/y:z", "", "null", "true", "false", "eu west", `q"uote`, "[k]", "a,b=c", "ü", "a]b.c",
		true, false, 0, -7, int8(-8), int64(math.MaxInt64), uint(7), uint64(math.MaxUint64),
		0.0, math.Copysign(0, -1), 1.5, 1e21, 1e-7, 123456789.0, float32(0.1), math.Inf(1),
		s("a b"), nilString,
	} {
		want := boundary.Key(v)
		if got := string(appendKeyValue(nil, reflect.ValueOf(v))); got != want {
			t.Errorf("key %#v written %s, want %s as boundary.Key writes it", v, got, want)
		}
	}
	// A key the element has no field for, as a nil pointer: null.
	if got := string(appendKeyValue(nil, reflect.Value{})); got != "null" {
		t.Errorf("a missing key written %s, want null", got)
	}
}

// parts counts the fields and the brackets of a path, so that a path of
// more than maxBagDepth parts of either kind is known as one no walk
// reaches (see TestHostileFingerprintsCostLinearTime, which times them).
func TestParts(t *testing.T) {
	for path, want := range map[string]int{
		"spec":                 1,
		"spec.a.b":             3,
		"spec.a[0]":            3,
		"spec.a[0][1]":         4,
		`spec.m["x.y[0]"].b`:   4,
		"spec.a[\"unclosed[0]": 3,
		"spec" + strings.Repeat("[]", maxBagDepth): maxBagDepth + 1,
	} {
		if got := parts(path); got != want {
			t.Errorf("parts(%.40q) = %d, want %d", path, got, want)
		}
	}
}
