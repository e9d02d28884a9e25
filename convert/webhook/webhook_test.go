package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/hub"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// conversionReview mirrors apiextensions.k8s.io/v1 ConversionReview, as the
// API server sends and reads it.
type conversionReview struct {
	APIVersion string          `json:"apiVersion"`
	Kind       string          `json:"kind"`
	Request    *reviewRequest  `json:"request,omitempty"`
	Response   *reviewResponse `json:"response,omitempty"`
}

type reviewRequest struct {
	UID               string            `json:"uid"`
	DesiredAPIVersion string            `json:"desiredAPIVersion"`
	Objects           []json.RawMessage `json:"objects"`
}

type reviewResponse struct {
	UID              string            `json:"uid"`
	ConvertedObjects []json.RawMessage `json:"convertedObjects"`
	Result           metav1.Status     `json:"result"`
}

// reviewOf returns the JSON of a ConversionReview asking for objs at
// desiredAPIVersion.
func reviewOf(t testing.TB, uid, desiredAPIVersion string, objs ...runtime.Object) []byte {
	t.Helper()
	req := &reviewRequest{UID: uid, DesiredAPIVersion: desiredAPIVersion}
	for _, o := range objs {
		raw, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		req.Objects = append(req.Objects, raw)
	}
	body, err := json.Marshal(conversionReview{APIVersion: "apiextensions.k8s.io/v1", Kind: "ConversionReview", Request: req})
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// post sends body to h as the API server does.
func post(h http.Handler, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// convertReview posts the review and decodes the answer, which must be a
// ConversionReview with a response and no request.
func convertReview(t testing.TB, h http.Handler, body []byte) *reviewResponse {
	t.Helper()
	rec := post(h, body)
	if rec.Code != http.StatusOK {
		t.Fatalf("HTTP %d: %s", rec.Code, rec.Body)
	}
	var got conversionReview
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("response is not JSON: %v\n%s", err, rec.Body)
	}
	if got.APIVersion != "apiextensions.k8s.io/v1" || got.Kind != "ConversionReview" || got.Request != nil || got.Response == nil {
		t.Fatalf("response is not a ConversionReview response:\n%s", rec.Body)
	}
	return got.Response
}

// decode decodes a converted object into the type the scheme registers for
// its apiVersion and kind.
func decode(t testing.TB, s *runtime.Scheme, raw []byte) runtime.Object {
	t.Helper()
	var tm metav1.TypeMeta
	if err := json.Unmarshal(raw, &tm); err != nil {
		t.Fatal(err)
	}
	obj, err := s.New(tm.GroupVersionKind())
	if err != nil {
		t.Fatalf("converted object has an unknown type: %v\n%s", err, raw)
	}
	if err := json.Unmarshal(raw, obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

// handlers returns the two ways of serving conversions for Person and
// Team: hubspoke's handler, and controller-runtime's stock handler, which
// converts with the types' Hub and Convertible methods.
func handlers(t testing.TB, s *runtime.Scheme) map[string]http.Handler {
	t.Helper()
	ours, err := webhook.NewConversionHandler(s, webhook.Options{}, personGK, teamGK)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]http.Handler{
		"hubspoke": ours,
		"stock":    conversion.NewWebhookHandler(s, conversion.NewRegistry()),
	}
}

func TestHandlerConvertsARealReview(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK, teamGK)
	if err != nil {
		t.Fatal(err)
	}
	// A review as the API server sends it: a Person written as v1 and one
	// read from storage (v2storage), to be returned as v2. The objects of a
	// list need not share a version.
	body := `{
	  "apiVersion": "apiextensions.k8s.io/v1",
	  "kind": "ConversionReview",
	  "request": {
	    "uid": "705ab4f5-6393-11e8-b7cc-42010a800002",
	    "desiredAPIVersion": "crm.hubspoke.test/v2",
	    "objects": [
	      {
	        "apiVersion": "crm.hubspoke.test/v1",
	        "kind": "Person",
	        "metadata": {
	          "name": "ada",
	          "namespace": "engines",
	          "uid": "11111111-1815-1852-aaaa-000000000001",
	          "resourceVersion": "4711",
	          "generation": 3,
	          "creationTimestamp": "2024-12-10T00:00:00Z",
	          "labels": {"app": "crm"},
	          "annotations": {"note": "first programmer"},
	          "finalizers": ["crm.hubspoke.test/archive"]
	        },
	        "spec": {"fullName": "Ada Lovelace", "age": 36}
	      },
	      {
	        "apiVersion": "crm.hubspoke.test/v2storage",
	        "kind": "Person",
	        "metadata": {"name": "grace", "namespace": "navy", "uid": "22222222-1906-1992-bbbb-000000000002"},
	        "spec": {"givenName": "Grace", "familyName": "Hopper", "email": "grace@example.com"}
	      }
	    ]
	  }
	}`
	resp := convertReview(t, h, []byte(body))
	if resp.UID != "705ab4f5-6393-11e8-b7cc-42010a800002" {
		t.Errorf("response UID %q", resp.UID)
	}
	if resp.Result.Status != metav1.StatusSuccess {
		t.Fatalf("result %+v", resp.Result)
	}
	if len(resp.ConvertedObjects) != 2 {
		t.Fatalf("%d converted objects", len(resp.ConvertedObjects))
	}

	var first map[string]any
	if err := json.Unmarshal(resp.ConvertedObjects[0], &first); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"apiVersion": "crm.hubspoke.test/v2",
		"kind":       "Person",
		"metadata": map[string]any{
			"name":              "ada",
			"namespace":         "engines",
			"uid":               "11111111-1815-1852-aaaa-000000000001",
			"resourceVersion":   "4711",
			"generation":        float64(3),
			"creationTimestamp": "2024-12-10T00:00:00Z",
			"labels":            map[string]any{"app": "crm"},
			"annotations":       map[string]any{"note": "first programmer"},
			"finalizers":        []any{"crm.hubspoke.test/archive"},
		},
		"spec": map[string]any{"givenName": "Ada", "familyName": "Lovelace", "age": float64(36)},
	}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("first converted object (-want +got):\n%s", diff)
	}

	second := decode(t, newScheme(), resp.ConvertedObjects[1])
	wantSecond := &personV2{
		TypeMeta:   metav1.TypeMeta{APIVersion: "crm.hubspoke.test/v2", Kind: "Person"},
		ObjectMeta: metav1.ObjectMeta{Name: "grace", Namespace: "navy", UID: "22222222-1906-1992-bbbb-000000000002"},
		Spec:       personV2Spec{GivenName: "Grace", FamilyName: "Hopper", Email: "grace@example.com"},
	}
	if diff := cmp.Diff(runtime.Object(wantSecond), second); diff != "" {
		t.Errorf("second converted object (-want +got):\n%s", diff)
	}
}

