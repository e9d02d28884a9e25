package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// counter decodes through its own UnmarshalJSON, so that it takes
// encoding/json's path rather than the fast decoder's; it writes its
// receiver even when it fails, as careless unmarshalers do.
type counter int

func (c *counter) UnmarshalJSON(data []byte) error {
	n, err := strconv.Atoi(string(data))
	*c = counter(n)
	return err
}

// notNumbers are texts that begin like a number but are not one JSON
// number. A decoder that assigns the number it has read before it looks at
// the rest leaves 42, 0 or 4 behind.
var notNumbers = []string{"42abc", "0x10", "4 2", "42,", "42]", "42}", "1e", "1e+", "-", "--1", "4.2.1", "042", "+1", "1.", ".5", "[42]", `{"n":42}`, `"42"`, "42 x", "NaN", "Infinity", "true"}

// TestFailedNumberLeavesDestination: a failed Get or Pull into a number
// leaves the destination as it was, on the fast path and on the
// encoding/json path, and the generic Get and Pull return the zero value.
func TestFailedNumberLeavesDestination(t *testing.T) {
	for _, text := range notNumbers {
		t.Run(text, func(t *testing.T) {
			bag := PropertyBag{"n": text}
			check := func(dst any, want any) {
				t.Helper()
				err := bag.Get("n", dst)
				if !errors.Is(err, ErrDecode) {
					t.Errorf("Get into %T: got %v, want ErrDecode", dst, err)
				}
				if err := bag.Pull("n", dst); !errors.Is(err, ErrDecode) || !bag.Contains("n") {
					t.Errorf("Pull into %T: got %v (value still in the bag: %v), want ErrDecode", dst, err, bag.Contains("n"))
				}
				if got := reflect.ValueOf(dst).Elem().Interface(); got != want {
					t.Errorf("failed read into %T wrote %v (was %v)", dst, got, want)
				}
			}
			i, i64, u8, f32, f64, c := 7, int64(7), uint8(7), float32(7), 7.0, counter(7)
			check(&i, 7)
			check(&i64, int64(7))
			check(&u8, uint8(7))
			check(&f32, float32(7))
			check(&f64, 7.0)
			check(&c, counter(7))
			seven := 7
			p := &seven
			check(&p, &seven)
			if seven != 7 {
				t.Errorf("failed read into **int wrote %d through the pointer", seven)
			}
			if !json.Valid([]byte(text)) {
				var a any = 7
				check(&a, any(7))
			}
			if n, err := Get[int](bag, "n"); err == nil || n != 0 {
				t.Errorf("Get[int] = %d, %v; want 0 and an error", n, err)
			}
			if n, err := Pull[float32](bag, "n"); err == nil || n != 0 {
				t.Errorf("Pull[float32] = %v, %v; want 0 and an error", n, err)
			}
		})
	}
}

// TestNilDestination: a nil pointer of any type, or no pointer at all, is
// ErrNilDestination whatever the bag holds, never a panic, and the bag is
// unchanged.
func TestNilDestination(t *testing.T) {
	bag := PropertyBag{
		"plain":   `"Theodore"`,
		"escaped": `"tab\there"`,
		"legacy":  `plain legacy text`,
		"null":    `null`,
		"number":  `42`,
		"object":  `{"label":"x"}`,
		"array":   `[1,2]`,
		"empty":   ``,
		"bad":     `{"label":`,
	}
	destinations := []any{
		nil, (*string)(nil), (**string)(nil), (***string)(nil), (*gender)(nil), (**gender)(nil),
		(*int)(nil), (**int)(nil), (*uint8)(nil), (*float32)(nil), (*bool)(nil),
		(*address)(nil), (**address)(nil), (*[]int)(nil), (*[]address)(nil), (*map[string]int)(nil),
		(*any)(nil), (*time.Time)(nil), (*counter)(nil), (*PropertyBag)(nil), (*[]byte)(nil),
		"not a pointer", 42, address{},
	}
	for _, dst := range destinations {
		for _, name := range append(bag.Names(), "missing") {
			t.Run(fmt.Sprintf("%T/%s", dst, name), func(t *testing.T) {
				before := bag.Clone()
				for _, read := range []struct {
					op string
					fn func(string, any) error
				}{{"get", bag.Get}, {"pull", bag.Pull}} {
					err := func() (err error) {
						defer func() {
							if r := recover(); r != nil {
								err = fmt.Errorf("panic: %v", r)
							}
						}()
						return read.fn(name, dst)
					}()
					if !errors.Is(err, ErrNilDestination) {
						t.Fatalf("%s into %T: got %v, want ErrNilDestination", read.op, dst, err)
					}
					if !strings.Contains(err.Error(), strconv.Quote(name)) {
						t.Errorf("error %q does not name the property", err)
					}
				}
				eq(t, bag, before)
			})
		}
	}
}

