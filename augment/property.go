package augment

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/hubspoke/hubspoke/internal/typename"
)

// PropertyConverter converts one property whose type changes between two
// neighbouring versions: Older is its type in the older version, Newer in the
// newer one. A person writes the two directions once, as a package-level
// variable in a hand-written file, and generated code calls Forward when
// converting towards the hub and Backward when converting away from it:
//
//	var genderConverter = augment.NewPropertyConverter("Gender",
//		func(s string) (v4.Gender, error) { ... },
//		func(g v4.Gender) (string, error) { ... })
//
// Because the generated code names the variable, a missing or mistyped
// converter is a compile error, not a runtime surprise.
type PropertyConverter[Older, Newer any] struct {
	property string
	forward  func(Older) (Newer, error)
	backward func(Newer) (Older, error)
}

// NewPropertyConverter returns a converter for the named property. Both
// functions are required; a nil function panics here, at package
// initialisation, rather than during a conversion.
func NewPropertyConverter[Older, Newer any](property string, forward func(Older) (Newer, error), backward func(Newer) (Older, error)) PropertyConverter[Older, Newer] {
	if forward == nil || backward == nil {
		panic(fmt.Sprintf("augment: property converter for %q needs both directions", property))
	}
	return PropertyConverter[Older, Newer]{property: property, forward: forward, backward: backward}
}

// Forward converts a value of the older version's type to the newer one's.
// Errors name the property and both types; on error the value is the zero
// value.
func (c PropertyConverter[Older, Newer]) Forward(v Older) (Newer, error) {
	if c.forward == nil {
		var zero Newer
		return zero, c.wrap(errNotInitialized, reflect.TypeFor[Older](), reflect.TypeFor[Newer]())
	}
	n, err := c.forward(v)
	if err != nil {
		var zero Newer
		return zero, c.wrap(err, reflect.TypeFor[Older](), reflect.TypeFor[Newer]())
	}
	return n, nil
}

// Backward converts a value of the newer version's type to the older one's.
// Errors name the property and both types; on error the value is the zero
// value.
func (c PropertyConverter[Older, Newer]) Backward(v Newer) (Older, error) {
	if c.backward == nil {
		var zero Older
		return zero, c.wrap(errNotInitialized, reflect.TypeFor[Newer](), reflect.TypeFor[Older]())
	}
	o, err := c.backward(v)
	if err != nil {
		var zero Older
		return zero, c.wrap(err, reflect.TypeFor[Newer](), reflect.TypeFor[Older]())
	}
	return o, nil
}

// ForwardPtr is Forward for optional properties: nil converts to nil. On
// error the result is nil.
func (c PropertyConverter[Older, Newer]) ForwardPtr(v *Older) (*Newer, error) {
	if v == nil {
		return nil, nil
	}
	n, err := c.Forward(*v)
	if err != nil {
		return nil, err
	}
	return &n, nil
}

// BackwardPtr is Backward for optional properties: nil converts to nil. On
// error the result is nil.
func (c PropertyConverter[Older, Newer]) BackwardPtr(v *Newer) (*Older, error) {
	if v == nil {
		return nil, nil
	}
	o, err := c.Backward(*v)
	if err != nil {
		return nil, err
	}
	return &o, nil
}

// errNotInitialized is returned by the methods of a PropertyConverter that
// was not built with NewPropertyConverter (its zero value).
var errNotInitialized = errors.New("property converter was not built with NewPropertyConverter")

func (c PropertyConverter[Older, Newer]) wrap(err error, from, to reflect.Type) error {
	return fmt.Errorf("converting property %q from %s to %s: %w", c.property, typename.Of(from), typename.Of(to), err)
}
