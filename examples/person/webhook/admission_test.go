package webhook_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	convwebhook "github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/webhook"
	"github.com/hubspoke/hubspoke/propertybag"
	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func TestAdmissionPathIsTheLibrarys(t *testing.T) {
	if got := convwebhook.AdmissionPath(api.GroupKind); got != webhook.AdmissionPath {
		t.Errorf("AdmissionPath = %q, the library serves Person on %q", webhook.AdmissionPath, got)
	}
}

func TestLoadCRD(t *testing.T) {
	crd := personCRD(t)
	// The lean CRD: the API versions, served, and the hub, stored; the
	// other storage twins are internal to the conversions.
	var names []string
	for _, v := range crd.Spec.Versions {
		names = append(names, fmt.Sprintf("%s served=%t storage=%t", v.Name, v.Served, v.Storage))
	}
	var want []string
	for _, v := range api.Versions {
		want = append(want, fmt.Sprintf("%s served=true storage=false", v))
		if v+"storage" == api.HubVersion {
			want = append(want, fmt.Sprintf("%s served=true storage=true", api.HubVersion))
		}
	}
	if crd.Name != "people.crm.hubspoke.dev" || !slices.Equal(names, want) {
		t.Errorf("LoadCRD read %s with versions %q, want %q", crd.Name, names, want)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"pod.yaml":     "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n",
		"unknown.yaml": "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspecification: {}\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := webhook.LoadCRD(path); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("LoadCRD(%s): error %v, want one naming the file", name, err)
		}
	}
	if _, err := webhook.LoadCRD(filepath.Join(dir, "none.yaml")); err == nil {
		t.Error("LoadCRD of a missing file: no error")
	}
}

// admissionReview is an AdmissionReview of a CREATE, or an UPDATE when old
// is not nil, of obj at its version.
func admissionReview(t testing.TB, obj, old client.Object) []byte {
	t.Helper()
	gvk := obj.GetObjectKind().GroupVersionKind()
	req := &admissionv1.AdmissionRequest{
		UID:       types.UID("admit-" + gvk.Version),
		Kind:      metav1.GroupVersionKind{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind},
		Resource:  metav1.GroupVersionResource{Group: gvk.Group, Version: gvk.Version, Resource: "people"},
		Name:      obj.GetName(),
		Namespace: obj.GetNamespace(),
		Operation: admissionv1.Create,
		Object:    runtime.RawExtension{Raw: mustJSON(t, obj)},
	}
	if old != nil {
		req.Operation, req.OldObject = admissionv1.Update, runtime.RawExtension{Raw: mustJSON(t, old)}
	}
	return mustJSON(t, &admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "admission.k8s.io/v1", Kind: "AdmissionReview"},
		Request:  req,
	})
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// admit posts an AdmissionReview to h on AdmissionPath and returns the
// response.
func admit(t testing.TB, h http.Handler, body []byte) *admissionv1.AdmissionResponse {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, webhook.AdmissionPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var answer admissionv1.AdmissionReview
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &answer) != nil || answer.Response == nil {
		t.Fatalf("HTTP %d: %s", rec.Code, rec.Body)
	}
	return answer.Response
}

// withSpecBag returns obj, an API version of Person, with the entry name of
// its annotation's spec bag set to value (JSON).
func withSpecBag(t testing.TB, obj client.Object, name, value string) client.Object {
	t.Helper()
	bags := propertybag.Bags{}
	if text, ok := obj.GetAnnotations()[boundary.Annotation]; ok {
		var err error
		if bags, err = propertybag.UnmarshalBags(text); err != nil {
			t.Fatal(err)
		}
	}
	if bags["spec"] == nil {
		bags["spec"] = propertybag.PropertyBag{}
	}
	bags["spec"][name] = value
	text, err := propertybag.MarshalBags(bags)
	if err != nil {
		t.Fatal(err)
	}
	return withAnnotation(obj, text)
}

func withAnnotation(obj client.Object, text string) client.Object {
	annotations := map[string]string{}
	for k, v := range obj.GetAnnotations() {
		annotations[k] = v
	}
	annotations[boundary.Annotation] = text
	obj.SetAnnotations(annotations)
	return obj
}

