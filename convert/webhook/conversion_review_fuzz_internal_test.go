package webhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/types"
	kjson "sigs.k8s.io/json"
)

// The fuzz targets hold the hand-written scanner of conversion_review.go to
// what a JSON decoder reads. Which decoder: parseReview promises
// encoding/json's reading ("a key given twice counts with its last value",
// null leaves a string as it was, a second "request" object fills in the
// first), but matches keys exactly, as the API machinery's decoder
// (sigs.k8s.io/json's case-sensitive Unmarshal) does, where encoding/json
// would also take "APIVERSION" or "\u212aind" (a Kelvin sign) for a field.
// The API server writes its reviews with that machinery's encoder, so with
// the keys exactly as the types name them; the handler decodes the objects
// case-sensitively too. So the targets compare with the case-sensitive
// decoder, which is encoding/json in everything else.

// decodedReview holds what the API machinery's decoder reads of a
// ConversionReview, as apiextensionsv1.ConversionReview names it, but only
// the fields the handler reads, so that a field it skips (a "response"
// that is a number) does not make the decoder refuse text the handler may
// read. The objects are json.RawMessage, not runtime.RawExtension, which
// reads a null object as no text.
type decodedReview struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Request    *struct {
		UID               types.UID         `json:"uid"`
		DesiredAPIVersion string            `json:"desiredAPIVersion"`
		Objects           []json.RawMessage `json:"objects"`
	} `json:"request"`
}

// person is the text of a small Person, as the API server sends it.
const person = `{"apiVersion":"crm.hubspoke.test/v1","kind":"Person","metadata":{"name":"ada","namespace":"engines","uid":"0b6d3c52-8f3e-4d8a-9a57-2f2b0e9f7a11","resourceVersion":"42","generation":3,"creationTimestamp":"2026-01-02T03:04:05Z","labels":{"app":"crm"},"annotations":{"note":"\"quoted\" \u00e9 \ud83d\ude00"}},"spec":{"fullName":"Ada Lovelace","age":36}}`

// reviewText is a ConversionReview asking for objects at desired.
func reviewText(uid, desired string, objects ...string) string {
	return `{"kind":"ConversionReview","apiVersion":"apiextensions.k8s.io/v1","request":{"uid":"` + uid +
		`","desiredAPIVersion":"` + desired + `","objects":[` + strings.Join(objects, ",") + `]}}`
}

