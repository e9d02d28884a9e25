// Package compat keeps property bags consistent when a complex property
// skips versions.
//
// # The problem
//
// Suppose v3 of a resource has ResidentialAddress{Label}, v4 drops it, and
// v5 brings it back as ResidentialAddress{Street, Suburb, City, Country}.
// Converting v3 → v4 stashes a v3 Address in v4's property bag; converting
// v5 → v4 with a plain bag would stash a v5 Address there. A v4 object can
// then hold either shape, and the next conversion decodes one shape as the
// other and fails: the operator can no longer read its own objects.
//
// # The rule
//
// The bag on every version between the removal and the return holds the
// earliest shape, the one in use when the property was removed, so objects
// already persisted keep their exact serialized form. A staging type, a
// clone of that earlier shape that lives in a compat subpackage beside the
// last intermediate version (so no import cycle arises), carries the shape
// forward:
//
//   - Writing (new → intermediate): convert the new shape to the staged
//     shape, then stash the staged value (Property.Add).
//   - Reading (intermediate → new): recall the staged shape, then convert it
//     to the new shape (Property.Pull).
//   - Between the earlier version and the intermediate one, nothing special:
//     the staged shape is the earlier version's own JSON form, so the
//     earlier version's generated code stashes its value and recalls it
//     (propertybag.Pull into its own type) like any other property its
//     neighbour lacks. That read never meets the later shape, because
//     every conversion down to the earlier version comes from the hub and
//     passes through Add on the way.
//
// The conversions between the shapes (ToStaged, FromStaged) are the normal
// generated conversions of the staging type plus its augmentation hooks (package augment): a person writes the mapping
// between Label and Street/City/... once, as a hook on the staging type.
//
// In the Person example (examples/person/api) ResidentialAddress is v3's
// Address{Label}, dropped in v4 and back in v5 as Address{Street, Suburb,
// City, Country}: v3storage stashes and recalls a v3storage.Address in
// v4storage's bag, v4storage declares the Property whose staged shape is
// v4storage/compat.Address (a clone of v3storage.Address) and calls Pull
// towards v5storage and Add back from it.
//
// Versions between the removal and the last intermediate pass the bag along
// untouched, so a property removed in v3 and back in v6 is stashed in the v2
// shape on v3, v4 and v5, and only v5 ↔ v6 uses a Property.
//
// # Values in the wrong shape
//
// An object written by an older release that did not follow the rule may
// hold the later shape in an intermediate version's bag (an intermediate API
// version carries that bag in its annotation, so a client can send it
// back). Every read decodes strictly (package propertybag), so a value of
// the wrong shape is never half-decoded or silently dropped. Pull then
// tries one documented repair: if the text does not decode as the staged
// shape but decodes strictly as the later shape, it is used as that. The
// staged shape is always tried first, so text that fits both is read as the
// staged shape. Text that fits neither shape is an error that names the
// property, both types and the version, and stays in the bag.
//
// # Failures
//
// A failed Add or Pull returns no value and leaves the bag
// exactly as it was, and Add itself never changes the value it is given,
// so nothing is lost and the conversion can be retried.
package compat

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/hubspoke/hubspoke/internal/typename"
	"github.com/hubspoke/hubspoke/propertybag"
)

// Property describes one complex property that skips versions. Staged is
// the earlier shape (the staging type in the compat subpackage) and Current
// the shape of the version the property returns in. Declare it once, next to
// the generated code of the last intermediate version, as the Person
// example's v4storage does (v4compat is its compat subpackage, imported
// under another name than this package):
//
//	var residentialAddress = compat.Property[v4compat.Address, v5storage.Address]{
//		Name:    "ResidentialAddress",
//		Version: "v4storage",
//		ToStaged: func(current *v5storage.Address, staged *v4compat.Address) error {
//			return staged.AssignProperties_From_Address(current)
//		},
//		FromStaged: func(staged *v4compat.Address, current *v5storage.Address) error {
//			return staged.AssignProperties_To_Address(current)
//		},
//	}
//
// Its generated conversion to the newer version calls Pull, and the one
// from the newer version calls Add:
//
//	residential, err := residentialAddress.Pull(&bag)          // v4storage → v5storage
//	err = residentialAddress.Add(&bag, src.ResidentialAddress) // v5storage → v4storage
type Property[Staged, Current any] struct {
	// Name is the property name and the key in the bag.
	Name string
	// Version names the intermediate version whose bag holds the staged
	// shape, for error messages.
	Version string
	// ToStaged converts the current shape to the staged shape.
	ToStaged func(*Current, *Staged) error
	// FromStaged converts the staged shape to the current shape.
	FromStaged func(*Staged, *Current) error
}

