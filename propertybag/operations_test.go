package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestContains: Contains is true exactly for the names the bag holds,
// whatever their values (empty text and null included), and follows Add,
// Remove, Get and Pull.
func TestContains(t *testing.T) {
	bag := PropertyBag{"a": `1`, "empty": ``, "null": `null`, "": `"empty name"`, "legacy": `plain`}
	for name, want := range map[string]bool{
		"a": true, "empty": true, "null": true, "": true, "legacy": true,
		"b": false, "A": false, "a ": false, " a": false, "emp": false, "empty ": false, "nul": false, "legacy\x00": false,
	} {
		if got := bag.Contains(name); got != want {
			t.Errorf("Contains(%q) = %v, want %v", name, got, want)
		}
	}
	var nilBag PropertyBag
	for _, name := range []string{"", "a"} {
		if nilBag.Contains(name) || (PropertyBag{}).Contains(name) {
			t.Errorf("an empty bag contains %q", name)
		}
	}
	if (PropertyBag{"x": "1"}).Contains("") {
		t.Error(`a bag without the name "" contains it`)
	}
	bag.Remove("a")
	if bag.Contains("a") || !bag.Contains("empty") {
		t.Error("Contains after Remove")
	}
	_, _ = Get[string](bag, "empty")
	if !bag.Contains("empty") {
		t.Error("Contains after Get")
	}
	if _, err := Pull[int](bag, "legacy"); err == nil || !bag.Contains("legacy") {
		t.Errorf("Contains after a failed Pull (%v)", err)
	}
	if _, err := Pull[string](bag, "empty"); err != nil || bag.Contains("empty") {
		t.Errorf("Contains after a successful Pull (%v)", err)
	}
	must(t, nilBag.Add("n", 1))
	if !nilBag.Contains("n") || nilBag.Contains("m") {
		t.Error("Contains after Add")
	}
}

// jsonTexts are texts the JSON-text check must classify as encoding/json
// does: valid JSON with no white space around it, or not.
var jsonTexts = map[string]bool{
	`null`: true, `true`: true, `false`: true, `0`: true, `-0`: true, `7`: true, `-12`: true, `1.5`: true,
	`1.5e-3`: true, `-12E+4`: true, `0.0e0`: true, `12345678901234567890123`: true,
	`""`: true, `"a"`: true, `"<>&"`: true, `"é€😀"`: true, `"\"\\\/\b\f\n\r\t"`: true, `"\u00e9\uD83D\uDE00\ud800"`: true,
	`[]`: true, `{}`: true, `[ ]`: true, `{ }`: true, `[1,[2,[3,[]]],{"a":[{}]}]`: true, `[[[[["deep"]]]]]`: true,
	`{"a":1,"b":{"c":[true,false,null]},"d":"x"}`: true, `{"a" : 1 , "b" : [ 1 , 2 ] }`: true,
	`{"esc\"aped\\key":"v\u0041"}`: true, `["a","b\n",-1.0e10,{"":""}]`: true, "[\n1,\t2\r]": true,

	``: false, ` `: false, ` 1`: false, `1 `: false, "1\n": false, "\t[]": false, `{"a":1`: false, `{"a":1}}`: false,
	`tru`: false, `nul`: false, `fals`: false, `True`: false, `NULL`: false, `truex`: false, `nullnull`: false,
	`01`: false, `-01`: false, `1.`: false, `.5`: false, `-`: false, `1e`: false, `1e+`: false, `+1`: false,
	`0x10`: false, `NaN`: false, `Infinity`: false, `1.5.2`: false, `--1`: false,
	`"abc`: false, `"a\"`: false, `"\x"`: false, `"\u12"`: false, `"\u12G4"`: false, "\"a\x01\"": false,
	"\"a\x1fb\"": false, `"a"b`: false, `"a" "b"`: false, `'a'`: false, `"\`: false, `"`: false,
	`[1,]`: false, `[,1]`: false, `[1 2]`: false, `[`: false, `]`: false, `[1}`: false,
	`{"a":1,}`: false, `{,}`: false, `{a:1}`: false, `{"a" 1}`: false, `{"a":}`: false, `{"a"}`: false, `{1:2}`: false,
	`{"a":1]`: false, `1 2`: false, `{} {}`: false, `[] x`: false, `plain text`: false, `Theodore`: false,
}

