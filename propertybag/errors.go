package propertybag

import (
	"errors"
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/hubspoke/hubspoke/internal/typename"
)

// Sentinel errors. Every error of Add, Pull and Get is an *Error that
// wraps exactly one of them, so callers can branch with errors.Is; errors of
// MarshalBags and UnmarshalBags wrap them too.
var (
	// ErrDecode reports stored text that does not decode as the requested
	// type: invalid JSON, a value of the wrong shape, or a field the type
	// does not have.
	ErrDecode = errors.New("stored value does not decode into that type")
	// ErrEncode reports a value Add cannot store: one that cannot be
	// encoded as JSON (a channel, a function, a NaN float), or any value
	// given through a nil *PropertyBag.
	ErrEncode = errors.New("value cannot be stored as JSON")
)

// excerptLen is how many bytes of stored text an error message quotes.
const excerptLen = 64

// Error describes a failed Add, Pull or Get. It names the operation, the
// property, the Go type involved and, where a stored value was read, a short
// excerpt of its text. Unwrap yields the sentinel (ErrDecode or ErrEncode)
// and, when there is one, the underlying cause.
type Error struct {
	Op      string       // "add", "pull" or "get"
	Name    string       // property name
	Type    reflect.Type // the T of the call: added (add) or decoded into (pull, get)
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
