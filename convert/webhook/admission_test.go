package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/propertybag"
	admissionv1 "k8s.io/api/admission/v1"
	authenticationv1 "k8s.io/api/authentication/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

const bagsPath = "metadata.annotations[hubspoke.dev/property-bags]"

// celSkipped is what the API server, and the handler, add when a CEL rule
// is not evaluated.
const celSkipped = "some validation rules were not checked because the object was invalid"

func newAdmission(t testing.TB, opts webhook.Options) http.Handler {
	t.Helper()
	h, err := webhook.NewAdmissionHandler(widgetScheme(), widgetCRD(t), opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// widgetAt returns a valid widget at version: name, size, color, code,
// email, notes, two parts, and a status with a load.
func widgetAt(t testing.TB, version string) runtime.Object {
	t.Helper()
	hub := &widgetHub{
		ObjectMeta: metav1.ObjectMeta{Name: "gizmo", Namespace: "shop", Annotations: map[string]string{"note": "kept"}},
		Spec: widgetHubSpec{Name: "gizmo", Size: 3, Color: "red", Code: "GIZ-42", Email: "gizmo@example.com", Notes: "fragile",
			Parts: []widgetPart{{Name: "cog", Count: 2}, {Name: "spring", Count: 1}}},
		Status: widgetHubStatus{Phase: "Ready", Load: 40},
	}
	hub.SetGroupVersionKind(widgetGK.WithVersion("v2storage"))
	c, err := convert.NewConverter(widgetScheme(), widgetGK)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := c.ToVersion(hub, version)
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

// request is an AdmissionRequest for obj (and old, on an update), written
// at obj's version.
func request(t testing.TB, op admissionv1.Operation, obj, old runtime.Object) admissionv1.AdmissionRequest {
	t.Helper()
	gvk := obj.GetObjectKind().GroupVersionKind()
	req := admissionv1.AdmissionRequest{
		UID:       types.UID(fmt.Sprintf("uid-%s-%s", op, gvk.Version)),
		Kind:      metav1.GroupVersionKind{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind},
		Resource:  metav1.GroupVersionResource{Group: gvk.Group, Version: gvk.Version, Resource: "widgets"},
		Name:      "gizmo",
		Namespace: "shop",
		Operation: op,
		UserInfo:  authenticationv1.UserInfo{Username: "tester"},
		Object:    runtime.RawExtension{Raw: mustJSON(t, obj)},
	}
	if old != nil {
		req.OldObject = runtime.RawExtension{Raw: mustJSON(t, old)}
	}
	return req
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// admit sends req to h as an admission.k8s.io/v1 AdmissionReview over
// HTTP, as the API server does, and returns the response.
func admit(t testing.TB, h http.Handler, req admissionv1.AdmissionRequest) *admissionv1.AdmissionResponse {
	t.Helper()
	review := admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "admission.k8s.io/v1", Kind: "AdmissionReview"},
		Request:  &req,
	}
	rec := httptest.NewRecorder()
	hreq := httptest.NewRequest(http.MethodPost, webhook.AdmissionPath(widgetGK), bytes.NewReader(mustJSON(t, review)))
	hreq.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, hreq)
	if rec.Code != http.StatusOK {
		t.Fatalf("HTTP %d: %s", rec.Code, rec.Body)
	}
	var answer admissionv1.AdmissionReview
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer.Response == nil {
		t.Fatalf("answer %s: %v", rec.Body, err)
	}
	if answer.Response.UID != req.UID {
		t.Errorf("answer has uid %q, want %q", answer.Response.UID, req.UID)
	}
	return answer.Response
}

// wantAllowed checks that resp allows the write.
func wantAllowed(t *testing.T, resp *admissionv1.AdmissionResponse) {
	t.Helper()
	if !resp.Allowed {
		t.Errorf("refused, want allowed: %+v", resp.Result)
	}
}

// wantInvalid checks that resp refuses the write with 422 Invalid, with a
// message that begins with "hubspoke:" and names the version written and
// every one of want, and with a cause on each field of fields.
func wantInvalid(t *testing.T, resp *admissionv1.AdmissionResponse, written string, fields []string, want ...string) {
	t.Helper()
	if resp.Allowed || resp.Result == nil {
		t.Fatalf("allowed, want refused: %+v", resp.Result)
	}
	r := resp.Result
	if r.Code != http.StatusUnprocessableEntity || r.Reason != metav1.StatusReasonInvalid || r.Status != metav1.StatusFailure {
		t.Errorf("code %d reason %q status %q, want 422 Invalid Failure", r.Code, r.Reason, r.Status)
	}
	prefix := fmt.Sprintf("hubspoke: Widget.crm.hubspoke.test %q written at %s is invalid: ", "gizmo", written)
	if !strings.HasPrefix(r.Message, prefix) {
		t.Errorf("message %q does not begin with %q", r.Message, prefix)
	}
	for _, w := range want {
		if !strings.Contains(r.Message, w) {
			t.Errorf("message %q does not name %q", r.Message, w)
		}
	}
	if r.Details == nil || r.Details.Kind != "Widget" || r.Details.Group != group || r.Details.Name != "gizmo" {
		t.Fatalf("details %+v, want Widget.%s gizmo", r.Details, group)
	}
	var got []string
	for _, c := range r.Details.Causes {
		got = append(got, c.Field)
	}
	if strings.Join(got, " ") != strings.Join(fields, " ") {
		t.Errorf("causes on fields %q, want %q (%s)", got, fields, r.Message)
	}
}

func withBags(obj runtime.Object, text string) runtime.Object {
	o := obj.(interface {
		GetAnnotations() map[string]string
		SetAnnotations(map[string]string)
	})
	a := map[string]string{}
	for k, v := range o.GetAnnotations() {
		a[k] = v
	}
	a[boundary.Annotation] = text
	o.SetAnnotations(a)
	return obj
}

// v1Bags returns the bags annotation a valid widget has at v1, with the
// entries of spec changed as set says.
func v1Bags(t *testing.T, set map[string]string) string {
	t.Helper()
	w := widgetAt(t, "v1").(*widgetV1)
	bags, err := propertybag.UnmarshalBags(w.Annotations[boundary.Annotation])
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		bags["spec"][k] = v
	}
	text, err := propertybag.MarshalBags(bags)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func TestAdmissionAllowsValidWritesAtEveryVersion(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	for _, version := range []string{"v1", "v1storage", "v2", "v2storage"} {
		obj := widgetAt(t, version)
		wantAllowed(t, admit(t, h, request(t, admissionv1.Create, obj, nil)))
		wantAllowed(t, admit(t, h, request(t, admissionv1.Update, obj, obj)))
		status := request(t, admissionv1.Update, obj, obj)
		status.SubResource = "status"
		wantAllowed(t, admit(t, h, status))
	}
}

// TestAdmissionValidatesAtTheHub sends, at v1, values v1 has no field for
// (in the annotation's spec bag) that the hub's schema refuses, and at v1
// and v2 values the hub's schema refuses in fields they have.
func TestAdmissionValidatesAtTheHub(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	noField := "v1 has no field spec.%s: the value comes from the other fields of v1 or from the property bags it carries, in annotation hubspoke.dev/property-bags or in status"
	cases := []struct {
		name   string
		obj    func() runtime.Object
		fields []string
		want   []string
	}{
		{"maxLength of a field v1 has", func() runtime.Object {
			w := widgetAt(t, "v1").(*widgetV1)
			w.Spec.Name = strings.Repeat("g", 21)
			return w
		}, []string{"spec.name", ""}, []string{"spec.name: Too long: may not be more than 20 bytes", "; " + celSkipped}},
		{"required", func() runtime.Object {
			w := widgetAt(t, "v1").(*widgetV1)
			w.Spec.Name = ""
			return w
		}, []string{"spec.name", ""}, []string{"spec.name: Required value", celSkipped}},
		{"enum in the bag", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Color": bagText("purple")}))
		}, []string{"spec.color", ""}, []string{`spec.color: Unsupported value: "purple": supported values: "red", "green", "blue" (` + fmt.Sprintf(noField, "color")}},
		{"maximum in the bag", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Size": `11`}))
		}, []string{"spec.size", "spec"}, []string{"spec.size: Invalid value: 11: spec.size in body should be less than or equal to 10", "spec: Invalid value: a red widget is at most size 5"}},
		{"minimum in the bag", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Size": `-1`}))
		}, []string{"spec.size"}, []string{"should be greater than or equal to 1"}},
		{"pattern in the bag", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Code": bagText("giz42")}))
		}, []string{"spec.code"}, []string{"spec.code", `should match '^[A-Z]{3}-[0-9]+$'`}},
		{"format in the bag", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Email": bagText("not an address")}))
		}, []string{"spec.email", ""}, []string{"spec.email", "must be of type email"}},
		{"a map list with two elements of one key", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Parts": `[{"name":"cog"},{"name":"cog"}]`}))
		}, []string{"spec.parts[1]"}, []string{`spec.parts[1]: Duplicate value: {"name":"cog"}: ` + fmt.Sprintf(noField, "parts[1]")}},
		{"a CEL rule", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Size": `7`}))
		}, []string{"spec"}, []string{"spec: Invalid value: a red widget is at most size 5"}},
		{"a long value is not repeated", func() runtime.Object {
			return withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Code": bagText(strings.Repeat("x", 5000))}))
		}, []string{"spec.code"}, []string{"spec.code: Invalid value: \"" + strings.Repeat("x", 120) + "... (5000 bytes)\""}},
		{"at v2, a field v2 has", func() runtime.Object {
			w := widgetAt(t, "v2").(*widgetV2)
			w.Spec.Color = "purple"
			return w
		}, []string{"spec.color", ""}, []string{`spec.color: Unsupported value: "purple"`}},
		{"a status v1 carries in status", func() runtime.Object {
			w := widgetAt(t, "v1").(*widgetV1)
			w.Status.PropertyBags["status"]["Load"] = "101"
			return w
		}, []string{"status.load"}, []string{"status.load: Invalid value: 101: status.load in body should be less than or equal to 100"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := c.obj()
			written := obj.GetObjectKind().GroupVersionKind().Version
			resp := admit(t, h, request(t, admissionv1.Create, obj, nil))
			wantInvalid(t, resp, written, c.fields, c.want...)
			if c.name == "a long value is not repeated" && len(resp.Result.Message) > 2000 {
				t.Errorf("a message of %d bytes", len(resp.Result.Message))
			}
			if strings.Contains(resp.Result.Message, "v1 has no field spec.name") || strings.Contains(resp.Result.Message, "v2 has no field") {
				t.Errorf("the message says the version written lacks a field it has: %s", resp.Result.Message)
			}
		})
	}
}

