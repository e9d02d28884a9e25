package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"github.com/hubspoke/hubspoke/examples/person/webhook"
	"github.com/hubspoke/hubspoke/propertybag"
	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
)

// servedVersions are the API versions of Person a client writes at.
var servedVersions = []string{"v1", "v2", "v3", "v4", "v5", "v6alpha1"}

// FuzzWritesCarryingAnyBags: whatever a client puts in the bags annotation
// and in the status bags of a Person it writes at any API version, the
// conversion to the hub either succeeds or returns an error; it never
// panics (a panic in a step comes back as an error that says "panic"), and
// what the admission webhook admits converts to every served version and
// back to the hub. (The conversion alone accepts a value that only another
// version reads, such as an object for v2's middle name written at v5,
// which v1 and v2 cannot read: the admission webhook, which converts every
// write to every served version, refuses it.)
func FuzzWritesCarryingAnyBags(f *testing.F) {
	scheme, err := api.NewScheme()
	if err != nil {
		f.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		f.Fatal(err)
	}
	crd, err := webhook.LoadCRD("crd/crm.hubspoke.dev_people.yaml")
	if err != nil {
		f.Fatal(err)
	}
	mgr, err := webhook.NewManager(&rest.Config{Host: "https://127.0.0.1:1"}, webhook.Options{CRD: crd})
	if err != nil {
		f.Fatal(err)
	}
	admission := mgr.GetWebhookServer().WebhookMux()
	for i, version := range servedVersions {
		obj, err := c.ToVersion(samples.MickeyV5(), version)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), obj.(metav1.Object).GetAnnotations()[boundary.Annotation], "")
	}
	f.Add(uint8(0), `{"spec.birthDate":{"$twin":{"year":null}},"spec":{"$twin":{}}}`, `{"status":{"$twin":"{\"x\":1}"}}`)
	f.Add(uint8(4), `{"spec.mailingAddress":{"X":1},"spec.residentialAddress[0]":{"Y":2}}`, `{"status.x":{"A":"1"}}`)
	f.Add(uint8(5), `{".":{"$twin":{"status":{"phase":"x"}}}}`, "")
	// Hostile values: of the wrong type for the version that reads them, out of
	// range, deeply nested, a $twin entry of no property, duplicates.
	f.Add(uint8(4), `{"spec":{"MiddleName":{}}}`, "")
	f.Add(uint8(0), `{"spec":{"Pronouns":[]}}`, "")
	f.Add(uint8(0), `{"spec":{"MailingAddress":{"street":1e400}}}`, "")
	f.Add(uint8(1), `{"spec":{"BirthDate@v4storage":{"year":99999999999}}}`, "")
	f.Add(uint8(2), `{"spec":{"$twin":{"nosuch":null}},"spec.birthDate":{"$twin":{"year":"x"}}}`, "")
	f.Add(uint8(3), `{"spec":{"A":1,"A":2}}`, `{"status":{"LastContacted":{}}}`)
	f.Add(uint8(5), `{"spec":{"X":`+strings.Repeat("[", 9998)+strings.Repeat("]", 9998)+`}}`, "")
	f.Add(uint8(0), "{\"spec\":{\"MiddleName\":\"\xff\"}}", "")
	f.Fuzz(func(t *testing.T, at uint8, annotation, status string) {
		version := servedVersions[int(at)%len(servedVersions)]
		obj, err := c.ToVersion(samples.MickeyV5(), version)
		if err != nil {
			t.Fatal(err)
		}
		meta := obj.(metav1.Object)
		annotations := meta.GetAnnotations()
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[boundary.Annotation] = annotation
		meta.SetAnnotations(annotations)
		if status != "" {
			bags, err := propertybag.UnmarshalBags(status)
			if err != nil {
				return
			}
			if !setStatusBags(obj, bags) {
				return
			}
		}
		h, err := c.ToVersion(obj, api.HubVersion)
		if err != nil {
			if strings.Contains(err.Error(), "panic") {
				t.Fatalf("%s: %v", version, err)
			}
			return
		}
		if !admitted(t, admission, obj) {
			return
		}
		for _, v := range servedVersions {
			back, err := c.ToVersion(h, v)
			if err != nil {
				t.Fatalf("accepted at %s, but not readable at %s: %v", version, v, err)
			}
			if _, err := c.ToVersion(back, api.HubVersion); err != nil {
				t.Fatalf("accepted at %s, read at %s, but not written back: %v", version, v, err)
			}
		}
	})
}

// setStatusBags sets the status bags field of obj, if its version has one.
func setStatusBags(obj runtime.Object, bags propertybag.Bags) bool {
	f := reflect.ValueOf(obj).Elem().FieldByName("Status").FieldByName("PropertyBags")
	if !f.IsValid() {
		return false
	}
	f.Set(reflect.ValueOf(bags))
	return true
}

// admitted reports whether the admission webhook h admits the creation of
// obj at its version; a refusal must be a 422 with a message.
func admitted(t *testing.T, h http.Handler, obj runtime.Object) bool {
	t.Helper()
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	gvk := obj.GetObjectKind().GroupVersionKind()
	meta := obj.(metav1.Object)
	body, err := json.Marshal(&admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "admission.k8s.io/v1", Kind: "AdmissionReview"},
		Request: &admissionv1.AdmissionRequest{
			UID:       "fuzz",
			Kind:      metav1.GroupVersionKind{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind},
			Resource:  metav1.GroupVersionResource{Group: gvk.Group, Version: gvk.Version, Resource: "people"},
			Name:      meta.GetName(),
			Namespace: meta.GetNamespace(),
			Operation: admissionv1.Create,
			Object:    runtime.RawExtension{Raw: raw},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, webhook.AdmissionPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var answer admissionv1.AdmissionReview
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &answer) != nil || answer.Response == nil {
		t.Fatalf("admission: HTTP %d: %.300s", rec.Code, rec.Body)
	}
	if r := answer.Response; !r.Allowed && (r.Result == nil || r.Result.Code != http.StatusUnprocessableEntity || r.Result.Message == "") {
		t.Fatalf("admission refused without a 422 and a message: %+v", r.Result)
	}
	return answer.Response.Allowed
}
