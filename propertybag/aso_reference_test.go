package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// asoBag is a reference for the wire format of Azure Service Operator's
// genruntime.PropertyBag (v2/pkg/genruntime/property_bag.go), written for
// these tests from what that type does:
//
//   - Add stores a value whose dynamic type is string as it is, and any
//     other value as the text encoding/json.Marshal writes for it.
//   - Pull fails for a name the bag does not hold. Otherwise it removes the
//     name (even when decoding then fails) and stores the text as it is
//     into a *string, and decodes it with json.Unmarshal into anything else.
type asoBag map[string]string

func (b asoBag) Contains(name string) bool {
	_, ok := b[name]
	return ok
}

func (b asoBag) Remove(name string) { delete(b, name) }

func (b asoBag) Add(name string, value any) error {
	if s, ok := value.(string); ok {
		b[name] = s
		return nil
	}
	data, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("adding %s as JSON: %w", name, err)
	}
	b[name] = string(data)
	return nil
}

func (b asoBag) Pull(name string, dst any) error {
	text, ok := b[name]
	if !ok {
		return fmt.Errorf("property bag does not contain %q", name)
	}
	delete(b, name)
	if s, ok := dst.(*string); ok {
		*s = text
		return nil
	}
	if err := json.Unmarshal([]byte(text), dst); err != nil {
		return fmt.Errorf("pulling %q from PropertyBag: %w", name, err)
	}
	return nil
}

// asoWrite writes an optional property (a pointer field, nil when absent)
// to the bag as ASO's generated conversions do: Add of the value when there
// is one, Remove when there is none.
func asoWrite[T any](b asoBag, name string, value *T) error {
	if value == nil {
		b.Remove(name)
		return nil
	}
	return b.Add(name, *value)
}

// asoRead reads an optional property back as ASO's generated conversions
// do: Pull into a fresh T when the bag contains the name, nil (the zero
// value of the field) when it does not.
func asoRead[T any](b asoBag, name string) (*T, error) {
	if !b.Contains(name) {
		return nil, nil
	}
	var v T
	if err := b.Pull(name, &v); err != nil {
		return nil, err
	}
	return &v, nil
}

// asoCase is one value of the ASO tests, of any type: check runs the test
// for it with the bag's string format (verbatim: hubspoke_aso).
type asoCase struct {
	name  string
	check func(t *testing.T, verbatim bool)
	// asString: a string or an enum, which ASO writes as it is.
	asString bool
}

// asoValue is the case of value, a *T (nil: absent).
func asoValue[T any](name string, value *T) asoCase {
	_, plain := any(value).(*string)
	return asoCase{name: name, asString: plain && value != nil, check: func(t *testing.T, verbatim bool) {
		t.Helper()
		// ASO writes, hubspoke reads.
		written := asoBag{}
		if err := asoWrite(written, "v", value); err != nil {
			t.Fatal(err)
		}
		bag := PropertyBag(maps.Clone(written))
		got, err := pull[T](&bag, "v", verbatim)
		if err != nil {
			t.Fatalf("hubspoke reading %q that ASO wrote: %v", written["v"], err)
		}
		if diff := cmp.Diff(value, got); diff != "" {
			t.Errorf("hubspoke read %q that ASO wrote as (-ASO's value +hubspoke's):\n%s", written["v"], diff)
		}
		if bag.Contains("v") {
			t.Errorf("hubspoke's Pull left %q in the bag", bag["v"])
		}
		// Hubspoke writes the same bytes as ASO, and ASO reads them back.
		var ours PropertyBag
		if err := add(&ours, "v", value, verbatim); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(map[string]string(written), map[string]string(ours), cmpEmptyMaps); diff != "" {
			t.Errorf("stored text (-ASO's +hubspoke's):\n%s", diff)
		}
		back, err := asoRead[T](asoBag(ours), "v")
		if err != nil {
			t.Fatalf("ASO reading %q that hubspoke wrote: %v", ours["v"], err)
		}
		if diff := cmp.Diff(value, back); diff != "" {
			t.Errorf("ASO read %q that hubspoke wrote as (-hubspoke's value +ASO's):\n%s", ours["v"], diff)
		}
	}}
}

