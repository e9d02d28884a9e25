package transporttest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A gauge, whose API version holds its target by value and whose twin
// holds it through a pointer: a struct of the version's own, which the
// copy always makes in the twin, so that a $twin entry says when the twin
// held none.
type gaugeTwin struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gaugeTwinSpec   `json:"spec,omitempty"`
	Status            gaugeTwinStatus `json:"status,omitempty"`
}

type gaugeTwinSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Target      *gaugeTargetTwin        `json:"target,omitempty"`
}

type gaugeTargetTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
}

type gaugeTwinStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type gauge struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gaugeSpec   `json:"spec,omitempty"`
	Status            gaugeStatus `json:"status,omitempty"`
}

type gaugeSpec struct {
	Target gaugeTarget `json:"target"`
}

type gaugeTarget struct {
	Name string `json:"name"` // required: absent in the twin, shown as ""
}

type gaugeStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// gaugeFrom and gaugeTo play the copies and the transport hubspoke-gen
// writes for the gauge (its recall restores spec's entries, then makes
// the target anew where something lands in it).
func gaugeFrom(a *gauge, t *gaugeTwin) error {
	*a = gauge{TypeMeta: t.TypeMeta, ObjectMeta: t.ObjectMeta}
	if t.Spec.Target != nil {
		a.Spec.Target.Name = value(t.Spec.Target.Name)
	}
	var c boundary.Carrier
	c.Bag("spec", &t.Spec.PropertyBag)
	if t.Spec.Target == nil && a.Spec.Target == (gaugeTarget{}) {
		if err := c.Twin("spec", "target", nil); err != nil {
			return err
		}
	}
	if t.Spec.Target != nil {
		c.Bag("spec.target", &t.Spec.Target.PropertyBag)
		if t.Spec.Target.Name == nil && a.Spec.Target.Name == "" {
			if err := c.Twin("spec.target", "name", nil); err != nil {
				return err
			}
		}
	}
	c.Bag("status", &t.Status.PropertyBag)
	return c.Done(&a.ObjectMeta, &a.Status.PropertyBags)
}

func gaugeCopyTo(a *gauge, t *gaugeTwin) {
	*t = gaugeTwin{TypeMeta: a.TypeMeta, ObjectMeta: a.ObjectMeta}
	name := a.Spec.Target.Name
	t.Spec.Target = &gaugeTargetTwin{Name: &name}
}

func gaugeTo(a *gauge, t *gaugeTwin) error {
	gaugeCopyTo(a, t)
	var r boundary.Carrier
	if err := r.Open(a.Annotations, a.Status.PropertyBags); err != nil {
		return err
	}
	for r.Next() {
		r.Bag("spec", &t.Spec.PropertyBag)
		if err := boundary.Restore(&r, "spec", "target", &t.Spec.Target, a.Spec.Target == (gaugeTarget{}), nil); err != nil {
			return err
		}
		if t.Spec.Target == nil && r.Bag("spec.target", nil) {
			t.Spec.Target = new(gaugeTargetTwin)
		}
		if t.Spec.Target != nil {
			r.Bag("spec.target", &t.Spec.Target.PropertyBag)
			if err := boundary.Restore(&r, "spec.target", "name", &t.Spec.Target.Name, a.Spec.Target.Name == "", nil); err != nil {
				return err
			}
		}
		r.Bag("status", &t.Status.PropertyBag)
	}
	return r.Done(&t.ObjectMeta, nil)
}

// TestCheckNullTwinEntryOfAStruct: the gauge's transport agrees with
// reflectbags on random twins; and on an annotation no stash writes, a
// $twin entry null for the target (the twin held none) beside a bag in
// the target, both keep the bag, in a target made for it that holds
// nothing else (reflectbags dropped it with the target).
func TestCheckNullTwinEntryOfAStruct(t *testing.T) {
	if err := transporttest.Check(transporttest.PairOf("gauge", gaugeFrom, gaugeTo), 300); err != nil {
		t.Errorf("the gauge's transport: %v", err)
	}
	a := &gauge{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{
		boundary.Annotation: `{"spec":{"$twin":{"target":null}},"spec.target":{"X":1}}`,
	}}}
	emitted := &gaugeTwin{}
	if err := gaugeTo(a, emitted); err != nil {
		t.Fatal(err)
	}
	walked := &gaugeTwin{}
	bare := *a
	bare.Annotations = nil
	gaugeCopyTo(&bare, walked)
	if err := reflectbags.Recall(walked, a); err != nil {
		t.Fatal(err)
	}
	if je, jw := jsonOf(t, emitted), jsonOf(t, walked); je != jw {
		t.Errorf("twins differ:\nemitted:    %s\nreflection: %s", je, jw)
	}
	if got, want := jsonOf(t, emitted.Spec.Target), `{"$propertyBag":{"X":"1"}}`; got != want {
		t.Errorf("emitted target %s, want %s", got, want)
	}
}
