// Package v1alpha2 holds API version v1alpha2.
//
// +kubebuilder:object:generate=true
// +groupName=gateway.networking.k8s.io
package v1alpha2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "gateway.networking.k8s.io", Version: "v1alpha2"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// BackendTLSPolicy is Gateway API's, trimmed: one targetRef.
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

// BackendTLSPolicySpec targets one object.
type BackendTLSPolicySpec struct {
	TargetRef PolicyTargetReference `json:"targetRef"`
	// +optional
	Hostname string `json:"hostname,omitempty"`
}

// PolicyTargetReference names an object, maybe of another namespace,
// which v1alpha3's local references cannot.
type PolicyTargetReference struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	// +optional
	Namespace *string `json:"namespace,omitempty"`
}

// PolicyStatus is the status of a policy.
type PolicyStatus struct {
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&BackendTLSPolicy{}, &BackendTLSPolicyList{})
}
