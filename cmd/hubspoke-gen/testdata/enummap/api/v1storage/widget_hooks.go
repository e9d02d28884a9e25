// Hand-written: v1 names a widget's color (Red), v2 gives its letter (R).
// The hooks map one to the other. A value outside both enums goes across
// as it is; so does a value of one version that is the other version's
// spelling (a v1 object written around its validation with "R"), which a
// mark in the bag keeps from being mapped on the way back, unless a client
// changed it.

package v1storage

import (
	"example.com/fixtures/enummap/api/v2storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// colorAsIs marks, in the bag of the version a value went to, a color that
// went across as it is although the way back would map it: its value.
const colorAsIs = "ColorAsIs"

// letters maps v1's colors to v2's letters.
var letters = map[Color]v2storage.Color{
	"Red":   "R",
	"Green": "G",
	"Blue":  "B",
}

// names maps v2's letters to v1's colors.
func names(c v2storage.Color) (Color, bool) {
	for n, l := range letters {
		if l == c {
			return n, true
		}
	}
	return "", false
}

// AssignPropertiesTo shows v1's color as v2's letter.
func (s *WidgetSpec) AssignPropertiesTo(dst *v2storage.WidgetSpec) error {
	kept, err := propertybag.Pull[string](&dst.PropertyBag, colorAsIs)
	if err != nil || s.Color == nil || kept != nil && *kept == string(*s.Color) {
		return err
	}
	if l, ok := letters[*s.Color]; ok {
		dst.Color = &l
		return nil
	}
	if _, ok := names(v2storage.Color(*s.Color)); ok {
		kept := string(*s.Color)
		return propertybag.Add(&dst.PropertyBag, colorAsIs, &kept)
	}
	return nil
}

// AssignPropertiesFrom shows v2's letter as v1's color.
func (s *WidgetSpec) AssignPropertiesFrom(src *v2storage.WidgetSpec) error {
	kept, err := propertybag.Pull[string](&s.PropertyBag, colorAsIs)
	if err != nil || src.Color == nil || kept != nil && *kept == string(*src.Color) {
		return err
	}
	if n, ok := names(*src.Color); ok {
		s.Color = &n
		return nil
	}
	if _, ok := letters[Color(*src.Color)]; ok {
		kept := string(*src.Color)
		return propertybag.Add(&s.PropertyBag, colorAsIs, &kept)
	}
	return nil
}
