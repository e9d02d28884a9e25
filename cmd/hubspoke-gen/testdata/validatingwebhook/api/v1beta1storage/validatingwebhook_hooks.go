// Hand-written: the defaults that differ between v1beta1 and v1
// (Kubernetes' pkg/apis/admissionregistration/{v1beta1,v1}/defaults.go),
// and the side effects v1 cannot say. An unset value means its version's
// default, so the hooks write the other version's reading of it as a value
// and mark in the bag that it was unset, for the way back:
//
//	property                 v1beta1 unset        v1 unset
//	failurePolicy            Ignore               Fail
//	matchPolicy              Exact                Equivalent
//	timeoutSeconds           30                   10
//	admissionReviewVersions  [v1beta1]            none (required)
//	sideEffects              Unknown              none (required)
//
// v1 allows sideEffects None and NoneOnDryRun only: v1beta1's Unknown and
// Some (which reject dry-run requests, as neither v1 value does) arrive at
// v1 unset, and the value waits in v1's bag for the way back.
//
// The way back to v1beta1 reads each mark in v1's bag only where the way
// to v1 writes it (where v1 shows the value the mark speaks of: v1beta1's
// default, no sideEffects), and the way to v1 writes or removes it there
// afresh. A mark elsewhere, left by a client of v1 that changed the value,
// stays in the bag unread: an update through v1beta1 that changes nothing
// keeps v1's object as it was.

package v1beta1storage

import (
	"slices"

	"example.com/fixtures/validatingwebhook/api/v1storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/utils/ptr"
)

// The marks, each in the bag of the version that shows the value the
// other version left unset or cannot say.
const (
	// <Property>Unset@v1beta1, in v1's bag: v1beta1 left the property
	// unset, and v1 shows v1beta1's default.
	unsetAtV1beta1 = "Unset@v1beta1"
	// <Property>Unset@v1, in v1beta1's bag: v1 left the property unset,
	// and v1beta1 shows v1's default (or, for admissionReviewVersions,
	// which has none in v1, nothing).
	unsetAtV1 = "Unset@v1"
	// In v1's bag: v1beta1's sideEffects (Unknown or Some), which v1 does
	// not allow.
	sideEffectsOfV1beta1 = "SideEffects@v1beta1"
	// In v1beta1's bag: v1 itself held a sideEffects it does not allow
	// (written around its validation), which v1beta1 shows as it is.
	sideEffectsOfV1 = "SideEffects@v1"
	// In v1beta1's bag: v1's admissionReviewVersions was an empty list,
	// not null (v1 has no omitempty).
	admissionReviewVersionsEmpty = "AdmissionReviewVersionsEmpty@v1"
)

// The defaults of each version.
const (
	v1beta1FailurePolicy = "Ignore"
	v1FailurePolicy      = "Fail"
	v1beta1MatchPolicy   = "Exact"
	v1MatchPolicy        = "Equivalent"
	v1beta1Timeout       = int32(30)
	v1Timeout            = int32(10)
	v1beta1ReviewVersion = "v1beta1"
)

// notInV1 reports whether v1's validation refuses a sideEffects value that
// v1beta1 allows.
func notInV1(s string) bool { return s == "Unknown" || s == "Some" }

// AssignPropertiesTo is called last by the generated copy to v1storage:
// what v1beta1 left unset gets v1beta1's default at v1, what v1 left unset
// (marked in the bag by AssignPropertiesFrom) is unset again.
func (s *ValidatingWebhook) AssignPropertiesTo(dst *v1storage.ValidatingWebhook) error {
	bag := &dst.PropertyBag
	if err := defaultToV1(&dst.FailurePolicy, bag, "FailurePolicy", v1beta1FailurePolicy, v1FailurePolicy); err != nil {
		return err
	}
	if err := defaultToV1(&dst.MatchPolicy, bag, "MatchPolicy", v1beta1MatchPolicy, v1MatchPolicy); err != nil {
		return err
	}
	if err := defaultToV1(&dst.TimeoutSeconds, bag, "TimeoutSeconds", v1beta1Timeout, v1Timeout); err != nil {
		return err
	}

	// admissionReviewVersions: v1beta1's unset is [v1beta1]; v1's unset
	// (null or []) comes back as it was.
	wasUnset, err := propertybag.Pull[bool](bag, "AdmissionReviewVersions"+unsetAtV1)
	if err != nil {
		return err
	}
	empty, err := propertybag.Pull[bool](bag, admissionReviewVersionsEmpty)
	if err != nil {
		return err
	}
	switch {
	case len(dst.AdmissionReviewVersions) > 0:
		if slices.Equal(dst.AdmissionReviewVersions, []string{v1beta1ReviewVersion}) {
			bag.Remove("AdmissionReviewVersions" + unsetAtV1beta1) // v1beta1 said it
		}
	case wasUnset != nil && empty != nil && *empty:
		dst.AdmissionReviewVersions = []string{}
	case wasUnset != nil:
		dst.AdmissionReviewVersions = nil
	default:
		dst.AdmissionReviewVersions = []string{v1beta1ReviewVersion}
		if err := propertybag.Add(bag, "AdmissionReviewVersions"+unsetAtV1beta1, ptr.To(true)); err != nil {
			return err
		}
	}

	// sideEffects: v1beta1's unset (Unknown) stays unset, Unknown and Some
	// wait in the bag, unless v1 held them itself.
	own, err := propertybag.Pull[bool](bag, sideEffectsOfV1)
	if err != nil {
		return err
	}
	switch {
	case dst.SideEffects == nil:
		bag.Remove(sideEffectsOfV1beta1) // v1beta1 left it unset
	case notInV1(string(*dst.SideEffects)) && own == nil:
		kept := string(*dst.SideEffects)
		dst.SideEffects = nil
		return propertybag.Add(bag, sideEffectsOfV1beta1, &kept)
	}
	return nil
}

