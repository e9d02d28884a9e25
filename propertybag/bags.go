package propertybag

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// verbatimKey names the member of MarshalBags' output that holds the values
// that are not JSON text, as strings. Bag names must not begin with "$".
const verbatimKey = "$verbatim"

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

// MarshalBags renders named bags (for example "spec" and "status") as one
// JSON object, with names and keys sorted, in which each bag is an object
// holding its values as the JSON they are, not as strings of JSON:
//
//	{"spec":{"BirthDate":{"year":1928},"MiddleName":"Theodore"}}
//
// The text is therefore shorter than the encoding/json rendering of the
// map, and stays readable when it is itself embedded in JSON (an
// annotation). A value that is not JSON text, or has white space around
// it (legacy text written by Azure Service Operator), is kept apart,
// verbatim, as a string under "$verbatim" and the bag's name, so that
// UnmarshalBags returns every value byte for byte. Empty and nil bags are
// left out: no bag and an empty bag mean the same. A bag name that begins
// with "$" is an error.
func MarshalBags(bags Bags) (string, error) {
	names := make([]string, 0, len(bags))
	for name, bag := range bags {
		if strings.HasPrefix(name, "$") {
			return "", fmt.Errorf("propertybag: marshalling bags: bag name %q begins with \"$\", which is reserved", name)
		}
		if len(bag) > 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	buf := make([]byte, 0, 256)
	buf = append(buf, '{')
	var verbatim []string // bags holding values that are not JSON
	var scratch [16]string
	for i, name := range names {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendJSONString(buf, name)
		buf = append(buf, ':', '{')
		first := true
		for _, key := range sortedKeys(bags[name], scratch[:0]) {
			text := bags[name][key]
			if !isJSONTextAt(text, bagDepth) {
				if len(verbatim) == 0 || verbatim[len(verbatim)-1] != name {
					verbatim = append(verbatim, name)
				}
				continue
			}
			if !first {
				buf = append(buf, ',')
			}
			first = false
			buf = appendJSONString(buf, key)
			buf = append(buf, ':')
			buf = append(buf, text...)
		}
		buf = append(buf, '}')
	}
	if len(verbatim) > 0 {
		if len(names) > 0 {
			buf = append(buf, ',')
		}
		buf = appendJSONString(buf, verbatimKey)
		buf = append(buf, ':', '{')
		for i, name := range verbatim {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendJSONString(buf, name)
			buf = append(buf, ':', '{')
			first := true
			for _, key := range sortedKeys(bags[name], scratch[:0]) {
				if text := bags[name][key]; !isJSONTextAt(text, bagDepth) {
					if !first {
						buf = append(buf, ',')
					}
					first = false
					buf = appendJSONString(buf, key)
					buf = append(buf, ':')
					buf = appendJSONString(buf, text)
				}
			}
			buf = append(buf, '}')
		}
		buf = append(buf, '}')
	}
	buf = append(buf, '}')
	return string(buf), nil
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

// UnmarshalBags parses text written by MarshalBags, strictly: it must be a
// JSON object of bags, each an object of JSON values, plus the optional
// "$verbatim" object of bags of strings. Each value comes back as the text
// MarshalBags was given. Anything else is an error wrapping ErrDecode that
// quotes the start of the text.
func UnmarshalBags(text string) (Bags, error) {
	bags, err := unmarshalBags(text)
	if err != nil {
		return nil, fmt.Errorf("propertybag: %w: %w (text %q)", ErrDecode, err, excerpt(text))
	}
	return bags, nil
}

func unmarshalBags(text string) (Bags, error) {
	d := decodeState{s: text, depth: bagDepth}
	bags := Bags{}
	seen := map[string]bool{} // members of the top level and of $verbatim
	bagOf := func(name string) PropertyBag {
		if bags[name] == nil {
			bags[name] = PropertyBag{}
		}
		return bags[name]
	}
	bagNamed := func(name string) (PropertyBag, error) {
		if strings.HasPrefix(name, "$") {
			return nil, fmt.Errorf("unknown member %q", name)
		}
		if seen[name] {
			return nil, fmt.Errorf("bag %q appears twice", name)
		}
		seen[name] = true
		return bagOf(name), nil
	}
	put := func(bag PropertyBag, name, key, value string) error {
		if _, dup := bag[key]; dup {
			return fmt.Errorf("value %q of bag %q appears twice", key, name)
		}
		bag[key] = value
		return nil
	}
	err := d.members(func(name string) error {
		if name == verbatimKey {
			if seen[name] {
				return fmt.Errorf("%s appears twice", verbatimKey)
			}
			seen[name] = true
			verbatim := map[string]bool{}
			return d.members(func(name string) error {
				if strings.HasPrefix(name, "$") || verbatim[name] {
					return fmt.Errorf("bag %q under %s is reserved or appears twice", name, verbatimKey)
				}
				verbatim[name] = true
				bag := bagOf(name)
				return d.members(func(key string) error {
					if d.s[d.i] != '"' {
						return fmt.Errorf("value %q of bag %q under %s is not a string", key, name, verbatimKey)
					}
					s, err := d.str()
					if err != nil {
						return err
					}
					return put(bag, name, key, s)
				})
			})
		}
		bag, err := bagNamed(name)
		if err != nil {
			return err
		}
		return d.members(func(key string) error {
			start := d.i
			if err := d.skipValue(); err != nil {
				return err
			}
			return put(bag, name, key, d.s[start:d.i])
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
		_, err := d.str()
		return err
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
