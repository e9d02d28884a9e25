package propertybag

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Shapes a generated storage version keeps in its bags: every field
// optional, a nested bag, lists of structs.
type (
	simpleDate struct {
		PropertyBag PropertyBag `json:"$propertyBag,omitempty"`
		Year        *int        `json:"year,omitempty"`
		Month       *int8       `json:"month,omitempty"`
		Day         *uint16     `json:"day,omitempty"`
	}
	simplePerson struct {
		PropertyBag PropertyBag       `json:"$propertyBag,omitempty"`
		Name        *string           `json:"name,omitempty"`
		Gender      *gender           `json:"gender,omitempty"`
		Alive       *bool             `json:"alive,omitempty"`
		Born        *simpleDate       `json:"born,omitempty"`
		Met         simpleDate        `json:"met"`
		Aliases     []string          `json:"aliases,omitempty"`
		Dates       []simpleDate      `json:"dates"`
		Labels      map[string]string `json:"labels,omitempty"`
		Count       int64             `json:"count"`
		Plain       string
		Small       uint8 `json:"small,omitempty"`
		hidden      int
		Skipped     string `json:"-"`
	}
)

// Types with JSON methods of their own, as resource.Quantity and
// metav1.Time have: MarshalJSON on the value, UnmarshalJSON on the pointer.
type (
	// quantity writes a JSON string, and reads one that holds digits and a
	// unit, or a number.
	quantity struct{ text string }
	// spaced writes its number with white space and <, which encoding/json
	// compacts and escapes.
	spaced struct{ n int }
	// failing cannot write itself when n is negative.
	failing      struct{ n int }
	customHolder struct {
		Q   quantity   `json:"q"`
		P   *quantity  `json:"p,omitempty"`
		L   []quantity `json:"l,omitempty"`
		S   spaced     `json:"s"`
		F   *failing   `json:"f,omitempty"`
		Tag string     `json:"tag,omitempty"`
	}
)

// stars is an integer kind with JSON methods of its own (it writes itself
// as a string of stars), as an API enum may be: its methods, not its kind,
// decide its text, so it is not written as an integer.
type stars int

func (s stars) MarshalJSON() ([]byte, error) { return json.Marshal(strings.Repeat("*", int(s))) }

func (s *stars) UnmarshalJSON(data []byte) error {
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return err
	}
	if strings.Trim(text, "*") != "" {
		return fmt.Errorf("stars %q: not only stars", text)
	}
	*s = stars(len(text))
	return nil
}

// tally counts the calls of its UnmarshalJSON, which adds to what the
// value holds, as a method that merges into its receiver does.
type tally struct{ calls int }

func (c tally) MarshalJSON() ([]byte, error) { return strconv.AppendInt(nil, int64(c.calls), 10), nil }

func (c *tally) UnmarshalJSON([]byte) error {
	c.calls++
	return nil
}

// ptrList has a MarshalJSON method on its pointer only, which
// encoding/json does not call for the value json.Marshal is given.
type ptrList []int

func (*ptrList) MarshalJSON() ([]byte, error) { return []byte(`"by pointer"`), nil }

func (q quantity) MarshalJSON() ([]byte, error) { return json.Marshal(q.text) }

func (q *quantity) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		q.text = ""
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(data, &n); err == nil {
		q.text = n.String()
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	if s == "" || strings.Trim(s, "0123456789mkMGi") != "" {
		return fmt.Errorf("quantity %q: not a number with a unit", s)
	}
	q.text = s
	return nil
}

func (s spaced) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, "{ \"n\" : %d, \"lt\":\"<\" }", s.n), nil
}

func (s *spaced) UnmarshalJSON(data []byte) error {
	var v struct{ N int }
	err := json.Unmarshal(data, &v)
	s.n = v.N
	return err
}

func (f failing) MarshalJSON() ([]byte, error) {
	if f.n < 0 {
		return nil, errors.New("negative")
	}
	return strconv.AppendInt(nil, int64(f.n), 10), nil
}

func (f *failing) UnmarshalJSON(data []byte) error {
	n, err := strconv.Atoi(string(data))
	f.n = n
	return err
}

