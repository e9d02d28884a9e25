package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Rack: Shelf (visibility_renamed_key_test.go) inside the elements of a
// list. v1's spec.slots[*].box is v2's spec.slots[*].crate, whose name both
// have; v2 adds a free-form map, labels, beside it. The relation's path
// holds a wildcard, which the check fills with the element's index when it
// takes the relation back.

var rackGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Rack"}

func rackScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(rackGK.WithVersion("v1"), &RackV1{})
	s.AddKnownTypeWithName(rackGK.WithVersion("v2"), &RackV2{})
	return s
}

// RackV1 is v1 of Rack: slots that are v1 Shelf specs, a box with a name.
type RackV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RackV1Spec `json:"spec,omitempty"`
}

// RackV1Spec is the spec of RackV1.
type RackV1Spec struct {
	Slots []ShelfV1Spec `json:"slots,omitempty"`
}

// RackV2 is v2 of Rack, the hub: slots that are v2 Shelf specs, a crate
// (v1's box) with a name and labels.
type RackV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RackV2Spec `json:"spec,omitempty"`
}

// RackV2Spec is the spec of RackV2.
type RackV2Spec struct {
	Slots []ShelfV2Spec `json:"slots,omitempty"`
}

// Hub marks RackV2 as the hub.
func (*RackV2) Hub() {}

// DeepCopyObject copies r.
func (r *RackV1) DeepCopyObject() runtime.Object { return deepCopy(r) }

// DeepCopyObject copies r.
func (r *RackV2) DeepCopyObject() runtime.Object { return deepCopy(r) }

// ConvertTo converts r to the hub, each slot as Shelf converts its spec:
// the box is the crate.
func (r *RackV1) ConvertTo(h conversion.Hub) error {
	dst := h.(*RackV2)
	*dst = RackV2{ObjectMeta: *r.ObjectMeta.DeepCopy()}
	for _, s := range r.Spec.Slots {
		dst.Spec.Slots = append(dst.Spec.Slots, s.hub())
	}
	return nil
}

// ConvertFrom converts the hub to r, each slot as Shelf converts its spec:
// it keeps the name and loses the labels, which v1 cannot show.
func (r *RackV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*RackV2)
	*r = RackV1{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	for _, s := range src.Spec.Slots {
		r.Spec.Slots = append(r.Spec.Slots, shelfV1Spec(s))
	}
	return nil
}

// TestVisibilityKeyBesideItsFieldUnderRenameInList: v2's
// spec.slots[0].crate.labels["name"] is no move to v1's
// spec.slots[0].box.name, which shows v2's own spec.slots[0].crate.name:
// the relation spec.slots[*].box → spec.slots[*].crate, taken back, names
// it. Asked at v1's path, the source has nothing there, and the check
// reported the key as a move nothing declares (seed 500003 of hubspoke-gen's
// random histories, before the check took relations back: a renamed
// struct in the elements of a list map, with a field and a map beside it).
func TestVisibilityKeyBesideItsFieldUnderRenameInList(t *testing.T) {
	opts := []convtest.Option{
		convtest.Seed(bugSeed), convtest.Cases(300),
		convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec.slots[*].box", New: "spec.slots[*].crate"}),
	}
	if err := convtest.CheckReliability(rackScheme(), rackGK, "v2", "v1", opts...); err != nil {
		t.Errorf("v2's labels[\"name\"] beside v2's own name, in a list: %v", err)
	}
}
