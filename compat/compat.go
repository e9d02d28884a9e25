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
//     shape, then stash the staged value (Property.Stash).
//   - Reading (intermediate → new): pull the staged shape, then convert it to
//     the new shape (Property.Recall).
//
// Both conversions are the normal generated conversions of the staging type
// plus its augmentation hooks (package augment): a person writes the mapping
// between Label and Street/City/... once, as a hook on the staging type.
//
// Versions between the removal and the last intermediate pass the bag along
// untouched, so a property removed in v3 and back in v6 is stashed in the v2
// shape on v3, v4 and v5, and only v5 ↔ v6 uses a Property.
//
// # Values in the wrong shape
//
// An object written by an older release that did not follow the rule may
// hold the later shape. Every read decodes strictly (package propertybag), so
// a value of the wrong shape is never half-decoded or silently dropped. Then
// one documented repair is tried: if the text decodes strictly as the later
// shape, it is used as that (Recall) or converted back to the staged shape
// (RecallStaged). Text that fits neither shape is an error that names the
// property, both types and the version, and stays in the bag.
package compat

import (
	"errors"
	"fmt"

	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/propertybag"
)

// Property describes one complex property that skips versions. Staged is
// the earlier shape (the staging type in the compat subpackage) and Current
// the shape of the version the property returns in. Declare it once, next to
// the generated code of the last intermediate version:
//
//	var residentialAddress = compat.Property[compat.Address, v5storage.Address]{
//		Name:       "ResidentialAddress",
//		Version:    "v4storage",
//		ToStaged:   func(c *v5storage.Address, s *compat.Address) error { return s.AssignProperties_From_Address(c) },
//		FromStaged: func(s *compat.Address, c *v5storage.Address) error { return s.AssignProperties_To_Address(c) },
//	}
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

// ErrWrongShape is wrapped by errors for stored text that fits neither the
// staged nor the current shape.
var ErrWrongShape = errors.New("stored value fits neither the earlier nor the later shape")

// Stash stores value, given in the current shape, in the bag in the staged
// shape. A nil value removes the property from the bag. On error the bag is
// unchanged.
func (p Property[Staged, Current]) Stash(bag *propertybag.PropertyBag, value *Current) error {
	if value == nil {
		if bag != nil {
			bag.Remove(p.Name)
		}
		return nil
	}
	staged, err := p.toStaged(value)
	if err != nil {
		return err
	}
	if err := bag.Add(p.Name, staged); err != nil {
		return p.errorf("stashing", err)
	}
	return nil
}

// Recall removes the property from the bag and returns it in the current
// shape, or nil when the bag does not hold it. Text in the later (current)
// shape, as written by releases that did not stage, is accepted as it is. On
// error the value stays in the bag.
func (p Property[Staged, Current]) Recall(bag propertybag.PropertyBag) (*Current, error) {
	if !bag.Contains(p.Name) {
		return nil, nil
	}
	staged, stagedErr := propertybag.Get[Staged](bag, p.Name)
	if stagedErr == nil {
		current := new(Current)
		if err := p.fromStaged(&staged, current); err != nil {
			return nil, err
		}
		bag.Remove(p.Name)
		return current, nil
	}
	// Repair: a value stashed in the later shape.
	current, currentErr := propertybag.Get[Current](bag, p.Name)
	if currentErr != nil {
		return nil, p.wrongShape(stagedErr, currentErr)
	}
	bag.Remove(p.Name)
	return &current, nil
}

// RecallStaged removes the property from the bag and returns it in the
// staged shape, or nil when the bag does not hold it. Text in the later
// shape is converted back with ToStaged. The earlier version uses it when
// it reads the property back from the intermediate version's bag.
func (p Property[Staged, Current]) RecallStaged(bag propertybag.PropertyBag) (*Staged, error) {
	if !bag.Contains(p.Name) {
		return nil, nil
	}
	staged, stagedErr := propertybag.Get[Staged](bag, p.Name)
	if stagedErr == nil {
		bag.Remove(p.Name)
		return &staged, nil
	}
	current, currentErr := propertybag.Get[Current](bag, p.Name)
	if currentErr != nil {
		return nil, p.wrongShape(stagedErr, currentErr)
	}
	repaired, err := p.toStaged(&current)
	if err != nil {
		return nil, err
	}
	bag.Remove(p.Name)
	return repaired, nil
}

func (p Property[Staged, Current]) toStaged(value *Current) (*Staged, error) {
	if p.ToStaged == nil {
		return nil, p.errorf("stashing", errors.New("ToStaged is nil"))
	}
	staged := new(Staged)
	if err := p.ToStaged(value, staged); err != nil {
		return nil, p.errorf(fmt.Sprintf("converting %s to %s for", typeName[Current](), typeName[Staged]()), err)
	}
	return staged, nil
}

func (p Property[Staged, Current]) fromStaged(staged *Staged, current *Current) error {
	if p.FromStaged == nil {
		return p.errorf("recalling", errors.New("FromStaged is nil"))
	}
	if err := p.FromStaged(staged, current); err != nil {
		return p.errorf(fmt.Sprintf("converting %s to %s for", typeName[Staged](), typeName[Current]()), err)
	}
	return nil
}

func (p Property[Staged, Current]) wrongShape(stagedErr, currentErr error) error {
	return fmt.Errorf("compat: property %q in the bag of %s: %w: as %s: %w; as %s: %w",
		p.Name, p.Version, ErrWrongShape, typeName[Staged](), stagedErr, typeName[Current](), currentErr)
}

func (p Property[Staged, Current]) errorf(doing string, err error) error {
	return fmt.Errorf("compat: %s property %q (staged as %s in %s): %w", doing, p.Name, typeName[Staged](), p.Version, err)
}

// typeName names T for messages as augment.TypeName does, so apimachinery's
// types read metav1.Time rather than v1.Time.
func typeName[T any]() string {
	return augment.TypeName(new(T))
}
