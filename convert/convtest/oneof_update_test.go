package convtest_test

import (
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

// Claim is a test resource whose union gains a member, as a DRA device
// request gains firstAvailable beside exactly: v1 has Exact only, v2 and
// the hub (v2storage) have Exact and First, one of which a valid object
// sets. v1 keeps a hidden First in its annotation. A client of v1 that sets
// Exact on a claim whose First it cannot see makes the hub set both,
// unless the hooks drop First then (clearingHooks).

var claimGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Claim"}

func claimScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(claimGK.WithVersion("v1"), &ClaimV1{})
	s.AddKnownTypeWithName(claimGK.WithVersion("v2"), &ClaimV2{})
	s.AddKnownTypeWithName(claimGK.WithVersion("v2storage"), &ClaimHub{})
	return s
}

type ClaimV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ClaimV1Spec `json:"spec"`
}

type ClaimV1Spec struct {
	Exact *string `json:"exact,omitempty"`
}

type ClaimV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ClaimV2Spec `json:"spec"`
}

type ClaimV2Spec struct {
	Exact *string `json:"exact,omitempty"`
	First *string `json:"first,omitempty"`
}

type ClaimHub struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ClaimHubSpec `json:"spec"`
}

type ClaimHubSpec struct {
	Exact       *string                 `json:"exact,omitempty"`
	First       *string                 `json:"first,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

func (*ClaimHub) Hub() {}

func (c *ClaimV1) DeepCopyObject() runtime.Object  { return deepCopy(c) }
func (c *ClaimV2) DeepCopyObject() runtime.Object  { return deepCopy(c) }
func (c *ClaimHub) DeepCopyObject() runtime.Object { return deepCopy(c) }

// clearingHooks makes v1's way to the hub drop the hidden First when its
// client set Exact (the tests do not run in parallel).
var clearingHooks bool

func (c *ClaimV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(c, h) }
func (c *ClaimV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(c, h) }
func (c *ClaimV1) Link() convert.Link {
	return convert.LinkTo((*ClaimV1).assignTo, (*ClaimV1).assignFrom)
}

// recallClaimBag puts the spec bag an API version carries in annotations
// into the hub, and removes the annotation from the hub's metadata.
func recallClaimBag(annotations map[string]string, dst *ClaimHub) error {
	var bags boundary.Carrier
	if err := bags.Open(annotations, nil); err != nil {
		return err
	}
	for bags.Next() {
		bags.Bag("spec", &dst.Spec.PropertyBag)
	}
	return bags.Done(&dst.ObjectMeta, nil)
}

// stashClaimBag carries bag, the hub's spec bag, in meta's annotation.
func stashClaimBag(bag propertybag.PropertyBag, meta *metav1.ObjectMeta) error {
	var bags boundary.Carrier
	bags.Bag("spec", &bag)
	return bags.Done(meta, nil)
}

func (c *ClaimV1) assignTo(dst *ClaimHub) error {
	d := &dst.Spec
	*d = ClaimHubSpec{Exact: c.Spec.Exact}
	if err := recallClaimBag(c.Annotations, dst); err != nil {
		return err
	}
	first, err := propertybag.Pull[string](&d.PropertyBag, "First")
	if err != nil {
		return err
	}
	if d.Exact == nil || !clearingHooks {
		d.First = first
	}
	return nil
}

func (c *ClaimV1) assignFrom(src *ClaimHub) error {
	bag := src.Spec.PropertyBag.DeepCopy()
	if err := propertybag.Add(&bag, "First", src.Spec.First); err != nil {
		return err
	}
	c.Spec = ClaimV1Spec{Exact: src.Spec.Exact}
	return stashClaimBag(bag, &c.ObjectMeta)
}

func (c *ClaimV2) ConvertTo(h conversion.Hub) error   { return convert.ToHub(c, h) }
func (c *ClaimV2) ConvertFrom(h conversion.Hub) error { return convert.FromHub(c, h) }
func (c *ClaimV2) Link() convert.Link {
	return convert.LinkTo((*ClaimV2).assignTo, (*ClaimV2).assignFrom)
}

func (c *ClaimV2) assignTo(dst *ClaimHub) error {
	dst.Spec = ClaimHubSpec{Exact: c.Spec.Exact, First: c.Spec.First}
	return recallClaimBag(c.Annotations, dst)
}

func (c *ClaimV2) assignFrom(src *ClaimHub) error {
	c.Spec = ClaimV2Spec{Exact: src.Spec.Exact, First: src.Spec.First}
	return stashClaimBag(src.Spec.PropertyBag.DeepCopy(), &c.ObjectMeta)
}

var claimOneOfs = []convtest.Option{convtest.OneOf("ClaimV2Spec", "Exact", "First"), convtest.OneOf("ClaimHubSpec", "Exact", "First")}

// TestUpdateCatchesAUnionBrokenAcrossVersions: the update check refuses a
// v1 edit that leaves the hub with two members of a declared union set,
// and passes the hooks that clear the member v1 cannot show; without the
// union declared it cannot tell.
func TestUpdateCatchesAUnionBrokenAcrossVersions(t *testing.T) {
	t.Cleanup(func() { clearingHooks = false })
	base := []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(300)}
	with := append(base[:len(base):len(base)], claimOneOfs...)
	if err := convtest.CheckUpdate(claimScheme(), claimGK, "v1", base...); err != nil {
		t.Fatalf("without the union declared: %v", err)
	}
	f := mustFail(t, convtest.CheckUpdate(claimScheme(), claimGK, "v1", with...),
		"makes the hub (v2storage) set two members of a union (ClaimHubSpec: Exact, First)", "A hook pair must clear the member v1 cannot show")
	if f.Version != "v2storage" {
		t.Errorf("the counter-example is a %s object, want the hub", f.Version)
	}
	clearingHooks = true
	if err := convtest.CheckUpdate(claimScheme(), claimGK, "v1", with...); err != nil {
		t.Errorf("hooks that clear First: %v", err)
	}
}
