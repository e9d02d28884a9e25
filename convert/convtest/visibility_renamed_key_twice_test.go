package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Shelf again, with a v4 that renames v2's spec.crate to spec.bin: from v4
// to v1, the conversion passes the hub (v2), and spec.bin is v1's spec.box
// through two renames.

func shelfScheme4() *runtime.Scheme {
	s := shelfScheme()
	s.AddKnownTypeWithName(shelfGK.WithVersion("v4"), &ShelfV4{})
	return s
}

type ShelfV4 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ShelfV4Spec `json:"spec,omitempty"`
}

// ShelfV4Spec: the bin is v2's crate, renamed.
type ShelfV4Spec struct {
	Bin *ShelfV2Crate `json:"bin,omitempty"`
}

func (s *ShelfV4) DeepCopyObject() runtime.Object { return deepCopy(s) }

func (s *ShelfV4) ConvertTo(h conversion.Hub) error {
	dst := h.(*ShelfV2)
	*dst = ShelfV2{ObjectMeta: *s.ObjectMeta.DeepCopy()}
	if s.Spec.Bin != nil {
		dst.Spec.Crate = deepCopy(s.Spec.Bin)
	}
	return nil
}

func (s *ShelfV4) ConvertFrom(h conversion.Hub) error {
	src := h.(*ShelfV2)
	*s = ShelfV4{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	if src.Spec.Crate != nil {
		s.Spec.Bin = deepCopy(src.Spec.Crate)
	}
	return nil
}

// TestVisibilityKeyBesideItsFieldUnderTwoRenames: v4's
// spec.bin.labels["name"] is no move to v1's spec.box.name, which shows
// v4's own spec.bin.name. The check takes v1's path back through the
// relations of the steps last first (spec.box → spec.crate → spec.bin);
// taken first first, it asked v4 for spec.crate.name, found nothing, and
// reported the key as a move nothing declares.
func TestVisibilityKeyBesideItsFieldUnderTwoRenames(t *testing.T) {
	opts := []convtest.Option{
		convtest.Seed(bugSeed), convtest.Cases(300),
		convtest.Related(
			convtest.Relation{From: "v1", To: "v2", Old: "spec.box", New: "spec.crate"},
			convtest.Relation{From: "v2", To: "v4", Old: "spec.crate", New: "spec.bin"},
		),
	}
	if err := convtest.CheckReliability(shelfScheme4(), shelfGK, "v4", "v1", opts...); err != nil {
		t.Errorf("v4's labels[\"name\"] beside v4's own name: %v", err)
	}
}
