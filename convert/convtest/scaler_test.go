package convtest_test

import (
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Scaler is a test resource for enums that share their Go name with free
// text, as HorizontalPodAutoscaler's do: v1 (API) links to v2, the hub.
// Both hold metrics, whose Type is a discriminator (an enum: Resource,
// Pods, External), conditions, whose Type is any text, and a list of IP
// families (an enum list: IPv4, IPv6). v1 spells the metric type Pods and
// the family IPv6 as the hub does not, pods and ipv6; the conversions swap
// each pair both ways, and leave every other value as it is (a bijection,
// so that nothing is lost). Switchable bugs (scalerBug): scalerPods makes
// the hub → v1 conversion spell the hub's pods Pod, scalerFamily makes it
// spell the hub's ipv6 IPv4. Random strings never hold an upper-case
// letter, so only values drawn from the enums meet either.

var scalerGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Scaler"}

func scalerScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(scalerGK.WithVersion("v1"), &ScalerV1{})
	s.AddKnownTypeWithName(scalerGK.WithVersion("v2"), &ScalerV2{})
	return s
}

type ScalerSpec struct {
	Metrics    []ScalerMetric    `json:"metrics,omitempty"`
	Conditions []ScalerCondition `json:"conditions,omitempty"`
	Families   []ScalerFamily    `json:"families,omitempty"`
}

// ScalerMetric's Type is the enum, qualified as "ScalerMetric.Type".
type ScalerMetric struct {
	Type string `json:"type,omitempty"`
	Name string `json:"name,omitempty"`
}

// ScalerCondition's Type is free text.
type ScalerCondition struct {
	Type    string `json:"type,omitempty"`
	Message string `json:"message,omitempty"`
}

// ScalerFamily is an IP family (+kubebuilder:validation:Enum=IPv4;IPv6).
type ScalerFamily string

type ScalerV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ScalerSpec `json:"spec,omitempty"`
}

type ScalerV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ScalerSpec `json:"spec,omitempty"`
}

func (*ScalerV2) Hub() {}

const (
	scalerPods int32 = iota + 1
	scalerFamily
)

var scalerBug atomic.Int32

func withScalerBug(t *testing.T, bug int32) {
	t.Helper()
	scalerBug.Store(bug)
	t.Cleanup(func() { scalerBug.Store(0) })
}

func (s *ScalerV1) DeepCopyObject() runtime.Object { return deepCopy(s) }
func (s *ScalerV2) DeepCopyObject() runtime.Object { return deepCopy(s) }

func (s *ScalerV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(s, h) }
func (s *ScalerV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(s, h) }
func (s *ScalerV1) Link() convert.Link {
	return convert.LinkTo((*ScalerV1).assignTo, (*ScalerV1).assignFrom)
}

func (s *ScalerV1) assignTo(dst *ScalerV2) error {
	dst.ObjectMeta = *s.ObjectMeta.DeepCopy()
	dst.Spec = scalerSpec(s.Spec, false)
	return nil
}

func (s *ScalerV1) assignFrom(src *ScalerV2) error {
	s.ObjectMeta = *src.ObjectMeta.DeepCopy()
	s.Spec = scalerSpec(src.Spec, true)
	return nil
}

// scalerSpec copies spec, swapping Pods and pods in the metrics' types and
// IPv6 and ipv6 in the families; toV1 is the hub → v1 direction, where the
// bugs are.
func scalerSpec(spec ScalerSpec, toV1 bool) ScalerSpec {
	swap := func(s, a, b string) string {
		switch s {
		case a:
			return b
		case b:
			return a
		}
		return s
	}
	var out ScalerSpec
	if spec.Metrics != nil {
		out.Metrics = make([]ScalerMetric, len(spec.Metrics))
		for i, m := range spec.Metrics {
			m.Type = swap(m.Type, "Pods", "pods")
			if toV1 && scalerBug.Load() == scalerPods && m.Type == "Pods" {
				m.Type = "Pod" // the bug
			}
			out.Metrics[i] = m
		}
	}
	if spec.Conditions != nil {
		out.Conditions = append([]ScalerCondition{}, spec.Conditions...)
	}
	if spec.Families != nil {
		out.Families = make([]ScalerFamily, len(spec.Families))
		for i, f := range spec.Families {
			f = ScalerFamily(swap(string(f), "IPv6", "ipv6"))
			if toV1 && scalerBug.Load() == scalerFamily && f == "IPv6" {
				f = "IPv4" // the bug
			}
			out.Families[i] = f
		}
	}
	return out
}

