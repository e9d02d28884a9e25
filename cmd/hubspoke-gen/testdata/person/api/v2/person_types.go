// Package v2 holds the Person resource at API version v2.
//
// +kubebuilder:object:generate=true
// +groupName=crm.example.com
package v2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "crm.example.com", Version: "v2"}
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

// PersonSpec is the desired state of a Person. Name of v1 is split into
// FirstName and LastName (by the hooks of v1storage).
//
// +hubspoke:removed=Name
type PersonSpec struct {
	// FirstName is the given name (v1 had one Name).
	// +optional
	FirstName string `json:"firstName,omitempty"`

	// LastName is the family name.
	// +optional
	LastName string `json:"lastName,omitempty"`

	// Nickname is how the person likes to be addressed.
	// +optional
	// +kubebuilder:validation:MaxLength=20
	Nickname string `json:"nickname,omitempty"`

	// Age, as the person gives it.
	// +optional
	Age string `json:"age,omitempty"`

	// Tier is the service level.
	// +optional
	Tier Tier `json:"tier,omitempty"`

	// Address is where the person lives.
	// +optional
	Address *Address `json:"address,omitempty"`

	// Contacts are the ways to reach the person, one per kind.
	// +optional
	// +listType=map
	// +listMapKey=kind
	Contacts []Contact `json:"contacts,omitempty"`

	// Accounts are the person's accounts, by name.
	// +optional
	Accounts map[string]Account `json:"accounts,omitempty"`
}

// Tier is a service level.
// +kubebuilder:validation:Enum=Free;Pro
type Tier string

// The tiers.
const (
	TierFree Tier = "Free"
	TierPro  Tier = "Pro"
)

// Address is a postal address.
type Address struct {
	// +optional
	Street string `json:"street,omitempty"`
	// +optional
	City string `json:"city,omitempty"`
}

// Contact is one way to reach a person.
type Contact struct {
	// Kind is phone, email...
	Kind string `json:"kind"`
	// +optional
	Value string `json:"value,omitempty"`
}

// Account is an account of a person.
type Account struct {
	// +optional
	Balance int64 `json:"balance,omitempty"`
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
