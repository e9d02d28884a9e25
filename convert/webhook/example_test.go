package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/hubspoke/hubspoke/convert/webhook"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// The scheme of these examples (newScheme) registers four versions of
// Person: v1 (an API version with a full name) → v1storage → v2storage (the
// hub, with given and family name) ← v2 (an API version).

// NewHandler serves ConversionReviews without a manager. Here one review,
// asking for a v1 Person as v2, is converted in-process.
func Example_conversionReview() {
	h, err := webhook.NewHandler(newScheme(), schema.GroupKind{Group: "crm.hubspoke.test", Kind: "Person"})
	if err != nil {
		panic(err)
	}
	review := `{
	  "apiVersion": "apiextensions.k8s.io/v1",
	  "kind": "ConversionReview",
	  "request": {
	    "uid": "705ab4f5-6393-11e8-b7cc-42010a800002",
	    "desiredAPIVersion": "crm.hubspoke.test/v2",
	    "objects": [{
	      "apiVersion": "crm.hubspoke.test/v1",
	      "kind": "Person",
	      "metadata": {"name": "ada", "namespace": "engines", "labels": {"app": "crm"}},
	      "spec": {"fullName": "Ada Lovelace", "age": 36}
	    }]
	  }
	}`
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/convert", strings.NewReader(review)))

	var answer struct {
		Response struct {
			UID              string            `json:"uid"`
			ConvertedObjects []json.RawMessage `json:"convertedObjects"`
			Result           struct {
				Status string `json:"status"`
			} `json:"result"`
		} `json:"response"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		panic(err)
	}
	fmt.Println("HTTP", rec.Code, answer.Response.Result.Status, answer.Response.UID)
	var converted bytes.Buffer
	if err := json.Indent(&converted, answer.Response.ConvertedObjects[0], "", "  "); err != nil {
		panic(err)
	}
	fmt.Println(converted.String())
	// Output:
	// HTTP 200 Success 705ab4f5-6393-11e8-b7cc-42010a800002
	// {
	//   "kind": "Person",
	//   "apiVersion": "crm.hubspoke.test/v2",
	//   "metadata": {
	//     "name": "ada",
	//     "namespace": "engines",
	//     "labels": {
	//       "app": "crm"
	//     }
	//   },
	//   "spec": {
	//     "givenName": "Ada",
	//     "familyName": "Lovelace",
	//     "age": 36
	//   }
	// }
}

// NewHubSpokeConverter returns the constructor that the webhook builder
// takes:
//
//	builder.WebhookManagedBy(mgr, &v2storage.Person{}).
//		WithConverter(webhook.NewHubSpokeConverter(gk)).
//		Complete()
//
// The builder calls it with the manager's scheme; here it is called
// directly, and the converter it returns converts one object.
func Example_converter() {
	gk := schema.GroupKind{Group: "crm.hubspoke.test", Kind: "Person"}
	s := newScheme()
	converter, err := webhook.NewHubSpokeConverter(gk)(s)
	if err != nil {
		panic(err) // a broken chain stops the operator here, at start-up
	}

	src := &personV1{Spec: personV1Spec{FullName: "Grace Hopper", Age: 85}}
	src.Name = "grace"
	src.SetGroupVersionKind(gk.WithVersion("v1"))
	dst := &personV2{}
	dst.SetGroupVersionKind(gk.WithVersion("v2"))
	if err := converter.ConvertObject(context.Background(), src, dst); err != nil {
		panic(err)
	}
	fmt.Println(dst.APIVersion, dst.Kind, dst.Name, dst.Spec.GivenName, dst.Spec.FamilyName, dst.Spec.Age)

	// A two-hub scheme, say, is refused with an error naming the resource.
	s.AddKnownTypeWithName(gk.WithVersion("v3storage"), &twoHubs{})
	_, err = webhook.NewHubSpokeConverter(gk)(s)
	fmt.Println(err)
	// Output:
	// crm.hubspoke.test/v2 Person grace Grace Hopper 85
	// webhook: Person.crm.hubspoke.test: more than one hub version: v2storage, v3storage are all marked as the hub
}
