package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Meter is a test resource whose spec holds a struct tagged omitzero
// that holds a map, as Cluster API's v1beta2 types hold their selector
// (metav1.LabelSelector `json:"selector,omitempty,omitzero"`). v1 links
// to v2, the hub, which holds the map itself.
//
// A client that removes the one key of the map sends "selector":
// {"match": {}}, which decodes to a selector holding an empty, non-nil
// map: not zero, so it encodes as "selector": {}, which decodes to a zero
// selector, which omitzero drops. What the client reads back is the
// selector as its type writes it, absent: no conversion loses anything.

var meterGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Meter"}

func meterScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(meterGK.WithVersion("v1"), &MeterV1{})
	s.AddKnownTypeWithName(meterGK.WithVersion("v2"), &MeterV2{})
	return s
}

type MeterV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MeterSpec `json:"spec"`
}

type MeterV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MeterTwinSpec `json:"spec"`
}

type MeterTwinSpec struct {
	Match map[string]string `json:"match,omitempty"`
}

type MeterSpec struct {
	Selector MeterSelector `json:"selector,omitempty,omitzero"`
}

type MeterSelector struct {
	Match map[string]string `json:"match,omitempty"`
}

func (*MeterV2) Hub() {}

func (m *MeterV1) DeepCopyObject() runtime.Object { return deepCopy(m) }
func (m *MeterV2) DeepCopyObject() runtime.Object { return deepCopy(m) }

func (m *MeterV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(m, h) }
func (m *MeterV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(m, h) }
func (m *MeterV1) Link() convert.Link {
	return convert.LinkTo((*MeterV1).assignTo, (*MeterV1).assignFrom)
}

func (m *MeterV1) assignTo(dst *MeterV2) error {
	dst.Spec.Match = m.Spec.Selector.Match
	return nil
}

func (m *MeterV1) assignFrom(src *MeterV2) error {
	m.Spec.Selector.Match = src.Spec.Match
	return nil
}

// The update check's client that empties the map of an omitzero struct
// reads back the struct as its type writes it: the check used to require
// the object it sent to survive JSON as it was, and failed with "the v1
// object a client edited does not survive JSON".
func TestUpdateOfOmitzeroStruct(t *testing.T) {
	convtest.RoundTripAll(t, meterScheme(), meterGK, convtest.Seed(bugSeed), convtest.Cases(300))
}
