package convtest

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestRemakeRefusesRepeatedKeys: a converted sample made again from a
// source whose conversion gives a keyed list two elements with the same
// keys is no sample (the API server would refuse it), while one from a
// source with distinct keys is, one shrinking step further on.
func TestRemakeRefusesRepeatedKeys(t *testing.T) {
	gk := schema.GroupKind{Group: "draws.convtest.hubspoke.dev", Kind: "Draws"}
	scheme := runtime.NewScheme()
	scheme.AddKnownTypeWithName(gk.WithVersion("v2"), &drawsHub{})
	scheme.AddKnownTypeWithName(gk.WithVersion("v1"), &drawsAPI{})
	g, err := newGenerator(scheme, gk, newConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	s := &sample{Version: "v2", From: "v1"}
	distinct := &drawsAPI{Ports: []drawsPort{{Port: ptrTo[int32](1)}, {Port: ptrTo[int32](2)}}}
	s.Shrunk = 2
	if c := g.remake(s, distinct, nil, &recipe{}); c == nil {
		t.Fatal("no sample from a source with distinct keys")
	} else if c.Shrunk != 3 {
		t.Errorf("made again from a sample shrunk 2 times: shrunk %d times, want 3", c.Shrunk)
	}
	repeated := &drawsAPI{Ports: []drawsPort{{Port: ptrTo[int32](1)}, {Port: ptrTo[int32](1)}}}
	if c := g.remake(s, repeated, nil, &recipe{}); c != nil {
		t.Errorf("a sample with repeated keys: %+v", c.Object.(*drawsHub).Ports)
	}
}
