package convtest_test

import (
	"maps"
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Share: v1 holds a weight by value, omitempty, v3 and v2 (the hub) by
// pointer, all defaulting to 1 (Gateway API's backend weight, were v1
// plain): v3's 0, a value of its own, shows at v1 as unset, which v1 reads
// as 1, and travels through v1 in an annotation, so that it comes back.

var shareGK = schema.GroupKind{Group: "zero.convtest.hubspoke.dev", Kind: "Share"}

const shareZero = "zero.convtest.hubspoke.dev/weight-zero"

// shareBug, when set, makes v1's unset weight 2 at v2.
var shareBug atomic.Bool

func shareScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(shareGK.WithVersion("v1"), &ShareV1{})
	s.AddKnownTypeWithName(shareGK.WithVersion("v2"), &ShareV2{})
	s.AddKnownTypeWithName(shareGK.WithVersion("v3"), &ShareV3{})
	return s
}

type ShareV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Weight int32 `json:"weight,omitempty"`
	} `json:"spec,omitempty"`
}

type ShareV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Weight *int32 `json:"weight,omitempty"`
	} `json:"spec,omitempty"`
}

type ShareV3 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Weight *int32 `json:"weight,omitempty"`
	} `json:"spec,omitempty"`
}

func (*ShareV2) Hub() {}

func (s *ShareV3) DeepCopyObject() runtime.Object { return deepCopy(s) }

func (s *ShareV3) ConvertTo(h conversion.Hub) error {
	*h.(*ShareV2) = ShareV2{ObjectMeta: *s.ObjectMeta.DeepCopy(), Spec: s.Spec}
	return nil
}

func (s *ShareV3) ConvertFrom(h conversion.Hub) error {
	src := h.(*ShareV2)
	*s = ShareV3{ObjectMeta: *src.ObjectMeta.DeepCopy(), Spec: src.Spec}
	return nil
}

func (s *ShareV1) DeepCopyObject() runtime.Object { return deepCopy(s) }
func (s *ShareV2) DeepCopyObject() runtime.Object { return deepCopy(s) }

func (s *ShareV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(s, h) }
func (s *ShareV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(s, h) }
func (s *ShareV1) Link() convert.Link {
	return convert.LinkTo(func(src *ShareV1, dst *ShareV2) error {
		dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
		_, zero := dst.Annotations[shareZero]
		if zero {
			dst.Annotations = maps.Clone(dst.Annotations)
			delete(dst.Annotations, shareZero)
			if len(dst.Annotations) == 0 {
				dst.Annotations = nil
			}
		}
		switch w := src.Spec.Weight; {
		case w != 0:
			dst.Spec.Weight = &w
		case zero:
			dst.Spec.Weight = new(int32)
		case shareBug.Load():
			two := int32(2)
			dst.Spec.Weight = &two
		}
		return nil
	}, func(dst *ShareV1, src *ShareV2) error {
		dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
		if src.Spec.Weight == nil {
			return nil
		}
		if dst.Spec.Weight = *src.Spec.Weight; dst.Spec.Weight == 0 {
			dst.Annotations = maps.Clone(dst.Annotations)
			if dst.Annotations == nil {
				dst.Annotations = map[string]string{}
			}
			dst.Annotations[shareZero] = "true"
		}
		return nil
	})
}

// TestVisibilityOfZeroTheSourceLeavesUnset: v3's 0 shows at v1 as unset,
// which v1 reads as its default 1; SkipVisibilityOfZero exempts that zero
// (v1 says it by leaving the weight unset), and only it.
func TestVisibilityOfZeroTheSourceLeavesUnset(t *testing.T) {
	opts := func(more ...convtest.Option) []convtest.Option {
		return append([]convtest.Option{convtest.Seed(bugSeed), convtest.Cases(200), convtest.FieldValues("Weight", int32(0), int32(3)),
			convtest.Default("v1", "spec.weight", int32(1)), convtest.Default("v3", "spec.weight", int32(1))}, more...)
	}
	skip := convtest.SkipVisibilityOfZero("spec.weight", "v1 cannot show a weight of 0: it leaves it unset")
	mustFail(t, convtest.CheckReliability(shareScheme(), shareGK, "v1", "v3", opts()...),
		"v1 leaves spec.weight unset, which it reads as its default 1; v3 shows 0 at spec.weight",
		`convtest.SkipVisibilityOfZero("spec.weight"`)
	if err := convtest.CheckReliability(shareScheme(), shareGK, "v1", "v3", opts(skip)...); err != nil {
		t.Errorf("with SkipVisibilityOfZero: %v", err)
	}
	shareBug.Store(true)
	t.Cleanup(func() { shareBug.Store(false) })
	mustFail(t, convtest.CheckReliability(shareScheme(), shareGK, "v1", "v3", opts(skip)...),
		"v1 leaves spec.weight unset, which it reads as its default 1; v3 shows 2 at spec.weight")
}
