// Package validatingwebhook_test checks what a client of each version
// reads of a webhook that leaves the defaulted properties unset, and that
// what v1 cannot say comes back.
package validatingwebhook_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"example.com/fixtures/validatingwebhook/api/v1"
	"example.com/fixtures/validatingwebhook/api/v1beta1"
	"example.com/fixtures/validatingwebhook/api/v1storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// hubOf converts a v1beta1 or v1 object to the hub.
func hubOf(t *testing.T, in conversion.Convertible) *v1storage.ValidatingWebhookConfiguration {
	t.Helper()
	hub := &v1storage.ValidatingWebhookConfiguration{}
	if err := in.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	return hub
}

// throughJSON returns a copy of in as a client reads it and writes it back.
func throughJSON[T any](t *testing.T, in *T) *T {
	t.Helper()
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	out := new(T)
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatal(err)
	}
	return out
}

func toV1(t *testing.T, hub *v1storage.ValidatingWebhookConfiguration) *v1.ValidatingWebhookConfiguration {
	t.Helper()
	out := &v1.ValidatingWebhookConfiguration{}
	if err := out.ConvertFrom(hub.DeepCopy()); err != nil {
		t.Fatal(err)
	}
	return throughJSON(t, out)
}

func toV1beta1(t *testing.T, hub *v1storage.ValidatingWebhookConfiguration) *v1beta1.ValidatingWebhookConfiguration {
	t.Helper()
	out := &v1beta1.ValidatingWebhookConfiguration{}
	if err := out.ConvertFrom(hub.DeepCopy()); err != nil {
		t.Fatal(err)
	}
	return throughJSON(t, out)
}

// A v1beta1 webhook that leaves everything defaulted unset reads at v1 with
// v1beta1's defaults (Ignore, not v1's Fail); its sideEffects Unknown, which
// v1 does not allow, reads as none at v1 and comes back at v1beta1.
func TestV1beta1UnsetReadsAtV1(t *testing.T) {
	for _, sideEffects := range []*v1beta1.SideEffectClass{nil, ptr.To(v1beta1.SideEffectClassUnknown), ptr.To(v1beta1.SideEffectClassSome), ptr.To(v1beta1.SideEffectClassNone)} {
		old := &v1beta1.ValidatingWebhookConfiguration{Webhooks: []v1beta1.ValidatingWebhook{{Name: "a.example.com", SideEffects: sideEffects}}}
		hub := hubOf(t, old.DeepCopy())
		got := toV1(t, hub).Webhooks[0]
		want := v1.ValidatingWebhook{
			Name:                    "a.example.com",
			FailurePolicy:           ptr.To(v1.Ignore),
			MatchPolicy:             ptr.To(v1.Exact),
			TimeoutSeconds:          ptr.To[int32](30),
			AdmissionReviewVersions: []string{"v1beta1"},
		}
		if sideEffects != nil && *sideEffects == v1beta1.SideEffectClassNone {
			want.SideEffects = ptr.To(v1.SideEffectClassNone)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("v1beta1 (sideEffects %v) at v1:\n got %+v\nwant %+v", deref(sideEffects), got, want)
		}
		if back := toV1beta1(t, hub); !reflect.DeepEqual(back.Webhooks, old.Webhooks) {
			t.Errorf("v1beta1 (sideEffects %v) → v1 → v1beta1:\n got %+v\nwant %+v", deref(sideEffects), back.Webhooks, old.Webhooks)
		}
	}
}

// An update through v1 of a v1beta1 webhook whose sideEffects v1 cannot
// say (Unknown), setting None, reads None at v1beta1: the value in v1's bag
// gives way to the one the client wrote.
func TestV1SetsWhatV1beta1Kept(t *testing.T) {
	hub := hubOf(t, &v1beta1.ValidatingWebhookConfiguration{Webhooks: []v1beta1.ValidatingWebhook{{
		Name: "c.example.com", SideEffects: ptr.To(v1beta1.SideEffectClassUnknown), FailurePolicy: ptr.To(v1beta1.Ignore),
	}}})
	read := toV1(t, hub)
	read.Webhooks[0].SideEffects = ptr.To(v1.SideEffectClassNone)
	read.Webhooks[0].FailurePolicy = nil
	got := toV1beta1(t, hubOf(t, read)).Webhooks[0]
	if got.SideEffects == nil || *got.SideEffects != v1beta1.SideEffectClassNone {
		t.Errorf("v1 set sideEffects None: v1beta1 reads %v", deref(got.SideEffects))
	}
	if got.FailurePolicy == nil || *got.FailurePolicy != v1beta1.Fail {
		t.Errorf("v1 unset failurePolicy (Fail): v1beta1 reads %v", deref(got.FailurePolicy))
	}
}

