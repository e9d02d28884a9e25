package propertybag

import (
	"errors"
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/hubspoke/hubspoke/internal/typename"
)

// Sentinel errors. Every error returned by this package wraps exactly one of
// them, so callers can branch with errors.Is.
var (
	// ErrNotFound reports that the bag holds no value under the requested name.
	ErrNotFound = errors.New("property not found")
	// ErrDecode reports that the stored text does not decode into the
	// destination: invalid JSON, a value of the wrong shape, or a field the
	// destination type does not have.
	ErrDecode = errors.New("stored value does not decode into the destination")
	// ErrEncode reports that a value could not be encoded as JSON (for
	// example a channel, a function or a NaN float).
	ErrEncode = errors.New("value cannot be encoded as JSON")
	// ErrNilDestination reports a destination that is nil or not a pointer.
	ErrNilDestination = errors.New("destination must be a non-nil pointer")
	// ErrNilBag reports an Add through a nil *PropertyBag.
	ErrNilBag = errors.New("nil *PropertyBag")
)

// excerptLen is how many bytes of stored text an error message quotes.
const excerptLen = 64

// Error describes a failed bag operation. It names the operation, the
// property, the Go type involved and, where a stored value was read, a short
// excerpt of its text. Unwrap yields the sentinel (ErrNotFound, ErrDecode,
// ...) and, when there is one, the underlying cause.
type Error struct {
	Op      string       // "add", "get" or "pull"
	Name    string       // property name
	Type    reflect.Type // destination type (get/pull) or value type (add); may be nil
	Excerpt string       // start of the stored text, "" when nothing was read
	Kind    error        // one of the sentinel errors
	Cause   error        // underlying error, may be nil
}

// Error renders the operation, property, type, sentinel, cause and excerpt.
func (e *Error) Error() string {
	msg := fmt.Sprintf("propertybag: %s %q", e.Op, e.Name)
	if e.Type != nil {
		if e.Op == "add" {
			msg += " (" + typename.Of(e.Type) + ")"
		} else {
			msg += " into " + typename.Of(e.Type)
		}
	}
	msg += ": " + e.Kind.Error()
	if e.Cause != nil {
		msg += ": " + e.Cause.Error()
	}
	if e.Excerpt != "" {
		msg += fmt.Sprintf(" (stored text %q)", e.Excerpt)
	}
	return msg
}

// Unwrap returns the sentinel and the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Cause}
}

// excerpt returns the first excerptLen bytes of s, cut on a rune boundary and
// marked with an ellipsis when shortened.
func excerpt(s string) string {
	if len(s) <= excerptLen {
		return s
	}
	cut := excerptLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
