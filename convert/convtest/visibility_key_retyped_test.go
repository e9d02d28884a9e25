package convtest_test

import (
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Tile: v2 (the hub) retypes v1's spec.name, a string, to a struct with a
// value, which v1 has no place for. v1 also has a map of such structs,
// spec.extra, and a struct spec.engine with a name of its own; v2 has
// neither. v1's extra["name"].value and engine.name.value are no v2
// name.value: v1 has its own name beside them, which v2 retypes, so no
// key become a field or property moved up is there to check. The shape
// of a random history of the generator's tests (seed 381622903:
// v5alpha1's status.p23.p28["p5"].p7 beside status.p23.p5, a string,
// which v3 and v2beta1 have as a struct with p7). v2 also shows v1's
// extra["tag"] at its tag, a key become a field, which the check still
// finds when the conversion keeps it nowhere.

var tileGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Tile"}

func tileScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(tileGK.WithVersion("v1"), &TileV1{})
	s.AddKnownTypeWithName(tileGK.WithVersion("v2"), &TileV2{})
	return s
}

// tileDropsTag makes the conversions drop v1's extra["tag"], which v2
// shows at its tag.
var tileDropsTag atomic.Bool

type TileName struct {
	Value *string `json:"value,omitempty"`
}

type TileV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Name   string              `json:"name,omitempty"`
		Extra  map[string]TileName `json:"extra,omitempty"`
		Engine *struct {
			Name *TileName `json:"name,omitempty"`
		} `json:"engine,omitempty"`
	} `json:"spec,omitempty"`
}

type TileV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Name *TileName `json:"name,omitempty"`
		Tag  *TileName `json:"tag,omitempty"`
	} `json:"spec,omitempty"`
}

func (*TileV2) Hub() {}

func (r *TileV1) DeepCopyObject() runtime.Object { return deepCopy(r) }
func (r *TileV2) DeepCopyObject() runtime.Object { return deepCopy(r) }

// The conversions keep the metadata and v1's extra["tag"], v2's tag:
// neither version has a place for the other's other properties.
func (r *TileV1) ConvertTo(h conversion.Hub) error {
	dst := h.(*TileV2)
	*dst = TileV2{ObjectMeta: *r.ObjectMeta.DeepCopy()}
	if tag, ok := r.Spec.Extra["tag"]; ok && !tileDropsTag.Load() {
		dst.Spec.Tag = &TileName{Value: clonePtr(tag.Value)}
	}
	return nil
}

func (r *TileV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*TileV2)
	*r = TileV1{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	if src.Spec.Tag != nil && !tileDropsTag.Load() {
		r.Spec.Extra = map[string]TileName{"tag": {Value: clonePtr(src.Spec.Tag.Value)}}
	}
	return nil
}

// TestVisibilityKeyBesideTheFieldItNames: a key of a map is not taken for
// the target's field of its name when the source has that field beside the
// map (retyped, so the source has no path below it that the target has),
// nor is a property one struct down taken for it, or a property taken for
// one a struct down when the target keeps it in its place; a key of a
// field the source has not still is.
func TestVisibilityKeyBesideTheFieldItNames(t *testing.T) {
	opts := []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(300)}
	for _, p := range [][2]string{{"v1", "v2"}, {"v2", "v1"}} {
		if err := convtest.CheckReliability(tileScheme(), tileGK, p[0], p[1], opts...); err != nil {
			t.Errorf("%s → %s: %v", p[0], p[1], err)
		}
	}
	tileDropsTag.Store(true)
	t.Cleanup(func() { tileDropsTag.Store(false) })
	mustFail(t, convtest.CheckReliability(tileScheme(), tileGK, "v1", "v2", opts...),
		`v1's spec.extra["tag"].value does not arrive in v2 (the hub), which has no spec.extra{*}.value but has spec.tag.value`)
}
