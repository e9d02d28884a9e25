package webhook_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/webhook"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// TestSetupRefusesServedVersionsThatDifferInTheStatusSubresource: through a
// served version without the status subresource, a client that may update
// only the main resource could write the status bags of the others, so
// Setup refuses a CRD whose served versions differ in it, and registers
// nothing. The Widget CRD serves three versions here (v1, v2, v2storage;
// v1storage is unserved), all with the subresource.
func TestSetupRefusesServedVersionsThatDifferInTheStatusSubresource(t *testing.T) {
	type version struct{ served, status, scale bool }
	cases := []struct {
		name     string
		versions map[string]version // changes to the CRD's versions
		want     []string           // substrings of the error; nil: accepted
	}{
		{
			name:     "a served version lacks it",
			versions: map[string]version{"v2": {served: true}},
			want: []string{
				"Widget.crm.hubspoke.test", "the CRD widgets.crm.hubspoke.test",
				"serves the status subresource at v1, v2storage but not at v2, which it serves too",
				"a client that may update widgets but not widgets/status could write, through v2, the status",
				"add `subresources: {status: {}}` to v2 in the CRD", "or stop serving v2",
			},
		},
		{
			name:     "two served versions lack it",
			versions: map[string]version{"v1": {served: true}, "v2": {served: true}},
			want:     []string{"at v2storage but not at v1, v2"},
		},
		{
			name:     "the hub, served, lacks it",
			versions: map[string]version{"v2storage": {served: true}},
			want:     []string{"at v1, v2 but not at v2storage"},
		},
		{name: "all served versions have it"},
		{
			name: "no version has it (a kind without status)",
			versions: map[string]version{
				"v1": {served: true}, "v1storage": {}, "v2": {served: true}, "v2storage": {served: true},
			},
		},
		{
			// The scale subresource is not the status one: the API
			// server resets status only at a version that serves status.
			name:     "a served version has only the scale subresource",
			versions: map[string]version{"v2": {served: true, scale: true}},
			want:     []string{"serves the status subresource at v1, v2storage but not at v2, which it serves too"},
		},
		{
			name:     "only an unserved version lacks it",
			versions: map[string]version{"v1storage": {}},
		},
		{
			name:     "the version lacking it is unserved",
			versions: map[string]version{"v1storage": {served: true, status: true}, "v2": {}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			crd := widgetCRD(t)
			served := 0
			for i := range crd.Spec.Versions {
				v := &crd.Spec.Versions[i]
				if v.Name == "v1storage" {
					v.Served = false
				}
				if change, ok := c.versions[v.Name]; ok {
					v.Served = change.served
					v.Subresources = nil
					if change.status || change.scale {
						v.Subresources = &apiextensionsv1.CustomResourceSubresources{}
					}
					if change.status {
						v.Subresources.Status = &apiextensionsv1.CustomResourceSubresourceStatus{}
					}
					if change.scale {
						v.Subresources.Scale = &apiextensionsv1.CustomResourceSubresourceScale{SpecReplicasPath: ".spec.size", StatusReplicasPath: ".status.load"}
					}
				}
				if v.Served {
					served++
				}
			}
			if served != 3 {
				t.Fatalf("the CRD serves %d versions, want 3", served)
			}
			mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
			if err != nil {
				t.Fatal(err)
			}
			err = webhook.Setup(mgr, webhook.Options{}, crd)
			if c.want == nil {
				if err != nil {
					t.Fatalf("Setup refused the CRD: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("Setup accepted the CRD")
			}
			for _, want := range c.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the error does not say %q:\n%v", want, err)
				}
			}
			if mux := mgr.GetWebhookServer().WebhookMux(); mux != nil {
				t.Error("a refused Setup registered handlers")
			}
			if _, ok := mgr.GetConverterRegistry().GetConverter(widgetGK); ok {
				t.Error("a refused Setup registered a converter")
			}
		})
	}
}
