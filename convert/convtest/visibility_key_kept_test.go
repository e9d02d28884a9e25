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

// Store: v2 (the hub) keeps v1's map spec.settings and adds the field
// spec.aad-enabled for its key "aad-enabled", and the map spec.options.
// Where the declared relation moves the key to the field, a conversion may
// leave it in the map (v2's clients write the map too), but not drop it from
// both. storeMode says what the conversion from v1 does with the key.

var storeGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Store"}

func storeScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(storeGK.WithVersion("v1"), &StoreV1{})
	s.AddKnownTypeWithName(storeGK.WithVersion("v2"), &StoreV2{})
	return s
}

type storeConversion int32

const (
	storeKeyToField storeConversion = iota // settings["aad-enabled"] is moved to aad-enabled
	storeKeyStays                          // it stays in v2's settings
	storeKeyInBag                          // it is moved to v2's bag: no client of v2 sees it
	storeToOptions                         // every key of settings goes to v2's options
)

var storeMode atomic.Int32

type StoreV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StoreV1Spec `json:"spec,omitempty"`
}

type StoreV1Spec struct {
	Settings map[string]string `json:"settings,omitempty"`
}

type StoreV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              StoreV2Spec `json:"spec,omitempty"`
}

type StoreV2Spec struct {
	AADEnabled  *string                 `json:"aad-enabled,omitempty"`
	Settings    map[string]string       `json:"settings,omitempty"`
	Options     map[string]string       `json:"options,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

func (*StoreV2) Hub() {}

func (s *StoreV1) DeepCopyObject() runtime.Object { return deepCopy(s) }
func (s *StoreV2) DeepCopyObject() runtime.Object { return deepCopy(s) }

const aadKey = "aad-enabled"

func (s *StoreV1) ConvertTo(h conversion.Hub) error {
	dst := h.(*StoreV2)
	*dst = StoreV2{ObjectMeta: *s.ObjectMeta.DeepCopy()}
	mode := storeConversion(storeMode.Load())
	for k, v := range s.Spec.Settings {
		switch {
		case mode == storeToOptions:
			if dst.Spec.Options == nil {
				dst.Spec.Options = map[string]string{}
			}
			dst.Spec.Options[k] = v
			continue
		case k == aadKey && mode == storeKeyToField:
			dst.Spec.AADEnabled = &v
			continue
		case k == aadKey && mode == storeKeyInBag:
			if err := propertybag.Add(&dst.Spec.PropertyBag, "AADEnabled", &v); err != nil {
				return err
			}
			continue
		}
		if dst.Spec.Settings == nil {
			dst.Spec.Settings = map[string]string{}
		}
		dst.Spec.Settings[k] = v
	}
	return nil
}

func (s *StoreV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*StoreV2)
	*s = StoreV1{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	bag := src.Spec.PropertyBag.DeepCopy()
	inBag, err := propertybag.Pull[string](&bag, "AADEnabled")
	if err != nil {
		return err
	}
	put := func(k string, v *string) {
		if v == nil {
			return
		}
		if s.Spec.Settings == nil {
			s.Spec.Settings = map[string]string{}
		}
		s.Spec.Settings[k] = *v
	}
	for _, m := range []map[string]string{src.Spec.Settings, src.Spec.Options} {
		for k, v := range m {
			put(k, &v)
		}
	}
	put(aadKey, src.Spec.AADEnabled)
	put(aadKey, inBag)
	return nil
}

// TestVisibilityKeyMovedToFieldOfKeptMap: with the key declared moved to a
// field, a v2 that keeps the map may show the value under the key instead;
// a value that neither reaches the field nor stays in the map is caught, and
// so is a map moved to another whose values stay in the old one.
func TestVisibilityKeyMovedToFieldOfKeptMap(t *testing.T) {
	opts := func(more ...convtest.Option) []convtest.Option {
		return append([]convtest.Option{convtest.Seed(bugSeed), convtest.Cases(300)}, more...)
	}
	keyMoved := convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: `spec.settings["aad-enabled"]`, New: "spec.aad-enabled"})
	mapMoved := convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec.settings{*}", New: "spec.options{*}"})
	t.Cleanup(func() { storeMode.Store(int32(storeKeyToField)) })
	for _, m := range []storeConversion{storeKeyToField, storeKeyStays} {
		storeMode.Store(int32(m))
		if err := convtest.CheckReliability(storeScheme(), storeGK, "v1", "v2", opts(keyMoved)...); err != nil {
			t.Errorf("mode %d: %v", m, err)
		}
	}
	storeMode.Store(int32(storeKeyInBag))
	mustFail(t, convtest.CheckReliability(storeScheme(), storeGK, "v1", "v2", opts(keyMoved)...),
		`v1's spec.settings["aad-enabled"] does not arrive in v2 (the hub)'s spec.aad-enabled (as patterns: spec.settings{*} → spec.aad-enabled): v1 sets spec.settings["aad-enabled"] to `,
		"keeps the value in a property bag, at spec.$propertyBag.AADEnabled.")

	storeMode.Store(int32(storeToOptions))
	if err := convtest.CheckReliability(storeScheme(), storeGK, "v1", "v2", opts(mapMoved)...); err != nil {
		t.Errorf("the map moved: %v", err)
	}
	storeMode.Store(int32(storeKeyStays))
	mustFail(t, convtest.CheckReliability(storeScheme(), storeGK, "v1", "v2", opts(mapMoved)...),
		"does not arrive in v2 (the hub)'s spec.options[", "(as patterns: spec.settings{*} → spec.options{*})")

	// Where v2 has no map, the key declared moved must reach the field.
	cacheKeyInBag.Store(true)
	t.Cleanup(func() { cacheKeyInBag.Store(false) })
	mustFail(t, convtest.CheckReliability(cacheScheme(), cacheGK, "v1", "v2",
		opts(convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: `spec.settings["aad-enabled"]`, New: "spec.aad-enabled"}))...),
		`v1's spec.settings["aad-enabled"] does not arrive in v2 (the hub)'s spec.aad-enabled (as patterns: spec.settings{*} → spec.aad-enabled): v1 sets spec.settings["aad-enabled"] to `)
}
