package propertybag

import (
	"maps"
	"reflect"
	"slices"
)

// PropertyBag holds, under their property names, the values that a storage
// version has no field for. Each value is stored as JSON text (see the
// package documentation for the exact wire format).
//
// A nil PropertyBag is valid and empty: every read works on it, and Add
// allocates the map on first use.
//
// The kubebuilder markers below make controller-gen describe the field as
// `type: object` with string values in the CRD schema.
//
// +kubebuilder:validation:Type=object
// +kubebuilder:validation:Optional
type PropertyBag map[string]string

// New returns a bag holding the contents of all the given bags; where a name
// occurs in more than one, the later bag wins. It returns nil when the result
// would be empty, so converting an object with nothing to stash allocates
// nothing. The inputs are not modified and share nothing with the result.
func New(bags ...PropertyBag) PropertyBag {
	n := 0
	for _, b := range bags {
		n += len(b)
	}
	if n == 0 {
		return nil
	}
	if len(bags) == 1 {
		return maps.Clone(bags[0]) // copies the table without hashing again
	}
	result := make(PropertyBag, n)
	for _, b := range bags {
		maps.Copy(result, b)
	}
	return result
}

// Contains reports whether the bag holds a value named name.
func (b PropertyBag) Contains(name string) bool {
	_, ok := b[name]
	return ok
}

// Names returns the names of the stored values in ascending order.
func (b PropertyBag) Names() []string {
	return slices.Sorted(maps.Keys(b))
}

// Remove deletes the value named name, if present. Removing from a nil bag
// is a no-op.
func (b PropertyBag) Remove(name string) {
	delete(b, name)
}

// Clone returns an independent copy: nil stays nil, empty stays empty.
func (b PropertyBag) Clone() PropertyBag {
	return maps.Clone(b)
}

// NilIfEmpty returns nil for an empty bag and b otherwise. Generated code
// assigns the bag it built with it, so that an object whose bag was emptied by
// Pull compares equal to one that never had a bag.
func (b PropertyBag) NilIfEmpty() PropertyBag {
	if len(b) == 0 {
		return nil
	}
	return b
}

// DeepCopyInto copies b into *out, as Kubernetes deepcopy code expects.
func (b PropertyBag) DeepCopyInto(out *PropertyBag) {
	*out = b.Clone()
}

// DeepCopy returns an independent copy of b, as Kubernetes deepcopy code
// expects. It is the same as Clone.
func (b PropertyBag) DeepCopy() PropertyBag {
	return b.Clone()
}

// Add stores value under name, replacing any earlier value. The value is
// encoded as JSON; a nil pointer is stored as null. On a nil map, Add
// allocates it. If the value cannot be encoded, Add returns an error wrapping
// ErrEncode and the bag is left as it was.
func (b *PropertyBag) Add(name string, value any) error {
	if b == nil {
		return &Error{Op: "add", Name: name, Type: reflect.TypeOf(value), Kind: ErrNilBag}
	}
	text, err := encode(value)
	if err != nil {
		return &Error{Op: "add", Name: name, Type: reflect.TypeOf(value), Kind: ErrEncode, Cause: err}
	}
	if *b == nil {
		*b = make(PropertyBag, 4)
	}
	(*b)[name] = text
	return nil
}

// Get decodes the value named name into dst, which must be a non-nil
// pointer (otherwise the error wraps ErrNilDestination, whatever the bag
// holds), and leaves the bag unchanged. The destination is replaced, not
// merged: on success *dst holds exactly the stored value; on failure *dst is
// untouched. The text null reads as nil into a pointer, slice, map or
// interface and is an error for any other destination (see the package
// documentation).
func (b PropertyBag) Get(name string, dst any) error {
	return b.read("get", name, dst)
}

// Pull decodes the value named name into dst like Get and, on success,
// removes it from the bag. On failure the value stays in the bag, so nothing
// is lost.
func (b PropertyBag) Pull(name string, dst any) error {
	if err := b.read("pull", name, dst); err != nil {
		return err
	}
	delete(b, name)
	return nil
}

func (b PropertyBag) read(op, name string, dst any) error {
	// Strings are the commonest values: a plain one needs no decoder.
	switch p := dst.(type) {
	case *string:
		if s, ok := plainString(b[name]); ok && p != nil {
			*p = s
			return nil
		}
	case **string:
		if s, ok := plainString(b[name]); ok && p != nil {
			*p = &s
			return nil
		}
	}
	rv := reflect.ValueOf(dst)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &Error{Op: op, Name: name, Type: reflect.TypeOf(dst), Kind: ErrNilDestination}
	}
	text, ok := b[name]
	if !ok {
		return &Error{Op: op, Name: name, Type: rv.Type().Elem(), Kind: ErrNotFound}
	}
	if err := decode(text, rv.Elem()); err != nil {
		return &Error{Op: op, Name: name, Type: rv.Type().Elem(), Excerpt: excerpt(text), Kind: ErrDecode, Cause: err}
	}
	return nil
}

// Get returns the value named name decoded as a T, leaving the bag
// unchanged. Errors are those of PropertyBag.Get; with an error, the value
// returned is T's zero value.
func Get[T any](b PropertyBag, name string) (T, error) {
	var v T
	err := b.read("get", name, &v)
	return v, err
}

// Pull returns the value named name decoded as a T and removes it from the
// bag. On error the value stays in the bag and the value returned is T's
// zero value.
func Pull[T any](b PropertyBag, name string) (T, error) {
	var v T
	if err := b.read("pull", name, &v); err != nil {
		return v, err
	}
	delete(b, name)
	return v, nil
}

// PullOptional is Pull for optional (pointer) fields: it returns nil, nil
// when the bag has no value named name, nil when the stored value is null
// (what Add stores for a nil pointer), and a pointer to the decoded value
// otherwise. The value is removed from the bag unless an error is returned.
func PullOptional[T any](b PropertyBag, name string) (*T, error) {
	if _, ok := b[name]; !ok {
		return nil, nil
	}
	return Pull[*T](b, name)
}

// AddOptional is Add for optional (pointer) fields: a nil value removes name
// from the bag, any other value stores *value.
func AddOptional[T any](b *PropertyBag, name string, value *T) error {
	if value == nil {
		if b != nil {
			delete(*b, name)
		}
		return nil
	}
	if s, ok := any(value).(*string); ok && b != nil {
		// Strings are the commonest optional values: skip boxing *value.
		if *b == nil {
			*b = make(PropertyBag, 4)
		}
		(*b)[name] = quote(*s)
		return nil
	}
	return b.Add(name, *value)
}

// plainString returns the content of text when text is a JSON string
// literal of printable ASCII without escapes, which decodes to exactly the
// bytes between its quotes.
func plainString(text string) (string, bool) {
	n := len(text)
	if n < 2 || text[0] != '"' || text[n-1] != '"' {
		return "", false
	}
	for i := 1; i < n-1; i++ {
		if c := text[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return "", false
		}
	}
	return text[1 : n-1], true
}