// reviewSeeds are the seed corpus of FuzzParseReview.
func reviewSeeds() []string {
	real := reviewText("705ab4f5-6393-11e8-b7cc-42010a800002", "crm.hubspoke.test/v2", person, person)
	seeds := []string{
		real,
		reviewText("none", "crm.hubspoke.test/v2"),
		// Every member the API server may send, in another order, with
		// white space everywhere JSON allows it.
		" \n{ \"request\" : {\t\"objects\" : [ " + person + " ] , \"desiredAPIVersion\" : \"crm.hubspoke.test/v2\" , \"uid\" : \"u\" } ,\r\n\"kind\":\"ConversionReview\",\"apiVersion\":\"apiextensions.k8s.io/v1\", \"response\" : null }\t",
		`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"n","desiredAPIVersion":"crm.hubspoke.test/v2","objects":null}}`,
		`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":null}`,
		`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`,
		`{}`, `null`, ` null `, `[]`, `""`, `0`, ``, `{`, `{"request":{`,
		// Escapes: in keys and values, \u0022 (a quote), surrogate pairs,
		// a lone surrogate, an escaped solidus.
		`{"api\u0056ersion":"apiextensions.k8s.io\/v1","kind":"Conversion\u0052eview","request":{"uid":"a\u0022b\\\"c","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[]}}`,
		`{"request":{"uid":"\ud83d\ude00\ud800\udc00\ud800x\udfff","objects":[{"k":"\u0022]}"}]}}`,
		`{"request":{"uid":"\x","objects":[]}}`,
		`{"request":{"uid":"\u12","objects":[]}}`,
		// Invalid UTF-8 and control characters, in values and keys.
		"{\"kind\":\"Conversion\xffReview\",\"request\":{\"uid\":\"\xc3\x28\",\"desiredAPIVersion\":\"v\xed\xa0\x80\"}}",
		"{\"k\xff\":1,\"request\":{\"uid\":\"a\x01b\"}}",
		"{\"request\":{\"uid\":\"a\tb\"}}",
		// Keys given twice, with null, and a second request.
		`{"kind":"ConversionReview","kind":"Other","request":{"uid":"first","uid":"last","objects":[1],"objects":[2,3]}}`,
		`{"kind":"ConversionReview","kind":null,"request":{"uid":"u","uid":null,"desiredAPIVersion":"v","desiredAPIVersion":null}}`,
		`{"request":{"uid":"first","objects":[{}]},"request":{"desiredAPIVersion":"second"}}`,
		`{"request":{"uid":"first","objects":[{}]},"request":null,"request":{"uid":"third"}}`,
		`{"request":{"objects":[{}]},"request":{"objects":null}}`,
		// Keys in another case, which the handler does not read.
		`{"APIVERSION":"apiextensions.k8s.io/v1","Kind":"ConversionReview","Request":{"UID":"u","objects":[]}}`,
		"{\"\u212aind\":\"ConversionReview\",\"request\":{\"uid\":\"u\"}}",
		// Objects that are not objects, empty ones, misplaced commas.
		`{"request":{"objects":[null,1,-2.5e-3,"s",true,false,[],{}]}}`,
		`{"request":{"objects":[,]}}`, `{"request":{"objects":[1,]}}`, `{"request":{"objects":[1 2]}}`,
		`{"request":{"objects":[{"a":[}]}]}}`, `{"request":{"objects":[{"a":1}}]}}`, `{"request":{"objects":[tru]}}`,
		`{"request":{"objects":{}}}`, `{"request":{"objects":"[]"}}`, `{"request":[]}`, `{"request":"x"}`,
		// Numbers and literals in members the handler skips.
		`{"n":-0,"m":1e400,"o":0.5E+3,"p":-12345678901234567890,"q":[true,false,null],"request":{"x":01}}`,
		`{"n":1.}`, `{"n":.5}`, `{"n":+1}`, `{"n":0x10}`, `{"n":NaN}`, `{"n":nul}`, `{"n":nullx}`, `{"apiVersion":nullx}`,
		// Text after the review, a trailing comma, a missing colon.
		real + `{}`, real + ` x`, `{"kind":"x",}`, `{"kind" "x"}`, `{"kind":"x" "apiVersion":"y"}`,
	}
	// Deep nesting in a skipped member, in an object, and unclosed (the
	// fuzzer is slow on long seeds: TestHostileReviewShapes nests past
	// encoding/json's limit of 10,000).
	deep := strings.Repeat(`[{"a":`, 50) + `1` + strings.Repeat(`}]`, 50)
	seeds = append(seeds,
		`{"extra":`+deep+`,`+real[1:],
		reviewText("deep", "crm.hubspoke.test/v2", `{"apiVersion":"crm.hubspoke.test/v1","kind":"Person","spec":`+deep+`}`),
		`{"extra":`+strings.Repeat(`[`, 100)+`}`)
	// Many empty objects.
	seeds = append(seeds, reviewText("many", "crm.hubspoke.test/v2", strings.Repeat(`{},`, 99)+`{}`))
	// The real review cut short at a few places.
	for _, n := range []int{1, 20, 70, 120, 200, len(real) - 3, len(real) - 1} {
		seeds = append(seeds, real[:n])
	}
	return seeds
}

