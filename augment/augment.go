// Package augment is how hand-written code adjusts a generated conversion.
//
// Generated code converts each version to its neighbour (an API version to
// its storage twin, a storage version to the next storage version) by
// copying the properties that match and stashing the rest in a property bag.
// Where a change between versions needs knowledge the generator does not
// have (a name split into parts, a property whose type changes) a person
// writes one of two kinds of augmentation, and the generated code calls it:
//
//   - A per-property converter (PropertyConverter) for a property whose type
//     changes between versions: two typed functions, one per direction.
//   - A whole-object hook: the type hosting the conversion implements
//     AssignableTo[T] and/or AssignableFrom[T] in a hand-written file. The
//     hook sees the finished generated result and may change anything.
//
// Order is fixed and the same in both directions: first the generated copy
// of every property, then the per-property converters in the order the
// properties are declared, then the whole-object hook, which generated code
// invokes last with AfterAssignTo or AfterAssignFrom. Each hook runs exactly
// once per conversion step.
//
// The hosting type is always the older of the two neighbours (the one that
// imports the other), which is the same rule the generated methods follow,
// so hooks never create import cycles.
package augment

import (
	"fmt"
	"reflect"

	"github.com/hubspoke/hubspoke/internal/typename"
)

// AssignableTo is implemented by a type whose conversion to T (its newer
// neighbour, usually a pointer to a storage type) needs hand-written
// adjustment. AssignPropertiesTo runs after the generated code has filled
// dst; it may read the receiver and change dst, and must not change the
// receiver.
type AssignableTo[T any] interface {
	AssignPropertiesTo(dst T) error
}

// AssignableFrom is implemented by a type whose conversion from T (its
// newer neighbour) needs hand-written adjustment. AssignPropertiesFrom runs
// after the generated code has filled the receiver from src; it may change
// the receiver and must not change src.
type AssignableFrom[T any] interface {
	AssignPropertiesFrom(src T) error
}

// AfterAssignTo invokes src's AssignableTo[D] hook, if src has one. Generated
// code calls it as the last statement of a conversion from src to dst. An
// error is wrapped with both type names.
func AfterAssignTo[S, D any](src S, dst D) error {
	hook, ok := any(src).(AssignableTo[D])
	if !ok {
		return nil
	}
	if err := hook.AssignPropertiesTo(dst); err != nil {
		return &HookError{From: TypeName(src), To: TypeName(dst), Err: err}
	}
	return nil
}

// AfterAssignFrom invokes dst's AssignableFrom[S] hook, if dst has one.
// Generated code calls it as the last statement of a conversion that fills
// dst from src. An error is wrapped with both type names.
func AfterAssignFrom[D, S any](dst D, src S) error {
	hook, ok := any(dst).(AssignableFrom[S])
	if !ok {
		return nil
	}
	if err := hook.AssignPropertiesFrom(src); err != nil {
		return &HookError{From: TypeName(src), To: TypeName(dst), Err: err}
	}
	return nil
}

// HookError is the error of a failed whole-object hook. It names the types
// of the conversion step, so callers that add their own step context can
// see that the step is already named.
type HookError struct {
	From, To string // package-qualified type names, as TypeName gives them
	Err      error  // what the hook returned
}

// Error names the step and the hook's error.
func (e *HookError) Error() string {
	return fmt.Sprintf("augmenting conversion from %s to %s: %v", e.From, e.To, e.Err)
}

// Unwrap returns the hook's error.
func (e *HookError) Unwrap() error { return e.Err }

// HasHooks reports whether a value of type S has an AssignableTo[D] hook and
// whether it has an AssignableFrom[D] hook. Test kits use it to decide which
// conversions deserve golden tests.
func HasHooks[S, D any]() (to, from bool) {
	var s S
	_, to = any(s).(AssignableTo[D])
	_, from = any(s).(AssignableFrom[D])
	return to, from
}

// TypeName returns the package-qualified name of v's type without pointer
// stars, such as "v2storage.Person", for messages. Types of apimachinery's
// meta/v1 package are named as Kubernetes code imports that package, as
// metav1 ("metav1.Time", "[]metav1.Condition"), because its package name v1
// is also the name of every first API version; other packages are named by
// their package name, as reflect does. Type arguments of generic types are
// named the same way ("augment.PropertyConverter[string,metav1.Time]").
func TypeName(v any) string {
	t := reflect.TypeOf(v)
	if t == nil {
		return "<nil>"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return typename.Of(t)
}
