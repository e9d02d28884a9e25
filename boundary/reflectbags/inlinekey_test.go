package reflectbags_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A dock whose berths are keyed by a name that an embedded struct holds,
// inline, as encoding/json writes it: the key of each element is read there.
type dockTwin struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dockTwinSpec `json:"spec,omitempty"`
}

type dockTwinSpec struct {
	Berths []berthTwin `json:"berths,omitempty" hubspoke:"listMapKey=name"`
}

type BerthID struct {
	Name *string `json:"name,omitempty"`
}

type berthTwin struct {
	BerthID     `json:",inline"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type dock struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dockSpec `json:"spec,omitempty"`
}

type dockSpec struct {
	Berths []berth `json:"berths,omitempty"`
}

type berth struct {
	Name string `json:"name,omitempty"`
}

// TestKeysInAnEmbeddedStruct: the bags of elements whose list-map key sits
// in a struct they embed inline follow their elements when a client
// reorders the list. With the key not found, every element's path was
// name=null, a path reached twice, whose bags went to neither.
func TestKeysInAnEmbeddedStruct(t *testing.T) {
	name := func(s string) BerthID { return BerthID{Name: &s} }
	src := &dockTwin{Spec: dockTwinSpec{Berths: []berthTwin{
		{BerthID: name("north"), PropertyBag: propertybag.PropertyBag{"Depth": "12"}},
		{BerthID: name("south"), PropertyBag: propertybag.PropertyBag{"Depth": "7"}},
	}}}
	api := &dock{Spec: dockSpec{Berths: []berth{{Name: "north"}, {Name: "south"}}}}
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	if text := api.Annotations[boundary.Annotation]; text == "" {
		t.Fatal("no annotation")
	}
	// The client swaps the berths.
	api.Spec.Berths[0], api.Spec.Berths[1] = api.Spec.Berths[1], api.Spec.Berths[0]
	dst := &dockTwin{ObjectMeta: api.ObjectMeta, Spec: dockTwinSpec{Berths: []berthTwin{{BerthID: name("south")}, {BerthID: name("north")}}}}
	if err := reflectbags.Recall(dst, api); err != nil {
		t.Fatal(err)
	}
	for _, b := range dst.Spec.Berths {
		want := map[string]string{"north": "12", "south": "7"}[*b.Name]
		if b.PropertyBag["Depth"] != want {
			t.Errorf("berth %s: bag %v, want Depth %s (annotation %s)", *b.Name, b.PropertyBag, want, api.Annotations[boundary.Annotation])
		}
	}
}
