// Package v2 holds the Person resource at API version v2, written by hand:
// the types a client sees, and (in person_conversion.go) the copy to and
// from its storage twin, v2storage.
//
// +kubebuilder:object:generate=true
// +groupName=crm.hubspoke.dev
package v2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "crm.hubspoke.dev", Version: "v2"}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true

// Person is a person known to the CRM, as API version v2 describes it.
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
	Id string `json:"id,omitempty"`
	// FirstName is the given name.
	FirstName string `json:"firstName,omitempty"`
	// MiddleName is the second given name, if any (new in v2).
	MiddleName string `json:"middleName,omitempty"`
	// LastName is the family name.
	LastName string `json:"lastName,omitempty"`
}

// PersonStatus is the observed state of a Person.
type PersonStatus struct {
	// Phase is where the person is in the CRM's lifecycle.
	Phase string `json:"phase,omitempty"`

	// PropertyBags carries the status bags of the storage twin (see
	// reflectbags.Stash): an API version has no bag of its own.
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Person{}, &PersonList{})
}
