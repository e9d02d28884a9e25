package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// throughAPIServer passes the annotation text through JSON as the API server
// does when it stores and serves an object: encoding/json replaces invalid
// UTF-8 by U+FFFD, so only valid UTF-8 comes back as it was.
func throughAPIServer(t *testing.T, text string) string {
	t.Helper()
	data, err := json.Marshal(map[string]string{"hubspoke.dev/property-bags": text})
	must(t, err)
	var back map[string]string
	must(t, json.Unmarshal(data, &back))
	return back["hubspoke.dev/property-bags"]
}

// marshalRoundTrip checks that bags survive MarshalBags, the API server and
// UnmarshalBags byte for byte, and returns the text.
func marshalRoundTrip(t *testing.T, bags Bags) string {
	t.Helper()
	text, err := MarshalBags(bags)
	must(t, err)
	if !utf8.ValidString(text) || !json.Valid([]byte(text)) {
		t.Fatalf("MarshalBags wrote text that is not valid UTF-8 JSON: %q", text)
	}
	if served := throughAPIServer(t, text); served != text {
		t.Fatalf("the API server changes the text %q into %q", text, served)
	}
	back, err := UnmarshalBags(text)
	must(t, err)
	want := Bags{}
	for name, bag := range bags {
		if len(bag) > 0 {
			want[name] = bag
		}
	}
	eq(t, back, want)
	return text
}

// TestMarshalBagsPathNames: bags named by their paths in an object, with
// dots, brackets, quotes, '=' and ',' in them, come back under the same
// names.
func TestMarshalBagsPathNames(t *testing.T) {
	bags := Bags{}
	for _, name := range []string{
		".", "spec", "spec.birthDate", "spec.parts[2]", "spec.parts[2].size", `spec.ports[name=http]`,
		`spec.ports[port=80,protocol=TCP]`, `spec.labels["a b"]`, `spec.zones["eu west"].nodes[0]`,
		`spec.labels["quote\"d"]`, `spec.labels["back\\slash"]`, `spec.labels["<&>"]`, "spec.ключ", "", " ",
		"spec.tab\there", "spec.nl\nhere",
	} {
		bags[name] = PropertyBag{"Name": `"` + strings.ReplaceAll(name, `"`, `'`) + `x"`, "Legacy": "text of " + name}
	}
	text := marshalRoundTrip(t, bags)
	if !strings.Contains(text, `"spec.labels[\"a b\"]":{`) || !strings.Contains(text, `"spec.ports[port=80,protocol=TCP]":{`) {
		t.Errorf("path names not written as plain JSON strings: %s", text)
	}
}

// TestMarshalBagsNoHTMLEscaping (issue 18): the annotation is not
// HTML-escaped, so a value of 50,000 '<' characters takes about 50 KB, not
// six times that, whether it is legacy text or what Add wrote (\u003c,
// six bytes each, in the stored bag), and comes back byte for byte; a value
// stored with the characters themselves comes back so too.
func TestMarshalBagsNoHTMLEscaping(t *testing.T) {
	defaultStrings(t)
	angles := strings.Repeat("<", 50_000)
	text := marshalRoundTrip(t, Bags{"spec": {"Legacy": angles}})
	if len(text) > len(angles)+100 {
		t.Errorf("annotation for a 50,000-byte value is %d bytes", len(text))
	}
	var added PropertyBag
	must(t, Add(&added, "Added", &angles))
	text = marshalRoundTrip(t, Bags{"spec": added})
	if len(text) > len(angles)+100 {
		t.Errorf("annotation for a %d-byte stored value of 50,000 '<' is %d bytes", len(added["Added"]), len(text))
	}
	// Names, keys and verbatim strings keep <, >, & and U+2028/U+2029 as
	// they are; only quotes, backslashes and control characters are escaped.
	text = marshalRoundTrip(t, Bags{`spec.labels["<a&b>"]`: {"k<&>\u2028": "legacy <&> \u2028\u2029 \"q\" \\ \t\x01", "j": `"<raw>"`}})
	want := `{"spec.labels[\"<a&b>\"]":{"j":"\u003craw\u003e"},"$verbatim":{"spec.labels[\"<a&b>\"]":{"k<&>` + "\u2028" +
		`":"legacy <&> ` + "\u2028\u2029" + ` \"q\" \\ \t\u0001"}}}`
	eq(t, text, want)
	// The stored bags (what etcd holds) are unchanged: Add still escapes.
	eq(t, added["Added"][:19], `"\u003c\u003c\u003c`)
	// Every escape that is not one Add writes is copied as it is, and
	// escaped backslashes are not mistaken for escapes.
	for _, v := range []string{`"\u003C \u003E \u0026 x"`, `"\\u003c"`, `"\\\u003c"`, `"\u00e9 \" \\ <"`, `["<", {"k&": "\u2028"}]`, `"  "`} {
		bags := Bags{"spec": {"v": v}}
		marshalRoundTrip(t, bags)
	}
}

