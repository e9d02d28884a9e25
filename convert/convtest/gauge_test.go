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

// Gauge is a third test resource, shaped as kubebuilder v4.16 scaffolds
// one: its status is a struct tagged omitzero holding an omitempty list of
// conditions. v1 (API) links to v2, the hub; the conversions copy every
// field as it is.
//
// A status whose list of conditions is empty but not nil is not zero, so
// its JSON is "status": {}; decoded, that is a zero status, which omitzero
// drops. Such an object does not survive JSON, but no conversion ever sees
// one: the webhook decodes every object it converts from JSON.

var gaugeGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Gauge"}

func gaugeScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(gaugeGK.WithVersion("v1"), &GaugeV1{})
	s.AddKnownTypeWithName(gaugeGK.WithVersion("v2"), &GaugeV2{})
	return s
}

type GaugeV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitzero"`
	Spec              GaugeSpec   `json:"spec"`
	Status            GaugeStatus `json:"status,omitzero"`
}

type GaugeV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitzero"`
	Spec              GaugeSpec   `json:"spec"`
	Status            GaugeStatus `json:"status,omitzero"`
}

type GaugeSpec struct {
	Level int32 `json:"level,omitempty"`
}

type GaugeStatus struct {
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
}

func (*GaugeV2) Hub() {}

func (g *GaugeV1) DeepCopyObject() runtime.Object { return deepCopy(g) }
func (g *GaugeV2) DeepCopyObject() runtime.Object { return deepCopy(g) }

func (g *GaugeV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(g, h) }
func (g *GaugeV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(g, h) }
func (g *GaugeV1) Link() convert.Link {
	return convert.LinkTo((*GaugeV1).assignTo, (*GaugeV1).assignFrom)
}

// assignTo and assignFrom move the spec and status: the walk gives them
// private objects.
func (g *GaugeV1) assignTo(dst *GaugeV2) error {
	dst.Spec, dst.Status = g.Spec, g.Status
	return nil
}

func (g *GaugeV1) assignFrom(src *GaugeV2) error {
	g.Spec, g.Status = src.Spec, src.Status
	return nil
}

// Reliability converts the objects the webhook receives: decoded from
// JSON, so never with an empty, non-nil list of conditions (which the
// generator builds for one slice in eight). It used to convert the
// generated object as it was and fail with "does not survive JSON".
func TestReliabilityOfOmitzeroStatus(t *testing.T) {
	g, err := convtest.NewGenerator(gaugeScheme(), gaugeGK)
	if err != nil {
		t.Fatal(err)
	}
	empty := 0
	for seed := range int64(100) {
		obj, err := g.Generate("v1", seed)
		if err != nil {
			t.Fatal(err)
		}
		if c := obj.(*GaugeV1).Status.Conditions; c != nil && len(c) == 0 {
			empty++
		}
	}
	if empty == 0 {
		t.Fatal("of 100 generated objects none has an empty, non-nil list of conditions: the test checks nothing")
	}
	for _, pair := range [][2]string{{"v1", "v2"}, {"v2", "v1"}} {
		if err := convtest.CheckReliability(gaugeScheme(), gaugeGK, pair[0], pair[1], convtest.Seed(bugSeed), convtest.Cases(200)); err != nil {
			t.Errorf("%s → %s: %v", pair[0], pair[1], err)
		}
	}
	convtest.RoundTripAll(t, gaugeScheme(), gaugeGK, raceCases()...)
}
