package transporttest_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The widget's API version without a status field for the status bags.
type bareWidget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              widgetSpec `json:"spec,omitempty"`
	Status            bareStatus `json:"status,omitempty"`
}

type bareStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// renameTwinEntries renames the $twin entries of t's bags to "stale", as a
// transport that does not know the name is reserved would carry them.
func renameTwinEntries(t *widgetTwin) {
	bags := []propertybag.PropertyBag{t.PropertyBag, t.Spec.PropertyBag, t.Status.PropertyBag}
	for _, p := range t.Spec.Parts {
		bags = append(bags, p.PropertyBag)
	}
	for _, b := range bags {
		if text, ok := b["$twin"]; ok {
			delete(b, "$twin")
			b["stale"] = text
		}
	}
}

// TestCheckCatchesEachFault: Check catches a transport that differs from
// reflectbags in any one way, at the step where it differs: an error only
// one way, status bags of its own, a stale $twin entry carried as a
// property, an element the copy loses (both ways alike, so only the round
// trip shows it).
func TestCheckCatchesEachFault(t *testing.T) {
	bareFrom := func(w *bareWidget, t *widgetTwin) error {
		// Drops the status bags where reflectbags fails for want of a field.
		w.Spec = widgetSpec{Size: value(t.Spec.Size)}
		for _, p := range t.Spec.Parts {
			w.Spec.Parts = append(w.Spec.Parts, part{Name: value(p.Name)})
		}
		w.Status.Ready = value(t.Status.Ready)
		bare := *t
		bare.Status.PropertyBag = nil
		return reflectbags.Stash(w, &bare)
	}
	bareTo := func(w *bareWidget, t *widgetTwin) error {
		t.Spec = widgetTwinSpec{Size: nilIfZero(w.Spec.Size)}
		for _, p := range w.Spec.Parts {
			t.Spec.Parts = append(t.Spec.Parts, partTwin{Name: nilIfZero(p.Name)})
		}
		t.Status = widgetTwinStatus{Ready: nilIfZero(w.Status.Ready)}
		return reflectbags.Recall(t, w)
	}
	if err := transporttest.Check(transporttest.PairOf("bare", bareFrom, bareTo), 300); err == nil ||
		!strings.Contains(err.Error(), "bare: seed ") || !strings.Contains(err.Error(), "stash: emitted error <nil>, reflection error") {
		t.Errorf("a stash that fails only by reflection: Check says %v", err)
	}
	for _, c := range []struct {
		name     string
		from, to func(*widget, *widgetTwin) error
		want     string
	}{
		{"refused", from, func(w *widget, t *widgetTwin) error {
			if _, ok := w.Annotations[boundary.Annotation]; ok {
				return errors.New("refused")
			}
			return to(w, t)
		}, "recall: emitted error refused, reflection error <nil>"},
		{"status bags lost", func(w *widget, t *widgetTwin) error {
			err := from(w, t)
			w.Status.PropertyBags = nil
			return err
		}, to, "stash: status bags differ"},
		{"stale entry carried", func(w *widget, t *widgetTwin) error {
			renameTwinEntries(t)
			return from(w, t)
		}, to, "stash: annotation differs"},
		{"last part lost", func(w *widget, t *widgetTwin) error {
			err := from(w, t)
			if n := len(w.Spec.Parts); n > 0 {
				w.Spec.Parts = w.Spec.Parts[:n-1]
			}
			return err
		}, to, "round trip: the twin changed"},
	} {
		err := transporttest.Check(transporttest.PairOf(c.name, c.from, c.to), 300)
		if err == nil || !strings.Contains(err.Error(), c.name+": seed ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check says %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// TestCheckCatchesFailuresOnBothSides: every twin Check makes is a valid
// stored object, which both ways must carry; a copy that refuses one fails
// both the emitted transport and reflectbags (which runs after the same
// copy), and Check says so, naming the step and both errors, at the stash
// and at the recall.
func TestCheckCatchesFailuresOnBothSides(t *testing.T) {
	for _, c := range []struct {
		name     string
		from, to func(*widget, *widgetTwin) error
		want     string
	}{
		{"stash refuses an empty size", func(w *widget, t *widgetTwin) error {
			if t.Spec.Size != nil && *t.Spec.Size == "" {
				return errors.New("spec: size: empty")
			}
			return from(w, t)
		}, to, "stash: emitted error spec: size: empty, reflection error spec: size: empty"},
		{"recall refuses a dotted size", from, func(w *widget, t *widgetTwin) error {
			if strings.Contains(w.Spec.Size, ".") {
				return errors.New("spec: size: a dot")
			}
			return to(w, t)
		}, "recall: emitted error spec: size: a dot, reflection error spec: size: a dot"},
	} {
		err := transporttest.Check(transporttest.PairOf(c.name, c.from, c.to), 300)
		if err == nil || !strings.Contains(err.Error(), c.name+": seed ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check says %v, want an error with %q", c.name, err, c.want)
		}
	}
}
