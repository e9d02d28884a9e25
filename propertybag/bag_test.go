package propertybag

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

type gender string

type address struct {
	Label   string            `json:"label,omitempty"`
	Lines   []string          `json:"lines,omitempty"`
	Country *string           `json:"country,omitempty"`
	Tags    map[string]string `json:"tags,omitempty"`
	Floor   int               `json:"floor"`
}

// roundTrip adds v and pulls it as a T. A value stored as null is
// pulled as nil, which roundTrip returns as T's zero value.
func roundTrip[T any](t *testing.T, v T) T {
	t.Helper()
	var bag PropertyBag
	if err := Add(&bag, "p", &v); err != nil {
		t.Fatalf("Add(%#v): %v", v, err)
	}
	text := bag["p"]
	got, err := Pull[T](&bag, "p")
	if err != nil {
		t.Fatalf("Pull %T from %q: %v", v, text, err)
	}
	if bag != nil {
		t.Fatalf("Pull left %v in the bag, want a nil bag", bag)
	}
	if (got == nil) != (text == "null") {
		t.Fatalf("Pull %T of %q gave nil = %v", v, text, got == nil)
	}
	if got == nil {
		var zero T
		return zero
	}
	return *got
}

// ptrTo returns a pointer to a copy of v.
func ptrTo[T any](v T) *T { return &v }

// mustGet returns the value named name as a T, failing the test on an error
// or a nil result.
func mustGet[T any](t *testing.T, b PropertyBag, name string) T {
	t.Helper()
	v, err := Get[T](b, name)
	if err != nil {
		t.Fatalf("Get %q: %v", name, err)
	}
	if v == nil {
		t.Fatalf("Get %q as %s: nil", name, reflect.TypeFor[T]())
	}
	return *v
}

func TestRoundTripKinds(t *testing.T) {
	usa := "USA"
	n := 7
	cases := []struct {
		name  string
		check func(t *testing.T)
	}{
		{"string", func(t *testing.T) {
			eq(t, roundTrip(t, "Mickey <&> \u2028 \"quoted\" \\ \x01"), "Mickey <&> \u2028 \"quoted\" \\ \x01")
		}},
		{"empty string", func(t *testing.T) { eq(t, roundTrip(t, ""), "") }},
		{"enum", func(t *testing.T) { eq(t, roundTrip(t, gender("Female")), gender("Female")) }},
		{"int", func(t *testing.T) { eq(t, roundTrip(t, -42), -42) }},
		{"int64 max", func(t *testing.T) { eq(t, roundTrip(t, int64(math.MaxInt64)), int64(math.MaxInt64)) }},
		{"uint64 max", func(t *testing.T) { eq(t, roundTrip(t, uint64(math.MaxUint64)), uint64(math.MaxUint64)) }},
		{"int8", func(t *testing.T) { eq(t, roundTrip(t, int8(-128)), int8(-128)) }},
		{"float64", func(t *testing.T) { eq(t, roundTrip(t, 3.25), 3.25) }},
		{"tiny float", func(t *testing.T) { eq(t, roundTrip(t, 1e-9), 1e-9) }},
		{"float32", func(t *testing.T) { eq(t, roundTrip(t, float32(0.1)), float32(0.1)) }},
		{"bool", func(t *testing.T) { eq(t, roundTrip(t, true), true) }},
		{"pointer", func(t *testing.T) { eq(t, *roundTrip(t, &n), 7) }},
		{"nil pointer", func(t *testing.T) { eq(t, roundTrip[*int](t, nil), (*int)(nil)) }},
		{"nil pointer to string", func(t *testing.T) { eq(t, roundTrip[*string](t, nil), (*string)(nil)) }},
		{"slice", func(t *testing.T) { eq(t, roundTrip(t, []string{"a", "b"}), []string{"a", "b"}) }},
		{"empty slice stays empty", func(t *testing.T) { eq(t, roundTrip(t, []int{}), []int{}) }},
		{"nil slice stays nil", func(t *testing.T) { eq(t, roundTrip[[]int](t, nil), []int(nil)) }},
		{"map", func(t *testing.T) {
			eq(t, roundTrip(t, map[string]int{"b": 2, "a": 1}), map[string]int{"a": 1, "b": 2})
		}},
		{"empty map", func(t *testing.T) { eq(t, roundTrip(t, map[string]int{}), map[string]int{}) }},
		{"enum-keyed map", func(t *testing.T) {
			eq(t, roundTrip(t, map[gender][]int{"x": {1}}), map[gender][]int{"x": {1}})
		}},
		{"struct", func(t *testing.T) {
			a := address{Label: "1313 S. Harbor Blvd\nAnaheim", Lines: []string{"x"}, Country: &usa, Tags: map[string]string{"k": "v"}, Floor: 2}
			eq(t, roundTrip(t, a), a)
		}},
		{"slice of structs", func(t *testing.T) {
			as := []address{{Label: "a"}, {Floor: 3}}
			eq(t, roundTrip(t, as), as)
		}},
		{"pointer to struct", func(t *testing.T) { eq(t, roundTrip(t, &address{Label: "x"}), &address{Label: "x"}) }},
		{"time (custom marshaler)", func(t *testing.T) {
			ts := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
			eq(t, roundTrip(t, ts), ts)
		}},
		{"interface value", func(t *testing.T) {
			eq(t, roundTrip[any](t, map[string]any{"a": 1.5}), any(map[string]any{"a": 1.5}))
		}},
		{"byte slice", func(t *testing.T) { eq(t, roundTrip(t, []byte("hi")), []byte("hi")) }},
	}
	for _, c := range cases {
		t.Run(c.name, c.check)
	}
}