// errWrongShape is wrapped by errors for stored text that fits neither the
// staged nor the current shape.
var errWrongShape = errors.New("stored value fits neither the earlier nor the later shape")

// Add stores value, given in the current shape, in the bag in the staged
// shape, replacing what the bag held under the property's name. A nil value
// removes the property from the bag, as propertybag.Add does, so a value
// cleared in the newer version does not come back from an older bag. On
// error (ToStaged fails or is nil, the staged value cannot be encoded, or
// bag is nil and value is not) the bag is unchanged. value is never
// changed.
func (p Property[Staged, Current]) Add(bag *propertybag.PropertyBag, value *Current) error {
	if value == nil {
		bag.Remove(p.Name)
		return nil
	}
	staged, err := p.toStaged(value, "adding")
	if err != nil {
		return err
	}
	if err := propertybag.Add(bag, p.Name, staged); err != nil {
		return p.errorf("adding", err)
	}
	return nil
}

// Pull removes the property from the bag and returns it in the current
// shape, or nil when the bag does not hold it or holds null, setting *bag
// to nil when that leaves the bag empty, as propertybag.Pull does. The
// text is decoded as the staged shape first and converted with FromStaged;
// only text that does not decode as the staged shape is tried as the later
// (current) shape, as written by releases that did not stage, and accepted
// as it is. On error the result is nil and the bag is unchanged.
func (p Property[Staged, Current]) Pull(bag *propertybag.PropertyBag) (*Current, error) {
	if bag == nil || !bag.Contains(p.Name) {
		return nil, nil
	}
	var current *Current
	staged, stagedErr := propertybag.Get[Staged](*bag, p.Name)
	switch {
	case stagedErr == nil && staged != nil:
		current = new(Current)
		if err := p.fromStaged(staged, current); err != nil {
			return nil, err
		}
	case stagedErr != nil:
		// Repair: a value added in the later shape.
		var currentErr error
		if current, currentErr = propertybag.Get[Current](*bag, p.Name); currentErr != nil {
			return nil, p.wrongShape(stagedErr, currentErr)
		}
	}
	bag.Remove(p.Name)
	return current, nil
}

// toStaged converts value to the staged shape for the operation doing
// ("adding", "pulling"), which a nil ToStaged's error names.
func (p Property[Staged, Current]) toStaged(value *Current, doing string) (*Staged, error) {
	if p.ToStaged == nil {
		return nil, p.errorf(doing, errors.New("ToStaged is nil"))
	}
	staged := new(Staged)
	if err := p.ToStaged(value, staged); err != nil {
		return nil, p.errorf(fmt.Sprintf("converting %s to %s for", typeName[Current](), typeName[Staged]()), err)
	}
	return staged, nil
}

func (p Property[Staged, Current]) fromStaged(staged *Staged, current *Current) error {
	if p.FromStaged == nil {
		return p.errorf("pulling", errors.New("FromStaged is nil"))
	}
	if err := p.FromStaged(staged, current); err != nil {
		return p.errorf(fmt.Sprintf("converting %s to %s for", typeName[Staged](), typeName[Current]()), err)
	}
	return nil
}

func (p Property[Staged, Current]) wrongShape(stagedErr, currentErr error) error {
	return fmt.Errorf("compat: property %q in the bag of %s: %w: as %s: %w; as %s: %w",
		p.Name, p.Version, errWrongShape, typeName[Staged](), stagedErr, typeName[Current](), currentErr)
}

func (p Property[Staged, Current]) errorf(doing string, err error) error {
	return fmt.Errorf("compat: %s property %q (staged as %s in %s): %w", doing, p.Name, typeName[Staged](), p.Version, err)
}

// typeName names T for messages as Kubernetes code spells it, so
// apimachinery's types read metav1.Time rather than v1.Time.
func typeName[T any]() string {
	return typename.Of(reflect.TypeFor[T]())
}
