package convtest

import (
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/boundary"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestCanShow: a field shows a value of another type only where it holds
// it exactly, at the ends of each numeric range too.
func TestCanShow(t *testing.T) {
	at := metav1.NewTime(time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC))
	for _, tc := range []struct {
		x    any
		to   any
		tol  float64
		want bool
	}{
		{"a", "", 0, true},
		{int32(1), "", 0, false},
		{true, false, 0, true},
		{"true", false, 0, false},
		{int64(100), int8(0), 0, true},
		{int64(200), int8(0), 0, false},
		{uint64(math.MaxInt64), int64(0), 0, true},
		{uint64(math.MaxInt64 + 1), int64(0), 0, false},
		{uint64(300), int8(0), 0, false},
		{1.0, int64(0), 0, false},
		{uint16(200), uint8(0), 0, true},
		{uint16(300), uint8(0), 0, false},
		{int32(0), uint8(0), 0, true},
		{int32(-1), uint(0), 0, false},
		{int32(256), uint8(0), 0, false},
		{"1", uint8(0), 0, false},
		{0.5, float32(0), 0, true},
		{0.1, float32(0), 0, false},
		{0.1, float32(0), 1e-6, true},
		{0.1, float64(0), 0, true},
		{math.MaxFloat64, float64(0), 0, true},
		{float64(math.MaxFloat32), float32(0), 0, true},
		{1e39, float32(0), 1, false},
		{int64(1<<24 + 1), float32(0), 0, false},
		{int64(3), float32(0), 0, true},
		{uint8(5), float64(0), 0, true},
		{true, float64(0), 0, false},
		{at, metav1.Time{}, 0, true},
		{at, "", 0, true},
		{"2024-05-01T12:00:00Z", metav1.Time{}, 0, true},
		{"soon", metav1.Time{}, 0, false},
		{map[string]int{"a": 1}, "", 0, false},
	} {
		if got := canShow(reflect.ValueOf(tc.x), reflect.TypeOf(tc.to), tc.tol); got != tc.want {
			t.Errorf("canShow(%T %v, %T, tol %g) = %v, want %v", tc.x, tc.x, tc.to, tc.tol, got, tc.want)
		}
	}
}

// TestSameValue: values are the same by kind across types (signs and
// floats included) and by their JSON otherwise.
func TestSameValue(t *testing.T) {
	at := metav1.NewTime(time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC))
	for _, tc := range []struct {
		a, b any
		want bool
	}{
		{"x", "x", true},
		{"x", "y", false},
		// An enumeration's value whose case a conversion changed is
		// another value (mutation testing: comparing strings regardless
		// of case survived).
		{"Pods", "pods", false},
		{metav1.StatusReason("NotFound"), "notfound", false},
		{true, true, true},
		{true, false, false},
		{true, "true", false},
		{"true", true, false},
		{int8(3), int64(3), true},
		{int8(3), int64(4), false},
		{uint8(3), uint64(3), true},
		{uint8(3), uint64(4), false},
		{int32(3), uint16(3), true},
		{int32(3), uint16(4), false},
		{int32(0), uint16(0), true},
		{uint16(0), int32(0), true},
		{int64(-1), uint64(math.MaxUint64), false},
		{uint16(3), int32(3), true},
		{uint16(4), int32(3), false},
		{uint64(math.MaxUint64), int64(-1), false},
		{int32(3), 3.0, true},
		{3.0, int32(3), true},
		{uint8(3), 3.0, true},
		{float32(0.5), 0.5, true},
		{int32(3), 3.5, false},
		{"2024-05-01T12:00:00Z", at, true},
		{at, "2024-05-01T12:00:00Z", true},
		{at, "2024-05-01T12:00:01Z", false},
		{map[string]any{"a": 1.0, "b": []any{1}}, map[string]int64{"a": 1}, false},
		{map[string]int64{"a": 1}, map[string]any{"a": 1.0, "b": []any{1}}, false},
		{map[string]int64{"a": 1, "b": 2}, map[string]float64{"b": 2, "a": 1}, true},
		{map[string]float64{"a": 1}, map[string]float64{"a": 1.5}, false},
		{int32(1), "1", false},
		{"1", int32(1), false},
		// A value whose JSON fails is the same as nothing (mutation
		// testing: taking it as the same survived).
		{[]float64{math.NaN()}, []float64{1}, false},
		{[]float64{1}, []float64{math.NaN()}, false},
	} {
		if got := sameValue(reflect.ValueOf(tc.a), reflect.ValueOf(tc.b), 0); got != tc.want {
			t.Errorf("sameValue(%T %v, %T %v) = %v, want %v", tc.a, tc.a, tc.b, tc.b, got, tc.want)
		}
	}
	// JSON that differs in text only within the tolerance.
	a, b := map[string]float64{"a": 1}, map[string]float64{"a": 1.0000001}
	if !sameValue(reflect.ValueOf(a), reflect.ValueOf(b), 1e-6) || sameValue(reflect.ValueOf(a), reflect.ValueOf(b), 1e-9) {
		t.Errorf("sameValue(%v, %v) does not compare within the tolerance", a, b)
	}
}

