package genruntime

import (
	"errors"
	"fmt"
	htmltemplate "html/template"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	texttemplate "text/template"
)

// address is a nested object with references, standing in for a generated API
// type. addressStorage is its storage twin.
type address struct {
	Street string
	Lines  []string
	Zip    *int
}

type addressStorage struct {
	Street *string
	Lines  []string
	Zip    *int
}

var errBadStreet = errors.New("bad street")

// streetError is a typed error used to check errors.As through the wrapping.
type streetError struct{ Street string }

func (e *streetError) Error() string { return "invalid street " + e.Street }

func addressToStorage(src *address, dst *addressStorage) error {
	switch src.Street {
	case "bad":
		return errBadStreet
	case "typed":
		return &streetError{Street: src.Street}
	}
	dst.Street = PtrIfNotZero(src.Street)
	dst.Lines = slices.Clone(src.Lines)
	if src.Zip != nil {
		dst.Zip = ptrTo(*src.Zip)
	}
	return nil
}

// ptrTo returns a pointer to a copy of v, as ptr.To of k8s.io/utils/ptr,
// which genruntime does not import.
func ptrTo[T any](v T) *T { return &v }

func TestConvertPointer(t *testing.T) {
	calls := 0
	conv := func(s *address, d *addressStorage) error { calls++; return addressToStorage(s, d) }

	got, err := ConvertPointer(nil, conv)
	if got != nil || err != nil || calls != 0 {
		t.Fatalf("ConvertPointer(nil) = %v, %v after %d calls; want nil, nil after 0", got, err, calls)
	}

	src := &address{Street: "Main", Lines: []string{"l"}, Zip: ptrTo(5)}
	got, err = ConvertPointer(src, conv)
	if err != nil {
		t.Fatal(err)
	}
	want := &addressStorage{Street: ptrTo("Main"), Lines: []string{"l"}, Zip: ptrTo(5)}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ConvertPointer = %+v, want %+v", got, want)
	}
	*got.Zip = 6
	if *src.Zip != 5 {
		t.Fatal("result shares memory with the source")
	}

	got, err = ConvertPointer(&address{Street: "bad"}, conv)
	if got != nil || !errors.Is(err, errBadStreet) {
		t.Fatalf("ConvertPointer(bad) = %v, %v; want nil, %v", got, err, errBadStreet)
	}
	if err != errBadStreet {
		t.Fatalf("ConvertPointer wrapped its error: %v", err)
	}
}

