package v1storage_test

import (
	"example.com/fixtures/prioritylevel/api/v1"
	"example.com/fixtures/prioritylevel/api/v1beta1"
	"example.com/fixtures/prioritylevel/api/v1beta2"
	"example.com/fixtures/prioritylevel/api/v1beta3"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
)

// Hand-written: the objects of the golden test the generator writes, for
// the meaning of 0 the hooks map: v1beta1's assuredConcurrencyShares of 0
// (the default) and v1beta3's nominalConcurrencyShares of 0 (the default)
// are v1's unset; v1's 0 is no shares, and v1beta3 shows it as 0. One
// object per version: the golden files are named by version.
func priorityLevelConfigurationExemplars() []runtime.Object {
	queue := func(n int32) v1beta1.LimitResponse {
		return v1beta1.LimitResponse{Type: v1beta1.LimitResponseTypeQueue, Queuing: &v1beta1.QueuingConfiguration{Queues: n, HandSize: 6, QueueLengthLimit: 50}}
	}
	return []runtime.Object{
		&v1beta1.PriorityLevelConfiguration{
			TypeMeta:   metav1.TypeMeta{APIVersion: "flowcontrol.apiserver.k8s.io/v1beta1", Kind: "PriorityLevelConfiguration"},
			ObjectMeta: metav1.ObjectMeta{Name: "workload-low"},
			Spec: v1beta1.PriorityLevelConfigurationSpec{
				Type: v1beta1.PriorityLevelEnablementLimited,
				Limited: &v1beta1.LimitedPriorityLevelConfiguration{
					AssuredConcurrencyShares: 0, LimitResponse: queue(128), LendablePercent: ptr.To[int32](90),
				},
			},
		},
		&v1beta2.PriorityLevelConfiguration{
			TypeMeta:   metav1.TypeMeta{APIVersion: "flowcontrol.apiserver.k8s.io/v1beta2", Kind: "PriorityLevelConfiguration"},
			ObjectMeta: metav1.ObjectMeta{Name: "exempt"},
			Spec: v1beta2.PriorityLevelConfigurationSpec{
				Type:   v1beta2.PriorityLevelEnablementExempt,
				Exempt: &v1beta2.ExemptPriorityLevelConfiguration{NominalConcurrencyShares: ptr.To[int32](0), LendablePercent: ptr.To[int32](10)},
			},
		},
		&v1beta3.PriorityLevelConfiguration{
			TypeMeta:   metav1.TypeMeta{APIVersion: "flowcontrol.apiserver.k8s.io/v1beta3", Kind: "PriorityLevelConfiguration"},
			ObjectMeta: metav1.ObjectMeta{Name: "global-default"},
			Spec: v1beta3.PriorityLevelConfigurationSpec{
				Type: v1beta3.PriorityLevelEnablementLimited,
				Limited: &v1beta3.LimitedPriorityLevelConfiguration{
					NominalConcurrencyShares: 20, BorrowingLimitPercent: ptr.To[int32](50),
					LimitResponse: v1beta3.LimitResponse{Type: v1beta3.LimitResponseTypeReject},
				},
			},
		},
		&v1.PriorityLevelConfiguration{
			TypeMeta:   metav1.TypeMeta{APIVersion: "flowcontrol.apiserver.k8s.io/v1", Kind: "PriorityLevelConfiguration"},
			ObjectMeta: metav1.ObjectMeta{Name: "jail"},
			Spec: v1.PriorityLevelConfigurationSpec{
				Type: v1.PriorityLevelEnablementLimited,
				Limited: &v1.LimitedPriorityLevelConfiguration{
					NominalConcurrencyShares: ptr.To[int32](0),
					LimitResponse:            v1.LimitResponse{Type: v1.LimitResponseTypeReject},
				},
			},
		},
	}
}
