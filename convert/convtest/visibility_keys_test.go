package convtest_test

import (
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Cache: v1 sets its settings as keys of a free-form map, which v2 drops
// for fields, as ARM's Redis did with additionalProperties: v1's
// settings["aad-enabled"] is v2's aad-enabled. Random keys are words that
// never name a field, so the kit draws the names of the properties beside
// a map as keys too; otherwise a conversion that keeps the key in the
// bag, where no client of v2 looks, passes.

var cacheGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Cache"}

func cacheScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(cacheGK.WithVersion("v1"), &CacheV1{})
	s.AddKnownTypeWithName(cacheGK.WithVersion("v2"), &CacheV2{})
	return s
}

// cacheKeyInBag makes the conversions keep settings["aad-enabled"] in the
// hub's bag with the rest of the map.
var cacheKeyInBag atomic.Bool

type CacheV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CacheV1Spec `json:"spec,omitempty"`
}

type CacheV1Spec struct {
	Policy   *string           `json:"maxmemory-policy,omitempty"`
	Settings map[string]string `json:"settings,omitempty"`
}

type CacheV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CacheV2Spec `json:"spec,omitempty"`
}

type CacheV2Spec struct {
	AADEnabled  *string                 `json:"aad-enabled,omitempty"`
	Policy      *string                 `json:"maxmemory-policy,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

func (*CacheV2) Hub() {}

func (c *CacheV1) DeepCopyObject() runtime.Object { return deepCopy(c) }
func (c *CacheV2) DeepCopyObject() runtime.Object { return deepCopy(c) }

func (c *CacheV1) ConvertTo(h conversion.Hub) error {
	dst := h.(*CacheV2)
	*dst = CacheV2{ObjectMeta: *c.ObjectMeta.DeepCopy()}
	dst.Spec.Policy = clonePtr(c.Spec.Policy)
	if c.Spec.Settings == nil {
		return nil
	}
	rest := map[string]string{}
	for k, v := range c.Spec.Settings {
		if k == "aad-enabled" && !cacheKeyInBag.Load() {
			dst.Spec.AADEnabled = &v
			continue
		}
		rest[k] = v
	}
	return propertybag.Add(&dst.Spec.PropertyBag, "Settings", &rest)
}

func (c *CacheV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*CacheV2)
	*c = CacheV1{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	c.Spec.Policy = clonePtr(src.Spec.Policy)
	bag := src.Spec.PropertyBag.DeepCopy()
	settings, err := propertybag.Pull[map[string]string](&bag, "Settings")
	if err != nil {
		return err
	}
	if src.Spec.AADEnabled != nil {
		if settings == nil {
			settings = &map[string]string{}
		}
		(*settings)["aad-enabled"] = *src.Spec.AADEnabled
	}
	if settings != nil {
		c.Spec.Settings = *settings
	}
	return nil
}

// TestVisibilityKeyBecomeField: the key of v1's map that v2 shows as a
// field must arrive there; kept in the bag, the kit finds it (drawing
// aad-enabled, the name of a property beside the map in v2, as a key).
func TestVisibilityKeyBecomeField(t *testing.T) {
	opts := []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(300)}
	if err := convtest.CheckReliability(cacheScheme(), cacheGK, "v1", "v2", opts...); err != nil {
		t.Errorf("the key moved to the field: %v", err)
	}
	cacheKeyInBag.Store(true)
	t.Cleanup(func() { cacheKeyInBag.Store(false) })
	err := convtest.CheckReliability(cacheScheme(), cacheGK, "v1", "v2", opts...)
	mustFail(t, err,
		`v1's spec.settings["aad-enabled"] does not arrive in v2 (the hub), which has no spec.settings{*} but has spec.aad-enabled (as patterns: spec.settings{*} → spec.aad-enabled): v1 sets spec.settings["aad-enabled"] to `)
	// The message names the one key to declare, for a key that is not the
	// field: declared, the key is skipped and nothing else.
	mustFail(t, err, `If the key "aad-enabled" of the map spec.settings is not spec.aad-enabled, declare convtest.SkipVisibility("spec.settings[\"aad-enabled\"]", "why")`)
	skipKey := convtest.SkipVisibility(`spec.settings["aad-enabled"]`, "in this test, the key is not the field")
	if err := convtest.CheckReliability(cacheScheme(), cacheGK, "v1", "v2", append(opts, skipKey)...); err != nil {
		t.Errorf("the key declared: %v", err)
	}
}
