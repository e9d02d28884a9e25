package convert_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// handwritten is a version converted by hand, as controller-runtime's
// Convertibles are: it has no Link, so the Converter calls its own
// ConvertTo and ConvertFrom, straight to and from the hub (hubNode). Its
// conversions refuse a negative count, which an empty object never has.
type handwritten struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              spec `json:"spec"`
}

var errNegativeCount = errors.New("negative count")

func (h *handwritten) spec() *spec { return &h.Spec }

func (h *handwritten) DeepCopyObject() runtime.Object {
	c := *h
	h.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	c.Spec = h.Spec.clone()
	return &c
}

func (h *handwritten) ConvertTo(dst conversion.Hub) error {
	if h.Spec.Count < 0 {
		return errNegativeCount
	}
	d := dst.(*hubNode)
	d.ObjectMeta, d.Spec = h.ObjectMeta, h.Spec.clone()
	return nil
}

func (h *handwritten) ConvertFrom(src conversion.Hub) error {
	s := src.(*hubNode)
	if s.Spec.Count < 0 {
		return errNegativeCount
	}
	h.ObjectMeta, h.Spec = s.ObjectMeta, s.Spec.clone()
	return nil
}

// TestHandwrittenVersionErrors: the Converter reports an error of either
// half of a hand-written version's conversion, to the hub and on down a
// linked chain, naming the versions, and converts it otherwise.
func TestHandwrittenVersionErrors(t *testing.T) {
	s := chainScheme(2) // v1 → v2 → hub v3
	s.AddKnownTypeWithName(testGK.WithVersion("v0"), &handwritten{})
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	good := sample(&handwritten{}).(*handwritten)
	for _, to := range []string{"v3", "v1"} {
		dst, err := c.ToVersion(good, to)
		if err != nil {
			t.Fatalf("v0 → %s: %v", to, err)
		}
		if got := dst.(object).spec(); got.Name != "Mickey" || got.Count != 3 {
			t.Errorf("v0 → %s: spec %+v", to, got)
		}
	}

	bad := sample(&handwritten{}).(*handwritten)
	bad.Spec.Count = -1
	for _, to := range []string{"v3", "v1"} {
		_, err := c.ToVersion(bad, to)
		if !errors.Is(err, errNegativeCount) || !strings.Contains(err.Error(), "from v0 to "+to) {
			t.Errorf("v0 → %s of a negative count: error %v, want %v naming the versions", to, err, errNegativeCount)
		}
	}
	src := sample(&c2v1{}).(*c2v1)
	src.Spec.Count = -1
	if _, err := c.ToVersion(src, "v0"); !errors.Is(err, errNegativeCount) || !strings.Contains(err.Error(), "from v1 to v0") {
		t.Errorf("v1 → v0 of a negative count: error %v, want %v naming the versions", err, errNegativeCount)
	}
}
