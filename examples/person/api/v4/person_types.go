package v4

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Person is a person known to the CRM, as API version v4 describes it.
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
// +hubspoke:removed=ResidentialAddress
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

	// SortKey is the key the person is sorted by (AlphaKey before v4).
	// +hubspoke:renamedFrom=AlphaKey
	// +optional
	SortKey string `json:"sortKey,omitempty"`

	// BirthDate is the date of birth.
	// +optional
	BirthDate *Date `json:"birthDate,omitempty"`

	// MailingAddress is where post goes.
	// +optional
	MailingAddress *MailingAddress `json:"mailingAddress,omitempty"`
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

// Date is a calendar date.
type Date struct {
	// Year, e.g. 1928.
	// +optional
	Year int `json:"year,omitempty"`
	// Month of the year, 1 to 12.
	// +optional
	Month int `json:"month,omitempty"`
	// Day of the month, 1 to 31.
	// +optional
	Day int `json:"day,omitempty"`
}

// MailingAddress is where post goes.
type MailingAddress struct {
	// Street and number.
	// +optional
	Street string `json:"street,omitempty"`
	// City or town.
	// +optional
	City string `json:"city,omitempty"`
	// Postal code.
	// +optional
	Postcode string `json:"postcode,omitempty"`
	// Country.
	// +optional
	Country string `json:"country,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Person{}, &PersonList{})
}