// defaultStrings skips a test that pins the default string format (JSON
// string literals, legacy text) through Add, Pull and Get when the program
// is built with ASO's string format (hubspoke_aso), which those write and
// read instead. The ASO tests (TestASOStrings and its neighbours) check both
// formats in either build.
func defaultStrings(tb testing.TB) {
	tb.Helper()
	if ASOStrings {
		tb.Skip("pins the default string format; this build has ASO's (hubspoke_aso)")
	}
}

func eq[T any](t *testing.T, got, want T) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestEnumAndStringInterchange(t *testing.T) {
	var bag PropertyBag
	must(t, Add(&bag, "asEnum", ptrTo(gender("Male"))))
	must(t, Add(&bag, "asString", ptrTo("Female")))
	s, err := Pull[string](&bag, "asEnum")
	must(t, err)
	eq(t, *s, "Male")
	g, err := Pull[gender](&bag, "asString")
	must(t, err)
	eq(t, *g, gender("Female"))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestWireFormat pins the stored bytes: they are a compatibility promise.
func TestWireFormat(t *testing.T) {
	defaultStrings(t)
	usa := "USA"
	cases := []struct {
		value any
		want  string
	}{
		{"Theodore", `"Theodore"`},
		{"<a&b>", `"\u003ca\u0026b\u003e"`},
		{"line\nbreak\u2029", `"line\nbreak\u2029"`},
		{"bad\xffutf8", `"bad\ufffdutf8"`},
		{gender("Female"), `"Female"`},
		{42, `42`},
		{uint8(7), `7`},
		{false, `false`},
		{1e21, `1e+21`},
		{1e-7, `1e-7`},
		{100.5, `100.5`},
		{float32(3.4e38), `3.4e+38`},
		{(*int)(nil), `null`},
		{nil, `null`},
		{[]int(nil), `null`},
		{[]int{}, `[]`},
		{map[string]int{"b": 1, "a": 2}, `{"a":2,"b":1}`},
		{address{Label: "x", Country: &usa}, `{"label":"x","country":"USA","floor":0}`},
		{struct {
			A int `json:"-"`
			B int `json:"b,omitempty"`
			C int
		}{1, 0, 3}, `{"C":3}`},
	}
	for _, c := range cases {
		var bag PropertyBag
		must(t, Add(&bag, "p", &c.value))
		if bag["p"] != c.want {
			t.Errorf("Add(%#v) stored %s, want %s", c.value, bag["p"], c.want)
		}
		std, err := json.Marshal(c.value)
		must(t, err)
		if string(std) != bag["p"] {
			t.Errorf("Add(%#v) stored %s, encoding/json gives %s", c.value, bag["p"], std)
		}
	}
	// The shortcut for strings writes what encoding/json writes.
	for _, v := range []string{"Theodore", "<a&b>", "line\nbreak\u2029", "bad\xffutf8"} {
		var bag PropertyBag
		must(t, Add(&bag, "p", &v))
		std, err := json.Marshal(v)
		must(t, err)
		if bag["p"] != string(std) {
			t.Errorf("Add(%q) stored %s, encoding/json gives %s", v, bag["p"], std)
		}
	}
}

func TestDeterministic(t *testing.T) {
	m := map[string]address{}
	for _, k := range strings.Split("q w e r t y u i o p a s d f g h j k l", " ") {
		m[k] = address{Label: k, Tags: map[string]string{k + "1": "1", k + "0": "0"}}
	}
	var first PropertyBag
	must(t, Add(&first, "m", &m))
	for range 20 {
		var again PropertyBag
		must(t, Add(&again, "m", &m))
		if again["m"] != first["m"] {
			t.Fatalf("encoding not deterministic:\n%s\n%s", first["m"], again["m"])
		}
	}
	a, _ := json.Marshal(PropertyBag{"z": "1", "a": "2"})
	b, _ := json.Marshal(PropertyBag{"a": "2", "z": "1"})
	if string(a) != string(b) {
		t.Fatalf("serialized bag not deterministic: %s vs %s", a, b)
	}
}

// TestLegacyBags reads bags as Azure Service Operator's PropertyBag writes
// them: plain strings unquoted, everything else JSON.
func TestLegacyBags(t *testing.T) {
	defaultStrings(t)
	legacy := PropertyBag{
		"Name":     "Mickey Mouse",
		"Quoted":   `"Already JSON"`,
		"Number":   "42",
		"NumStr":   "42",
		"Enum":     "Female",
		"EnumJSON": `"Male"`,
		"Address":  `{"label":"x","floor":1}`,
		"Empty":    "",
		"Null":     "null",
		"StrPtr":   "plain",
	}
	eq(t, mustGet[string](t, legacy, "Name"), "Mickey Mouse")
	eq(t, mustGet[string](t, legacy, "Quoted"), "Already JSON")
	eq(t, mustGet[int](t, legacy, "Number"), 42)
	eq(t, mustGet[string](t, legacy, "NumStr"), "42")
	eq(t, mustGet[gender](t, legacy, "Enum"), gender("Female"))
	eq(t, mustGet[gender](t, legacy, "EnumJSON"), gender("Male"))
	eq(t, mustGet[address](t, legacy, "Address"), address{Label: "x", Floor: 1})
	eq(t, mustGet[string](t, legacy, "Empty"), "")
	eq(t, *mustGet[*string](t, legacy, "StrPtr"), "plain")
	for _, null := range []func() (any, error){
		func() (any, error) { return Get[string](legacy, "Null") },
		func() (any, error) { return Get[*string](legacy, "Null") },
	} {
		if v, err := null(); err != nil || !reflect.ValueOf(v).IsNil() {
			t.Errorf("the legacy text null: %v, %v; want nil", v, err)
		}
	}
	if _, err := Get[string](legacy, "Address"); !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "stored value is an object, not a string") {
		t.Errorf("an object read as a string: got %v, want ErrDecode saying it is an object", err)
	}
	if _, err := Get[string](PropertyBag{"List": ` ["a"]`}, "List"); !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "stored value is an array, not a string") {
		t.Errorf("an array read as a string: got %v, want ErrDecode saying it is an array", err)
	}
}

