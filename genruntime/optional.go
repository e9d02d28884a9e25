package genruntime

import "reflect"

// PtrIfNotZero returns nil when v is the zero value of T, and a pointer to a
// copy of v otherwise. Use it to convert an API field tagged omitempty, where
// zero means "absent", to its optional storage field; see "Optional values"
// in the package documentation.
func PtrIfNotZero[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// PtrIfNotZeroValue is PtrIfNotZero for types that are not comparable, such
// as runtime.RawExtension: it returns nil when v is the zero value of T (as
// reflect.Value.IsZero decides), and a pointer to a copy of v otherwise. The
// copy is shallow, as for PtrIfNotZero. Generated code uses it for struct
// types of other packages whose zero value encodes as JSON null, which reads
// back as a nil pointer.
func PtrIfNotZeroValue[T any](v T) *T {
	if reflect.ValueOf(&v).Elem().IsZero() {
		return nil
	}
	return &v
}

// PtrUnlessIsZero returns nil when v's IsZero method reports true, and a
// pointer to a copy of v otherwise. Generated code uses it for types of
// other packages that say themselves when they are empty: a
// resource.Quantity of 0 decoded from JSON is not the zero value of the
// type, yet it is what an absent quantity reads as through an API version
// whose field is not a pointer, so both must become the same nil.
func PtrUnlessIsZero[T any, P interface {
	*T
	IsZero() bool
}](v T) *T {
	if P(&v).IsZero() {
		return nil
	}
	return &v
}
