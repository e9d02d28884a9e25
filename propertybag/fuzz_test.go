package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// fuzzTarget exercises every kind of value a bag holds, including a
// recursive type.
type fuzzTarget struct {
	S  string           `json:"s"`
	I  int8             `json:"i,omitempty"`
	U  uint16           `json:"u"`
	F  float32          `json:"f"`
	D  float64          `json:"d"`
	B  bool             `json:"b"`
	E  gender           `json:"e"`
	L  []int            `json:"l"`
	M  map[string]*bool `json:"m"`
	A  *address         `json:"a"`
	Nx *fuzzTarget      `json:"next"`
	X  int              `json:"-"`
}

// FuzzDecode checks that reading stored text never panics, as any of many
// types; that null reads as nil for every type; that a failed read returns
// no value and leaves the bag as it was, a successful Pull removing the
// value (readChecks); that string targets follow the legacy rule (JSON
// string literals as encoding/json reads them, other text as it is); and that whatever decodes encodes back to text that
// decodes to an equal value.
func FuzzDecode(f *testing.F) {
	defaultStrings(f)
	for _, seed := range []string{
		`{"s":"x","i":-3,"u":7,"f":1.5,"d":-2e-3,"b":true,"e":"Female","l":[1,2],"m":{"k":true,"n":null},"a":{"label":"L","floor":1},"next":{"s":"y"}}`,
		`{"S":"case","NEXT":{"L":[]}}`,
		`{"unknown":1}`,
		`"just a string"`,
		`[{"label":"a"},{"floor":2}]`,
		`{"label":"\u00e9\ud83d\ude00\ud800x\\\"\/"}`,
		`null`,
		`12345678901234567890`,
		`{"s":"x",}`,
		``,
		`42abc`, `0x10`, `4 2`, ` null `, `"4\u0032"`, `-0.5e-3`, `1e400`,
		`"a" `, "\"a\"\n", ` [1] `, `"a" "b"`,
		"\"a\x80\"", // invalid UTF-8 whose only byte above ASCII is 0x80
		// What a hostile client writes: numbers out of every integer's range,
		// NaN-like text, a negative zero, wrong shapes deep down.
		`-0`, `NaN`, `"NaN"`, `Infinity`, `2147483648`, `-9223372036854775809`, `18446744073709551616`,
		`{"i":1e400}`, `{"u":-1}`, `{"l":{"0":1}}`, `{"m":[["k",true]]}`, `{"a":{"floor":"1"}}`,
	} {
		f.Add(seed)
	}
	targets := []reflect.Type{
		reflect.TypeFor[fuzzTarget](),
		reflect.TypeFor[[]address](),
		reflect.TypeFor[map[gender][]int](),
		reflect.TypeFor[*int](),
		reflect.TypeFor[float32](),
		reflect.TypeFor[bool](),
		reflect.TypeFor[uint8](),
	}
	f.Fuzz(func(t *testing.T, text string) {
		bag := PropertyBag{"v": text}
		null := strings.Trim(text, " \t\r\n") == "null"
		nullRead := func(v any, err error) {
			t.Helper()
			if null && (err != nil || !reflect.ValueOf(v).IsNil()) {
				t.Fatalf("%q read as %T: %v, %v; want nil, nil", text, v, v, err)
			}
		}
		nullRead(readChecks[int](t, bag, "v"))
		nullRead(readChecks[int64](t, bag, "v"))
		nullRead(readChecks[uint8](t, bag, "v"))
		nullRead(readChecks[float32](t, bag, "v"))
		nullRead(readChecks[float64](t, bag, "v"))
		nullRead(readChecks[counter](t, bag, "v"))
		nullRead(readChecks[bool](t, bag, "v"))
		nullRead(readChecks[*int](t, bag, "v"))
		nullRead(readChecks[address](t, bag, "v"))
		nullRead(readChecks[[]int](t, bag, "v"))
		nullRead(readChecks[any](t, bag, "v"))
		nullRead(readChecks[fuzzTarget](t, bag, "v"))
		if text == "null" {
			nullRead(readChecks[string](t, bag, "v"))
			nullRead(readChecks[*gender](t, bag, "v"))
		} else {
			readChecks[string](t, bag, "v")
			readChecks[*gender](t, bag, "v")
		}
		for _, typ := range targets {
			if _, err := readAs(typ, bag); null && err != nil {
				t.Fatalf("%q read as %s: %v; want nil", text, typ, err)
			}
		}
		// String targets follow the legacy rule: text that begins and ends
		// with a double quote and is a JSON string literal reads as
		// encoding/json reads it, null as nil, a JSON object or array is an
		// error, and any other text reads as it is.
		s, err := Get[string](bag, "v")
		got := "nil"
		if s != nil {
			got = fmt.Sprintf("%q", *s)
		}
		var std string
		trimmed := strings.TrimSpace(text)
		switch n := len(text); {
		case n >= 2 && text[0] == '"' && text[n-1] == '"' && json.Unmarshal([]byte(text), &std) == nil:
			if err != nil || *s != std {
				t.Fatalf("string from %q: got %s, %v; encoding/json %q", text, got, err, std)
			}
		case text == "null":
			if err != nil || s != nil {
				t.Fatalf("string from null: got %s, %v; want nil", got, err)
			}
		case trimmed != "" && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid([]byte(trimmed)):
			if err == nil {
				t.Fatalf("string from %q (an object or array): got %s, want an error", text, got)
			}
		default:
			if err != nil || *s != text {
				t.Fatalf("string from %q: got %s, %v; want the text as it is", text, got, err)
			}
		}
		// Whatever decodes must encode back to text that decodes to an
		// equal value.
		if v, err := Get[fuzzTarget](bag, "v"); err == nil {
			var again PropertyBag
			if err := Add(&again, "v", v); err != nil {
				t.Fatalf("re-encoding %#v: %v", v, err)
			}
			w, err := Get[fuzzTarget](again, "v")
			if err != nil {
				t.Fatalf("decoding re-encoded %q: %v", again["v"], err)
			}
			if diff := cmp.Diff(v, w); diff != "" {
				t.Fatalf("re-encoded value differs:\n%s", diff)
			}
		}
	})
}

