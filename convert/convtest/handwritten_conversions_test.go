package convtest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Sheaf: v1 converts straight to v2, the hub, by hand-written methods that
// do not go through package convert. Switchable bugs (sheafBug):
// sheafShallowCopy makes ConvertTo share the list of tags with the hub,
// which would be safe through the Converter, which converts a deep copy of
// the source, but v1's DeepCopyObject copies the list's header only, so the
// object a conversion returns shares memory with the object the webhook
// decoded; sheafPanics makes v1's ConvertFrom panic on two tags or more;
// sheafSortsSource makes ConvertTo sort its receiver's tags in place (it
// copies them into the hub), with the shallow DeepCopyObject of
// sheafShallowCopy, so that the object the webhook decoded changes;
// sheafMarksEmptyTags makes ConvertTo write the tag "(empty)" for an empty,
// non-nil list, which no object decoded from JSON has (omitempty);
// sheafWritesThenRefuses makes ConvertTo refuse a bags annotation that
// does not parse (naming it) after it wrote the hub, and
// sheafStripsThenRefuses after it deleted the annotation from its receiver.

var sheafGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Sheaf"}

func sheafScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(sheafGK.WithVersion("v1"), &SheafV1{})
	s.AddKnownTypeWithName(sheafGK.WithVersion("v2"), &SheafV2{})
	return s
}

type SheafSpec struct {
	Tags []string `json:"tags,omitempty"`
}

type SheafV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              SheafSpec `json:"spec,omitempty"`
}

type SheafV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              SheafSpec `json:"spec,omitempty"`
}

func (*SheafV2) Hub() {}

const (
	sheafShallowCopy int32 = iota + 1
	sheafPanics
	sheafSortsSource
	sheafMarksEmptyTags
	sheafWritesThenRefuses
	sheafStripsThenRefuses
)

var sheafBug atomic.Int32

func withSheafBug(t *testing.T, bug int32) {
	t.Helper()
	sheafBug.Store(bug)
	t.Cleanup(func() { sheafBug.Store(0) })
}

func (s *SheafV1) DeepCopyObject() runtime.Object {
	if bug := sheafBug.Load(); bug != sheafShallowCopy && bug != sheafSortsSource {
		return deepCopy(s)
	}
	c := *s // the bug: the copy shares Spec.Tags
	c.ObjectMeta = *s.ObjectMeta.DeepCopy()
	return &c
}
func (s *SheafV2) DeepCopyObject() runtime.Object { return deepCopy(s) }

// sheafConversions counts the calls of SheafV1.ConvertTo with a list of
// tags (not the Converter's start-up check of an empty object).
var sheafConversions atomic.Int64

func (s *SheafV1) ConvertTo(h conversion.Hub) error {
	if s.Spec.Tags != nil {
		sheafConversions.Add(1)
	}
	if sheafBug.Load() == sheafSortsSource {
		slices.Sort(s.Spec.Tags) // the bug: in place, in the receiver
	}
	spec := s.Spec
	if sheafBug.Load() != sheafShallowCopy {
		spec.Tags = append([]string(nil), s.Spec.Tags...)
	}
	if sheafBug.Load() == sheafMarksEmptyTags && s.Spec.Tags != nil && len(s.Spec.Tags) == 0 {
		spec.Tags = []string{"(empty)"}
	}
	bug := sheafBug.Load()
	text, carried := s.Annotations[boundary.Annotation]
	_, err := propertybag.UnmarshalBags(text)
	refuse := carried && err != nil && (bug == sheafWritesThenRefuses || bug == sheafStripsThenRefuses)
	if refuse && bug == sheafStripsThenRefuses {
		delete(s.Annotations, boundary.Annotation) // the bug: in the receiver
	}
	if !refuse || bug == sheafWritesThenRefuses {
		*h.(*SheafV2) = SheafV2{ObjectMeta: *s.ObjectMeta.DeepCopy(), Spec: spec} // the bug, when refusing
	}
	if refuse {
		return fmt.Errorf("the %s annotation: %w", boundary.Annotation, err)
	}
	return nil
}