// TestLegacyStringRule (issue 29): only text that begins and ends with a
// double quote and is a JSON string literal is decoded as JSON for a string
// target; legacy text that merely begins with one, such as `"a" ` or `"a"`
// and a newline (which encoding/json reads as a), reads as it is stored, as
// Azure Service Operator's Pull reads it.
func TestLegacyStringRule(t *testing.T) {
	defaultStrings(t)
	for text, want := range map[string]string{
		`"a" `:     `"a" `,
		"\"a\"\n":  "\"a\"\n",
		"\"a\"\t":  "\"a\"\t",
		` "a"`:     ` "a"`,
		`"a" "b"`:  `"a" "b"`,
		`"a\"`:     `"a\"`,
		`"`:        `"`,
		`"a`:       `"a`,
		`"a"`:      `a`,
		`""`:       ``,
		`"a\"b"`:   `a"b`,
		`"\u00e9"`: "\u00e9",
	} {
		bag := PropertyBag{"v": text}
		eq(t, mustGet[string](t, bag, "v"), want)
		eq(t, *mustGet[*string](t, bag, "v"), want)
		eq(t, mustGet[gender](t, bag, "v"), gender(want))
	}
}

func TestBadInput(t *testing.T) {
	bag := PropertyBag{
		"Address":   `{"street":"1313 S. Harbor Blvd","city":"Anaheim"}`,
		"Invalid":   `{"label":`,
		"Number":    `"forty-two"`,
		"Overflow":  `300`,
		"Fraction":  `1.5`,
		"Trailing":  `{"label":"x"} {}`,
		"Array":     `[1,2]`,
		"BadString": "{\"label\":\"a\x01\"}",
		"Long":      `{"unknownFieldWithAVeryLongName":"` + strings.Repeat("x", 200) + `"}`,
		"Empty":     "",
	}
	cases := []struct {
		name     string
		read     func() (any, error)
		mentions []string
	}{
		{"unknown field", func() (any, error) { return Pull[address](&bag, "Address") },
			[]string{`pull "Address" into propertybag.address`, `unknown field "street"`, "1313 S. Harbor"}},
		{"unknown field, get", func() (any, error) { return Get[address](bag, "Address") },
			[]string{`get "Address" into propertybag.address`, `unknown field "street"`}},
		{"invalid json", func() (any, error) { return Pull[address](&bag, "Invalid") }, []string{`"Invalid"`, "end of JSON"}},
		{"wrong scalar", func() (any, error) { return Pull[int](&bag, "Number") }, []string{"int", "forty-two"}},
		{"overflow", func() (any, error) { return Pull[int8](&bag, "Overflow") }, []string{"int8", "300"}},
		{"fraction into int", func() (any, error) { return Pull[int](&bag, "Fraction") }, []string{"1.5"}},
		{"trailing data", func() (any, error) { return Pull[address](&bag, "Trailing") }, []string{"after top-level value"}},
		{"array into struct", func() (any, error) { return Pull[address](&bag, "Array") }, []string{"array"}},
		{"array into map", func() (any, error) { return Pull[map[string]int](&bag, "Array") }, []string{"array"}},
		{"control char in string", func() (any, error) { return Pull[address](&bag, "BadString") }, []string{"BadString"}},
		{"unknown field, slow path", func() (any, error) { return Pull[time.Time](&bag, "Address") }, []string{"time.Time"}},
		{"unknown field in a map value", func() (any, error) {
			return Get[map[string]address](PropertyBag{"M": `{"home":{"label":"x","street":"y"}}`}, "M")
		},
			[]string{`unknown field "street"`}},
		{"unknown field in a slice element", func() (any, error) { return Get[[]*address](PropertyBag{"S": `[{"label":"x","street":"y"}]`}, "S") },
			[]string{`unknown field "street"`}},
		{"long text excerpt", func() (any, error) { return Pull[address](&bag, "Long") }, []string{"…"}},
		{"empty text", func() (any, error) { return Pull[float64](&bag, "Empty") }, []string{`"Empty" into float64`, "empty text"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := bag.DeepCopy()
			v, err := c.read()
			if !errors.Is(err, ErrDecode) {
				t.Fatalf("got %v, want ErrDecode", err)
			}
			if !reflect.ValueOf(v).IsNil() {
				t.Errorf("a failed read returned %#v", v)
			}
			var bagErr *Error
			if !errors.As(err, &bagErr) {
				t.Fatalf("error %T is not an *Error", err)
			}
			for _, m := range c.mentions {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q does not mention %q", err, m)
				}
			}
			if len(err.Error()) > 400 {
				t.Errorf("error message too long (%d bytes): %s", len(err.Error()), err)
			}
			if diff := cmp.Diff(before, bag); diff != "" {
				t.Errorf("failed read changed the bag:\n%s", diff)
			}
		})
	}
}