// asoEnum is the case of an enum value: hubspoke's storage twins keep a
// property's enum type, ASO's storage versions hold it as a plain string,
// so ASO's code adds and pulls it as a string.
func asoEnum(name string, value gender) asoCase {
	return asoCase{name: name, asString: true, check: func(t *testing.T, verbatim bool) {
		t.Helper()
		written := asoBag{}
		must(t, written.Add("v", string(value)))
		bag := PropertyBag(maps.Clone(written))
		got, err := pull[gender](&bag, "v", verbatim)
		if err != nil || got == nil || *got != value {
			t.Errorf("hubspoke read %q that ASO wrote as %v, %v; want %q", written["v"], got, err, value)
		}
		var ours PropertyBag
		must(t, add(&ours, "v", &value, verbatim))
		if ours["v"] != written["v"] {
			t.Errorf("stored text: ASO %q, hubspoke %q", written["v"], ours["v"])
		}
		back, err := asoRead[string](asoBag(ours), "v")
		if err != nil || *back != string(value) {
			t.Errorf("ASO read %q that hubspoke wrote as %q, %v; want %q", ours["v"], *back, err, value)
		}
	}}
}

// textEnum is a string kind with its own text encoding, which encoding/json
// calls: a JSON string in every format, for ASO as for hubspoke.
type textEnum string

func (e textEnum) MarshalText() ([]byte, error) { return []byte("<" + e + ">"), nil }

func (e *textEnum) UnmarshalText(text []byte) error {
	*e = textEnum(strings.TrimSuffix(strings.TrimPrefix(string(text), "<"), ">"))
	return nil
}

// cmpEmptyMaps treats a nil bag and an empty one as equal.
var cmpEmptyMaps = cmp.FilterValues(func(a, b map[string]string) bool { return len(a) == 0 && len(b) == 0 },
	cmp.Comparer(func(a, b map[string]string) bool { return true }))

// asoCases holds a value of every kind a bag holds.
func asoCases() []asoCase {
	country := "AU"
	return []asoCase{
		asoValue("string", ptrTo("Theodore")),
		asoValue("empty string", ptrTo("")),
		asoValue("string quoted", ptrTo(`"Theodore"`)),
		asoValue("string quoted with a space after", ptrTo(`"a" `)),
		asoValue("string quoted with a newline after", ptrTo("\"a\"\n")),
		asoValue("string null", ptrTo("null")),
		asoValue("string number", ptrTo("42")),
		asoValue("string bool", ptrTo("true")),
		asoValue("string object", ptrTo(`{"label":"x"}`)),
		asoValue("string array", ptrTo(`[1,2]`)),
		asoValue("string spaces", ptrTo("  padded \t")),
		asoValue("string escapes", ptrTo("<&> \u2028 \\ \x01 é😀")),
		asoEnum("enum", "Female"),
		asoEnum("enum empty", ""),
		asoEnum("enum quoted", `"Female"`),
		asoEnum("enum null", "null"),
		asoValue("string kind with text methods", ptrTo(textEnum("x"))),
		asoValue("int", ptrTo(42)),
		asoValue("int zero", ptrTo(0)),
		asoValue("int64", ptrTo(int64(-1)<<62)),
		asoValue("uint8", ptrTo(uint8(255))),
		asoValue("float64", ptrTo(-2.5e-3)),
		asoValue("float64 large", ptrTo(1e21)),
		asoValue("float32", ptrTo(float32(0.1))),
		asoValue("bool true", ptrTo(true)),
		asoValue("bool false", ptrTo(false)),
		asoValue("struct", &address{Label: "1313 S. Harbor Blvd", Lines: []string{"a", `"b"`}, Country: &country, Tags: map[string]string{"k": "v"}, Floor: 2}),
		asoValue("struct zero", &address{}),
		asoValue("time", ptrTo(time.Date(1928, 11, 18, 12, 0, 0, 0, time.UTC))),
		asoValue("slice of int", &[]int{1, 2, 3}),
		asoValue("slice of string", &[]string{"a", "null", `"q"`}),
		asoValue("slice of struct", &[]address{{Label: "x"}, {Floor: 1}}),
		asoValue("slice empty", &[]string{}),
		asoValue("map of int", &map[string]int{"a": 1, "b": 2}),
		asoValue("map of struct", &map[string]address{"home": {Label: "x"}}),
		asoValue("map empty", &map[string]string{}),
		asoValue("nil string", (*string)(nil)),
		asoValue("nil struct", (*address)(nil)),
		asoValue("nil slice", (*[]int)(nil)),
		asoValue("nil map", (*map[string]int)(nil)),
	}
}

// TestASOStrings (issue 29): with ASO's string format (the hubspoke_aso
// build tag), every kind of value that Azure Service Operator's PropertyBag
// writes, hubspoke reads as the same value; hubspoke writes the same bytes
// for it; and ASO's generated code reads those bytes back as the same value:
// strings that look like JSON, null or an empty string included, and enums,
// which ASO's storage versions hold as strings. Nil is absent on both sides:
// ASO's generated code removes the name for nil and asks Contains before
// Pull.
func TestASOStrings(t *testing.T) {
	for _, c := range asoCases() {
		t.Run(c.name, func(t *testing.T) { c.check(t, true) })
	}
}