func (s *SheafV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*SheafV2)
	if sheafBug.Load() == sheafPanics && len(src.Spec.Tags) > 1 {
		_ = src.Spec.Tags[len(src.Spec.Tags)] // the bug: one past the end
	}
	*s = SheafV1{ObjectMeta: *src.ObjectMeta.DeepCopy(), Spec: SheafSpec{Tags: append([]string(nil), src.Spec.Tags...)}}
	return nil
}

// TestReliabilityCatchesResultSharingTheSource: the converted object must
// not share memory with the source, whatever makes it.
func TestReliabilityCatchesResultSharingTheSource(t *testing.T) {
	if err := convtest.CheckReliability(sheafScheme(), sheafGK, "v1", "v2", convtest.Seed(bugSeed), convtest.Cases(100)); err != nil {
		t.Errorf("with a deep copy: %v", err)
	}
	withSheafBug(t, sheafShallowCopy)
	mustFail(t, convtest.CheckReliability(sheafScheme(), sheafGK, "v1", "v2", convtest.Seed(bugSeed), convtest.Cases(100)),
		"the v2 (the hub) object converted from v1 shares memory with the source: changing it changed the source (-before +after):",
		`"~"`)
}

// TestReliabilityCatchesConversionModifyingTheSource: a conversion that
// changes the object it converts (through a DeepCopyObject that shares the
// list) fails Reliability, though its result is right and shares nothing.
func TestReliabilityCatchesConversionModifyingTheSource(t *testing.T) {
	withSheafBug(t, sheafSortsSource)
	mustFail(t, convtest.CheckReliability(sheafScheme(), sheafGK, "v1", "v2", convtest.Seed(bugSeed), convtest.Cases(100)),
		"converting v1 to v2 (the hub) modified the source (-before +after):",
		"Tags:")
}

// TestGoldenConvertsTheExemplarAsDecoded: Golden converts the exemplar as
// the webhook receives it, decoded from its JSON: an empty list of tags,
// which omitempty leaves out, arrives as no list, and a hook that marks
// empty lists (sheafMarksEmptyTags) never sees one. Mutation testing:
// converting the exemplar as given survived the other tests.
func TestGoldenConvertsTheExemplarAsDecoded(t *testing.T) {
	withSheafBug(t, sheafMarksEmptyTags)
	dir := t.TempDir()
	exemplar := &SheafV1{ObjectMeta: metav1.ObjectMeta{Name: "bare"}, Spec: SheafSpec{Tags: []string{}}}
	if err := convtest.CheckGolden(sheafScheme(), sheafGK, exemplar, convtest.GoldenDir(dir), convtest.UpdateGolden(true)); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "Sheaf_v1_to_v2.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "(empty)") {
		t.Errorf("the golden file shows a conversion of the exemplar as given, not as decoded:\n%s", data)
	}
}

// TestUpdateCatchesRefusalsThatChangeThings: a conversion that refuses a
// corrupt bags annotation, naming it, must leave the hub empty and its
// source as it was. Mutation testing: neither requirement was checked by
// the other tests.
func TestUpdateCatchesRefusalsThatChangeThings(t *testing.T) {
	for _, c := range []struct {
		name string
		bug  int32
		want string
	}{
		{"the hub written", sheafWritesThenRefuses, "to the hub (v2) failed but wrote to the hub (-before +after):"},
		{"the source changed", sheafStripsThenRefuses, "to the hub (v2) modified it (-before +after):"},
	} {
		t.Run(c.name, func(t *testing.T) {
			withSheafBug(t, c.bug)
			mustFail(t, convtest.CheckUpdate(sheafScheme(), sheafGK, "v1", convtest.Seed(bugSeed), convtest.Cases(50)),
				`converting v1 with the hubspoke.dev/property-bags annotation "{convtest: not JSON" `+c.want)
		})
	}
}