// TestSimpleCustomMethods: a struct holding types with JSON methods of
// their own is written and read as encoding/json writes and reads it, the
// methods called where encoding/json calls them; what a method writes that
// encoding/json would rewrite (white space, <), and a method's error, are
// left to encoding/json.
func TestSimpleCustomMethods(t *testing.T) {
	s := planFor(reflect.TypeFor[customHolder]()).shape
	if s == nil {
		t.Fatal("customHolder has no simple shape")
	}
	for _, h := range []customHolder{
		{Q: quantity{"100m"}, P: &quantity{"2Gi"}, L: []quantity{{"1"}, {"5k"}}, S: spaced{1}, F: &failing{3}, Tag: "t"},
		{Q: quantity{"1"}, S: spaced{2}, F: &failing{-1}},
	} {
		want, wantErr := json.Marshal(h)
		got, ok := appendSimple(nil, reflect.ValueOf(h), s)
		if ok && (wantErr != nil || !bytes.Equal(got, want)) {
			t.Errorf("%+v: written as %s; encoding/json: %s, %v", h, got, want, wantErr)
		}
		var bag PropertyBag
		err := Add(&bag, "h", &h)
		if (err == nil) != (wantErr == nil) || (err == nil && bag["h"] != string(want)) {
			t.Errorf("%+v: Add wrote %q, %v; encoding/json %s, %v", h, bag["h"], err, want, wantErr)
		}
		if err != nil {
			continue
		}
		read, err := Get[customHolder](bag, "h")
		var std customHolder
		stdErr := json.Unmarshal(want, &std)
		if err != nil || stdErr != nil || !reflect.DeepEqual(*read, std) {
			t.Errorf("%s: read as %+v, %v; encoding/json %+v, %v", want, read, err, std, stdErr)
		}
	}
	// Values with methods are written and read by the fast path, not left
	// to encoding/json (which would be right, but slow).
	if got, ok := appendSimple(nil, reflect.ValueOf(quantity{"1"}), planFor(reflect.TypeFor[quantity]()).shape); !ok || string(got) != `"1"` {
		t.Errorf(`quantity 1: written as %s, %v by the fast path; want "1", true`, got, ok)
	}
	if text := `{"q":"100m","p":"2Gi","l":["1",5],"s":{"N":1}}`; !decodeSimple(text, reflect.New(reflect.TypeFor[customHolder]()).Elem(), s) {
		t.Errorf("%s: not read by the fast path", text)
	}
	// A value whose method writes what encoding/json rewrites, or fails,
	// is written as encoding/json writes it, or not at all, also alone (not
	// only after a field the fast path wrote); an integer kind with
	// methods is written by them.
	addAgrees(t, spaced{5})
	addAgrees(t, failing{-1})
	addAgrees(t, []spaced{{1}})
	addAgrees(t, stars(3))
	three := stars(3)
	var bag PropertyBag
	if err := Add(&bag, "s", &three); err != nil || bag["s"] != `"***"` {
		t.Errorf(`stars(3): Add wrote %q, %v; want "***"`, bag["s"], err)
	}
	if got, err := Get[stars](bag, "s"); err != nil || got == nil || *got != 3 {
		t.Errorf("stars from %q: read as %v, %v", bag["s"], got, err)
	}
	// Text the fast path declines after reading part of it is read by
	// encoding/json into a zero value: a method is called once per value.
	type tallied struct {
		T tally `json:"t"`
		N int   `json:"n"`
	}
	text := `{"t":0,"N":1}` // N: encoding/json's case-insensitive match
	var std tallied
	if err := json.Unmarshal([]byte(text), &std); err != nil {
		t.Fatal(err)
	}
	if got, err := Get[tallied](PropertyBag{"v": text}, "v"); err != nil || *got != std {
		t.Errorf("%s: read as %+v, %v; encoding/json %+v", text, got, err, std)
	}
	// A slice with a MarshalJSON method on its pointer is written as
	// json.Marshal writes its value.
	addAgrees(t, ptrList{1, 2})
	// The methods are called, not skipped: a quantity the method refuses
	// is refused, a number it accepts read.
	for text, wantOK := range map[string]bool{`{"q":"12x","s":{}}`: false, `{"q":12,"s":{"N":4}}`: true, `{"q":null,"s":{}}`: true, `{"p":null,"q":"1","s":{}}`: true} {
		v, err := Get[customHolder](PropertyBag{"h": text}, "h")
		var std customHolder
		stdErr := json.Unmarshal([]byte(text), &std)
		if (err == nil) != wantOK || (stdErr == nil) != wantOK || (wantOK && !reflect.DeepEqual(*v, std)) {
			t.Errorf("%s: read as %+v, %v; encoding/json %+v, %v", text, v, err, std, stdErr)
		}
	}
}

