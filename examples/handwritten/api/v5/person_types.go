// Package v5 holds the Person resource at API version v5, written by hand:
// the types a client sees, and (in person_conversion.go) the copy to and
// from its storage twin, v5storage.
//
// +kubebuilder:object:generate=true
// +groupName=crm.hubspoke.dev
package v5

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "crm.hubspoke.dev", Version: "v5"}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true

// Person is a person known to the CRM, as API version v5 describes it.
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

	// FullName is the whole legal name, in the order the person uses.
	FullName string `json:"fullName,omitempty"`

	// FamilyName is the name shared with the family.
	FamilyName string `json:"familyName,omitempty"`

	// KnownAs is how the person likes to be addressed.
	KnownAs string `json:"knownAs,omitempty"`

	// SortKey is the key the person is sorted by (AlphaKey before v4).
	SortKey string `json:"sortKey,omitempty"`

	// BirthDate is the date of birth.
	BirthDate *Date `json:"birthDate,omitempty"`

	// MailingAddress is where post goes.
	MailingAddress *MailingAddress `json:"mailingAddress,omitempty"`

	// ResidentialAddress is where the person lives.
	ResidentialAddress *Address `json:"residentialAddress,omitempty"`
}

// PersonStatus is the observed state of a Person.
type PersonStatus struct {
	// Phase is where the person is in the CRM's lifecycle.
	Phase string `json:"phase,omitempty"`

	// LastContacted is when the CRM last reached the person (new in v5).
	LastContacted string `json:"lastContacted,omitempty"`

	// PropertyBags carries the status bags of the storage twin (see
	// reflectbags.Stash): an API version has no bag of its own.
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Date is a calendar date.
type Date struct {
	// Year, e.g. 1928.
	Year int `json:"year,omitempty"`
	// Month of the year, 1 to 12.
	Month int `json:"month,omitempty"`
	// Day of the month, 1 to 31.
	Day int `json:"day,omitempty"`
}

// MailingAddress is where post goes.
type MailingAddress struct {
	// Street and number.
	Street string `json:"street,omitempty"`
	// City or town.
	City string `json:"city,omitempty"`
	// Postal code.
	Postcode string `json:"postcode,omitempty"`
	// Country.
	Country string `json:"country,omitempty"`
}

// Address is a structured residential address.
type Address struct {
	// Street and number.
	Street string `json:"street,omitempty"`
	// Suburb or district.
	Suburb string `json:"suburb,omitempty"`
	// City or town, with region and postcode.
	City string `json:"city,omitempty"`
	// Country.
	Country string `json:"country,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Person{}, &PersonList{})
}
