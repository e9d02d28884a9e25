//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

// testHostileReviews sends ConversionReviews the API server would never
// send straight to the webhook server, over HTTPS on 127.0.0.1 with the CA
// envtest generated. Each must be answered with HTTP 400 or with a review
// whose result is a Failure with a message, never with a crash; after each
// one a valid review must still be converted.
//
// hubspoke's handler answers every one of them that it cannot convert with
// a Failure whose message names the problem.
func testHostileReviews(t *testing.T) {
	ctx := withTimeout(t, 2*time.Minute)
	wh := newWebhookClient(t)
	const mb = 1 << 20

	mickeyAt := func(version string) json.RawMessage {
		return rawJSON(t, at(t, mickeyV5(), version, "disney", "mickey"))
	}
	convertedBy := "hubspoke: converting Person.crm.hubspoke.dev from v1 to v5"
	badBags := at(t, mickeyV1(), "v1", "disney", "bad-bags")
	badBags.SetAnnotations(map[string]string{boundary.Annotation: "{not json"})
	deepBags := at(t, mickeyV1(), "v1", "disney", "deep-bags")
	deepBags.SetAnnotations(map[string]string{boundary.Annotation: `{"spec":{"x":` + strings.Repeat("[", 3*mb/2) + strings.Repeat("]", 3*mb/2) + `}}`})
	hugeOf := func(n int) *v1.Person {
		p := mickeyV1()
		p.Spec.FirstName = strings.Repeat("M", n)
		return p
	}
	hugeName := strings.Repeat("M", 5*mb)
	huge := hugeOf(5 * mb)
	admissionReview := []byte(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"admission","kind":{"group":"crm.hubspoke.dev","version":"v1","kind":"Person"},"operation":"CREATE","object":` + string(mickeyAt("v1")) + `}}`)
	deep := `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"deep","desiredAPIVersion":"crm.hubspoke.dev/v3","objects":[{"apiVersion":"crm.hubspoke.dev/v1","kind":"Person","metadata":{"name":"deep"},"spec":{"firstName":` +
		strings.Repeat("[", 5*mb/2) + strings.Repeat("]", 5*mb/2) + `}}]}}`
	many := make([]json.RawMessage, 20000)
	for i := range many {
		many[i] = json.RawMessage(fmt.Sprintf(`{"apiVersion":"crm.hubspoke.dev/v1","kind":"Person","metadata":{"name":"p%d","namespace":"many"},"spec":{"firstName":"F%d","lastName":"L"}}`, i, i))
	}

	type expect int
	const (
		failure expect = iota // HTTP 200, result Failure with a message containing want
		success               // HTTP 200, result Success; check looks at the answer
	)
	cases := []struct {
		name   string
		method string
		body   []byte
		expect expect
		want   []string
		check  func(*testing.T, *apix.ConversionResponse)
	}{
		{name: "invalid JSON", body: []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{`), expect: failure, want: []string{"hubspoke", "not a ConversionReview", "unexpected end"}},
		{name: "empty body", body: nil, expect: failure, want: []string{"hubspoke", "empty"}},
		{name: "GET without a body", method: http.MethodGet, expect: failure, want: []string{"hubspoke", "empty"}},
		{name: "missing request", body: []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`), expect: failure, want: []string{"hubspoke", "no request"}},
		{name: "null request", body: []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":null}`), expect: failure, want: []string{"hubspoke", "no request"}},
		{name: "5 MB of garbage", body: bytes.Repeat([]byte("\x00\xffnot json at all "), 5*mb/16), expect: failure, want: []string{"hubspoke", "not a ConversionReview", "invalid character"}},
		{name: "5 MB of nesting", body: []byte(deep), expect: failure, want: []string{"hubspoke", "max depth"}},
		{name: "a review larger than MaxReviewBytes", body: reviewBody(t, "toolarge", "crm.hubspoke.dev/v3", rawJSON(t, hugeOf(65*mb))), expect: failure, want: []string{"hubspoke", "MaxReviewBytes"}},
		{name: "wrong kind of object", body: reviewBody(t, "kind", "crm.hubspoke.dev/v3", json.RawMessage(`{"apiVersion":"crm.hubspoke.dev/v1","kind":"Animal","metadata":{"name":"pluto"}}`)), expect: failure, want: []string{"Animal"}},
		{name: "object at an unknown version", body: reviewBody(t, "objv", "crm.hubspoke.dev/v3", json.RawMessage(`{"apiVersion":"crm.hubspoke.dev/v9","kind":"Person","metadata":{"name":"future"}}`)), expect: failure, want: []string{"v9"}},
		{name: "unknown desired version", body: reviewBody(t, "desv", "crm.hubspoke.dev/v9", mickeyAt("v1")), expect: failure, want: []string{"v9"}},
		{name: "desired version of another group", body: reviewBody(t, "desg", "other.example.com/v1", mickeyAt("v1")), expect: failure, want: []string{"other.example.com"}},
		{name: "object of another group", body: reviewBody(t, "objg", "crm.hubspoke.dev/v3", json.RawMessage(`{"apiVersion":"other.example.com/v1","kind":"Person","metadata":{"name":"stranger"}}`)), expect: failure, want: []string{"other.example.com"}},
		{name: "a Deployment among Persons", body: reviewBody(t, "deploy", "crm.hubspoke.dev/v3", mickeyAt("v1"), json.RawMessage(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"}}`)), expect: failure, want: []string{"Deployment"}},
		{name: "object without apiVersion and kind", body: reviewBody(t, "notype", "crm.hubspoke.dev/v3", json.RawMessage(`{"metadata":{"name":"anon"},"spec":{"firstName":"A"}}`)), expect: failure, want: []string{"kind"}},
		{name: "object already at the desired version", body: reviewBody(t, "same", "crm.hubspoke.dev/v5", mickeyAt("v5")), expect: failure, want: []string{"same"}},
		{name: "field of the wrong type", body: reviewBody(t, "type", "crm.hubspoke.dev/v3", json.RawMessage(`{"apiVersion":"crm.hubspoke.dev/v1","kind":"Person","metadata":{"name":"num"},"spec":{"firstName":42}}`)), expect: failure, want: []string{"firstName"}},
		{name: "malformed property-bags annotation", body: reviewBody(t, "bags", "crm.hubspoke.dev/v5", rawJSON(t, badBags)), expect: failure, want: []string{boundary.Annotation, convertedBy}},
		{name: "3 MB of nesting in the property-bags annotation", body: reviewBody(t, "deepbags", "crm.hubspoke.dev/v5", rawJSON(t, deepBags)), expect: failure, want: []string{boundary.Annotation, "max depth"}},
		{name: "5 MB object", body: reviewBody(t, "huge", "crm.hubspoke.dev/v3", rawJSON(t, huge)), expect: success,
			check: func(t *testing.T, r *apix.ConversionResponse) {
				var p struct {
					Spec struct{ FullName string } `json:"spec"`
				}
				if len(r.ConvertedObjects) != 1 || json.Unmarshal(r.ConvertedObjects[0].Raw, &p) != nil || p.Spec.FullName != hugeName+" Mouse" {
					t.Errorf("the 5 MB first name did not come through whole (full name of %d bytes)", len(p.Spec.FullName))
				}
			}},
		{name: "20000 objects", body: reviewBody(t, "many", "crm.hubspoke.dev/v5storage", many...), expect: success,
			check: func(t *testing.T, r *apix.ConversionResponse) {
				if len(r.ConvertedObjects) != len(many) {
					t.Errorf("%d objects converted, want %d", len(r.ConvertedObjects), len(many))
				}
			}},
		{name: "missing UID", body: reviewBody(t, "", "crm.hubspoke.dev/v1", mickeyAt("v5")), expect: success,
			check: func(t *testing.T, r *apix.ConversionResponse) {
				if r.UID != "" || len(r.ConvertedObjects) != 1 {
					t.Errorf("answer uid %q with %d objects, want no uid and 1 object", r.UID, len(r.ConvertedObjects))
				}
			}},
		{name: "AdmissionReview instead of ConversionReview", body: admissionReview, expect: failure,
			want: []string{"hubspoke", `"AdmissionReview" of "admission.k8s.io/v1"`, "want a ConversionReview"}},
	}

	for _, c := range cases {
		method := c.method
		if method == "" {
			method = http.MethodPost
		}
		start := time.Now()
		code, text, err := wh.do(ctx, method, c.body)
		if err != nil {
			t.Fatalf("%s: %v (did the webhook server crash?)", c.name, err)
		}
		elapsed := time.Since(start).Round(time.Millisecond)
		switch c.expect {
		case failure, success:
			r, err := decodeReview(code, text)
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				break
			}
			if c.expect == failure {
				if r.Result.Status != metav1.StatusFailure || !containsAll(r.Result.Message, c.want) || len(r.ConvertedObjects) != 0 {
					t.Errorf("%s: result %s %q with %d objects, want a Failure whose message contains %q", c.name, r.Result.Status, r.Result.Message, len(r.ConvertedObjects), c.want)
				} else {
					t.Logf("%-45s Failure %q in %s", c.name, truncate([]byte(r.Result.Message), 110), elapsed)
				}
				break
			}
			if r.Result.Status != metav1.StatusSuccess {
				t.Errorf("%s: result %s %q, want Success", c.name, r.Result.Status, r.Result.Message)
				break
			}
			c.check(t, r)
			t.Logf("%-45s Success, %d objects, in %s", c.name, len(r.ConvertedObjects), elapsed)
		}
		wh.checkStillServing(ctx, t, c.name)
	}

	// Reviews with distinct UIDs, valid and not, from 8 clients at once:
	// every answer carries the UID of its own request.
	var wg sync.WaitGroup
	errs := make(chan error, 8*25)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 25 {
				uid := fmt.Sprintf("client-%d-review-%d", g, i)
				desired := "crm.hubspoke.dev/v3"
				if i%3 == 0 {
					desired = "crm.hubspoke.dev/v9" // fails
				}
				code, text, err := wh.do(ctx, http.MethodPost, reviewBody(t, uid, desired, mickeyAt("v1")))
				if err == nil {
					var r *apix.ConversionResponse
					if r, err = decodeReview(code, text); err == nil && string(r.UID) != uid {
						err = fmt.Errorf("review %s answered with uid %q", uid, r.UID)
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	wh.checkStillServing(ctx, t, "200 concurrent reviews")
	if err := probeOnce(ctx, t); err != nil {
		t.Errorf("after the hostile reviews the API server does not convert through the webhook: %v", err)
	}
}

// webhookClient talks HTTPS to the webhook server, trusting only the
// certificate envtest generated for it.
type webhookClient struct {
	url    string
	client *http.Client
}

func newWebhookClient(t *testing.T) *webhookClient {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(env.testEnv.WebhookInstallOptions.LocalServingCAData) {
		t.Fatal("envtest's webhook CA data holds no certificate")
	}
	transport := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}
	t.Cleanup(transport.CloseIdleConnections)
	return &webhookClient{
		url:    fmt.Sprintf("https://%s/convert", webhookHostPort()),
		client: &http.Client{Transport: transport, Timeout: time.Minute},
	}
}

func (w *webhookClient) do(ctx context.Context, method string, body []byte) (int, []byte, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, w.url, r)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := w.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(resp.Body)
	return resp.StatusCode, text, err
}

// checkStillServing sends a valid review (Mickey at v5, asked for at v1)
// and checks the answer against the in-process conversion.
func (w *webhookClient) checkStillServing(ctx context.Context, t *testing.T, after string) {
	t.Helper()
	src := at(t, mickeyV5(), "v5", "disney", "mickey")
	code, text, err := w.do(ctx, http.MethodPost, reviewBody(t, "valid", "crm.hubspoke.dev/v1", rawJSON(t, src)))
	if err != nil {
		t.Fatalf("after %s: a valid review: %v", after, err)
	}
	r, err := decodeReview(code, text)
	if err != nil || r.Result.Status != metav1.StatusSuccess || r.UID != "valid" || len(r.ConvertedObjects) != 1 {
		t.Fatalf("after %s: a valid review was answered with %v %+v", after, err, r)
	}
	var got map[string]any
	if err := json.Unmarshal(r.ConvertedObjects[0].Raw, &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(view(t, convertTo(t, src, "v1")), view(t, got)); diff != "" {
		t.Fatalf("after %s: a valid review converted wrongly (-in-process +webhook):\n%s", after, diff)
	}
}

func decodeReview(code int, text []byte) (*apix.ConversionResponse, error) {
	if code != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d: %.300s", code, text)
	}
	var review apix.ConversionReview
	if err := json.Unmarshal(text, &review); err != nil {
		return nil, fmt.Errorf("the answer is not a ConversionReview: %v: %.300s", err, text)
	}
	if review.Response == nil {
		return nil, fmt.Errorf("the answer has no response: %.300s", text)
	}
	return review.Response, nil
}

// reviewBody is a ConversionReview asking for objs at desired.
func reviewBody(t testing.TB, uid, desired string, objs ...json.RawMessage) []byte {
	t.Helper()
	review := apix.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "ConversionReview"},
		Request:  &apix.ConversionRequest{UID: types.UID(uid), DesiredAPIVersion: desired},
	}
	for _, obj := range objs {
		review.Request.Objects = append(review.Request.Objects, runtime.RawExtension{Raw: obj})
	}
	body, err := json.Marshal(review)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func rawJSON(t testing.TB, obj any) json.RawMessage {
	t.Helper()
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// containsAll reports whether s contains every one of subs, ignoring case.
func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(strings.ToLower(s), strings.ToLower(sub)) {
			return false
		}
	}
	return true
}

func truncate(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "…"
}
