package webhook_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/hubspoke/hubspoke/examples/person/webhook"
)

// LoadCRD reads the Person CRD the example ships, which the admission
// webhook validates writes against.
func ExampleLoadCRD() {
	crd, err := webhook.LoadCRD("../crd/crm.hubspoke.dev_people.yaml")
	if err != nil {
		panic(err)
	}
	for _, v := range crd.Spec.Versions {
		if v.Name == "v5storage" {
			knownAs := v.Schema.OpenAPIV3Schema.Properties["spec"].Properties["knownAs"]
			fmt.Println(crd.Name, v.Name, "storage:", v.Storage, "knownAs maxLength:", *knownAs.MaxLength)
		}
	}
	// Output:
	// people.crm.hubspoke.dev v5storage storage: true knownAs maxLength: 20
}

// NewManager builds the manager that serves both webhooks of Person; here
// it is not started, and its webhook server's handler shows the paths.
func ExampleNewManager() {
	crd, err := webhook.LoadCRD("../crd/crm.hubspoke.dev_people.yaml")
	if err != nil {
		panic(err)
	}
	mgr, err := webhook.NewManager(unusedAPIServer, webhook.Options{CRD: crd})
	if err != nil {
		panic(err)
	}
	for _, path := range []string{"/convert", webhook.AdmissionPath} {
		_, pattern := mgr.GetWebhookServer().WebhookMux().Handler(httptest.NewRequest(http.MethodPost, path, nil))
		fmt.Printf("%s served: %v\n", path, pattern == path)
	}
	// Output:
	// /convert served: true
	// /validate-crm-hubspoke-dev-person served: true
}
