package convtest_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Policy: Gateway API's BackendTLSPolicy in small. v1's spec.targetRef,
// one reference, is the first of v2's spec.targetRefs; v1 cannot show the
// others. A relation with an index, spec.targetRefs[0], declares it.

var policyGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Policy"}

// policyFirst is the element of v2's targetRefs that v1 shows: the first
// as the hooks of a correct conversion choose it, or, for a conversion that
// misplaces the value, the last.
var policyFirst = func(refs []PolicyRef) int { return 0 }

func policyScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(policyGK.WithVersion("v1"), &PolicyV1{})
	s.AddKnownTypeWithName(policyGK.WithVersion("v2"), &PolicyV2{})
	return s
}

// PolicyRef names the target of a policy.
type PolicyRef struct {
	Name    string `json:"name,omitempty"`
	Section string `json:"section,omitempty"`
}

// PolicyV1 is v1 of Policy: one target.
type PolicyV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PolicyV1Spec `json:"spec,omitempty"`
}

// PolicyV1Spec is the spec of PolicyV1.
type PolicyV1Spec struct {
	TargetRef *PolicyRef `json:"targetRef,omitempty"`
}

// PolicyV2 is v2 of Policy, the hub: a list of targets.
type PolicyV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PolicyV2Spec `json:"spec,omitempty"`
}

// PolicyV2Spec is the spec of PolicyV2.
type PolicyV2Spec struct {
	TargetRefs []PolicyRef `json:"targetRefs,omitempty"`
}

// Hub marks PolicyV2 as the hub.
func (*PolicyV2) Hub() {}

// DeepCopyObject copies p.
func (p *PolicyV1) DeepCopyObject() runtime.Object { return deepCopy(p) }

// DeepCopyObject copies p.
func (p *PolicyV2) DeepCopyObject() runtime.Object { return deepCopy(p) }

// ConvertTo makes v1's targetRef the first of the hub's targetRefs.
func (p *PolicyV1) ConvertTo(h conversion.Hub) error {
	dst := h.(*PolicyV2)
	*dst = PolicyV2{ObjectMeta: *p.ObjectMeta.DeepCopy()}
	if p.Spec.TargetRef != nil {
		dst.Spec.TargetRefs = []PolicyRef{*p.Spec.TargetRef}
	}
	return nil
}

// ConvertFrom shows one of the hub's targetRefs (policyFirst) as v1's
// targetRef; v1 loses the others.
func (p *PolicyV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*PolicyV2)
	*p = PolicyV1{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	if len(src.Spec.TargetRefs) > 0 {
		r := src.Spec.TargetRefs[policyFirst(src.Spec.TargetRefs)]
		p.Spec.TargetRef = &r
	}
	return nil
}

// TestVisibilityElementIndex: with the relation spec.targetRef →
// spec.targetRefs[0], a conversion that shows the first element at v1
// passes both ways, and one that shows the last fails, naming the first
// element's value; without an index no relation could say it ([*] names
// every element).
func TestVisibilityElementIndex(t *testing.T) {
	opts := []convtest.Option{
		convtest.Seed(bugSeed), convtest.Cases(300),
		convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec.targetRef", New: "spec.targetRefs[0]"}),
	}
	for _, way := range [][2]string{{"v1", "v2"}, {"v2", "v1"}} {
		if err := convtest.CheckReliability(policyScheme(), policyGK, way[0], way[1], opts...); err != nil {
			t.Errorf("%s → %s, the first element: %v", way[0], way[1], err)
		}
	}
	policyFirst = func(refs []PolicyRef) int { return len(refs) - 1 }
	defer func() { policyFirst = func([]PolicyRef) int { return 0 } }()
	err := convtest.CheckReliability(policyScheme(), policyGK, "v2", "v1", opts...)
	// The failure leads with the concrete path of the value, the
	// patterns as context.
	if want := "v2 (the hub)'s spec.targetRefs[0].name does not arrive in v1's spec.targetRef.name (as patterns: spec.targetRefs[*].name → spec.targetRef.name): v2 (the hub) sets spec.targetRefs[0].name to "; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("v2 → v1 showing the last element: %v, want a failure saying %q", err, want)
	}
}
