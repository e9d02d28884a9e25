package genruntime

import (
	"fmt"
	"reflect"
	"strconv"
)

// ConvertPointer converts *p into a new D with convert. A nil p gives
// (nil, nil) and convert is not called. convert gets a zero *D to fill in and
// must not modify *S. If convert fails, the result is (nil, err), with convert's
// error returned as it is.
//
// This matches the shape of generated conversion methods, for example
//
//	dst, err := genruntime.ConvertPointer(src.Address, (*v3.Address).AssignToStorage)
//
// where AssignToStorage is func(*v3.Address, *v3storage.Address) error in
// method-expression form.
func ConvertPointer[S, D any](p *S, convert func(*S, *D) error) (*D, error) {
	if p == nil {
		return nil, nil
	}
	var d D
	if err := convert(p, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// ConvertSlice converts each element of s into a D with convert. A nil s gives
// nil. An empty, non-nil s gives an empty, non-nil slice. convert gets a
// pointer to the source element (which it must not modify) and a pointer to
// a zero D to fill in.
//
// Conversion stops at the first failure. The result is then nil and an
// error "element <i>: <cause>" that wraps the cause.
func ConvertSlice[S, D any](s []S, convert func(*S, *D) error) ([]D, error) {
	if s == nil {
		return nil, nil
	}
	out := make([]D, len(s))
	for i := range s {
		if err := convert(&s[i], &out[i]); err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
	}
	return out, nil
}

// ConvertMap converts each value of m into a D with convert, under the same
// key. A nil m gives nil. An empty, non-nil m gives an empty, non-nil map.
// convert gets a pointer to a copy of the source value and a pointer to a
// zero D to fill in.
//
// On failure the result is nil and an error `key <k>: <cause>` that wraps the
// cause. String keys are quoted, as with %q, and other keys are printed with %v.
// Go randomises map iteration order, but the error must not change from one
// call to the next, because conversion errors end up in status conditions and
// a changing message makes pointless updates. So every value is converted,
// and if several fail, the error names the least failing key. Numbers and
// strings are ordered by value. Other keys are ordered by their %v text.
// Keys of an interface type that hold values of different dynamic types (or
// nil) are ordered by their types first.
func ConvertMap[K comparable, S, D any](m map[K]S, convert func(*S, *D) error) (map[K]D, error) {
	if m == nil {
		return nil, nil
	}
	out := make(map[K]D, len(m))
	var (
		failKey K
		failErr error
	)
	for k, s := range m {
		var d D
		if err := convert(&s, &d); err != nil {
			if failErr == nil || keyLess(k, failKey) {
				failKey, failErr = k, err
			}
			continue
		}
		if failErr == nil {
			out[k] = d
		}
	}
	if failErr != nil {
		return nil, fmt.Errorf("key %s: %w", formatKey(failKey), failErr)
	}
	return out, nil
}

// formatKey renders a map key for an error message: strings (including named
// string types such as enums) quoted, everything else with %v.
func formatKey(k any) string {
	if v := reflect.ValueOf(k); v.Kind() == reflect.String {
		return strconv.Quote(v.String())
	}
	return fmt.Sprintf("%v", k)
}

// keyLess is a total, deterministic order on map keys used to choose which
// failure ConvertMap reports. Keys of different dynamic types (possible when
// the key type is an interface) compare by type. Keys of one ordered kind
// compare by value. Anything else, or NaN, compares by its %v text.
func keyLess(a, b any) bool {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if !va.IsValid() || !vb.IsValid() || va.Type() != vb.Type() {
		if ta, tb := keyType(va), keyType(vb); ta != tb {
			return ta < tb
		}
		return fmt.Sprintf("%v", a) < fmt.Sprintf("%v", b)
	}
	switch va.Kind() {
	case reflect.String:
		return va.String() < vb.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return va.Int() < vb.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return va.Uint() < vb.Uint()
	case reflect.Float32, reflect.Float64:
		fa, fb := va.Float(), vb.Float()
		if fa == fa && fb == fb { // neither is NaN
			return fa < fb
		}
	}
	return fmt.Sprintf("%v", a) < fmt.Sprintf("%v", b)
}

// keyType names the dynamic type of a map key for keyLess: the package path
// and the type, so that two packages' types of one name stay apart. A nil
// interface key has no type and sorts first.
func keyType(v reflect.Value) string {
	if !v.IsValid() {
		return ""
	}
	return v.Type().PkgPath() + " " + v.Type().String()
}
