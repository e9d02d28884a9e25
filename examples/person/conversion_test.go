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

// The three generated tests of the versioning design, one line each. The
// full run makes 10,000 objects per version for the round trip; go test
// -short makes 200. A failure prints a seed to replay it (HUBSPOKE_SEED).

func scheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s, err := api.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// labels are address labels that exercise the label ↔ fields hooks: lines,
// empty lines, commas (the city joins its lines with ", "), one line, none.
var labels = convtest.FieldValues("Label",
	"1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA", "a\n\nb", "x, y\nz", "one line", "", "\n",
	"PO Box 1\nSpringfield, IL\nUSA", "Street\nSuburb\nCity\nRegion\nCountry")

// birthDates mix canonical dates with text that is not one.
var birthDates = convtest.FieldValues("BirthDate", "1928-11-18", "2000-02-29", "1928-1-18", "unknown", "")

// TestPersonRoundTrip: every version → hub → the same version, unchanged.
func TestPersonRoundTrip(t *testing.T) {
	convtest.RoundTripAll(t, scheme(t), api.GroupKind, labels, birthDates)
}

// TestPersonReliability: every version converts to every other.
func TestPersonReliability(t *testing.T) {
	convtest.Reliability(t, scheme(t), api.GroupKind, labels, birthDates)
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
