package propertybag

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// fuzzTarget exercises every kind the fast decoder handles, including a
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

// FuzzDecode checks that decoding stored text never panics and that the
// fast decoder agrees with encoding/json (unknown fields disallowed) on every
// input: both fail, or both succeed with equal values.
func FuzzDecode(f *testing.F) {
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
		null := strings.Trim(text, " \t\r\n") == "null"
		for _, typ := range targets {
			fast := reflect.New(typ).Elem()
			fastErr := decode(text, fast)
			if null && typeInfoFor(typ).nullIsError {
				// encoding/json leaves the value alone; we report it.
				if !errors.Is(fastErr, errNull) {
					t.Fatalf("%s from %q: got error %v, want errNull", typ, text, fastErr)
				}
				continue
			}
			std := reflect.New(typ).Elem()
			stdErr := decodeStd(text, std)
			if (fastErr == nil) != (stdErr == nil) {
				t.Fatalf("%s from %q: fast decoder error %v, encoding/json error %v", typ, text, fastErr, stdErr)
			}
			if fastErr == nil {
				if diff := cmp.Diff(std.Interface(), fast.Interface()); diff != "" {
					t.Fatalf("%s from %q: values differ (-encoding/json +fast):\n%s", typ, text, diff)
				}
			}
		}
		// String targets follow the legacy rule; they must not panic, and
		// must agree with encoding/json on JSON string literals.
		var s string
		if err := decode(text, reflect.ValueOf(&s).Elem()); err == nil {
			var std string
			if len(text) > 0 && text[0] == '"' && decodeStd(text, reflect.ValueOf(&std).Elem()) == nil && std != s {
				t.Fatalf("string from %q: got %q, encoding/json %q", text, s, std)
			}
		}
		// Whatever decodes must encode back to text that decodes to an
		// equal value.
		var v fuzzTarget
		if decode(text, reflect.ValueOf(&v).Elem()) == nil {
			again, err := encode(v)
			if err != nil {
				t.Fatalf("re-encoding %#v: %v", v, err)
			}
			var w fuzzTarget
			if err := decode(again, reflect.ValueOf(&w).Elem()); err != nil {
				t.Fatalf("decoding re-encoded %q: %v", again, err)
			}
			if diff := cmp.Diff(v, w); diff != "" {
				t.Fatalf("re-encoded value differs:\n%s", diff)
			}
		}
	})
}

// FuzzMarshalBags checks that any bag of valid UTF-8 text survives
// MarshalBags and UnmarshalBags byte for byte, that the text is JSON, and
// that isJSONText agrees with encoding/json.
func FuzzMarshalBags(f *testing.F) {
	for _, seed := range [][2]string{
		{"Name", `"Mickey"`}, {"Date", `{"year":1928,"month":11}`}, {"Legacy", `plain text`},
		{"Spaced", ` [1] `}, {"Empty", ``}, {"Bad", `{"a":}`}, {"Esc", `"\u00e9\n"`}, {"$", `null`},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, key, value string) {
		if std, err := json.Marshal(value); err != nil || quote(value) != string(std) {
			t.Fatalf("quote(%q) = %s, encoding/json gives %s (%v)", value, quote(value), std, err)
		}
		if s, ok := plainString(value); ok {
			var want string
			if err := json.Unmarshal([]byte(value), &want); err != nil || want != s {
				t.Fatalf("plainString(%q) = %q, encoding/json reads %q (%v)", value, s, want, err)
			}
		}
		if !utf8.ValidString(key) || !utf8.ValidString(value) {
			t.Skip("annotations hold valid UTF-8 only")
		}
		if got, want := isJSONText(value), json.Valid([]byte(value)) && strings.TrimSpace(value) == value; got != want {
			t.Fatalf("isJSONText(%q) = %v, encoding/json says %v", value, got, want)
		}
		bags := Bags{"spec": {key: value, "Plain": `"x"`}, "status": {"Phase": value}}
		text, err := MarshalBags(bags)
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid([]byte(text)) {
			t.Fatalf("MarshalBags wrote invalid JSON %s", text)
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
