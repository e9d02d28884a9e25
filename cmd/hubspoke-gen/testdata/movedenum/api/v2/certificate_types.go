// Package v1 holds API version v2.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v2"}
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

// PrivateKeyAlgorithm is spelled in upper case in v2, as cert-manager's
// v1beta1 spells it.
// +kubebuilder:validation:Enum=RSA;ECDSA
type PrivateKeyAlgorithm string

// CertificateSpec is the desired state of a Certificate.
type CertificateSpec struct {
	// +optional
	PrivateKey *PrivateKey `json:"privateKey,omitempty"`
}

// PrivateKey gathers what v1 said of the key at the top of the spec.
type PrivateKey struct {
	// The same property as v1's keyAlgorithm, moved and spelled otherwise:
	// the generator warns, as for an enum that changes in place.
	// +hubspoke:movedFrom=spec.keyAlgorithm
	// +optional
	Algorithm PrivateKeyAlgorithm `json:"algorithm,omitempty"`
	// Moved, and no change of meaning: no warning.
	// +hubspoke:movedFrom=spec.keySize
	// +optional
	Size int `json:"size,omitempty"`
}

// CertificateStatus is the observed state of a Certificate.
type CertificateStatus struct {
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Certificate{}, &CertificateList{})
}