// TestIsJSONText: the check that decides whether MarshalBags embeds a value
// as it is agrees with encoding/json on valid and invalid text alike.
func TestIsJSONText(t *testing.T) {
	for text, want := range jsonTexts {
		if got := isJSONText(text); got != want {
			t.Errorf("isJSONText(%q) = %v, want %v", text, got, want)
		}
		if std := json.Valid([]byte(text)) && strings.Trim(text, " \t\r\n") == text; std != want {
			t.Errorf("the table is wrong about %q: encoding/json says %v", text, std)
		}
		// MarshalBags embeds exactly the JSON texts and keeps the rest
		// verbatim; both come back as they were.
		bags := Bags{"spec": {"v": text}}
		out, err := MarshalBags(bags)
		must(t, err)
		if embedded := strings.HasPrefix(out, `{"spec":{"v":`+swapped(text)+`}`); embedded != want {
			t.Errorf("MarshalBags of %q: %s", text, out)
		}
		back, err := UnmarshalBags(out)
		must(t, err)
		eq(t, back, bags)
	}
}

// TestStringEscapes: every escape, surrogate pairs and lone surrogates
// decode as encoding/json decodes them.
func TestStringEscapes(t *testing.T) {
	for text, want := range map[string]string{
		`"\""`: `"`, `"\\"`: `\`, `"\/"`: `/`, `"\b"`: "\b", `"\f"`: "\f", `"\n"`: "\n", `"\r"`: "\r", `"\t"`: "\t",
		`"a\tb\nc"`:            "a\tb\nc",
		`"\u0041\u00e9"`:       "Aé",
		`"\u20AC\u20ac"`:       "€€",
		`"\u0000"`:             "\x00",
		`"\u001F\u007f"`:       "\x1f\x7f",
		`"\uD83D\uDE00"`:       "😀",
		`"\ud83d\ude00x"`:      "😀x",
		`"\ud800"`:             "\ufffd",
		`"\ud800x"`:            "\ufffdx",
		`"\ud800\u0041"`:       "\ufffdA",
		`"\ude00\ud83d"`:       "\ufffd\ufffd",
		`"\ud83d\ud83d\ude00"`: "\ufffd😀",
		"\"caf\xe9\"":          "caf\ufffd",
		`"é😀<>&"`:              "é😀<>&",
		`"\u003c\u0026"`:       "<&",
	} {
		var std string
		must(t, json.Unmarshal([]byte(text), &std))
		if std != want {
			t.Fatalf("the table is wrong about %s: encoding/json reads %q", text, std)
		}
		// A string read through the decoder, a string inside a struct, and
		// a map key.
		s, err := Get[gender](PropertyBag{"s": text}, "s")
		if err != nil || string(s) != want {
			t.Errorf("Get[gender](%s) = %q, %v; want %q", text, s, err, want)
		}
		a, err := Get[address](PropertyBag{"a": `{"label":` + text + `}`}, "a")
		if err != nil || a.Label != want {
			t.Errorf("label %s = %q, %v; want %q", text, a.Label, err, want)
		}
		l, err := Get[[]string](PropertyBag{"l": "[" + text + "," + text + "]"}, "l")
		if err != nil || len(l) != 2 || l[0] != want || l[1] != want {
			t.Errorf("list of %s = %q, %v; want %q twice", text, l, err, want)
		}
		m, err := Get[map[string]int](PropertyBag{"m": `{` + text + `:1}`}, "m")
		if err != nil || m[want] != 1 {
			t.Errorf("map key %s: %v, %v; want %q", text, m, err, want)
		}
	}
	for _, bad := range []string{`"\x"`, `"\u12"`, `"\u12G4"`, `"\ud800\u12"`, `"\ud800\uZZZZ"`, "\"\x01\"", `"\`, `"abc`, `"\'"`} {
		// (A string destination would take it as legacy text.)
		if _, err := Get[[]string](PropertyBag{"s": "[" + bad + "]"}, "s"); !errors.Is(err, ErrDecode) {
			t.Errorf("Get[[]string]([%s]): %v, want ErrDecode", bad, err)
		}
		if s, err := Get[gender](PropertyBag{"s": bad}, "s"); err != nil || string(s) != bad {
			t.Errorf("Get[gender](%s) = %q, %v; want the legacy text as it is", bad, s, err)
		}
		if _, err := Get[address](PropertyBag{"a": `{"label":` + bad + `}`}, "a"); !errors.Is(err, ErrDecode) {
			t.Errorf("label %s: %v, want ErrDecode", bad, err)
		}
	}
}

// TestEncodeStrings: what Add stores for a string is what encoding/json
// writes, escapes included (the wire format of the bags in etcd).
func TestEncodeStrings(t *testing.T) {
	texts := []string{"", "plain", "/", "\b\f\n\r\t", "\x00\x01\x1f\x7f", "<a&b>", "\u2028\u2029",
		"é€😀", "bad\xff\xfeutf8", "\xed\xa0\x80", "mixed \"<\u2028\n\x01é>\" end"}
	// Every byte on its own and inside plain text, and runes that encoding/json
	// treats specially, so that each escape is checked apart from the others.
	for c := range 256 {
		texts = append(texts, string(rune(c)), string([]byte{byte(c)}), "ab"+string([]byte{byte(c)})+"cd")
	}
	texts = append(texts, "\u2027", "\u2028", "\u2029", "\u202a", "\ufffd", "\U0010ffff", "x\u2029")
	for _, s := range texts {
		std, err := json.Marshal(s)
		must(t, err)
		var bag PropertyBag
		must(t, bag.Add("s", s))
		must(t, AddOptional(&bag, "p", &s))
		must(t, bag.Add("g", gender(s)))
		must(t, bag.Add("a", address{Label: s}))
		stdA, err := json.Marshal(address{Label: s})
		must(t, err)
		for name, want := range map[string]string{"s": string(std), "p": string(std), "g": string(std), "a": string(stdA)} {
			if bag[name] != want {
				t.Errorf("%q stored as %s, encoding/json writes %s", s, bag[name], want)
			}
		}
		if got, err := Get[string](bag, "s"); err != nil || (utf8.ValidString(s) && got != s) {
			t.Errorf("%q read back as %q, %v", s, got, err)
		}
	}
}

// TestNumbers: numbers decode as encoding/json decodes them, overflow and
// fractions into integers are errors, and nothing but a JSON number is a
// number.
func TestNumbers(t *testing.T) {
	texts := []string{"0", "-0", "7", "-7", "127", "-128", "128", "-129", "255", "256", "-1", "65535", "65536",
		"2147483647", "2147483648", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"18446744073709551615", "18446744073709551616", "1.0", "1.5", "-1.5", "1e2", "1E2", "1e+2", "1e-2", "100e-2",
		"3.4028235e38", "3.5e38", "1e39", "1e308", "1e309", "-1e309", "1e-46", "5e-324", "0.1", "123456789012345678901234567890",
		"01", "1.", ".5", "+1", "1e", "0x10", "1_000", "1,5", " 42 ", "\t-3\n"}
	targets := []reflect.Type{
		reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](), reflect.TypeFor[int32](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](), reflect.TypeFor[uint32](), reflect.TypeFor[uint64](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[*int8](), reflect.TypeFor[[]uint8x](),
	}
	for _, text := range texts {
		for _, typ := range targets {
			got := reflect.New(typ)
			err := (PropertyBag{"n": text}).Get("n", got.Interface())
			std := reflect.New(typ)
			stdErr := json.Unmarshal([]byte(text), std.Interface())
			if (err == nil) != (stdErr == nil) {
				t.Errorf("%s into %s: error %v, encoding/json error %v", text, typ, err, stdErr)
				continue
			}
			if err == nil && !reflect.DeepEqual(got.Elem().Interface(), std.Elem().Interface()) {
				t.Errorf("%s into %s: %v, encoding/json %v", text, typ, got.Elem(), std.Elem())
			}
		}
	}
	// Numbers round-trip through Add at the limits of their types.
	eq(t, roundTrip(t, int8(127)), int8(127))
	eq(t, roundTrip(t, uint16(65535)), uint16(65535))
	eq(t, roundTrip(t, float32(3.4028235e38)), float32(3.4028235e38))
	eq(t, roundTrip(t, 5e-324), 5e-324)
	if z := roundTrip(t, math.Copysign(0, -1)); z != 0 || !math.Signbit(z) {
		t.Errorf("negative zero read back as %v", z)
	}
}

// uint8x is a slice element that is a number (a []uint8 would be base64).
type uint8x uint8

// TestRemove: Remove deletes exactly the name given, and is a no-op for a
// missing name and for a nil bag.
func TestRemove(t *testing.T) {
	bag := PropertyBag{"a": "1", "b": "2", "": "3", "ab": "4"}
	bag.Remove("a")
	eq(t, bag, PropertyBag{"b": "2", "": "3", "ab": "4"})
	bag.Remove("missing")
	bag.Remove("A")
	eq(t, bag, PropertyBag{"b": "2", "": "3", "ab": "4"})
	bag.Remove("")
	eq(t, bag, PropertyBag{"b": "2", "ab": "4"})
	bag.Remove("b")
	bag.Remove("ab")
	eq(t, bag, PropertyBag{})
	var nilBag PropertyBag
	nilBag.Remove("a")
	if nilBag != nil {
		t.Error("Remove allocated a nil bag")
	}
}

// TestNew: later bags win, whatever their number; the result shares nothing
// with the inputs, even when there is only one; empty results are nil.
func TestNew(t *testing.T) {
	a := PropertyBag{"x": "a", "y": "a", "only-a": "a"}
	b := PropertyBag{"y": "b", "z": "b"}
	c := PropertyBag{"z": "c", "x": "c"}
	eq(t, New(a, b, c), PropertyBag{"x": "c", "y": "b", "z": "c", "only-a": "a"})
	eq(t, New(c, b, a), PropertyBag{"x": "a", "y": "a", "z": "b", "only-a": "a"})
	eq(t, New(a, b), PropertyBag{"x": "a", "y": "b", "z": "b", "only-a": "a"})
	eq(t, New(b, a), PropertyBag{"x": "a", "y": "a", "z": "b", "only-a": "a"})
	eq(t, New(nil, b, nil), b)
	eq(t, New(PropertyBag{}, c), c)
	for _, args := range [][]PropertyBag{{a}, {a, nil}, {nil, a}, {a, PropertyBag{}}} {
		m := New(args...)
		eq(t, m, a)
		m["x"] = "changed"
		m["new"] = "added"
		if a["x"] != "a" || a.Contains("new") {
			t.Fatalf("New(%v) shares memory with its input", args)
		}
	}
	eq(t, a, PropertyBag{"x": "a", "y": "a", "only-a": "a"})
	for _, args := range [][]PropertyBag{nil, {nil}, {{}}, {nil, {}}, {{}, {}}} {
		if got := New(args...); got != nil {
			t.Errorf("New(%v) = %#v, want nil", args, got)
		}
	}
}

// TestNilIfEmpty: nil for nil and empty bags, the bag itself (not a copy)
// otherwise, whatever its size.
func TestNilIfEmpty(t *testing.T) {
	if (PropertyBag)(nil).NilIfEmpty() != nil || (PropertyBag{}).NilIfEmpty() != nil {
		t.Error("NilIfEmpty of an empty bag is not nil")
	}
	for n := 1; n <= 3; n++ {
		bag := PropertyBag{}
		for i := range n {
			bag[fmt.Sprint(i)] = `""`
		}
		got := got(bag.NilIfEmpty())
		if len(got) != n {
			t.Fatalf("NilIfEmpty of %d values gave %v", n, got)
		}
		got["marker"] = "1"
		if !bag.Contains("marker") {
			t.Errorf("NilIfEmpty of %d values returned a copy, not the bag", n)
		}
	}
	bag := PropertyBag{"a": "1"}
	must(t, bag.Pull("a", new(int)))
	if bag.NilIfEmpty() != nil {
		t.Error("NilIfEmpty of a bag emptied by Pull is not nil")
	}
}

func got(b PropertyBag) PropertyBag { return b }

// TestCloneAndDeepCopy: nil stays nil, empty stays empty, and copies share
// nothing, for a bag and for Bags.
func TestCloneAndDeepCopy(t *testing.T) {
	if (PropertyBag)(nil).Clone() != nil || (PropertyBag{}).Clone() == nil || (PropertyBag)(nil).DeepCopy() != nil {
		t.Error("Clone keeps neither nil nor empty")
	}
	bag := PropertyBag{"a": "1", "b": "2"}
	c := bag.Clone()
	eq(t, c, bag)
	c["a"] = "x"
	delete(c, "b")
	eq(t, bag, PropertyBag{"a": "1", "b": "2"})
	bags := Bags{"spec": {"a": "1"}, "status": nil, "empty": {}}
	var out Bags
	bags.DeepCopyInto(&out)
	eq(t, out, bags)
	out["spec"]["a"] = "changed"
	out["new"] = PropertyBag{}
	eq(t, bags, Bags{"spec": {"a": "1"}, "status": nil, "empty": {}})
	if out := (Bags)(nil).DeepCopy(); out != nil {
		t.Errorf("DeepCopy of nil Bags = %#v", out)
	}
	eq(t, bags.DeepCopy(), bags)
}

// TestPlainString: the shortcut for strings takes only literals whose
// content needs no decoding.
func TestPlainString(t *testing.T) {
	for text, want := range map[string]bool{
		`"abc"`: true, `""`: true, `"a b~"`: true, `"<&>"`: true,
		`"a\"`: false, `"a\nb"`: false, `"é"`: false, "\"a\tb\"": false, "\"a\x7f\"": false, `"a"b"`: false,
		`abc`: false, `"abc`: false, `abc"`: false, `"`: false, ``: false,
	} {
		s, ok := plainString(text)
		if ok != want {
			t.Errorf("plainString(%q) ok = %v, want %v", text, ok, want)
			continue
		}
		if ok {
			var std string
			if err := json.Unmarshal([]byte(text), &std); err != nil || std != s {
				t.Errorf("plainString(%q) = %q, encoding/json reads %q (%v)", text, s, std, err)
			}
		}
	}
}

// TestExcerpt: error messages quote at most excerptLen bytes of stored
// text, cut on a rune boundary.
func TestExcerpt(t *testing.T) {
	short := strings.Repeat("x", excerptLen)
	eq(t, excerpt(short), short)
	for pad := range 4 {
		long := strings.Repeat("x", excerptLen-pad) + strings.Repeat("é€😀", 20)
		got := excerpt(long)
		if !utf8.ValidString(got) || !strings.HasSuffix(got, "…") || len(got) > excerptLen+len("…") ||
			!strings.HasPrefix(long, strings.TrimSuffix(got, "…")) || len(got) < excerptLen-3 {
			t.Errorf("excerpt of %d bytes: %q", len(long), got)
		}
	}
}
