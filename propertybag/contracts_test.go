package propertybag

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// counter decodes through its own UnmarshalJSON, so that it takes
// a path of its own through encoding/json; it writes its
// receiver even when it fails, as careless unmarshalers do.
type counter int

func (c *counter) UnmarshalJSON(data []byte) error {
	n, err := strconv.Atoi(string(data))
	*c = counter(n)
	return err
}

// readChecks reads name from bag as a T with Get and Pull, and checks
// what every read promises whatever the text: no panic; on failure an
// *Error wrapping ErrDecode that names the operation and the property, no
// value, and the bag as it was; on success the same value from both, and
// the name removed by Pull. It returns the value and Get's error.
func readChecks[T any](t *testing.T, bag PropertyBag, name string) (*T, error) {
	t.Helper()
	typ := reflect.TypeFor[T]()
	safely := func(read func() (*T, error)) (v *T, err error) {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("reading %q as %s panicked: %v", bag[name], typ, r)
			}
		}()
		return read()
	}
	before := bag.DeepCopy()
	got, err := safely(func() (*T, error) { return Get[T](bag, name) })
	if diff := cmp.Diff(before, bag); diff != "" {
		t.Fatalf("Get of %q as %s changed the bag:\n%s", before[name], typ, diff)
	}
	work := bag.DeepCopy()
	recalled, recallErr := safely(func() (*T, error) { return Pull[T](&work, name) })
	for op, e := range map[string]error{"get": err, "pull": recallErr} {
		if e == nil {
			continue
		}
		var bagErr *Error
		if !errors.Is(e, ErrDecode) || !errors.As(e, &bagErr) || !strings.Contains(e.Error(), op+" "+strconv.Quote(name)) {
			t.Errorf("%s of %q as %s: error %v, want an *Error wrapping ErrDecode naming %s %q", op, before[name], typ, e, op, name)
		}
	}
	if (err == nil) != (recallErr == nil) {
		t.Fatalf("%q as %s: Get error %v, Pull error %v", before[name], typ, err, recallErr)
	}
	if err != nil {
		if got != nil || recalled != nil {
			t.Errorf("a failed read of %q as %s returned %#v and %#v", before[name], typ, got, recalled)
		}
		if diff := cmp.Diff(before, work); diff != "" {
			t.Errorf("a failed Pull of %q as %s changed the bag:\n%s", before[name], typ, diff)
		}
		return nil, err
	}
	if !reflect.DeepEqual(got, recalled) {
		t.Errorf("%q as %s: Get gave %#v, Pull %#v", before[name], typ, got, recalled)
	}
	if work.Contains(name) {
		t.Errorf("Pull of %q as %s kept the value", before[name], typ)
	}
	return got, nil
}

// notNumbers are texts that begin like a number but are not one JSON
// number. A decoder that takes the number it has read before it looks at
// the rest gives 42, 0 or 4.
var notNumbers = []string{"42abc", "0x10", "4 2", "42,", "42]", "42}", "1e", "1e+", "-", "--1", "4.2.1", "042", "+1", "1.", ".5", "[42]", `{"n":42}`, `"42"`, "42 x", "NaN", "Infinity", "true"}

// TestFailedNumberReturnsNothing (issue 12): a failed Get or Pull as a
// number returns an error and no value, not the part that was a number, on
// plain types and on types with their own unmarshaler, and Pull leaves the value
// in the bag.
func TestFailedNumberReturnsNothing(t *testing.T) {
	for _, text := range notNumbers {
		t.Run(text, func(t *testing.T) {
			bag := PropertyBag{"n": text}
			fails := func(v any, err error) {
				t.Helper()
				if err == nil {
					t.Errorf("%q read as %T without error: %v", text, v, reflect.ValueOf(v).Elem())
				}
			}
			fails(readChecks[int](t, bag, "n"))
			fails(readChecks[int64](t, bag, "n"))
			fails(readChecks[uint8](t, bag, "n"))
			fails(readChecks[float32](t, bag, "n"))
			fails(readChecks[float64](t, bag, "n"))
			fails(readChecks[counter](t, bag, "n"))
			fails(readChecks[*int](t, bag, "n"))
			if !json.Valid([]byte(text)) {
				fails(readChecks[any](t, bag, "n"))
			}
		})
	}
}

