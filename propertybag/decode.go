package propertybag

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hubspoke/hubspoke/internal/bagcodec"
	"github.com/hubspoke/hubspoke/internal/typename"
)

// decode decodes text into dst, a settable zero value, as described by info,
// the plan for dst's type. The caller has taken care of null (see isNull):
// text here is never the null that reads as nil. On failure dst may hold
// part of a value, which the caller discards. Values of string kind also
// accept legacy text that is not a JSON string literal (see the package
// documentation).
func decode(text string, dst reflect.Value, info *typeInfo) error {
	if info.stringTarget {
		return decodeLegacyString(text, dst, info)
	}
	return decodeJSON(text, dst, info)
}

// decodeJSON decodes text strictly as JSON into dst, a settable zero value,
// with the fast decoder where info allows and encoding/json otherwise.
func decodeJSON(text string, dst reflect.Value, info *typeInfo) error {
	if bagcodec.Mode.Load() != bagcodec.Hand {
		return libDecode(text, dst)
	}
	if info.fast {
		d := decodeState{s: text}
		var err error
		if info.scalar {
			err = d.scalarTop(dst, info)
		} else {
			err = d.top(dst, info)
		}
		if !errors.Is(err, errFallback) {
			return err
		}
		dst.SetZero() // encoding/json merges into what is there
	}
	return decodeStd(text, dst)
}

// isStringTarget reports whether t is a string kind, or pointers to one,
// decoded without a custom unmarshaler.
func isStringTarget(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.String && isPlainScalar(t) && !hasUnmarshaler(t)
}

// isNull reports whether text is the JSON literal null; white space around it
// counts only when exact is false (legacy string text is taken as it is).
func isNull(text string, exact bool) bool {
	if !exact && len(text) > 4 {
		i, j := 0, len(text)
		for i < j && isSpace(text[i]) {
			i++
		}
		for j > i && isSpace(text[j-1]) {
			j--
		}
		text = text[i:j]
	}
	return text == "null"
}

// decodeLegacyString decodes text for a string target: a JSON string literal
// as JSON, a JSON object or array as an error, and any other text (legacy
// text, written unquoted) verbatim.
func decodeLegacyString(text string, dst reflect.Value, info *typeInfo) error {
	if len(text) > 0 && text[0] == '"' {
		if decodeJSON(text, dst, info) == nil {
			return nil // a JSON string literal
		}
		return setVerbatim(text, dst) // begins with a quote, but is not JSON
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

// decodeStd decodes with encoding/json, rejecting unknown fields and
// trailing data. It serves the types the fast decoder does not handle.
func decodeStd(text string, dst reflect.Value) error {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst.Addr().Interface()); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("empty text")
		}
		return err
	}
	if rest := strings.TrimLeft(text[dec.InputOffset():], " \t\r\n"); rest != "" {
		return fmt.Errorf("invalid character %q after top-level value", rest[0])
	}
	return nil
}

// errFallback tells decode to retry with encoding/json.
var errFallback = errors.New("fast decoder does not support this type")

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	typeInfoCache       sync.Map // reflect.Type -> *typeInfo
)

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

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

// typeInfo is the cached decoding plan for one type.
type typeInfo struct {
	typ          reflect.Type
	kind         reflect.Kind
	fast         bool      // the fast decoder handles this type completely
	scalar       bool      // a bool, number or string kind
	stringTarget bool      // see isStringTarget
	elem         *typeInfo // pointer, slice and map element
	fields       []fieldInfo
	exact        map[string]int // JSON name -> index into fields
	folded       map[string]int // folded JSON name -> index into fields
}

type fieldInfo struct {
	index     int
	info      *typeInfo
	key       string // `"name":`, pre-encoded for the encoder
	omitEmpty bool
}

func typeInfoFor(t reflect.Type) *typeInfo {
	if cached, ok := typeInfoCache.Load(t); ok {
		return cached.(*typeInfo)
	}
	info := buildTypeInfo(t, map[reflect.Type]*typeInfo{})
	actual, _ := typeInfoCache.LoadOrStore(t, info)
	return actual.(*typeInfo)
}

