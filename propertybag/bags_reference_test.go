package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The reader UnmarshalBags had before it found member names and values
// itself: a json.Decoder reading the text token by token. It is kept here
// as the reference the new reader must agree with (FuzzBagsReaderAgrees).

func referenceUnmarshalBags(text string) (Bags, error) {
	if i := invalidUTF8At(text); i >= 0 {
		return nil, fmt.Errorf("invalid UTF-8 at offset %d", i)
	}
	r := tokenReader{dec: json.NewDecoder(strings.NewReader(text)), bags: Bags{}}
	seen := map[string]bool{} // members of the top level
	err := r.object("the text", func(name string) error {
		if name == verbatimKey || name == base64Key {
			if seen[name] {
				return fmt.Errorf("%s appears twice", name)
			}
			seen[name] = true
			return r.section(name)
		}
		if strings.HasPrefix(name, "$") {
			return fmt.Errorf("unknown member %q (bag names cannot begin with \"$\")", name)
		}
		if seen[name] {
			return fmt.Errorf("bag %q appears twice", name)
		}
		seen[name] = true
		bag := r.bagOf(name)
		return r.object(fmt.Sprintf("bag %q", name), func(key string) error {
			var value json.RawMessage
			if err := r.dec.Decode(&value); err != nil {
				return fmt.Errorf("value %q of bag %q: %w", key, name, describe(err))
			}
			if !nestingWithin(value, maxNesting-bagDepth) {
				return fmt.Errorf("value %q of bag %q: exceeded max depth of %d", key, name, maxNesting)
			}
			return referencePut(bag, name, key, swapped(string(value)))
		})
	})
	if err != nil {
		return nil, err
	}
	if _, err := r.dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("invalid data after top-level value (offset %d)", r.dec.InputOffset())
	}
	return r.bags, nil
}

// tokenReader reads MarshalBags' text into bags.
type tokenReader struct {
	dec  *json.Decoder
	bags Bags
}

// bagOf returns the bag named name, made on first use.
func (r *tokenReader) bagOf(name string) PropertyBag {
	if r.bags[name] == nil {
		r.bags[name] = PropertyBag{}
	}
	return r.bags[name]
}

// put stores value under key in bag, named name; a key may appear once.
func referencePut(bag PropertyBag, name, key, value string) error {
	if _, dup := bag[key]; dup {
		return fmt.Errorf("value %q of bag %q appears twice", key, name)
	}
	bag[key] = value
	return nil
}

// object reads the JSON object next in the text, which what names in
// errors, calling member for each key with the decoder before its value;
// member must read the value.
func (r *tokenReader) object(what string, member func(key string) error) error {
	offset := r.dec.InputOffset()
	tok, err := r.dec.Token()
	if err != nil {
		return describe(err)
	}
	if tok != json.Delim('{') {
		return fmt.Errorf("%s is not a JSON object (offset %d)", what, offset)
	}
	for r.dec.More() {
		tok, err := r.dec.Token()
		if err != nil {
			return describe(err)
		}
		if err := member(tok.(string)); err != nil {
			return err
		}
	}
	_, err = r.dec.Token() // the closing brace
	return describe(err)
}

// section reads the bags under verbatimKey or base64Key: bags of strings,
// with names and values in base64 under base64Key.
func (r *tokenReader) section(section string) error {
	inSection := map[string]bool{}
	encoded := section == base64Key
	return r.object(section, func(name string) error {
		if encoded {
			var err error
			if name, err = unbase64(name); err != nil {
				return fmt.Errorf("bag name under %s: %w", section, err)
			}
		}
		if strings.HasPrefix(name, "$") || inSection[name] {
			return fmt.Errorf("bag %q under %s is reserved or appears twice", name, section)
		}
		inSection[name] = true
		bag := r.bagOf(name)
		return r.object(fmt.Sprintf("bag %q under %s", name, section), func(key string) error {
			if encoded {
				var err error
				if key, err = unbase64(key); err != nil {
					return fmt.Errorf("property name in bag %q under %s: %w", name, section, err)
				}
			}
			tok, err := r.dec.Token()
			s, isString := tok.(string)
			switch {
			case err != nil:
				err = describe(err)
			case !isString:
				err = errors.New("not a string")
			case encoded:
				s, err = unbase64(s)
			}
			if err != nil {
				return fmt.Errorf("value %q of bag %q under %s: %w", key, name, section, err)
			}
			return referencePut(bag, name, key, s)
		})
	})
}

