package propertybag

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Members of MarshalBags' output other than bags; bag names must not begin
// with "$". verbatimKey holds the values that are not JSON text, as strings;
// base64Key holds, in base64, the values whose bag name, property name or
// text is not valid UTF-8, which no JSON string can carry.
const (
	verbatimKey = "$verbatim"
	base64Key   = "$base64"
)

// bagsAnnotation is the annotation that carries MarshalBags' text (package
// convert's BagsAnnotation), named in errors so that a reader knows where to
// look.
const bagsAnnotation = "hubspoke.dev/property-bags"

// Bags holds property bags by name. Package convert names each bag of an
// object by its path ("spec", "spec.birthDate", "spec.ports[name=http]"), and
// an API version keeps the bags of its status in a field of this type, so
// that only writers of the status subresource can change them.
//
// +kubebuilder:validation:Type=object
// +kubebuilder:validation:Optional
type Bags map[string]PropertyBag

// DeepCopyInto copies b into *out, as Kubernetes deepcopy code expects.
func (b Bags) DeepCopyInto(out *Bags) {
	if b == nil {
		*out = nil
		return
	}
	c := make(Bags, len(b))
	for name, bag := range b {
		c[name] = bag.Clone()
	}
	*out = c
}

// DeepCopy returns an independent copy of b, as Kubernetes deepcopy code
// expects.
func (b Bags) DeepCopy() Bags {
	var out Bags
	b.DeepCopyInto(&out)
	return out
}