// TestEveryPair converts Ada from every version to every other one through
// each of the three handlers and compares the object received with the one
// expected.
func TestEveryPair(t *testing.T) {
	s := newScheme()
	for name, h := range handlers(t, s) {
		t.Run(name, func(t *testing.T) {
			for _, from := range personVersions {
				for _, to := range personVersions {
					if from == to {
						continue
					}
					desired := personGK.WithVersion(to).GroupVersion().String()
					uid := fmt.Sprintf("review-%s-%s", from, to)
					resp := convertReview(t, h, reviewOf(t, uid, desired, ada(from, true)))
					if resp.UID != uid {
						t.Errorf("%s → %s: response UID %q, want %q", from, to, resp.UID, uid)
					}
					if resp.Result.Status != metav1.StatusSuccess || len(resp.ConvertedObjects) != 1 {
						t.Fatalf("%s → %s: %+v", from, to, resp)
					}
					var tm metav1.TypeMeta
					if err := json.Unmarshal(resp.ConvertedObjects[0], &tm); err != nil {
						t.Fatal(err)
					}
					if tm.APIVersion != desired || tm.Kind != "Person" {
						t.Errorf("%s → %s: apiVersion %q kind %q", from, to, tm.APIVersion, tm.Kind)
					}
					// Only v1 cannot hold the email.
					want := ada(to, from != "v1" && to != "v1")
					got := decode(t, s, resp.ConvertedObjects[0])
					if diff := cmp.Diff(want, got); diff != "" {
						t.Errorf("%s → %s (-want +got):\n%s", from, to, diff)
					}
				}
			}
			// The other resource of the scheme goes through the same handler.
			src := &teamV1{
				TypeMeta:   metav1.TypeMeta{APIVersion: group + "/v1", Kind: "Team"},
				ObjectMeta: metav1.ObjectMeta{Name: "analytical", Labels: map[string]string{"a": "b"}},
				Members:    2,
			}
			resp := convertReview(t, h, reviewOf(t, "team", group+"/v2", src))
			if resp.Result.Status != metav1.StatusSuccess {
				t.Fatalf("team: %+v", resp.Result)
			}
			want := &teamV2{
				TypeMeta:   metav1.TypeMeta{APIVersion: group + "/v2", Kind: "Team"},
				ObjectMeta: metav1.ObjectMeta{Name: "analytical", Labels: map[string]string{"a": "b"}},
				Size:       2,
			}
			if diff := cmp.Diff(runtime.Object(want), decode(t, s, resp.ConvertedObjects[0])); diff != "" {
				t.Errorf("team (-want +got):\n%s", diff)
			}
		})
	}
}

