package v3storage

import (
	"fmt"
	"maps"
	"time"

	"github.com/hubspoke/hubspoke/examples/handwritten/api/v4storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// The BirthDate hook: v3's text becomes v4's structured Date. Text that is
// not a date (yyyy-mm-dd naming a real day) waits in the Date's own bag, and
// a Date that the text cannot hold exactly waits in v3's bag, so that every
// value of either version survives the round trip.

// birthDateText is the key, in a v4storage.Date's bag, of v3 text that is
// not a date.
const birthDateText = "BirthDate"

// birthDateV4 is the key, in v3storage's spec bag, of a v4 Date that does
// not read back from its text: parts out of range, a missing part, or a bag
// of its own.
const birthDateV4 = "BirthDateV4"

// dateOf converts v3's text to a v4 Date; nil stays nil. Text that is not
// a date waits in the Date's bag.
func dateOf(text *string) (*v4storage.Date, error) {
	if text == nil {
		return nil, nil
	}
	var d v4storage.Date
	if t, err := time.Parse(time.DateOnly, *text); err == nil {
		year, month, day := t.Year(), int(t.Month()), t.Day()
		d.Year, d.Month, d.Day = &year, &month, &day
		return &d, nil
	}
	if err := propertybag.Add(&d.PropertyBag, birthDateText, text); err != nil {
		return nil, fmt.Errorf("BirthDate: %w", err)
	}
	return &d, nil
}

// textOf converts a v4 Date to v3's text; nil stays nil. A Date made from
// text that was not a date gives that text back.
func textOf(d *v4storage.Date) (*string, error) {
	if d == nil {
		return nil, nil
	}
	text := ""
	switch {
	case d.PropertyBag.Contains(birthDateText):
		kept, err := propertybag.Get[string](d.PropertyBag, birthDateText)
		if err != nil {
			return nil, fmt.Errorf("BirthDate: %w", err)
		}
		if kept != nil {
			text = *kept
		}
	case d.Year != nil && d.Month != nil && d.Day != nil:
		// Not time.Format, which would move February 30th to March: the
		// text keeps the Date's numbers.
		text = fmt.Sprintf("%04d-%02d-%02d", *d.Year, *d.Month, *d.Day)
	}
	// An incomplete date has no v3 form: "".
	return &text, nil
}

// AssignPropertiesTo converts the v3 text to a v4 Date, and puts back the
// Date kept in the bag if the text is still the one it was converted to (a
// text edited at v3 wins).
func (s *PersonSpec) AssignPropertiesTo(dst *v4storage.PersonSpec) error {
	date, err := dateOf(s.BirthDate)
	if err != nil {
		return err
	}
	dst.BirthDate = date
	if !dst.PropertyBag.Contains(birthDateV4) {
		return nil
	}
	kept, err := propertybag.Pull[v4storage.Date](&dst.PropertyBag, birthDateV4)
	if err != nil || kept == nil {
		return err
	}
	text, err := textOf(kept)
	if err != nil {
		return err
	}
	if s.BirthDate != nil && *text == *s.BirthDate || s.BirthDate == nil && *text == "" {
		dst.BirthDate = kept
	}
	return nil
}

// AssignPropertiesFrom converts the v4 Date to v3 text, and keeps the Date
// in the bag when the text does not read back as the same Date.
func (s *PersonSpec) AssignPropertiesFrom(src *v4storage.PersonSpec) error {
	text, err := textOf(src.BirthDate)
	if err != nil {
		return err
	}
	s.BirthDate = text
	s.PropertyBag.Remove(birthDateV4) // only this hook writes it
	if src.BirthDate == nil {
		return nil
	}
	back, err := dateOf(text)
	if err != nil {
		return err
	}
	if back != nil && sameDate(*back, *src.BirthDate) {
		return nil
	}
	return propertybag.Add(&s.PropertyBag, birthDateV4, src.BirthDate)
}

func sameDate(a, b v4storage.Date) bool {
	same := func(x, y *int) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	return same(a.Year, b.Year) && same(a.Month, b.Month) && same(a.Day, b.Day) && maps.Equal(a.PropertyBag, b.PropertyBag)
}
