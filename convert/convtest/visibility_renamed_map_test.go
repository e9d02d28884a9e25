package convtest_test

import (
	"maps"
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Slice: v1 keeps labels, one of which ("host") v2 shows as a field, node;
// v2 keeps the other labels under another name, tags, as EndpointSlice's
// v1 did with v1beta1's topology (deprecatedTopology, nodeName). v1 has a
// node of its own too: a host label other than it stays a label in v2
// (tags["host"]), where a client of v2 reading the map finds it.

var sliceGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Slice"}

func sliceScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(sliceGK.WithVersion("v1"), &SliceV1{})
	s.AddKnownTypeWithName(sliceGK.WithVersion("v2"), &SliceV2{})
	return s
}

// sliceDropsOtherHost makes the conversion to v2 drop a host label other
// than the node; sliceDropsNode makes the conversion from v2 drop the node
// where v2 has a host label of its own.
var sliceDropsOtherHost, sliceDropsNode atomic.Bool

type SliceV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              SliceV1Spec `json:"spec,omitempty"`
}

type SliceV1Spec struct {
	Node   *string           `json:"node,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
}

type SliceV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              SliceV2Spec `json:"spec,omitempty"`
}

type SliceV2Spec struct {
	Node *string           `json:"node,omitempty"`
	Tags map[string]string `json:"tags,omitempty"`
}

func (*SliceV2) Hub() {}

func (s *SliceV1) DeepCopyObject() runtime.Object { return deepCopy(s) }
func (s *SliceV2) DeepCopyObject() runtime.Object { return deepCopy(s) }

// ConvertTo: the host label is v2's node when v1 has no node or the same
// one; otherwise it stays a label.
func (s *SliceV1) ConvertTo(h conversion.Hub) error {
	dst := h.(*SliceV2)
	*dst = SliceV2{ObjectMeta: *s.ObjectMeta.DeepCopy()}
	dst.Spec.Node = clonePtr(s.Spec.Node)
	dst.Spec.Tags = maps.Clone(s.Spec.Labels)
	if host, ok := s.Spec.Labels["host"]; ok && (s.Spec.Node == nil || *s.Spec.Node == host) {
		dst.Spec.Node = &host
		delete(dst.Spec.Tags, "host")
	} else if ok && sliceDropsOtherHost.Load() {
		delete(dst.Spec.Tags, "host")
	}
	if len(dst.Spec.Tags) == 0 {
		dst.Spec.Tags = nil
	}
	return nil
}

// ConvertFrom: v2's node is v1's node and, unless v2 has a host label of
// its own, v1's host label.
func (s *SliceV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*SliceV2)
	*s = SliceV1{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	s.Spec.Node = clonePtr(src.Spec.Node)
	s.Spec.Labels = maps.Clone(src.Spec.Tags)
	_, ok := src.Spec.Tags["host"]
	if ok && sliceDropsNode.Load() {
		s.Spec.Node = nil
	}
	if !ok && src.Spec.Node != nil {
		if s.Spec.Labels == nil {
			s.Spec.Labels = map[string]string{}
		}
		s.Spec.Labels["host"] = *src.Spec.Node
	}
	return nil
}

// TestVisibilityKeyStaysInRenamedMap: a key moved to a field may stay a
// key of the map, renamed in the target, where its clients look for it
// (a host label other than the node); dropped, the kit finds it.
func TestVisibilityKeyStaysInRenamedMap(t *testing.T) {
	opts := []convtest.Option{
		convtest.Seed(bugSeed), convtest.Cases(300),
		convtest.Related(
			convtest.Relation{From: "v1", To: "v2", Old: "spec.labels", New: "spec.tags"},
			convtest.Relation{From: "v1", To: "v2", Old: `spec.labels["host"]`, New: "spec.node"},
		),
		convtest.FieldValues("Node", "a", "b"),
		convtest.FieldValues("Labels", map[string]string{"host": "a"}, map[string]string{"host": "b", "zone": "z"}),
	}
	if err := convtest.CheckReliability(sliceScheme(), sliceGK, "v1", "v2", opts...); err != nil {
		t.Errorf("the host label kept in the renamed map: %v", err)
	}
	sliceDropsOtherHost.Store(true)
	t.Cleanup(func() { sliceDropsOtherHost.Store(false) })
	err := convtest.CheckReliability(sliceScheme(), sliceGK, "v1", "v2", opts...)
	mustFail(t, err, `v1's spec.labels["host"] does not arrive in v2 (the hub)'s spec.node (as patterns: spec.labels{*} → spec.node): v1 sets spec.labels["host"] to "`)
}

// TestVisibilityTwoPlaces: v2's node has two places in v1, its node and its
// host label (which holds a host of its own when v2 keeps one in its
// tags). Declared with one relation, the check wants the value at the host
// label; with both, at either; dropped from both, the kit finds it.
func TestVisibilityTwoPlaces(t *testing.T) {
	label := convtest.Relation{From: "v1", To: "v2", Old: `spec.labels["host"]`, New: "spec.node"}
	node := convtest.Relation{From: "v1", To: "v2", Old: "spec.node", New: "spec.node"}
	opts := func(relations ...convtest.Relation) []convtest.Option {
		return []convtest.Option{
			convtest.Seed(bugSeed), convtest.Cases(300),
			convtest.Related(append(relations, convtest.Relation{From: "v1", To: "v2", Old: "spec.labels", New: "spec.tags"})...),
			convtest.FieldValues("Node", "a", "b"),
			convtest.FieldValues("Tags", map[string]string{"host": "a"}, map[string]string{"host": "b", "zone": "z"}),
		}
	}
	mustFail(t, convtest.CheckReliability(sliceScheme(), sliceGK, "v2", "v1", opts(label)...),
		`v2 (the hub)'s spec.node does not arrive in v1's spec.labels["host"] (as patterns: spec.node → spec.labels{*}): v2 (the hub) sets spec.node to "b"; v1 shows "a" at spec.labels["host"]`)
	if err := convtest.CheckReliability(sliceScheme(), sliceGK, "v2", "v1", opts(label, node)...); err != nil {
		t.Errorf("two places declared: %v", err)
	}
	sliceDropsNode.Store(true)
	t.Cleanup(func() { sliceDropsNode.Store(false) })
	mustFail(t, convtest.CheckReliability(sliceScheme(), sliceGK, "v2", "v1", opts(label, node)...),
		`v2 (the hub)'s spec.node does not arrive in v1's spec.labels["host"] (as patterns: spec.node → spec.labels{*}): v2 (the hub) sets spec.node to "b"; v1 shows "a" at spec.labels["host"]`)
}
