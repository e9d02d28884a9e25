package v1api20240815storage_test

import (
	"example.com/fixtures/documentdb/api/v1api20210515"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
)

// Hand-written: the object of the golden test the generator writes, for
// the hooks of v1api20210515storage: 2021-05-15's ARM IDs, one of them
// empty (a reference without an ARM ID), arrive at the hub as the armId of
// its references, and come back.
func databaseAccountExemplars() []runtime.Object {
	return []runtime.Object{
		&v1api20210515.DatabaseAccount{
			TypeMeta:   metav1.TypeMeta{APIVersion: "documentdb.azure.com/v1api20210515", Kind: "DatabaseAccount"},
			ObjectMeta: metav1.ObjectMeta{Name: "sample-sql-account"},
			Spec: v1api20210515.DatabaseAccount_Spec{
				Kind:     ptr.To(v1api20210515.DatabaseAccount_Kind_Spec("GlobalDocumentDB")),
				Location: ptr.To("eastus"),
				Locations: []v1api20210515.Location{
					{LocationName: ptr.To("eastus"), FailoverPriority: ptr.To(0)},
					{LocationName: ptr.To("westus"), FailoverPriority: ptr.To(1), IsZoneRedundant: ptr.To(true)},
				},
				NetworkAclBypass: ptr.To(v1api20210515.NetworkAclBypass("AzureServices")),
				NetworkAclBypassResourceIds: []string{
					"/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Synapse/workspaces/ws1",
					"",
				},
				PublicNetworkAccess: ptr.To(v1api20210515.DatabaseAccountCreateUpdateProperties_PublicNetworkAccess("Enabled")),
			},
		},
	}
}
