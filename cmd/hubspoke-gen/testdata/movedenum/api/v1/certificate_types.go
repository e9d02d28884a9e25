// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Certificate is the resource of this case.
type Certificate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CertificateSpec   `json:"spec,omitempty"`
	Status CertificateStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// CertificateList is a list of Certificate.
type CertificateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Certificate `json:"items"`
}

// KeyAlgorithm is spelled in lower case in v1, as cert-manager's
// v1alpha2 spells it.
// +kubebuilder:validation:Enum=rsa;ecdsa
type KeyAlgorithm string

// CertificateSpec is the desired state of a Certificate.
type CertificateSpec struct {
	// +optional
	KeyAlgorithm KeyAlgorithm `json:"keyAlgorithm,omitempty"`
	// +optional
	KeySize int `json:"keySize,omitempty"`
}

// CertificateStatus is the observed state of a Certificate.
type CertificateStatus struct {
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Certificate{}, &CertificateList{})
}
