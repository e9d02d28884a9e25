package webhook_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert/webhook"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// TestDesiredVersionIsAnAPIVersion: a desiredAPIVersion that is empty or
// not an apiVersion is refused, with objects and without.
func TestDesiredVersionIsAnAPIVersion(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK)
	if err != nil {
		t.Fatal(err)
	}
	for _, desired := range []string{"", "a/b/c"} {
		if msg := failure(t, h, "d", reviewOf(t, "d", desired)); !strings.Contains(msg, `hubspoke: desiredAPIVersion "`+desired+`" is not an apiVersion`) {
			t.Errorf("no objects, desired %q: %q", desired, msg)
		}
		if msg := failure(t, h, "d", reviewOf(t, "d", desired, ada("v1", false))); !strings.Contains(msg, `hubspoke: converting Person.crm.hubspoke.test: desiredAPIVersion "`+desired+`" is not an apiVersion`) {
			t.Errorf("desired %q: %q", desired, msg)
		}
	}
}

// TestDeclaredLengthAtTheLimit: a review that declares a length of exactly
// MaxReviewBytes is read.
func TestDeclaredLengthAtTheLimit(t *testing.T) {
	small := reviewOf(t, "small", group+"/v1", widgetAt(t, "v2"))
	h := setupWidgets(t, webhook.Options{MaxReviewBytes: int64(len(small)), Logger: logr.Discard()})
	req := httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(small))
	if req.ContentLength != int64(len(small)) {
		t.Fatalf("content length %d, want %d", req.ContentLength, len(small))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"status":"Success"`) {
		t.Errorf("a review of exactly the limit: HTTP %d %s", rec.Code, rec.Body)
	}
}

// TestMixedSourceVersionsAreCountedApart: the objects of one review at
// different versions are counted under their own source version.
func TestMixedSourceVersionsAreCountedApart(t *testing.T) {
	h := setupWidgets(t, webhook.Options{Logger: logr.Discard()})
	fromHub := map[string]string{"resource": widgetResource, "from": "v2storage", "to": "v1"}
	fromV2 := map[string]string{"resource": widgetResource, "from": "v2", "to": "v1"}
	hub0, v20 := metricValue(t, "hubspoke_conversions_total", fromHub), metricValue(t, "hubspoke_conversions_total", fromV2)
	objs := []runtime.Object{widgetAt(t, "v2storage"), widgetAt(t, "v2"), widgetAt(t, "v2"), widgetAt(t, "v2storage")}
	if resp := convertReview(t, h, reviewOf(t, "m", group+"/v1", objs...)); resp.Result.Status != metav1.StatusSuccess || len(resp.ConvertedObjects) != 4 {
		t.Fatalf("%+v", resp.Result)
	}
	if got := metricValue(t, "hubspoke_conversions_total", fromHub) - hub0; got != 2 {
		t.Errorf("hubspoke_conversions_total%v grew by %v, want 2", fromHub, got)
	}
	if got := metricValue(t, "hubspoke_conversions_total", fromV2) - v20; got != 2 {
		t.Errorf("hubspoke_conversions_total%v grew by %v, want 2", fromV2, got)
	}
}

// TestFailureLogNamesTheFailingObject: when an object after the first one
// fails, the log line does not name the object before it, nor its version;
// it names the version desired.
func TestFailureLogNamesTheFailingObject(t *testing.T) {
	var log logLines
	h := setupWidgets(t, webhook.Options{Logger: log.logger()})
	body := []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"l","desiredAPIVersion":"crm.hubspoke.test/v2",
		"objects":[` + string(mustJSON(t, widgetAt(t, "v1"))) + `,{"spec":{}}]}}`)
	if msg := failure(t, h, "l", body); !strings.Contains(msg, "object 1: it has no apiVersion and kind") {
		t.Errorf("%q", msg)
	}
	lines := log.all()
	if len(lines) != 1 || !strings.Contains(lines[0], `"reason"="unknown_object"`) || strings.Contains(lines[0], "gizmo") ||
		strings.Contains(lines[0], `"from"="v1"`) || !strings.Contains(lines[0], `"from"="" "to"="crm.hubspoke.test/v2"`) {
		t.Errorf("log: %q", lines)
	}
}