// TestReadReturnsAFreshValue: what Get and Pull return is decoded anew
// each time and shares nothing with an earlier result.
func TestReadReturnsAFreshValue(t *testing.T) {
	bag := PropertyBag{"a": `{"label":"new","lines":["l"]}`}
	first := mustGet[address](t, bag, "a")
	first.Lines[0] = "changed"
	eq(t, mustGet[address](t, bag, "a"), address{Label: "new", Lines: []string{"l"}})
}

func TestCaseInsensitiveFieldMatch(t *testing.T) {
	eq(t, mustGet[address](t, PropertyBag{"a": `{"LABEL":"x","Floor":2}`}, "a"), address{Label: "x", Floor: 2})
}

func TestAddErrors(t *testing.T) {
	var bag PropertyBag
	must(t, Add(&bag, "keep", ptrTo(1)))
	for _, v := range []any{make(chan int), math.NaN(), func() {}, map[string]any{"f": math.Inf(1)}} {
		err := Add(&bag, "keep", &v)
		if !errors.Is(err, ErrEncode) {
			t.Errorf("Add(%T): got %v, want ErrEncode", v, err)
		}
		if err != nil && !strings.Contains(err.Error(), `add "keep"`) {
			t.Errorf("error %q does not name the operation and the property", err)
		}
	}
	if err := Add(&bag, "keep", ptrTo(math.Inf(-1))); err == nil || !strings.Contains(err.Error(), `add "keep" (float64)`) {
		t.Errorf("Add(-Inf): %v, want an error naming float64", err)
	}
	eq(t, bag, PropertyBag{"keep": "1"})
	// Through a nil *PropertyBag: an error for a value, nothing for nil.
	if err := Add(nil, "x", ptrTo(1)); !errors.Is(err, ErrEncode) || !strings.Contains(err.Error(), "nil *PropertyBag") {
		t.Errorf("Add through a nil *PropertyBag: got %v", err)
	}
	must(t, Add[int](nil, "x", nil))
}