// addAgrees checks that Add writes v as json.Marshal does, and fails
// where it fails.
func addAgrees[T any](t *testing.T, v T) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	var bag PropertyBag
	err := Add(&bag, "v", &v)
	if (err == nil) != (wantErr == nil) || bag["v"] != string(want) {
		t.Errorf("%T %+v: Add wrote %q, %v; encoding/json %s, %v", v, v, bag["v"], err, want, wantErr)
	}
}

// simpleTypes are the types FuzzSimpleAgrees reads and writes both ways.
var simpleTypes = []reflect.Type{
	reflect.TypeFor[simplePerson](),
	reflect.TypeFor[simpleDate](),
	reflect.TypeFor[[]string](),
	reflect.TypeFor[[]simpleDate](),
	reflect.TypeFor[map[string]string](),
	reflect.TypeFor[*simpleDate](),
	reflect.TypeFor[[]*int](),
	reflect.TypeFor[PropertyBag](),
	reflect.TypeFor[customHolder](),
	reflect.TypeFor[caseTwins](),
}

// caseTwins has two fields whose names differ only in case.
type caseTwins struct {
	Upper string `json:"A"`
	Lower string `json:"a"`
}

func TestSimpleShapes(t *testing.T) {
	type (
		embedded  struct{ simpleDate }
		quotedInt struct {
			N int `json:"n,string"`
		}
		omitZero struct {
			N int `json:"n,omitzero"`
		}
		sameName struct {
			X int
			Y int `json:"X"`
		}
		recursive struct{ Next *recursive }
		withFloat struct{ F float64 }
		withBytes struct{ B []byte }
		withAny   struct{ V any }
		withTime  struct{ T counter }
		oddName   struct {
			N int `json:"a b"`
		}
		intKeys    map[int]string
		ptrPtr     struct{ P **int }
		structVals map[string]simpleDate
	)
	for _, typ := range simpleTypes {
		if buildShape(typ, map[reflect.Type]bool{}) == nil {
			t.Errorf("%s: not simple, want simple", typ)
		}
	}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[embedded](), reflect.TypeFor[quotedInt](), reflect.TypeFor[omitZero](),
		reflect.TypeFor[sameName](), reflect.TypeFor[recursive](), reflect.TypeFor[withFloat](),
		reflect.TypeFor[withBytes](), reflect.TypeFor[withAny](), reflect.TypeFor[withTime](),
		reflect.TypeFor[oddName](), reflect.TypeFor[intKeys](), reflect.TypeFor[ptrPtr](),
		reflect.TypeFor[structVals](), reflect.TypeFor[*counter](),
	} {
		if buildShape(typ, map[reflect.Type]bool{}) != nil {
			t.Errorf("%s: simple, want left to encoding/json", typ)
		}
	}
}

// TestSimpleReadsWhatAddWrites: the values generated code stashes are read
// and written here, not by encoding/json (which would still be right, but
// slow: this test is what notices the fast path falling out of use).
func TestSimpleReadsWhatAddWrites(t *testing.T) {
	year, name, yes := 1928, "Mickey <Mouse>", true
	p := simplePerson{
		PropertyBag: PropertyBag{"Nickname": `"M"`},
		Name:        &name, Alive: &yes, Born: &simpleDate{Year: &year},
		Aliases: []string{"Steamboat Willie", ""}, Dates: []simpleDate{{}, {Year: &year}},
		Labels: map[string]string{"b": "2", "a": "1"}, Count: -3, Plain: "p",
		hidden: 7, Skipped: "not written",
	}
	s := planFor(reflect.TypeFor[simplePerson]()).shape
	if s == nil {
		t.Fatal("simplePerson has no simple shape")
	}
	want, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := appendSimple(nil, reflect.ValueOf(p), s)
	if !ok || !bytes.Equal(got, want) {
		t.Fatalf("written:\n%s\nencoding/json writes:\n%s", got, want)
	}
	var back simplePerson
	if !decodeSimple(string(got), reflect.ValueOf(&back).Elem(), s) {
		t.Fatalf("%s: not read by the fast path", got)
	}
	if back.hidden != 0 || back.Skipped != "" {
		t.Fatalf("read back fields encoding/json leaves out: %+v", back)
	}
	back.hidden, back.Skipped = p.hidden, p.Skipped
	if diff := cmp.Diff(p, back, allUnexported); diff != "" {
		t.Fatalf("read back differs:\n%s", diff)
	}
}

