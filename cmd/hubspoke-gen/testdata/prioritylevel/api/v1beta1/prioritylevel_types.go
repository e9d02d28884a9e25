// Package v1beta1 holds API version v1beta1.
//
// +kubebuilder:object:generate=true
// +groupName=flowcontrol.apiserver.k8s.io
package v1beta1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "flowcontrol.apiserver.k8s.io", Version: "v1beta1"}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// The shapes of flowcontrol.apiserver.k8s.io/v1beta1's
// PriorityLevelConfiguration (k8s.io/api/flowcontrol/v1beta1/types.go as of
// Kubernetes 1.35), with shorter comments. Kubernetes added
// lendablePercent and borrowingLimitPercent (1.26) and exempt (1.28) to
// every served version at once, so all four versions have them.

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
// +kubebuilder:subresource:status

// PriorityLevelConfiguration represents the configuration of a priority
// level.
type PriorityLevelConfiguration struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// spec is the specification of the desired behavior of a
	// "request-priority".
	// +optional
	Spec PriorityLevelConfigurationSpec `json:"spec,omitempty"`

	// status is the current status of a "request-priority".
	// +optional
	Status PriorityLevelConfigurationStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// PriorityLevelConfigurationList is a list of PriorityLevelConfiguration
// objects.
type PriorityLevelConfigurationList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`

	// items is a list of request-priorities.
	Items []PriorityLevelConfiguration `json:"items"`
}

// PriorityLevelConfigurationSpec specifies the configuration of a priority
// level.
type PriorityLevelConfigurationSpec struct {
	// type indicates whether this priority level is subject to limitation
	// on request execution. "Exempt" means that requests of this priority
	// level are not subject to a limit; "Limited" means that they are.
	Type PriorityLevelEnablement `json:"type"`

	// limited specifies how requests are handled for a Limited priority
	// level. This field must be non-empty if and only if type is "Limited".
	// +optional
	Limited *LimitedPriorityLevelConfiguration `json:"limited,omitempty"`

	// exempt specifies how requests are handled for an exempt priority
	// level. This field MUST be empty if type is "Limited".
	// +optional
	Exempt *ExemptPriorityLevelConfiguration `json:"exempt,omitempty"`
}

// PriorityLevelEnablement indicates whether limits on execution are
// enabled for the priority level.
// +kubebuilder:validation:Enum=Exempt;Limited
type PriorityLevelEnablement string

// Supported priority level enablement values.
const (
	// PriorityLevelEnablementExempt means that requests are not subject to
	// limits.
	PriorityLevelEnablementExempt PriorityLevelEnablement = "Exempt"
	// PriorityLevelEnablementLimited means that requests are subject to
	// limits.
	PriorityLevelEnablementLimited PriorityLevelEnablement = "Limited"
)

// LimitedPriorityLevelConfiguration specifies how to handle requests that
// are subject to limits.
type LimitedPriorityLevelConfiguration struct {
	// assuredConcurrencyShares (ACS) configures the execution limit, which
	// is a limit on the number of requests of this priority level that may
	// be executing at a given time. ACS must be a positive number. The
	// server's concurrency limit (SCL) is divided among the concurrency-
	// controlled priority levels in proportion to their assured
	// concurrency shares. Bigger numbers of ACS mean more reserved
	// concurrent requests (at the expense of every other PL). This field
	// has a default value of 30: 0 means the default.
	AssuredConcurrencyShares int32 `json:"assuredConcurrencyShares"`

	// limitResponse indicates what to do with requests that can not be
	// executed right now.
	LimitResponse LimitResponse `json:"limitResponse,omitempty"`

	// lendablePercent prescribes the fraction of the level's NominalCL that
	// can be borrowed by other priority levels. The value of this field
	// must be between 0 and 100, inclusive, and it defaults to 0.
	// +optional
	LendablePercent *int32 `json:"lendablePercent,omitempty"`

	// borrowingLimitPercent, if present, configures a limit on how many
	// seats this priority level can borrow from other priority levels.
	// When this field is left nil, the limit is effectively infinite.
	// +optional
	BorrowingLimitPercent *int32 `json:"borrowingLimitPercent,omitempty"`
}

// ExemptPriorityLevelConfiguration describes the configurable aspects of
// the handling of exempt requests.
type ExemptPriorityLevelConfiguration struct {
	// nominalConcurrencyShares (NCS) contributes to the computation of the
	// NominalConcurrencyLimit (NominalCL) of this level. The default value
	// of this field is zero.
	// +optional
	NominalConcurrencyShares *int32 `json:"nominalConcurrencyShares,omitempty"`

	// lendablePercent prescribes the fraction of the level's NominalCL that
	// can be borrowed by other priority levels. This value of this field
	// must be between 0 and 100, inclusive, and it defaults to 0.
	// +optional
	LendablePercent *int32 `json:"lendablePercent,omitempty"`
}

// LimitResponse defines how to handle requests that can not be executed
// right now.
type LimitResponse struct {
	// type is "Queue" or "Reject". "Queue" means that requests that can
	// not be executed upon arrival are held in a queue until they can be
	// executed or a queuing limit is reached. "Reject" means that requests
	// that can not be executed upon arrival are rejected.
	Type LimitResponseType `json:"type"`

	// queuing holds the configuration parameters for queuing. This field
	// may be non-empty only if type is "Queue".
	// +optional
	Queuing *QueuingConfiguration `json:"queuing,omitempty"`
}

// LimitResponseType identifies how a Limited priority level handles a
// request that can not be executed right now.
// +kubebuilder:validation:Enum=Queue;Reject
type LimitResponseType string

// Supported limit responses.
const (
	// LimitResponseTypeQueue means that requests that can not be executed
	// right now are queued until they can be executed or a queuing limit
	// is hit.
	LimitResponseTypeQueue LimitResponseType = "Queue"
	// LimitResponseTypeReject means that requests that can not be executed
	// right now are rejected.
	LimitResponseTypeReject LimitResponseType = "Reject"
)

// QueuingConfiguration holds the configuration parameters for queuing.
type QueuingConfiguration struct {
	// queues is the number of queues for this priority level. The default
	// value of this field is 64.
	// +optional
	Queues int32 `json:"queues"`

	// handSize is a small positive number that configures the shuffle
	// sharding of requests into queues. The default value is 8.
	// +optional
	HandSize int32 `json:"handSize"`

	// queueLengthLimit is the maximum number of requests allowed to be
	// waiting in a given queue of this priority level at a time. The
	// default value is 50.
	// +optional
	QueueLengthLimit int32 `json:"queueLengthLimit"`
}

// PriorityLevelConfigurationConditionType is a valid value for
// PriorityLevelConfigurationStatusCondition.Type.
type PriorityLevelConfigurationConditionType string

// PriorityLevelConfigurationStatus represents the current state of a
// "request-priority".
type PriorityLevelConfigurationStatus struct {
	// conditions is the current state of "request-priority".
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []PriorityLevelConfigurationCondition `json:"conditions,omitempty"`

	// PropertyBags holds the values of other versions (hubspoke).
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// PriorityLevelConfigurationCondition defines the condition of priority
// level.
type PriorityLevelConfigurationCondition struct {
	// type is the type of the condition. Required.
	// +optional
	Type PriorityLevelConfigurationConditionType `json:"type,omitempty"`
	// status is the status of the condition. Can be True, False, Unknown.
	// Required.
	// +optional
	Status ConditionStatus `json:"status,omitempty"`
	// lastTransitionTime is the last time the condition transitioned from
	// one status to another.
	// +optional
	LastTransitionTime metav1.Time `json:"lastTransitionTime,omitempty"`
	// reason is a unique, one-word, CamelCase reason for the condition's
	// last transition.
	// +optional
	Reason string `json:"reason,omitempty"`
	// message is a human-readable message indicating details about last
	// transition.
	// +optional
	Message string `json:"message,omitempty"`
}

// ConditionStatus is the status of a condition.
type ConditionStatus string

// The values of ConditionStatus.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

func init() {
	SchemeBuilder.Register(&PriorityLevelConfiguration{}, &PriorityLevelConfigurationList{})
}
