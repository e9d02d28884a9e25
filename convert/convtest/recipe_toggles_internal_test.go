package convtest

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestShrinkRecipeDropsOneToggleAtATime: among the smaller variants of a
// sample with two toggled fields are the sample without either one alone,
// the other kept.
func TestShrinkRecipeDropsOneToggleAtATime(t *testing.T) {
	gk := schema.GroupKind{Group: "draws.convtest.hubspoke.dev", Kind: "Draws"}
	scheme := runtime.NewScheme()
	scheme.AddKnownTypeWithName(gk.WithVersion("v2"), &drawsHub{})
	scheme.AddKnownTypeWithName(gk.WithVersion("v1"), &drawsAPI{})
	g, err := newGenerator(scheme, gk, newConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	count := toggle{path: []step{{kind: stepField, i: 3}}, zero: true} // drawsHub.Count
	name := toggle{path: []step{{kind: stepField, i: 4}}, zero: true}  // drawsHub.Name
	src := &drawsAPI{Ports: []drawsPort{{Port: ptrTo[int32](1)}}}
	s := g.remake(&sample{Version: "v2", From: "v1"}, src, nil, &recipe{toggles: []toggle{count, name}})
	if s == nil {
		t.Fatal("no sample")
	}
	kept := map[int]bool{}
	next := g.shrinkRecipe(s)
	for {
		v, ok := next()
		if !ok {
			break
		}
		if ts := v.(*sample).recipe.toggles; len(ts) == 1 {
			kept[ts[0].path[0].i] = true
		}
	}
	if !kept[3] || !kept[4] {
		t.Errorf("proposals keeping one toggle alone keep fields %v, want both 3 (count) and 4 (name)", kept)
	}
}
