package v5storage_test

import (
	v2 "github.com/hubspoke/hubspoke/examples/person/api/v2"
	v4 "github.com/hubspoke/hubspoke/examples/person/api/v4"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// personExemplars are the objects of the generated golden test
// (TestPersonGolden): one of each version whose conversions hand-written
// hooks adjust (names v2 ↔ v3, BirthDate v3 ↔ v4, ResidentialAddress
// v3 ↔ v5), converted to the hub and back. Regenerate the files in
// testdata/golden with HUBSPOKE_UPDATE_GOLDEN=1 go -C examples test
// ./person/api/v5storage/ -run Golden.
func personExemplars() []runtime.Object {
	return []runtime.Object{
		samples.MickeyV1(),
		&v2.Person{
			TypeMeta:   metav1.TypeMeta{APIVersion: "crm.hubspoke.dev/v2", Kind: "Person"},
			ObjectMeta: metav1.ObjectMeta{Name: "minnie", Namespace: "disney"},
			Spec:       v2.PersonSpec{Id: "1928-11-18-mn", FirstName: "Minerva", MiddleName: "Minnie", LastName: "Mouse"},
		},
		samples.MickeyV3(),
		&v4.Person{
			TypeMeta:   metav1.TypeMeta{APIVersion: "crm.hubspoke.dev/v4", Kind: "Person"},
			ObjectMeta: metav1.ObjectMeta{Name: "goofy", Namespace: "disney"},
			Spec: v4.PersonSpec{
				Id: "1932-05-25-gg", FullName: "Goofy Goof", FamilyName: "Goof", KnownAs: "Goofy", SortKey: "Goof, Goofy",
				BirthDate:      &v4.Date{Year: 1932, Month: 5, Day: 25},
				MailingAddress: &v4.MailingAddress{Street: "1 Goofy Lane", City: "Spoonerville", Country: "USA"},
			},
		},
	}
}
