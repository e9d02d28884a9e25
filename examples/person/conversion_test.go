package main

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v2 "github.com/hubspoke/hubspoke/examples/person/api/v2"
	v4 "github.com/hubspoke/hubspoke/examples/person/api/v4"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// The round trip, update and reliability tests are generated
// (api/v5storage/zz_generated.conversion_test.go, with the values of
// api/v5storage/person_options_test.go). The golden tests need exemplars,
// written here. A failure prints a seed to replay it (HUBSPOKE_SEED).

func scheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s, err := api.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPersonGolden: the versions whose conversions hand-written hooks
// adjust (names v2 ↔ v3, BirthDate v3 ↔ v4, ResidentialAddress v3 ↔ v5),
// converted to the latest version and back. Regenerate with
// HUBSPOKE_UPDATE_GOLDEN=1 go -C examples test ./person/.
func TestPersonGolden(t *testing.T) {
	exemplars := []runtime.Object{
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
	for _, exemplar := range exemplars {
		t.Run(exemplar.GetObjectKind().GroupVersionKind().Version, func(t *testing.T) {
			convtest.Golden(t, scheme(t), api.GroupKind, exemplar, convtest.Target("v5"))
		})
	}
}