// buildTypeInfo builds the plan for t. Types being built further up the
// stack (recursive types) are taken as fast for now; if that guess is wrong
// the decoder meets a non-fast plan at run time and falls back.
func buildTypeInfo(t reflect.Type, building map[reflect.Type]*typeInfo) *typeInfo {
	if info, ok := building[t]; ok {
		return info
	}
	if cached, ok := typeInfoCache.Load(t); ok {
		return cached.(*typeInfo)
	}
	info := &typeInfo{typ: t, kind: t.Kind(), fast: true, stringTarget: isStringTarget(t)}
	building[t] = info
	if hasUnmarshaler(t) || hasMarshaler(t) {
		info.fast = false
		return info
	}
	switch t.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		info.scalar = true
	case reflect.Pointer:
		info.elem = buildTypeInfo(t.Elem(), building)
		info.fast = info.elem.fast
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			info.fast = false // []byte is base64 text
			break
		}
		info.elem = buildTypeInfo(t.Elem(), building)
		info.fast = info.elem.fast
	case reflect.Map:
		if t.Key().Kind() != reflect.String || hasUnmarshaler(t.Key()) {
			info.fast = false
			break
		}
		info.elem = buildTypeInfo(t.Elem(), building)
		info.fast = info.elem.fast
	case reflect.Struct:
		info.fast = buildStructInfo(info, building)
	default: // interfaces, arrays, complex numbers, channels, functions
		info.fast = false
	}
	return info
}

func buildStructInfo(info *typeInfo, building map[reflect.Type]*typeInfo) bool {
	t := info.typ
	info.exact = map[string]int{}
	info.folded = map[string]int{}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous {
			return false // embedded fields follow promotion rules: leave them to encoding/json
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		omitEmpty := false
		for opt := range strings.SplitSeq(opts, ",") {
			switch opt {
			case "string", "omitzero":
				return false
			case "omitempty":
				omitEmpty = true
			}
		}
		if !validTagName(name) {
			name = sf.Name
		}
		if _, dup := info.exact[name]; dup {
			return false // ambiguous names: encoding/json ignores both
		}
		fi := buildTypeInfo(sf.Type, building)
		if !fi.fast {
			return false
		}
		info.exact[name] = len(info.fields)
		if folded := foldName(name); !hasKey(info.folded, folded) {
			info.folded[folded] = len(info.fields) // the first field wins, as in encoding/json
		}
		key := string(appendJSONString(nil, name)) + ":"
		info.fields = append(info.fields, fieldInfo{index: i, info: fi, key: key, omitEmpty: omitEmpty})
	}
	return true
}

// validTagName reports whether a json tag name is usable as written; an
// unusable one means the Go field name is used, as in encoding/json.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) {
			continue
		}
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

// foldName maps a name to a case-insensitive key: ASCII letters upper-cased,
// other runes mapped to the smallest rune of their simple case-folding orbit.
func foldName(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			continue
		}
		smallest := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			smallest = min(smallest, f)
		}
		b.WriteRune(smallest)
	}
	return b.String()
}

// decodeState is a strict JSON decoder over one stored text. It accepts
// exactly the JSON that encoding/json accepts for the supported types and
// produces the same values.
type decodeState struct {
	s     string
	i     int
	depth int // objects and arrays open at the cursor
}

// maxNesting bounds how deeply objects and arrays may nest, as in
// encoding/json, so that hostile text cannot exhaust the stack.
const maxNesting = 10000

// nest enters an object or array; leave it with d.depth--.
func (d *decodeState) nest() error {
	d.depth++
	if d.depth > maxNesting {
		return fmt.Errorf("exceeded max depth of %d at offset %d", maxNesting, d.i)
	}
	return nil
}

func (d *decodeState) top(v reflect.Value, info *typeInfo) error {
	if err := d.value(v, info); err != nil {
		return err
	}
	d.skipSpace()
	if d.i < len(d.s) {
		return d.syntaxErr("after top-level value")
	}
	return nil
}