// FuzzBagsReaderAgrees checks that UnmarshalBags accepts exactly the texts
// the token-by-token reference reader accepts, and reads the same bags from
// them.
func FuzzBagsReaderAgrees(f *testing.F) {
	for _, seed := range bagsReaderSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkBagsReaderAgrees(t, text)
	})
}

func checkBagsReaderAgrees(t *testing.T, text string) {
	t.Helper()
	got, err := unmarshalBags(text)
	want, wantErr := referenceUnmarshalBags(text)
	if (err == nil) != (wantErr == nil) {
		t.Fatalf("UnmarshalBags(%q): error %v, the reference reader's %v", text, err, wantErr)
	}
	if diff := cmp.Diff(want, got); err == nil && diff != "" {
		t.Fatalf("UnmarshalBags(%q) (-reference +new):\n%s", text, diff)
	}
}

// bagsReaderSeeds are texts, valid and not, at every place the reader
// decides something.
var bagsReaderSeeds = []string{
	``, ` `, `{}`, ` { } `, `{} x`, `{}}`, `[]`, `"x"`, `{`, `{"spec"`, `{"spec":`, `{"spec":{`, `{"spec":{}`, `{"spec":{},}`,
	`{"spec":{"a":1}}`, `{"spec":{"a":1,"b":"x"},"status":{"c":null}}`, `{"spec" : { "a" : 1 , "b" : [1, {"c":2}] } }`,
	`{"spec":{"a":}}`, `{"spec":{"a":1 2}}`, `{"spec":{"a":tru}}`, `{"spec":{"a":"\u00e9\"<"}}`, `{"spec":{"a\"b":1}}`,
	`{"spec":{"a":"x\`, `{"spec":{"a":"x`, `{"spec":{"a":[1,2}}`, `{"spec":{"a":{"b":1]}}`, `{"spec":{"a":-}}`,
	`{"spec":{"a":1,"a":2}}`, `{"spec":{},"spec":{}}`, `{"$x":{}}`, `{"spec":"x"}`, `{"spec":{1:2}}`, `{spec:{}}`,
	`{"$verbatim":{"spec":{"a":"text"}}}`, `{"$verbatim":{"spec":{"a":1}}}`, `{"$verbatim":{},"$verbatim":{}}`,
	`{"$base64":{"c3BlYw==":{"YQ==":"MQ=="}}}`, `{"$base64":{"!":{}}}`, `{"spec":{"a":1},"$base64":{"c3BlYw==":{"YQ==":"MQ=="}}}`,
	"{\"a\":{\"b\":\"\xff\"}}", "{\"a\":{\"b\":\"\x01\"}}", "{\"a\x01\":{}}", `{"spec":{"a":1e400}}`, `{"spec":{"a":01}}`,
	`{"spec":{"a":` + strings.Repeat("[", 9998) + strings.Repeat("]", 9998) + `}}`,
	`{"spec":{"a":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}}`,
	// Separators JSON does not have.
	`{"spec":{"a"=1}}`, `{"spec"={}}`, `{"spec":{"a":1;"b":2}}`, `{"spec":{"a":1};"status":{}}`, `{"spec":{"a":1}"status":{}}`,
}

// TestBagsReaderAgrees runs the seeds of FuzzBagsReaderAgrees, and a
// sample of texts MarshalBags writes.
func TestBagsReaderAgrees(t *testing.T) {
	for _, text := range bagsReaderSeeds {
		checkBagsReaderAgrees(t, text)
	}
	text, err := MarshalBags(Bags{
		"spec":    {"Name": `"x<y>&\u2028"`, "Obj": `{"a":[1,2,{"b":null}],"c":"\\\""}`, "Legacy": "plain text"},
		"status":  {"N": "-1.5e3", "T": "true"},
		"bad\xff": {"k": "v"},
	})
	if err != nil {
		t.Fatal(err)
	}
	checkBagsReaderAgrees(t, text)
}
