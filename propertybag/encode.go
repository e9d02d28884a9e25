package propertybag

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hubspoke/hubspoke/internal/bagcodec"
)

// encode renders v as the JSON text encoding/json.Marshal produces for
// v.Interface(). Scalars (strings, bools, integers and named types of those
// kinds, such as enums) take a fast path that writes the same bytes without
// encoding/json, and so do the types the decoding plans mark as fast;
// everything else goes through encoding/json, which is also what makes
// struct field order and map key order deterministic. v is taken as a
// reflect.Value so that Stash need not copy the value into an interface.
func encode(v reflect.Value) (string, error) {
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return "null", nil
		}
		v = v.Elem()
	}
	if isPlainScalar(v.Type()) {
		switch v.Kind() {
		case reflect.String:
			return quote(v.String()), nil
		case reflect.Bool:
			return strconv.FormatBool(v.Bool()), nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return strconv.FormatInt(v.Int(), 10), nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return strconv.FormatUint(v.Uint(), 10), nil
		}
	}
	if bagcodec.Mode.Load() != bagcodec.Hand {
		return libEncode(v)
	}
	if info := typeInfoFor(v.Type()); info.fast {
		bp := bufferPool.Get().(*[]byte)
		buf, err := appendValue((*bp)[:0], v, info, 0)
		text := string(buf)
		*bp = buf
		bufferPool.Put(bp)
		if err == nil {
			return text, nil
		}
		if !errors.Is(err, errFallback) {
			return "", err
		}
	}
	data, err := json.Marshal(v.Interface())
	if err != nil {
		return "", err
	}
	return string(data), nil
}

// bufferPool recycles encoding buffers between Stashes.
var bufferPool = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// maxDepth bounds the nesting the fast encoder follows; deeper values (and
// pointer cycles) are left to encoding/json, which reports cycles as errors.
const maxDepth = 1000

// appendValue appends the JSON encoding of v, byte-identical to
// encoding/json for the types the plans mark as fast.
func appendValue(buf []byte, v reflect.Value, info *typeInfo, depth int) ([]byte, error) {
	if !info.fast || depth > maxDepth {
		return buf, errFallback
	}
	switch info.kind {
	case reflect.String:
		return appendJSONString(buf, v.String()), nil
	case reflect.Bool:
		return strconv.AppendBool(buf, v.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(buf, v.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(buf, v.Uint(), 10), nil
	case reflect.Float32, reflect.Float64:
		return appendFloat(buf, v.Float(), info.typ.Bits())
	case reflect.Pointer:
		if v.IsNil() {
			return append(buf, "null"...), nil
		}
		return appendValue(buf, v.Elem(), info.elem, depth+1)
	case reflect.Slice:
		if v.IsNil() {
			return append(buf, "null"...), nil
		}
		buf = append(buf, '[')
		for i := range v.Len() {
			if i > 0 {
				buf = append(buf, ',')
			}
			var err error
			if buf, err = appendValue(buf, v.Index(i), info.elem, depth+1); err != nil {
				return buf, err
			}
		}
		return append(buf, ']'), nil
	case reflect.Map:
		if v.IsNil() {
			return append(buf, "null"...), nil
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		buf = append(buf, '{')
		for i, k := range keys {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendJSONString(buf, k.String())
			buf = append(buf, ':')
			var err error
			if buf, err = appendValue(buf, v.MapIndex(k), info.elem, depth+1); err != nil {
				return buf, err
			}
		}
		return append(buf, '}'), nil
	case reflect.Struct:
		buf = append(buf, '{')
		first := true
		for _, f := range info.fields {
			fv := v.Field(f.index)
			if f.omitEmpty && isEmptyValue(fv) {
				continue
			}
			if !first {
				buf = append(buf, ',')
			}
			first = false
			buf = append(buf, f.key...)
			var err error
			if buf, err = appendValue(buf, fv, f.info, depth+1); err != nil {
				return buf, err
			}
		}
		return append(buf, '}'), nil
	}
	return buf, errFallback
}

// isEmptyValue is the omitempty rule of encoding/json.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// appendFloat formats f as encoding/json does: shortest representation,
// exponent form only for very small or very large magnitudes, and an error
// for NaN and infinities.
func appendFloat(buf []byte, f float64, bits int) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return buf, fmt.Errorf("unsupported value: %s", strconv.FormatFloat(f, 'g', -1, bits))
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) ||
			bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	buf = strconv.AppendFloat(buf, f, format, -1, bits)
	if format == 'e' {
		// Shorten a two-digit negative exponent: 1e-07 becomes 1e-7.
		if n := len(buf); n >= 4 && buf[n-4] == 'e' && buf[n-3] == '-' && buf[n-2] == '0' {
			buf[n-2] = buf[n-1]
			buf = buf[:n-1]
		}
	}
	return buf, nil
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	plainScalarCache  sync.Map // reflect.Type -> bool
)

// isPlainScalar reports whether t is a string, bool or integer kind that
// encoding/json would encode without calling a Marshaler or TextMarshaler.
func isPlainScalar(t reflect.Type) bool {
	if cached, ok := plainScalarCache.Load(t); ok {
		return cached.(bool)
	}
	plain := false
	switch t.Kind() {
	case reflect.String, reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		plain = !hasMarshaler(t)
	}
	plainScalarCache.Store(t, plain)
	return plain
}

const hexDigits = "0123456789abcdef"

// quote returns s as a JSON string literal, as appendJSONString writes it,
// with one allocation when s needs no escapes (the common case).
func quote(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			if bagcodec.Mode.Load() != bagcodec.Hand {
				text, _ := libEncode(reflect.ValueOf(s))
				return text
			}
			return string(appendJSONString(make([]byte, 0, len(s)+8), s))
		}
	}
	return `"` + s + `"`
}

// appendEscapedByte appends the JSON escape of c, an ASCII byte that a
// string literal cannot hold as it is (a quotation mark, a backslash, a
// control character) or that encoding/json escapes (<, >, &).
func appendEscapedByte(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// appendJSONString appends s as a JSON string literal, escaped exactly as
// encoding/json does by default (HTML-safe, U+2028 and U+2029 escaped,
// invalid UTF-8 replaced by U+FFFD).
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = appendEscapedByte(dst, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
