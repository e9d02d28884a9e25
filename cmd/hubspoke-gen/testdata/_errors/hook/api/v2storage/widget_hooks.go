package v2storage

// AssignPropertiesTo on the hub: nothing calls it.
func (s *WidgetSpec) AssignPropertiesTo(dst *WidgetSpec) error { return nil }
