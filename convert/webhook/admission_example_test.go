package webhook_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/propertybag"
	admissionv1 "k8s.io/api/admission/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/yaml"
)

// The scheme of these examples (widgetScheme) registers four versions of
// Widget: v1 (an API version with only a name) → v1storage → v2storage (the
// hub, with size, color and more) ← v2 (an API version). The CRD is
// testdata/widgets.yaml; its hub version allows the colors red, green and
// blue.

// loadCRD decodes a CRD from the YAML an operator ships.
func loadCRD(path string) *apiextensionsv1.CustomResourceDefinition {
	text, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(text, crd); err != nil {
		panic(err)
	}
	return crd
}

// sendReview sends one AdmissionReview to h and prints the answer.
func sendReview(h http.Handler, review string) {
	req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewBufferString(review))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var answer admissionv1.AdmissionReview
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		panic(err)
	}
	r := answer.Response
	fmt.Println("HTTP", rec.Code, "allowed:", r.Allowed)
	if !r.Allowed {
		fmt.Println(r.Result.Code, r.Result.Reason)
		fmt.Println(r.Result.Message)
	}
}

// NewAdmissionHandler validates each write at the hub. Here a client writes
// a Widget at v1 whose property-bags annotation gives it a color the hub's
// schema does not allow: the API server would accept it (v1 has no color),
// the handler refuses it.
func Example_admissionReview() {
	h, err := webhook.NewAdmissionHandler(widgetScheme(), loadCRD("testdata/widgets.yaml"), webhook.Options{})
	if err != nil {
		panic(err)
	}
	// The bags v1 carries in its annotation, written as generated code
	// writes them: here {"spec":{"Color":"purple","Size":2}} (in Azure
	// Service Operator's string format, -tags hubspoke_aso, the color is
	// stored as it is and MarshalBags keeps it apart, under "$verbatim").
	var bag propertybag.PropertyBag
	color, size := "purple", 2
	if err := errors.Join(propertybag.Add(&bag, "Color", &color), propertybag.Add(&bag, "Size", &size)); err != nil {
		panic(err)
	}
	bags, err := propertybag.MarshalBags(propertybag.Bags{"spec": bag})
	if err != nil {
		panic(err)
	}
	annotation, err := json.Marshal(bags)
	if err != nil {
		panic(err)
	}
	sendReview(h, `{
	  "apiVersion": "admission.k8s.io/v1",
	  "kind": "AdmissionReview",
	  "request": {
	    "uid": "0f6c5a1e-8e0b-4b6f-9a59-4a4d2ad3c001",
	    "kind": {"group": "crm.hubspoke.test", "version": "v1", "kind": "Widget"},
	    "resource": {"group": "crm.hubspoke.test", "version": "v1", "resource": "widgets"},
	    "name": "gizmo", "namespace": "shop", "operation": "CREATE",
	    "userInfo": {"username": "alice"},
	    "object": {
	      "apiVersion": "crm.hubspoke.test/v1", "kind": "Widget",
	      "metadata": {"name": "gizmo", "namespace": "shop",
	        "annotations": {"hubspoke.dev/property-bags": `+string(annotation)+`}},
	      "spec": {"name": "gizmo"}
	    }
	  }
	}`)
	// Output:
	// HTTP 200 allowed: false
	// 422 Invalid
	// hubspoke: Widget.crm.hubspoke.test "gizmo" written at v1 is invalid: spec.color: Unsupported value: "purple": supported values: "red", "green", "blue" (v1 has no field spec.color: the value comes from the other fields of v1 or from the property bags it carries, in annotation hubspoke.dev/property-bags or in status); some validation rules were not checked because the object was invalid; correct the existing errors to complete validation
}

// Options sets the budget of the property-bags annotation. Here a
// Widget written at v2 is fine at v2, but v1 would have to carry its size
// and parts in its annotation, which a budget of 64 bytes cannot hold; the
// message names the version and the entries that take the room.
func ExampleOptions() {
	h, err := webhook.NewAdmissionHandler(widgetScheme(), loadCRD("testdata/widgets.yaml"), webhook.Options{BagsBudget: 64})
	if err != nil {
		panic(err)
	}
	sendReview(h, `{
	  "apiVersion": "admission.k8s.io/v1",
	  "kind": "AdmissionReview",
	  "request": {
	    "uid": "0f6c5a1e-8e0b-4b6f-9a59-4a4d2ad3c002",
	    "kind": {"group": "crm.hubspoke.test", "version": "v2", "kind": "Widget"},
	    "resource": {"group": "crm.hubspoke.test", "version": "v2", "resource": "widgets"},
	    "name": "gizmo", "namespace": "shop", "operation": "CREATE",
	    "userInfo": {"username": "alice"},
	    "object": {
	      "apiVersion": "crm.hubspoke.test/v2", "kind": "Widget",
	      "metadata": {"name": "gizmo", "namespace": "shop"},
	      "spec": {"name": "gizmo", "size": 2, "parts": [{"name": "cog", "count": 2}, {"name": "spring"}]}
	    }
	  }
	}`)
	// Output:
	// HTTP 200 allowed: false
	// 422 Invalid
	// hubspoke: Widget.crm.hubspoke.test "gizmo" written at v2 is invalid: metadata.annotations[hubspoke.dev/property-bags]: Too long: at v1 annotation hubspoke.dev/property-bags would take 82 bytes, over the budget of 64; the largest entries: Parts in bag "spec" (62 bytes), Size in bag "spec" (8 bytes)
}

// AdmissionPath is the path a ValidatingWebhookConfiguration names for the
// resource, under clientConfig.service.path (or in clientConfig.url).
func ExampleAdmissionPath() {
	fmt.Println(webhook.AdmissionPath(widgetGK))
	// Output:
	// /validate-crm-hubspoke-test-widget
}

// Setup wires both webhooks of a resource on a manager in one call:
//
//	if err := webhook.Setup(mgr, webhook.Options{}, crd); err != nil { ... }
//
// Here the manager is built but not started, and its webhook server's
// handler answers directly.
func ExampleSetup() {
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		panic(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{}, loadCRD("testdata/widgets.yaml")); err != nil {
		panic(err) // a broken chain, or a CRD that does not match it, stops the operator here
	}
	mux := mgr.GetWebhookServer().WebhookMux()
	for _, path := range []string{"/convert", webhook.AdmissionPath(widgetGK)} {
		_, pattern := mux.Handler(httptest.NewRequest(http.MethodPost, path, nil))
		fmt.Printf("%s served: %v\n", path, pattern == path)
	}
	// Output:
	// /convert served: true
	// /validate-crm-hubspoke-test-widget served: true
}
