package propertybag

import (
	"encoding/json"
	"errors"
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
	if _, err := Pull[int](&bag, "legacy"); err == nil || !bag.Contains("legacy") {
		t.Errorf("Contains after a failed Pull (%v)", err)
	}
	if _, err := Pull[string](&bag, "empty"); err != nil || bag.Contains("empty") {
		t.Errorf("Contains after a successful Pull (%v)", err)
	}
	if _, err := Pull[int](&bag, "null"); err != nil || bag.Contains("null") {
		t.Errorf("Contains after a Pull of null (%v)", err)
	}
	must(t, Add(&nilBag, "n", ptrTo(1)))
	if !nilBag.Contains("n") || nilBag.Contains("m") {
		t.Error("Contains after Add")
	}
	must(t, Add[int](&nilBag, "n", nil))
	if nilBag.Contains("n") {
		t.Error("Contains after Add(nil)")
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
		if got := isJSONText(text, 0, nil); got != want {
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
	defaultStrings(t)
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
		if s := mustGet[gender](t, PropertyBag{"s": text}, "s"); string(s) != want {
			t.Errorf("Get[gender](%s) = %q; want %q", text, s, want)
		}
		if a := mustGet[address](t, PropertyBag{"a": `{"label":` + text + `}`}, "a"); a.Label != want {
			t.Errorf("label %s = %q; want %q", text, a.Label, want)
		}
		if l := mustGet[[]string](t, PropertyBag{"l": "[" + text + "," + text + "]"}, "l"); len(l) != 2 || l[0] != want || l[1] != want {
			t.Errorf("list of %s = %q; want %q twice", text, l, want)
		}
		if m := mustGet[map[string]int](t, PropertyBag{"m": `{` + text + `:1}`}, "m"); m[want] != 1 {
			t.Errorf("map key %s: %v; want %q", text, m, want)
		}
	}
	for _, bad := range []string{`"\x"`, `"\u12"`, `"\u12G4"`, `"\ud800\u12"`, `"\ud800\uZZZZ"`, "\"\x01\"", `"\`, `"abc`, `"\'"`} {
		// (A string type would take it as legacy text.)
		if _, err := Get[[]string](PropertyBag{"s": "[" + bad + "]"}, "s"); !errors.Is(err, ErrDecode) {
			t.Errorf("Get[[]string]([%s]): %v, want ErrDecode", bad, err)
		}
		if s := mustGet[gender](t, PropertyBag{"s": bad}, "s"); string(s) != bad {
			t.Errorf("Get[gender](%s) = %q; want the legacy text as it is", bad, s)
		}
		if _, err := Get[address](PropertyBag{"a": `{"label":` + bad + `}`}, "a"); !errors.Is(err, ErrDecode) {
			t.Errorf("label %s: %v, want ErrDecode", bad, err)
		}
	}
}

// TestEncodeStrings: what Add stores for a string is what encoding/json
// writes, escapes included (the wire format of the bags in etcd).
func TestEncodeStrings(t *testing.T) {
	defaultStrings(t)
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
		must(t, Add(&bag, "s", &s))            // the shortcut for strings
		must(t, Add(&bag, "a", ptrTo[any](s))) // encode, through an interface
		must(t, Add(&bag, "g", ptrTo(gender(s))))
		must(t, Add(&bag, "o", &address{Label: s}))
		stdO, err := json.Marshal(address{Label: s})
		must(t, err)
		for name, want := range map[string]string{"s": string(std), "a": string(std), "g": string(std), "o": string(stdO)} {
			if bag[name] != want {
				t.Errorf("%q stored as %s, encoding/json writes %s", s, bag[name], want)
			}
		}
		if got := mustGet[string](t, bag, "s"); utf8.ValidString(s) && got != s {
			t.Errorf("%q read back as %q", s, got)
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
	targets := []numberTarget{
		numberAs[int](), numberAs[int8](), numberAs[int16](), numberAs[int32](), numberAs[int64](),
		numberAs[uint](), numberAs[uint8](), numberAs[uint16](), numberAs[uint32](), numberAs[uint64](),
		numberAs[float32](), numberAs[float64](), numberAs[*int8](), numberAs[[]uint8x](),
	}
	for _, text := range texts {
		for _, target := range targets {
			got, err := target.get(PropertyBag{"n": text})
			std, stdErr := target.std(text)
			if (err == nil) != (stdErr == nil) {
				t.Errorf("%s into %s: error %v, encoding/json error %v", text, target.name, err, stdErr)
				continue
			}
			if err == nil && !reflect.DeepEqual(got, std) {
				t.Errorf("%s into %s: %v, encoding/json %v", text, target.name, got, std)
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

// numberTarget reads text as one type through Get and through
// encoding/json.
type numberTarget struct {
	name string
	get  func(PropertyBag) (any, error)
	std  func(text string) (any, error)
}

func numberAs[T any]() numberTarget {
	return numberTarget{
		name: reflect.TypeFor[T]().String(),
		get: func(b PropertyBag) (any, error) {
			v, err := Get[T](b, "n")
			if v == nil {
				return nil, err
			}
			return *v, err
		},
		std: func(text string) (any, error) {
			var v T
			err := json.Unmarshal([]byte(text), &v)
			return v, err
		},
	}
}

// TestRemove: Remove deletes exactly the name given, is a no-op for a
// missing name, a nil bag and a nil *PropertyBag, and leaves a bag it
// empties nil.
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
	if bag != nil {
		t.Errorf("Remove of the last value left %#v, want nil", bag)
	}
	var nilBag PropertyBag
	nilBag.Remove("a")
	if nilBag != nil {
		t.Error("Remove allocated a nil bag")
	}
	empty := PropertyBag{}
	empty.Remove("a")
	if empty == nil {
		t.Error("Remove of a missing name changed an empty bag")
	}
	(*PropertyBag)(nil).Remove("a")
}

// TestDeepCopy: nil stays nil, empty stays empty, and copies share nothing,
// for a bag and for Bags.
func TestDeepCopy(t *testing.T) {
	if (PropertyBag)(nil).DeepCopy() != nil || (PropertyBag{}).DeepCopy() == nil {
		t.Error("DeepCopy keeps neither nil nor empty")
	}
	bag := PropertyBag{"a": "1", "b": "2"}
	c := bag.DeepCopy()
	eq(t, c, bag)
	c["a"] = "x"
	delete(c, "b")
	eq(t, bag, PropertyBag{"a": "1", "b": "2"})
	bags := Bags{"spec": {"a": "1"}, "status": nil, "empty": {}}
	out := bags.DeepCopy()
	eq(t, out, bags)
	if out["status"] != nil || out["empty"] == nil {
		t.Errorf("Bags.DeepCopy keeps neither nil nor empty bags: %#v", out)
	}
	out["spec"]["a"] = "changed"
	out["new"] = PropertyBag{}
	eq(t, bags, Bags{"spec": {"a": "1"}, "status": nil, "empty": {}})
	if out := (Bags)(nil).DeepCopy(); out != nil {
		t.Errorf("DeepCopy of nil Bags = %#v", out)
	}
	if out := (Bags{}).DeepCopy(); out == nil {
		t.Error("DeepCopy of empty Bags is nil")
	}
}

// TestPlainString: the shortcut for strings takes only literals whose
// content needs no decoding: valid UTF-8 without escapes or control
// characters.
func TestPlainString(t *testing.T) {
	for text, want := range map[string]bool{
		`"abc"`: true, `""`: true, `"a b~"`: true, `"<&>"`: true,
		`"a\"`: false, `"a\nb"`: false, `"é中"`: true, "\"a\tb\"": false, "\"a\x7f\"": true, "\"a\xffb\"": false, "\"\xe2\x80\"": false, `"a"b"`: false,
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
	eq(t, excerpt(short+"y"), short+"…") // cut at excerptLen bytes exactly
	for pad := range 4 {
		long := strings.Repeat("x", excerptLen-pad) + strings.Repeat("é€😀", 20)
		got := excerpt(long)
		if !utf8.ValidString(got) || !strings.HasSuffix(got, "…") || len(got) > excerptLen+len("…") ||
			!strings.HasPrefix(long, strings.TrimSuffix(got, "…")) || len(got) < excerptLen-3 {
			t.Errorf("excerpt of %d bytes: %q", len(long), got)
		}
	}
}
