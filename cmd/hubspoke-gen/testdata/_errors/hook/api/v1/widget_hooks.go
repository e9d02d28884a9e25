package v1

import "example.com/fixtures/_errors/hook/api/v1storage"

// AssignPropertiesTo on a type inside an API version would run before the
// bags are recalled: refused.
func (s *WidgetSpec) AssignPropertiesTo(dst *v1storage.WidgetSpec) error { return nil }