func (d *decodeState) skipSpace() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decodeState) syntaxErr(where string) error {
	if d.i >= len(d.s) {
		return errors.New("unexpected end of JSON input")
	}
	return fmt.Errorf("invalid character %q %s at offset %d", d.s[d.i], where, d.i)
}

func typeErr(what string, t reflect.Type) error {
	return fmt.Errorf("cannot decode JSON %s into Go value of type %s", what, typename.Of(t))
}

func (d *decodeState) value(v reflect.Value, info *typeInfo) error {
	if !info.fast {
		return errFallback
	}
	d.skipSpace()
	if d.i >= len(d.s) {
		return d.syntaxErr("")
	}
	c := d.s[d.i]
	if c == 'n' {
		if err := d.literal("null"); err != nil {
			return err
		}
		switch info.kind {
		case reflect.Pointer, reflect.Map, reflect.Slice:
			v.SetZero()
		}
		return nil
	}
	if info.kind == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(info.typ.Elem()))
		}
		return d.value(v.Elem(), info.elem)
	}
	switch c {
	case '{':
		if info.kind != reflect.Struct && info.kind != reflect.Map {
			return typeErr("object", info.typ)
		}
		if err := d.nest(); err != nil {
			return err
		}
		err := d.object(v, info)
		d.depth--
		return err
	case '[':
		if info.kind != reflect.Slice {
			return typeErr("array", info.typ)
		}
		if err := d.nest(); err != nil {
			return err
		}
		err := d.array(v, info)
		d.depth--
		return err
	case '"':
		s, err := d.str()
		if err != nil {
			return err
		}
		if info.kind != reflect.String {
			return typeErr("string", info.typ)
		}
		v.SetString(s)
		return nil
	case 't', 'f':
		lit := "true"
		if c == 'f' {
			lit = "false"
		}
		if err := d.literal(lit); err != nil {
			return err
		}
		if info.kind != reflect.Bool {
			return typeErr("bool", info.typ)
		}
		v.SetBool(c == 't')
		return nil
	}
	if c == '-' || ('0' <= c && c <= '9') {
		return d.number(v, info)
	}
	return d.syntaxErr("looking for beginning of value")
}

func (d *decodeState) literal(lit string) error {
	if strings.HasPrefix(d.s[d.i:], lit) {
		d.i += len(lit)
		return nil
	}
	for j := 0; j < len(lit); j++ {
		if d.i+j >= len(d.s) {
			d.i += j
			return d.syntaxErr("")
		}
		if d.s[d.i+j] != lit[j] {
			d.i += j
			return d.syntaxErr("in literal " + lit)
		}
	}
	return nil // unreachable
}

func (d *decodeState) number(v reflect.Value, info *typeInfo) error {
	lit, err := d.scanNumber()
	if err != nil {
		return err
	}
	var sv scalarValue
	if err := sv.parseNumber(lit, info); err != nil {
		return err
	}
	sv.assign(v, info.kind)
	return nil
}

// scalarValue holds a decoded bool, number or string until it is assigned.
type scalarValue struct {
	null bool
	b    bool
	s    string
	i    int64
	u    uint64
	f    float64
}

// parseNumber converts the number literal lit for a destination of info's
// kind.
func (sv *scalarValue) parseNumber(lit string, info *typeInfo) error {
	var err error
	switch info.kind {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		sv.i, err = strconv.ParseInt(lit, 10, info.typ.Bits())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		sv.u, err = strconv.ParseUint(lit, 10, info.typ.Bits())
	case reflect.Float32, reflect.Float64:
		sv.f, err = strconv.ParseFloat(lit, info.typ.Bits())
	default:
		return typeErr("number", info.typ)
	}
	if err != nil {
		return typeErr("number "+lit, info.typ)
	}
	return nil
}

