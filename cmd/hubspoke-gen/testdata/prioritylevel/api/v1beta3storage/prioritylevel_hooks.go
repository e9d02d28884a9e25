package v1beta3storage

import (
	"example.com/fixtures/prioritylevel/api/v1storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// v1beta3's nominalConcurrencyShares (and v1beta1's and v1beta2's
// assuredConcurrencyShares) is an int32 whose 0 means "the default", 30;
// v1's is a *int32 where unset means the default and 0 means no shares.
// The hooks map one to the other and keep, in the bags, the one value
// each side cannot show.
const (
	// explicitZero marks, in v1beta3's bag, a 0 that v1 set (no shares),
	// which v1beta3 shows as 0 too but reads as "the default".
	explicitZero = "NominalConcurrencySharesExplicitZero"
	// unset marks, in v1's bag, a v1beta3 twin without the value: no
	// v1beta3 object converts to one (v1beta3 always has a value), so only
	// a storage object written as it is carries this mark.
	unset = "NominalConcurrencySharesUnset"
)

// AssignPropertiesTo maps v1beta3's 0 ("the default") to unset in v1,
// unless the 0 came from v1, where it means no shares.
func (s *LimitedPriorityLevelConfiguration) AssignPropertiesTo(dst *v1storage.LimitedPriorityLevelConfiguration) error {
	zero, err := propertybag.Pull[bool](&dst.PropertyBag, explicitZero)
	if err != nil {
		return err
	}
	switch {
	case s.NominalConcurrencyShares == nil:
		yes := true
		return propertybag.Add(&dst.PropertyBag, unset, &yes)
	case *s.NominalConcurrencyShares == 0 && zero == nil:
		dst.NominalConcurrencyShares = nil
	}
	return nil
}

// AssignPropertiesFrom maps unset in v1 ("the default") to v1beta3's 0,
// and marks v1's 0 (no shares), which v1beta3 shows as 0 as well.
func (s *LimitedPriorityLevelConfiguration) AssignPropertiesFrom(src *v1storage.LimitedPriorityLevelConfiguration) error {
	wasUnset, err := propertybag.Pull[bool](&s.PropertyBag, unset)
	if err != nil {
		return err
	}
	switch {
	case src.NominalConcurrencyShares == nil && wasUnset == nil:
		zero := int32(0)
		s.NominalConcurrencyShares = &zero
	case src.NominalConcurrencyShares != nil && *src.NominalConcurrencyShares == 0:
		yes := true
		return propertybag.Add(&s.PropertyBag, explicitZero, &yes)
	}
	return nil
}
