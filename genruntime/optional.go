package genruntime

// Ptr returns a pointer to a new copy of v. It never returns nil, so an
// explicit zero value is kept. It is the default for converting an API value
// field to a storage pointer field. See "Optional values" in the package
// documentation for when to use PtrIfNotZero instead.
func Ptr[T any](v T) *T {
	return &v
}

// PtrIfNotZero returns nil when v is the zero value of T, and Ptr(v)
// otherwise. Use it for API fields tagged omitempty, where zero means
// "absent". See "Optional values" in the package documentation.
func PtrIfNotZero[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// Deref returns *p, or the zero value of T when p is nil. The result is a
// copy made by assignment, as in ClonePointer.
func Deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// DerefOr returns *p, or fallback when p is nil. A non-nil pointer to a zero
// value returns that zero value, not fallback.
func DerefOr[T any](p *T, fallback T) T {
	if p == nil {
		return fallback
	}
	return *p
}
