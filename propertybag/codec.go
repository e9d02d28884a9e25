package propertybag

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// The bag's JSON is encoding/json's: Add writes what json.Marshal writes,
// and Pull and Get read with a json.Decoder that disallows unknown fields
// and trailing data. What this file adds is the bag's own rules (nil for
// null, legacy strings, a failed read returning nothing) and shortcuts for
// the commonest values, strings, integers and bools, and values of simple
// shape (simple.go), which need neither encoder nor decoder (the shortcuts
// give encoding/json's bytes and values; FuzzQuote, FuzzScalarReadAgrees
// and FuzzSimpleAgrees check them against it).

// decode decodes text into dst, a settable zero value of type t. The caller
// has taken care of null (see isNull): text here is never the null that
// reads as nil. On failure dst may hold part of a value, which the caller
// discards. Values of string kind also accept legacy text that is not a
// JSON string literal (see the package documentation).
func decode(text string, dst reflect.Value, plan *typePlan) error {
	if plan.stringTarget {
		return decodeLegacyString(text, dst)
	}
	if plan.shape != nil {
		if decodeSimple(text, dst, plan.shape) {
			return nil
		}
		dst.SetZero() // encoding/json reads it from the start
	}
	return decodeJSON(text, dst)
}

// decodeJSON decodes text strictly as JSON into dst: invalid JSON, trailing
// data, a value of the wrong shape and an object key the struct has no field
// for are errors.
func decodeJSON(text string, dst reflect.Value) error {
	d := decoders.Get().(*decoder)
	reusable, err := d.decode(text, dst.Addr().Interface())
	if reusable && len(text) <= largestPooledText {
		decoders.Put(d)
	}
	return err
}

// A decoder is a json.Decoder that disallows unknown fields, with the
// reader it reads from, kept in a pool, so that reading a value does not
// make a json.Decoder and its buffer (nor json.Unmarshal's state), a large
// part of the time of decoding a small struct. It reads one text after
// another. A json.Decoder keeps no state from one value to the next once a
// value has been read whole with nothing left after it, and it takes the
// end of its reader for an error only when a value is cut short; a decoder
// is reused only after such a read (see decode). Its buffer is reused too:
// an UnmarshalJSON or UnmarshalText method that keeps the bytes it is given
// after it returns, which encoding/json forbids, would see them change.
type decoder struct {
	dec  *json.Decoder
	in   textReader
	base int64 // the decoder's input offset where the current text begins
}

// largestPooledText is the longest text after which a decoder is kept: the
// json.Decoder's buffer grows to the size of the longest value it read.
const largestPooledText = 64 << 10

var decoders = sync.Pool{New: func() any {
	d := &decoder{}
	d.dec = json.NewDecoder(&d.in)
	d.dec.DisallowUnknownFields()
	return d
}}

// decode decodes text into v, and reports whether the decoder may be used
// again: only when it read exactly text, a value that ends where text ends.
func (d *decoder) decode(text string, v any) (reusable bool, err error) {
	d.in.text = text
	if err := d.dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return false, errors.New("empty text")
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// The json.Decoder counts the bytes of every text it read.
			relative := *se
			relative.Offset -= d.base
			err = &relative
		}
		return false, describe(err)
	}
	end := d.dec.InputOffset() - d.base
	if rest := strings.TrimLeft(text[end:], " \t\r\n"); rest != "" {
		return false, fmt.Errorf("invalid character %q after top-level value", rest[0])
	}
	// White space after the value (which Add never writes) may wait in
	// the json.Decoder's buffer: then the decoder is not reused.
	d.base += end
	return end == int64(len(text)), nil
}

// textReader reads one text after another; Read reports the end of each
// (io.EOF) and reads the next text once it is set.
type textReader struct{ text string }

