package webhook_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/webhook"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestTruncatedReviews: every beginning of a review, cut anywhere (in a
// key, a string, an escape, an object, between values), is answered with a
// Failure that names hubspoke, never a panic or a Success.
func TestTruncatedReviews(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK, teamGK)
	if err != nil {
		t.Fatal(err)
	}
	body := string(reviewOf(t, "cut", group+"/v2", ada("v1", true)))
	// White space, an escape, numbers (in an array and as a member's
	// value), a literal and an empty object and array where the scanner
	// reads them, in the review and in the object.
	body = strings.Replace(body, `"uid":"cut"`, "\"extra\" : [ 1.5e3, true, null, { }, [ ], \"a\\\"b\" ] ,\n\t\"uid\" : \"c\\u0075t\", \"n\" : 15", 1)
	body = strings.Replace(body, `{"kind":"Person"`, `{ "x" : [ {"y":"\"}"} ] , "kind":"Person"`, 1)
	if resp := convertReview(t, h, []byte(body)); resp.Result.Status != metav1.StatusSuccess || resp.UID != "cut" {
		t.Fatalf("the whole review: %+v\n%s", resp, body)
	}
	for n := range len(body) {
		resp := convertReview(t, h, []byte(body[:n]))
		if resp.Result.Status != metav1.StatusFailure || !strings.HasPrefix(resp.Result.Message, "hubspoke: ") {
			t.Errorf("%q: %+v", body[:n], resp.Result)
		}
	}
}

// TestReviewWhiteSpace: white space is allowed wherever JSON allows it,
// inside empty arrays and objects too.
func TestReviewWhiteSpace(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK, teamGK)
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{
		`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"w","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[ ]}}`,
		`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"w","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + "\n\t\r" + `],"extra":{ }}}`,
	} {
		resp := convertReview(t, h, []byte(body))
		if resp.Result.Status != metav1.StatusSuccess || resp.UID != "w" || len(resp.ConvertedObjects) != 0 {
			t.Errorf("%s: %+v", body, resp)
		}
	}
}

// TestObjectTypeErrors: an object whose top level is not a JSON object with
// both apiVersion and kind is refused naming what is missing.
func TestObjectTypeErrors(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK)
	if err != nil {
		t.Fatal(err)
	}
	review := func(obj string) []byte {
		return []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"t","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + obj + `]}}`)
	}
	for obj, want := range map[string]string{
		`{"kind":"Person","metadata":{}}`:                                      "object 0: it has no apiVersion and kind",
		`{"apiVersion":"crm.hubspoke.test/v1"}`:                                "object 0: it has no apiVersion and kind",
		`{"kind":"Person" "apiVersion":"crm.hubspoke.test/v1"}`:                "object 0: not a JSON object",
		`{"kind":7,"apiVersion":"crm.hubspoke.test/v1"}`:                       "object 0: its kind is not a string",
		`["kind","Person"]`:                                                    "object 0: not a JSON object",
		`{"metadata":{},"kind":"Person","apiVersion":"crm.hubspoke.test/v1",}`: "",
	} {
		msg := failure(t, h, "t", review(obj))
		if want == "" {
			want = "invalid character"
		}
		if !strings.Contains(msg, want) {
			t.Errorf("%s: %q, want %q", obj, msg, want)
		}
	}
}
