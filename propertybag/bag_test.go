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

// roundTrip adds v and pulls it back into a fresh value of the same type.
func roundTrip[T any](t *testing.T, v T) T {
	t.Helper()
	var bag PropertyBag
	if err := bag.Add("p", v); err != nil {
		t.Fatalf("Add(%#v): %v", v, err)
	}
	got, err := Pull[T](bag, "p")
	if err != nil {
		t.Fatalf("Pull %T from %q: %v", v, bag["p"], err)
	}
	if bag.Contains("p") {
		t.Fatalf("Pull left the value in the bag")
	}
	return got
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

func eq[T any](t *testing.T, got, want T) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestEnumAndStringInterchange(t *testing.T) {
	var bag PropertyBag
	must(t, bag.Add("asEnum", gender("Male")))
	must(t, bag.Add("asString", "Female"))
	s, err := Pull[string](bag, "asEnum")
	must(t, err)
	eq(t, s, "Male")
	g, err := Pull[gender](bag, "asString")
	must(t, err)
	eq(t, g, gender("Female"))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestWireFormat pins the stored bytes: they are a compatibility promise.
func TestWireFormat(t *testing.T) {
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
		must(t, bag.Add("p", c.value))
		if bag["p"] != c.want {
			t.Errorf("Add(%#v) stored %s, want %s", c.value, bag["p"], c.want)
		}
		std, err := json.Marshal(c.value)
		must(t, err)
		if string(std) != bag["p"] {
			t.Errorf("Add(%#v) stored %s, encoding/json gives %s", c.value, bag["p"], std)
		}
	}
}

func TestDeterministic(t *testing.T) {
	m := map[string]address{}
	for _, k := range strings.Split("q w e r t y u i o p a s d f g h j k l", " ") {
		m[k] = address{Label: k, Tags: map[string]string{k + "1": "1", k + "0": "0"}}
	}
	var first PropertyBag
	must(t, first.Add("m", m))
	for range 20 {
		var again PropertyBag
		must(t, again.Add("m", m))
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
	s, err := Get[string](legacy, "Name")
	must(t, err)
	eq(t, s, "Mickey Mouse")
	s, err = Get[string](legacy, "Quoted")
	must(t, err)
	eq(t, s, "Already JSON")
	n, err := Get[int](legacy, "Number")
	must(t, err)
	eq(t, n, 42)
	s, err = Get[string](legacy, "NumStr")
	must(t, err)
	eq(t, s, "42")
	g, err := Get[gender](legacy, "Enum")
	must(t, err)
	eq(t, g, gender("Female"))
	g, err = Get[gender](legacy, "EnumJSON")
	must(t, err)
	eq(t, g, gender("Male"))
	a, err := Get[address](legacy, "Address")
	must(t, err)
	eq(t, a, address{Label: "x", Floor: 1})
	s, err = Get[string](legacy, "Empty")
	must(t, err)
	eq(t, s, "")
	p, err := Get[*string](legacy, "Null")
	must(t, err)
	eq(t, p, (*string)(nil))
	p, err = Get[*string](legacy, "StrPtr")
	must(t, err)
	eq(t, *p, "plain")
	if _, err := Get[string](legacy, "Address"); !errors.Is(err, ErrDecode) {
		t.Errorf("an object read as a string: got %v, want ErrDecode", err)
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
	}
	cases := []struct {
		name     string
		read     func() error
		sentinel error
		mentions []string
	}{
		{"missing", func() error { _, err := Get[int](bag, "Nope"); return err }, ErrNotFound, []string{`"Nope"`, "int"}},
		{"unknown field", func() error { var a address; return bag.Pull("Address", &a) }, ErrDecode,
			[]string{`"Address"`, "propertybag.address", `unknown field "street"`, "1313 S. Harbor"}},
		{"invalid json", func() error { _, err := Pull[address](bag, "Invalid"); return err }, ErrDecode, []string{`"Invalid"`, "end of JSON"}},
		{"wrong scalar", func() error { _, err := Pull[int](bag, "Number"); return err }, ErrDecode, []string{"int", "forty-two"}},
		{"overflow", func() error { _, err := Pull[int8](bag, "Overflow"); return err }, ErrDecode, []string{"int8", "300"}},
		{"fraction into int", func() error { _, err := Pull[int](bag, "Fraction"); return err }, ErrDecode, []string{"1.5"}},
		{"trailing data", func() error { _, err := Pull[address](bag, "Trailing"); return err }, ErrDecode, []string{"after top-level value"}},
		{"array into struct", func() error { _, err := Pull[address](bag, "Array"); return err }, ErrDecode, []string{"array"}},
		{"array into map", func() error { _, err := Pull[map[string]int](bag, "Array"); return err }, ErrDecode, []string{"array"}},
		{"control char in string", func() error { _, err := Pull[address](bag, "BadString"); return err }, ErrDecode, []string{"BadString"}},
		{"unknown field, slow path", func() error { _, err := Pull[time.Time](bag, "Address"); return err }, ErrDecode, []string{"time.Time"}},
		{"long text excerpt", func() error { _, err := Pull[address](bag, "Long"); return err }, ErrDecode, []string{"…"}},
		{"nil destination", func() error { return bag.Pull("Address", nil) }, ErrNilDestination, []string{`"Address"`}},
		{"nil pointer destination", func() error { return bag.Pull("Address", (*address)(nil)) }, ErrNilDestination, []string{"*propertybag.address"}},
		{"non-pointer destination", func() error { return bag.Pull("Address", address{}) }, ErrNilDestination, []string{"propertybag.address"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := bag.Clone()
			err := c.read()
			if !errors.Is(err, c.sentinel) {
				t.Fatalf("got %v, want %v", err, c.sentinel)
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

func TestFailedPullLeavesDestination(t *testing.T) {
	bag := PropertyBag{"a": `{"label":"new","bogus":1}`}
	dst := address{Label: "old", Floor: 9}
	if err := bag.Pull("a", &dst); err == nil {
		t.Fatal("expected an error")
	}
	eq(t, dst, address{Label: "old", Floor: 9})
}

func TestPullReplacesDestination(t *testing.T) {
	bag := PropertyBag{"a": `{"label":"new"}`}
	dst := address{Label: "old", Floor: 9, Lines: []string{"stale"}}
	must(t, bag.Pull("a", &dst))
	eq(t, dst, address{Label: "new"})
}

func TestCaseInsensitiveFieldMatch(t *testing.T) {
	a, err := Get[address](PropertyBag{"a": `{"LABEL":"x","Floor":2}`}, "a")
	must(t, err)
	eq(t, a, address{Label: "x", Floor: 2})
}

func TestAddErrors(t *testing.T) {
	var bag PropertyBag
	must(t, bag.Add("keep", 1))
	for _, v := range []any{make(chan int), math.NaN(), func() {}, map[string]any{"f": math.Inf(1)}} {
		err := bag.Add("keep", v)
		if !errors.Is(err, ErrEncode) {
			t.Errorf("Add(%T): got %v, want ErrEncode", v, err)
		}
		if err != nil && !strings.Contains(err.Error(), `"keep"`) {
			t.Errorf("error %q does not name the property", err)
		}
	}
	eq(t, bag, PropertyBag{"keep": "1"})
	var nilBag *PropertyBag
	if err := nilBag.Add("x", 1); !errors.Is(err, ErrNilBag) {
		t.Errorf("Add on nil *PropertyBag: got %v", err)
	}
}

func TestCycleIsAnErrorNotACrash(t *testing.T) {
	type node struct {
		Next *node `json:"next"`
	}
	n := &node{}
	n.Next = n
	var bag PropertyBag
	if err := bag.Add("n", n); !errors.Is(err, ErrEncode) {
		t.Fatalf("got %v, want ErrEncode", err)
	}
}

func TestOperations(t *testing.T) {
	var bag PropertyBag // nil bag: reads work, Add allocates
	if bag.Contains("x") || len(bag.Names()) != 0 {
		t.Fatal("nil bag not empty")
	}
	bag.Remove("x")
	if bag.Clone() != nil {
		t.Fatal("clone of nil bag is not nil")
	}
	must(t, bag.Add("b", 1))
	must(t, bag.Add("a", "x"))
	must(t, bag.Add("c", true))
	eq(t, bag.Names(), []string{"a", "b", "c"})
	if !bag.Contains("a") {
		t.Fatal("Contains after Add")
	}
	clone := bag.Clone()
	clone.Remove("a")
	if !bag.Contains("a") || clone.Contains("a") {
		t.Fatal("clone shares memory with the original")
	}
	v, err := Get[int](bag, "b")
	must(t, err)
	eq(t, v, 1)
	if !bag.Contains("b") {
		t.Fatal("Get removed the value")
	}
	bag.Remove("b")
	if bag.Contains("b") {
		t.Fatal("Remove kept the value")
	}
	empty := PropertyBag{}
	if empty.Clone() == nil || empty.NilIfEmpty() != nil || bag.NilIfEmpty() == nil {
		t.Fatal("nil/empty handling of Clone or NilIfEmpty")
	}
	var deep PropertyBag
	bag.DeepCopyInto(&deep)
	deep["a"] = "changed"
	if bag["a"] == "changed" || bag.DeepCopy()["a"] != bag["a"] {
		t.Fatal("DeepCopy shares memory")
	}
}

func TestNewMerges(t *testing.T) {
	a := PropertyBag{"x": "1", "y": "1"}
	b := PropertyBag{"y": "2", "z": "2"}
	m := New(a, nil, b)
	eq(t, m, PropertyBag{"x": "1", "y": "2", "z": "2"})
	m["x"] = "changed"
	eq(t, a["x"], "1")
	if New() != nil || New(nil, PropertyBag{}) != nil {
		t.Fatal("New of nothing should be nil")
	}
}

func TestOptional(t *testing.T) {
	var bag PropertyBag
	name := "Theodore"
	must(t, AddOptional(&bag, "MiddleName", &name))
	must(t, AddOptional[string](&bag, "Nickname", nil))
	if bag.Contains("Nickname") {
		t.Fatal("AddOptional(nil) stored a value")
	}
	got, err := PullOptional[string](bag, "MiddleName")
	must(t, err)
	eq(t, *got, "Theodore")
	got, err = PullOptional[string](bag, "MiddleName")
	must(t, err)
	if got != nil {
		t.Fatal("PullOptional of a pulled value is not nil")
	}
	must(t, bag.Add("x", 1))
	must(t, AddOptional[int](&bag, "x", nil))
	if bag.Contains("x") {
		t.Fatal("AddOptional(nil) did not remove the earlier value")
	}
	must(t, bag.Add("nilPointer", (*string)(nil)))
	got, err = PullOptional[string](bag, "nilPointer")
	must(t, err)
	if got != nil || bag.Contains("nilPointer") {
		t.Fatalf("PullOptional of a stored null: %v", got)
	}
	bag["bad"] = "{"
	if _, err := PullOptional[address](bag, "bad"); !errors.Is(err, ErrDecode) || !bag.Contains("bad") {
		t.Fatalf("PullOptional of bad text: %v", err)
	}
}

func TestStructSchemaFieldFromJSON(t *testing.T) {
	type storage struct {
		Name        *string     `json:"name,omitempty"`
		PropertyBag PropertyBag `json:"$propertyBag,omitempty"`
	}
	in := `{"name":"x","$propertyBag":{"MiddleName":"\"Theodore\""}}`
	var s storage
	must(t, json.Unmarshal([]byte(in), &s))
	m, err := Get[string](s.PropertyBag, "MiddleName")
	must(t, err)
	eq(t, m, "Theodore")
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
		must(t, bag.Add(k, v))
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
// value, and for the fast decoder with a recursive type; text just within
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
	if isJSONText(nested(10001)) {
		t.Error("isJSONText accepts 10001 levels, which encoding/json rejects")
	}
	type tree struct {
		Kids []tree `json:"kids"`
	}
	deep := strings.Repeat(`{"kids":[`, 6000) + strings.Repeat(`]}`, 6000)
	var got tree
	if err := (PropertyBag{"t": deep}).Get("t", &got); !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "max depth") {
		t.Errorf("12000 levels into a recursive type: error = %.200v", err)
	}
}