// FuzzParseReview: parseReview never panics, and reads what the API
// machinery's decoder reads (decodedReview): when that decoder takes text,
// parseReview takes it too, with the same apiVersion, kind, uid,
// desiredAPIVersion and objects (each the same text; both are slices of
// text, so they are compared byte for byte), and a request only when the
// decoder has one. parseReview keeps the objects up to the first that
// typeOf refuses, which fails the review, and counts the rest (Dropped):
// every object it keeps but the last is one typeOf reads, and the last
// too when it dropped none. Whatever parseReview takes is JSON, and the decoder
// takes it, once its objects are: parseReview only finds where each object
// ends (the handler decodes, and so checks, each when it converts it), so
// what it takes with an object that is not JSON is held only to being JSON
// with each object replaced by a number.
//
// Two deliberate differences. The decoder takes the literal null for a
// review (leaving it empty), which parseReview refuses; the handler would
// refuse that review for having no request anyway. And encoding/json
// refuses text nested more than 10,000 deep, counting from the top of the
// review, where parseReview checks each member it skips on its own, and
// the handler each object on its own: so a review whose member or object
// is within the limit, but not the review around it (an object at depth
// 9,998, which the API server embeds three deep), is read, and such text
// (deeper than the limit) is not held to the decoder.
func FuzzParseReview(f *testing.F) {
	for _, seed := range reviewSeeds() {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		var got reviewIn
		err := parseReview(text, &got)
		var want decodedReview
		wantErr := kjson.UnmarshalCaseSensitivePreserveInts(text, &want)
		if depth(text) > 10000 {
			return
		}
		if err != nil {
			if wantErr == nil && strings.Trim(string(text), " \t\r\n") != "null" {
				t.Fatalf("parseReview refuses what the decoder reads as %+v: %v\n%.2000q", want, err, text)
			}
			return
		}
		if got.Request != nil {
			if outside := withoutObjects(text, got.Request.Objects); !json.Valid(outside) {
				t.Fatalf("parseReview reads text that is not JSON around its objects as %+v\n%q\nwith each object 0: %.2000q", got, text, outside)
			}
			for _, o := range got.Request.Objects {
				if !json.Valid(o) {
					return
				}
			}
		}
		if !json.Valid(text) {
			t.Fatalf("parseReview reads text that is not JSON as %+v\n%.2000q", got, text)
		}
		if wantErr != nil {
			t.Fatalf("parseReview reads as %+v text the decoder refuses: %v\n%.2000q", got, wantErr, text)
		}
		if got.APIVersion != want.APIVersion || got.Kind != want.Kind {
			t.Fatalf("parseReview reads apiVersion %q, kind %q; the decoder %q, %q\n%.2000q", got.APIVersion, got.Kind, want.APIVersion, want.Kind, text)
		}
		if (got.Request == nil) != (want.Request == nil) {
			t.Fatalf("parseReview reads request %+v; the decoder %+v\n%.2000q", got.Request, want.Request, text)
		}
		if got.Request == nil {
			return
		}
		g, w := got.Request, want.Request
		if g.UID != w.UID || g.DesiredAPIVersion != w.DesiredAPIVersion || len(g.Objects)+g.Dropped != len(w.Objects) {
			t.Fatalf("parseReview reads uid %q, desiredAPIVersion %q, %d objects and %d dropped; the decoder %q, %q, %d objects\n%.2000q",
				g.UID, g.DesiredAPIVersion, len(g.Objects), g.Dropped, w.UID, w.DesiredAPIVersion, len(w.Objects), text)
		}
		for i, o := range g.Objects {
			_, _, err := typeOf(o)
			if last := i == len(g.Objects)-1; !last && err != nil || last && g.Dropped > 0 && err == nil {
				t.Fatalf("object %d of %d, %d dropped after them: typeOf %v\n%.2000q", i, len(g.Objects), g.Dropped, err, text)
			}
		}
		for i := range g.Objects {
			if !bytes.Equal(g.Objects[i], w.Objects[i]) {
				t.Fatalf("object %d: parseReview reads %q; the decoder %q\n%.2000q", i, g.Objects[i], w.Objects[i], text)
			}
		}
	})
}

// depth returns how deep text nests arrays and objects, at most.
func depth(text []byte) int {
	d, deepest := 0, 0
	s := scanner{text: text}
	for s.i < len(text) {
		switch text[s.i] {
		case '"':
			if !s.skipString() {
				return deepest
			}
			continue
		case '[', '{':
			d++
			deepest = max(deepest, d)
		case ']', '}':
			d--
		}
		s.i++
	}
	return deepest
}

// withoutObjects returns text with each of objects, slices of it in order,
// replaced by 0 (an empty one by nothing): JSON when everything in text but
// the objects is.
func withoutObjects(text []byte, objects [][]byte) []byte {
	var out []byte
	at := 0
	for _, o := range objects {
		start := cap(text) - cap(o) // o is text[start:start+len(o)]
		out = append(out, text[at:start]...)
		if len(o) > 0 {
			out = append(out, '0')
		}
		at = start + len(o)
	}
	return append(out, text[at:]...)
}

