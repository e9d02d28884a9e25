package propertybag

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/hubspoke/hubspoke/internal/bagcodec"
	"github.com/hubspoke/hubspoke/internal/typename"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// v1Options make go-json-experiment read and write exactly as
// encoding/json does (the stored format's promise); decodeOptions add the
// bag's strictness.
var (
	v1Options     = jsonv1.DefaultOptionsV1()
	decodeOptions = jsonv2.JoinOptions(v1Options, jsonv2.RejectUnknownMembers(true))
)

// libDecode decodes text into dst, a settable zero value, with a library.
func libDecode(text string, dst reflect.Value) error {
	if bagcodec.Mode.Load() == bagcodec.StdLib {
		return decodeStd(text, dst)
	}
	err := jsonv2.Unmarshal([]byte(text), dst.Addr().Interface(), decodeOptions)
	return describe(err)
}

// describe rewrites an unknown-member error as "unknown field "name" for
// T", the wording of the bag's errors; other errors are returned as they are.
func describe(err error) error {
	var serr *jsonv2.SemanticError
	if errors.As(err, &serr) && errors.Is(serr.Err, jsonv2.ErrUnknownName) {
		name := serr.JSONPointer.LastToken()
		t := serr.GoType
		if t != nil {
			return fmt.Errorf("unknown field %q for %s", name, typename.Of(t))
		}
		return fmt.Errorf("unknown field %q", name)
	}
	return err
}

// libEncode renders v as encoding/json.Marshal does, with a library.
func libEncode(v reflect.Value) (string, error) {
	var data []byte
	var err error
	if bagcodec.Mode.Load() == bagcodec.StdLib {
		data, err = json.Marshal(v.Interface())
	} else {
		data, err = jsonv2.Marshal(v.Interface(), v1Options)
	}
	if err != nil {
		return "", err
	}
	return string(data), nil
}

// libIsJSONText is isJSONTextAt with a library.
func libIsJSONText(text string, depth int) bool {
	if text == "" || isSpace(text[0]) || isSpace(text[len(text)-1]) {
		return false
	}
	if bagcodec.Mode.Load() == bagcodec.StdLib {
		return json.Valid([]byte(text)) && nestingOK(text, depth)
	}
	return jsontext.Value(text).IsValid(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)) && nestingOK(text, depth)
}

// nestingOK reports whether valid JSON text, embedded depth levels deep,
// stays within the nesting JSON readers accept. Text shorter than the limit
// cannot nest that deep.
func nestingOK(text string, depth int) bool {
	if len(text) < maxNesting-depth {
		return true
	}
	dec := jsontext.NewDecoder(strings.NewReader(text), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	for {
		if _, err := dec.ReadToken(); err != nil {
			return true
		}
		if dec.StackDepth()+depth > maxNesting {
			return false
		}
	}
}

// libUnmarshalBags is unmarshalBags with go-json-experiment's tokenizer.
func libUnmarshalBags(text string) (Bags, error) {
	if i := invalidUTF8At(text); i >= 0 {
		return nil, fmt.Errorf("invalid UTF-8 at offset %d", i)
	}
	dec := jsontext.NewDecoder(strings.NewReader(text), jsontext.AllowDuplicateNames(true))
	bags := Bags{}
	seen := map[string]bool{} // members of the top level
	bagOf := func(name string) PropertyBag {
		if bags[name] == nil {
			bags[name] = PropertyBag{}
		}
		return bags[name]
	}
	put := func(bag PropertyBag, name, key, value string) error {
		if _, dup := bag[key]; dup {
			return fmt.Errorf("value %q of bag %q appears twice", key, name)
		}
		bag[key] = value
		return nil
	}
	// object reads the object at the decoder's cursor; what names the object in errors.
	object := func(what string, member func(key string) error) error {
		if k := dec.PeekKind(); k != '{' {
			if k == 0 {
				_, err := dec.ReadToken()
				return syntaxError(err)
			}
			return fmt.Errorf("%s is not a JSON object (offset %d)", what, dec.InputOffset())
		}
		if _, err := dec.ReadToken(); err != nil {
			return syntaxError(err)
		}
		for dec.PeekKind() != '}' {
			tok, err := dec.ReadToken()
			if err != nil {
				return syntaxError(err)
			}
			if err := member(tok.String()); err != nil {
				return err
			}
		}
		_, err := dec.ReadToken()
		return syntaxError(err)
	}
	str := func() (string, bool, error) {
		if dec.PeekKind() != '"' {
			_, err := dec.ReadValue()
			return "", false, syntaxError(err)
		}
		tok, err := dec.ReadToken()
		return tok.String(), err == nil, syntaxError(err)
	}
	section := func(section string) error {
		inSection := map[string]bool{}
		encoded := section == base64Key
		return object(section, func(name string) error {
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
			bag := bagOf(name)
			return object(fmt.Sprintf("bag %q under %s", name, section), func(key string) error {
				if encoded {
					var err error
					if key, err = unbase64(key); err != nil {
						return fmt.Errorf("property name in bag %q under %s: %w", name, section, err)
					}
				}
				s, ok, err := str()
				if err == nil && !ok {
					err = errors.New("not a string")
				}
				if err == nil && encoded {
					s, err = unbase64(s)
				}
				if err != nil {
					return fmt.Errorf("value %q of bag %q under %s: %w", key, name, section, err)
				}
				return put(bag, name, key, s)
			})
		})
	}
	err := object("the text", func(name string) error {
		if name == verbatimKey || name == base64Key {
			if seen[name] {
				return fmt.Errorf("%s appears twice", name)
			}
			seen[name] = true
			return section(name)
		}
		if strings.HasPrefix(name, "$") {
			return fmt.Errorf("unknown member %q (bag names cannot begin with \"$\")", name)
		}
		if seen[name] {
			return fmt.Errorf("bag %q appears twice", name)
		}
		seen[name] = true
		bag := bagOf(name)
		return object(fmt.Sprintf("bag %q", name), func(key string) error {
			v, err := dec.ReadValue()
			if err != nil {
				return fmt.Errorf("value %q of bag %q: %w", key, name, syntaxError(err))
			}
			return put(bag, name, key, swapped(string(v)))
		})
	})
	if err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err == nil || !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("invalid data after top-level value (offset %d)", dec.InputOffset())
	}
	return bags, nil
}

// syntaxError words the tokenizer's error for the annotation's errors.
func syntaxError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("unexpected end of JSON input")
	}
	return err
}