func TestCycleIsAnErrorNotACrash(t *testing.T) {
	type node struct {
		Next *node `json:"next"`
	}
	n := &node{}
	n.Next = n
	var bag PropertyBag
	if err := Add(&bag, "n", &n); !errors.Is(err, ErrEncode) || bag != nil {
		t.Fatalf("got %v, want ErrEncode", err)
	}
}

func TestOperations(t *testing.T) {
	defaultStrings(t)
	var bag PropertyBag // nil bag: reads work, Add allocates
	if bag.Contains("x") {
		t.Fatal("nil bag not empty")
	}
	bag.Remove("x")
	if bag != nil || bag.DeepCopy() != nil {
		t.Fatal("Remove or DeepCopy of a nil bag is not nil")
	}
	if v, err := Pull[int](&bag, "x"); v != nil || err != nil || bag != nil {
		t.Fatalf("Pull from a nil bag: %v, %v", v, err)
	}
	must(t, Add(&bag, "b", ptrTo(1)))
	must(t, Add(&bag, "a", ptrTo("x")))
	must(t, Add(&bag, "c", ptrTo(true)))
	eq(t, bag, PropertyBag{"a": `"x"`, "b": "1", "c": "true"})
	if !bag.Contains("a") {
		t.Fatal("Contains after Add")
	}
	clone := bag.DeepCopy()
	clone.Remove("a")
	if !bag.Contains("a") || clone.Contains("a") {
		t.Fatal("DeepCopy shares memory with the original")
	}
	eq(t, mustGet[int](t, bag, "b"), 1)
	if !bag.Contains("b") {
		t.Fatal("Get removed the value")
	}
	bag.Remove("b")
	if bag.Contains("b") {
		t.Fatal("Remove kept the value")
	}
	s, err := Pull[string](&bag, "a")
	must(t, err)
	eq(t, *s, "x")
	if bag.Contains("a") {
		t.Fatal("Pull kept the value")
	}
	bag.Remove("c")
	if bag != nil {
		t.Fatalf("Remove of the last value left %#v, want nil", bag)
	}
	if v, err := Pull[int]((*PropertyBag)(nil), "x"); v != nil || err != nil {
		t.Fatalf("Pull through a nil *PropertyBag: %v, %v", v, err)
	}
	(*PropertyBag)(nil).Remove("x")
}

