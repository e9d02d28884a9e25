package convtest_test

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/genruntime"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Engine has two versions, written by hand: v1 (an API version that
// converts straight to the hub) and v2, the hub. v2 flattens v1's spec
// into the object (spec.engineName is engine, spec.limits is limits) and
// renames the Go field Model to Brand, keeping its JSON name spec.model.
// engineMode chooses how the conversions treat them: right, or the way a
// generator that knows neither the move nor the rename converts them, which
// keeps the values in the hub's bags. Every conversion loses nothing, so
// only the visibility check can tell.

var engineGK = schema.GroupKind{Group: "visibility.convtest.hubspoke.dev", Kind: "Engine"}

func engineScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(engineGK.WithVersion("v1"), &EngineV1{})
	s.AddKnownTypeWithName(engineGK.WithVersion("v2"), &EngineV2{})
	return s
}

type engineConversion int32

const (
	engineRight              engineConversion = iota
	engineFlattenBag                          // spec.engineName and spec.limits stay in the hub's bag
	engineRenameBag                           // spec.model stays in the bag of the hub's spec
	engineLimitsZeroUnset                     // v1's spec.limits of 0 ("the default") is the hub's unset limits
	engineLimitsDefaults                      // v1's unset spec.limits (default 5) is the hub's 5, v1's 10 the hub's unset limits (default 10)
	engineLimitsOtherDefault                  // v1's unset spec.limits is the hub's 10: the hub's default, not v1's
	engineLimitsThreeInBag                    // v1's spec.limits of 3, which the hub cannot say, stays in the hub's bag
)

var engineMode atomic.Int32

func withEngineMode(t *testing.T, m engineConversion) {
	t.Helper()
	engineMode.Store(int32(m))
	t.Cleanup(func() { engineMode.Store(int32(engineRight)) })
}

type EngineV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              EngineV1Spec `json:"spec,omitempty"`
}

type EngineV1Spec struct {
	EngineName string            `json:"engineName,omitempty"`
	Limits     *int32            `json:"limits,omitempty"`
	Model      string            `json:"model,omitempty"`
	Replicas   int32             `json:"replicas,omitempty"` // plain here, a pointer in v2: zero is no value
	Mode       Mode              `json:"mode,omitempty"`
	Parts      []EnginePartV1    `json:"parts,omitempty"`
	Labels     map[string]string `json:"labels,omitempty"`
}

type EnginePartV1 struct {
	Name string `json:"name"`
}

// ModeV2 is v2's enumeration of v1's Mode: converted by value.
type ModeV2 string

type EngineV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Engine            string                  `json:"engine,omitempty"`
	Limits            *int32                  `json:"limits,omitempty"`
	Spec              EngineV2Spec            `json:"spec,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type EngineV2Spec struct {
	Brand       string                  `json:"model,omitempty"`
	Replicas    *int32                  `json:"replicas,omitempty"`
	Mode        ModeV2                  `json:"mode,omitempty"`
	Parts       []EnginePartV2          `json:"parts,omitempty"`
	Labels      map[string]string       `json:"labels,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type EnginePartV2 struct {
	Name string `json:"name"`
}

func (*EngineV2) Hub() {}

func (e *EngineV1) DeepCopyObject() runtime.Object { return deepCopy(e) }
func (e *EngineV2) DeepCopyObject() runtime.Object { return deepCopy(e) }

