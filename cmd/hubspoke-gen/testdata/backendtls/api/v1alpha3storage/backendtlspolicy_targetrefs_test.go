package v1alpha3storage_test

import (
	"testing"

	"k8s.io/utils/ptr"

	"example.com/fixtures/backendtls/api/v1alpha2"
	"example.com/fixtures/backendtls/api/v1alpha3"
	"example.com/fixtures/backendtls/api/v1alpha3storage"
)

// A v1alpha3 policy with two targetRefs, read at v1alpha2, shows the first;
// an update at v1alpha2 that retargets it at another namespace's object
// keeps the second, and v1alpha2 reads its namespace back.
func TestTwoTargetRefsAtV1alpha2(t *testing.T) {
	hub := &v1alpha3storage.BackendTLSPolicy{}
	if err := (&v1alpha3.BackendTLSPolicy{Spec: v1alpha3.BackendTLSPolicySpec{
		TargetRefs: []v1alpha3.LocalPolicyTargetReference{{Kind: "Service", Name: "a"}, {Kind: "Service", Name: "b"}},
	}}).ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	old := &v1alpha2.BackendTLSPolicy{}
	if err := old.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if r := old.Spec.TargetRef; r.Kind != "Service" || r.Name != "a" || r.Namespace != nil {
		t.Fatalf("targetRef at v1alpha2 = %+v, want Service a", r)
	}
	old.Spec.TargetRef.Name, old.Spec.TargetRef.Namespace = "c", ptr.To("other")
	if err := old.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	now := &v1alpha3.BackendTLSPolicy{}
	if err := now.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if r := now.Spec.TargetRefs; len(r) != 2 || r[0].Name != "c" || r[1].Name != "b" {
		t.Errorf("targetRefs at v1alpha3 after the update at v1alpha2 = %+v, want c, b", r)
	}
	again := &v1alpha2.BackendTLSPolicy{}
	if err := again.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if ns := again.Spec.TargetRef.Namespace; ns == nil || *ns != "other" {
		t.Errorf("namespace at v1alpha2 = %v, want other", ns)
	}
}