// TestMarshalBagsInvalidUTF8: invalid UTF-8 in a bag name, a property name or
// a value (legacy text or JSON) comes back byte for byte, never replaced by
// U+FFFD, and the text itself is valid UTF-8, so that the API server keeps
// it as it is.
func TestMarshalBagsInvalidUTF8(t *testing.T) {
	bags := Bags{
		"spec": {
			"bad\xffname": `"x"`,
			"Legacy":      "caf\xe9 au lait",
			"JSON":        "\"\xff\xfe\"",
			"Object":      "{\"a\":\"\xc3\"}",
			"Good":        `"fine"`,
			"Surrogate":   "\xed\xa0\x80",
		},
		"bad\xfebag": {"k": `1`, "Legacy": "plain", "S": `"s"`},
		"status":     {"Phase": `"Running"`},
	}
	text := marshalRoundTrip(t, bags)
	if strings.Contains(text, "\ufffd") {
		t.Errorf("text holds U+FFFD: %s", text)
	}
	if !strings.Contains(text, `"spec":{"Good":"fine"}`) {
		t.Errorf("valid values are not written as JSON: %s", text)
	}
	// UnmarshalBags rejects invalid UTF-8 and broken base64, naming them.
	for bad, mention := range map[string]string{
		"{\"spec\":{\"a\":\"\xff\"}}":                             "invalid UTF-8 at offset 14",
		`{"$base64":{"c3BlYw==":{"YQ==":"!!"}}}`:                  `value "a" of bag "spec"`,
		`{"$base64":{"c3BlYw==":{"YQ==":"YR=="}}}`:                `value "a" of bag "spec"`, // non-zero padding bits: not strict base64
		"\xff{\"spec\":{}}":                                       "invalid UTF-8 at offset 0",
		`{"$base64":{"c3BlYw":{"YQ==":"YQ=="}}}`:                  "bag name",
		`{"$base64":{"c3BlYw==":{"YQ=":"YQ=="}}}`:                 `property name in bag "spec"`,
		`{"$base64":{"JHNwZWM=":{"YQ==":"YQ=="}}}`:                `bag "$spec"`,
		`{"$base64":{"c3BlYw==":{"YQ==":1}}}`:                     "not a string",
		`{"$base64":{"c3BlYw==":[]}}`:                             "not a JSON object",
		`{"$base64":{},"$base64":{}}`:                             "$base64 appears twice",
		`{"spec":{"a":1},"$base64":{"c3BlYw==":{"YQ==":"MQ=="}}}`: `value "a" of bag "spec" appears twice`,
	} {
		_, err := UnmarshalBags(bad)
		if !errors.Is(err, ErrDecode) || !strings.Contains(err.Error(), mention) {
			t.Errorf("UnmarshalBags(%q) = %v, want ErrDecode mentioning %q", bad, err, mention)
		}
	}
}