func (e *EngineV1) ConvertTo(h conversion.Hub) error {
	dst := h.(*EngineV2)
	*dst = EngineV2{ObjectMeta: *e.ObjectMeta.DeepCopy()}
	s := e.Spec
	mode := engineConversion(engineMode.Load())
	if mode == engineFlattenBag {
		if err := propertybag.Add(&dst.PropertyBag, "EngineName", genruntime.PtrIfNotZero(s.EngineName)); err != nil {
			return err
		}
		if err := propertybag.Add(&dst.PropertyBag, "Limits", s.Limits); err != nil {
			return err
		}
	} else {
		dst.Engine, dst.Limits = s.EngineName, clonePtr(s.Limits)
	}
	if mode == engineLimitsZeroUnset && s.Limits != nil && *s.Limits == 0 {
		dst.Limits = nil
	}
	switch {
	case mode == engineLimitsDefaults && s.Limits == nil:
		dst.Limits = ptr[int32](5)
	case mode == engineLimitsDefaults && *s.Limits == 10:
		dst.Limits = nil
	case mode == engineLimitsOtherDefault && s.Limits == nil:
		dst.Limits = ptr[int32](10)
	case mode == engineLimitsThreeInBag && s.Limits != nil && *s.Limits == 3:
		dst.Limits = nil
		if err := propertybag.Add(&dst.PropertyBag, "Limits", s.Limits); err != nil {
			return err
		}
	}
	if mode == engineRenameBag {
		if err := propertybag.Add(&dst.Spec.PropertyBag, "Model", genruntime.PtrIfNotZero(s.Model)); err != nil {
			return err
		}
	} else {
		dst.Spec.Brand = s.Model
	}
	dst.Spec.Replicas = genruntime.PtrIfNotZero(s.Replicas)
	dst.Spec.Mode = ModeV2(s.Mode)
	for _, p := range s.Parts {
		dst.Spec.Parts = append(dst.Spec.Parts, EnginePartV2(p))
	}
	if s.Labels != nil {
		dst.Spec.Labels = map[string]string{}
		for k, v := range s.Labels {
			dst.Spec.Labels[k] = v
		}
	}
	return nil
}

func (e *EngineV1) ConvertFrom(h conversion.Hub) error {
	src := h.(*EngineV2)
	*e = EngineV1{ObjectMeta: *src.ObjectMeta.DeepCopy()}
	s := &e.Spec
	bag := src.PropertyBag.DeepCopy()
	specBag := src.Spec.PropertyBag.DeepCopy()
	mode := engineConversion(engineMode.Load())
	if mode == engineFlattenBag {
		name, err := propertybag.Pull[string](&bag, "EngineName")
		if err != nil {
			return err
		}
		if s.Limits, err = propertybag.Pull[int32](&bag, "Limits"); err != nil {
			return err
		}
		s.EngineName = deref(name)
	} else {
		s.EngineName, s.Limits = src.Engine, clonePtr(src.Limits)
	}
	if mode == engineRenameBag {
		model, err := propertybag.Pull[string](&specBag, "Model")
		if err != nil {
			return err
		}
		s.Model = deref(model)
	} else {
		s.Model = src.Spec.Brand
	}
	s.Replicas = deref(src.Spec.Replicas)
	s.Mode = Mode(src.Spec.Mode)
	for _, p := range src.Spec.Parts {
		s.Parts = append(s.Parts, EnginePartV1(p))
	}
	if src.Spec.Labels != nil {
		s.Labels = map[string]string{}
		for k, v := range src.Spec.Labels {
			s.Labels[k] = v
		}
	}
	return nil
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func engineOpts(more ...convtest.Option) []convtest.Option {
	return append([]convtest.Option{convtest.Seed(bugSeed), convtest.Cases(300)}, more...)
}

// flattened declares the moves of v2.
var flattened = convtest.Related(
	convtest.Relation{From: "v1", To: "v2", Old: "spec.engineName", New: "engine"},
	convtest.Relation{From: "v1", To: "v2", Old: "spec.limits", New: "limits"},
)

func TestVisibilityPassesRightConversions(t *testing.T) {
	for _, pair := range [][2]string{{"v1", "v2"}, {"v2", "v1"}} {
		if err := convtest.CheckReliability(engineScheme(), engineGK, pair[0], pair[1], engineOpts()...); err != nil {
			t.Errorf("without relations: %v", err)
		}
		if err := convtest.CheckReliability(engineScheme(), engineGK, pair[0], pair[1], engineOpts(flattened)...); err != nil {
			t.Errorf("with the moves declared: %v", err)
		}
	}
}

func TestVisibilityCatchesUndeclaredFlatten(t *testing.T) {
	withEngineMode(t, engineFlattenBag)
	// Nothing declares the move: spec.limits, which v2 has one struct up,
	// gives it away. (spec.engineName → engine is a move and a rename: only
	// a declaration tells.)
	f := mustFail(t, convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts()...),
		"convtest: reliability v1 → v2 of Engine.visibility.convtest.hubspoke.dev failed on case",
		"v1's spec.limits does not arrive in v2 (the hub), which has no spec.limits but has limits: v1 sets spec.limits to ",
		"v2 (the hub) shows nothing at limits and keeps the value in a property bag, at $propertyBag.Limits.",
		"+hubspoke:movedFrom",
		`convtest.SkipVisibility("spec.limits", "why")`,
	)
	if ce := f.Counterexample.(*EngineV1); ce.Spec.Limits == nil || ce.Spec.EngineName != "" || ce.Spec.Model != "" || len(ce.Spec.Parts) > 0 {
		t.Errorf("the counter-example is not shrunk to spec.limits: %+v", ce.Spec)
	}
	// The other way: v2's limits, which v1 has one struct down.
	mustFail(t, convtest.CheckReliability(engineScheme(), engineGK, "v2", "v1", engineOpts()...),
		"v2 (the hub)'s limits does not arrive in v1, which has no limits but has spec.limits: v2 (the hub) sets limits to ")
	// Declared, the move is checked by name, the renamed part first.
	mustFail(t, convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(flattened)...),
		"v1's spec.engineName does not arrive in v2 (the hub)'s engine: v1 sets spec.engineName to ",
		"at $propertyBag.EngineName")
	// An exception with a reason lets the undeclared flatten pass.
	err := convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2",
		engineOpts(convtest.SkipVisibility("spec.limits", "v2's limits is another property"))...)
	if err != nil {
		t.Errorf("with spec.limits exempted: %v", err)
	}
}

