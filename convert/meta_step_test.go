package convert_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// annotating is a version one step from the hub whose step functions
// change the destination's metadata, as a hook that records something in
// an annotation does.
type annotating struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              spec `json:"spec"`
}

func (a *annotating) DeepCopyObject() runtime.Object {
	c := *a
	a.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	c.Spec = a.Spec.clone()
	return &c
}

func (*annotating) Link() convert.Link { return annotatingLink }

var annotatingLink = convert.LinkTo(
	func(a *annotating, h *hubNode) error {
		h.Spec = a.Spec
		h.Annotations = map[string]string{"step": "to hub"}
		return nil
	},
	func(a *annotating, h *hubNode) error {
		a.Spec = h.Spec
		a.Annotations = map[string]string{"step": "from hub"}
		return nil
	})

// TestStepsMayChangeMetadata: the walk carries ObjectMeta to the next
// object before the step's function runs, so what the function writes
// into the destination's metadata is kept, not overwritten by the source's.
func TestStepsMayChangeMetadata(t *testing.T) {
	src := &annotating{ObjectMeta: metav1.ObjectMeta{Name: "mickey"}, Spec: spec{Name: "Mickey"}}
	h := &hubNode{}
	if err := convert.ToHub(src, h); err != nil {
		t.Fatal(err)
	}
	if h.Name != "mickey" || h.Annotations["step"] != "to hub" {
		t.Errorf("ToHub: hub metadata %+v, want the name carried and the step's annotation", h.ObjectMeta)
	}
	back := &annotating{}
	if err := convert.FromHub(back, h); err != nil {
		t.Fatal(err)
	}
	if back.Name != "mickey" || back.Annotations["step"] != "from hub" {
		t.Errorf("FromHub: metadata %+v, want the name carried and the step's annotation", back.ObjectMeta)
	}
}

// otherHub is a hub that no chain of these tests reaches.
type otherHub struct {
	metav1.TypeMeta `json:",inline"`
	Spec            spec `json:"spec"`
}

func (o *otherHub) DeepCopyObject() runtime.Object { c := *o; return &c }
func (*otherHub) Hub()                             {}

// TestPathToAnotherHubIsNotTheCachedOne: the walk's path is found once per
// source type and hub type; a path found for one hub is not taken towards
// another, which the chain does not reach.
func TestPathToAnotherHubIsNotTheCachedOne(t *testing.T) {
	src := sample(&c2v1{}).(*c2v1)
	if err := convert.ToHub(src, &hubNode{}); err != nil {
		t.Fatal(err)
	}
	o := &otherHub{Spec: spec{Name: "untouched"}}
	err := convert.ToHub(src, o)
	if err == nil || !strings.Contains(err.Error(), "the chain from") || strings.Contains(err.Error(), "panic") {
		t.Fatalf("ToHub towards a hub the chain does not reach: %v, want an error naming the chain", err)
	}
	if o.Spec.Name != "untouched" {
		t.Errorf("the failed ToHub changed the hub: %+v", o.Spec)
	}
	if err := convert.FromHub(&c2v1{}, o); err == nil || !strings.Contains(err.Error(), "the chain from") {
		t.Fatalf("FromHub from a hub the chain does not reach: %v, want an error naming the chain", err)
	}
}
