// Package samples holds Mickey, the sample person of the versioning design,
// at the versions the Person example, its tests and its end-to-end suite
// start from. Each call returns a new object.
package samples

import (
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MickeyV3 is Mickey as the versioning design describes him at v3.
func MickeyV3() *v3.Person {
	return &v3.Person{
		TypeMeta:   metav1.TypeMeta{APIVersion: "crm.hubspoke.dev/v3", Kind: "Person"},
		ObjectMeta: metav1.ObjectMeta{Name: "mickey", Namespace: "disney", Labels: map[string]string{"species": "mouse"}},
		Spec: v3.PersonSpec{
			Id:         "1928-11-18-mm",
			FullName:   "Michael Theodore Mouse",
			FamilyName: "Mouse",
			KnownAs:    "Mickey",
			AlphaKey:   "Mouse, Mickey",
			BirthDate:  "1928-11-18",
			ResidentialAddress: &v3.Address{
				Label: "1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA",
			},
		},
		Status: v3.PersonStatus{Phase: "Active"},
	}
}

// MickeyV5 is Mickey at v5, with both addresses.
func MickeyV5() *v5.Person {
	return &v5.Person{
		TypeMeta:   metav1.TypeMeta{APIVersion: "crm.hubspoke.dev/v5", Kind: "Person"},
		ObjectMeta: metav1.ObjectMeta{Name: "mickey", Namespace: "disney", Labels: map[string]string{"species": "mouse"}},
		Spec: v5.PersonSpec{
			Id:         "1928-11-18-mm",
			FullName:   "Michael Theodore Mouse",
			FamilyName: "Mouse",
			KnownAs:    "Mickey",
			SortKey:    "Mouse, Mickey",
			BirthDate:  &v5.Date{Year: 1928, Month: 11, Day: 18},
			MailingAddress: &v5.MailingAddress{
				Street: "PO Box 10000", City: "Lake Buena Vista", Postcode: "FL 32830", Country: "USA",
			},
			ResidentialAddress: &v5.Address{
				Street: "1313 S. Harbor Blvd", City: "Anaheim, CA 92803", Country: "USA",
			},
		},
		Status: v5.PersonStatus{Phase: "Active", LastContacted: "2026-11-20"},
	}
}

// MickeyV1 is Mickey as v1 knows him: an id and two names.
func MickeyV1() *v1.Person {
	return &v1.Person{
		TypeMeta:   metav1.TypeMeta{APIVersion: "crm.hubspoke.dev/v1", Kind: "Person"},
		ObjectMeta: metav1.ObjectMeta{Name: "mickey", Namespace: "disney"},
		Spec:       v1.PersonSpec{Id: "1928-11-18-mm", FirstName: "Mickey", LastName: "Mouse"},
		Status:     v1.PersonStatus{Phase: "Active"},
	}
}