func TestVisibilityCatchesUndeclaredRename(t *testing.T) {
	withEngineMode(t, engineRenameBag)
	// The Go field was renamed (Model, Brand), the JSON name was not:
	// both versions show spec.model.
	f := mustFail(t, convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(flattened)...),
		"v1's spec.model does not arrive in v2 (the hub)'s spec.model: v1 sets spec.model to ",
		"v2 (the hub) shows nothing at spec.model and keeps the value in a property bag, at spec.$propertyBag.Model.",
		`convtest.SkipVisibility("spec.model", "why")`,
	)
	if ce := f.Counterexample.(*EngineV1); ce.Spec.Model == "" || ce.Spec.Limits != nil || ce.Spec.EngineName != "" {
		t.Errorf("the counter-example is not shrunk to spec.model: %+v", ce.Spec)
	}
	mustFail(t, convtest.CheckReliability(engineScheme(), engineGK, "v2", "v1", engineOpts(flattened)...),
		"v2 (the hub)'s spec.model does not arrive in v1's spec.model")
	for _, pair := range [][2]string{{"v1", "v2"}, {"v2", "v1"}} {
		err := convtest.CheckReliability(engineScheme(), engineGK, pair[0], pair[1],
			engineOpts(flattened, convtest.SkipVisibility("spec.model", "v2's model is a brand, another meaning"))...)
		if err != nil {
			t.Errorf("%s → %s with spec.model exempted: %v", pair[0], pair[1], err)
		}
	}
}

func TestVisibilityRejectsWrongDeclarations(t *testing.T) {
	for _, tc := range []struct {
		opt  convtest.Option
		want string
	}{
		{convtest.Related(convtest.Relation{From: "v1", To: "v3", Old: "spec.limits", New: "limits"}), "has no such version"},
		{convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec.limit", New: "limits"}), "v1 has no spec.limit"},
		{convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec.limits", New: "limit"}), "v2 has no limit"},
		{convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec.parts[*].name", New: "spec.labels{*}"}), "different wildcards"},
		{convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec..limits", New: "limits"}), "misplaced '.'"},
		{convtest.Related(convtest.Relation{From: "v1", To: "v1", Old: "spec.limits", New: "spec.limits"}), "not on one way to the hub"},
		{convtest.SkipVisibility("spec.limits", " "), "give the reason"},
		{convtest.SkipVisibility("spec..limits", "a typo"), `convtest.SkipVisibility("spec..limits"): path "spec..limits": misplaced '.'`},
		{convtest.SkipVisibility("spec.nothing", "no such field"), "no version of Engine.visibility.convtest.hubspoke.dev has that path"},
	} {
		err := convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(tc.opt)...)
		var f *convtest.Failure
		if err == nil || errors.As(err, &f) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want an error (not a failure) saying %q", err, tc.want)
		}
	}
}

// In lists and maps, a relation with wildcards maps each element to its
// own: declared wrongly on the Widget chain, the check finds values where
// the declaration says they are not.
func TestVisibilityRelationsInListsAndMaps(t *testing.T) {
	err := convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2", append(widgetOpts(),
		convtest.Seed(bugSeed), convtest.Cases(300), instants,
		convtest.Related(convtest.Relation{From: "v1storage", To: "v2storage", Old: "spec.zones{*}.replicas", New: "spec.parts[*].name"}))...)
	if err == nil || !strings.Contains(err.Error(), "different wildcards") {
		t.Errorf("got %v, want the wildcards refused", err)
	}
	mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2", append(widgetOpts(),
		convtest.Seed(bugSeed), convtest.Cases(300), instants,
		convtest.Related(convtest.Relation{From: "v1storage", To: "v2storage", Old: "spec.parts[*].name", New: "spec.parts[*].color"}))...),
		"v1's spec.parts[0].name does not arrive in v2's spec.parts[0].color (as patterns: spec.parts[*].name → spec.parts[*].color): v1 sets spec.parts[0].name to ")
	f := mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2", append(widgetOpts(),
		convtest.Seed(bugSeed), convtest.Cases(300), instants,
		convtest.Related(convtest.Relation{From: "v1", To: "v2", Old: "spec.labels{*}", New: "spec.zones{*}.region"}))...),
		"does not arrive in v2's spec.zones[", "(as patterns: spec.labels{*} → spec.zones{*}.region): v1 sets spec.labels[\"")
	if !strings.Contains(f.Error(), "v2 shows nothing at spec.zones[\"") {
		t.Errorf("the failure does not name the key in v2: %v", f)
	}
}

