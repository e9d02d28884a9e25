package v1storage

import "example.com/fixtures/_errors/hook/api/v2storage"

// AssignPropertiesTo takes its destination by value: not a hook.
func (s *WidgetSpec) AssignPropertiesTo(dst v2storage.WidgetSpec) error { return nil }

// AssignPropertiesFrom returns nothing: not a hook.
func (s *WidgetSpec) AssignPropertiesFrom(src *v2storage.WidgetSpec) {}
