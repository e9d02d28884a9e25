package transporttest_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A storage twin with bags at the root, in spec, in list elements and in
// status.
type widgetTwin struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Spec              widgetTwinSpec          `json:"spec,omitempty"`
	Status            widgetTwinStatus        `json:"status,omitempty"`
}

type widgetTwinSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Size        *string                 `json:"size,omitempty"`
	Parts       []partTwin              `json:"parts,omitempty" hubspoke:"listMapKey=name"`
}

type partTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
}

type widgetTwinStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Ready       *bool                   `json:"ready,omitempty"`
}

// The API version: Size and Parts, and a status field for the status bags.
type widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              widgetSpec   `json:"spec,omitempty"`
	Status            widgetStatus `json:"status,omitempty"`
}

type widgetSpec struct {
	Size  string `json:"size,omitempty"`
	Parts []part `json:"parts,omitempty" hubspoke:"listMapKey=name"`
}

type part struct {
	Name string `json:"name,omitempty"`
}

type widgetStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
	Ready        bool             `json:"ready,omitempty"`
}

func nilIfZero[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

func value[T any](p *T) T {
	var v T
	if p != nil {
		v = *p
	}
	return v
}

// The copies as hubspoke-gen writes them (an omitempty value nil when
// zero), with the bags carried by reflectbags in place of the emitted
// transport: what Check compares them with.
func copyFrom(w *widget, t *widgetTwin) {
	w.Spec = widgetSpec{Size: value(t.Spec.Size)}
	for _, p := range t.Spec.Parts {
		w.Spec.Parts = append(w.Spec.Parts, part{Name: value(p.Name)})
	}
	w.Status.Ready = value(t.Status.Ready)
}

func copyTo(w *widget, t *widgetTwin) {
	t.Spec = widgetTwinSpec{Size: nilIfZero(w.Spec.Size)}
	for _, p := range w.Spec.Parts {
		t.Spec.Parts = append(t.Spec.Parts, partTwin{Name: nilIfZero(p.Name)})
	}
	t.Status = widgetTwinStatus{Ready: nilIfZero(w.Status.Ready)}
}

func from(w *widget, t *widgetTwin) error {
	copyFrom(w, t)
	return reflectbags.Stash(w, t)
}

func to(w *widget, t *widgetTwin) error {
	copyTo(w, t)
	return reflectbags.Recall(t, w)
}

// TestCheck: a transport that carries what reflectbags carries passes; one
// that forgets the bags on the way to the API version, or spec's bag on
// the way back, fails, naming the seed and what differs. (Lists without
// keys, and transports that ignore their fingerprints:
// TestCheckUnkeyedLists, in standin_test.go.)
func TestCheck(t *testing.T) {
	if err := transporttest.Check(transporttest.PairOf("widget", from, to), 300); err != nil {
		t.Errorf("a transport that stashes and recalls as reflectbags does: %v", err)
	}
	for _, c := range []struct {
		name     string
		from, to func(*widget, *widgetTwin) error
		want     string
	}{
		{"no stash", func(w *widget, t *widgetTwin) error { copyFrom(w, t); return nil }, to, "stash: annotation differs"},
		{"spec bag lost", from, func(w *widget, t *widgetTwin) error {
			if err := to(w, t); err != nil {
				return err
			}
			t.Spec.PropertyBag = nil
			return nil
		}, "recall: twins differ"},
	} {
		err := transporttest.Check(transporttest.PairOf(c.name, c.from, c.to), 300)
		if err == nil || !strings.Contains(err.Error(), c.name+": seed ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check says %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// TestCheckUnfillable: a twin with a field of a kind the random fill does
// not make is an error naming the type, not a panic.
func TestCheckUnfillable(t *testing.T) {
	type twin struct {
		Spec struct {
			Done chan bool `json:"-"`
			C    complex64 `json:"c"`
		} `json:"spec"`
	}
	noop := func(*widget, *twin) error { return nil }
	err := transporttest.Check(transporttest.PairOf("odd", noop, noop), 1)
	if err == nil || !strings.Contains(err.Error(), "complex64") {
		t.Errorf("Check says %v, want an error naming complex64", err)
	}
}