// TestUnmarshalBagsErrorsNameTheAnnotation: every error of UnmarshalBags says
// that the property bags annotation is at fault, names it, and says what is
// wrong where; MarshalBags' errors name it too.
func TestUnmarshalBagsErrorsNameTheAnnotation(t *testing.T) {
	for bad, mention := range map[string]string{
		``:                                   "end of JSON input",
		`[]`:                                 "not a JSON object",
		`{"spec":"x"}`:                       `bag "spec" is not a JSON object`,
		`{"spec":{"a":tru}}`:                 `value "a" of bag "spec"`,
		`{"spec":{"a":1,}}`:                  "looking for beginning of object key",
		`{"spec":{"a":1,"a":2}}`:             `value "a" of bag "spec" appears twice`,
		`{"spec":{},"spec":{}}`:              `bag "spec" appears twice`,
		`{"$other":{}}`:                      `unknown member "$other"`,
		`{"$verbatim":{"spec":{"a":1}}}`:     "not a string",
		`{"$verbatim":{"spec":{"a":"x\q"}}}`: `value "a" of bag "spec" under $verbatim`,
		`{} x`:                               "after top-level value",
		// A value cut short: the byte that cut it, or the end of the text.
		`{"spec":{"a":nul}}`:      `value "a" of bag "spec": invalid character '}' in literal null`,
		`{"spec":{"a":1.,"b":2}}`: "invalid character ',' after decimal point",
		`{"spec":{"a":tru`:        `value "a" of bag "spec": unexpected end of JSON input`,
		`{"spec":{"a":-`:          "unexpected end of JSON input",
		`{"spec":{"a":01}}`:       "invalid character '1' after object key:value pair (offset 15)",
		`{"spec":{"a" 1}}`:        `bag "spec", key "a": invalid character '1' after object key`,
		`{"spec":{"a":1 "b":2}}`:  `bag "spec", after the value of "a": invalid character '"'`,
		// Each object names itself: the text, a section, a bag (its name may
		// be empty), a bag of a section.
		`{"spec":{}]`:                          `the text, after the value of "spec"`,
		`{"$verbatim":[]}`:                     `$verbatim is not a JSON object`,
		`{"":[]}`:                              `bag "" is not a JSON object`,
		`{"$base64":{"c3BlYw==":[]}}`:          `bag "spec" under $base64 is not a JSON object`,
		`{"$verbatim":{"spec":{"a":"x" "b"}}}`: `bag "spec" under $verbatim, after the value of "a"`,
	} {
		_, err := UnmarshalBags(bad)
		if !errors.Is(err, ErrDecode) {
			t.Errorf("UnmarshalBags(%q) = %v, want ErrDecode", bad, err)
			continue
		}
		for _, m := range []string{"property bags", "hubspoke.dev/property-bags", mention} {
			if !strings.Contains(err.Error(), m) {
				t.Errorf("UnmarshalBags(%q): error %q does not mention %q", bad, err, m)
			}
		}
	}
	_, err := MarshalBags(Bags{"$spec": {"a": "1"}})
	if !errors.Is(err, ErrEncode) || !strings.Contains(err.Error(), "hubspoke.dev/property-bags") || !strings.Contains(err.Error(), `"$spec"`) {
		t.Errorf("MarshalBags with a bag named $spec: %v", err)
	}
}

// TestMarshalBagsKeyOrder: MarshalBags writes the names of bags and of
// their values in byte order (encoding/json's order for map keys), whatever
// the order of the maps, also for names that agree in their first 8 or 16
// bytes and differ only after them.
func TestMarshalBagsKeyOrder(t *testing.T) {
	names := []string{
		"ResidentialAddressX1", "ResidentialAddressY0", "ResidentialAddress", "ResidentialAddressX0",
		"ResidentialAddressesAndMoreX", "ResidentialAddressesAndMoreW", "ResidentialAddr", "ResidentialAddrt",
		"Z", "A", "ResidentialAddressX10", "ResidentialAddresses",
		"AAAAAAAbZ", "AAAAAAAcA", "BBBBBBBBBBBBBBBbZ", "BBBBBBBBBBBBBBBcA", // differ at byte 7, at byte 15
	}
	bags := Bags{"spec": PropertyBag{}}
	for i, n := range names {
		bags["spec"][n] = strconv.Itoa(i)
		bags["spec.items[name="+n+"]"] = PropertyBag{"x": "1"}
	}
	// The text written by hand, every level sorted with sort.Strings.
	var want strings.Builder
	want.WriteString("{")
	for i, name := range slices.Sorted(maps.Keys(bags)) {
		if i > 0 {
			want.WriteString(",")
		}
		fmt.Fprintf(&want, "%q:{", name)
		for j, key := range slices.Sorted(maps.Keys(bags[name])) {
			if j > 0 {
				want.WriteString(",")
			}
			fmt.Fprintf(&want, "%q:%s", key, bags[name][key])
		}
		want.WriteString("}")
	}
	want.WriteString("}")
	for range 20 { // map order changes from run to run
		text, err := MarshalBags(bags)
		must(t, err)
		if text != want.String() {
			t.Fatalf("MarshalBags:\n%s\nwant\n%s", text, want.String())
		}
	}
}