// TestReadsAnyTextAsAnyType: whatever the bag holds, reading it as any type
// keeps the promises of readChecks.
func TestReadsAnyTextAsAnyType(t *testing.T) {
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
	for name := range bag {
		t.Run(name, func(t *testing.T) {
			readChecks[string](t, bag, name)
			readChecks[*string](t, bag, name)
			readChecks[**string](t, bag, name)
			readChecks[gender](t, bag, name)
			readChecks[int](t, bag, name)
			readChecks[*int](t, bag, name)
			readChecks[uint8](t, bag, name)
			readChecks[float32](t, bag, name)
			readChecks[bool](t, bag, name)
			readChecks[address](t, bag, name)
			readChecks[*address](t, bag, name)
			readChecks[[]int](t, bag, name)
			readChecks[[]address](t, bag, name)
			readChecks[map[string]int](t, bag, name)
			readChecks[any](t, bag, name)
			readChecks[time.Time](t, bag, name)
			readChecks[counter](t, bag, name)
			readChecks[PropertyBag](t, bag, name)
			readChecks[[]byte](t, bag, name)
		})
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

// TestNull (issue 12): the text null, what Add stores for a value that
// encodes as null, reads as nil for every T and is removed by Pull; with
// white space around it, it is null for every T but a string kind, which
// takes legacy text as it is. Inside an object, null leaves the field its
// zero value.
func TestNull(t *testing.T) {
	defaultStrings(t)
	var bag PropertyBag
	must(t, Add(&bag, "nil", ptrTo[any](nil)))
	must(t, Add(&bag, "nilString", ptrTo((*string)(nil))))
	must(t, Add(&bag, "nilStruct", ptrTo((*address)(nil))))
	must(t, Add(&bag, "nilSlice", ptrTo([]int(nil))))
	must(t, Add(&bag, "zeroOptionalText", &optionalText{}))
	bag["spaced"] = " null\n"
	bag["spacedLeft"] = " null" // one byte of white space: trimmed too
	bag["spacedRight"] = "null\t"
	for name, text := range bag {
		if !strings.HasPrefix(name, "spaced") && text != "null" {
			t.Errorf("%s stored as %q, want null", name, text)
		}
	}
	for name := range bag {
		t.Run(name, func(t *testing.T) {
			isNil := func(v any, err error) {
				t.Helper()
				if err != nil || !reflect.ValueOf(v).IsNil() {
					t.Errorf("%q read as %T: %#v, %v; want nil, nil", bag[name], v, v, err)
				}
			}
			isNil(readChecks[int](t, bag, name))
			isNil(readChecks[float32](t, bag, name))
			isNil(readChecks[bool](t, bag, name))
			isNil(readChecks[address](t, bag, name))
			isNil(readChecks[*address](t, bag, name))
			isNil(readChecks[[]int](t, bag, name))
			isNil(readChecks[map[string]int](t, bag, name))
			isNil(readChecks[any](t, bag, name))
			isNil(readChecks[optionalText](t, bag, name))
			isNil(readChecks[time.Time](t, bag, name))
			if strings.HasPrefix(name, "spaced") {
				// Legacy text with white space around null is a string like
				// any other.
				eq(t, mustGet[string](t, bag, name), bag[name])
				eq(t, mustGet[gender](t, bag, name), gender(bag[name]))
				return
			}
			isNil(readChecks[string](t, bag, name))
			isNil(readChecks[gender](t, bag, name))
			isNil(readChecks[*string](t, bag, name))
			isNil(readChecks[**string](t, bag, name))
		})
	}
	// A type whose zero value is stored as null: that value is recalled as
	// nil, any other round-trips.
	eq(t, roundTrip(t, optionalText{}), optionalText{})
	eq(t, roundTrip(t, optionalText{Text: "x"}), optionalText{Text: "x"})
	// Inside an object, null leaves the field its zero value, as in
	// encoding/json.
	eq(t, mustGet[address](t, PropertyBag{"a": `{"label":null,"floor":null,"lines":null}`}, "a"), address{})
}

// shout is a string kind with an UnmarshalJSON method of its own (and no
// MarshalJSON): it reads a JSON string in upper case.
type shout string

func (s *shout) UnmarshalJSON(data []byte) error {
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return err
	}
	*s = shout(strings.ToUpper(text))
	return nil
}

// TestStringFormatsSpareMethodsAndPointers: the legacy and ASO string
// formats apply to string kinds only, and not to one with a JSON method
// of its own: a string kind with UnmarshalJSON is read by the method in
// either format (so legacy text is an error), and written as JSON even in
// ASO's format; a pointer to a string is JSON in ASO's format.
func TestStringFormatsSpareMethodsAndPointers(t *testing.T) {
	for _, verbatim := range []bool{false, true} {
		got, err := read[shout](PropertyBag{"v": `"abc"`}, "get", "v", verbatim)
		if err != nil || got == nil || *got != "ABC" {
			t.Errorf(`verbatim %v: shout from "abc" read as %v, %v; want ABC by its method`, verbatim, got, err)
		}
		if _, err := read[shout](PropertyBag{"v": `abc`}, "get", "v", verbatim); !errors.Is(err, ErrDecode) {
			t.Errorf("verbatim %v: shout from legacy text abc: %v, want ErrDecode from its method", verbatim, err)
		}
		var bag PropertyBag
		must(t, add(&bag, "s", ptrTo(shout("abc")), verbatim))
		must(t, add(&bag, "p", ptrTo(ptrTo("x")), verbatim))
		must(t, add(&bag, "g", ptrTo(ptrTo(gender("Female"))), verbatim))
		eq(t, bag, PropertyBag{"s": `"abc"`, "p": `"x"`, "g": `"Female"`})
		p, err := read[*string](bag, "get", "p", verbatim)
		if err != nil || p == nil || *p == nil || **p != "x" {
			t.Errorf(`verbatim %v: *string from "x": %v, %v`, verbatim, p, err)
		}
		g, err := read[*gender](bag, "get", "g", verbatim)
		if err != nil || g == nil || *g == nil || **g != "Female" {
			t.Errorf(`verbatim %v: *gender from "Female": %v, %v`, verbatim, g, err)
		}
	}
}