// scalerEnumValues are the options hubspoke-gen writes for Scaler: Type is
// an enum in ScalerMetric and free text in ScalerCondition, so it is
// qualified; Families is a list of enum values.
var scalerEnumValues = []convtest.Option{
	convtest.FieldValues("ScalerMetric.Type", "External", "Pods", "Resource", "unlisted-value", ""),
	convtest.FieldValues("Families", "IPv4", "IPv6", "unlisted-value", ""),
}

// scalerSkips exempt the swapped spellings from the visibility check: they
// arrive, spelled as the other version spells them.
var scalerSkips = []convtest.Option{
	convtest.SkipVisibility("spec.metrics[*].type", "v1 spells the hub's pods Pods"),
	convtest.SkipVisibility("spec.families[*]", "v1 spells the hub's ipv6 IPv6"),
}

// The healthy Scaler passes every check, with the generated options too.
func TestScaler(t *testing.T) {
	opts := append(append(raceCases(), scalerEnumValues...), scalerSkips...)
	convtest.RoundTripAll(t, scalerScheme(), scalerGK, opts...)
	convtest.Reliability(t, scalerScheme(), scalerGK, opts...)
}

// A hook that mishandles a value of a discriminator enum whose Go name
// free-text fields share (Pods read back as Pod) is caught with the
// qualified FieldValues; random strings never meet it.
func TestQualifiedFieldValuesCatchDiscriminatorBug(t *testing.T) {
	withScalerBug(t, scalerPods)
	if err := convtest.CheckRoundTrip(scalerScheme(), scalerGK, "v1", bugOpts()...); err != nil {
		t.Fatalf("random strings met the bug: %v", err)
	}
	f := mustFail(t, convtest.CheckRoundTrip(scalerScheme(), scalerGK, "v1", append(bugOpts(), scalerEnumValues...)...),
		"round trip v1 → hub (v2) → v1 of Scaler.convtest.hubspoke.dev failed",
	)
	mustDiff(t, f.Error(), `Type: "Pods"`, `Type: "Pod"`)
	if m := f.Counterexample.(*ScalerV1).Spec.Metrics; len(m) != 1 || m[0].Type != "Pods" {
		t.Errorf("counter-example metrics %+v: want the shrunk one of type Pods", m)
	}
}

// A hook that mishandles an element of a list of enum values (IPv6 read
// back as IPv4) is caught when FieldValues fills the list's elements.
func TestFieldValuesCatchEnumListBug(t *testing.T) {
	withScalerBug(t, scalerFamily)
	if err := convtest.CheckRoundTrip(scalerScheme(), scalerGK, "v1", bugOpts()...); err != nil {
		t.Fatalf("random strings met the bug: %v", err)
	}
	f := mustFail(t, convtest.CheckRoundTrip(scalerScheme(), scalerGK, "v1", append(bugOpts(), scalerEnumValues...)...),
		"round trip v1 → hub (v2) → v1 of Scaler.convtest.hubspoke.dev failed",
	)
	mustDiff(t, f.Error(), `"IPv6"`, `"IPv4"`)
	if fam := f.Counterexample.(*ScalerV1).Spec.Families; len(fam) != 1 || fam[0] != "IPv6" {
		t.Errorf("counter-example families %q: want the shrunk [IPv6]", fam)
	}
}