// TestASOStringsDefaultFormat shows why the format exists: without it, every
// value but a string or an enum is stored and read as ASO stores and reads
// it, but a string or an enum is stored as a JSON string literal, which
// ASO's Pull reads back with its quotes; and a string ASO wrote reads as ASO reads it
// unless its text is a JSON string literal, null, or a JSON object or
// array.
func TestASOStringsDefaultFormat(t *testing.T) {
	for _, c := range asoCases() {
		if c.asString {
			continue
		}
		t.Run(c.name, func(t *testing.T) { c.check(t, false) })
	}
	var bag PropertyBag
	must(t, add(&bag, "MiddleName", ptrTo("Theodore"), false))
	got, err := asoRead[string](asoBag(bag), "MiddleName")
	must(t, err)
	eq(t, *got, `"Theodore"`)

	// The default format reads the strings ASO wrote as ASO does, but for
	// the three the package documentation names: a JSON string literal
	// (read without its quotes), null (nil) and a JSON object or array (an
	// error).
	for _, s := range []string{"Theodore", "", "42", "true", " padded ", `"a" `, "\"a\"\n", `"a`, `a"`, "null ", "<&>"} {
		bag := PropertyBag{}
		must(t, asoWrite(asoBag(bag), "v", &s))
		got, err := read[string](bag, "get", "v", false)
		must(t, err)
		eq(t, *got, s)
	}
	for text, want := range map[string]*string{`"a"`: ptrTo("a"), `""`: ptrTo(""), "null": nil} {
		bag := PropertyBag{}
		must(t, asoWrite(asoBag(bag), "v", &text))
		got, err := read[string](bag, "get", "v", false)
		must(t, err)
		eq(t, got, want)
	}
	for _, text := range []string{`{"a":1}`, `[1]`, ` [] `} {
		bag := PropertyBag{}
		must(t, asoWrite(asoBag(bag), "v", &text))
		if _, err := read[string](bag, "get", "v", false); !errors.Is(err, ErrDecode) {
			t.Errorf("ASO's string %q in the default format: %v, want ErrDecode", text, err)
		}
	}
}