// TestSortedBagLarge: the radix sort of large bags puts names in byte order,
// names alike in their first sixteen bytes, names that are prefixes of
// others and names with NUL bytes (which pad the integers) included.
func TestSortedBagLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	prefixes := []string{"", "a", "a\x00", "ResidentialAddress", "BBBBBBBBBBBBBBBB", "BBBBBBBBBBBBBBB", "Zz", "é"}
	alphabet := []string{"\x00", "a", "b", "B", "~", "é"}
	for _, n := range []int{radixFrom - 1, radixFrom, 1000, 3000} {
		bag := PropertyBag{}
		for len(bag) < n {
			name := prefixes[rng.IntN(len(prefixes))]
			for range rng.IntN(20) {
				name += alphabet[rng.IntN(len(alphabet))]
			}
			bag[name] = strconv.Itoa(len(bag))
		}
		var s sortedBag
		for range 3 { // reused, as MarshalBags reuses it
			s = s.load(bag)
			var got []string
			for i := range s.order {
				key, text := s.entry(i)
				if bag[key] != text {
					t.Fatalf("%d names: %q holds %q, want %q", n, key, text, bag[key])
				}
				got = append(got, key)
			}
			if want := slices.Sorted(maps.Keys(bag)); !slices.Equal(got, want) {
				t.Fatalf("%d names: not in byte order", n)
			}
		}
	}
}

// TestMarshalBagsAlmostStringLiterals: a value that looks like a JSON
// string but is not one (a lone backslash or quotation mark, a control
// character inside) is kept verbatim and comes back byte for byte; the
// text stays valid JSON.
func TestMarshalBagsAlmostStringLiterals(t *testing.T) {
	bag := PropertyBag{}
	for i, v := range []string{`"\"`, `"""`, "\"\x01\"", `"a\"`, `"\\"`, `""`, `"x y"`} {
		bag[strconv.Itoa(i)] = v
		if got, want := isJSONText(v, 0, nil), json.Valid([]byte(v)); got != want {
			t.Errorf("isJSONText(%q) = %v, encoding/json says %v", v, got, want)
		}
	}
	marshalRoundTrip(t, Bags{"spec": bag})
}

// TestBagsErrorsSayWhichWay: an error reading the text says it is not
// valid, quoting it; an error writing it says it cannot be written.
func TestBagsErrorsSayWhichWay(t *testing.T) {
	_, err := UnmarshalBags(`{"spec":1}`)
	if err == nil || !strings.Contains(err.Error(), `is not valid: bag "spec" is not a JSON object`) || !strings.Contains(err.Error(), `(text "{\"spec\":1}")`) {
		t.Errorf("UnmarshalBags: %v", err)
	}
	_, err = MarshalBags(Bags{"$x": {"a": "1"}})
	if err == nil || !strings.HasPrefix(err.Error(), "propertybag: cannot write the property bags text") {
		t.Errorf("MarshalBags: %v", err)
	}
}

// TestUnmarshalBagsNamesTheCharacter: an unexpected byte is named as
// encoding/json names it (a control character, DEL and the quote escaped),
// and one of a multi-byte character as the character it begins.
func TestUnmarshalBagsNamesTheCharacter(t *testing.T) {
	for text, want := range map[string]string{
		"{\"spec\":{\"a\":1}\x01": `invalid character '\x01' after object key:value pair (offset 15)`,
		"{\"spec\":{\"a\":1}'":    `invalid character '\'' after object key:value pair (offset 15)`,
		"{\"spec\":{\"a\":1}\x7f": `invalid character '\x7f' after object key:value pair (offset 15)`,
		"{\"spec\":{\"a\":1}x":    `invalid character 'x' after object key:value pair (offset 15)`,
		"{\"spec\":{\"a\":1}é":    `invalid character 'é' after object key:value pair (offset 15)`,
		"{\x01":                   `invalid character '\x01' looking for beginning of object key string (offset 1)`,
		`{"spec":{"a":}}`:         `invalid character '}' looking for beginning of value (offset 13)`,
	} {
		_, err := UnmarshalBags(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("UnmarshalBags(%q) = %v, want it to say %s", text, err, want)
		}
	}
}