// TestAdmissionValidatesAtAnUnservedHub: a CRD may keep its hub (the
// storage version) unserved; the handler still validates every write
// against the hub's schema.
func TestAdmissionValidatesAtAnUnservedHub(t *testing.T) {
	crd := widgetCRD(t)
	for i := range crd.Spec.Versions {
		if crd.Spec.Versions[i].Name == "v2storage" {
			crd.Spec.Versions[i].Served = false
		}
	}
	h, err := webhook.NewAdmissionHandler(widgetScheme(), crd, webhook.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, widgetAt(t, "v1"), nil)))
	bad := withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Code": bagText("giz42")}))
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, bad, nil)), "v1", []string{"spec.code"}, "spec.code", `should match '^[A-Z]{3}-[0-9]+$'`)
}

// TestTransitionRulesHoldThroughEveryVersion: a CEL rule that compares an
// update with the object before it (the hub's code cannot change) holds
// for a write at a version that shows the field and for one at a version
// that carries it only in its bags.
func TestTransitionRulesHoldThroughEveryVersion(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	atV1 := withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Code": bagText("GIZ-43")}))
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, atV1, widgetAt(t, "v1"))), "v1", []string{"spec.code"}, "the code of a widget cannot change")
	atV2 := widgetAt(t, "v2").(*widgetV2)
	atV2.Spec.Code = "GIZ-43"
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, atV2, widgetAt(t, "v2"))), "v2", []string{"spec.code"}, "the code of a widget cannot change")
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, widgetAt(t, "v1"), widgetAt(t, "v1"))))
}