// TestConvertedAnnotationsAtTheLimit: a conversion whose result has
// annotations of exactly the API server's 256 KiB goes through (the API
// server takes them); one byte more fails.
func TestConvertedAnnotationsAtTheLimit(t *testing.T) {
	const limit = 256 << 10
	h := setupWidgets(t, webhook.Options{Logger: logr.Discard()})
	atV1, err := widgetConverter(t).ToVersion(widgetAt(t, "v2storage"), "v1")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for k, a := range atV1.(metav1.Object).GetAnnotations() {
		total += len(k) + len(a)
	}
	with := func(other int) runtime.Object {
		hub := widgetAt(t, "v2storage")
		annotations := hub.(metav1.Object).GetAnnotations()
		annotations["other"] = strings.Repeat("o", other)
		hub.(metav1.Object).SetAnnotations(annotations)
		return hub
	}
	fits := limit - total - len("other")
	if resp := convertReview(t, h, reviewOf(t, "fits", group+"/v1", with(fits))); resp.Result.Status != metav1.StatusSuccess {
		t.Errorf("annotations of exactly %d bytes: %+v", limit, resp.Result)
	}
	if msg := failure(t, h, "over", reviewOf(t, "over", group+"/v1", with(fits+1))); !strings.Contains(msg, "its annotations would be 262145 bytes, more than the API server's limit of 262144") {
		t.Errorf("annotations of %d bytes: %q", limit+1, msg)
	}
}

// TestReviewFailureLogNamesNoVersions: a review that cannot be read is
// logged without source and destination versions, which it has none of.
func TestReviewFailureLogNamesNoVersions(t *testing.T) {
	var log logLines
	h := setupWidgets(t, webhook.Options{Logger: log.logger()})
	failure(t, h, "", []byte("{not json"))
	lines := log.all()
	if len(lines) != 1 || !strings.Contains(lines[0], `"reason"="malformed_review"`) || strings.Contains(lines[0], `"from"`) || strings.Contains(lines[0], `"to"`) {
		t.Errorf("log: %q", lines)
	}
}

// TestDefaultConversionBagsLimit: with ConversionBagsLimit 0, a conversion
// may give an object a bags annotation of 192 KiB, and no more.
func TestDefaultConversionBagsLimit(t *testing.T) {
	const limit = 192 << 10
	h := setupWidgets(t, webhook.Options{Logger: logr.Discard()})
	with := func(notes int) runtime.Object {
		hub := widgetAt(t, "v2storage").(*widgetHub)
		hub.Spec.Notes = strings.Repeat("n", notes)
		return hub
	}
	atV1, err := widgetConverter(t).ToVersion(with(0), "v1")
	if err != nil {
		t.Fatal(err)
	}
	// Notes of n bytes take n more than an empty note's "Notes":"", which
	// an empty note does not have.
	fits := limit - len(atV1.(metav1.Object).GetAnnotations()[boundary.Annotation]) - len(`,"Notes":""`)
	if resp := convertReview(t, h, reviewOf(t, "fits", group+"/v1", with(fits))); resp.Result.Status != metav1.StatusSuccess {
		t.Errorf("a bags annotation of %d bytes: %+v", limit, resp.Result)
	}
	if msg := failure(t, h, "over", reviewOf(t, "over", group+"/v1", with(fits+1))); !strings.Contains(msg, fmt.Sprintf("would be %d bytes, more than the limit of %d bytes", limit+1, limit)) {
		t.Errorf("a bags annotation of %d bytes: %q", limit+1, msg)
	}
}