// TestUnmarshalBagsCutShort: text that ends inside a bag name, a property
// name or a value, escapes included, is an error, never a panic.
func TestUnmarshalBagsCutShort(t *testing.T) {
	full := `{"spec":{"a\"b":{"x":"y\\"}},"$verbatim":{"spec":{"c":"d"}}}`
	for i := range len(full) {
		if _, err := UnmarshalBags(full[:i]); err == nil {
			t.Errorf("UnmarshalBags(%q): no error", full[:i])
		}
	}
	if _, err := UnmarshalBags(full); err != nil {
		t.Fatal(err)
	}
}

// TestMarshalBagsLineSeparators: U+2028 and U+2029, each alone in a
// value, are swapped as <, > and & are: the escape Add writes for one is
// written as the character, the character itself as the escape, and both
// come back byte for byte.
func TestMarshalBagsLineSeparators(t *testing.T) {
	for _, c := range []string{"\u2028", "\u2029"} {
		escape := fmt.Sprintf(`\u%04x`, []rune(c)[0])
		text := marshalRoundTrip(t, Bags{"spec": {"v": `"` + escape + `"`}})
		eq(t, text, `{"spec":{"v":"`+c+`"}}`)
		text = marshalRoundTrip(t, Bags{"spec": {"v": `"` + c + `"`}})
		eq(t, text, `{"spec":{"v":"`+escape+`"}}`)
	}
}

// TestMarshalBagsDeepValues: values nested deeper than the one-pass check
// follows (simpleDepth), which encoding/json checks, are embedded as JSON,
// each checked on its own: several in one text, in one bag or in two.
func TestMarshalBagsDeepValues(t *testing.T) {
	deep := strings.Repeat("[", simpleDepth+1) + strings.Repeat("]", simpleDepth+1)
	deeper := strings.Repeat(`{"a":`, simpleDepth+2) + "1" + strings.Repeat("}", simpleDepth+2)
	bags := Bags{"spec": {"a": deep, "b": deeper, "c": deep}, "status": {"d": deeper}}
	text := marshalRoundTrip(t, bags)
	if strings.Contains(text, verbatimKey) {
		t.Errorf("values nested %d deep are kept verbatim, not embedded: %.300s", simpleDepth+1, text)
	}
}

// TestUnmarshalBagsSpaceAfterDeepValue: white space after a value that the
// one-pass check does not follow (nested past simpleDepth), as a hand-edited
// annotation may hold, is not part of the value.
func TestUnmarshalBagsSpaceAfterDeepValue(t *testing.T) {
	deep := strings.Repeat("[", simpleDepth+1) + strings.Repeat("]", simpleDepth+1)
	for _, text := range []string{
		`{"spec":{"v":` + deep + ` }}`,
		`{"spec":{"v":` + deep + "\n, \"w\":1}}",
	} {
		bags, err := UnmarshalBags(text)
		must(t, err)
		if got := bags["spec"]["v"]; got != deep {
			t.Errorf("UnmarshalBags(%.40q...): value %q... of %d bytes, want %d bytes", text, got[max(0, len(got)-4):], len(got), len(deep))
		}
	}
}

// TestBagsErrorUnwrapsTheCause: an error of UnmarshalBags yields what
// encoding/json reported about a value, as well as ErrDecode.
func TestBagsErrorUnwrapsTheCause(t *testing.T) {
	_, err := UnmarshalBags(`{"spec":{"a":tru}}`)
	var syntax *json.SyntaxError
	if !errors.Is(err, ErrDecode) || !errors.As(err, &syntax) {
		t.Errorf("UnmarshalBags of tru: %v does not unwrap to ErrDecode and a *json.SyntaxError", err)
	}
}