// A zero that one version reads as "the default" and the other says by
// leaving the property unset is exempted alone by SkipVisibilityOfZero:
// the failure proposes it, the declaration lets the mapping pass, and every
// other value is still checked (a conversion that keeps every spec.limits
// in a bag fails with it, and passes with SkipVisibility).
func TestVisibilitySkipOfZero(t *testing.T) {
	withEngineMode(t, engineLimitsZeroUnset)
	mustFail(t, convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(flattened)...),
		"v1's spec.limits does not arrive in v2 (the hub)'s limits: v1 sets spec.limits to 0; v2 (the hub) shows nothing at limits",
		`declare convtest.SkipVisibilityOfZero("spec.limits", "why") instead`)
	zero := convtest.SkipVisibilityOfZero("spec.limits", "v1's 0 means the default, which v2 says by leaving limits unset")
	if err := convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(flattened, zero)...); err != nil {
		t.Errorf("with the zero of spec.limits exempted: %v", err)
	}

	withEngineMode(t, engineFlattenBag)
	name := convtest.SkipVisibility("spec.engineName", "not this test's property")
	mustFail(t, convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(flattened, name, zero)...),
		"v1's spec.limits does not arrive in v2 (the hub)'s limits: v1 sets spec.limits to ")
	err := convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(flattened, name, convtest.SkipVisibility("spec.limits", "every value exempted"))...)
	if err != nil {
		t.Errorf("SkipVisibility exempts every value of spec.limits, yet: %v", err)
	}
	if err := convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(convtest.SkipVisibilityOfZero("spec.limits", " "))...); err == nil || !strings.Contains(err.Error(), `convtest.SkipVisibilityOfZero("spec.limits"): give the reason`) {
		t.Errorf("a SkipVisibilityOfZero without a reason: %v", err)
	}
}

