package propertybag

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Most values a generated storage version keeps in a bag are of a few
// simple shapes: structs of strings, integers, booleans and pointers to
// them, a nested bag, lists of those, and Kubernetes' own small types
// (resource.Quantity, metav1.Time). This file reads and writes such values
// without encoding/json, which spends most of its time on a small value in
// setting up and in reflection it repeats for every value.
//
// The rule that keeps it exact: a shape is simple only where encoding/json
// has nothing to decide (no embedded fields, no tag options but omitempty,
// no two fields of one name, no JSON methods but a struct's MarshalJSON on
// the value and UnmarshalJSON on the pointer, which are called as
// encoding/json calls them), and text is read here only where
// encoding/json would read it in the one obvious way (keys that name a
// field exactly, once; strings of valid UTF-8 with escapes JSON has;
// integers that fit). Anything else is left to encoding/json, from the
// start and into a zero value, so that what it accepts, rejects and
// reports is unchanged; so is writing a value whose MarshalJSON fails or
// writes what encoding/json would rewrite. FuzzSimpleAgrees checks both
// directions against encoding/json.

// A shape is how the fast path reads and writes one simple type.
type shape struct {
	kind reflect.Kind
	typ  reflect.Type
	// custom: a type with JSON methods of its own (resource.Quantity,
	// metav1.Time, intstr.IntOrString): MarshalJSON on the value,
	// UnmarshalJSON on the pointer, called as encoding/json calls them.
	custom bool
	elem   *shape  // pointer, slice and map (string values) element
	fields []field // struct fields encoding/json sees, in order
}

// A field is one struct field as encoding/json names it.
type field struct {
	name      string
	index     int
	omitEmpty bool
	shape     *shape
}

// buildShape works out t's shape; types on the way to t (visiting) make a
// recursive type, which is not simple.
func buildShape(t reflect.Type, visiting map[reflect.Type]bool) *shape {
	if visiting[t] {
		return nil
	}
	if t.Kind() != reflect.Pointer && (hasMarshaler(t) || hasUnmarshaler(t)) {
		if t.Kind() == reflect.Struct && t.Implements(marshalerType) && reflect.PointerTo(t).Implements(unmarshalerType) {
			return &shape{kind: t.Kind(), typ: t, custom: true}
		}
		return nil
	}
	visiting[t] = true
	defer delete(visiting, t)
	s := &shape{kind: t.Kind(), typ: t}
	switch t.Kind() {
	case reflect.String, reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return s
	case reflect.Pointer:
		if t.Elem().Kind() == reflect.Pointer {
			return nil
		}
		s.elem = buildShape(t.Elem(), visiting)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil // encoding/json writes []byte in base64
		}
		s.elem = buildShape(t.Elem(), visiting)
	case reflect.Map:
		if t.Key().Kind() != reflect.String || hasMarshaler(t.Key()) || hasUnmarshaler(t.Key()) ||
			t.Elem().Kind() != reflect.String {
			return nil
		}
		s.elem = buildShape(t.Elem(), visiting)
	case reflect.Struct:
		if !structFields(t, s, visiting) {
			return nil
		}
		return s
	default:
		return nil
	}
	if s.elem == nil {
		return nil
	}
	return s
}

// structFields fills s.fields with the fields of struct type t, and
// reports whether t is simple.
func structFields(t reflect.Type, s *shape, visiting map[reflect.Type]bool) bool {
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return false // embedded: encoding/json promotes its fields
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = sf.Name
		}
		if !plainFieldName(name) || (opts != "" && opts != "omitempty") {
			return false
		}
		fs := buildShape(sf.Type, visiting)
		if fs == nil {
			return false
		}
		for _, f := range s.fields {
			if f.name == name {
				return false // encoding/json's rules for two fields of one name
			}
		}
		s.fields = append(s.fields, field{name: name, index: i, omitEmpty: opts == "omitempty", shape: fs})
	}
	return true
}