// TestSimpleReadsPlainText: text as Add writes it, and as people and
// other JSON writers write it (white space, escapes, null, non-ASCII
// letters), is read by the fast path to the value encoding/json reads,
// not left to encoding/json (which would be right, but slow).
func TestSimpleReadsPlainText(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		text string
	}{
		{reflect.TypeFor[simplePerson](), `{"born":null,"name":"é","count":0,"small":9}`},
		{reflect.TypeFor[simplePerson](), `{ "name" : "a \"b\" c" , "count" : 10, "labels" : { "a" : "1" , "b": "2" } }`},
		{reflect.TypeFor[simplePerson](), `{"name":"\ud83d\ude00 and \u00e9\t"}`},
		{reflect.TypeFor[[]*int](), `[1,2 , null,-0,0]`},
		{reflect.TypeFor[customHolder](), `{"q":"1","s":{}}`},
	} {
		fast := reflect.New(c.typ)
		if !decodeSimple(c.text, fast.Elem(), planFor(c.typ).shape) {
			t.Errorf("%s from %s: not read by the fast path", c.typ, c.text)
			continue
		}
		std := reflect.New(c.typ)
		if err := json.Unmarshal([]byte(c.text), std.Interface()); err != nil {
			t.Fatalf("%s from %s: %v", c.typ, c.text, err)
		}
		if diff := cmp.Diff(std.Interface(), fast.Interface(), allUnexported); diff != "" {
			t.Errorf("%s from %s: fast path and encoding/json differ:\n%s", c.typ, c.text, diff)
		}
	}
	// A string with an escape is put together in one allocation, its
	// size guessed from where the first escape is.
	var str string
	dst := reflect.ValueOf(&str).Elem()
	if n := testing.AllocsPerRun(100, func() { decodeSimple(`"a\"bcdefghijk"`, dst, planFor(dst.Type()).shape) }); n != 1 || str != `a"bcdefghijk` {
		t.Errorf("reading a string with an escape: %v allocations, want 1; read %q", n, str)
	}
	// Every letter and digit makes a plain field name; a struct of 64
	// fields, as many as the reader keeps track of, is simple and read.
	if !plainFieldName("azAZ09_$-.") {
		t.Error(`plainFieldName("azAZ09_$-.") = false`)
	}
	fields := make([]reflect.StructField, 64)
	for i := range fields {
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[int](), Tag: reflect.StructTag(fmt.Sprintf(`json:"f%d"`, i))}
	}
	wide := reflect.StructOf(fields)
	s := planFor(wide).shape
	if s == nil {
		t.Fatal("a struct of 64 int fields has no simple shape")
	}
	v := reflect.New(wide).Elem()
	if !decodeSimple(`{"f0":1,"f63":2}`, v, s) || v.Field(0).Int() != 1 || v.Field(63).Int() != 2 {
		t.Errorf("64 fields: not read by the fast path, or read as %v", v)
	}
}

// TestSimpleScalars: strings, bools and integers (and named types of them
// without JSON methods) take the fast path both ways; so a mistake in it
// shows in every scalar test of the package, not only in structs.
func TestSimpleScalars(t *testing.T) {
	type level int16
	for _, v := range []any{"a \"b\"", true, -7, 0, int8(-128), uint64(1 << 63), level(3)} {
		s := planFor(reflect.TypeOf(v)).shape
		if s == nil {
			t.Fatalf("%T has no simple shape", v)
		}
		want, _ := json.Marshal(v)
		got, ok := appendSimple(nil, reflect.ValueOf(v), s)
		if !ok || !bytes.Equal(got, want) {
			t.Fatalf("%T: written %s, encoding/json writes %s", v, got, want)
		}
		back := reflect.New(reflect.TypeOf(v)).Elem()
		if !decodeSimple(" "+string(got)+" ", back, s) || back.Interface() != v {
			t.Fatalf("%T: %s read back as %v", v, got, back)
		}
	}
	if planFor(reflect.TypeFor[uintptr]()).shape != nil {
		t.Fatal("uintptr has a simple shape, which value does not read")
	}
}