// TestASORollback plays an adoption and a rollback: ASO's release writes a
// bag; hubspoke's release, built with ASO's string format, pulls every value
// and adds it back (an update through an old API version), adds a value of
// its own and removes one; ASO's release, rolled back to, reads every value
// as it was. The same release built without the format corrupts every
// string and enum.
func TestASORollback(t *testing.T) {
	type spec struct {
		Name, Nick, Quoted, Gone *string
		Tier                     *string // an enum: hubspoke's twin has gender
		Age                      *int
		Home                     *address
		Tags                     *[]string
	}
	before := spec{Name: ptrTo("Theodore"), Nick: ptrTo(""), Quoted: ptrTo(`"x"`), Gone: ptrTo("bye"),
		Tier: ptrTo("Gold"), Age: ptrTo(42), Home: &address{Label: "x"}, Tags: &[]string{"a"}}
	stored := asoBag{}
	for _, err := range []error{
		asoWrite(stored, "Name", before.Name), asoWrite(stored, "Nick", before.Nick),
		asoWrite(stored, "Quoted", before.Quoted), asoWrite(stored, "Gone", before.Gone), asoWrite(stored, "Tier", before.Tier),
		asoWrite(stored, "Age", before.Age), asoWrite(stored, "Home", before.Home), asoWrite(stored, "Tags", before.Tags),
	} {
		must(t, err)
	}
	for _, verbatim := range []bool{true, false} {
		bag := PropertyBag(maps.Clone(stored))
		var s spec
		var errs []error
		pullInto := func(dst **string, name string) {
			v, err := pull[string](&bag, name, verbatim)
			*dst, errs = v, append(errs, err)
		}
		pullInto(&s.Name, "Name")
		pullInto(&s.Nick, "Nick")
		pullInto(&s.Quoted, "Quoted")
		pullInto(&s.Gone, "Gone")
		tier, err := pull[gender](&bag, "Tier", verbatim)
		errs = append(errs, err)
		s.Age, err = pull[int](&bag, "Age", verbatim)
		errs = append(errs, err)
		s.Home, err = pull[address](&bag, "Home", verbatim)
		errs = append(errs, err)
		s.Tags, err = pull[[]string](&bag, "Tags", verbatim)
		errs = append(errs, err)
		must(t, errors.Join(errs...))
		if len(bag) != 0 {
			t.Fatalf("left in the bag after every Pull: %v", bag)
		}
		s.Gone = nil // the client removed it
		added := "new"
		errs = append(errs[:0],
			add(&bag, "Name", s.Name, verbatim), add(&bag, "Nick", s.Nick, verbatim),
			add(&bag, "Quoted", s.Quoted, verbatim), add(&bag, "Gone", s.Gone, verbatim), add(&bag, "Tier", tier, verbatim),
			add(&bag, "Age", s.Age, verbatim), add(&bag, "Home", s.Home, verbatim),
			add(&bag, "Tags", s.Tags, verbatim), add(&bag, "Added", &added, verbatim))
		must(t, errors.Join(errs...))

		// ASO, rolled back to, reads the bag.
		rolledBack := asoBag(bag)
		var r spec
		r.Name, errs[0] = asoRead[string](rolledBack, "Name")
		r.Nick, errs[1] = asoRead[string](rolledBack, "Nick")
		r.Quoted, errs[2] = asoRead[string](rolledBack, "Quoted")
		r.Gone, errs[3] = asoRead[string](rolledBack, "Gone")
		r.Age, errs[4] = asoRead[int](rolledBack, "Age")
		r.Home, errs[5] = asoRead[address](rolledBack, "Home")
		r.Tags, errs[6] = asoRead[[]string](rolledBack, "Tags")
		r.Tier, err = asoRead[string](rolledBack, "Tier")
		errs = append(errs, err)
		gotAdded, err := asoRead[string](rolledBack, "Added")
		errs = append(errs, err)
		must(t, errors.Join(errs...))
		want := before
		want.Gone = nil
		diff := cmp.Diff(want, r)
		switch {
		case verbatim && (diff != "" || *gotAdded != added):
			t.Errorf("ASO read after the rollback (-before +after), Added %q:\n%s", *gotAdded, diff)
		case !verbatim && (*r.Name != `"Theodore"` || *r.Nick != `""` || *r.Tier != `"Gold"` || *gotAdded != `"new"` || !reflect.DeepEqual(r.Home, want.Home)):
			t.Errorf("without ASO's string format, expected ASO to read the strings with their quotes: %+v, Added %q", r, *gotAdded)
		}
	}
}

// TestASOStringsBuild checks that Add, Pull and Get use the string format
// this program was built with (ASOStrings). The test suite runs in both
// builds (go test -tags hubspoke_aso ./propertybag/ for ASO's format); the
// tests that pin the default format skip in ASO's (defaultStrings).
func TestASOStringsBuild(t *testing.T) {
	var bag PropertyBag
	must(t, Add(&bag, "s", ptrTo(`"a" `)))
	must(t, Add(&bag, "n", ptrTo(42)))
	want := `"\"a\" "`
	if ASOStrings {
		want = `"a" `
	}
	eq(t, bag, PropertyBag{"s": want, "n": "42"})
	eq(t, mustGet[string](t, bag, "s"), `"a" `)
	s, err := Pull[string](&bag, "s")
	must(t, err)
	eq(t, *s, `"a" `)
	// Text ASO wrote that the default format reads otherwise.
	got, err := Get[string](PropertyBag{"v": `"x"`}, "v")
	must(t, err)
	want = "x"
	if ASOStrings {
		want = `"x"`
	}
	eq(t, *got, want)
}

// TestStringReadAllocations: reading a string allocates the value it
// returns and nothing else, in either format (taking the address of the
// stored text for ASO's format once made every read of a string allocate it
// too).
func TestStringReadAllocations(t *testing.T) {
	bag := PropertyBag{"s": `"Theodore"`}
	for _, verbatim := range []bool{false, true} {
		if n := testing.AllocsPerRun(100, func() { _, _ = read[string](bag, "get", "s", verbatim) }); n != 1 {
			t.Errorf("reading a string (verbatim %v): %v allocations, want 1", verbatim, n)
		}
	}
}

// FuzzASOStrings checks ASO's string format for any string, as a string and
// as an enum, as TestASOStrings does for its cases: hubspoke reads what ASO
// wrote, writes the same bytes, and ASO reads them back, invalid UTF-8 and
// all.
func FuzzASOStrings(f *testing.F) {
	for _, s := range []string{"Theodore", "", `"a"`, `"a" `, "null", " null", "42", `{"a":1}`, "[", "\xff", "\\u00e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		asoValue("string", &s).check(t, true)
		asoEnum("enum", gender(s)).check(t, true)
	})
}
