// Package transportdiff holds the differential test of the bag transport
// that hubspoke-gen writes, on the fixtures whose shapes matter to it:
// kitchen (floats, quantities, times, durations, nested slices; and,
// nested, lists by keys and by index, maps of structs, maps of lists,
// pointers to structs) and optionality (required and omitempty values in spec, status,
// list elements and nested structs), and retyped (enums), pdb (intstr, label
// selectors, conditions), ingress (keyed lists, struct values in status)
// and namedkeys (maps keyed by string types of the version), and paramvalue
// (a type of another package that writes its own JSON, without IsZero,
// whose zero reads back as another value).
package transportdiff

import (
	"testing"

	ingressv1 "example.com/fixtures/ingress/api/v1"
	ingressv1beta1 "example.com/fixtures/ingress/api/v1beta1"
	kitchenv1 "example.com/fixtures/kitchen/api/v1"
	kitchenv2 "example.com/fixtures/kitchen/api/v2"
	namedkeysv1 "example.com/fixtures/namedkeys/api/v1"
	namedkeysv2 "example.com/fixtures/namedkeys/api/v2"
	optionalityv1 "example.com/fixtures/optionality/api/v1"
	optionalityv2 "example.com/fixtures/optionality/api/v2"
	optionalityv3 "example.com/fixtures/optionality/api/v3"
	paramvaluev1 "example.com/fixtures/paramvalue/api/v1"
	paramvaluev2 "example.com/fixtures/paramvalue/api/v2"
	pdbv1 "example.com/fixtures/pdb/api/v1"
	pdbv1beta1 "example.com/fixtures/pdb/api/v1beta1"
	retypedv1 "example.com/fixtures/retyped/api/v1"
	retypedv2 "example.com/fixtures/retyped/api/v2"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
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
	for _, p := range []transporttest.Pair{
		transporttest.PairOf("kitchen/v1", (*kitchenv1.Gadget).AssignProperties_From_Gadget, (*kitchenv1.Gadget).AssignProperties_To_Gadget),
		transporttest.PairOf("kitchen/v2", (*kitchenv2.Gadget).AssignProperties_From_Gadget, (*kitchenv2.Gadget).AssignProperties_To_Gadget),
		transporttest.PairOf("optionality/v1", (*optionalityv1.Widget).AssignProperties_From_Widget, (*optionalityv1.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("optionality/v2", (*optionalityv2.Widget).AssignProperties_From_Widget, (*optionalityv2.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("optionality/v3", (*optionalityv3.Widget).AssignProperties_From_Widget, (*optionalityv3.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("retyped/v1", (*retypedv1.Widget).AssignProperties_From_Widget, (*retypedv1.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("retyped/v2", (*retypedv2.Widget).AssignProperties_From_Widget, (*retypedv2.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("pdb/v1", (*pdbv1.PodDisruptionBudget).AssignProperties_From_PodDisruptionBudget, (*pdbv1.PodDisruptionBudget).AssignProperties_To_PodDisruptionBudget),
		transporttest.PairOf("pdb/v1beta1", (*pdbv1beta1.PodDisruptionBudget).AssignProperties_From_PodDisruptionBudget, (*pdbv1beta1.PodDisruptionBudget).AssignProperties_To_PodDisruptionBudget),
		transporttest.PairOf("ingress/v1", (*ingressv1.Ingress).AssignProperties_From_Ingress, (*ingressv1.Ingress).AssignProperties_To_Ingress),
		transporttest.PairOf("ingress/v1beta1", (*ingressv1beta1.Ingress).AssignProperties_From_Ingress, (*ingressv1beta1.Ingress).AssignProperties_To_Ingress),
		transporttest.PairOf("namedkeys/v1", (*namedkeysv1.Widget).AssignProperties_From_Widget, (*namedkeysv1.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("paramvalue/v1", (*paramvaluev1.Widget).AssignProperties_From_Widget, (*paramvaluev1.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("paramvalue/v2", (*paramvaluev2.Widget).AssignProperties_From_Widget, (*paramvaluev2.Widget).AssignProperties_To_Widget),
		transporttest.PairOf("namedkeys/v2", (*namedkeysv2.Widget).AssignProperties_From_Widget, (*namedkeysv2.Widget).AssignProperties_To_Widget),
	} {
		t.Run(p.Name, func(t *testing.T) {
			if err := transporttest.Check(p, n); err != nil {
				t.Fatal(err)
			}
		})
	}
}
