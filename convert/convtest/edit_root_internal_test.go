package convtest

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// The edit check changes properties a kind holds beside spec and status
// (RuntimeClass's handler, ValidatingWebhookConfiguration's webhooks), not
// only those under spec and status: a hook that lets a value kept in a bag
// win over a client's change of such a property was never caught. It
// leaves apiVersion, kind and metadata alone.
func TestEditTreeChangesRootProperties(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(200) {
		tree := map[string]any{
			"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass",
			"metadata":   map[string]any{"name": "a"},
			"handler":    "runc",
			"scheduling": map[string]any{"nodeSelector": map[string]any{"os": "linux"}},
		}
		other := map[string]any{
			"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass",
			"metadata":   map[string]any{"name": "b"},
			"handler":    "kata",
			"overhead":   map[string]any{"podFixed": map[string]any{"cpu": "250m"}},
			"scheduling": map[string]any{"nodeSelector": map[string]any{"os": "windows"}},
		}
		path, ok := editTree(tree, other, rand.New(rand.NewPCG(seed, 1)))
		if !ok {
			continue
		}
		where := renderPath(path)
		seen[where] = true
		if tree["apiVersion"] != "node.k8s.io/v1" || tree["kind"] != "RuntimeClass" || !reflect.DeepEqual(tree["metadata"], map[string]any{"name": "a"}) {
			t.Fatalf("seed %d: the edit of %s changed the object's type or metadata: %v", seed, where, tree)
		}
		switch where {
		case "handler":
			if tree["handler"] != "kata" {
				t.Errorf("seed %d: edited handler is %v, want kata", seed, tree["handler"])
			}
		case "overhead.podFixed":
			if tree["overhead"] == nil {
				t.Errorf("seed %d: edited %s, but the object has no overhead: %v", seed, where, tree)
			}
		}
	}
	for _, want := range []string{"handler", "overhead.podFixed", "scheduling.nodeSelector"} {
		if !seen[want] {
			t.Errorf("200 edits never changed %s; they changed %v", want, seen)
		}
	}
}