// plainFieldName reports whether a JSON field name is one encoding/json
// takes as it is and writes without escapes.
func plainFieldName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '$' || c == '-' || c == '.') {
			return false
		}
	}
	return name != ""
}

// decodeSimple decodes text into dst, a settable zero value of simple shape
// s, and reports whether it did; when it did not, dst may hold part of a
// value, and the caller zeroes it and leaves the text to encoding/json.
func decodeSimple(text string, dst reflect.Value, s *shape) bool {
	r := simpleReader{text: text}
	if !r.value(dst, s) {
		return false
	}
	r.space()
	return r.pos == len(text)
}

// simpleReader reads text from pos.
type simpleReader struct {
	text string
	pos  int
}

func (r *simpleReader) space() {
	for r.pos < len(r.text) && isSpace(r.text[r.pos]) {
		r.pos++
	}
}

// literal reads word (null, true, false) if it is next.
func (r *simpleReader) literal(word string) bool {
	if strings.HasPrefix(r.text[r.pos:], word) {
		r.pos += len(word)
		return true
	}
	return false
}

// value reads one value into dst of shape s.
func (r *simpleReader) value(dst reflect.Value, s *shape) bool {
	r.space()
	if r.pos >= len(r.text) {
		return false
	}
	if s.custom {
		return r.custom(dst)
	}
	if r.text[r.pos] == 'n' {
		if !r.literal("null") {
			return false
		}
		// encoding/json sets a pointer, slice or map to nil and leaves
		// anything else as it is: here, zero either way.
		return true
	}
	switch s.kind {
	case reflect.String:
		str, ok := r.str()
		if ok {
			dst.SetString(str)
		}
		return ok
	case reflect.Bool:
		switch {
		case r.literal("true"):
			dst.SetBool(true)
		case r.literal("false"):
		default:
			return false
		}
		return true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(r.integer(), 10, s.typ.Bits())
		if err != nil {
			return false
		}
		dst.SetInt(n)
		return true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		digits := r.integer()
		if strings.HasPrefix(digits, "-") {
			return false
		}
		n, err := strconv.ParseUint(digits, 10, s.typ.Bits())
		if err != nil {
			return false
		}
		dst.SetUint(n)
		return true
	case reflect.Pointer:
		p := reflect.New(s.typ.Elem())
		if !r.value(p.Elem(), s.elem) {
			return false
		}
		dst.Set(p)
		return true
	case reflect.Slice:
		return r.slice(dst, s)
	case reflect.Map:
		return r.stringMap(dst, s)
	case reflect.Struct:
		return r.object(dst, s)
	}
	return false
}

// custom reads the value next in the text into dst, whose pointer has an
// UnmarshalJSON method, by calling it with the value's text, as
// encoding/json does. null (which encoding/json hands to the method too,
// unless a pointer holds the value) and a value the method refuses are left
// to encoding/json.
func (r *simpleReader) custom(dst reflect.Value) bool {
	start := r.pos
	if !r.skip(simpleDepth) {
		return false
	}
	text := r.text[start:r.pos]
	if text == "null" {
		return false
	}
	u, ok := dst.Addr().Interface().(json.Unmarshaler)
	return ok && u.UnmarshalJSON([]byte(text)) == nil
}

// integer returns the integer literal next in the text, or "" when the
// next value is not one: -?(0|[1-9][0-9]*) followed by a delimiter.
func (r *simpleReader) integer() string {
	start, i := r.pos, r.pos
	if i < len(r.text) && r.text[i] == '-' {
		i++
	}
	digits := i
	for i < len(r.text) && '0' <= r.text[i] && r.text[i] <= '9' {
		i++
	}
	if i == digits || (r.text[digits] == '0' && i-digits > 1) {
		return ""
	}
	if i < len(r.text) && !isDelimiter(r.text[i]) {
		return "" // a fraction, an exponent, or not a number at all
	}
	r.pos = i
	return r.text[start:i]
}

func isDelimiter(c byte) bool { return c == ',' || c == '}' || c == ']' || isSpace(c) }