// FuzzSimpleAgrees checks the fast path against encoding/json: text it
// reads, encoding/json reads strictly (unknown fields disallowed) to an
// equal value, and any value encoding/json reads, it writes byte for byte
// as encoding/json does. Through Get it checks that text the fast path
// declines still reads as encoding/json reads it.
func FuzzSimpleAgrees(f *testing.F) {
	for _, seed := range []string{
		`{"$propertyBag":{"k":"\"v\""},"name":"n","gender":"Female","alive":false,"born":{"year":1},"met":{},"aliases":["a"],"dates":[{"day":3}],"labels":{"x":"y"},"count":-9223372036854775808,"Plain":"","small":255}`,
		`{"name":"a","name":"b"}`, `{"NAME":"a"}`, `{"name":"\u0041"}`, `{"count":1.0}`, `{"count":1e2}`,
		`{"small":256}`, `{"small":-0}`, `{"day":-1}`, `{"month":128}`, `{"dates":null}`, `{"dates":[null]}`,
		`{"labels":{"a":null}}`, `{"labels":{"a":"1","a":"2"}}`, `[]`, `null`, ` [ "a" , "b" ] `, `["a",]`,
		`{"year":01}`, `{"year":1}x`, `{"year":1} `, "{\"name\":\"\xff\"}", `{"name":"é"}`, `{"Skipped":"x"}`,
		`{"hidden":1}`, `{"alive":tru}`, `{"alive":nul}`, `[1,null,-0]`, `{"met":null,"born":null}`,
		``, ` `, `{"name":`, `[1,`, `{"born":{"year":`, `{"name":"a\`, `{"name":"\u00`, `{"name":"\ud83d\u`, `{"count":-`,
		// Invalid UTF-8 whose only byte above ASCII is 0x80; a high
		// surrogate followed by what is not \u and a low one.
		"{\"name\":\"a\x80\"}", `{"name":"\ud83dxxde00"}`, `{"name":"\ud83dXude00"}`, `{"name":"\ud83d\nde00"}`,
		// A field twice, into a pointer and a map, which encoding/json
		// fills again rather than anew.
		`{"born":{"year":1},"born":{"month":2}}`, `{"labels":{"a":"1"},"labels":{"b":"2"}}`,
		// Members without a comma between them; keys that need escapes
		// when written; a key that names one field exactly and another
		// but for case (caseTwins), which encoding/json gives the exact one.
		`{"year":1 "month":2}`, `{"labels":{"a":"1" "b":"2"}}`, `{"a":"1" "b":"2"}`,
		`{"labels":{"q\"<&>\u2028\u0001":"v"}}`, `{"q\"<&>\u2028\u0001":"v"}`,
		`{"a":"lower"}`, `{"A":"upper","a":"lower"}`,
		// After an escape: a control character, invalid UTF-8.
		"{\"name\":\"\\n\x01\"}", "{\"name\":\"\\n\xff\"}",
		// Literals cut short before a delimiter.
		`{"alive":f}`, `{"alive":t}`, `{"alive":n}`, `[n]`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, typ := range simpleTypes {
			s := planFor(typ).shape
			if s == nil {
				t.Fatalf("%s has no simple shape", typ)
			}
			fast := reflect.New(typ)
			read := decodeSimple(text, fast.Elem(), s)
			std := reflect.New(typ)
			dec := json.NewDecoder(bytes.NewReader([]byte(text)))
			dec.DisallowUnknownFields()
			stdErr := dec.Decode(std.Interface())
			if stdErr == nil && strings.TrimLeft(text[dec.InputOffset():], " \t\r\n") != "" {
				stdErr = errors.New("data after the value")
			}
			if read {
				if stdErr != nil {
					t.Fatalf("%s from %q: read by the fast path, encoding/json: %v", typ, text, stdErr)
				}
				if diff := cmp.Diff(std.Interface(), fast.Interface(), allUnexported); diff != "" {
					t.Fatalf("%s from %q: fast path and encoding/json differ:\n%s", typ, text, diff)
				}
			}
			// Through a bag: the result is encoding/json's, whichever path read it.
			v, err := readAs(typ, PropertyBag{"v": text})
			if (err == nil) != (stdErr == nil) && text != "null" {
				t.Fatalf("%s from %q: Get: %v, encoding/json: %v", typ, text, err, stdErr)
			}
			if err == nil && stdErr == nil && v != nil {
				if diff := cmp.Diff(std.Elem().Interface(), v, allUnexported); diff != "" {
					t.Fatalf("%s from %q: Get and encoding/json differ:\n%s", typ, text, diff)
				}
			}
			if stdErr != nil {
				continue
			}
			want, err := json.Marshal(std.Elem().Interface())
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := appendSimple(nil, std.Elem(), s); ok && !bytes.Equal(got, want) {
				t.Fatalf("%s %#v: written as\n%s\nencoding/json writes\n%s", typ, std.Elem().Interface(), got, want)
			}
		}
	})
}

// FuzzValidJSONAgrees checks validJSON against json.Valid: what it accepts
// is valid, and valid text nesting no deeper than it follows is accepted
// (or MarshalBags and UnmarshalBags would ask encoding/json for nothing).
func FuzzValidJSONAgrees(f *testing.F) {
	for _, seed := range []string{
		`{"a":[1,-0.5e+3,true,false,null,"\u00e9\n\"\\\/"],"b":{}}`, `[]`, ` 0 `, `-`, `01`, `1.`, `1e`, `.5`,
		`"\x"`, `"\u12"`, "\"\x01\"", "\"\xff\"", `{"a" 1}`, `{"a":1,}`, `[1,]`, `nul`, `truex`, `[[[[[]]]]]`,
		`{"a":1}{}`, `"a`, `{1:2}`, `-0`, `1E-7`,
		` { "a b" : [ 10 , 9.09, 1e90 ] , "c":{} } `,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, want := validJSON(text), json.Valid([]byte(text))
		if got && !want {
			t.Fatalf("validJSON(%q) = true, json.Valid false", text)
		}
		if want && !got && nestingWithin([]byte(text), simpleDepth) && len(text) < 2*simpleDepth {
			t.Fatalf("validJSON(%q) = false for valid text nesting within %d", text, simpleDepth)
		}
	})
}

// allUnexported lets cmp compare the unexported fields of the test types.
var allUnexported = cmp.Exporter(func(reflect.Type) bool { return true })

// rawJSON writes its text as its JSON, as it is: a method that leaves
// escaping to encoding/json.
type rawJSON struct{ text string }

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r.text), nil }