// TestNilMeansAbsent: adding nil removes the name, and a name the bag does
// not hold or holds as null is pulled as nil; the one rule for nil.
func TestNilMeansAbsent(t *testing.T) {
	var bag PropertyBag
	must(t, Add(&bag, "MiddleName", ptrTo("Theodore")))
	must(t, Add[string](&bag, "Nickname", nil))
	if bag.Contains("Nickname") {
		t.Fatal("Add(nil) stored a value")
	}
	got, err := Pull[string](&bag, "MiddleName")
	must(t, err)
	eq(t, *got, "Theodore")
	if bag != nil {
		t.Fatalf("Pull of the last value left %#v, want nil", bag)
	}
	got, err = Pull[string](&bag, "MiddleName")
	if got != nil || err != nil {
		t.Fatalf("Pull of a pulled value: %v, %v; want nil, nil", got, err)
	}
	must(t, Add[int](&bag, "x", nil))
	if bag != nil {
		t.Fatalf("Add(nil) into a nil bag allocated %#v", bag)
	}
	must(t, Add(&bag, "x", ptrTo(1)))
	must(t, Add(&bag, "y", ptrTo(2)))
	must(t, Add[int](&bag, "x", nil))
	if bag.Contains("x") || !bag.Contains("y") {
		t.Fatal("Add(nil) did not remove the earlier value, or removed another")
	}
	must(t, Add[int](&bag, "y", nil))
	if bag != nil {
		t.Fatalf("Add(nil) of the last value left %#v, want nil", bag)
	}
	// A value whose whole encoding is null (a nil pointer, here) is
	// pulled as nil and removed.
	must(t, Add(&bag, "nilPointer", ptrTo((*string)(nil))))
	must(t, Add(&bag, "other", ptrTo(1)))
	eq(t, bag["nilPointer"], "null")
	p, err := Pull[*string](&bag, "nilPointer")
	must(t, err)
	if p != nil || bag.Contains("nilPointer") {
		t.Fatalf("Pull of a stored null: %v, bag %v", p, bag)
	}
	// An empty bag is left as it is when nothing is removed.
	empty := PropertyBag{}
	if v, err := Pull[int](&empty, "x"); v != nil || err != nil || empty == nil {
		t.Fatalf("Pull of an absent name from an empty bag: %v, %v, bag %#v", v, err, empty)
	}
	bag["bad"] = "{"
	if v, err := Pull[address](&bag, "bad"); !errors.Is(err, ErrDecode) || v != nil || !bag.Contains("bad") {
		t.Fatalf("Pull of bad text: %v, %v", v, err)
	}
}

