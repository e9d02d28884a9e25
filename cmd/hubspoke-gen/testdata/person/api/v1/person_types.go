// Package v1 holds the Person resource at API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=crm.example.com
package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "crm.example.com", Version: "v1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Person is a person known to the CRM.
type Person struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PersonSpec   `json:"spec,omitempty"`
	Status PersonStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// PersonList is a list of Person.
type PersonList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Person `json:"items"`
}

// PersonSpec is the desired state of a Person.
type PersonSpec struct {
	// Name is the whole name.
	// +optional
	Name string `json:"name,omitempty"`

	// Nickname is how the person likes to be addressed.
	// +optional
	// +kubebuilder:validation:MaxLength=20
	Nickname string `json:"nickname,omitempty"`

	// Address is where the person lives.
	// +optional
	Address *Address `json:"address,omitempty"`
}

// Address is a postal address.
type Address struct {
	// +optional
	Street string `json:"street,omitempty"`
	// +optional
	City string `json:"city,omitempty"`
}

// PersonStatus is the observed state of a Person.
type PersonStatus struct {
	// +optional
	Phase string `json:"phase,omitempty"`

	// PropertyBags holds the status values of other versions.
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Person{}, &PersonList{})
}