// TestBasicKinds: strings, bools and numbers with the default JSON are
// basic, at the ends of each range of kinds.
func TestBasicKinds(t *testing.T) {
	type named int16
	for _, tc := range []struct {
		x    any
		want bool
	}{
		{"", true}, {false, true}, {int(0), true}, {int64(0), true}, {uint(0), true}, {uint64(0), true},
		{float32(0), true}, {float64(0), true}, {named(0), true}, {namedString(""), true},
		{uintptr(0), false}, {complex64(0), false}, {[]byte(nil), false}, {struct{}{}, false},
		{metav1.Time{}, false}, {map[string]int{}, false},
	} {
		if got := basic(reflect.TypeOf(tc.x)); got != tc.want {
			t.Errorf("basic(%T) = %v, want %v", tc.x, got, tc.want)
		}
	}
	for k := reflect.Invalid; k <= reflect.UnsafePointer; k++ {
		wantInt := k == reflect.Int || k == reflect.Int8 || k == reflect.Int16 || k == reflect.Int32 || k == reflect.Int64
		wantUint := k == reflect.Uint || k == reflect.Uint8 || k == reflect.Uint16 || k == reflect.Uint32 || k == reflect.Uint64
		wantFloat := k == reflect.Float32 || k == reflect.Float64
		if isInt(k) != wantInt || isUint(k) != wantUint || isFloatKind(k) != wantFloat || isNumber(k) != (wantInt || wantUint || wantFloat) {
			t.Errorf("%s: isInt %v, isUint %v, isFloatKind %v, isNumber %v", k, isInt(k), isUint(k), isFloatKind(k), isNumber(k))
		}
	}
}

// namedString is a named string.
type namedString string

// TestFindInBags: a value is found in a bag ($propertyBag, $propertyBags,
// the bags annotation, JSON text in a bag), never in a plain field, and
// wherever the bag is in the object.
func TestFindInBags(t *testing.T) {
	for text, want := range map[string]string{
		`{"a": 5, "b": {"$propertyBag": {"x": 5}}}`:                                        "b.$propertyBag.x",
		`{"a": 5, "b": {"$propertyBags": {"status": {"x": 5}}}}`:                           "b.$propertyBags.status.x",
		`{"a": 5, "metadata": {"annotations": {"` + boundary.Annotation + `": {"x": 5}}}}`: "metadata.annotations[\"" + boundary.Annotation + "\"].x",
		`{"a": [1, {"$propertyBag": {"x": 5}}]}`:                                           "a[1].$propertyBag.x",
		`{"$propertyBag": {"a": 1, "b": 5}}`:                                               "$propertyBag.b",
		`{"$propertyBag": {"a": "{\"y\": 5}"}}`:                                            "$propertyBag.a.y",
		`{"a": 5, "$propertyBag": {"b": "text"}}`:                                          "",
	} {
		var tree map[string]any
		if err := decodeNumbers([]byte(text), &tree); err != nil {
			t.Fatal(err)
		}
		if got := findInBags(tree, reflect.ValueOf(5), 0); got != want {
			t.Errorf("findInBags(%s) = %q, want %q", text, got, want)
		}
	}
}

// TestKeyBecameField: a key of a map taken for the field of that name in the
// map's place, and nothing else.
func TestKeyBecameField(t *testing.T) {
	path := mustPattern(t, `spec.settings["aad"].on`)
	for text, want := range map[string]int{
		"spec.aad.on":                 1,
		"spec.aad":                    -1, // one shorter than the path
		"spec.aad.off":                -1, // below the key, another path
		"meta.aad.on":                 -1, // above the map, another path
		"spec.add.on":                 -1, // another name
		`spec.settings["aad"].on.x.y`: -1,
		"spec.settings.on":            -1,
	} {
		i, ok := keyBecameField(path, mustPattern(t, text))
		if !ok {
			i = -1
		}
		if i != want {
			t.Errorf("keyBecameField(%s, %s) = %d, %v; want %d", renderPath(path), text, i, ok, want)
		}
	}
	// The key of a map in a list is no field of the list.
	inList := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "list"}, {kind: segIndex, index: 0}, {kind: segKey, name: "a"}}
	if i, ok := keyBecameField(inList, mustPattern(t, "spec.list.a")); ok {
		t.Errorf("a map's key in a list taken for a field (at %d)", i)
	}
}

// TestArrivedZero: a target without the value shows a zero only in a plain
// field, whose zero is no value.
func TestArrivedZero(t *testing.T) {
	v := &visibility{}
	zero, one := leaf{value: reflect.ValueOf(int32(0))}, leaf{value: reflect.ValueOf(int32(1))}
	for _, tc := range []struct {
		l    leaf
		m    *member
		want bool
	}{
		{zero, &member{plain: true}, true},
		{zero, &member{}, false},
		{zero, nil, false},
		{one, &member{plain: true}, false},
	} {
		if got := v.arrived(tc.l, reflect.Value{}, tc.m); got != tc.want {
			t.Errorf("arrived(%v, nothing, %+v) = %v, want %v", tc.l.value, tc.m, got, tc.want)
		}
	}
}

// TestNamesKey: a relation names a key with ["key"] only, at the end of
// either of its paths.
func TestNamesKey(t *testing.T) {
	rel := func(old, nw string) relation {
		return relation{old: mustPattern(t, old), new: mustPattern(t, nw)}
	}
	v := &visibility{steps: [][]relation{
		{rel("spec.a", "spec.b")},
		{rel(`spec.m["old"]`, "spec.old"), rel("spec.n", `spec.n["new"]`), rel(`spec.k["mid"].x`, "spec.mid")},
	}}
	for key, want := range map[string]bool{"old": true, "new": true, "a": false, "b": false, "mid": false, "x": false, "other": false} {
		if got := v.namesKey(key); got != want {
			t.Errorf("namesKey(%q) = %v, want %v", key, got, want)
		}
	}
}

func mustPattern(t *testing.T, text string) []seg {
	t.Helper()
	p, err := parsePattern(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
