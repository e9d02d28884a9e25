package genruntime

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
