package transporttest_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A twin and an API version with a map whose values may be null: a key
// with a null value is part of the stored object, as much as one with a
// value.
type ledgerTwin struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ledgerTwinSpec   `json:"spec,omitempty"`
	Status            ledgerTwinStatus `json:"status,omitempty"`
}

type ledgerTwinSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Notes       map[string]*string      `json:"notes,omitempty"`
}

type ledgerTwinStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type ledger struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ledgerSpec   `json:"spec,omitempty"`
	Status            ledgerStatus `json:"status,omitempty"`
}

type ledgerSpec struct {
	Notes map[string]*string `json:"notes,omitempty"`
}

type ledgerStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func ledgerFrom(a *ledger, t *ledgerTwin) error {
	*a = ledger{TypeMeta: t.TypeMeta, ObjectMeta: t.ObjectMeta, Spec: ledgerSpec{Notes: maps.Clone(t.Spec.Notes)}}
	return reflectbags.Stash(a, t)
}

func ledgerTo(a *ledger, t *ledgerTwin) error {
	*t = ledgerTwin{TypeMeta: a.TypeMeta, ObjectMeta: a.ObjectMeta, Spec: ledgerTwinSpec{Notes: maps.Clone(a.Spec.Notes)}}
	return reflectbags.Recall(t, a)
}

// TestCheckCatchesNullMapValuesOfItsOwn: a transport that puts a key with
// a null value into a map where reflectbags puts none (as generated code
// that restored what it had no value for as null would) fails Check at
// the recall; the round trip alone, which reads null and absent alike,
// would not show it.
func TestCheckCatchesNullMapValuesOfItsOwn(t *testing.T) {
	if err := transporttest.Check(transporttest.PairOf("ledger", ledgerFrom, ledgerTo), 300); err != nil {
		t.Fatalf("the faithful transport: %v", err)
	}
	addsNull := func(a *ledger, t *ledgerTwin) error {
		err := ledgerTo(a, t)
		if _, ok := a.Annotations[boundary.Annotation]; ok && len(t.Spec.Notes) > 0 {
			t.Spec.Notes["restored"] = nil
		}
		return err
	}
	err := transporttest.Check(transporttest.PairOf("adds a null", ledgerFrom, addsNull), 300)
	if err == nil || !strings.Contains(err.Error(), "recall: twins differ") {
		t.Errorf("a recall that adds a null map value: Check says %v, want %q", err, "recall: twins differ")
	}
}