// TestCatchesPanicInHandWrittenConversion: a conversion method that panics
// outside package convert fails the check with the panic and where it was.
func TestCatchesPanicInHandWrittenConversion(t *testing.T) {
	withSheafBug(t, sheafPanics)
	mustFail(t, convtest.CheckRoundTrip(sheafScheme(), sheafGK, "v1", convtest.Seed(bugSeed), convtest.Cases(100)),
		"converting the hub (v2) back to v1 failed: panic: runtime error: index out of range",
		"convtest_test.(*SheafV1).ConvertFrom",
		"handwritten_conversions_test.go:")
}

// TestParallelOption: with Parallel, RoundTripAll's and Reliability's
// subtests are parallel: they wait for the test that started them to
// return, so none has converted anything when the call returns. Without it
// they have.
func TestParallelOption(t *testing.T) {
	for _, parallel := range []bool{false, true} {
		t.Run(fmt.Sprint("parallel=", parallel), func(t *testing.T) {
			opts := []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(5)}
			if parallel {
				opts = append(opts, convtest.Parallel())
			}
			for name, check := range map[string]func(*testing.T, *runtime.Scheme, schema.GroupKind, ...convtest.Option){
				"RoundTripAll": convtest.RoundTripAll, "Reliability": convtest.Reliability,
			} {
				before := sheafConversions.Load()
				check(t, sheafScheme(), sheafGK, opts...)
				if ran := sheafConversions.Load() > before; ran == parallel {
					t.Errorf("%s: conversions ran before it returned: %v, want %v", name, ran, !parallel)
				}
			}
		})
	}
}

// Tally: v1 converts straight to v2, the hub, by hand. v2's TypeMeta is
// tagged json:"-" (the bug: a type whose JSON has no apiVersion and kind),
// so the hub the Converter returns reports its kind in memory, and loses it
// on the wire.

var tallyGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Tally"}

func tallyScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(tallyGK.WithVersion("v1"), &TallyV1{})
	s.AddKnownTypeWithName(tallyGK.WithVersion("v2"), &TallyV2{})
	return s
}

type TallySpec struct {
	Count int32 `json:"count,omitempty"`
}

type TallyV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              TallySpec `json:"spec,omitempty"`
}

type TallyV2 struct {
	metav1.TypeMeta   `json:"-"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              TallySpec `json:"spec,omitempty"`
}

func (*TallyV2) Hub() {}

func (s *TallyV1) DeepCopyObject() runtime.Object { return deepCopy(s) }
func (s *TallyV2) DeepCopyObject() runtime.Object { return deepCopy(s) }

func (s *TallyV1) ConvertTo(h conversion.Hub) error {
	*h.(*TallyV2) = TallyV2{ObjectMeta: *s.ObjectMeta.DeepCopy(), Spec: s.Spec}
	return nil
}

func (s *TallyV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*TallyV2)
	*s = TallyV1{ObjectMeta: *src.ObjectMeta.DeepCopy(), Spec: src.Spec}
	return nil
}

// TestReliabilityCatchesKindLostInJSON: the result must carry the target's
// apiVersion and kind in its JSON, not only in memory.
func TestReliabilityCatchesKindLostInJSON(t *testing.T) {
	if err := convtest.CheckReliability(tallyScheme(), tallyGK, "v2", "v1", convtest.Seed(bugSeed), convtest.Cases(20)); err != nil {
		t.Errorf("v2 → v1, whose JSON has its kind: %v", err)
	}
	mustFail(t, convtest.CheckReliability(tallyScheme(), tallyGK, "v1", "v2", convtest.Seed(bugSeed), convtest.Cases(20)),
		`the JSON of the v2 (the hub) object converted from v1 has apiVersion "", kind ""; want "convtest.hubspoke.dev/v2", "Tally"`)
}
