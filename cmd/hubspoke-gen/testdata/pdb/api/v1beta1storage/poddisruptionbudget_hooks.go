// Hand-written: an empty selector ({}) selects no pods in policy/v1beta1
// and every pod of the namespace in policy/v1. As Kubernetes does
// (pkg/apis/policy/v1beta1/conversion.go), v1beta1's empty selector
// becomes, in v1, a selector that matches no pod, and a selector of
// v1beta1 that matches every pod becomes v1's empty selector; the way back
// does the inverse.

package v1beta1storage

import (
	"example.com/fixtures/pdb/api/v1storage"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// pdbV1beta1Label is the label key of the selectors that say, in one
// version, what an empty selector says in the other.
const pdbV1beta1Label = "pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match"

var (
	// v1MatchNone is v1's selector for v1beta1's empty one: no pod.
	v1MatchNone = &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{{
		Key: pdbV1beta1Label, Operator: metav1.LabelSelectorOpDoesNotExist,
	}}}
	// v1beta1MatchAll is v1beta1's selector for v1's empty one: every pod.
	v1beta1MatchAll = &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{{
		Key: pdbV1beta1Label, Operator: metav1.LabelSelectorOpExists,
	}}}
	// matchEmpty is the empty selector.
	matchEmpty = &metav1.LabelSelector{}
)

// AssignPropertiesTo is called last by the generated copy to v1storage,
// which copied the selector as it is.
func (s *PodDisruptionBudgetSpec) AssignPropertiesTo(dst *v1storage.PodDisruptionBudgetSpec) error {
	switch {
	case s.Selector == nil:
	case apiequality.Semantic.DeepEqual(s.Selector, matchEmpty):
		dst.Selector = v1MatchNone.DeepCopy()
	case apiequality.Semantic.DeepEqual(s.Selector, v1beta1MatchAll):
		dst.Selector = &metav1.LabelSelector{}
	}
	return nil
}

// AssignPropertiesFrom is called last by the generated copy from
// v1storage, which copied the selector as it is.
func (s *PodDisruptionBudgetSpec) AssignPropertiesFrom(src *v1storage.PodDisruptionBudgetSpec) error {
	switch {
	case src.Selector == nil:
	case apiequality.Semantic.DeepEqual(src.Selector, v1MatchNone):
		s.Selector = &metav1.LabelSelector{}
	case apiequality.Semantic.DeepEqual(src.Selector, matchEmpty):
		s.Selector = v1beta1MatchAll.DeepCopy()
	}
	return nil
}