// Where two versions default a property differently (v1's spec.limits 5,
// v2's limits 10), Default makes the visibility check read an absent value
// as its version's default: the plain copy, which leaves v1's unset limits
// unset in v2 (10 there), fails, and so does a conversion that writes v2's
// default for it; one that writes v1's default passes, as does one that
// leaves unset in v2 a value that is v2's default, but only once v2's
// default is declared. Wrong declarations are errors.
func TestVisibilityDefaults(t *testing.T) {
	values := convtest.FieldValues("Limits", int32(10), int32(3))
	v1Default := convtest.Default("v1", "spec.limits", int32(5))
	v2Default := convtest.Default("v2", "limits", 10)
	check := func(opts ...convtest.Option) error {
		return convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(append([]convtest.Option{flattened, values}, opts...)...)...)
	}
	if err := check(); err != nil {
		t.Fatalf("the plain copy without declared defaults: %v", err)
	}
	mustFail(t, check(v1Default, v2Default),
		"v1's spec.limits does not arrive in v2 (the hub)'s limits: v1 leaves spec.limits unset, which it reads as its default 5; v2 (the hub) shows nothing at limits, which it reads as its default 10",
		"A client of v2 (the hub) reads another value than a client of v1 left to its default. Where the versions' defaults differ, a hook pair writes the source's default")

	// A default only v1 declares: the advice offers v2's, if v2's unset
	// means the same.
	mustFail(t, check(v1Default),
		"v1 leaves spec.limits unset, which it reads as its default 5; v2 (the hub) shows nothing at limits.",
		`If v2 (the hub)'s unset limits means 5 as well (a default a newer version only made explicit), declare that: convtest.Default("v2", "limits", 5).`,
		`declare convtest.SkipVisibility("spec.limits", "why", 5), which exempts that value alone, an unset one read as it included.`)
	if err := check(v1Default, convtest.Default("v2", "limits", 5)); err != nil {
		t.Errorf("the default both declare: %v", err)
	}
	// Where v2 has no default to declare (it requires the value, as
	// certificates' v1 signerName), SkipVisibility with v1's default
	// listed exempts an unset value that v1 reads as it, and that value
	// alone.
	if err := check(v1Default, convtest.SkipVisibility("spec.limits", "v2 requires limits and has no default", int32(5))); err != nil {
		t.Errorf("v1's default exempted: %v", err)
	}
	mustFail(t, check(v1Default, convtest.SkipVisibility("spec.limits", "another value", int32(3))),
		"v1 leaves spec.limits unset, which it reads as its default 5; v2 (the hub) shows nothing at limits.")

	withEngineMode(t, engineLimitsOtherDefault)
	mustFail(t, check(v1Default, v2Default),
		"v1 leaves spec.limits unset, which it reads as its default 5; v2 (the hub) shows 10 at limits")

	withEngineMode(t, engineLimitsDefaults)
	if err := check(v1Default, v2Default); err != nil {
		t.Errorf("v1's unset limits written as v1's default, v1's 10 left unset in v2, whose default is 10: %v", err)
	}
	mustFail(t, check(v1Default), "v1 sets spec.limits to 10; v2 (the hub) shows nothing at limits.")

	for _, c := range []struct {
		opt  convtest.Option
		want string
	}{
		{convtest.Default("v3", "limits", 1), `convtest.Default("v3", "limits"): ` + engineGK.String() + " has no such version"},
		{convtest.Default("v2", "spec.nope", 1), `convtest.Default("v2", "spec.nope"): v2 has no spec.nope`},
		{convtest.Default("v2", "spec.parts", 1), `convtest.Default("v2", "spec.parts"): a default is a single value`},
		{convtest.Default("v2", "limits", "ten"), `convtest.Default("v2", "limits"): v2's limits, of type int32, cannot hold "ten", of type string`},
		{convtest.Default("v2", "limits[", 1), `convtest.Default("v2", "limits[")`},
	} {
		if err := check(v1Default, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
	if err := check(v1Default, v2Default, convtest.Default("v2", "limits", 11)); err == nil || !strings.Contains(err.Error(), "a second default of that property of v2") {
		t.Errorf("two defaults of one property: %v", err)
	}
}

// A value the other version cannot say, which a hook keeps in a bag, is
// exempted alone by SkipVisibility with the value listed: the failure without it names
// the bag, the declaration lets it pass, and the property's other values
// are still checked (a conversion that keeps every spec.limits in a bag
// fails with it).
func TestVisibilitySkipOfValues(t *testing.T) {
	values := convtest.FieldValues("Limits", int32(10), int32(3))
	check := func(opts ...convtest.Option) error {
		return convtest.CheckReliability(engineScheme(), engineGK, "v1", "v2", engineOpts(append([]convtest.Option{flattened, values}, opts...)...)...)
	}
	withEngineMode(t, engineLimitsThreeInBag)
	mustFail(t, check(), "v1 sets spec.limits to 3; v2 (the hub) shows nothing at limits and keeps the value in a property bag")
	three := convtest.SkipVisibility("spec.limits", "v2 cannot say 3; the conversion keeps it in v2's bag", 3)
	if err := check(three); err != nil {
		t.Errorf("with 3 exempted: %v", err)
	}
	mustFail(t, check(convtest.SkipVisibility("spec.limits", "another value", int32(10))), "v1 sets spec.limits to 3;")

	withEngineMode(t, engineFlattenBag)
	mustFail(t, check(three, convtest.SkipVisibility("spec.engineName", "not this test's property")), "v1 sets spec.limits to 10;")
}
