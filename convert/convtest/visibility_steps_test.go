package convtest_test

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Relay: a chain of three steps on one way, v1 → v2 → v3 (the hub), and a
// branch v1alpha1 → v3. One step swaps spec.x and spec.y (relaySwap says
// which), the others copy, so a relation applied at the wrong step, or not
// at all, expects each value in the other field. Every conversion is right
// for the relation that declares its swap.

var relayGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Relay"}

func relayScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(relayGK.WithVersion("v1"), &RelayV1{})
	s.AddKnownTypeWithName(relayGK.WithVersion("v2"), &RelayV2{})
	s.AddKnownTypeWithName(relayGK.WithVersion("v3"), &RelayV3{})
	s.AddKnownTypeWithName(relayGK.WithVersion("v1alpha1"), &RelayV1Alpha1{})
	return s
}

// relaySwap names the step that swaps: "v1" (v1 → v2) or "v2" (v2 → v3).
var relaySwap atomic.Value

func withRelaySwap(t *testing.T, step string) {
	t.Helper()
	relaySwap.Store(step)
	t.Cleanup(func() { relaySwap.Store("") })
}

type RelaySpec struct {
	X string `json:"x,omitempty"`
	Y string `json:"y,omitempty"`
}

// swapped returns s with x and y swapped when step is the swapping one.
func (s RelaySpec) swapped(step string) RelaySpec {
	if relaySwap.Load() == step {
		return RelaySpec{X: s.Y, Y: s.X}
	}
	return s
}

type RelayV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RelaySpec `json:"spec,omitempty"`
}

type RelayV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RelaySpec `json:"spec,omitempty"`
}

type RelayV3 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RelaySpec `json:"spec,omitempty"`
}

type RelayV1Alpha1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RelaySpec `json:"spec,omitempty"`
}

func (*RelayV3) Hub() {}

func (r *RelayV1) DeepCopyObject() runtime.Object       { return deepCopy(r) }
func (r *RelayV2) DeepCopyObject() runtime.Object       { return deepCopy(r) }
func (r *RelayV3) DeepCopyObject() runtime.Object       { return deepCopy(r) }
func (r *RelayV1Alpha1) DeepCopyObject() runtime.Object { return deepCopy(r) }

func (r *RelayV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(r, h) }
func (r *RelayV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(r, h) }
func (r *RelayV1) Link() convert.Link {
	return convert.LinkTo(func(src *RelayV1, dst *RelayV2) error {
		dst.Spec = src.Spec.swapped("v1")
		return nil
	}, func(dst *RelayV1, src *RelayV2) error {
		dst.Spec = src.Spec.swapped("v1")
		return nil
	})
}

func (r *RelayV2) ConvertTo(h conversion.Hub) error   { return convert.ToHub(r, h) }
func (r *RelayV2) ConvertFrom(h conversion.Hub) error { return convert.FromHub(r, h) }
func (r *RelayV2) Link() convert.Link {
	return convert.LinkTo(func(src *RelayV2, dst *RelayV3) error {
		dst.Spec = src.Spec.swapped("v2")
		return nil
	}, func(dst *RelayV2, src *RelayV3) error {
		dst.Spec = src.Spec.swapped("v2")
		return nil
	})
}

func (r *RelayV1Alpha1) ConvertTo(h conversion.Hub) error {
	*h.(*RelayV3) = RelayV3{ObjectMeta: *r.ObjectMeta.DeepCopy(), Spec: r.Spec}
	return nil
}

func (r *RelayV1Alpha1) ConvertFrom(h conversion.Hub) error {
	src := h.(*RelayV3)
	*r = RelayV1Alpha1{ObjectMeta: *src.ObjectMeta.DeepCopy(), Spec: src.Spec}
	return nil
}

// swapAt declares the swap of the step from one version to the next.
func swapAt(from, to string) convtest.Option {
	return convtest.Related(
		convtest.Relation{From: from, To: to, Old: "spec.x", New: "spec.y"},
		convtest.Relation{From: from, To: to, Old: "spec.y", New: "spec.x"},
	)
}

// TestVisibilityRelationsAtTheirStep: a relation holds for the conversions
// that pass through both its versions, in either direction, and at the step
// where they do: from the start of a longer path, at its end, and not for a
// conversion that reaches one of its versions without passing the other.
func TestVisibilityRelationsAtTheirStep(t *testing.T) {
	opts := func(more ...convtest.Option) []convtest.Option {
		return append([]convtest.Option{convtest.Seed(bugSeed), convtest.Cases(40)}, more...)
	}
	for _, tc := range []struct {
		swap, from, to string // the swapping step, and the versions of the relation
		pairs          [][2]string
	}{
		// v1 → v2 goes up to the hub and back down to v2: the relation
		// holds at the step up, once.
		{"v1", "v1", "v2", [][2]string{{"v1", "v3"}, {"v3", "v1"}, {"v3", "v2"}, {"v2", "v1"}, {"v1", "v2"}}},
		{"v2", "v2", "v3", [][2]string{{"v1", "v3"}, {"v3", "v1"}, {"v1", "v2"}, {"v3", "v2"}}},
	} {
		withRelaySwap(t, tc.swap)
		for _, p := range tc.pairs {
			if err := convtest.CheckReliability(relayScheme(), relayGK, p[0], p[1], opts(swapAt(tc.from, tc.to))...); err != nil {
				t.Errorf("swap at %s, declared %s → %s: %s → %s: %v", tc.swap, tc.from, tc.to, p[0], p[1], err)
			}
		}
		// Undeclared, the swap is caught.
		mustFail(t, convtest.CheckReliability(relayScheme(), relayGK, "v1", "v3", opts()...),
			"v1's spec.x does not arrive in v3 (the hub)'s spec.x")
	}
	// A relation between versions of two ways to the hub is refused.
	err := convtest.CheckReliability(relayScheme(), relayGK, "v1", "v3", opts(swapAt("v1", "v1alpha1"))...)
	if err == nil || !strings.Contains(err.Error(), "v1 and v1alpha1 are not on one way to the hub") {
		t.Errorf("got %v, want the relation v1 → v1alpha1 refused", err)
	}
}