func TestStructSchemaFieldFromJSON(t *testing.T) {
	defaultStrings(t)
	type storage struct {
		Name        *string     `json:"name,omitempty"`
		PropertyBag PropertyBag `json:"$propertyBag,omitempty"`
	}
	in := `{"name":"x","$propertyBag":{"MiddleName":"\"Theodore\""}}`
	var s storage
	must(t, json.Unmarshal([]byte(in), &s))
	eq(t, mustGet[string](t, s.PropertyBag, "MiddleName"), "Theodore")
	out, err := json.Marshal(s)
	must(t, err)
	eq(t, string(out), in)
	if got := reflect.TypeOf(s.PropertyBag).Kind(); got != reflect.Map {
		t.Fatalf("kind %v", got)
	}
}

func TestMarshalBags(t *testing.T) {
	bags := map[string]PropertyBag{"spec": {"B": `"x"`, "A": `{"label":"<y>"}`}, "status": {"Phase": `"Active"`}, "empty": {}}
	text, err := MarshalBags(bags)
	must(t, err)
	// Values are embedded as the JSON they are, not as strings of JSON; a
	// character Add would have escaped, stored as itself, is written as
	// the escape (see TestMarshalBagsNoHTMLEscaping).
	eq(t, text, `{"spec":{"A":{"label":"\u003cy\u003e"},"B":"x"},"status":{"Phase":"Active"}}`)
	back, err := UnmarshalBags(text)
	must(t, err)
	delete(bags, "empty") // empty bags are left out
	eq(t, back, bags)
	for _, bad := range []string{`{"spec":"x"}`, `{"spec":{"a":}}`, `{"spec":{"a":1,}}`, `{"spec":{"a":tru}}`,
		`{"$other":{}}`, `{"$verbatim":{"spec":{"a":1}}}`, `[]`, `{`, ``, `{} x`,
		// Strict: nothing may appear twice, and $ names are reserved.
		`{"spec":{"a":1,"a":2}}`, `{"spec":{"a":1},"spec":{"b":2}}`,
		`{"spec":{"a":1},"$verbatim":{"spec":{"a":"x"}}}`, `{"$verbatim":{"spec":{"a":"x"}},"spec":{"a":1}}`,
		`{"$verbatim":{},"$verbatim":{}}`, `{"$verbatim":{"spec":{},"spec":{}}}`, `{"$verbatim":{"$x":{}}}`} {
		if _, err := UnmarshalBags(bad); !errors.Is(err, ErrDecode) {
			t.Errorf("UnmarshalBags(%q) = %v, want ErrDecode", bad, err)
		}
	}
	if _, err := MarshalBags(map[string]PropertyBag{"$spec": {}}); err == nil || !strings.Contains(err.Error(), `"$spec"`) {
		t.Errorf("MarshalBags with bag $spec: error = %v, want one naming it", err)
	}
}

// TestMarshalBagsVerbatim checks that values that are not JSON text (legacy
// unquoted strings, text with white space around it) come back byte for
// byte.
func TestMarshalBagsVerbatim(t *testing.T) {
	bags := map[string]PropertyBag{
		"spec":   {"Legacy": "plain text", "Json": `[1,2]`, "Spaced": ` 1 `, "Empty": ``, "Quote": `"unterminated`},
		"status": {"Phase": `"Active"`},
	}
	text, err := MarshalBags(bags)
	must(t, err)
	eq(t, text, `{"spec":{"Json":[1,2]},"status":{"Phase":"Active"},"$verbatim":{"spec":{"Empty":"","Legacy":"plain text","Quote":"\"unterminated","Spaced":" 1 "}}}`)
	if !json.Valid([]byte(text)) {
		t.Fatalf("not JSON: %s", text)
	}
	back, err := UnmarshalBags(text)
	must(t, err)
	eq(t, back, bags)
}

