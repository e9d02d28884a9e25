package convert_test

import (
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestConverterSeesOnlyItsResource: a scheme holds other kinds of the
// resource's group, and the resource's types under another group too
// (registered first, so a lookup that takes any registration finds that
// one). The graph is built from the resource's own versions, and a Link
// leads to the version its target is registered as for this resource.
func TestConverterSeesOnlyItsResource(t *testing.T) {
	s := runtime.NewScheme()
	elsewhere := schema.GroupKind{Group: "elsewhere.example.com", Kind: "Thing"}
	s.AddKnownTypeWithName(elsewhere.WithVersion("v7"), &hubNode{})
	s.AddKnownTypeWithName(elsewhere.WithVersion("v8"), &c2v2{})
	s.AddKnownTypeWithName(schema.GroupVersionKind{Group: testGK.Group, Version: "v9", Kind: "Other"}, &orphan{})
	s.AddKnownTypeWithName(testGK.WithVersion("v1"), &c2v1{})
	s.AddKnownTypeWithName(testGK.WithVersion("v2"), &c2v2{})
	s.AddKnownTypeWithName(testGK.WithVersion("v3"), &hubNode{})
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Graph().Versions(), []string{"v1", "v2", "v3"}; !slices.Equal(got, want) {
		t.Errorf("versions %v, want %v", got, want)
	}
	if p, err := c.Graph().Path("v1", "v3"); err != nil || !slices.Equal(p, []string{"v1", "v2", "v3"}) {
		t.Errorf("path from v1 to the hub: %v, %v", p, err)
	}
	h := &hubNode{}
	if err := c.Convert(sample(&c2v1{}), h); err != nil {
		t.Fatal(err)
	}
	if h.APIVersion != testGK.Group+"/v3" || h.Kind != testGK.Kind || h.Spec.Name != "Mickey" {
		t.Errorf("converted to %s %s, spec %+v", h.APIVersion, h.Kind, h.Spec)
	}
}
