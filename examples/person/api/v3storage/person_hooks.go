// Hand-written: BirthDate changes type from a string in v3 to a structured
// Date in v4. The converter keeps text that is not a canonical date
// (yyyy-mm-dd) in the Date's property bag, so every v3 value survives the
// round trip.

package v3storage

import (
	"fmt"
	"maps"
	"strconv"
	"time"

	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// birthDateText is the key, in v4storage.Date's bag, of v3 text that is not
// a canonical date.
const birthDateText = "BirthDate"

// dateOf converts optional v3 text to a v4 Date: nil stays nil.
func dateOf(text *string) (*v4storage.Date, error) {
	if text == nil {
		return nil, nil
	}
	d, err := birthDateToDate(*text)
	if err != nil {
		return nil, fmt.Errorf("birthDate %q to %T: %w", *text, d, err)
	}
	return &d, nil
}

// textOf converts an optional v4 Date to v3 text: nil stays nil.
func textOf(d *v4storage.Date) (*string, error) {
	if d == nil {
		return nil, nil
	}
	text, err := dateToBirthDate(*d)
	if err != nil {
		return nil, fmt.Errorf("birthDate %T to text: %w", *d, err)
	}
	return &text, nil
}

func birthDateToDate(text string) (v4storage.Date, error) {
	var d v4storage.Date
	if year, month, day, ok := parseDate(text); ok {
		d.Year, d.Month, d.Day = &year, &month, &day
		return d, nil
	}
	kept := text // its own variable: text itself would go to the heap on every call
	err := propertybag.Add(&d.PropertyBag, birthDateText, &kept)
	return d, err
}

func dateToBirthDate(d v4storage.Date) (string, error) {
	if d.PropertyBag.Contains(birthDateText) {
		text, err := propertybag.Get[string](d.PropertyBag, birthDateText)
		if err != nil || text == nil {
			return "", err
		}
		return *text, nil
	}
	if d.Year == nil || d.Month == nil || d.Day == nil {
		return "", nil // an incomplete date has no v3 form
	}
	// Not time.Format: time.Date would move a day out of range (February
	// 30th) to another day, and this text must keep the Date's numbers.
	// What fmt.Sprintf("%04d-%02d-%02d") writes, without its cost.
	text := make([]byte, 0, len("yyyy-mm-dd")) // on the stack
	text = appendZeroPadded(text, *d.Year, 4)
	text = append(text, '-')
	text = appendZeroPadded(text, *d.Month, 2)
	text = append(text, '-')
	text = appendZeroPadded(text, *d.Day, 2)
	return string(text), nil
}

// appendZeroPadded appends n in decimal to b, padded with zeros after its
// sign to width characters, as fmt's %0<width>d writes it.
func appendZeroPadded(b []byte, n, width int) []byte {
	magnitude := uint64(n)
	if n < 0 {
		b = append(b, '-')
		magnitude = -magnitude // right for the most negative int too
		width--
	}
	var buf [20]byte
	digits := strconv.AppendUint(buf[:0], magnitude, 10)
	for range width - len(digits) {
		b = append(b, '0')
	}
	return append(b, digits...)
}

// parseDate reads text written as YYYY-MM-DD (time.DateOnly) naming a real
// day, as time.Parse(time.DateOnly, text) does, without its cost.
func parseDate(text string) (year, month, day int, ok bool) {
	if len(text) != len("yyyy-mm-dd") || text[4] != '-' || text[7] != '-' {
		return 0, 0, 0, false
	}
	year, yearOK := decimal(text[:4])
	month, monthOK := decimal(text[5:7])
	day, dayOK := decimal(text[8:])
	if !yearOK || !monthOK || !dayOK || !realDay(year, month, day) {
		return 0, 0, 0, false
	}
	return year, month, day, true
}

// decimal reads text made of the digits 0 to 9 only (no sign).
func decimal(text string) (n int, ok bool) {
	for _, c := range []byte(text) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// realDay reports whether year, month and day name a real day whose
// yyyy-mm-dd text parseDate reads back: time.Date keeps them as they are
// (it moves February 30th to March), and the year has four digits.
func realDay(year, month, day int) bool {
	t := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	return 0 <= year && year <= 9999 && t.Year() == year && int(t.Month()) == month && t.Day() == day
}

// birthDateV4 is the key, in v3storage's spec bag, of a v4 Date that the v3
// text cannot hold exactly: a date with parts out of range, an incomplete
// date, or a date whose own bag holds values of other versions. Reading the
// text back would give another Date, so the Date itself is kept beside it.
const birthDateV4 = "BirthDateV4"

// The generated copy keeps each side's BirthDate in the other's bag, under
// these keys, since the types differ; the hooks convert it with dateOf and
// textOf instead, and keep only what the conversion cannot
// reproduce (birthDateV4, and the text in the Date's own bag).
const (
	birthDateOfV3 = "BirthDate@v3storage"
	birthDateOfV4 = "BirthDate@v4storage"
)

// AssignPropertiesFrom converts the v4 Date to v3 text, and keeps the v4
// Date in the bag when that text does not read back as the same Date.
func (s *PersonSpec) AssignPropertiesFrom(src *v4storage.PersonSpec) error {
	s.PropertyBag.Remove(birthDateOfV4)
	birthDate, err := textOf(src.BirthDate)
	if err != nil {
		return err
	}
	s.BirthDate = birthDate
	s.PropertyBag.Remove(birthDateV4) // only this hook writes it
	if src.BirthDate == nil {
		return nil
	}
	// The common case, a complete date with nothing in its bag, reads back
	// as itself when it is a real day: no need to parse its text.
	if d := src.BirthDate; len(d.PropertyBag) == 0 && d.Year != nil && d.Month != nil && d.Day != nil && realDay(*d.Year, *d.Month, *d.Day) {
		return nil
	}
	back, err := dateOf(s.BirthDate)
	if err != nil {
		return err
	}
	if back != nil && sameDate(*back, *src.BirthDate) {
		return nil
	}
	return propertybag.Add(&s.PropertyBag, birthDateV4, src.BirthDate)
}

// AssignPropertiesTo converts the v3 text to a v4 Date, and puts back the
// v4 Date kept in the bag when the v3 text is still the one it was
// converted to; a text edited at v3 wins.
func (s *PersonSpec) AssignPropertiesTo(dst *v4storage.PersonSpec) error {
	dst.PropertyBag.Remove(birthDateOfV3)
	birthDate, err := dateOf(s.BirthDate)
	if err != nil {
		return err
	}
	dst.BirthDate = birthDate
	if !dst.PropertyBag.Contains(birthDateV4) {
		return nil
	}
	kept, err := propertybag.Pull[v4storage.Date](&dst.PropertyBag, birthDateV4)
	if err != nil || kept == nil {
		return err
	}
	text, err := dateToBirthDate(*kept)
	if err != nil {
		return err
	}
	current := ""
	if s.BirthDate != nil {
		current = *s.BirthDate
	}
	if text == current {
		dst.BirthDate = kept
	}
	return nil
}

func sameDate(a, b v4storage.Date) bool {
	same := func(x, y *int) bool { return (x == nil && y == nil) || (x != nil && y != nil && *x == *y) }
	return same(a.Year, b.Year) && same(a.Month, b.Month) && same(a.Day, b.Day) && maps.Equal(a.PropertyBag, b.PropertyBag)
}
