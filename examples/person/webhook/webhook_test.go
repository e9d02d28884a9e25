package webhook_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert"
	convwebhook "github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"github.com/hubspoke/hubspoke/examples/person/webhook"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// unusedAPIServer is never contacted: the manager is built but not started,
// and the tests call its webhook server's handler directly.
var unusedAPIServer = &rest.Config{Host: "https://127.0.0.1:1"}

func newManager(t testing.TB) manager.Manager {
	t.Helper()
	mgr, err := webhook.NewManager(unusedAPIServer, webhook.Options{CRD: personCRD(t)})
	if err != nil {
		t.Fatal(err)
	}
	return mgr
}

// handlers are the two conversion handlers the tests compare: hubspoke's,
// which Setup serves, and controller-runtime's, which its webhook builder
// serves for the generated types without any hubspoke wiring.
var handlers = []string{"hubspoke", "controller-runtime"}

// newManagerWith returns a manager (built, not started) whose webhook
// server serves the conversion of Person on /convert with handler, one of
// handlers.
func newManagerWith(t testing.TB, handler string) manager.Manager {
	t.Helper()
	if handler == "hubspoke" {
		return newManager(t)
	}
	return stockManager(t)
}

// stockManager returns a manager whose webhook server serves Person's
// conversion the way controller-runtime serves any resource: its webhook
// builder, given the hub, checks that every version is convertible
// (conversion.Hub and conversion.Convertible, which the generated types
// implement) and serves its own handler on /convert.
func stockManager(t testing.TB) manager.Manager {
	t.Helper()
	scheme, err := api.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: scheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := builder.WebhookManagedBy(mgr, &v5storage.Person{}).Complete(); err != nil {
		t.Fatal(err)
	}
	return mgr
}

// personCRD is the Person CRD the example ships.
func personCRD(t testing.TB) *apix.CustomResourceDefinition {
	t.Helper()
	crd, err := webhook.LoadCRD("../crd/crm.hubspoke.dev_people.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return crd
}

func newConverter(t testing.TB) *convert.Converter {
	t.Helper()
	scheme, err := api.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// mickey is Mickey at v5 with both addresses.
func mickey() *v5.Person { return samples.MickeyV5() }

// mickeyV3 is Mickey at v3, with a birth date v4 has no Date for.
func mickeyV3() *v3.Person {
	p := samples.MickeyV3()
	p.Name, p.Labels, p.Status = "mickey3", nil, v3.PersonStatus{}
	p.Spec.BirthDate = "18 November 1928"
	return p
}

// review is a ConversionReview request asking for objs at desired.
func review(t testing.TB, uid, desired string, objs ...runtime.Object) []byte {
	t.Helper()
	req := &apix.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "ConversionReview"},
		Request:  &apix.ConversionRequest{UID: types.UID("uid-" + uid), DesiredAPIVersion: desired},
	}
	for _, obj := range objs {
		raw, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		req.Request.Objects = append(req.Request.Objects, runtime.RawExtension{Raw: raw})
	}
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// serve posts body to h and decodes the ConversionReview it answers with.
func serve(t testing.TB, h http.Handler, body []byte) (int, *apix.ConversionReview) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body)))
	if rec.Code != http.StatusOK {
		return rec.Code, nil
	}
	var answer apix.ConversionReview
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		t.Fatalf("answer is not a ConversionReview: %v\n%s", err, rec.Body.String())
	}
	if answer.Response == nil {
		t.Fatalf("answer has no response: %s", rec.Body.String())
	}
	return rec.Code, &answer
}

// comparable returns obj as generic JSON, for comparing objects as the API
// server sees them (nil and empty maps alike).
func comparable(t testing.TB, obj any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSetupNeedsPersonInScheme checks that Setup says what to add to a
// scheme without Person.
func TestSetupNeedsPersonInScheme(t *testing.T) {
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: runtime.NewScheme()})
	if err != nil {
		t.Fatal(err)
	}
	err = webhook.Setup(mgr, personCRD(t), convwebhook.Options{})
	if err == nil || !strings.Contains(err.Error(), "api.AddToScheme") {
		t.Errorf("Setup with an empty scheme: error = %v, want one telling to add api.AddToScheme", err)
	}
}