// failure posts body and returns the message of the Failure it must get.
func failure(t *testing.T, h http.Handler, uid string, body []byte) string {
	t.Helper()
	resp := convertReview(t, h, body)
	if resp.Result.Status != metav1.StatusFailure {
		t.Fatalf("want a Failure, got %+v", resp)
	}
	if resp.UID != uid {
		t.Errorf("failure response UID %q, want %q", resp.UID, uid)
	}
	if len(resp.ConvertedObjects) != 0 {
		t.Errorf("failure response has %d objects", len(resp.ConvertedObjects))
	}
	return resp.Result.Message
}

// TestHandlerFailures pins down what the handlers answer when a review
// cannot be converted: HTTP 200 and a response with status Failure, never
// a panic or a partial result; the messages of hubspoke's handler name
// hubspoke, the resource and what is wrong.
func TestHandlerFailures(t *testing.T) {
	s := newScheme()
	unknown := &personV1{TypeMeta: metav1.TypeMeta{APIVersion: group + "/v9", Kind: "Person"}}
	cher := ada("v1", false).(*personV1)
	cher.Spec.FullName = "Cher"
	noKind := []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview",
				"request":{"uid":"u5","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[{"spec":{}}]}}`)
	type want struct{ controllerRuntime, hubspoke string }
	for name, h := range handlers(t, s) {
		t.Run(name, func(t *testing.T) {
			for _, c := range []struct {
				name string
				uid  string
				body []byte
				want want
			}{
				{"unknown desired version", "u1", reviewOf(t, "u1", group+"/v9", ada("v1", false)), want{
					`no kind "Person" is registered for version "crm.hubspoke.test/v9"`,
					"hubspoke: converting Person.crm.hubspoke.test: desiredAPIVersion crm.hubspoke.test/v9 is not a version of Person.crm.hubspoke.test the CRD lists (v1, v1storage, v2, v2storage)"}},
				{"unknown source version", "u2", reviewOf(t, "u2", group+"/v2", unknown), want{
					`no kind "Person" is registered for version "crm.hubspoke.test/v9"`,
					"hubspoke: converting Person.crm.hubspoke.test: object 0 is at version v9, which is not a version of Person.crm.hubspoke.test"}},
				{"unknown desired group", "u3", reviewOf(t, "u3", "other.group/v1", ada("v1", false)), want{
					"no kind", "desiredAPIVersion other.group/v1 is not a version of Person.crm.hubspoke.test"}},
				// One bad object fails the whole review.
				{"object already at the desired version", "u4", reviewOf(t, "u4", group+"/v1", ada("v2", false), ada("v1", false)), want{
					"conversion is not allowed between same type",
					`hubspoke: converting Person.crm.hubspoke.test "engines/ada": it is at crm.hubspoke.test/v1 already, the same version as desiredAPIVersion`}},
				{"object without apiVersion and kind", "u5", noKind, want{"Object 'Kind' is missing", "hubspoke: object 0: it has no apiVersion and kind"}},
				// A hook that refuses the data: the message names the step.
				{"refused conversion", "u6", reviewOf(t, "u6", group+"/v2", ada("v1", false), cher), want{
					"converting webhook_test.personV1Storage to webhook_test.personV2Storage: cannot split full name \"Cher\"",
					"hubspoke: converting Person.crm.hubspoke.test from v1 to v2: converting webhook_test.personV1Storage to webhook_test.personV2Storage: cannot split full name \"Cher\" into given and family name (object 1 of the review, \"engines/ada\")"}},
			} {
				want := c.want.controllerRuntime
				if name == "hubspoke" {
					want = c.want.hubspoke
				}
				if msg := failure(t, h, c.uid, c.body); !strings.Contains(msg, want) {
					t.Errorf("%s: %q, want %q", c.name, msg, want)
				}
			}
		})
	}
}

// TestPanicsAndFailedConversions: a panic in conversion code fails the
// review with an error that names the step and where the panic was raised,
// whichever way the webhook is wired (the walk recovers it before
// controller-runtime's handler would). A failed conversion writes nothing
// to its destination.
func TestPanicsAndFailedConversions(t *testing.T) {
	// Count the panics controller-runtime recovers, instead of logging
	// them with a stack trace.
	var recovered []any
	saved := utilruntime.PanicHandlers
	utilruntime.PanicHandlers = []func(context.Context, any){func(_ context.Context, r any) { recovered = append(recovered, r) }}
	defer func() { utilruntime.PanicHandlers = saved }()

	s := newScheme()
	bug := ada("v1", false).(*personV1)
	bug.Spec.Age = -1
	for name, h := range handlers(t, s) {
		recovered = nil
		msg := failure(t, h, "p", reviewOf(t, "p", group+"/v2", bug))
		// The walk recovers the panic in every wiring, controller-runtime's
		// stock one included, and names the step and the panicking code.
		want, wantRecovered := "converting webhook_test.personV1Storage to webhook_test.personV2Storage: panic: negative age (in webhook_test.(*personV1Storage).AssignPropertiesTo at types_test.go:", 0
		if !strings.Contains(msg, want) {
			t.Errorf("%s: panic reported as %q, want %q", name, msg, want)
		}
		if len(recovered) != wantRecovered {
			t.Errorf("%s: controller-runtime recovered %v", name, recovered)
		}
	}
}

// TestStockPathMatches: hubspoke types implement controller-runtime's Hub
// and Convertible, so its stock handler accepts the chain (TestEveryPair
// converts through it).
func TestStockPathMatches(t *testing.T) {
	s := newScheme()
	for _, obj := range []runtime.Object{&personV1{}, &personV1Storage{}, &personV2{}, &personV2Storage{}, &teamV1{}} {
		ok, err := conversion.IsConvertible(s, obj)
		if err != nil || !ok {
			t.Errorf("IsConvertible(%T) = %v, %v", obj, ok, err)
		}
	}
}

// TestHandlerConcurrent serves reviews in parallel (run with -race).
func TestHandlerConcurrent(t *testing.T) {
	s := newScheme()
	for name, h := range handlers(t, s) {
		t.Run(name, func(t *testing.T) {
			var wg sync.WaitGroup
			for i := range 16 {
				from, to := personVersions[i%4], personVersions[(i+1)%4]
				body := reviewOf(t, "c", group+"/"+to, ada(from, true))
				wg.Go(func() {
					rec := post(h, body)
					if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"status":"Success"`) {
						t.Errorf("%s → %s: %d %s", from, to, rec.Code, rec.Body)
					}
				})
			}
			wg.Wait()
		})
	}
}

// twoHubs registers a second hub for Person.
type twoHubs struct{ personV2Storage }

func (t *twoHubs) DeepCopyObject() runtime.Object {
	c := *t
	t.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func TestConversionHandlerErrors(t *testing.T) {
	t.Run("two hubs", func(t *testing.T) {
		s := newScheme()
		s.AddKnownTypeWithName(personGK.WithVersion("v3storage"), &twoHubs{})
		_, err := webhook.NewConversionHandler(s, webhook.Options{}, teamGK, personGK)
		if !errors.Is(err, hub.ErrInvalidGraph) || !strings.Contains(err.Error(), "Person.crm.hubspoke.test") ||
			!strings.Contains(err.Error(), "v2storage, v3storage") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("no versions", func(t *testing.T) {
		gk := schema.GroupKind{Group: group, Kind: "Ghost"}
		_, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, gk)
		if !errors.Is(err, hub.ErrInvalidGraph) || !strings.Contains(err.Error(), "Ghost.crm.hubspoke.test") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("nil scheme", func(t *testing.T) {
		if _, err := webhook.NewConversionHandler(nil, webhook.Options{}, personGK); err == nil || !strings.Contains(err.Error(), "nil scheme") {
			t.Errorf("NewConversionHandler: %v", err)
		}
	})
}
