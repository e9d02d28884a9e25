package webhook_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
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

// TestHostileReviewShapes: reviews shaped as no API server sends them
// (objects that are not objects, a great many empty objects, junk nested
// far deeper than encoding/json's limit of 10,000 where the handler skips
// it, or in an object) are answered with a Failure naming what is wrong,
// quickly and without a panic or a stack overflow. The limit holds for
// each member the handler skips, and each object, on its own: encoding/json
// would refuse the two reviews here whose junk is within the limit, but
// not with the review around it (the API server embeds an object three
// deep, so it may send an object nested 9,998 deep).
func TestHostileReviewShapes(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := json.Marshal(ada("v1", false))
	if err != nil {
		t.Fatal(err)
	}
	person := string(obj)
	review := func(extra string, objects ...string) []byte {
		return []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview",` + extra + `"request":{"uid":"h","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + strings.Join(objects, ",") + `]}}`)
	}
	nested := func(n int) string { return strings.Repeat(`[`, n) + strings.Repeat(`]`, n) }
	const many = 20000
	empties := strings.TrimSuffix(strings.Repeat(`{},`, many), ",")
	// An object's unknown member, before its type, nested as deep as deep.
	deepObject := func(deep string) string {
		return `{"junk":` + deep + `,` + person[1:]
	}
	for _, c := range []struct {
		name string
		body []byte
		want string // "": Success with every Person, though encoding/json refuses the review
	}{
		{"a number for an object", review("", `7`), "hubspoke: object 0: not a JSON object"},
		{"a string for an object", review("", `"Person"`), "hubspoke: object 0: not a JSON object"},
		{"true for an object", review("", `true`), "hubspoke: object 0: not a JSON object"},
		{"a string after a Person", review("", person, `"{}"`), "object 1: not a JSON object"},
		{fmt.Sprint(many, " empty objects"), review("", empties), "hubspoke: object 0: it has no apiVersion and kind"},
		{fmt.Sprint("a Person and ", many, " empty objects"), review("", person, empties), "object 1: it has no apiVersion and kind"},
		{"junk 10,000 deep in a member the handler skips", review(`"junk":`+nested(10000)+`,`, person), ""}, // the review: 10,001
		{"junk 10,001 deep in a member the handler skips", review(`"junk":`+nested(10001)+`,`, person), "hubspoke: the request body is not a ConversionReview: the value of junk is not JSON"},
		{"junk 100,000 deep in a member the handler skips", review(`"junk":`+nested(100000)+`,`, person), "the value of junk is not JSON"},
		{"unclosed junk 100,000 deep", review(`"junk":` + strings.Repeat(`[`, 100000)), "the value of junk is not JSON"},
		{"junk 9,998 deep in an object", review("", deepObject(nested(9998))), ""}, // the review: 10,002
		{"junk 100,000 deep in an object", review("", deepObject(nested(100000))), "decoding object 0 as crm.hubspoke.test/v1: invalid character '[' exceeded max depth"},
		{"unclosed junk 100,000 deep in an object", review("", `{"junk":`+strings.Repeat(`{"a":`, 100000)), "unexpected end of JSON input"},
	} {
		resp := convertReview(t, h, c.body)
		if c.want == "" {
			if json.Valid(c.body) {
				t.Errorf("%s: encoding/json reads the review", c.name)
			}
			if resp.Result.Status != metav1.StatusSuccess || len(resp.ConvertedObjects) != strings.Count(string(c.body), `"kind":"Person"`) {
				t.Errorf("%s: %+v with %d objects, want Success with every Person", c.name, resp.Result, len(resp.ConvertedObjects))
			}
			continue
		}
		if resp.Result.Status != metav1.StatusFailure || len(resp.ConvertedObjects) != 0 || !strings.Contains(resp.Result.Message, c.want) {
			t.Errorf("%s: %s %.300q with %d objects, want a Failure containing %q", c.name, resp.Result.Status, resp.Result.Message, len(resp.ConvertedObjects), c.want)
		}
	}
}

// TestEmptyRequests: a request without a body (as a caller of ServeHTTP
// may make one; a server's requests always have one) and a body of white
// space alone are answered with a Failure saying so.
func TestEmptyRequests(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK, teamGK)
	if err != nil {
		t.Fatal(err)
	}
	if msg := failure(t, h, "", []byte(" \n\t ")); !strings.Contains(msg, "hubspoke: the request body is empty, want a ConversionReview") {
		t.Errorf("white space: %q", msg)
	}
	req := httptest.NewRequest(http.MethodPost, "/convert", nil)
	req.Body = nil
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"status":"Failure","message":"hubspoke: the request has no body, want a ConversionReview"`) {
		t.Errorf("no body: HTTP %d %s", rec.Code, rec.Body)
	}
}
