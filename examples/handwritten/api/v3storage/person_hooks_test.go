package v3storage

import (
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/examples/handwritten/api/v4storage"
)

// An incomplete v4 Date has no v3 text: v3 shows "", which its API
// version cannot tell from no birthDate, so the storage version gets it
// back as nil. Left so, the Date kept in the bag comes back; a text set at
// v3 wins over it.
func TestIncompleteDateSurvivesUnsetText(t *testing.T) {
	year := 1990
	src := v4storage.PersonSpec{BirthDate: &v4storage.Date{Year: &year}}
	var v3 PersonSpec
	if err := v3.AssignPropertiesFrom(&src); err != nil {
		t.Fatal(err)
	}
	if v3.BirthDate == nil || *v3.BirthDate != "" {
		t.Fatalf("v3 text of an incomplete date: %v, want \"\"", v3.BirthDate)
	}
	for _, c := range []struct {
		name string
		text *string
		want *v4storage.Date
	}{
		{"unset", nil, src.BirthDate},
		{"empty", new(string), src.BirthDate},
		{"set at v3", ptrTo("2001-02-03"), &v4storage.Date{Year: ptrInt(2001), Month: ptrInt(2), Day: ptrInt(3)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			at3 := *v3.DeepCopy()
			at3.BirthDate = c.text
			var back v4storage.PersonSpec
			back.PropertyBag = at3.PropertyBag.DeepCopy()
			if err := at3.AssignPropertiesTo(&back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.BirthDate, c.want) {
				t.Errorf("v4 BirthDate %+v, want %+v", back.BirthDate, c.want)
			}
		})
	}
}

func ptrTo(s string) *string { return &s }

func ptrInt(n int) *int { return &n }
