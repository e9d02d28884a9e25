package convtest_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Route is a test resource with a union, as Knative's v1alpha1 Service
// modes: the API version v1alpha1 sets one of latest and pinned, which the
// hub, v1, holds as a configuration name and a revision name. Hooks
// convert the member that is set; an object that sets both (which the API
// server refuses) is kept whole in the hub's bag. brokenPinned makes the
// hooks keep a pinned route in the bag too, as if they never converted
// pinned: nothing is lost, and only a client of v1 misses the revision.

var routeGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Route"}

func routeScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(routeGK.WithVersion("v1alpha1"), &RouteV1alpha1{})
	s.AddKnownTypeWithName(routeGK.WithVersion("v1"), &RouteV1{})
	return s
}

type RouteV1alpha1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RouteV1alpha1Spec `json:"spec"`
}

type RouteV1alpha1Spec struct {
	Latest *RouteLatest `json:"latest,omitempty"`
	Pinned *RoutePinned `json:"pinned,omitempty"`
}

type RouteLatest struct {
	Configuration string `json:"configuration,omitempty"`
}

type RoutePinned struct {
	Revision string `json:"revision,omitempty"`
}

type RouteV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RouteV1Spec `json:"spec"`
}

type RouteV1Spec struct {
	ConfigurationName *string                 `json:"configurationName,omitempty"`
	RevisionName      *string                 `json:"revisionName,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

func (*RouteV1) Hub() {}

func (r *RouteV1alpha1) DeepCopyObject() runtime.Object { return deepCopy(r) }
func (r *RouteV1) DeepCopyObject() runtime.Object       { return deepCopy(r) }

// brokenPinned breaks the hooks for pinned (the tests do not run in
// parallel).
var brokenPinned bool

func (r *RouteV1alpha1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(r, h) }
func (r *RouteV1alpha1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(r, h) }
func (r *RouteV1alpha1) Link() convert.Link {
	return convert.LinkTo((*RouteV1alpha1).assignTo, (*RouteV1alpha1).assignFrom)
}

func (r *RouteV1alpha1) assignTo(dst *RouteV1) error {
	d := &dst.Spec
	*d = RouteV1Spec{}
	var bags boundary.Carrier
	if err := bags.Open(r.Annotations, nil); err != nil {
		return err
	}
	for bags.Next() {
		bags.Bag("spec", &d.PropertyBag)
	}
	if err := bags.Done(&dst.ObjectMeta, nil); err != nil {
		return err
	}
	s := r.Spec
	switch {
	case s.Latest != nil && s.Pinned == nil:
		d.ConfigurationName = &s.Latest.Configuration
	case s.Pinned != nil && s.Latest == nil && !brokenPinned:
		d.RevisionName = &s.Pinned.Revision
	case s.Latest != nil || s.Pinned != nil:
		// Both (or, broken, pinned): kept whole for the way back.
		return propertybag.Add(&d.PropertyBag, "Modes", &s)
	}
	return nil
}

func (r *RouteV1alpha1) assignFrom(src *RouteV1) error {
	s := &src.Spec
	bag := s.PropertyBag.DeepCopy()
	modes, err := propertybag.Pull[RouteV1alpha1Spec](&bag, "Modes")
	if err != nil {
		return err
	}
	r.Spec = RouteV1alpha1Spec{}
	switch {
	case modes != nil:
		r.Spec = *modes
	case s.RevisionName != nil:
		r.Spec.Pinned = &RoutePinned{Revision: *s.RevisionName}
	case s.ConfigurationName != nil:
		r.Spec.Latest = &RouteLatest{Configuration: *s.ConfigurationName}
	}
	var bags boundary.Carrier
	bags.Bag("spec", &bag)
	return bags.Done(&r.ObjectMeta, nil)
}

// routeRelations say where a client of v1 finds each member's value: a
// declaration that only holds of objects that set one member.
var routeRelations = convtest.Related(
	convtest.Relation{From: "v1alpha1", To: "v1", Old: "spec.latest.configuration", New: "spec.configurationName"},
	convtest.Relation{From: "v1alpha1", To: "v1", Old: "spec.pinned.revision", New: "spec.revisionName"},
)

var routeOneOf = convtest.OneOf("RouteV1alpha1Spec", "Latest", "Pinned")

// TestOneOfDraws: with OneOf, no generated Route sets both members, and
// each member is set alone in some objects (without it, some objects set
// both).
func TestOneOfDraws(t *testing.T) {
	count := func(opts ...convtest.Option) (both, latest, pinned, none int) {
		g, err := convtest.NewGenerator(routeScheme(), routeGK, opts...)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range int64(300) {
			obj, err := g.Generate("v1alpha1", seed)
			if err != nil {
				t.Fatal(err)
			}
			switch s := obj.(*RouteV1alpha1).Spec; {
			case s.Latest != nil && s.Pinned != nil:
				both++
			case s.Latest != nil:
				latest++
			case s.Pinned != nil:
				pinned++
			default:
				none++
			}
		}
		return
	}
	if both, _, _, _ := count(); both == 0 {
		t.Errorf("without OneOf no object set both members")
	}
	both, latest, pinned, none := count(routeOneOf)
	t.Logf("with OneOf, of 300 objects: %d latest, %d pinned, %d neither", latest, pinned, none)
	if both > 0 || latest < 30 || pinned < 30 || none == 0 {
		t.Errorf("with OneOf: %d objects set both members, %d latest alone, %d pinned alone, %d neither; want none, and each alone in 30 at least", both, latest, pinned, none)
	}
}

// TestOneOfCatchesUnconvertedMember: hooks that never convert pinned (it
// stays in the hub's bag) lose nothing, so the round trip passes, and
// without OneOf no relation can say where pinned's revision goes (the
// healthy hooks keep a route that sets both members in the bag too), so
// the checks pass. With OneOf, the relations hold, and the visibility
// check finds the revision missing; the healthy hooks pass.
func TestOneOfCatchesUnconvertedMember(t *testing.T) {
	t.Cleanup(func() { brokenPinned = false })
	base := []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(200)}
	with := append(base[:len(base):len(base)], routeOneOf, routeRelations)

	// The healthy hooks: the relations fail on an object that sets both
	// members, and pass once OneOf draws one.
	mustFail(t, convtest.CheckReliability(routeScheme(), routeGK, "v1alpha1", "v1", append(base[:len(base):len(base)], routeRelations)...),
		"does not arrive in v1 (the hub)")
	if err := convtest.CheckReliability(routeScheme(), routeGK, "v1alpha1", "v1", with...); err != nil {
		t.Fatalf("healthy hooks with OneOf: %v", err)
	}

	brokenPinned = true
	if err := convtest.CheckRoundTrip(routeScheme(), routeGK, "v1alpha1", base...); err != nil {
		t.Fatalf("broken hooks, round trip without OneOf: %v", err)
	}
	if err := convtest.CheckReliability(routeScheme(), routeGK, "v1alpha1", "v1", base...); err != nil {
		t.Fatalf("broken hooks without OneOf (no relation can be declared): %v", err)
	}
	f := mustFail(t, convtest.CheckReliability(routeScheme(), routeGK, "v1alpha1", "v1", with...), "spec.pinned.revision")
	s := f.Counterexample.(*RouteV1alpha1).Spec
	if s.Latest != nil || s.Pinned == nil {
		t.Errorf("the counter-example sets latest %v and pinned %v; want pinned alone", s.Latest, s.Pinned)
	}
	if !strings.Contains(f.Error(), "revisionName") {
		t.Errorf("the failure does not name v1's revisionName:\n%s", f.Error())
	}
}
