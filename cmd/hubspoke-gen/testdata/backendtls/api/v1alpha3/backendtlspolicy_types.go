// Package v1alpha3 holds API version v1alpha3.
//
// +kubebuilder:object:generate=true
// +groupName=gateway.networking.k8s.io
package v1alpha3

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "gateway.networking.k8s.io", Version: "v1alpha3"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// BackendTLSPolicy is Gateway API's, trimmed: a list of targetRefs.
type BackendTLSPolicy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   BackendTLSPolicySpec `json:"spec"`
	Status PolicyStatus         `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// BackendTLSPolicyList is a list of BackendTLSPolicy.
type BackendTLSPolicyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []BackendTLSPolicy `json:"items"`
}

// BackendTLSPolicySpec targets objects: v1alpha2's targetRef is the first,
// by the hooks of v1alpha2storage.
//
// +hubspoke:removed=TargetRef
type BackendTLSPolicySpec struct {
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=16
	TargetRefs []LocalPolicyTargetReference `json:"targetRefs"`
	// +optional
	Hostname string `json:"hostname,omitempty"`
}

// LocalPolicyTargetReference names an object of the policy's namespace.
type LocalPolicyTargetReference struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// PolicyStatus is the status of a policy.
type PolicyStatus struct {
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&BackendTLSPolicy{}, &BackendTLSPolicyList{})
}