// MarshalBags renders named bags (for example "spec" and "status") as one
// JSON object, with names and keys sorted, in which each bag is an object
// holding its values as the JSON they are, not as strings of JSON:
//
//	{"spec":{"BirthDate":{"year":1928},"MiddleName":"Theodore"}}
//
// The text is therefore shorter than the encoding/json rendering of the
// map, and stays readable when it is itself embedded in JSON (an
// annotation). Names, keys and strings are not HTML-escaped: <, > and &
// are written as they are, so the text is no longer than the values it
// carries, and the escapes Add writes for them (\u003c, six bytes) are
// written as the characters; a value that holds the characters themselves
// has them written as those escapes instead, so that every value still
// comes back byte for byte. Bag names may be any text other than one beginning
// with "$": paths such as `spec.ports[name=http]` or `spec.labels["a b"]`
// come back as they are.
//
// Every value comes back from UnmarshalBags byte for byte:
//
//   - A value that is not JSON text, or has white space around it (legacy
//     text written by Azure Service Operator), is kept apart, verbatim, as a
//     string under "$verbatim" and the bag's name.
//   - A value whose bag name, property name or text is not valid UTF-8
//     (which a JSON string cannot carry, and encoding/json would replace by
//     U+FFFD) is kept under "$base64", with the bag name, the property name
//     and the value each in standard base64.
//
// The text is therefore always valid UTF-8. Empty and nil bags are left
// out: no bag and an empty bag mean the same. A bag name that begins with
// "$" is an error wrapping ErrEncode.
func MarshalBags(bags Bags) (string, error) {
	names := make([]string, 0, len(bags))
	for name, bag := range bags {
		if strings.HasPrefix(name, "$") {
			return "", &bagsError{kind: ErrEncode, cause: fmt.Errorf("bag name %q begins with \"$\", which is reserved", name)}
		}
		if len(bag) > 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	buf := make([]byte, 0, 256)
	buf = append(buf, '{')
	var verbatim, encoded []string // bags holding values kept as strings, in base64
	var scratch [16]string
	for _, name := range names {
		bag := bags[name]
		validName := utf8.ValidString(name)
		open := false
		for _, key := range sortedKeys(bag, scratch[:0]) {
			text := bag[key]
			switch kindOfValue(validName, key, text) {
			case inBase64:
				encoded = appendOnce(encoded, name)
				continue
			case asString:
				verbatim = appendOnce(verbatim, name)
				continue
			}
			if open {
				buf = append(buf, ',')
			} else {
				if len(buf) > 1 {
					buf = append(buf, ',')
				}
				buf = appendAnnotationString(buf, name)
				buf = append(buf, ':', '{')
				open = true
			}
			buf = appendAnnotationString(buf, key)
			buf = append(buf, ':')
			buf = appendSwapped(buf, text)
		}
		if open {
			buf = append(buf, '}')
		}
	}
	if len(encoded) > 0 {
		buf = appendSection(buf, base64Key, encoded, bags, inBase64, scratch[:0])
	}
	if len(verbatim) > 0 {
		buf = appendSection(buf, verbatimKey, verbatim, bags, asString, scratch[:0])
	}
	buf = append(buf, '}')
	return string(buf), nil
}

// How MarshalBags writes a value.
const (
	asJSON   = iota // embedded as the JSON it is
	asString        // under verbatimKey, as a JSON string
	inBase64        // under base64Key, with its bag and property names
)

// kindOfValue tells how MarshalBags writes the value text named key in the
// bag whose name is valid UTF-8 when validName is true.
func kindOfValue(validName bool, key, text string) int {
	if !validName || !utf8.ValidString(key) || !utf8.ValidString(text) {
		return inBase64
	}
	if isJSONTextAt(text, bagDepth) {
		return asJSON
	}
	return asString
}

// appendOnce appends name unless it is already the last element.
func appendOnce(names []string, name string) []string {
	if len(names) == 0 || names[len(names)-1] != name {
		names = append(names, name)
	}
	return names
}

// appendSection appends the member section (verbatimKey or base64Key) of
// MarshalBags' output, holding the values of kind in the named bags.
func appendSection(buf []byte, section string, names []string, bags Bags, kind int, scratch []string) []byte {
	if len(buf) > 1 {
		buf = append(buf, ',')
	}
	buf = appendAnnotationString(buf, section)
	buf = append(buf, ':', '{')
	for i, name := range names {
		if i > 0 {
			buf = append(buf, ',')
		}
		validName := utf8.ValidString(name)
		buf = appendSectionString(buf, name, kind)
		buf = append(buf, ':', '{')
		first := true
		for _, key := range sortedKeys(bags[name], scratch[:0]) {
			text := bags[name][key]
			if kindOfValue(validName, key, text) != kind {
				continue
			}
			if !first {
				buf = append(buf, ',')
			}
			first = false
			buf = appendSectionString(buf, key, kind)
			buf = append(buf, ':')
			buf = appendSectionString(buf, text, kind)
		}
		buf = append(buf, '}')
	}
	return append(buf, '}')
}

// appendSectionString appends s as a JSON string, in base64 for the base64
// section.
func appendSectionString(buf []byte, s string, kind int) []byte {
	if kind != inBase64 {
		return appendAnnotationString(buf, s)
	}
	buf = append(buf, '"')
	buf = base64.StdEncoding.AppendEncode(buf, []byte(s))
	return append(buf, '"')
}

// appendAnnotationString appends s, which must be valid UTF-8, as a JSON
// string literal, escaping only what JSON requires: quotation marks,
// backslashes and control characters. Unlike appendJSONString (what Add
// writes, as encoding/json does), it leaves <, >, & and U+2028/U+2029 as they
// are, so that the text of an annotation is no longer than what it holds.
func appendAnnotationString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// sortedKeys appends the names in bag to keys and sorts them.
func sortedKeys(bag PropertyBag, keys []string) []string {
	for key := range bag {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	return keys
}

// bagDepth is how deeply MarshalBags nests a value: inside the object of
// bags and its bag's object.
const bagDepth = 2

// isJSONText reports whether text is one JSON value with no white space
// around it, so that it can be embedded in JSON as it is and cut out again
// unchanged.
func isJSONText(text string) bool { return isJSONTextAt(text, 0) }

// isJSONTextAt is isJSONText for text that will be embedded depth levels
// deep, so that the whole stays within the nesting JSON readers accept.
func isJSONTextAt(text string, depth int) bool {
	if len(text) >= 2 && text[0] == '"' {
		// The commonest value, a string without escapes, needs one pass.
		for i := 1; i < len(text); i++ {
			switch c := text[i]; {
			case c == '"':
				return i == len(text)-1
			case c == '\\' || c < 0x20:
				i = len(text) // escapes and errors: check it all below
			}
		}
	}
	d := decodeState{s: text, depth: depth}
	return d.skipValue() == nil && d.i == len(text) && text != "" && !isSpace(text[0])
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// bagsError is the error of MarshalBags (wrapping ErrEncode) and
// UnmarshalBags (wrapping ErrDecode). It names the annotation the text
// travels in, so that whoever reads it knows which part of an object is at
// fault.
type bagsError struct {
	kind    error  // ErrEncode or ErrDecode
	cause   error  // what is wrong, and where
	excerpt string // start of the text read; "" when writing
}

// Error says that the property bags annotation is at fault and why; when
// reading, it quotes the start of the text.
func (e *bagsError) Error() string {
	if e.kind == ErrEncode {
		return fmt.Sprintf("propertybag: cannot write the property bags text (the %s annotation): %v", bagsAnnotation, e.cause)
	}
	return fmt.Sprintf("propertybag: the property bags text (the %s annotation) is not valid: %v (text %q)", bagsAnnotation, e.cause, e.excerpt)
}

// Unwrap returns the sentinel and the cause, for errors.Is and errors.As.
func (e *bagsError) Unwrap() []error { return []error{e.kind, e.cause} }

// UnmarshalBags parses text written by MarshalBags, strictly: it must be
// valid UTF-8 and a JSON object of bags, each an object of JSON values, plus
// the optional "$verbatim" object of bags of strings and "$base64" object of
// bags of base64 strings (with base64 names). Each value comes back as the
// text MarshalBags was given. Nothing may appear twice. Anything else is an
// error wrapping ErrDecode that says the property bags annotation
// (hubspoke.dev/property-bags) is at fault, what is wrong and where, and
// quotes the start of the text.
func UnmarshalBags(text string) (Bags, error) {
	bags, err := unmarshalBags(text)
	if err != nil {
		return nil, &bagsError{kind: ErrDecode, cause: err, excerpt: excerpt(text)}
	}
	return bags, nil
}

func unmarshalBags(text string) (Bags, error) {
	if i := invalidUTF8At(text); i >= 0 {
		return nil, fmt.Errorf("invalid UTF-8 at offset %d", i)
	}
	d := decodeState{s: text, depth: bagDepth}
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
	// section reads the bags under verbatimKey or base64Key: bags of
	// strings, with names and values in base64 under base64Key.
	section := func(section string) error {
		inSection := map[string]bool{}
		encoded := section == base64Key
		return d.members(func(name string) error {
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
			if d.s[d.i] != '{' {
				return fmt.Errorf("bag %q under %s is not a JSON object (offset %d)", name, section, d.i)
			}
			bag := bagOf(name)
			return d.members(func(key string) error {
				if encoded {
					var err error
					if key, err = unbase64(key); err != nil {
						return fmt.Errorf("property name in bag %q under %s: %w", name, section, err)
					}
				}
				if d.s[d.i] != '"' {
					return fmt.Errorf("value %q of bag %q under %s is not a string", key, name, section)
				}
				s, err := d.str()
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
	err := d.members(func(name string) error {
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
		if d.s[d.i] != '{' {
			return fmt.Errorf("bag %q is not a JSON object (offset %d)", name, d.i)
		}
		bag := bagOf(name)
		return d.members(func(key string) error {
			start := d.i
			if err := d.skipValue(); err != nil {
				return fmt.Errorf("value %q of bag %q: %w", key, name, err)
			}
			return put(bag, name, key, swapped(d.s[start:d.i]))
		})
	})
	if err != nil {
		return nil, err
	}
	d.skipSpace()
	if d.i < len(d.s) {
		return nil, d.syntaxErr("after top-level value")
	}
	return bags, nil
}

// The values Add writes escape <, > and & (and U+2028, U+2029) as
// encoding/json does, six bytes each. MarshalBags writes those escapes as
// the characters they stand for, so that the annotation is no longer than
// what it holds, and writes those characters where a value has them as
// themselves as escapes, so that UnmarshalBags, doing the same swap, gives
// back every value byte for byte. Only the lower-case escapes Add writes
// are swapped; any other escape is copied as it is.
var swaps = [...]struct{ char, escape string }{
	{"<", `\u003c`}, {">", `\u003e`}, {"&", `\u0026`}, {"\u2028", `\u2028`}, {"\u2029", `\u2029`},
}

// needsSwap reports whether text, valid JSON, may hold anything to swap.
func needsSwap(text string) bool {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\\', '<', '>', '&', 0xE2:
			return true
		}
	}
	return false
}

// swapped returns text with the swaps applied (see swaps): applying it
// twice gives text back.
func swapped(text string) string {
	if !needsSwap(text) {
		return text
	}
	return string(appendSwapped(make([]byte, 0, len(text)), text))
}

// appendSwapped appends text, valid JSON, with the swaps applied.
func appendSwapped(dst []byte, text string) []byte {
	if !needsSwap(text) {
		return append(dst, text...)
	}
	start := 0
next:
	for i := 0; i < len(text); {
		switch text[i] {
		case '\\', '<', '>', '&', 0xE2:
		default:
			i++
			continue
		}
		for _, s := range swaps {
			switch {
			case strings.HasPrefix(text[i:], s.escape):
				dst = append(append(dst, text[start:i]...), s.char...)
				i += len(s.escape)
				start = i
				continue next
			case strings.HasPrefix(text[i:], s.char):
				dst = append(append(dst, text[start:i]...), s.escape...)
				i += len(s.char)
				start = i
				continue next
			}
		}
		if text[i] == '\\' {
			i += 2 // an escape that is not swapped: \\, \", \n, \u00e9, ...
			continue
		}
		i++
	}
	return append(dst, text[start:]...)
}

// unbase64 decodes a name or value of the base64 section.
func unbase64(s string) (string, error) {
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return "", fmt.Errorf("%q is not base64: %w", excerpt(s), err)
	}
	return string(b), nil
}

// invalidUTF8At returns the offset of the first byte of s that is not part
// of valid UTF-8, or -1.
func invalidUTF8At(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// members reads the JSON object at the cursor, calling member for each key
// with the cursor on the first byte of its value; member must consume the
// value.
func (d *decodeState) members(member func(key string) error) error {
	d.skipSpace()
	if d.i >= len(d.s) || d.s[d.i] != '{' {
		if d.i < len(d.s) {
			return fmt.Errorf("%w at offset %d", errNotObject, d.i)
		}
		return d.syntaxErr("")
	}
	d.i++
	d.skipSpace()
	if d.i < len(d.s) && d.s[d.i] == '}' {
		d.i++
		return nil
	}
	for {
		d.skipSpace()
		if d.i >= len(d.s) || d.s[d.i] != '"' {
			return d.syntaxErr("looking for beginning of object key string")
		}
		key, err := d.str()
		if err != nil {
			return err
		}
		d.skipSpace()
		if d.i >= len(d.s) || d.s[d.i] != ':' {
			return d.syntaxErr("after object key")
		}
		d.i++
		d.skipSpace()
		if d.i >= len(d.s) {
			return d.syntaxErr("")
		}
		if err := member(key); err != nil {
			return err
		}
		if end, err := d.listEnd('}', "after object key:value pair"); end || err != nil {
			return err
		}
	}
}

var errNotObject = errors.New("not a JSON object")

// skipValue moves the cursor past one JSON value, checking its syntax as
// encoding/json does.
func (d *decodeState) skipValue() error {
	d.skipSpace()
	if d.i >= len(d.s) {
		return d.syntaxErr("")
	}
	switch c := d.s[d.i]; {
	case c == '{' || c == '[':
		if err := d.nest(); err != nil {
			return err
		}
		err := d.skipComposite(c)
		d.depth--
		return err
	case c == '"':
		return d.skipStr()
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		_, err := d.scanNumber()
		return err
	}
	return d.syntaxErr("looking for beginning of value")
}

// skipComposite moves the cursor past the object or array at the cursor.
func (d *decodeState) skipComposite(c byte) error {
	switch c {
	case '{':
		return d.members(func(string) error { return d.skipValue() })
	default:
		d.i++
		d.skipSpace()
		if d.i < len(d.s) && d.s[d.i] == ']' {
			d.i++
			return nil
		}
		for {
			if err := d.skipValue(); err != nil {
				return err
			}
			if end, err := d.listEnd(']', "after array element"); end || err != nil {
				return err
			}
		}
	}
}
