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

// Cabinet: v1 → v2 → v3 (the hub). v2 removes the label of v1's shelves and
// adds a tag; v3 renames the shelves to trays and, in the same step, the
// tag to label, the name v2 removed. v1's label is no tag and no v3 label:
// no correct conversion shows it at either (a client of v2 or v3 writes
// its own there), so it has no place past v1, and the conversions leave it
// behind (a generated one keeps it in a bag). The shape of a random history
// of the generator's tests (seed 233299790: v3beta1's
// status.p15[*].p19{*}.p24{*}.p26, removed in v5, whose p29 v6 renames
// p26 while renaming status.p15 to status.p31).

var cabinetGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Cabinet"}

func cabinetScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(cabinetGK.WithVersion("v1"), &CabinetV1{})
	s.AddKnownTypeWithName(cabinetGK.WithVersion("v2"), &CabinetV2{})
	s.AddKnownTypeWithName(cabinetGK.WithVersion("v3"), &CabinetV3{})
	return s
}

// cabinetDropsTag makes the step from v2 to v3 lose the tag, a bug the
// check must still catch.
var cabinetDropsTag atomic.Bool

type CabinetV1Shelf struct {
	Label string `json:"label,omitempty"`
	Size  int32  `json:"size,omitempty"`
}

type CabinetV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Shelves []CabinetV1Shelf `json:"shelves,omitempty"`
	} `json:"spec,omitempty"`
}

type CabinetV2Shelf struct {
	Tag  string `json:"tag,omitempty"`
	Size int32  `json:"size,omitempty"`
}

type CabinetV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Shelves []CabinetV2Shelf `json:"shelves,omitempty"`
	} `json:"spec,omitempty"`
}

// CabinetV3Tray is v2's shelf, its tag renamed label.
type CabinetV3Tray struct {
	Label string `json:"label,omitempty"`
	Size  int32  `json:"size,omitempty"`
}

type CabinetV3 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Trays []CabinetV3Tray `json:"trays,omitempty"`
	} `json:"spec,omitempty"`
}

func (*CabinetV3) Hub() {}

func (r *CabinetV1) DeepCopyObject() runtime.Object { return deepCopy(r) }
func (r *CabinetV2) DeepCopyObject() runtime.Object { return deepCopy(r) }
func (r *CabinetV3) DeepCopyObject() runtime.Object { return deepCopy(r) }

func (r *CabinetV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(r, h) }
func (r *CabinetV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(r, h) }
func (r *CabinetV1) Link() convert.Link {
	return convert.LinkTo(func(src *CabinetV1, dst *CabinetV2) error {
		dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
		for _, s := range src.Spec.Shelves {
			dst.Spec.Shelves = append(dst.Spec.Shelves, CabinetV2Shelf{Size: s.Size})
		}
		return nil
	}, func(dst *CabinetV1, src *CabinetV2) error {
		dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
		for _, s := range src.Spec.Shelves {
			dst.Spec.Shelves = append(dst.Spec.Shelves, CabinetV1Shelf{Size: s.Size})
		}
		return nil
	})
}

func (r *CabinetV2) ConvertTo(h conversion.Hub) error   { return convert.ToHub(r, h) }
func (r *CabinetV2) ConvertFrom(h conversion.Hub) error { return convert.FromHub(r, h) }
func (r *CabinetV2) Link() convert.Link {
	return convert.LinkTo(func(src *CabinetV2, dst *CabinetV3) error {
		dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
		for _, s := range src.Spec.Shelves {
			t := CabinetV3Tray{Label: s.Tag, Size: s.Size}
			if cabinetDropsTag.Load() {
				t.Label = ""
			}
			dst.Spec.Trays = append(dst.Spec.Trays, t)
		}
		return nil
	}, func(dst *CabinetV2, src *CabinetV3) error {
		dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
		for _, t := range src.Spec.Trays {
			dst.Spec.Shelves = append(dst.Spec.Shelves, CabinetV2Shelf{Tag: t.Label, Size: t.Size})
		}
		return nil
	})
}

// TestVisibilityRenamedToARemovedNameUnderARenamedList: v1's
// spec.shelves[*].label is expected nowhere past v1, though the step from
// v2 to v3 renames the list around the property it renames to label: the
// check compared v1's path with the relation's new path before the list's
// rename (spec.shelves[0].label against spec.trays[*].label), let v1's
// label through as v3's, and took it back down to v2's tag. The tag must
// still arrive at v3's label.
func TestVisibilityRenamedToARemovedNameUnderARenamedList(t *testing.T) {
	opts := []convtest.Option{
		convtest.Seed(bugSeed), convtest.Cases(200),
		convtest.Related(
			convtest.Relation{From: "v2", To: "v3", Old: "spec.shelves", New: "spec.trays"},
			convtest.Relation{From: "v2", To: "v3", Old: "spec.shelves[*].tag", New: "spec.trays[*].label"},
		),
	}
	for _, p := range [][2]string{{"v1", "v2"}, {"v1", "v3"}, {"v2", "v1"}, {"v2", "v3"}, {"v3", "v1"}, {"v3", "v2"}} {
		if err := convtest.CheckReliability(cabinetScheme(), cabinetGK, p[0], p[1], opts...); err != nil {
			t.Errorf("%s → %s: %v", p[0], p[1], err)
		}
	}
	cabinetDropsTag.Store(true)
	t.Cleanup(func() { cabinetDropsTag.Store(false) })
	mustFail(t, convtest.CheckReliability(cabinetScheme(), cabinetGK, "v2", "v3", opts...),
		"v2's spec.shelves[0].tag does not arrive in v3 (the hub)'s spec.trays[0].label")
}