func TestConvertSlice(t *testing.T) {
	t.Run("nil and empty", func(t *testing.T) {
		for _, src := range [][]address{nil, {}} {
			calls := 0
			got, err := ConvertSlice(src, func(s *address, d *addressStorage) error { calls++; return nil })
			if err != nil || calls != 0 {
				t.Fatalf("ConvertSlice(%#v): err %v after %d calls", src, err, calls)
			}
			assertSameNilness(t, got, src)
		}
	})
	t.Run("success", func(t *testing.T) {
		src := []address{{Street: "A", Zip: ptrTo(1)}, {}, {Street: "C", Lines: []string{"c"}}}
		got, err := ConvertSlice(src, addressToStorage)
		if err != nil {
			t.Fatal(err)
		}
		want := []addressStorage{{Street: ptrTo("A"), Zip: ptrTo(1)}, {}, {Street: ptrTo("C"), Lines: []string{"c"}}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("ConvertSlice = %+v, want %+v", got, want)
		}
		*got[0].Zip = 100
		got[2].Lines[0] = "x"
		if *src[0].Zip != 1 || src[2].Lines[0] != "c" {
			t.Fatal("result shares memory with the source")
		}
	})
	t.Run("convert receives the source element", func(t *testing.T) {
		src := []address{{Street: "A"}, {Street: "B"}}
		var seen []*address
		_, err := ConvertSlice(src, func(s *address, d *addressStorage) error {
			seen = append(seen, s)
			if !reflect.DeepEqual(*d, addressStorage{}) {
				t.Errorf("destination not zero: %+v", *d)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) != 2 || seen[0] != &src[0] || seen[1] != &src[1] {
			t.Fatalf("convert got %v, want pointers to the source elements in order", seen)
		}
	})
	tests := []struct {
		name      string
		src       []address
		wantMsg   string
		wantCalls int
		check     func(error) bool
	}{
		{
			name:      "sentinel at index 3",
			src:       []address{{Street: "a"}, {Street: "b"}, {Street: "c"}, {Street: "bad"}, {Street: "bad"}},
			wantMsg:   "element 3: bad street",
			wantCalls: 4,
			check:     func(err error) bool { return errors.Is(err, errBadStreet) },
		},
		{
			name:      "typed at index 0",
			src:       []address{{Street: "typed"}, {Street: "ok"}},
			wantMsg:   "element 0: invalid street typed",
			wantCalls: 1,
			check: func(err error) bool {
				var se *streetError
				return errors.As(err, &se) && se.Street == "typed"
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			got, err := ConvertSlice(tt.src, func(s *address, d *addressStorage) error { calls++; return addressToStorage(s, d) })
			if got != nil {
				t.Fatalf("result = %+v on error, want nil", got)
			}
			if err == nil || err.Error() != tt.wantMsg {
				t.Fatalf("error = %v, want %q", err, tt.wantMsg)
			}
			if !tt.check(err) {
				t.Fatalf("error %v does not unwrap to its cause", err)
			}
			if calls != tt.wantCalls {
				t.Fatalf("convert called %d times, want %d (stop at first failure)", calls, tt.wantCalls)
			}
		})
	}
}

type color string

func TestConvertMap(t *testing.T) {
	t.Run("nil and empty", func(t *testing.T) {
		for _, src := range []map[string]address{nil, {}} {
			calls := 0
			got, err := ConvertMap(src, func(s *address, d *addressStorage) error { calls++; return nil })
			if err != nil || calls != 0 {
				t.Fatalf("ConvertMap(%#v): err %v after %d calls", src, err, calls)
			}
			assertSameNilness(t, got, src)
		}
	})
	t.Run("success", func(t *testing.T) {
		src := map[string]address{"home": {Street: "A", Zip: ptrTo(1)}, "work": {}}
		got, err := ConvertMap(src, addressToStorage)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]addressStorage{"home": {Street: ptrTo("A"), Zip: ptrTo(1)}, "work": {}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("ConvertMap = %+v, want %+v", got, want)
		}
		*got["home"].Zip = 2
		if *src["home"].Zip != 1 {
			t.Fatal("result shares memory with the source")
		}
	})
	t.Run("error names the key and wraps", func(t *testing.T) {
		src := map[string]address{"home": {Street: "bad"}, "work": {Street: "ok"}}
		got, err := ConvertMap(src, addressToStorage)
		if got != nil {
			t.Fatalf("result = %+v on error, want nil", got)
		}
		if err == nil || err.Error() != `key "home": bad street` {
			t.Fatalf("error = %v", err)
		}
		if !errors.Is(err, errBadStreet) {
			t.Fatal("errors.Is does not find the cause")
		}
	})
	t.Run("several failures report the least key every time", func(t *testing.T) {
		src := map[string]address{}
		for i := 0; i < 50; i++ {
			src[fmt.Sprintf("k%02d", i)] = address{Street: "bad"}
		}
		src["a-ok"] = address{Street: "ok"}
		for i := 0; i < 20; i++ {
			_, err := ConvertMap(src, addressToStorage)
			if err == nil || err.Error() != `key "k00": bad street` {
				t.Fatalf("run %d: error = %v, want key k00", i, err)
			}
		}
	})
	t.Run("int keys ordered numerically", func(t *testing.T) {
		src := map[int]address{10: {Street: "bad"}, 9: {Street: "typed"}, 100: {Street: "bad"}, 1: {}}
		for i := 0; i < 20; i++ {
			_, err := ConvertMap(src, addressToStorage)
			var se *streetError
			if err == nil || err.Error() != "key 9: invalid street typed" || !errors.As(err, &se) {
				t.Fatalf("error = %v, want key 9 wrapping *streetError", err)
			}
		}
	})
	t.Run("named string keys are quoted", func(t *testing.T) {
		src := map[color]address{"red": {Street: "bad"}}
		_, err := ConvertMap(src, addressToStorage)
		if err == nil || !strings.HasPrefix(err.Error(), `key "red": `) {
			t.Fatalf("error = %v", err)
		}
	})
}

func TestKeyLessTotal(t *testing.T) {
	nan := func() float64 { z := 0.0; return z / z }()
	tests := []struct {
		a, b any
		want bool
	}{
		{"a", "b", true},
		{"b", "a", false},
		{9, 10, true},
		{int8(-1), int8(1), true},
		{uint(2), uint(10), true},
		{1.5, 2.5, true},
		{9.5, 10.5, true}, // by value, not by text
		{10.5, 9.5, false},
		{-10.5, -9.5, true},
		{int64(-10), int64(-9), true},
		{uint8(9), uint8(10), true},
		{"B", "a", true}, // by byte value
		{1.5, nan, true}, // NaN sorts by text, after digits
		{nan, 1.5, false},
		{true, false, false}, // by text: "false" < "true"
		{struct{ A int }{1}, struct{ A int }{2}, true},

		{uint64(1), uint64(math.MaxUint64), true}, // as unsigned, not as int64 (-1)
	}
	for _, tt := range tests {
		if got := keyLess(tt.a, tt.b); got != tt.want {
			t.Errorf("keyLess(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// Keys of an interface type can hold values of different types, and nil.
// keyLess orders them by type first and never panics.
func TestKeyLessMixedTypes(t *testing.T) {
	type label string
	keys := []any{nil, 1, int8(1), uint(1), 1.0, "1", label("1"), color("1"), true, struct{ A int }{1}}
	for _, a := range keys {
		if keyLess(a, a) {
			t.Errorf("keyLess(%#v, itself) = true", a)
		}
		for _, b := range keys {
			ab, ba := keyLess(a, b), keyLess(b, a)
			if reflect.TypeOf(a) != reflect.TypeOf(b) && ab == ba {
				t.Errorf("keyLess(%#v, %#v) = %v both ways: not a total order", a, b, ab)
			}
		}
	}
	if !keyLess(nil, 0) || keyLess(0, nil) {
		t.Error("a nil key does not sort first")
	}
	// Two types declared in two functions share their package and name:
	// they compare by text, not by a kind only one of them has.
	one, two := localKeyInt(1), localKeyString("2")
	if reflect.TypeOf(one).String() != reflect.TypeOf(two).String() {
		t.Fatalf("the local types are named %s and %s", reflect.TypeOf(one), reflect.TypeOf(two))
	}
	if !keyLess(one, two) || keyLess(two, one) {
		t.Errorf("keyLess(%v, %v) = %v, keyLess(%v, %v) = %v; want true, false", one, two, keyLess(one, two), two, one, keyLess(two, one))
	}
}

// Two packages' types of one name (text/template's and html/template's
// Template) are two types: they sort by package path, not by their text.
func TestKeyLessTypesOfOneNameInTwoPackages(t *testing.T) {
	html, text := htmltemplate.Template{}, texttemplate.Template{}
	if reflect.TypeOf(html).String() != reflect.TypeOf(text).String() {
		t.Fatalf("the types are named %s and %s", reflect.TypeOf(html), reflect.TypeOf(text))
	}
	if !keyLess(html, text) || keyLess(text, html) {
		t.Errorf("keyLess(html, text) = %v, keyLess(text, html) = %v; want true, false (html/template < text/template)", keyLess(html, text), keyLess(text, html))
	}
}

func localKeyInt(n int) any {
	type key int
	return key(n)
}

func localKeyString(s string) any {
	type key string
	return key(s)
}

// ConvertMap over a map with interface keys of several types reports the
// same failing key on every call, without panicking.
func TestConvertMapMixedKeyTypes(t *testing.T) {
	src := map[any]address{
		nil: {Street: "ok"}, 1: {Street: "bad"}, "1": {Street: "bad"}, uint(1): {Street: "bad"},
		2.5: {Street: "bad"}, color("red"): {Street: "bad"}, "ok": {Street: "ok"},
	}
	var first string
	for i := 0; i < 30; i++ {
		_, err := ConvertMap(src, addressToStorage)
		if err == nil {
			t.Fatal("no error")
		}
		if i == 0 {
			first = err.Error()
		} else if err.Error() != first {
			t.Fatalf("error changed between calls: %q, then %q", first, err)
		}
	}
	// " float64" < " int" < " string" < " uint" < "github.com/....color"
	if first != "key 2.5: bad street" {
		t.Errorf("error = %q, want the float key, whose type sorts first", first)
	}
}

// Several failing float keys: the least by value is reported, not the least
// by text.
func TestConvertMapFloatKeys(t *testing.T) {
	src := map[float64]address{10.5: {Street: "bad"}, 9.5: {Street: "bad"}, 100: {Street: "bad"}, 1: {Street: "ok"}}
	for i := 0; i < 20; i++ {
		_, err := ConvertMap(src, addressToStorage)
		if err == nil || err.Error() != "key 9.5: bad street" {
			t.Fatalf("error = %v, want key 9.5", err)
		}
	}
}

// assertSameNilness fails unless got and want are both nil or both non-nil.
// It is meant for slices and maps, where nil and empty must stay apart.
func assertSameNilness(t *testing.T, got, want any) {
	t.Helper()
	g, w := reflect.ValueOf(got), reflect.ValueOf(want)
	if g.IsNil() != w.IsNil() {
		t.Fatalf("nil-ness changed: got nil=%v (%#v), source nil=%v (%#v)", g.IsNil(), got, w.IsNil(), want)
	}
	if g.Len() != w.Len() {
		t.Fatalf("len = %d, want %d", g.Len(), w.Len())
	}
}

// ranked is a string key whose String method does not spell it, as an
// enum with display names might.
type ranked string

func (r ranked) String() string { return map[ranked]string{"a": "second", "b": "first"}[r] }

// Several failing keys of a string type with a String method: the least by
// value is reported, not the least by the String text, and it is quoted as
// it is spelled.
func TestConvertMapStringerKeys(t *testing.T) {
	src := map[ranked]address{"a": {Street: "bad"}, "b": {Street: "bad"}}
	for i := 0; i < 20; i++ {
		_, err := ConvertMap(src, addressToStorage)
		if err == nil || err.Error() != `key "a": bad street` {
			t.Fatalf("error = %v, want key \"a\"", err)
		}
	}
}
