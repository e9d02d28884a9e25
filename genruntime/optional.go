package genruntime

import "reflect"

// PtrIfNotZero returns nil when v is the zero value of T (as == decides),
// and a pointer to a copy of v otherwise. Generated code uses it to convert
// an API field tagged omitempty, where zero means "absent", to its optional
// storage field, and for a struct of another package held by value, whose
// zero value reads back from JSON as absent (metav1.Time's null); see
// "Optional values" in the package documentation.
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
