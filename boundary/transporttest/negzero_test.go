package transporttest_test

import (
	"math"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A twin with an optional float and an API version that shows it plain:
// absent and zero look alike there, and -0 is zero too (as == says).
type levelTwin struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              levelTwinSpec   `json:"spec,omitempty"`
	Status            levelTwinStatus `json:"status,omitempty"`
}

type levelTwinSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Level       *float64                `json:"level,omitempty"`
}

type levelTwinStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type level struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              levelSpec   `json:"spec,omitempty"`
	Status            levelStatus `json:"status,omitempty"`
}

type levelSpec struct {
	Level float64 `json:"level,omitempty"`
}

type levelStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// levelFrom is the transport hubspoke-gen writes for the pair, with zero
// as the test for what the API version shows as absent.
func levelFrom(zero func(float64) bool) func(*level, *levelTwin) error {
	return func(a *level, t *levelTwin) error {
		*a = level{TypeMeta: t.TypeMeta, ObjectMeta: t.ObjectMeta}
		a.Spec.Level = value(t.Spec.Level)
		var c boundary.Carrier
		c.Bag("spec", &t.Spec.PropertyBag)
		if t.Spec.Level != nil && zero(a.Spec.Level) {
			if err := c.Twin("spec", "level", t.Spec.Level); err != nil {
				return err
			}
		}
		c.Bag("status", &t.Status.PropertyBag)
		return c.Done(&a.ObjectMeta, &a.Status.PropertyBags)
	}
}

func levelTo(a *level, t *levelTwin) error {
	*t = levelTwin{TypeMeta: a.TypeMeta, ObjectMeta: a.ObjectMeta}
	if a.Spec.Level != 0 {
		l := a.Spec.Level
		t.Spec.Level = &l
	}
	var r boundary.Carrier
	if err := r.Open(a.Annotations, a.Status.PropertyBags); err != nil {
		return err
	}
	for r.Next() {
		r.Bag("spec", &t.Spec.PropertyBag)
		if err := boundary.Restore(&r, "spec", "level", &t.Spec.Level, a.Spec.Level == 0, func(v *float64) bool { return *v == 0 }); err != nil {
			return err
		}
		r.Bag("status", &t.Status.PropertyBag)
	}
	return r.Done(&t.ObjectMeta, nil)
}

// TestCheckCatchesNegativeZeroTakenForAValue: the twins Check makes hold
// -0 where they hold floats, so a transport that takes -0 for a value the
// API version shows (and keeps no $twin entry for it) fails Check.
func TestCheckCatchesNegativeZeroTakenForAValue(t *testing.T) {
	if err := transporttest.Check(transporttest.PairOf("level", levelFrom(func(f float64) bool { return f == 0 }), levelTo), 300); err != nil {
		t.Fatalf("the faithful transport: %v", err)
	}
	bits := levelFrom(func(f float64) bool { return math.Float64bits(f) == 0 })
	err := transporttest.Check(transporttest.PairOf("bits", bits, levelTo), 300)
	if err == nil || !strings.Contains(err.Error(), "stash: annotation differs") {
		t.Errorf("a transport that takes -0 for a value: Check says %v, want %q", err, "stash: annotation differs")
	}
}
