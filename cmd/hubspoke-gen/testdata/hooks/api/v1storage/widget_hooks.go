// Hand-written: v1 sizes carry their units ("3cm"); v2 splits them.

package v1storage

import "example.com/fixtures/hooks/api/v2storage"

// AssignPropertiesTo is called last by the generated copy to v2storage.
func (s *WidgetSpec) AssignPropertiesTo(dst *v2storage.WidgetSpec) error {
	return nil
}