// TestRefusalNamesTheObject: a refusal names the object by its own name, or,
// when it has none yet (generateName), by the request's.
func TestRefusalNamesTheObject(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	bad := func(name string) runtime.Object {
		w := widgetAt(t, "v2").(*widgetV2)
		w.Name, w.Spec.Color = name, "purple"
		return w
	}
	req := request(t, admissionv1.Create, bad(""), nil)
	req.Name = "from-request"
	if r := admit(t, h, req).Result; r == nil || !strings.Contains(r.Message, `"from-request" written at v2`) || r.Details == nil || r.Details.Name != "from-request" {
		t.Errorf("an object without a name: %+v, want it named as the request names it", r)
	}
	req = request(t, admissionv1.Create, bad("own"), nil)
	req.Name = "from-request"
	if r := admit(t, h, req).Result; r == nil || !strings.Contains(r.Message, `"own" written at v2`) {
		t.Errorf("an object with a name: %+v, want it named by its own name", r)
	}
}

// TestAdmissionRefusesBadAnnotations sends, at v1, bags annotations that do
// not convert: each is refused with 422 on the annotation, naming it and
// the property, never with 500.
func TestAdmissionRefusesBadAnnotations(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	cases := []struct {
		name, text string
		want       []string
	}{
		{"wrong type", v1Bags(t, map[string]string{"Size": `"big"`}), []string{`"Size"`, "converting webhook_test.widgetV1Storage to webhook_test.widgetHub"}},
		{"wrong type, a structure", v1Bags(t, map[string]string{"Parts": `42`}), []string{`"Parts"`}},
		{"not JSON", `{not json`, []string{"property bags"}},
		{"a status bag", `{"status":{"Load":"5"}}`, []string{`"status"`, "status bags travel only in the status"}},
		{"a status bag among others", `{"spec":{"Size":2},"status.x":{"Load":"5"}}`, []string{`"status.x"`}},
		{"a status bag, verbatim", `{"$verbatim":{"status":{"Load":"x"}}}`, []string{`"status"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := withBags(widgetAt(t, "v1"), c.text)
			resp := admit(t, h, request(t, admissionv1.Update, obj, widgetAt(t, "v1")))
			want := append([]string{"the property bags in annotation hubspoke.dev/property-bags do not convert to the hub version v2storage",
				"hubspoke: converting Widget.crm.hubspoke.test from v1 to v2storage"}, c.want...)
			wantInvalid(t, resp, "v1", []string{bagsPath}, want...)
		})
	}
	// A conversion that fails for a reason other than the annotation is an
	// error on the object.
	w := widgetAt(t, "v1").(*widgetV1)
	w.Spec.Name = "-dash"
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, w, nil)), "v1", []string{""},
		"is invalid: the object does not convert to the hub version v2storage: hubspoke: converting", errDashName.Error())
}

// TestAdmissionRatchets checks that on an update, as at the API server,
// values that were invalid before and are left unchanged do not stop it.
func TestAdmissionRatchets(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	old := withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Color": bagText("purple")}))
	updated := old.DeepCopyObject().(*widgetV1)
	updated.Spec.Name = "gizmo2"
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, updated, old)))
	worse := withBags(updated.DeepCopyObject(), v1Bags(t, map[string]string{"Color": bagText("pink")}))
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, worse, old)), "v1", []string{"spec.color", ""}, `"pink"`)
	// The same write is refused when it creates the object.
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, updated, nil)), "v1", []string{"spec.color", ""}, `"purple"`)
}

// TestAdmissionKeepsEveryVersionReadable writes large values at v2 that v1
// carries in its annotation.
func TestAdmissionKeepsEveryVersionReadable(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	big := func(notes int, other int) *widgetV2 {
		w := widgetAt(t, "v2").(*widgetV2)
		w.Spec.Notes = strings.Repeat("n", notes)
		if other > 0 {
			w.Annotations["other"] = strings.Repeat("o", other)
		}
		return w
	}
	// Over the default budget of 128 KiB at v1: v1 and v1storage are named?
	// Only v1 carries an annotation.
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, big(200<<10, 0), nil)), "v2", []string{bagsPath},
		"at v1 annotation hubspoke.dev/property-bags would take 204", "over the budget of 131072",
		`the largest entries: Notes in bag "spec" (204`, `, Parts in bag "spec" (`)
	// Over the API server's limit: the object could not be read at v1.
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, big(300<<10, 0), nil)), "v2", []string{bagsPath},
		"at v1 the annotations would take 307", "over the API server's limit of 262144, so the object could not be read at v1")
	// Within the budget, but with another annotation over the limit at v1.
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, big(100<<10, 200<<10), nil)), "v2", []string{bagsPath},
		"over the API server's limit of 262144, so the object could not be read at v1")
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, big(100<<10, 0), nil)))

	// A budget of its own, and the entries that take the room, largest
	// first, at most five.
	small := newAdmission(t, webhook.Options{BagsBudget: 100})
	wantInvalid(t, admit(t, small, request(t, admissionv1.Create, widgetAt(t, "v2"), nil)), "v2", []string{bagsPath},
		"over the budget of 100; the largest entries: Parts in bag \"spec\" (", `), Email in bag "spec" (`,
		`), Notes in bag "spec" (`, ") and 1 more")

	// An object already over the budget may be updated when the annotation
	// does not grow, but not when it does.
	old := big(200<<10, 0)
	same := old.DeepCopyObject().(*widgetV2)
	same.Labels = map[string]string{"touched": "yes"}
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, same, old)))
	smaller := old.DeepCopyObject().(*widgetV2)
	smaller.Spec.Notes = smaller.Spec.Notes[1:]
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, smaller, old)))
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, big(201<<10, 0), old)), "v2", []string{bagsPath}, "over the budget")
}

// TestAdmissionLetsOtherRequestsThrough checks what the handler does not
// validate, and what it cannot read.
func TestAdmissionLetsOtherRequestsThrough(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	invalid := withBags(widgetAt(t, "v1"), `{not json`)
	for _, op := range []admissionv1.Operation{admissionv1.Delete, admissionv1.Connect} {
		wantAllowed(t, admit(t, h, request(t, op, invalid, nil)))
	}
	scale := request(t, admissionv1.Update, invalid, invalid)
	scale.SubResource = "scale"
	wantAllowed(t, admit(t, h, scale))

	bad := func(mutate func(*admissionv1.AdmissionRequest), want string) {
		t.Helper()
		req := request(t, admissionv1.Create, widgetAt(t, "v1"), nil)
		mutate(&req)
		resp := admit(t, h, req)
		if resp.Allowed || resp.Result == nil || resp.Result.Code != http.StatusBadRequest || !strings.Contains(resp.Result.Message, want) {
			t.Errorf("%+v, want refused with 400 and a message naming %q", resp.Result, want)
		}
	}
	bad(func(r *admissionv1.AdmissionRequest) { r.Kind.Kind = "Gadget" }, "validates Widget.crm.hubspoke.test, not Gadget.crm.hubspoke.test")
	bad(func(r *admissionv1.AdmissionRequest) { r.Kind.Group = "other.example.com" }, "validates Widget.crm.hubspoke.test, not Widget.other.example.com")
	bad(func(r *admissionv1.AdmissionRequest) { r.Kind.Version = "v9" }, `no served version "v9"`)
	bad(func(r *admissionv1.AdmissionRequest) { r.Object.Raw = []byte(`{"spec":{"name":42}}`) }, "decoding the Widget.crm.hubspoke.test at v1")
	bad(func(r *admissionv1.AdmissionRequest) { r.Object.Raw = nil }, "decoding")
	bad(func(r *admissionv1.AdmissionRequest) { r.Kind.Version = "v2" }, "unable to decode crm.hubspoke.test/v1, Kind=Widget")

	// An old object that cannot be read only means no ratcheting.
	req := request(t, admissionv1.Update, widgetAt(t, "v1"), nil)
	req.OldObject.Raw = []byte(`{"apiVersion":"crm.hubspoke.test/v1","kind":"Widget","spec":{"name":42}}`)
	wantAllowed(t, admit(t, h, req))
}

func TestNewAdmissionHandlerRejects(t *testing.T) {
	crd := widgetCRD
	cases := []struct {
		name   string
		scheme *runtime.Scheme
		crd    func() *apiextensionsv1.CustomResourceDefinition
		opts   webhook.Options
		want   string
	}{
		{"nil scheme", nil, func() *apiextensionsv1.CustomResourceDefinition { return crd(t) }, webhook.Options{}, "nil scheme"},
		{"nil CRD", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition { return nil }, webhook.Options{}, "nil CustomResourceDefinition"},
		{"a version that is not a client.Object", func() *runtime.Scheme {
			s := widgetScheme()
			s.AddKnownTypeWithName(widgetGK.WithVersion("v0"), &notAnObject{})
			return s
		}(), func() *apiextensionsv1.CustomResourceDefinition { return crd(t) }, webhook.Options{}, "Widget.crm.hubspoke.test: version v0 (*webhook_test.notAnObject) is not a client.Object"},
		{"budget at the API server's limit", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition { return crd(t) }, webhook.Options{BagsBudget: 256 << 10}, "less than the API server's 262144"},
		{"negative budget", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition { return crd(t) }, webhook.Options{BagsBudget: -1}, "bags budget -1"},
		{"a served version outside the chain", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition {
			c := crd(t)
			v := c.Spec.Versions[0].DeepCopy()
			v.Name = "v3"
			c.Spec.Versions = append(c.Spec.Versions, *v)
			return c
		}, webhook.Options{}, "the CRD serves version v3, which is not a version of the chain"},
		{"no hub version", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition {
			c := crd(t)
			c.Spec.Versions = c.Spec.Versions[:3]
			return c
		}, webhook.Options{}, "no schema for the hub version v2storage"},
		{"a hub without a schema", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition {
			c := crd(t)
			c.Spec.Versions[3].Schema = nil
			return c
		}, webhook.Options{}, "no schema for version v2storage"},
		{"a schema that is not structural", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition {
			c := crd(t)
			spec := c.Spec.Versions[3].Schema.OpenAPIV3Schema.Properties["spec"]
			spec.Type = ""
			c.Spec.Versions[3].Schema.OpenAPIV3Schema.Properties["spec"] = spec
			return c
		}, webhook.Options{}, "the schema of version v2storage is not structural"},
		{"a kind the scheme lacks", widgetScheme(), func() *apiextensionsv1.CustomResourceDefinition {
			c := crd(t)
			c.Spec.Names.Kind = "Gadget"
			return c
		}, webhook.Options{}, "Gadget.crm.hubspoke.test"},
	}
	for _, c := range cases {
		if _, err := webhook.NewAdmissionHandler(c.scheme, c.crd(), c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestAdmissionPath(t *testing.T) {
	if got, want := webhook.AdmissionPath(widgetGK), "/validate-crm-hubspoke-test-widget"; got != want {
		t.Errorf("AdmissionPath = %q, want %q", got, want)
	}
}

// unusedAPIServer is never contacted: the managers of these tests are built
// but not started.
var unusedAPIServer = &rest.Config{Host: "https://127.0.0.1:1"}

func TestSetup(t *testing.T) {
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t), widgetCRD(t)); err == nil || !strings.Contains(err.Error(), "Widget.crm.hubspoke.test is named more than once") {
		t.Errorf("Setup with a CRD twice: %v", err)
	}
	if err := webhook.Setup(nil, webhook.Options{}, widgetCRD(t)); err == nil {
		t.Error("Setup without a manager succeeded")
	}
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t)); err != nil {
		t.Fatal(err)
	}
	// A second call is refused, and changes nothing.
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t)); err == nil || !strings.Contains(err.Error(), "/validate-crm-hubspoke-test-widget is served already") {
		t.Errorf("second Setup: %v", err)
	}
	other, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := other.GetConverterRegistry().RegisterConverter(widgetGK, nopConverter{}); err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(other, webhook.Options{}, widgetCRD(t)); err == nil || !strings.Contains(err.Error(), "already has a converter") {
		t.Errorf("Setup after another converter: %v", err)
	}
	if mux := other.GetWebhookServer().WebhookMux(); mux != nil {
		t.Errorf("a refused Setup registered handlers")
	}
	// The resource has a converter in the manager's registry, so the
	// webhook builder's WithConverter cannot register another.
	if err := mgr.GetConverterRegistry().RegisterConverter(widgetGK, nopConverter{}); err == nil {
		t.Errorf("the registry took a second converter for Widget after Setup")
	}
	mux := mgr.GetWebhookServer().WebhookMux()
	// Both endpoints answer: a conversion and an admission.
	from := widgetAt(t, "v1")
	conv := fmt.Sprintf(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"c1","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[%s]}}`, mustJSON(t, from))
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/convert", strings.NewReader(conv)))
	var answer struct {
		Response struct {
			ConvertedObjects []widgetV2 `json:"convertedObjects"`
		} `json:"response"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || len(answer.Response.ConvertedObjects) != 1 || answer.Response.ConvertedObjects[0].Spec.Size != 3 {
		t.Errorf("/convert answered %d %s (%v)", rec.Code, rec.Body, err)
	}
	req := request(t, admissionv1.Create, withBags(widgetAt(t, "v1"), `{"status":{"Load":"5"}}`), nil)
	resp := admit(t, mux, req)
	wantInvalid(t, resp, "v1", []string{bagsPath}, "status bags travel only in the status")
}

// nopConverter is a conversion.Converter that converts nothing.
type nopConverter struct{}

func (nopConverter) ConvertObject(context.Context, runtime.Object, runtime.Object) error { return nil }

// TestUnreadableAtAServedVersion: a write that converts to the hub but not
// to some served version (here a hook of v1storage refuses the notes) is
// refused on create, naming the version; an update of an object that
// already could not be read there is let through.
func TestUnreadableAtAServedVersion(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	bang := widgetAt(t, "v2").(*widgetV2)
	bang.Spec.Notes = "!urgent"
	resp := admit(t, h, request(t, admissionv1.Create, bang, nil))
	wantInvalid(t, resp, "v2", []string{"", ""}, "the object could not be read at v1storage", errBangNotes.Error(), "the object could not be read at v1:")

	changed := bang.DeepCopyObject().(*widgetV2)
	changed.Spec.Size = 4
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, changed, bang)))
	// An update that makes a readable object unreadable is refused.
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, bang, widgetAt(t, "v2"))), "v2", []string{"", ""}, "the object could not be read at v1storage")
}

// TestLargestEntriesAreMeasuredAsStored: the 422 message gives each entry
// of the bags annotation the size it takes in the annotation, whatever
// escapes its value has in the bag: 1000 '<' take 1000 bytes there, not
// the 6000 of "\u003c" escapes.
func TestLargestEntriesAreMeasuredAsStored(t *testing.T) {
	h := newAdmission(t, webhook.Options{BagsBudget: 500})
	w := widgetAt(t, "v2").(*widgetV2)
	w.Spec.Notes = strings.Repeat("<", 1000)
	at, err := widgetConverter(t).ToVersion(w, "v1")
	if err != nil {
		t.Fatal(err)
	}
	annotation := at.(*widgetV1).Annotations[boundary.Annotation]
	if !strings.Contains(annotation, `"Notes":"`+w.Spec.Notes+`"`) {
		t.Fatalf("the annotation at v1 does not hold the notes as written: %.200s", annotation)
	}
	// What the entry adds to an annotation of the spec bag alone: in
	// hubspoke's format "Notes":"<<<…", 1010 bytes; in ASO's (-tags
	// hubspoke_aso), where the notes are stored as they are, not JSON, the
	// same under "$verbatim" (see propertybag.MarshalBags), 1024.
	alone, err := propertybag.MarshalBags(propertybag.Bags{"spec": {"Notes": bagText(w.Spec.Notes)}})
	if err != nil {
		t.Fatal(err)
	}
	size := len(alone) - len(`{"spec":{}}`)
	if size < 1000 || size > 1100 {
		t.Fatalf("the notes alone take %d bytes of an annotation: %.200s", size, alone)
	}
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, w, nil)), "v2", []string{bagsPath},
		fmt.Sprintf("at v1 annotation %s would take %d bytes", boundary.Annotation, len(annotation)),
		fmt.Sprintf(`the largest entries: Notes in bag "spec" (%d bytes)`, size))
}

func widgetConverter(t testing.TB) *convert.Converter {
	t.Helper()
	c, err := convert.NewConverter(widgetScheme(), widgetGK)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestAdmissionReviewWithoutARequest: a review with no request (or an
// empty one) is not a write to let through: it is answered as an error,
// not allowed, with a message.
func TestAdmissionReviewWithoutARequest(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	for name, body := range map[string]string{
		"no request":    `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`,
		"null request":  `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":null}`,
		"empty request": `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{}}`,
	} {
		rec := httptest.NewRecorder()
		hreq := httptest.NewRequest(http.MethodPost, webhook.AdmissionPath(widgetGK), strings.NewReader(body))
		hreq.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, hreq)
		var answer admissionv1.AdmissionReview
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || answer.Response == nil {
			t.Errorf("%s: HTTP %d %s (%v)", name, rec.Code, rec.Body, err)
			continue
		}
		r := answer.Response
		if r.Allowed || r.Result == nil || r.Result.Code != http.StatusBadRequest || !strings.Contains(r.Result.Message, "hubspoke: the AdmissionReview has no request") {
			t.Errorf("%s: allowed %v, result %+v; want refused with 400 and a message", name, r.Allowed, r.Result)
		}
	}
}

// TestTwinEntryInTheRootBagIsRefused: a $twin entry in the bag of the
// object itself, ".", where no field has a form only the storage twin can
// hold, is refused naming the annotation, the bag and the property, even
// one naming status with a value.
func TestTwinEntryInTheRootBagIsRefused(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	for _, text := range []string{`{".":{"$twin":{"status":{"phase":"Broken"}}}}`, `{".":{"$twin":{"spec":null}}}`} {
		w := withBags(widgetAt(t, "v1"), text)
		name := "status"
		if strings.Contains(text, "spec") {
			name = "spec"
		}
		wantInvalid(t, admit(t, h, request(t, admissionv1.Create, w, nil)), "v1", []string{bagsPath},
			"do not convert to the hub version v2storage", `bag ".": $twin names "`+name+`"`)
	}
}

// TestBagsBudgetIsInclusive: bags exactly as large as the budget at the
// version where they are largest are let through, one byte less of budget
// refuses them; an update that leaves them as large as they were is let
// through even then (it makes nothing worse).
func TestBagsBudgetIsInclusive(t *testing.T) {
	c := widgetConverter(t)
	obj := widgetAt(t, "v2")
	largest := 0
	for _, version := range []string{"v1", "v1storage", "v2", "v2storage"} {
		at, err := c.ToVersion(obj, version)
		if err != nil {
			t.Fatal(err)
		}
		largest = max(largest, len(at.(metav1.Object).GetAnnotations()[boundary.Annotation]))
	}
	if largest == 0 {
		t.Fatal("the widget carries no bags at any version")
	}
	handler := func(budget int) http.Handler {
		h, err := webhook.NewAdmissionHandler(widgetScheme(), widgetCRD(t), webhook.Options{BagsBudget: budget})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	wantAllowed(t, admit(t, handler(largest), request(t, admissionv1.Create, widgetAt(t, "v2"), nil)))
	tight := handler(largest - 1)
	if resp := admit(t, tight, request(t, admissionv1.Create, widgetAt(t, "v2"), nil)); resp.Allowed {
		t.Errorf("bags of %d bytes let through a budget of %d", largest, largest-1)
	}
	wantAllowed(t, admit(t, tight, request(t, admissionv1.Update, widgetAt(t, "v2"), widgetAt(t, "v2"))))
}

// TestHubDefaultsApplyBeforeValidation: the hub's schema requires a part's
// count and defaults it; a part written without one is let through, as the
// API server defaults it from the storage version's schema when it reads
// the object.
func TestHubDefaultsApplyBeforeValidation(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	w := widgetAt(t, "v2").(*widgetV2)
	w.Spec.Parts = append(w.Spec.Parts, widgetPart{Name: "lever"})
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, w, nil)))
}

// TestServedVersionsSeeTheHubsDefaults: the API server defaults an object
// from the storage version's schema when it reads it, before converting it
// to the version asked for, so the hub the served versions are converted
// from is the defaulted one. Here the hub defaults notes to "!", which
// v1storage's hook refuses to show: a write at v2 without notes was let
// through (converted from the hub as written, notes empty) and could then
// not be read at v1; it is refused now, naming v1. (This fails when
// checkServed converts the hub without its defaults.)
func TestServedVersionsSeeTheHubsDefaults(t *testing.T) {
	crd := widgetCRD(t)
	var hub *apiextensionsv1.CustomResourceDefinitionVersion
	for i := range crd.Spec.Versions {
		if crd.Spec.Versions[i].Name == "v2storage" {
			hub = &crd.Spec.Versions[i]
		}
	}
	spec := hub.Schema.OpenAPIV3Schema.Properties["spec"]
	notes := spec.Properties["notes"]
	notes.Default = &apiextensionsv1.JSON{Raw: []byte(`"!"`)}
	spec.Properties["notes"] = notes
	hub.Schema.OpenAPIV3Schema.Properties["spec"] = spec
	h, err := webhook.NewAdmissionHandler(widgetScheme(), crd, webhook.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := widgetAt(t, "v2").(*widgetV2)
	w.Spec.Notes = ""
	resp := admit(t, h, request(t, admissionv1.Create, w, nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "could not be read at v1") || !strings.Contains(resp.Result.Message, errBangNotes.Error()) {
		t.Errorf("%+v, want refused: unreadable at v1", resp.Result)
	}
	// With notes v1 can show, the default does not apply.
	w.Spec.Notes = "fragile"
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, w, nil)))
}

// TestSetupRefusesAServedConvertPath: /convert served already (by the
// webhook builder, or by hand) makes Setup fail without registering
// anything; a handler of every other path ("/") does not serve it.
func TestSetupRefusesAServedConvertPath(t *testing.T) {
	newManager := func() manager.Manager {
		mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
		if err != nil {
			t.Fatal(err)
		}
		return mgr
	}
	mgr := newManager()
	mgr.GetWebhookServer().Register("/convert", http.NotFoundHandler())
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t)); err == nil || !strings.Contains(err.Error(), "/convert is served already") {
		t.Errorf("Setup with /convert served: %v", err)
	}
	if _, ok := mgr.GetConverterRegistry().GetConverter(widgetGK); ok {
		t.Error("a refused Setup registered a converter")
	}
	rec := httptest.NewRecorder()
	mgr.GetWebhookServer().WebhookMux().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, webhook.AdmissionPath(widgetGK), strings.NewReader("{}")))
	if rec.Code != http.StatusNotFound {
		t.Errorf("a refused Setup registered the admission webhook: HTTP %d", rec.Code)
	}

	mgr = newManager()
	mgr.GetWebhookServer().Register("/", http.NotFoundHandler())
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t)); err != nil {
		t.Errorf("Setup with a handler of \"/\": %v", err)
	}
}

