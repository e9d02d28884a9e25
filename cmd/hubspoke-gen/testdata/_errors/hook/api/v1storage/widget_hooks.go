package v1storage

import (
	"example.com/fixtures/_errors/hook/api/v2storage"
	otherv2storage "example.com/fixtures/hooks/api/v2storage"
)

// AssignPropertiesTo takes its destination by value: not a hook.
func (s *WidgetSpec) AssignPropertiesTo(dst v2storage.WidgetSpec) error { return nil }

// AssignPropertiesFrom returns nothing: not a hook.
func (s *WidgetSpec) AssignPropertiesFrom(src *v2storage.WidgetSpec) {}

// AssignPropertiesTo returns a bool: not a hook.
func (s *WidgetStatus) AssignPropertiesTo(dst *v2storage.WidgetStatus) bool { return true }

// Note is a hand-written type that no conversion converts.
type Note struct{}

// AssignPropertiesTo of a type the step does not convert: nothing calls it.
func (n *Note) AssignPropertiesTo(dst *v2storage.WidgetSpec) error { return nil }

// AssignPropertiesFrom takes a WidgetStatus of another package named
// v2storage (a copied api directory's import left as it was): not a hook.
func (s *WidgetStatus) AssignPropertiesFrom(src *otherv2storage.WidgetStatus) error { return nil }
