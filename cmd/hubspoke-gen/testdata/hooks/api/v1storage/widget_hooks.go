// Hand-written: v1 sizes carry their units ("3cm"); v2 splits them.

package v1storage

import "example.com/fixtures/hooks/api/v2storage"

// AssignPropertiesTo is called last by the generated copy to v2storage.
func (s *WidgetSpec) AssignPropertiesTo(dst *v2storage.WidgetSpec) error {
	return checkSize(s, dst)
}

// checkSize is where the hook's work would go. It is handed the source
// whole, so the generator must take it that the hook reads the source's
// bag, and leave the bag in place for it rather than move it.
func checkSize(s *WidgetSpec, dst *v2storage.WidgetSpec) error {
	_, _ = s, dst
	return nil
}
