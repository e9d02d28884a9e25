package v3storage

import (
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
)

// A Date that v3's text cannot hold exactly (February 30th) waits in v3's
// bag and comes back while the text is the one it was shown as; a text
// cleared or changed at v3 wins over it.
func TestKeptDateGivesWayToTextEditedAtV3(t *testing.T) {
	year, month, day := 1928, 2, 30
	src := v4storage.PersonSpec{BirthDate: &v4storage.Date{Year: &year, Month: &month, Day: &day}}
	var v3 PersonSpec
	if err := v3.AssignPropertiesFrom(&src); err != nil {
		t.Fatal(err)
	}
	if v3.BirthDate == nil || *v3.BirthDate != "1928-02-30" || !v3.PropertyBag.Contains(birthDateV4) {
		t.Fatalf("v3 shows %v with bag %v, want the text 1928-02-30 and the Date kept", v3.BirthDate, v3.PropertyBag)
	}
	text := func(s string) *string { return &s }
	n := func(i int) *int { return &i }
	for _, c := range []struct {
		name string
		text *string
		want *v4storage.Date
	}{
		{"unchanged", text("1928-02-30"), src.BirthDate},
		{"cleared", nil, nil},
		{"changed", text("1928-02-28"), &v4storage.Date{Year: n(1928), Month: n(2), Day: n(28)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			at3 := *v3.DeepCopy()
			at3.BirthDate = c.text
			back := v4storage.PersonSpec{PropertyBag: at3.PropertyBag.DeepCopy()}
			if err := at3.AssignPropertiesTo(&back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.BirthDate, c.want) {
				t.Errorf("v4 BirthDate %+v, want %+v", back.BirthDate, c.want)
			}
		})
	}
}
