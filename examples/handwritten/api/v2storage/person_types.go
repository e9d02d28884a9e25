// Package v2storage is the storage twin of API version v2, written by hand:
// the same types with every field optional (a pointer, so that "absent"
// and "empty" stay apart) and a property bag in every struct for the values
// of other versions that v2 has no field for.
//
// +kubebuilder:object:generate=true
// +groupName=crm.hubspoke.dev
package v2storage

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "crm.hubspoke.dev", Version: "v2storage"}

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

	// PropertyBag holds the values of other versions that this version has no field for.
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`

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
	// PropertyBag holds the values of other versions that this version has
	// no field for: v3's names, BirthDate, ResidentialAddress and so on.
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`

	// The fields of v2's PersonSpec, each optional.
	Id         *string `json:"id,omitempty"`
	FirstName  *string `json:"firstName,omitempty"`
	MiddleName *string `json:"middleName,omitempty"`
	LastName   *string `json:"lastName,omitempty"`
}

// PersonStatus is the observed state of a Person.
type PersonStatus struct {
	// PropertyBag holds the values of other versions that this version has no field for.
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`

	// Phase is v2's status.phase, optional.
	Phase *string `json:"phase,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Person{}, &PersonList{})
}