// AssignPropertiesFrom is called last by the generated copy from
// v1storage: what v1 left unset gets v1's default at v1beta1, what v1beta1
// left unset (marked in the bag by AssignPropertiesTo) is unset again.
func (s *ValidatingWebhook) AssignPropertiesFrom(src *v1storage.ValidatingWebhook) error {
	bag := &s.PropertyBag
	if err := defaultFromV1(&s.FailurePolicy, bag, "FailurePolicy", FailurePolicyType(v1beta1FailurePolicy), FailurePolicyType(v1FailurePolicy)); err != nil {
		return err
	}
	if err := defaultFromV1(&s.MatchPolicy, bag, "MatchPolicy", MatchPolicyType(v1beta1MatchPolicy), MatchPolicyType(v1MatchPolicy)); err != nil {
		return err
	}
	if err := defaultFromV1(&s.TimeoutSeconds, bag, "TimeoutSeconds", v1beta1Timeout, v1Timeout); err != nil {
		return err
	}

	// admissionReviewVersions: v1's unset has no default; v1beta1 shows
	// nothing and the bag says whether v1 had null or [].
	switch {
	case len(src.AdmissionReviewVersions) == 0:
		s.AdmissionReviewVersions = nil
		if err := propertybag.Add(bag, "AdmissionReviewVersions"+unsetAtV1, ptr.To(true)); err != nil {
			return err
		}
		if err := propertybag.Add(bag, admissionReviewVersionsEmpty, ptr.To(src.AdmissionReviewVersions != nil)); err != nil {
			return err
		}
	case slices.Equal(src.AdmissionReviewVersions, []string{v1beta1ReviewVersion}):
		wasUnset, err := propertybag.Pull[bool](bag, "AdmissionReviewVersions"+unsetAtV1beta1)
		if err != nil {
			return err
		}
		if wasUnset != nil {
			s.AdmissionReviewVersions = nil
		}
	}

	// sideEffects: v1beta1's Unknown or Some, kept in v1's bag, comes back
	// where v1 has none; one v1 held itself is marked to stay.
	switch {
	case s.SideEffects == nil:
		kept, err := propertybag.Pull[string](bag, sideEffectsOfV1beta1)
		if err != nil || kept == nil {
			return err
		}
		s.SideEffects = ptr.To(SideEffectClass(*kept))
	case notInV1(string(*s.SideEffects)):
		return propertybag.Add(bag, sideEffectsOfV1, ptr.To(true))
	}
	return nil
}

// defaultToV1 maps a property that v1beta1 (copied into *v) left unset to
// v1beta1's default, marking it in v1's bag, and v1's default back to unset
// where the bag says v1 left it unset. Where v1beta1 said its default
// itself, it removes the mark (one a client of v1 left).
func defaultToV1[T comparable](v **T, bag *propertybag.PropertyBag, property string, v1beta1Default, v1Default T) error {
	wasUnset, err := propertybag.Pull[bool](bag, property+unsetAtV1)
	if err != nil {
		return err
	}
	switch {
	case *v == nil:
		*v = ptr.To(v1beta1Default)
		return propertybag.Add(bag, property+unsetAtV1beta1, ptr.To(true))
	case wasUnset != nil && **v == v1Default:
		*v = nil
	case **v == v1beta1Default:
		bag.Remove(property + unsetAtV1beta1)
	}
	return nil
}

// defaultFromV1 is the inverse of defaultToV1: a property v1 (copied into
// *v) left unset gets v1's default, marked in v1beta1's bag, and v1beta1's
// default goes back to unset where the bag says v1beta1 left it unset. It
// reads the mark only there, where v1 shows v1beta1's default.
func defaultFromV1[T comparable](v **T, bag *propertybag.PropertyBag, property string, v1beta1Default, v1Default T) error {
	switch {
	case *v == nil:
		*v = ptr.To(v1Default)
		return propertybag.Add(bag, property+unsetAtV1, ptr.To(true))
	case **v == v1beta1Default:
		wasUnset, err := propertybag.Pull[bool](bag, property+unsetAtV1beta1)
		if err != nil || wasUnset == nil {
			return err
		}
		*v = nil
	}
	return nil
}