// TestMarshalBagsRoundTrip round-trips values of many types, as Add writes
// them, and checks that the text is JSON that encoding/json reads as the
// same values.
func TestMarshalBagsRoundTrip(t *testing.T) {
	bag := PropertyBag{}
	values := map[string]any{
		"s": "tab\t \"quoted\" <html> \u2028 é", "n": -12.5e-3, "b": true, "null": (*int)(nil),
		"list": []string{"a", "b"}, "nested": map[string][]int{"x": {1, 2}}, "struct": struct{ A, B string }{"1", "2"},
	}
	for k, v := range values {
		must(t, Add(&bag, k, &v))
	}
	bags := map[string]PropertyBag{"spec": bag}
	text, err := MarshalBags(bags)
	must(t, err)
	var generic map[string]map[string]json.RawMessage
	must(t, json.Unmarshal([]byte(text), &generic))
	for k, v := range bag {
		// The same JSON value: encoding/json reads both as the same thing.
		var want, got any
		must(t, json.Unmarshal([]byte(v), &want))
		must(t, json.Unmarshal(generic["spec"][k], &got))
		eq(t, got, want)
	}
	if !strings.Contains(text, "<html> \u2028") {
		t.Errorf("the escapes Add wrote are not written as the characters: %s", text)
	}
	back, err := UnmarshalBags(text)
	must(t, err)
	eq(t, back, bags)
}

// TestDeepNesting: text nested deeper than encoding/json allows is an error
// (not a stack overflow) for UnmarshalBags, for MarshalBags' check of a
// value, and for a read into a recursive type; text just within
// the limit is accepted.
func TestDeepNesting(t *testing.T) {
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	// A value nested 9998 deep sits 10000 deep in the bags' text, the most
	// encoding/json reads; MarshalBags keeps a deeper one verbatim.
	for _, n := range []int{9998, 9999} {
		bags := map[string]PropertyBag{"spec": {"x": nested(n)}}
		text, err := MarshalBags(bags)
		must(t, err)
		if !json.Valid([]byte(text)) {
			t.Errorf("%d levels: MarshalBags wrote text encoding/json rejects", n)
		}
		back, err := UnmarshalBags(text)
		must(t, err)
		eq(t, back, bags)
		if verbatim := strings.Contains(text, verbatimKey); verbatim != (n > 9998) {
			t.Errorf("%d levels: kept verbatim = %v", n, verbatim)
		}
	}
	for _, n := range []int{9999, 3_000_000} {
		_, err := UnmarshalBags(`{"spec":{"x":` + nested(n) + `}}`)
		if !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "max depth") {
			t.Errorf("%d levels: error = %.200v, want ErrDecode naming the max depth", n, err)
		}
	}
	if isJSONText(nested(10001), 0, nil) {
		t.Error("isJSONText accepts 10001 levels, which encoding/json rejects")
	}
	type tree struct {
		Kids []tree `json:"kids"`
	}
	deep := strings.Repeat(`{"kids":[`, 6000) + strings.Repeat(`]}`, 6000)
	if _, err := Get[tree](PropertyBag{"t": deep}, "t"); !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "max depth") {
		t.Errorf("12000 levels into a recursive type: error = %.200v", err)
	}
}

// TestErrorUnwrapsTheCause: an *Error of Add, Pull and Get yields its
// cause as well as its sentinel, so that a caller can ask errors.As for
// what encoding/json reported (or errors.Is for the missing bag).
func TestErrorUnwrapsTheCause(t *testing.T) {
	err := Add(nil, "x", ptrTo(1))
	if !errors.Is(err, ErrEncode) || !errors.Is(err, errNoBag) {
		t.Errorf("Add through a nil *PropertyBag: %v does not unwrap to ErrEncode and its cause", err)
	}
	var bag PropertyBag
	err = Add(&bag, "f", ptrTo(math.NaN()))
	var unsupported *json.UnsupportedValueError
	if !errors.Is(err, ErrEncode) || !errors.As(err, &unsupported) {
		t.Errorf("Add(NaN): %v does not unwrap to ErrEncode and a *json.UnsupportedValueError", err)
	}
	_, err = Get[float64](PropertyBag{"f": "-x"}, "f")
	var syntax *json.SyntaxError
	if !errors.Is(err, ErrDecode) || !errors.As(err, &syntax) {
		t.Errorf("Get of -x: %v does not unwrap to ErrDecode and a *json.SyntaxError", err)
	}
}