// typeSeeds are the seed corpus of FuzzTypeOf.
func typeSeeds() []string {
	seeds := []string{
		person,
		`{"metadata":{"name":"a","annotations":{"kind":"Animal","apiVersion":"x/v1"}},"spec":{"tags":["{","]","\"}"]},"kind":"Person","apiVersion":"crm.hubspoke.test/v1"}`,
		`{"kind":"Per\u0073on","apiVersion":"crm.hubspoke.test\/v1"}`,
		`{"\u006bind":"Person","apiVersion":"v1"}`,
		"{\"kind\":\"P\xffrson\",\"apiVersion\":\"v\xc3\"}",
		"{\"kind\":\"P\u00e9rson\",\"apiVersion\":\"\U0001F600\"}",
		`{"kind":"\ud800","apiVersion":"\udc00\ud83d"}`,
		"{\"kind\":\"a\x01\",\"apiVersion\":\"v\"}",
		`{"kind":"Person","apiVersion":"a/v1","kind":"Team"}`,
		`{"kind":"Person","kind":"Team","apiVersion":"a/v1"}`,
		`{"kind":null,"apiVersion":"a/v1","kind":"Person"}`,
		`{"kind":"Person","apiVersion":"a/v1","kind":null}`,
		`{"kind":"Person","apiVersion":null}`,
		`{"kind":7,"apiVersion":"a/v1"}`,
		`{"kind":"Person"}`, `{"apiVersion":"a/v1"}`, `{}`, `[]`, `null`, `"kind"`, ``, ` `,
		`{"KIND":"Person","ApiVersion":"a/v1"}`,
		`{"kind":"Person" "apiVersion":"a/v1"}`,
		`{"x":,"kind":"Person","apiVersion":"a/v1"}`,
		`{"x":1 2,"kind":"Person","apiVersion":"a/v1"}`,
		`{"x":[}],"kind":"Person","apiVersion":"a/v1"}`,
		`{"x":-0.5e+3,"y":true,"z":null,"kind":"Person","apiVersion":"a/v1"}`,
		`{"kind":"Person","apiVersion":"a/v1",}`,
		`{"kind":"Person","apiVersion":"a/v1"} x`,
		`{"kind":"Person","apiVersion":"a/v1"`,
		`{"kind":"Person","apiVersion":"a/v`,
		`{"kind":"Person","apiVersion":"a\`,
		" \t\n{ \"kind\" : \"Person\" ,\r\n\"apiVersion\" : \"a/v1\" } ",
	}
	seeds = append(seeds, `{"spec":`+strings.Repeat(`{"a":[`, 50)+strings.Repeat(`]}`, 50)+`,"kind":"Person","apiVersion":"a/v1"}`)
	return seeds
}

// FuzzTypeOf: typeOf never panics; on JSON text it reads the top-level
// apiVersion and kind as a decoder reads them, as far as it reads: it
// stops once it has both, and refuses an object where either is not a
// string before that (typeModel). Where that and the decoder differ, one
// of the keys is given twice, which the handler refuses when it has
// decoded the object and finds another apiVersion or kind than typeOf
// read.
func FuzzTypeOf(f *testing.F) {
	for _, seed := range typeSeeds() {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		apiVersion, kind, err := typeOf(text)
		if !json.Valid(text) {
			return
		}
		wantVersion, wantKind, wantOK, twice := typeModel(t, text)
		if (err == nil) != wantOK || err == nil && (apiVersion != wantVersion || kind != wantKind) {
			t.Fatalf("typeOf reads apiVersion %q, kind %q, %v; want %q, %q (read: %v)\n%.2000q", apiVersion, kind, err, wantVersion, wantKind, wantOK, text)
		}
		var decoded struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		if kjson.UnmarshalCaseSensitivePreserveInts(text, &decoded) != nil || err != nil {
			return
		}
		if (apiVersion != decoded.APIVersion || kind != decoded.Kind) && !twice {
			t.Fatalf("typeOf reads apiVersion %q, kind %q; the decoder %q, %q\n%.2000q", apiVersion, kind, decoded.APIVersion, decoded.Kind, text)
		}
	})
}

// typeModel reads the top-level apiVersion and kind of the JSON text with
// encoding/json's tokens, as typeOf should: in order, stopping once it has
// both; ok is false when text is not an object, one of the two is missing,
// or either is not a string before typeOf has both. twice reports whether
// either key is given more than once in the whole object.
func typeModel(t *testing.T, text []byte) (apiVersion, kind string, ok, twice bool) {
	dec := json.NewDecoder(bytes.NewReader(text))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", "", false, false
	}
	var haveVersion, haveKind, failed bool
	seen := map[string]int{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("reading a key of valid JSON: %v", err)
		}
		key := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			t.Fatalf("reading a value of valid JSON: %v", err)
		}
		if key != "apiVersion" && key != "kind" {
			continue
		}
		seen[key]++
		if failed || haveVersion && haveKind {
			continue
		}
		var v string
		if value[0] != '"' || json.Unmarshal(value, &v) != nil {
			failed = true
			continue
		}
		if key == "kind" {
			kind, haveKind = v, true
		} else {
			apiVersion, haveVersion = v, true
		}
	}
	if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) {
		t.Fatalf("reading the end of valid JSON: %v", err)
	}
	return apiVersion, kind, !failed && haveVersion && haveKind, seen["apiVersion"] > 1 || seen["kind"] > 1
}
