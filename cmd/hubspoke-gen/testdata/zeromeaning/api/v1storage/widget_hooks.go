package v1storage

import (
	"example.com/fixtures/zeromeaning/api/v2storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

const (
	// explicitZero marks, in v1's bag, a 0 that v2 set (no replicas),
	// which v1 cannot tell from "the default".
	explicitZero = "ReplicasExplicitZero"
	// unset marks, in v2's bag, a v1 twin without replicas: no v1 object
	// converts to one (v1 always has a value), so only a storage object
	// written as it is, never a client's, carries this mark.
	unset = "ReplicasUnset"
)

// AssignPropertiesTo maps v1's 0 ("the default") to unset in v2.
func (s *WidgetSpec) AssignPropertiesTo(dst *v2storage.WidgetSpec) error {
	zero, err := propertybag.Pull[bool](&dst.PropertyBag, explicitZero)
	if err != nil {
		return err
	}
	switch {
	case s.Replicas == nil:
		yes := true
		return propertybag.Add(&dst.PropertyBag, unset, &yes)
	case *s.Replicas == 0 && zero == nil:
		dst.Replicas = nil
	}
	return nil
}

// AssignPropertiesFrom maps unset in v2 to v1's 0, and marks v2's 0.
func (s *WidgetSpec) AssignPropertiesFrom(src *v2storage.WidgetSpec) error {
	wasUnset, err := propertybag.Pull[bool](&s.PropertyBag, unset)
	if err != nil {
		return err
	}
	switch {
	case src.Replicas == nil && wasUnset == nil:
		zero := int32(0)
		s.Replicas = &zero
	case src.Replicas != nil && *src.Replicas == 0:
		yes := true
		return propertybag.Add(&s.PropertyBag, explicitZero, &yes)
	}
	return nil
}