// TestSetupRejects checks the errors of NewManager and Setup.
func TestSetupRejects(t *testing.T) {
	if _, err := webhook.NewManager(nil, webhook.Options{}); err == nil {
		t.Error("nil rest config: no error")
	}
	if _, err := webhook.NewManager(unusedAPIServer, webhook.Options{}); err == nil || !strings.Contains(err.Error(), "no Person CRD") {
		t.Errorf("no CRD: error = %v", err)
	}
	if _, err := webhook.NewManager(unusedAPIServer, webhook.Options{CRD: personCRD(t), BagsBudget: 300 << 10}); err == nil || !strings.Contains(err.Error(), "bags budget") {
		t.Errorf("a budget over the API server's limit: error = %v", err)
	}
	// A CRD that does not match the chain.
	crd := personCRD(t)
	crd.Spec.Versions = crd.Spec.Versions[:1]
	if _, err := webhook.NewManager(unusedAPIServer, webhook.Options{CRD: crd}); err == nil || !strings.Contains(err.Error(), "no schema for the hub version v5storage") {
		t.Errorf("a CRD without the hub: error = %v", err)
	}
	// A second registration of the same resource is refused, not ignored.
	mgr := newManager(t)
	if err := webhook.Setup(mgr, personCRD(t), convwebhook.Options{}); err == nil || !strings.Contains(err.Error(), "Person.crm.hubspoke.dev") && !strings.Contains(err.Error(), webhook.AdmissionPath) {
		t.Errorf("Setup twice: error = %v, want one naming Person or its admission path", err)
	}
}

// TestConvertsEveryPair sends the manager's /convert handler (hubspoke's,
// and controller-runtime's stock one, see stockManager) Mickey (from v5 and from v3) at every version the CRD lists
// asking for every other, and checks each answer against the in-process
// conversion.
func TestConvertsEveryPair(t *testing.T) {
	c := newConverter(t)
	var versions []string
	for _, v := range personCRD(t).Spec.Versions {
		versions = append(versions, v.Name)
	}
	if len(versions) < 3 {
		t.Fatalf("the CRD lists %v", versions)
	}
	for _, handler := range handlers {
		mux := newManagerWith(t, handler).GetWebhookServer().WebhookMux()
		if _, pattern := mux.Handler(httptest.NewRequest(http.MethodPost, "/convert", nil)); pattern != "/convert" {
			t.Fatalf("%s: /convert is not served", handler)
		}
		h := mux
		for _, origin := range []runtime.Object{mickey(), mickeyV3()} {
			for _, from := range versions {
				src, err := c.ToVersion(origin, from)
				if err != nil {
					t.Fatal(err)
				}
				for _, to := range versions {
					if to == from {
						continue
					}
					want, err := c.ToVersion(src, to)
					if err != nil {
						t.Fatal(err)
					}
					uid := fmt.Sprintf("%s-%s", from, to)
					code, answer := serve(t, h, review(t, uid, "crm.hubspoke.dev/"+to, src))
					if code != http.StatusOK {
						t.Fatalf("%s: %s → %s: HTTP %d", handler, from, to, code)
					}
					res := answer.Response
					if res.Result.Status != metav1.StatusSuccess || string(res.UID) != "uid-"+uid || len(res.ConvertedObjects) != 1 {
						t.Fatalf("%s: %s → %s: %+v", handler, from, to, res)
					}
					var got map[string]any
					if err := json.Unmarshal(res.ConvertedObjects[0].Raw, &got); err != nil {
						t.Fatal(err)
					}
					if diff := cmp.Diff(comparable(t, want), got); diff != "" {
						t.Errorf("%s: %s → %s differs from the in-process conversion (-want +got):\n%s", handler, from, to, diff)
					}
				}
			}
		}
	}
}

// TestBadReviews checks the answers to reviews the API server would never
// send; the end-to-end suite sends these and more over HTTPS. hubspoke's
// handler answers every one with a Failure and a message.
func TestBadReviews(t *testing.T) {
	h := newManager(t).GetWebhookServer().WebhookMux()
	for name, body := range map[string][]byte{
		"unknown desired version":               review(t, "a", "crm.hubspoke.dev/v9", mickey()),
		"desired version of another group":      review(t, "b", "other.example.com/v1", mickey()),
		"object already at the desired version": review(t, "c", "crm.hubspoke.dev/v5", mickey()),
		"invalid JSON":                          []byte("{not json"),
		"no request":                            []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`),
	} {
		code, answer := serve(t, h, body)
		if code != http.StatusOK || answer.Response == nil || answer.Response.Result.Status != metav1.StatusFailure || !strings.HasPrefix(answer.Response.Result.Message, "hubspoke: ") {
			t.Errorf("%s: HTTP %d, %+v; want a Failure with a message", name, code, answer)
		}
	}
}