func (r *rawJSON) UnmarshalJSON(data []byte) error {
	r.text = string(data)
	return nil
}

// TestSimpleLeavesRewritesToEncodingJSON: a method's compact output that
// holds <, >, & or U+2028/U+2029, which encoding/json escapes, is written
// as encoding/json writes it (escaped), and output that is not JSON is
// an error, as it is for encoding/json; and a zero struct under omitempty
// is written, as encoding/json never omits a struct (and omits an empty
// map).
func TestSimpleLeavesRewritesToEncodingJSON(t *testing.T) {
	if planFor(reflect.TypeFor[rawJSON]()).shape == nil {
		t.Fatal("rawJSON has no simple shape")
	}
	for _, text := range []string{`"a<b"`, `"a>b"`, `"a&b"`, "\"a\u2028b\"", "\"a\u2029b\"", `["<",{"k":"&"}]`, `"plain"`,
		// Not JSON: encoding/json refuses what the method writes.
		`{"a":}`, `tru`, `"a`, ``} {
		addAgrees(t, rawJSON{text})
		addAgrees(t, []rawJSON{{text}})
	}
	type withDate struct {
		Date   simpleDate        `json:"date,omitempty"`
		N      int               `json:"n,omitempty"`
		Labels map[string]string `json:"labels,omitempty"`
	}
	if planFor(reflect.TypeFor[withDate]()).shape == nil {
		t.Fatal("withDate has no simple shape")
	}
	addAgrees(t, withDate{})
	addAgrees(t, withDate{Labels: map[string]string{}}) // empty: omitted
	addAgrees(t, withDate{Date: simpleDate{Year: ptrTo(1928)}, N: 1})
}

// TestSimpleManyFields: a struct of more fields than the fast path tracks
// (64) is read as encoding/json reads it: a map field given twice is
// filled twice, not made anew.
func TestSimpleManyFields(t *testing.T) {
	fields := make([]reflect.StructField, 65)
	for i := range fields {
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[string]()}
	}
	fields[64].Type = reflect.TypeFor[map[string]string]()
	typ := reflect.StructOf(fields)
	if planFor(typ).shape == nil {
		t.Fatal("the struct of 65 fields has no simple shape")
	}
	text := `{"F0":"a","F64":{"a":"1"},"F64":{"b":"2"}}`
	got, err := readAs(typ, PropertyBag{"v": text})
	must(t, err)
	want := reflect.New(typ)
	must(t, json.Unmarshal([]byte(text), want.Interface()))
	eq(t, got, want.Elem().Interface())
	eq(t, reflect.ValueOf(got).Field(64).Interface(), any(map[string]string{"a": "1", "b": "2"}))
}
