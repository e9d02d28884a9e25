// Hand-written: v1 has one Name, v2 splits it into FirstName and LastName.
// The generated copy keeps each version's names in the other's bag; these
// hooks show a version the names it lacks, and keep every round trip exact:
// a derived value is dropped from the bag when deriving it again would give
// the same.
//
// The API versions cannot tell an empty name from a missing one, so v1's
// Name is derived loosely, an empty name counting as none (a FirstName ""
// and a LastName "", which a client of the hub can write, give no Name),
// but a stashed Name leaves the bag only when the names derive it exactly.
// (Were the two empty names to give " ", the hub that keeps v1's Name " "
// beside them would read at v1 as the hub without it, and lose it.)

package v1storage

import (
	"strings"

	"example.com/fixtures/person/api/v2storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// AssignPropertiesTo drops the stashed Name when v1's reading of v2's names
// gives it again, and records that there was no Name where it would give
// one.
func (s *PersonSpec) AssignPropertiesTo(dst *v2storage.PersonSpec) error {
	derived := joinNames(dst.FirstName, dst.LastName)
	switch {
	case s.Name == nil && derived != nil:
		return propertybag.Add(&dst.PropertyBag, "Name", new(*string)) // null: no Name
	case s.Name != nil && derived != nil && *s.Name == *derived:
		dst.PropertyBag.Remove("Name")
	}
	return nil
}

// AssignPropertiesFrom shows v2's names as v1's Name, unless the bag holds
// v1's own (or records that there was none).
func (s *PersonSpec) AssignPropertiesFrom(src *v2storage.PersonSpec) error {
	if s.Name == nil && !src.PropertyBag.Contains("Name") {
		s.Name = joinNames(src.FirstName, src.LastName)
	}
	return nil
}

// joinNames is v1's Name for v2's names: those that are not empty, joined
// with a space; nil if there are none.
func joinNames(first, last *string) *string {
	var parts []string
	for _, p := range []*string{first, last} {
		if p != nil && *p != "" {
			parts = append(parts, *p)
		}
	}
	if len(parts) == 0 {
		return nil
	}
	name := strings.Join(parts, " ")
	return &name
}
