// Package transportdiff holds the differential test of the bag transport
// that hubspoke-gen writes, on the fixtures whose shapes matter to it:
// nested (lists by keys and by index, maps of structs, maps of lists,
// pointers to structs), kitchen (floats, quantities, times, durations, nested
// slices) and optionality (required and omitempty values in spec, status,
// list elements and nested structs).
package transportdiff

import (
	"testing"

	kitchenv1 "example.com/fixtures/kitchen/api/v1"
	kitchenv2 "example.com/fixtures/kitchen/api/v2"
	nestedv1 "example.com/fixtures/nested/api/v1"
	nestedv2 "example.com/fixtures/nested/api/v2"
	optionalityv1 "example.com/fixtures/optionality/api/v1"
	optionalityv2 "example.com/fixtures/optionality/api/v2"
	optionalityv3 "example.com/fixtures/optionality/api/v3"
)

// TestTransportMatchesReflection: for random storage twins, the emitted
// transport of every API version of the fixtures gives the same annotation
// and status bags as boundary/reflectbags, byte for byte, restores the same
// twin after the object has been through JSON, and that twin is the one it
// started from.
func TestTransportMatchesReflection(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 500
	}
	for _, p := range []transportPair{
		pairOf("nested/v1", (*nestedv1.Widget).AssignProperties_From_Widget, (*nestedv1.Widget).AssignProperties_To_Widget),
		pairOf("nested/v2", (*nestedv2.Widget).AssignProperties_From_Widget, (*nestedv2.Widget).AssignProperties_To_Widget),
		pairOf("kitchen/v1", (*kitchenv1.Gadget).AssignProperties_From_Gadget, (*kitchenv1.Gadget).AssignProperties_To_Gadget),
		pairOf("kitchen/v2", (*kitchenv2.Gadget).AssignProperties_From_Gadget, (*kitchenv2.Gadget).AssignProperties_To_Gadget),
		pairOf("optionality/v1", (*optionalityv1.Widget).AssignProperties_From_Widget, (*optionalityv1.Widget).AssignProperties_To_Widget),
		pairOf("optionality/v2", (*optionalityv2.Widget).AssignProperties_From_Widget, (*optionalityv2.Widget).AssignProperties_To_Widget),
		pairOf("optionality/v3", (*optionalityv3.Widget).AssignProperties_From_Widget, (*optionalityv3.Widget).AssignProperties_To_Widget),
	} {
		t.Run(p.name, func(t *testing.T) { checkTransport(t, p, n) })
	}
}