// A v1 webhook that leaves the defaulted properties unset reads at v1beta1
// with v1's defaults (Fail, not v1beta1's Ignore), and an update through
// v1beta1 that changes nothing leaves them unset at the hub; one that
// changes failurePolicy to Ignore sets it.
func TestV1UnsetReadsAtV1beta1(t *testing.T) {
	hub := hubOf(t, &v1.ValidatingWebhookConfiguration{Webhooks: []v1.ValidatingWebhook{{
		Name: "b.example.com", SideEffects: ptr.To(v1.SideEffectClassNone), AdmissionReviewVersions: []string{"v1"},
	}}})
	old := toV1beta1(t, hub)
	got := old.Webhooks[0]
	want := v1beta1.ValidatingWebhook{
		Name:                    "b.example.com",
		FailurePolicy:           ptr.To(v1beta1.Fail),
		MatchPolicy:             ptr.To(v1beta1.Equivalent),
		TimeoutSeconds:          ptr.To[int32](10),
		SideEffects:             ptr.To(v1beta1.SideEffectClassNone),
		AdmissionReviewVersions: []string{"v1"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("v1 at v1beta1:\n got %+v\nwant %+v", got, want)
	}
	if again := hubOf(t, old.DeepCopy()); !reflect.DeepEqual(again.Webhooks, hub.Webhooks) {
		t.Errorf("an update through v1beta1 that changed nothing:\n got %+v\nwant %+v", again.Webhooks, hub.Webhooks)
	}
	old.Webhooks[0].FailurePolicy = ptr.To(v1beta1.Ignore)
	if again := hubOf(t, old); !reflect.DeepEqual(again.Webhooks[0].FailurePolicy, ptr.To(v1storage.FailurePolicyType("Ignore"))) {
		t.Errorf("an update through v1beta1 to Ignore: the hub's failurePolicy is %v", deref(again.Webhooks[0].FailurePolicy))
	}
}

// A client of the hub may change a value a mark in v1's bag speaks of
// (write sideEffects "" where v1beta1 had Unknown, remove failurePolicy
// where v1beta1 left it unset) and leave the mark: it then no longer
// applies, and an update through v1beta1 that changes nothing must keep it
// all the same (convtest's update check, with toggled hubs, found the
// first).
func TestUpdateThroughV1beta1KeepsUnusedMarks(t *testing.T) {
	marks := func(entries ...string) propertybag.PropertyBag {
		bag := propertybag.PropertyBag{}
		for i := 0; i < len(entries); i += 2 {
			bag[entries[i]] = entries[i+1]
		}
		return bag
	}
	hub := &v1storage.ValidatingWebhookConfiguration{Webhooks: []v1storage.ValidatingWebhook{
		{Name: ptr.To("a.example.com"), SideEffects: ptr.To(v1storage.SideEffectClass("")),
			PropertyBag: marks("SideEffects@v1beta1", `"Unknown"`)},
		{Name: ptr.To("b.example.com"), SideEffects: ptr.To(v1storage.SideEffectClass("None")), TimeoutSeconds: ptr.To[int32](5),
			PropertyBag: marks("FailurePolicyUnset@v1beta1", "true", "TimeoutSecondsUnset@v1beta1", "true")},
		{Name: ptr.To("c.example.com"), AdmissionReviewVersions: []string{"v1"}, MatchPolicy: ptr.To(v1storage.MatchPolicyType("Equivalent")),
			PropertyBag: marks("AdmissionReviewVersionsUnset@v1beta1", "true", "MatchPolicyUnset@v1beta1", "true")},
	}}
	read := toV1beta1(t, hub)
	if got := hubOf(t, read); !reflect.DeepEqual(got.Webhooks, hub.Webhooks) {
		t.Errorf("hub → v1beta1 → hub:\n got %+v\nwant %+v", got.Webhooks, hub.Webhooks)
	}
}

// The marks a client of the hub left, which v1beta1 carries unread, do not
// change what a client of v1beta1 then writes (mutation testing: keeping
// the admissionReviewVersions mark where v1beta1 writes [v1beta1] itself
// made the next read at v1beta1 show it unset).
func TestUnusedMarksLeaveV1beta1Writes(t *testing.T) {
	hub := &v1storage.ValidatingWebhookConfiguration{Webhooks: []v1storage.ValidatingWebhook{{
		Name: ptr.To("a.example.com"), SideEffects: ptr.To(v1storage.SideEffectClass("None")), FailurePolicy: ptr.To(v1storage.FailurePolicyType("Fail")),
		PropertyBag: propertybag.PropertyBag{"SideEffects@v1beta1": `"Unknown"`, "FailurePolicyUnset@v1beta1": "true"},
	}, {
		Name: ptr.To("b.example.com"), SideEffects: ptr.To(v1storage.SideEffectClass("None")), AdmissionReviewVersions: []string{"v1"},
		PropertyBag: propertybag.PropertyBag{"AdmissionReviewVersionsUnset@v1beta1": "true"},
	}}}
	read := toV1beta1(t, hub)
	read.Webhooks[0].SideEffects = nil
	read.Webhooks[0].FailurePolicy = ptr.To(v1beta1.Ignore)
	read.Webhooks[1].AdmissionReviewVersions = []string{"v1beta1"}
	written := read.DeepCopy()
	got := toV1beta1(t, hubOf(t, read))
	if !reflect.DeepEqual(got.Webhooks, written.Webhooks) {
		t.Errorf("v1beta1, written, → hub → v1beta1:\n got %+v\nwant %+v", got.Webhooks, written.Webhooks)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