// str reads a string literal whose content is valid UTF-8 and returns its
// content, escapes decoded; a literal with a control character, an escape
// JSON does not have, or an escaped surrogate that is not half of a pair
// (which encoding/json replaces) is not read here.
func (r *simpleReader) str() (string, bool) {
	if r.pos >= len(r.text) || r.text[r.pos] != '"' {
		return "", false
	}
	ascii := true
	for i := r.pos + 1; i < len(r.text); i++ {
		if inString[r.text[i]] {
			continue // the commonest byte: nothing to check
		}
		switch c := r.text[i]; {
		case c == '"':
			s := r.text[r.pos+1 : i]
			if !ascii && !utf8.ValidString(s) {
				return "", false // encoding/json replaces each invalid byte
			}
			r.pos = i + 1
			return s, true
		case c == '\\':
			return r.escaped(i)
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}

// escaped reads the rest of the string literal that begins at r.pos and
// holds its first escape at i.
func (r *simpleReader) escaped(i int) (string, bool) {
	var out strings.Builder
	out.Grow(i - r.pos + 16)
	start := r.pos + 1 // r.text[start:i] is still to be written as it is
	for i < len(r.text) {
		c := r.text[i]
		switch {
		case c == '"':
			out.WriteString(r.text[start:i])
			s := out.String()
			if !utf8.ValidString(s) {
				return "", false
			}
			r.pos = i + 1
			return s, true
		case c < 0x20:
			return "", false
		case c != '\\':
			i++
			continue
		}
		out.WriteString(r.text[start:i])
		if i+1 >= len(r.text) {
			return "", false
		}
		switch e := r.text[i+1]; e {
		case '"', '\\', '/':
			out.WriteByte(e)
		case 'b':
			out.WriteByte('\b')
		case 'f':
			out.WriteByte('\f')
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		case 't':
			out.WriteByte('\t')
		case 'u':
			r1, ok := hex4(r.text, i+2)
			if !ok {
				return "", false
			}
			if utf16.IsSurrogate(r1) {
				r2, ok := hex4(r.text, i+8)
				if !ok || r.text[i+6] != '\\' || r.text[i+7] != 'u' {
					return "", false
				}
				if r1 = utf16.DecodeRune(r1, r2); r1 == utf8.RuneError {
					return "", false
				}
				i += 6
			}
			out.WriteRune(r1)
			i += 4
		default:
			return "", false
		}
		i += 2
		start = i
	}
	return "", false
}

// hex4 returns the rune written as four hexadecimal digits at text[i:].
func hex4(text string, i int) (rune, bool) {
	if i < 0 || i+4 > len(text) {
		return 0, false
	}
	n, err := strconv.ParseUint(text[i:i+4], 16, 16)
	return rune(n), err == nil
}

// next skips white space and reads c if it is next.
func (r *simpleReader) next(c byte) bool {
	r.space()
	if r.pos < len(r.text) && r.text[r.pos] == c {
		r.pos++
		return true
	}
	return false
}

// members reads the members of an object, calling member with each key
// once the key and its colon are read.
func (r *simpleReader) members(member func(key string) bool) bool {
	if !r.next('{') {
		return false
	}
	if r.next('}') {
		return true
	}
	for {
		r.space()
		key, ok := r.str()
		if !ok || !r.next(':') || !member(key) {
			return false
		}
		if r.next('}') {
			return true
		}
		if !r.next(',') {
			return false
		}
	}
}

// object reads an object into dst, a struct of shape s.
func (r *simpleReader) object(dst reflect.Value, s *shape) bool {
	var seen uint64 // fields read, for the first 64; more fields: not read here
	if len(s.fields) > 64 {
		return false
	}
	return r.members(func(key string) bool {
		for i := range s.fields {
			f := &s.fields[i]
			if f.name != key {
				continue
			}
			if seen&(1<<i) != 0 {
				return false // twice: encoding/json's rules
			}
			seen |= 1 << i
			return r.value(dst.Field(f.index), f.shape)
		}
		return false // not exactly a field's name
	})
}

// stringMap reads an object into dst, a map of string values.
func (r *simpleReader) stringMap(dst reflect.Value, s *shape) bool {
	m := reflect.MakeMap(s.typ)
	ok := r.members(func(key string) bool {
		r.space()
		value, ok := r.str()
		if ok {
			m.SetMapIndex(reflect.ValueOf(key).Convert(s.typ.Key()), reflect.ValueOf(value).Convert(s.typ.Elem()))
		}
		return ok
	})
	if ok {
		dst.Set(m)
	}
	return ok
}

// slice reads an array into dst, a slice of shape s.
func (r *simpleReader) slice(dst reflect.Value, s *shape) bool {
	if !r.next('[') {
		return false
	}
	out := reflect.MakeSlice(s.typ, 0, 4)
	if !r.next(']') {
		for {
			out = reflect.Append(out, reflect.Zero(s.typ.Elem()))
			if !r.value(out.Index(out.Len()-1), s.elem) {
				return false
			}
			if r.next(']') {
				break
			}
			if !r.next(',') {
				return false
			}
		}
	}
	dst.Set(out)
	return true
}

// appendSimple appends the JSON encoding/json writes for v, of shape s,
// and reports whether it could: a MarshalJSON method that fails, or writes
// what encoding/json would have to check or rewrite (white space, <, >, &,
// U+2028, U+2029), leaves the whole value to encoding/json.
func appendSimple(buf []byte, v reflect.Value, s *shape) ([]byte, bool) {
	if s.custom {
		return appendCustom(buf, v)
	}
	switch s.kind {
	case reflect.String:
		return appendQuoted(buf, v.String()), true
	case reflect.Bool:
		return strconv.AppendBool(buf, v.Bool()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(buf, v.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(buf, v.Uint(), 10), true
	case reflect.Pointer:
		if v.IsNil() {
			return append(buf, "null"...), true
		}
		return appendSimple(buf, v.Elem(), s.elem)
	case reflect.Slice:
		if v.IsNil() {
			return append(buf, "null"...), true
		}
		buf = append(buf, '[')
		for i := range v.Len() {
			if i > 0 {
				buf = append(buf, ',')
			}
			var ok bool
			if buf, ok = appendSimple(buf, v.Index(i), s.elem); !ok {
				return buf, false
			}
		}
		return append(buf, ']'), true
	case reflect.Map:
		if v.IsNil() {
			return append(buf, "null"...), true
		}
		keys := make([]string, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			keys = append(keys, it.Key().String())
		}
		slices.Sort(keys)
		buf = append(buf, '{')
		for i, k := range keys {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendQuoted(buf, k)
			buf = append(buf, ':')
			buf = appendQuoted(buf, v.MapIndex(reflect.ValueOf(k).Convert(s.typ.Key())).String())
		}
		return append(buf, '}'), true
	default: // reflect.Struct
		buf = append(buf, '{')
		first := true
		for _, f := range s.fields {
			fv := v.Field(f.index)
			if f.omitEmpty && isEmpty(fv) {
				continue
			}
			if !first {
				buf = append(buf, ',')
			}
			first = false
			buf = append(buf, '"')
			buf = append(buf, f.name...)
			buf = append(buf, '"', ':')
			var ok bool
			if buf, ok = appendSimple(buf, fv, f.shape); !ok {
				return buf, false
			}
		}
		return append(buf, '}'), true
	}
}

// appendCustom appends what v's MarshalJSON method writes, when that is
// compact JSON with nothing for encoding/json to escape.
func appendCustom(buf []byte, v reflect.Value) ([]byte, bool) {
	m, ok := v.Interface().(json.Marshaler)
	if !ok {
		return buf, false
	}
	out, err := m.MarshalJSON()
	if err != nil || !compactPlain(out) || !validJSON(string(out)) {
		return buf, false
	}
	return append(buf, out...), true
}

// compactPlain reports whether out holds none of the bytes encoding/json
// rewrites in what a MarshalJSON method writes: white space (outside
// strings) and <, > and & and the first byte of U+2028 and U+2029.
func compactPlain(out []byte) bool {
	for _, c := range out {
		switch c {
		case ' ', '\t', '\r', '\n', '<', '>', '&', 0xE2:
			return false
		}
	}
	return true
}

// isEmpty is encoding/json's test for omitempty, for simple shapes: a
// struct is never empty.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Struct:
		return false
	case reflect.Slice, reflect.Map:
		return v.Len() == 0
	}
	return v.IsZero()
}

// appendQuoted appends s as the JSON string literal encoding/json writes
// for it: <, > and & escaped (\u003c), the control characters as \n, \t
// and the like or \u00XX, U+2028 and U+2029 escaped, and each byte that
// is not valid UTF-8 as \ufffd.
func appendQuoted(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	start := 0 // s[start:i] is still to be appended as it is
	for i := 0; i < len(s); {
		c := s[i]
		if plainASCII[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\b':
				buf = append(buf, '\\', 'b')
			case '\f':
				buf = append(buf, '\\', 'f')
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// simpleDepth is how deeply validJSON follows objects and arrays; deeper
// text is left to encoding/json.
const simpleDepth = 64

// validJSON reports whether text is one JSON value, white space around it
// allowed, that nests objects and arrays at most simpleDepth deep: then
// json.Valid holds for it, and MarshalBags and UnmarshalBags need not ask.
// It reads the text once and allocates nothing.
func validJSON(text string) bool {
	r := simpleReader{text: text}
	if !r.skip(simpleDepth) {
		return false
	}
	r.space()
	return r.pos == len(text)
}

// skip reads one JSON value, checking it, nesting at most depth deep.
func (r *simpleReader) skip(depth int) bool {
	r.space()
	if r.pos >= len(r.text) {
		return false
	}
	switch r.text[r.pos] {
	case '{', '[':
		if depth == 0 {
			return false
		}
		open := r.text[r.pos]
		end := byte('}')
		if open == '[' {
			end = ']'
		}
		r.pos++
		if r.next(end) {
			return true
		}
		for {
			if open == '{' && (!r.skipString() || !r.next(':')) {
				return false
			}
			if !r.skip(depth - 1) {
				return false
			}
			if r.next(end) {
				return true
			}
			if !r.next(',') {
				return false
			}
		}
	case '"':
		return r.skipString()
	case 't':
		return r.literal("true")
	case 'f':
		return r.literal("false")
	case 'n':
		return r.literal("null")
	}
	return r.number()
}

// skipString reads a string literal after any white space, checking its
// escapes (JSON, like encoding/json, does not ask for valid UTF-8).
func (r *simpleReader) skipString() bool {
	r.space()
	if r.pos >= len(r.text) || r.text[r.pos] != '"' {
		return false
	}
	for i := r.pos + 1; i < len(r.text); i++ {
		if inString[r.text[i]] {
			continue // the commonest byte: nothing to check
		}
		switch c := r.text[i]; {
		case c == '"':
			r.pos = i + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			if i+1 >= len(r.text) {
				return false
			}
			switch r.text[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if _, ok := hex4(r.text, i+2); !ok {
					return false
				}
				i += 5
			default:
				return false
			}
		}
	}
	return false
}

// inString tells the ASCII bytes a string literal holds as they are:
// neither a control character, a quotation mark nor a backslash.
var inString = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// number reads a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *simpleReader) number() bool {
	i := r.pos
	digits := func() bool {
		start := i
		for i < len(r.text) && '0' <= r.text[i] && r.text[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(r.text) && r.text[i] == '-' {
		i++
	}
	if i < len(r.text) && r.text[i] == '0' {
		i++
	} else if !digits() {
		return false
	}
	if i < len(r.text) && r.text[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(r.text) && (r.text[i] == 'e' || r.text[i] == 'E') {
		i++
		if i < len(r.text) && (r.text[i] == '+' || r.text[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	r.pos = i
	return true
}
