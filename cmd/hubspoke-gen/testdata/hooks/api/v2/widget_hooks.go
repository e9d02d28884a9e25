// Hand-written: an API version's hook sees the bags of its storage twin.

package v2

import "example.com/fixtures/hooks/api/v2storage"

// AssignPropertiesFrom is called last by the generated copy from v2storage.
func (s *WidgetSpec) AssignPropertiesFrom(src *v2storage.WidgetSpec) error {
	return nil
}
