package webhook_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert/webhook"
	admissionv1 "k8s.io/api/admission/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// TestStatusWritesAreValidated: a write to the status subresource is
// checked as every other write, at the version that shows the status and
// at the version that carries it in its bags, so that a writer of the
// status cannot put there what the hub's schema refuses, nor reach the
// spec.
func TestStatusWritesAreValidated(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	atV1 := widgetAt(t, "v1").(*widgetV1)
	atV1.Status.PropertyBags["status"]["Load"] = "101"
	atV2 := widgetAt(t, "v2").(*widgetV2)
	atV2.Status.Load = 101
	for _, obj := range []runtime.Object{atV1, atV2} {
		written := obj.GetObjectKind().GroupVersionKind().Version
		req := request(t, admissionv1.Update, obj, widgetAt(t, written))
		req.SubResource = "status"
		wantInvalid(t, admit(t, h, req), written, []string{"status.load"}, "status.load in body should be less than or equal to 100")
	}
	// Nor can a writer of the status reach the spec through the bags the
	// status carries.
	specInStatus := widgetAt(t, "v1").(*widgetV1)
	specInStatus.Status.PropertyBags["spec"] = map[string]string{"Size": "9"}
	req := request(t, admissionv1.Update, specInStatus, widgetAt(t, "v1"))
	req.SubResource = "status"
	wantInvalid(t, admit(t, h, req), "v1", []string{""}, `status field status.$propertyBags holds the bag "spec", which lies outside status`)
}

// TestCreateIsNeverRatcheted: a CREATE is checked in full even when the
// request carries an old object (the API server sends none) that has the
// same faults.
func TestCreateIsNeverRatcheted(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	purple := withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Color": bagText("purple")}))
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, purple, purple)), "v1", []string{"spec.color", ""}, `"purple"`)
}

// TestCELRulesRatchet: on an update that leaves the spec as it was, a CEL
// rule the spec broke already does not refuse it, as at the API server; an
// update of the spec is checked against the rule.
func TestCELRulesRatchet(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	old := widgetAt(t, "v2").(*widgetV2)
	old.Spec.Size = 7 // red: at most 5
	labelled := old.DeepCopyObject().(*widgetV2)
	labelled.Labels = map[string]string{"touched": "yes"}
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, labelled, old)))
	renamed := old.DeepCopyObject().(*widgetV2)
	renamed.Spec.Name = "gizmo2"
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, renamed, old)), "v2", []string{"spec"}, "a red widget is at most size 5")
}

// TestListKeysRatchet: an update that gives two parts one name is refused
// even though the object before it was valid; an update of an object whose
// parts shared a name already is let through, as at the API server.
func TestListKeysRatchet(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	twice := widgetAt(t, "v2").(*widgetV2)
	twice.Spec.Parts = []widgetPart{{Name: "cog", Count: 2}, {Name: "cog", Count: 1}}
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, twice, widgetAt(t, "v2"))), "v2", []string{"spec.parts[1]"}, "spec.parts[1]: Duplicate value")
	labelled := twice.DeepCopyObject().(*widgetV2)
	labelled.Labels = map[string]string{"touched": "yes"}
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, labelled, twice)))
}

// TestAnnotationsLimitIsInclusive: annotations that take exactly the API
// server's 256 KiB at v1 are let through (the API server reads them), one
// byte more is refused; an object already over the limit may be updated
// when its annotations do not grow, but not when they do.
func TestAnnotationsLimitIsInclusive(t *testing.T) {
	const limit = 256 << 10
	h := newAdmission(t, webhook.Options{})
	c := widgetConverter(t)
	at := func(other int) *widgetV2 {
		t.Helper()
		w := widgetAt(t, "v2").(*widgetV2)
		if other > 0 {
			w.Annotations["other"] = strings.Repeat("o", other)
		}
		return w
	}
	atV1, err := c.ToVersion(at(0), "v1")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for k, a := range atV1.(*widgetV1).Annotations {
		total += len(k) + len(a)
	}
	if atV1.(*widgetV1).Annotations[boundary.Annotation] == "" {
		t.Fatal("the widget carries no bags at v1")
	}
	fits := limit - total - len("other")
	wantAllowed(t, admit(t, h, request(t, admissionv1.Create, at(fits), nil)))
	over := at(fits + 1)
	wantInvalid(t, admit(t, h, request(t, admissionv1.Create, over, nil)), "v2", []string{bagsPath},
		"at v1 the annotations would take 262145 bytes, over the API server's limit of 262144")

	labelled := over.DeepCopyObject().(*widgetV2)
	labelled.Labels = map[string]string{"touched": "yes"}
	wantAllowed(t, admit(t, h, request(t, admissionv1.Update, labelled, over)))
	wantInvalid(t, admit(t, h, request(t, admissionv1.Update, at(fits+2), over)), "v2", []string{bagsPath},
		"at v1 the annotations would take 262146 bytes")
}

// TestRuleOnTheWholeObject: a CEL rule of the hub's root schema refuses a
// write on the object itself (a cause without a field), not on a field
// named "<nil>", and adds no note that the version written lacks a field.
func TestRuleOnTheWholeObject(t *testing.T) {
	crd := widgetCRD(t)
	hub := crd.Spec.Versions[3].Schema.OpenAPIV3Schema
	if crd.Spec.Versions[3].Name != "v2storage" {
		t.Fatalf("version 3 of the CRD is %s, want the hub", crd.Spec.Versions[3].Name)
	}
	hub.XValidations = append(hub.XValidations, apiextensionsv1.ValidationRule{Rule: "self.spec.name != 'root'", Message: "a widget cannot be named root"})
	h, err := webhook.NewAdmissionHandler(widgetScheme(), crd, webhook.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := widgetAt(t, "v1").(*widgetV1)
	w.Spec.Name = "root"
	resp := admit(t, h, request(t, admissionv1.Create, w, nil))
	wantInvalid(t, resp, "v1", []string{""}, "is invalid: a widget cannot be named root")
	if strings.Contains(resp.Result.Message, "<nil>") || strings.Contains(resp.Result.Message, "has no field") {
		t.Errorf("the message names a field: %s", resp.Result.Message)
	}
}

// TestObjectWithoutItsType: an object sent without apiVersion and kind is
// read as the request's kind names it, and checked at that version.
func TestObjectWithoutItsType(t *testing.T) {
	h := newAdmission(t, webhook.Options{})
	untyped := func(obj runtime.Object) admissionv1.AdmissionRequest {
		t.Helper()
		req := request(t, admissionv1.Create, obj, nil)
		var fields map[string]any
		if err := json.Unmarshal(req.Object.Raw, &fields); err != nil {
			t.Fatal(err)
		}
		delete(fields, "apiVersion")
		delete(fields, "kind")
		req.Object.Raw = mustJSON(t, fields)
		return req
	}
	wantAllowed(t, admit(t, h, untyped(widgetAt(t, "v1"))))
	bad := withBags(widgetAt(t, "v1"), v1Bags(t, map[string]string{"Code": bagText("giz42")}))
	wantInvalid(t, admit(t, h, untyped(bad)), "v1", []string{"spec.code"}, `should match '^[A-Z]{3}-[0-9]+$'`)
}