// FuzzMarshalBags checks that any bags, of any bytes, survive MarshalBags,
// the API server and UnmarshalBags byte for byte; that the text is valid
// UTF-8 JSON without HTML escapes of its own; and that isJSONText agrees
// with encoding/json.
func FuzzMarshalBags(f *testing.F) {
	for _, seed := range [][3]string{
		{"spec", "Name", `"Mickey"`}, {"spec.birthDate", "Date", `{"year":1928,"month":11}`},
		{`spec.ports[name=http]`, "Legacy", `plain text`}, {`spec.labels["a b"]`, "Spaced", ` [1] `},
		{".", "Empty", ``}, {"spec.parts[2]", "Bad", `{"a":}`}, {"spec", "Esc", `"\u00e9\n"`}, {"spec", "$", `null`},
		{"spec", "Angles", `<<<&>>>`}, {"spec", "Line", "\u2028\u2029"}, {"bad\xff", "k\xfe", "v\xfd"},
		{"spec", "JSON", "\"\xff\""}, {"", "", "{\"a\":[1,2,{\"b\":\"\\u003c\"}]}"}, {"$x", "k", "1"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	f.Fuzz(func(t *testing.T, name, key, value string) {
		if std, err := json.Marshal(value); err != nil || quote(value) != string(std) {
			t.Fatalf("quote(%q) = %s, encoding/json gives %s (%v)", value, quote(value), std, err)
		}
		if s, ok := plainString(value); ok {
			var want string
			if err := json.Unmarshal([]byte(value), &want); err != nil || want != s {
				t.Fatalf("plainString(%q) = %q, encoding/json reads %q (%v)", value, s, want, err)
			}
		}
		if got, want := isJSONText(value, 0, nil), json.Valid([]byte(value)) && strings.Trim(value, " \t\r\n") == value; got != want {
			t.Fatalf("isJSONText(%q) = %v, encoding/json says %v", value, got, want)
		}
		bags := Bags{"spec": {key: value, "Plain": `"x"`}, "status": {"Phase": value}}
		if strings.HasPrefix(name, "$") {
			if _, err := MarshalBags(Bags{name: {key: value}}); !errors.Is(err, ErrEncode) {
				t.Fatalf("MarshalBags with bag name %q: %v, want ErrEncode", name, err)
			}
		} else {
			bags[name] = PropertyBag{key: value, "Other": value + "x"}
		}
		text, err := MarshalBags(bags)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.ValidString(text) || !json.Valid([]byte(text)) {
			t.Fatalf("MarshalBags wrote text that is not valid UTF-8 JSON: %q", text)
		}
		// The API server re-encodes the annotation with encoding/json.
		data, err := json.Marshal(text)
		if err != nil {
			t.Fatal(err)
		}
		var served string
		if err := json.Unmarshal(data, &served); err != nil || served != text {
			t.Fatalf("the API server changes %q into %q (%v)", text, served, err)
		}
		// No HTML escapes of MarshalBags' own: an escape in the text stands
		// for the character itself in a JSON value (which appears at most
		// four times), the swap that keeps such values byte for byte.
		for _, esc := range [][2]string{{`\u003c`, "<"}, {`\u003e`, ">"}, {`\u0026`, "&"}, {`\u2028`, "\u2028"}, {`\u2029`, "\u2029"}} {
			if n, in := strings.Count(text, esc[0]), 4*(strings.Count(value, esc[0])+strings.Count(value, esc[1])); n > in {
				t.Fatalf("MarshalBags escaped %s: %d times in %q", esc[0], n, text)
			}
		}
		back, err := UnmarshalBags(text)
		if err != nil {
			t.Fatalf("UnmarshalBags(%s): %v", text, err)
		}
		if diff := cmp.Diff(bags, back); diff != "" {
			t.Fatalf("round trip through %s (-want +got):\n%s", text, diff)
		}
	})
}

// FuzzUnmarshalBags checks that UnmarshalBags never panics on any text, that
// its errors name the annotation, and that what it accepts writes back to
// text that reads as the same bags.
func FuzzUnmarshalBags(f *testing.F) {
	for _, seed := range []string{
		`{"spec":{"A":{"label":"<y>"},"B":"x"},"status":{"Phase":"Active"}}`,
		`{"spec":{"Json":[1,2]},"$verbatim":{"spec":{"Legacy":"plain text"}}}`,
		`{"$base64":{"YmFk/w==":{"a/4=":"df0="}}}`,
		`{"spec.labels[\"a b\"]":{"a":null,"b":true,"c":-1.5e3}}`,
		`{"spec":{"a":1,"a":2}}`, `{"spec":{"a":tru}}`, `{"$base64":{"!":{}}}`, "{\"a\":{\"b\":\"\xff\"}}",
		`[]`, ``, `{} x`,
		// What a hostile client writes in the annotation: a bag or a
		// section twice, duplicate keys inside a value (kept as written),
		// nesting at and past the limit, numbers no Go type holds.
		`{"spec":{"a":1},"spec":{"b":2}}`, `{"$verbatim":{},"$verbatim":{}}`, `{"spec":{"a":{"x":1,"x":2}}}`,
		`{"spec":{"a":` + strings.Repeat("[", 9998) + strings.Repeat("]", 9998) + `}}`,
		`{"spec":{"a":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}}`,
		`{"spec":{"a":-0,"b":1e400,"c":NaN}}`, `{"spec":{"$twin":{"x":1}}}`, `{"spec":null}`, `{"":{"":""}}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		bags, err := UnmarshalBags(text)
		if err != nil {
			if !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), "property bags") ||
				!strings.Contains(err.Error(), "hubspoke.dev/property-bags") {
				t.Fatalf("UnmarshalBags(%q): error %q does not wrap ErrDecode or name the annotation", text, err)
			}
			return
		}
		again, err := MarshalBags(bags)
		if err != nil {
			t.Fatalf("MarshalBags of what UnmarshalBags(%q) read: %v", text, err)
		}
		back, err := UnmarshalBags(again)
		if err != nil {
			t.Fatalf("UnmarshalBags(%q), written back from %q: %v", again, text, err)
		}
		for name, bag := range bags {
			if len(bag) == 0 {
				delete(bags, name) // empty bags are left out
			}
		}
		if diff := cmp.Diff(bags, back); diff != "" {
			t.Fatalf("%q read, written as %q and read again (-first +second):\n%s", text, again, diff)
		}
	})
}

// readAs reads the value named "v" from bag as a value of type typ with
// Get, through reflection.
func readAs(typ reflect.Type, bag PropertyBag) (any, error) {
	text, ok := bag["v"]
	if !ok {
		return nil, nil
	}
	plan := planFor(typ)
	if isNull(text, plan.stringTarget) {
		return nil, nil
	}
	v := reflect.New(typ).Elem()
	if err := decode(text, v, plan); err != nil {
		return nil, err
	}
	return v.Interface(), nil
}

// FuzzQuote checks that the JSON string literal Add writes for a string is
// the one json.Marshal writes (quote's shortcut for strings with nothing to
// escape included), and that a literal plainString takes as it
// is decodes, with json.Unmarshal, to exactly its content.
func FuzzQuote(f *testing.F) {
	for _, seed := range []string{
		"", "plain", "1313 S. Harbor Blvd\nAnaheim", `"quoted" \ back`, "<b>&amp;</b>", "\u2028\u2029", "é中😀",
		"\x00\x01\x08\x0c\x1f\x7f", "bad \xff utf-8 \xe2\x80", "\t\r\b\f",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkQuote(t, s)
	})
}

func checkQuote(t *testing.T, s string) {
	t.Helper()
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := quote(s); got != string(want) {
		t.Fatalf("quote(%q) = %s, json.Marshal writes %s", s, got, want)
	}
	for _, text := range []string{`"` + s + `"`, string(want)} {
		content, ok := plainString(text)
		if !ok {
			continue
		}
		var decoded string
		if err := json.Unmarshal([]byte(text), &decoded); err != nil || decoded != content {
			t.Fatalf("plainString(%q) = %q, json.Unmarshal reads %q (error %v)", text, content, decoded, err)
		}
	}
}

// TestQuote runs FuzzQuote's checks on strings with every ASCII byte and a
// few runes around the ones encoding/json treats apart.
func TestQuote(t *testing.T) {
	for c := range 0x80 {
		checkQuote(t, "a"+string(rune(c))+"b")
	}
	for _, r := range []rune{0x80, 0x7ff, 0x2027, 0x2028, 0x2029, 0x202a, 0xfffd, 0x10ffff} {
		checkQuote(t, "x"+string(r))
	}
	checkQuote(t, "\xed\xa0\x80 surrogate, \xc0\xaf overlong, \xf4\x90\x80\x80 too large, \xe2\x80 cut")
	if s, ok := plainString(`"a\u0062"`); ok {
		t.Errorf("plainString took a literal with an escape as it is: %q", s)
	}
	if s, ok := plainString("\"\xff\""); ok {
		t.Errorf("plainString took invalid UTF-8, which encoding/json replaces: %q", s)
	}
}

// decodeFresh decodes text as decodeJSON does, with a json.Decoder of its
// own: the reference for the pooled decoders.
func decodeFresh(text string, v any) error {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if strings.TrimLeft(text[dec.InputOffset():], " \t\r\n") != "" {
		return errors.New("trailing data")
	}
	return nil
}

// checkDecodeSequence decodes each text in turn with one pooled decoder,
// which it reuses whenever decodeJSON would, as a fuzzTarget, and checks
// each outcome against a fresh json.Decoder's: nothing of one text may
// reach the next.
func checkDecodeSequence(t *testing.T, texts ...string) {
	t.Helper()
	d := decoders.New().(*decoder)
	for i, text := range texts {
		var got, want fuzzTarget
		reusable, err := d.decode(text, &got)
		wantErr := decodeFresh(text, &want)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("text %d of %q: error %v, a fresh json.Decoder's %v", i, texts, err, wantErr)
		}
		if err == nil {
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("text %d of %q (-fresh +pooled):\n%s", i, texts, diff)
			}
		}
		if !reusable {
			d = decoders.New().(*decoder)
		}
	}
}

// TestDecoderReuse: a pooled decoder reads each text as a fresh one would,
// whatever it read before: values cut short, followed by data or by white
// space, scalars that end only where their text ends, and texts longer than
// a read.
func TestDecoderReuse(t *testing.T) {
	long := `{"s":"` + strings.Repeat("x", 5000) + `"}`
	texts := []string{
		`{"s":"a","i":1}`, `{"s":"b"`, `{"s":"c"}`, `{"s":"d"} {"s":"e"}`, `{"s":"f"}`, `{"s":"g"}  `, `{"s":"h"}`,
		`{"s":"i","nope":1}`, `{"u":7}`, `7`, `{"s":"j"}`, `"k"`, `{"l":[1,2`, `{"l":[3]}`, long, `{"s":"m"}`, ``, `{"s":"n"}`,
		`{"i":300}`, `{"s":"o"}`, `{"s":"p"}}`, `{"a":{"label":"q","extra":true}}`, `{"next":{"s":"r"}}`, `nul`, `null`, `{"s":"s"}`,
	}
	checkDecodeSequence(t, texts...)
	for i := range texts {
		checkDecodeSequence(t, texts[i:]...) // each text after every other
	}
}

// FuzzDecoderReuse checks that a pooled decoder reads any second text as a
// fresh json.Decoder would, whatever the first text was.
func FuzzDecoderReuse(f *testing.F) {
	f.Add(`{"s":"a"}`, `{"s":"b"}`)
	f.Add(`{"s":"a"`, `{"s":"b"}`)
	f.Add(`{"s":"a"} x`, `"b"}`)
	f.Add(`1`, `2`)
	f.Add(`{"l":[`, `1]}`)
	f.Fuzz(func(t *testing.T, first, second string) {
		checkDecodeSequence(t, first, second, first, second)
	})
}

// TestDecoderSyntaxErrorOffset: the offset of a syntax error counts from
// the start of the text read, however many texts the decoder read before.
func TestDecoderSyntaxErrorOffset(t *testing.T) {
	d := decoders.New().(*decoder)
	var v fuzzTarget
	for _, good := range []string{`{"s":"first"}`, `{"s":"second","u":2}`} {
		if reusable, err := d.decode(good, &v); err != nil || !reusable {
			t.Fatalf("%s: %v, reusable %v", good, err, reusable)
		}
	}
	_, err := d.decode(`{"s":1x}`, &v)
	var got, want *json.SyntaxError
	if !errors.As(err, &got) || !errors.As(json.Unmarshal([]byte(`{"s":1x}`), &v), &want) {
		t.Fatalf("error %v, want a *json.SyntaxError", err)
	}
	if got.Offset != want.Offset || got.Error() != want.Error() {
		t.Errorf("syntax error %q at offset %d, encoding/json says %q at %d", got, got.Offset, want, want.Offset)
	}
}
