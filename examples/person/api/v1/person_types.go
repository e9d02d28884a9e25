package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Person is a person known to the CRM, as API version v1 describes it.
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
	// Id identifies the person in the CRM.
	// +optional
	Id string `json:"id,omitempty"`

	// FirstName is the given name.
	// +optional
	FirstName string `json:"firstName,omitempty"`

	// LastName is the family name.
	// +optional
	LastName string `json:"lastName,omitempty"`
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

func init() {
	SchemeBuilder.Register(&Person{}, &PersonList{})
}