func (r *textReader) Read(p []byte) (int, error) {
	if r.text == "" {
		return 0, io.EOF
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

// describe calls the end of the text that, where encoding/json's error
// says EOF.
func describe(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("unexpected end of JSON input")
	}
	return err
}

// typePlan is what reading and writing a type needs to know about it, found
// once per type.
type typePlan struct {
	stringTarget bool // a string kind or pointers to one, without custom unmarshaling: legacy text reads
	verbatim     bool // a string kind without custom marshaling or unmarshaling: ASO's string format applies
	// byPointer: a slice or map kind without custom marshaling, which
	// encoding/json writes through a pointer to it exactly as it writes the
	// value (its elements are addressable, or not, either way), so that
	// Add need not copy it into an interface.
	byPointer bool
	// shape: a type of simple shape (see simple.go: strings, bools and
	// integers without JSON methods, and structs, slices, maps and
	// pointers of such), read and written without encoding/json; nil
	// otherwise.
	shape *shape
}

var typePlans sync.Map // reflect.Type -> *typePlan

func planFor(t reflect.Type) *typePlan {
	if p, ok := typePlans.Load(t); ok {
		return p.(*typePlan)
	}
	p := &typePlan{stringTarget: isStringTarget(t)}
	p.verbatim = p.stringTarget && t.Kind() == reflect.String
	p.byPointer = (t.Kind() == reflect.Slice || t.Kind() == reflect.Map) && !hasMarshaler(t)
	p.shape = buildShape(t, map[reflect.Type]bool{})
	actual, _ := typePlans.LoadOrStore(t, p)
	return actual.(*typePlan)
}

// isStringTarget reports whether t is a string kind, or pointers to one,
// decoded without a custom unmarshaler.
func isStringTarget(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.String && !hasMarshaler(t) && !hasUnmarshaler(t)
}

var (
	marshalerType       = reflect.TypeFor[json.Marshaler]()
	textMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func hasMarshaler(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(marshalerType) || pt.Implements(marshalerType) ||
		t.Implements(textMarshalerType) || pt.Implements(textMarshalerType)
}

func hasUnmarshaler(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(unmarshalerType) || pt.Implements(unmarshalerType) ||
		t.Implements(textUnmarshalerType) || pt.Implements(textUnmarshalerType)
}

// isNull reports whether text is the JSON literal null; white space around it
// counts only when exact is false (legacy string text is taken as it is).
func isNull(text string, exact bool) bool {
	if !exact && len(text) > 4 {
		text = strings.Trim(text, " \t\r\n")
	}
	return text == "null"
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// decodeLegacyString decodes text for a string target: a JSON string literal
// (text that begins and ends with a double quote and is valid JSON) as JSON,
// a JSON object or array as an error, and any other text (legacy text,
// written unquoted) verbatim. Text such as `"a" ` or `"a"` and a newline,
// which encoding/json would read as a, is legacy text: it does not end with
// a quote.
func decodeLegacyString(text string, dst reflect.Value) error {
	if n := len(text); n >= 2 && text[0] == '"' && text[n-1] == '"' {
		r := simpleReader{text: text}
		if s, ok := r.str(); ok && r.pos == n {
			return setVerbatim(s, dst) // a literal encoding/json reads as s
		}
		if json.Unmarshal([]byte(text), dst.Addr().Interface()) == nil {
			return nil // a JSON string literal
		}
		dst.SetZero()
		return setVerbatim(text, dst) // quoted, but not JSON: "a" "b", "a\"
	}
	trimmed := strings.TrimSpace(text)
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') && json.Valid([]byte(trimmed)) {
		kind := "an object"
		if trimmed[0] == '[' {
			kind = "an array"
		}
		return fmt.Errorf("stored value is %s, not a string", kind)
	}
	return setVerbatim(text, dst)
}

// setVerbatim stores legacy (unquoted) text as it is.
func setVerbatim(text string, dst reflect.Value) error {
	for dst.Kind() == reflect.Pointer {
		dst.Set(reflect.New(dst.Type().Elem()))
		dst = dst.Elem()
	}
	dst.SetString(text)
	return nil
}

// encode renders v as the JSON text encoding/json.Marshal produces for
// v.Interface(): a value of simple shape by appendSimple (a short one put
// together on the stack and copied once), anything else by encoding/json.
func encode(v reflect.Value) (string, error) {
	if s := planFor(v.Type()).shape; s != nil {
		switch s.kind { // no copy, and no allocation at all for these:
		case reflect.Bool:
			return strconv.FormatBool(v.Bool()), nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return strconv.FormatInt(v.Int(), 10), nil // from 0 to 99
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			return strconv.FormatUint(v.Uint(), 10), nil
		}
		var short [256]byte // most values fit: their text is then the one allocation
		if text, ok := appendSimple(short[:0], v, s); ok {
			return string(text), nil
		}
	}
	var value any
	if k := v.Kind(); (k == reflect.Slice || k == reflect.Map) && v.CanAddr() && planFor(v.Type()).byPointer {
		value = v.Addr().Interface()
	} else {
		value = v.Interface()
	}
	e := encoders.Get().(*encoder)
	e.buf.Reset()
	if err := e.enc.Encode(value); err != nil {
		return "", err // the encoder is not reused
	}
	text := string(bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'}))
	if e.buf.Cap() <= largestPooledText {
		encoders.Put(e)
	}
	return text, nil
}

// An encoder is a json.Encoder with the buffer it writes to, kept in a pool
// with its buffer, so that an Add makes neither (json.Marshal would make a
// copy of what it wrote as well). It writes what json.Marshal writes, and a
// newline after it. An encoder whose buffer grew past largestPooledText is
// not kept.
type encoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var encoders = sync.Pool{New: func() any {
	e := &encoder{}
	e.enc = json.NewEncoder(&e.buf)
	return e
}}

// quote returns s as the JSON string literal encoding/json writes for it
// (see appendQuoted). A short string is put together on the stack and
// copied once.
func quote(s string) string {
	var short [64]byte
	if len(s)+2 <= len(short) {
		// Most strings need no escape: copy them while checking, and
		// quote them again with escapes at the first byte that needs one.
		short[0] = '"'
		for i := 0; i < len(s); i++ {
			if !plainASCII[s[i]] {
				return string(appendQuoted(short[:0], s))
			}
			short[i+1] = s[i]
		}
		short[len(s)+1] = '"'
		return string(short[:len(s)+2])
	}
	return string(appendQuoted(make([]byte, 0, len(s)+len(s)/8+2), s))
}
