package compat

import (
	"example.com/fixtures/skipmany/api/v4storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// AssignPropertiesTo maps v1's Name to v4's Key when v4's Key is not
// already known (from the bag), and drops the copy of Name the generated
// code kept in v4's bag when Key reproduces it.
func (t *Tag) AssignPropertiesTo(dst *v4storage.Tag) error {
	if dst.Key == nil {
		dst.Key = t.Name
	}
	if name, err := propertybag.Get[string](dst.PropertyBag, "Name"); err == nil && name != nil && dst.Key != nil && *name == *dst.Key {
		dst.PropertyBag.Remove("Name")
	}
	return nil
}

// AssignPropertiesFrom maps v4's Key to v1's Name, the other way round.
func (t *Tag) AssignPropertiesFrom(src *v4storage.Tag) error {
	if t.Name == nil {
		t.Name = src.Key
	}
	if key, err := propertybag.Get[string](t.PropertyBag, "Key"); err == nil && key != nil && t.Name != nil && *key == *t.Name {
		t.PropertyBag.Remove("Key")
	}
	return nil
}