// TestSetupWithoutCRDs registers nothing: a later Setup, or the webhook
// builder, can still serve /convert.
func TestSetupWithoutCRDs(t *testing.T) {
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t)); err != nil {
		t.Errorf("Setup after a Setup without CRDs: %v", err)
	}
}

// TestSetupRegistryConverterLeavesTheSource: the converter Setup puts in
// the manager's registry converts as controller-runtime's converters do:
// its source belongs to the caller and is left as it was.
func TestSetupRegistryConverterLeavesTheSource(t *testing.T) {
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{}, widgetCRD(t)); err != nil {
		t.Fatal(err)
	}
	c, ok := mgr.GetConverterRegistry().GetConverter(widgetGK)
	if !ok {
		t.Fatal("Setup registered no converter for Widget")
	}
	// v1 carries the values only the hub has in its bags annotation, which
	// the conversion to v2 takes out of the annotations.
	src := widgetAt(t, "v1")
	want := string(mustJSON(t, src))
	dst := &widgetV2{}
	dst.SetGroupVersionKind(widgetGK.WithVersion("v2"))
	if err := c.ConvertObject(context.Background(), src, dst); err != nil {
		t.Fatal(err)
	}
	if dst.Spec.Size != 3 || len(dst.Spec.Parts) != 2 {
		t.Errorf("converted %+v, want the widget of size 3 with two parts", dst)
	}
	dst.Annotations["note"] = "changed"
	dst.Spec.Parts[0].Name = "changed"
	if got := string(mustJSON(t, src)); got != want {
		t.Errorf("the source changed:\n%s\nwas\n%s", got, want)
	}
	// At the same version, the copy is the destination.
	src = widgetAt(t, "v2")
	want = string(mustJSON(t, src))
	same := &widgetV2{}
	same.SetGroupVersionKind(widgetGK.WithVersion("v2"))
	if err := c.ConvertObject(context.Background(), src, same); err != nil {
		t.Fatal(err)
	}
	same.Annotations["note"] = "changed"
	same.Spec.Parts[0].Name = "changed"
	if got := string(mustJSON(t, src)); got != want {
		t.Errorf("the source changed:\n%s\nwas\n%s", got, want)
	}
}
