// Package documentdb_test checks where the network ACL bypass list of each
// version of DatabaseAccount lands at the others: 2021-05-15's ARM IDs,
// the references of 2023-11-15 and 2024-08-15, what a client of each
// version reads, and what an update through 2021-05-15 keeps.
package documentdb_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"example.com/fixtures/documentdb/api/v1api20210515"
	"example.com/fixtures/documentdb/api/v1api20231115"
	"example.com/fixtures/documentdb/api/v1api20240815"
	"example.com/fixtures/documentdb/api/v1api20240815storage"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

const (
	synapse  = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Synapse/workspaces/ws1"
	purview  = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Purview/accounts/pv1"
	bagsName = "hubspoke.dev/property-bags"
)

// convert takes in to the hub and from there to out, through JSON each
// way, as a client of out would read it.
func convert[T conversion.Convertible](t *testing.T, in conversion.Convertible, out T) T {
	t.Helper()
	in = viaJSON(t, in)
	hub := &v1api20240815storage.DatabaseAccount{}
	if err := in.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	hub = viaJSON(t, hub) // stored in etcd
	if err := out.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return viaJSON(t, out)
}

// viaJSON returns a copy of obj that went through JSON, as a client's does.
func viaJSON[T any](t *testing.T, obj T) T {
	t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	out := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(T)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
	return out
}

func at20210515(ids ...string) *v1api20210515.DatabaseAccount {
	return &v1api20210515.DatabaseAccount{Spec: v1api20210515.DatabaseAccount_Spec{NetworkAclBypassResourceIds: ids}}
}

func at20240815(refs ...v1api20240815.ResourceReference) *v1api20240815.DatabaseAccount {
	return &v1api20240815.DatabaseAccount{Spec: v1api20240815.DatabaseAccount_Spec{NetworkAclBypassResourceReferences: refs}}
}

// A client of 2021-05-15 lists ARM IDs; clients of 2023-11-15 and
// 2024-08-15 read each as the armId of a reference, "" as a reference
// without one.
func TestIDsLandAsReferences(t *testing.T) {
	in := at20210515(synapse, "")
	want := []v1api20231115.ResourceReference{{ARMID: synapse}, {}}
	if got := convert(t, in, &v1api20231115.DatabaseAccount{}).Spec.NetworkAclBypassResourceReferences; !reflect.DeepEqual(got, want) {
		t.Errorf("2023-11-15 reads %+v, want %+v", got, want)
	}
	want24 := []v1api20240815.ResourceReference{{ARMID: synapse}, {}}
	if got := convert(t, in, &v1api20240815.DatabaseAccount{}).Spec.NetworkAclBypassResourceReferences; !reflect.DeepEqual(got, want24) {
		t.Errorf("2024-08-15 reads %+v, want %+v", got, want24)
	}
}

// A client of 2021-05-15 reads the ARM ID of each reference (and "" for a
// resource of the cluster), and an update that leaves the list as it is
// keeps the references; one that changes it replaces them.
func TestReferencesThrough20210515(t *testing.T) {
	cluster := v1api20240815.ResourceReference{Group: "synapse.azure.com", Kind: "Workspace", Name: "ws2"}
	in := at20240815(cluster, v1api20240815.ResourceReference{ARMID: purview})
	old := convert(t, in, &v1api20210515.DatabaseAccount{})
	if got, want := old.Spec.NetworkAclBypassResourceIds, []string{"", purview}; !reflect.DeepEqual(got, want) {
		t.Errorf("2021-05-15 reads %q, want %q", got, want)
	}
	back := convert(t, old, &v1api20240815.DatabaseAccount{})
	if got := back.Spec.NetworkAclBypassResourceReferences; !reflect.DeepEqual(got, in.Spec.NetworkAclBypassResourceReferences) {
		t.Errorf("an update through 2021-05-15 leaves %+v, want %+v", got, in.Spec.NetworkAclBypassResourceReferences)
	}

	old.Spec.NetworkAclBypassResourceIds = []string{synapse}
	changed := convert(t, old, &v1api20240815.DatabaseAccount{})
	if got, want := changed.Spec.NetworkAclBypassResourceReferences, []v1api20240815.ResourceReference{{ARMID: synapse}}; !reflect.DeepEqual(got, want) {
		t.Errorf("after 2021-05-15 replaces the IDs, 2024-08-15 reads %+v, want %+v", got, want)
	}
	old.Spec.NetworkAclBypassResourceIds = nil
	if got := convert(t, old, &v1api20240815.DatabaseAccount{}).Spec.NetworkAclBypassResourceReferences; got != nil {
		t.Errorf("after 2021-05-15 removes the IDs, 2024-08-15 reads %+v, want none", got)
	}
}

// References that are ARM IDs alone are all 2021-05-15 needs to show: its
// bags do not keep them again.
func TestARMIDsAloneAreNotKept(t *testing.T) {
	old := convert(t, at20240815(v1api20240815.ResourceReference{ARMID: synapse}), &v1api20210515.DatabaseAccount{})
	if bags := old.Annotations[bagsName]; strings.Contains(bags, "NetworkAclBypassResourceReferences") {
		t.Errorf("2021-05-15 keeps the references of ARM IDs in its bags: %s", bags)
	}
	withCluster := convert(t, at20240815(v1api20240815.ResourceReference{Name: "ws2"}), &v1api20210515.DatabaseAccount{})
	if bags := withCluster.Annotations[bagsName]; !strings.Contains(bags, "NetworkAclBypassResourceReferences") {
		t.Errorf("2021-05-15 does not keep a reference of the cluster in its bags: %q", bags)
	}
}
