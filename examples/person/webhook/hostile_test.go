package webhook_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// rawReview is a ConversionReview asking for objects, given as JSON text,
// at desired.
func rawReview(uid, desired string, objects ...string) []byte {
	return []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"` + uid +
		`","desiredAPIVersion":"` + desired + `","objects":[` + strings.Join(objects, ",") + `]}}`)
}

// TestHostileReviews sends hubspoke's conversion handler, as Setup serves
// it for the Person CRD, reviews the API server would not send: each is
// answered with a Failure whose message names the object by its index in
// the review and what is wrong with it, or converted whole.
func TestHostileReviews(t *testing.T) {
	h := newManager(t).GetWebhookServer().WebhookMux()
	c := newConverter(t)
	at := func(version, annotation string) string {
		obj, err := c.ToVersion(mickey(), version)
		if err != nil {
			t.Fatal(err)
		}
		if annotation != "" {
			m := obj.(metav1.Object)
			m.SetAnnotations(map[string]string{boundary.Annotation: annotation})
		}
		text, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		return string(text)
	}
	v1 := at("v1", "")
	n := 10000
	if raceEnabled {
		n = 1000
	}
	many := make([]string, n)
	for i := range many {
		many[i] = fmt.Sprintf(`{"apiVersion":"crm.hubspoke.dev/v1","kind":"Person","metadata":{"name":"p%d","namespace":"many"},"spec":{"firstName":"F%d"}}`, i, i)
	}
	const v5 = "crm.hubspoke.dev/v5"
	for _, tc := range []struct {
		name string
		body []byte
		want string // "": Success with every object
	}{
		{"an object at a storage twin the CRD does not list", rawReview("twin", v5, v1, at("v3storage", "")),
			"object 1 is at version v3storage, which is not a version of Person.crm.hubspoke.dev the CRD lists (v1, v2, v3, v4, v5, v5storage, v6alpha1)"},
		{"an object of another group", rawReview("group", v5, v1, strings.Replace(at("v3", ""), "crm.hubspoke.dev/v3", "other.example.com/v3", 1)),
			"object 1 has kind Person and apiVersion other.example.com/v3, not those of Person.crm.hubspoke.dev"},
		{"an object without apiVersion", rawReview("noversion", v5, v1, `{"kind":"Person","metadata":{"name":"x"}}`),
			"object 1: it has no apiVersion and kind"},
		{"metadata that is a number", rawReview("meta", v5, v1, `{"apiVersion":"crm.hubspoke.dev/v1","kind":"Person","metadata":5}`),
			"decoding object 1 as crm.hubspoke.dev/v1: json: cannot unmarshal number into Go struct field Person.metadata of type v1.ObjectMeta"},
		{"metadata that is a list", rawReview("metalist", v5, v1, `{"apiVersion":"crm.hubspoke.dev/v1","kind":"Person","metadata":[]}`),
			"decoding object 1 as crm.hubspoke.dev/v1: json: cannot unmarshal array into Go struct field Person.metadata"},
		{"an object that is a list", rawReview("list", v5, v1, `[]`), "object 1: not a JSON object"},
		{"an object that is null", rawReview("null", v5, v1, `null`), "object 1: not a JSON object"},
		{"a desiredAPIVersion the CRD does not list", rawReview("desired", "crm.hubspoke.dev/v3storage", v1),
			"desiredAPIVersion crm.hubspoke.dev/v3storage is not a version of Person.crm.hubspoke.dev the CRD lists"},
		{"a bags annotation that is not JSON, in the third object", rawReview("bags", v5, v1, v1, at("v1", "{not json")),
			`is not valid: invalid character 'n' looking for beginning of object key string (offset 1) (text "{not json") (object 2 of the review, "disney/mickey")`},
		{"a value of the wrong type in the bags annotation", rawReview("pull", v5, v1, at("v1", `{"spec":{"MailingAddress":42}}`)),
			`converting v3storage.Person to v4storage.Person: spec: propertybag: pull "MailingAddress" into v4storage.MailingAddress: stored value does not decode into that type`},
		{"every served version at once", rawReview("mix", v5, v1, at("v2", ""), at("v3", ""), at("v4", ""), at("v5storage", ""), at("v6alpha1", "")), ""},
		{fmt.Sprintf("%d objects", n), rawReview("many", v5, many...), ""},
	} {
		code, answer := serve(t, h, tc.body)
		if code != http.StatusOK {
			t.Errorf("%s: HTTP %d", tc.name, code)
			continue
		}
		r := answer.Response
		if tc.want == "" {
			if r.Result.Status != metav1.StatusSuccess || len(r.ConvertedObjects) != strings.Count(string(tc.body), `"kind":"Person"`) {
				t.Errorf("%s: %s %q with %d objects, want Success with every object", tc.name, r.Result.Status, r.Result.Message, len(r.ConvertedObjects))
			}
			continue
		}
		if r.Result.Status != metav1.StatusFailure || len(r.ConvertedObjects) != 0 || !strings.HasPrefix(r.Result.Message, "hubspoke: ") || !strings.Contains(r.Result.Message, tc.want) {
			t.Errorf("%s: %s %.500q with %d objects, want a Failure containing %q", tc.name, r.Result.Status, r.Result.Message, len(r.ConvertedObjects), tc.want)
		}
	}
}
