package v3

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Person is a person known to the CRM, as API version v3 describes it.
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
//
// +hubspoke:removed=FirstName,MiddleName,LastName
type PersonSpec struct {
	// Id identifies the person in the CRM.
	// +optional
	Id string `json:"id,omitempty"`

	// FullName is the whole legal name, in the order the person uses.
	// +optional
	FullName string `json:"fullName,omitempty"`

	// FamilyName is the name shared with the family.
	// +optional
	FamilyName string `json:"familyName,omitempty"`

	// KnownAs is how the person likes to be addressed.
	// +optional
	KnownAs string `json:"knownAs,omitempty"`

	// AlphaKey is the key the person is sorted by.
	// +optional
	AlphaKey string `json:"alphaKey,omitempty"`

	// BirthDate is the date of birth.
	// +optional
	BirthDate string `json:"birthDate,omitempty"`

	// ResidentialAddress is where the person lives.
	// +optional
	ResidentialAddress *Address `json:"residentialAddress,omitempty"`
}

// PersonStatus is the observed state of a Person.
type PersonStatus struct {
	// Phase is where the person is in the CRM's lifecycle.
	// +optional
	Phase string `json:"phase,omitempty"`

	// PropertyBags holds the status values of other versions that this
	// version has no field for, by path (see package boundary). The API
	// server accepts changes to it only through the status subresource.
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Address is a postal address as a single free-text label.
type Address struct {
	// Label is the address as it is written on an envelope, one line per line.
	// +optional
	Label string `json:"label,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Person{}, &PersonList{})
}