// optionalText stores its zero value as null and reads null back as its
// zero value, as metav1.Time does.
type optionalText struct{ Text string }

func (o optionalText) MarshalJSON() ([]byte, error) {
	if o.Text == "" {
		return []byte("null"), nil
	}
	return json.Marshal(o.Text)
}

func (o *optionalText) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*o = optionalText{}
		return nil
	}
	return json.Unmarshal(data, &o.Text)
}

// TestNull pins what the text null (what Add stores for nil) reads as: nil
// for a pointer, slice, map or interface; an error, the same for strings,
// numbers, bools and structs, for any other destination, which is left as
// it was; and whatever a type with its own unmarshaler makes of it.
func TestNull(t *testing.T) {
	var bag PropertyBag
	must(t, bag.Add("nil", nil))
	must(t, bag.Add("nilString", (*string)(nil)))
	must(t, bag.Add("nilStruct", (*address)(nil)))
	bag["spaced"] = " null\n"
	for _, name := range []string{"nil", "nilString", "nilStruct"} {
		eq(t, bag[name], "null")
	}
	for _, name := range []string{"nil", "nilString", "nilStruct", "spaced"} {
		t.Run(name, func(t *testing.T) {
			fails := func(dst any, want any) {
				t.Helper()
				err := bag.Get(name, dst)
				if !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "null") {
					t.Errorf("Get into %T: got %v, want ErrDecode saying the value is null", dst, err)
				}
				if got := reflect.ValueOf(dst).Elem().Interface(); !reflect.DeepEqual(got, want) {
					t.Errorf("failed Get into %T wrote %#v", dst, got)
				}
			}
			n, f, b, g := 7, float32(7), true, gender("Male")
			fails(&n, 7)
			fails(&f, float32(7))
			fails(&b, true)
			a := address{Label: "old"}
			fails(&a, address{Label: "old"})
			if name != "spaced" { // legacy text with white space is a string
				s := "old"
				fails(&s, "old")
				fails(&g, gender("Male"))
			}
			nils := []any{new(*int), new(*address), new([]int), new(map[string]int), new(any)}
			if name != "spaced" {
				nils = append(nils, new(*string), new(**string))
			}
			for _, dst := range nils {
				if err := bag.Get(name, dst); err != nil {
					t.Errorf("Get into %T: %v", dst, err)
				}
				if v := reflect.ValueOf(dst).Elem(); !v.IsNil() {
					t.Errorf("Get into %T gave %#v, want nil", dst, v.Interface())
				}
			}
			var o optionalText
			must(t, bag.Get(name, &o))
			eq(t, o.Text, "")
		})
	}
	// Legacy text with white space around null is a string like any other.
	s, err := Get[string](bag, "spaced")
	must(t, err)
	eq(t, s, " null\n")
	// A nil added and read back as a plain string is an error, not "null".
	if s, err := Pull[string](bag, "nil"); err == nil || s != "" || !bag.Contains("nil") {
		t.Errorf("Pull[string] of a stored nil = %q, %v; want an error, the value kept", s, err)
	}
	p, err := PullOptional[string](bag, "nilString")
	must(t, err)
	if p != nil || bag.Contains("nilString") {
		t.Errorf("PullOptional of a stored nil = %v", p)
	}
	// A type whose zero value is stored as null round-trips.
	eq(t, roundTrip(t, optionalText{}), optionalText{})
	eq(t, roundTrip(t, optionalText{Text: "x"}), optionalText{Text: "x"})
	// Inside an object, null leaves the field its zero value, as in
	// encoding/json.
	got, err := Get[address](PropertyBag{"a": `{"label":null,"floor":null,"lines":null}`}, "a")
	must(t, err)
	eq(t, got, address{})
}