// assign stores the value in v, of the given kind.
func (sv *scalarValue) assign(v reflect.Value, kind reflect.Kind) {
	switch kind {
	case reflect.String:
		v.SetString(sv.s)
	case reflect.Bool:
		v.SetBool(sv.b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(sv.i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(sv.u)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(sv.f)
	}
}

// scalarTop decodes the whole text into v, of a bool, number or string
// kind, and assigns v only once all of the text has been checked, so that
// "42abc" or "4 2" leaves nothing (not 42, not 4) behind.
func (d *decodeState) scalarTop(v reflect.Value, info *typeInfo) error {
	d.skipSpace()
	if d.i >= len(d.s) {
		return d.syntaxErr("")
	}
	var sv scalarValue
	switch c := d.s[d.i]; {
	case c == '"':
		s, err := d.str()
		if err != nil {
			return err
		}
		if info.kind != reflect.String {
			return typeErr("string", info.typ)
		}
		sv.s = s
	case c == 't' || c == 'f':
		lit := "true"
		if c == 'f' {
			lit = "false"
		}
		if err := d.literal(lit); err != nil {
			return err
		}
		if info.kind != reflect.Bool {
			return typeErr("bool", info.typ)
		}
		sv.b = c == 't'
	case c == 'n':
		if err := d.literal("null"); err != nil {
			return err
		}
		sv.null = true
	case c == '-' || '0' <= c && c <= '9':
		lit, err := d.scanNumber()
		if err != nil {
			return err
		}
		if err := sv.parseNumber(lit, info); err != nil {
			return err
		}
	default:
		// An object, an array or no JSON at all: value reports it
		// without assigning anything to a scalar.
		return d.value(v, info)
	}
	d.skipSpace()
	if d.i < len(d.s) {
		return d.syntaxErr("after top-level value")
	}
	if !sv.null {
		sv.assign(v, info.kind)
	}
	return nil
}

// scanNumber reads the JSON number literal at the cursor and returns its
// text.
func (d *decodeState) scanNumber() (string, error) {
	start := d.i
	if d.s[d.i] == '-' {
		d.i++
	}
	if d.i >= len(d.s) {
		return "", d.syntaxErr("in numeric literal")
	}
	switch c := d.s[d.i]; {
	case c == '0':
		d.i++
	case '1' <= c && c <= '9':
		for d.i < len(d.s) && '0' <= d.s[d.i] && d.s[d.i] <= '9' {
			d.i++
		}
	default:
		return "", d.syntaxErr("in numeric literal")
	}
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		if !d.digits() {
			return "", d.syntaxErr("after decimal point in numeric literal")
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if !d.digits() {
			return "", d.syntaxErr("in exponent of numeric literal")
		}
	}
	return d.s[start:d.i], nil
}

func (d *decodeState) digits() bool {
	start := d.i
	for d.i < len(d.s) && '0' <= d.s[d.i] && d.s[d.i] <= '9' {
		d.i++
	}
	return d.i > start
}

// object decodes a JSON object into a struct (rejecting unknown fields) or a
// map with string keys.
func (d *decodeState) object(v reflect.Value, info *typeInfo) error {
	isMap := info.kind == reflect.Map
	if isMap && v.IsNil() {
		v.Set(reflect.MakeMap(info.typ))
	}
	return d.members(func(key string) error {
		if isMap {
			elem := reflect.New(info.typ.Elem()).Elem()
			if err := d.value(elem, info.elem); err != nil {
				return err
			}
			v.SetMapIndex(reflect.ValueOf(key).Convert(info.typ.Key()), elem)
			return nil
		}
		idx, ok := info.exact[key]
		if !ok {
			idx, ok = info.folded[foldName(key)]
		}
		if !ok {
			return fmt.Errorf("unknown field %q for %s", key, typename.Of(info.typ))
		}
		f := info.fields[idx]
		return d.value(v.Field(f.index), f.info)
	})
}

func (d *decodeState) array(v reflect.Value, info *typeInfo) error {
	d.i++ // '['
	d.skipSpace()
	if d.i < len(d.s) && d.s[d.i] == ']' {
		d.i++
		v.Set(reflect.MakeSlice(info.typ, 0, 0))
		return nil
	}
	if v.IsNil() {
		v.Set(reflect.MakeSlice(info.typ, 0, 4))
	}
	// Like encoding/json: reuse the slice's memory, decode into each element
	// in place, and cut the length to the number of elements read.
	n := 0
	for {
		if n >= v.Cap() {
			v.Grow(1)
		}
		if n >= v.Len() {
			v.SetLen(n + 1)
		}
		if err := d.value(v.Index(n), info.elem); err != nil {
			return err
		}
		n++
		if end, err := d.listEnd(']', "after array element"); end || err != nil {
			v.SetLen(n)
			return err
		}
	}
}

// listEnd reads what follows an element of an object or array: a comma
// (more to come) or the closing byte (end is true).
func (d *decodeState) listEnd(closing byte, where string) (end bool, err error) {
	d.skipSpace()
	if d.i >= len(d.s) {
		return false, d.syntaxErr("")
	}
	switch d.s[d.i] {
	case ',':
		d.i++
		return false, nil
	case closing:
		d.i++
		return true, nil
	}
	return false, d.syntaxErr(where)
}

// escapes maps the character after a backslash to the byte it stands for;
// \u escapes are handled apart.
var escapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// str decodes the JSON string literal at the cursor. Invalid UTF-8 and lone
// surrogates become U+FFFD, as in encoding/json.
func (d *decodeState) str() (string, error) {
	d.i++ // opening quote
	start := d.i
	// Fast path: printable ASCII without escapes shares the stored text.
	for d.i < len(d.s) {
		c := d.s[d.i]
		if c == '"' {
			s := d.s[start:d.i]
			d.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
		d.i++
	}
	buf := make([]byte, 0, d.i-start+16)
	buf = append(buf, d.s[start:d.i]...)
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return string(buf), nil
		case c < 0x20:
			return "", d.syntaxErr("in string literal")
		case c == '\\':
			d.i++
			if d.i >= len(d.s) {
				return "", d.syntaxErr("")
			}
			if b := escapes[d.s[d.i]]; b != 0 {
				buf = append(buf, b)
				d.i++
				continue
			}
			switch d.s[d.i] {
			case 'u':
				d.i++
				r, ok := d.hex4()
				if !ok {
					return "", d.syntaxErr("in \\u hexadecimal character escape")
				}
				if utf16.IsSurrogate(r) {
					r2 := utf8.RuneError
					if strings.HasPrefix(d.s[d.i:], `\u`) {
						save := d.i
						d.i += 2
						if lo, ok := d.hex4(); ok {
							if combined := utf16.DecodeRune(r, lo); combined != utf8.RuneError {
								r2 = combined
							} else {
								d.i = save
							}
						} else {
							return "", d.syntaxErr("in \\u hexadecimal character escape")
						}
					}
					r = r2
				}
				buf = utf8.AppendRune(buf, r)
			default:
				return "", d.syntaxErr("in string escape code")
			}
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			d.i++
		default:
			r, size := utf8.DecodeRuneInString(d.s[d.i:])
			buf = utf8.AppendRune(buf, r) // RuneError for invalid bytes
			d.i += size
		}
	}
	return "", d.syntaxErr("")
}

// skipStr moves the cursor past the JSON string literal at the cursor,
// checking it as str does without building its value.
func (d *decodeState) skipStr() error {
	d.i++ // opening quote
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return nil
		case c < 0x20:
			return d.syntaxErr("in string literal")
		case c == '\\':
			d.i++
			if d.i >= len(d.s) {
				return d.syntaxErr("")
			}
			if escapes[d.s[d.i]] != 0 {
				d.i++
				continue
			}
			if d.s[d.i] != 'u' {
				return d.syntaxErr("in string escape code")
			}
			d.i++
			if _, ok := d.hex4(); !ok {
				return d.syntaxErr("in \\u hexadecimal character escape")
			}
		default:
			d.i++
		}
	}
	return d.syntaxErr("")
}

func (d *decodeState) hex4() (rune, bool) {
	if d.i+4 > len(d.s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(d.s[d.i : d.i+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	d.i += 4
	return r, true
}
