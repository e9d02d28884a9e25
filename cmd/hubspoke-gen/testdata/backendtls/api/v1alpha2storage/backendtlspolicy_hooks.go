// Hand-written: v1alpha2's targetRef is the first of v1alpha3's
// targetRefs. At v1alpha2 the others stay in the bag under TargetRefs,
// where the generated copy finds v1alpha3's list, and the namespace a
// v1alpha2 reference may name stays in the bag of the first element.

package v1alpha2storage

import (
	"example.com/fixtures/backendtls/api/v1alpha3storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// AssignPropertiesTo puts the targetRef first in targetRefs, before the
// others v1alpha2's bag kept.
func (s *BackendTLSPolicySpec) AssignPropertiesTo(dst *v1alpha3storage.BackendTLSPolicySpec) error {
	if s.TargetRef == nil {
		return nil
	}
	first := v1alpha3storage.LocalPolicyTargetReference{PropertyBag: s.TargetRef.PropertyBag.DeepCopy(), Kind: s.TargetRef.Kind, Name: s.TargetRef.Name}
	if s.TargetRef.Namespace != nil {
		if err := propertybag.Add(&first.PropertyBag, "Namespace", s.TargetRef.Namespace); err != nil {
			return err
		}
	}
	dst.TargetRefs = append([]v1alpha3storage.LocalPolicyTargetReference{first}, dst.TargetRefs...)
	dst.PropertyBag.Remove("TargetRef")
	return nil
}

// AssignPropertiesFrom shows the first of targetRefs as the targetRef and
// keeps the others in the bag.
func (s *BackendTLSPolicySpec) AssignPropertiesFrom(src *v1alpha3storage.BackendTLSPolicySpec) error {
	if len(src.TargetRefs) == 0 {
		return nil
	}
	first := &src.TargetRefs[0]
	ref := &PolicyTargetReference{PropertyBag: first.PropertyBag.DeepCopy(), Kind: first.Kind, Name: first.Name}
	namespace, err := propertybag.Pull[string](&ref.PropertyBag, "Namespace")
	if err != nil {
		return err
	}
	ref.Namespace = namespace
	s.TargetRef = ref
	s.PropertyBag.Remove("TargetRefs")
	if rest := src.TargetRefs[1:]; len(rest) > 0 {
		return propertybag.Add(&s.PropertyBag, "TargetRefs", &rest)
	}
	return nil
}
