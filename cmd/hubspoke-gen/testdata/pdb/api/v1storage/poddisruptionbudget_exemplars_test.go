package v1storage_test

import (
	"example.com/fixtures/pdb/api/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Hand-written: the objects of the golden test the generator writes. A
// v1beta1 budget with an empty selector (no pod) becomes, in v1, a
// selector that matches no pod.
func podDisruptionBudgetExemplars() []runtime.Object {
	minAvailable := intstr.FromString("50%")
	return []runtime.Object{
		&v1beta1.PodDisruptionBudget{
			TypeMeta:   metav1.TypeMeta{APIVersion: "example.com/v1beta1", Kind: "PodDisruptionBudget"},
			ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "ns"},
			Spec: v1beta1.PodDisruptionBudgetSpec{
				MinAvailable: &minAvailable,
				Selector:     &metav1.LabelSelector{},
			},
			Status: v1beta1.PodDisruptionBudgetStatus{
				ObservedGeneration: 3,
				DisruptedPods:      map[string]metav1.Time{"web-0": metav1.Unix(1700000000, 0).Rfc3339Copy()},
				DisruptionsAllowed: 1,
				CurrentHealthy:     3,
				DesiredHealthy:     2,
				ExpectedPods:       3,
				Conditions: []metav1.Condition{{
					Type: "DisruptionAllowed", Status: metav1.ConditionTrue, ObservedGeneration: 3,
					LastTransitionTime: metav1.Unix(1700000000, 0).Rfc3339Copy(), Reason: "SufficientPods",
				}},
			},
		},
	}
}
