package convert_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
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

// partial is a version one step from the hub with a field the hub lacks,
// which its step from the hub leaves alone.
type partial struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              spec   `json:"spec"`
	Note              string `json:"note,omitempty"`
}

func (p *partial) DeepCopyObject() runtime.Object {
	c := *p
	p.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	c.Spec = p.Spec.clone()
	return &c
}

func (*partial) Link() convert.Link { return partialLink }

var partialLink = convert.LinkTo(
	func(p *partial, h *hubNode) error { h.Spec = p.Spec; return nil },
	func(p *partial, h *hubNode) error { p.Spec = h.Spec; return nil })

// TestToHubAndFromHubReplaceTheDestination: the result is the conversion
// alone (but for the destination's apiVersion and kind); nothing of what
// the destination held before survives where the steps write nothing.
func TestToHubAndFromHubReplaceTheDestination(t *testing.T) {
	h := sample(&hubNode{}).(*hubNode) // metadata the bare version cannot give
	h.APIVersion = "test.hubspoke.dev/v2"
	if err := convert.ToHub(&bare{Spec: spec{Name: "Minnie"}}, h); err != nil {
		t.Fatal(err)
	}
	if h.Name != "" || h.Labels != nil || h.Spec.Name != "Minnie" || h.APIVersion != "test.hubspoke.dev/v2" {
		t.Errorf("ToHub kept what the hub held before: %+v", h)
	}
	p := &partial{Note: "stale"}
	if err := convert.FromHub(p, h); err != nil {
		t.Fatal(err)
	}
	if p.Note != "" || p.Spec.Name != "Minnie" {
		t.Errorf("FromHub kept what the destination held before: %+v", p)
	}
}

// TestMetadataWithoutANameIsCarried: an object the API server has not
// named yet (a create with generateName, as an admission webhook sees it)
// keeps its metadata on the way to the hub and back, through every step.
func TestMetadataWithoutANameIsCarried(t *testing.T) {
	for _, hops := range []int{1, 4} {
		src := chainObjects(hops)[0]
		src.GetObjectMeta().SetGenerateName("mickey-")
		src.GetObjectMeta().SetLabels(map[string]string{"app": "crm"})
		h := &hubNode{}
		if err := src.(conversion.Convertible).ConvertTo(h); err != nil {
			t.Fatal(err)
		}
		if h.GenerateName != "mickey-" || h.Labels["app"] != "crm" {
			t.Fatalf("%d hops: hub metadata %+v, want the source's generateName and labels", hops, h.ObjectMeta)
		}
		back := chainObjects(hops)[0]
		if err := back.(conversion.Convertible).ConvertFrom(h); err != nil {
			t.Fatal(err)
		}
		if m := back.GetObjectMeta(); m.GetGenerateName() != "mickey-" || m.GetLabels()["app"] != "crm" {
			t.Errorf("%d hops: metadata back from the hub: generateName %q, labels %v", hops, m.GetGenerateName(), m.GetLabels())
		}
	}
}
