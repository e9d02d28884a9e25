// Hand-written: a sku's Mode and a rule's are enums of different values
// under one Go field name. These hooks refuse a rule's action as a sku's
// mode, which no client can write, so that the generated test fails if it
// draws a sku's Mode from every enum called Mode rather than from Sku's.

package v1storage

import (
	"fmt"

	"example.com/fixtures/kitchen/api/v2storage"
)

// ruleAction refuses a rule's action (Allow, Deny) as the mode of a sku.
func ruleAction(name *string) error {
	if name != nil && (*name == "Allow" || *name == "Deny") {
		return fmt.Errorf("a sku of mode %q: that is a rule's action", *name)
	}
	return nil
}

// AssignPropertiesTo refuses a rule's action as the mode of a sku.
func (s *Sku) AssignPropertiesTo(dst *v2storage.Sku) error { return ruleAction(s.Mode) }

// AssignPropertiesFrom refuses a rule's action as the mode of a sku.
func (s *Sku) AssignPropertiesFrom(src *v2storage.Sku) error { return ruleAction(src.Mode) }