// TestValidatesAtTheHub sends the manager's admission webhook the attacks
// of issue 18 that admission stops, and legitimate writes.
func TestValidatesAtTheHub(t *testing.T) {
	c := newConverter(t)
	at := func(version string) client.Object {
		obj, err := c.ToVersion(mickey(), version)
		if err != nil {
			t.Fatal(err)
		}
		return obj.(client.Object)
	}
	hugeStreet := func() client.Object {
		p := mickey()
		p.Spec.ResidentialAddress.Street = strings.Repeat("1313 S. Harbor Blvd ", 300<<10/20)
		return p
	}
	// 50,000 '<' as v1's middle name: the hub keeps it, and what it takes
	// in v1's annotation depends on how the bags encode '<'.
	angles := withSpecBag(t, at("v1"), "MiddleName", `"`+strings.Repeat("<", 50000)+`"`)
	anglesAtV1, err := c.ToVersion(angles, api.HubVersion)
	if err != nil {
		t.Fatal(err)
	}
	back, err := c.ToVersion(anglesAtV1, "v1")
	if err != nil {
		t.Fatal(err)
	}
	anglesTooLarge := len(back.(client.Object).GetAnnotations()[boundary.Annotation]) > bagsBudget

	cases := []struct {
		name    string
		obj     client.Object
		old     client.Object
		written string
		want    []string // empty: allowed
	}{
		{"Mickey at v1", at("v1"), nil, "v1", nil},
		{"Mickey at v3", at("v3"), nil, "v3", nil},
		{"Mickey at v5", at("v5"), nil, "v5", nil},
		{"Mickey updated at v1", at("v1"), at("v1"), "v1", nil},
		{"100 characters of knownAs in v1's annotation", withSpecBag(t, at("v1"), "KnownAs", `"`+strings.Repeat("k", 100)+`"`), at("v1"), "v1",
			[]string{"spec.knownAs: Too long: may not be more than 20 bytes", "v1 has no field spec.knownAs"}},
		{"100 characters of knownAs at v5", func() client.Object {
			p := at("v5").(*v5.Person)
			p.Spec.KnownAs = strings.Repeat("k", 100)
			return p
		}(), nil, "v5", []string{"spec.knownAs: Too long: may not be more than 20 bytes"}},
		{"MailingAddress: 42 in v1's annotation", withSpecBag(t, at("v1"), "MailingAddress", `42`), at("v1"), "v1",
			[]string{"metadata.annotations[hubspoke.dev/property-bags]", `"MailingAddress"`, "hubspoke: converting Person.crm.hubspoke.dev from v1 to v5storage: converting v3storage.Person to v4storage.Person"}},
		{"an annotation that is not JSON", withAnnotation(at("v1"), `{not json`), at("v1"), "v1",
			[]string{"metadata.annotations[hubspoke.dev/property-bags]", "property bags"}},
		{"a status bag in the annotation", withAnnotation(at("v1"), `{"status":{"LastContacted":"\"1999-01-01\""}}`), at("v1"), "v1",
			[]string{"metadata.annotations[hubspoke.dev/property-bags]", `names the status bag "status"`}},
		{"300 KiB of street at v5", hugeStreet(), nil, "v5",
			[]string{"metadata.annotations[hubspoke.dev/property-bags]: Too long: at v1", "ResidentialAddress in bag \"spec\""}},
		{"a status update at v1", func() client.Object {
			p := at("v1").(*v1.Person)
			p.Status.Phase = "Dormant"
			return p
		}(), at("v1"), "v1", nil},
	}
	if !propertybag.ASOStrings {
		// Values the written version accepts, in a bag only other versions
		// read: the write would leave the object unreadable there. (In
		// ASO's string format, -tags hubspoke_aso, any text is a string.)
		cases = append(cases, []struct {
			name    string
			obj     client.Object
			old     client.Object
			written string
			want    []string
		}{
			{"an object for v2's middle name in v5's annotation", withSpecBag(t, at("v5"), "MiddleName", `{}`), at("v5"), "v5",
				[]string{"the object could not be read at v1: ", "the object could not be read at v2: ", `pull "MiddleName" into string`}},
			{"a list for v6alpha1's pronouns in v1's annotation", withSpecBag(t, at("v1"), "Pronouns", `[]`), at("v1"), "v1",
				[]string{"the object could not be read at v6alpha1: ", `pull "Pronouns" into string`}},
		}...)
	}
	if anglesTooLarge {
		cases = append(cases, struct {
			name    string
			obj     client.Object
			old     client.Object
			written string
			want    []string
		}{"50,000 '<' as v1's middle name", angles, at("v1"), "v1", []string{"at v1", `MiddleName in bag "spec"`}})
	} else {
		cases = append(cases, struct {
			name    string
			obj     client.Object
			old     client.Object
			written string
			want    []string
		}{"50,000 '<' as v1's middle name", angles, at("v1"), "v1", nil})
	}
	h := newManager(t).GetWebhookServer().WebhookMux()
	for _, cs := range cases {
		resp := admit(t, h, admissionReview(t, cs.obj, cs.old))
		if cs.want == nil {
			if !resp.Allowed {
				t.Errorf("%s: refused: %s", cs.name, resp.Result.Message)
			}
			continue
		}
		r := resp.Result
		if resp.Allowed || r == nil || r.Code != http.StatusUnprocessableEntity || r.Reason != metav1.StatusReasonInvalid {
			t.Errorf("%s: %+v, want refused with 422 Invalid", cs.name, r)
			continue
		}
		prefix := fmt.Sprintf("hubspoke: Person.crm.hubspoke.dev %q written at %s is invalid: ", "mickey", cs.written)
		if !strings.HasPrefix(r.Message, prefix) {
			t.Errorf("%s: message %.300q does not begin with %q", cs.name, r.Message, prefix)
		}
		for _, w := range cs.want {
			if !strings.Contains(r.Message, w) {
				t.Errorf("%s: message %.600q does not name %q", cs.name, r.Message, w)
			}
		}
		if len(r.Message) > 4096 {
			t.Errorf("%s: a message of %d bytes", cs.name, len(r.Message))
		}
	}
	t.Logf("50,000 '<' as v1's middle name take %d bytes in v1's annotation (budget %d)",
		len(back.(client.Object).GetAnnotations()[boundary.Annotation]), bagsBudget)
}

// bagsBudget is convert/webhook's default Options.BagsBudget.
const bagsBudget = 128 << 10
