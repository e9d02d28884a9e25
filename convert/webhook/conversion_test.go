package webhook_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/convert/webhook"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

// TestHubSpokeHandlerReadsReviews: hubspoke's handler reads the review
// without decoding it whole, so it checks the JSON around the objects
// itself; these reviews are read as encoding/json reads them, or refused
// with a message saying what is wrong (and the uid, when it was read).
func TestHubSpokeHandlerReadsReviews(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK, teamGK)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := json.Marshal(ada("v1", false))
	if err != nil {
		t.Fatal(err)
	}
	review := func(request string) []byte {
		return []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":` + request + `}`)
	}
	for _, c := range []struct {
		name string
		body []byte
		uid  string
		n    int // objects converted; -1: a Failure containing want
		want string
	}{
		{"white space and fields the handler does not read", []byte(" \n{ \"kind\" : \"ConversionReview\" , \"extra\": {\"a\": [1, true, null, \"]}\"]},\n\"apiVersion\":\"apiextensions.k8s.io/v1\", \"request\" : {\"uid\":\"u\",\"desiredAPIVersion\":\"crm.hubspoke.test/v2\",\"objects\":[ " + string(obj) + " , " + string(obj) + " ], \"more\": 1.5e3 } , \"response\": null }\t"), "u", 2, ""},
		{"escapes in the uid", review(`{"uid":"a\"b\u00e9\\","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + string(obj) + `]}`), `a"bé\`, 1, ""},
		{"a key given twice counts with its last value", review(`{"uid":"first","uid":"last","desiredAPIVersion":"crm.hubspoke.test/v9","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + string(obj) + `]}`), "last", 1, ""},
		// As with encoding/json: null leaves a string as it was, and a
		// second request fills in the first.
		{"null after a string", []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","kind":null,"request":{"uid":"u","uid":null,"desiredAPIVersion":"crm.hubspoke.test/v2","desiredAPIVersion":null,"objects":[` + string(obj) + `]}}`), "u", 1, ""},
		{"a request given twice", []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"first","objects":[` + string(obj) + `]},"request":{"desiredAPIVersion":"crm.hubspoke.test/v2"}}`), "first", 1, ""},
		{"no objects", review(`{"uid":"none","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[]}`), "none", 0, ""},
		{"null objects", review(`{"uid":"null","desiredAPIVersion":"crm.hubspoke.test/v2","objects":null}`), "null", 0, ""},
		{"invalid JSON in a field the handler does not read", review(`{"uid":"x","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[],"extra":[tru]}`), "x", -1, "the value of request.extra is not JSON"},
		{"a uid that is not a string", review(`{"uid":7,"desiredAPIVersion":"crm.hubspoke.test/v2","objects":[]}`), "", -1, "request.uid is not a string"},
		{"objects that are not an array", review(`{"uid":"x","desiredAPIVersion":"crm.hubspoke.test/v2","objects":{}}`), "x", -1, "request.objects, which is not an array"},
		{"an object that is not JSON", review(`{"uid":"x","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[{"apiVersion":"crm.hubspoke.test/v1","kind":"Person","spec":{"x":tru}}]}`), "x", -1, "decoding object 0 as crm.hubspoke.test/v1: invalid character"},
		{"a comma after the last object", review(`{"uid":"x","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + string(obj) + `,]}`), "x", -1, "invalid character ']' at offset"},
		{"an empty object between commas", review(`{"uid":"x","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + string(obj) + `,,` + string(obj) + `]}`), "x", -1, "invalid character ',' at offset"},
		// Objects that a later value replaces are checked all the same.
		{"objects that are not JSON, given again", review(`{"uid":"x","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + string(obj) + `,{0}],"objects":[]}`), "x", -1, "object 1 of request.objects, which a later value replaces, is not JSON"},
		{"objects that are not JSON in a request given again", []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"x","objects":[{0}]},"request":null,"request":{"uid":"y","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[]}}`), "", -1, "object 0 of request.objects, which a later value replaces, is not JSON"},
		{"text after the review", append(review(`{"uid":"x","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[]}`), "{}"...), "x", -1, "invalid character '{' at offset"},
		{"a missing comma", review(`{"uid":"x" "desiredAPIVersion":"crm.hubspoke.test/v2"}`), "x", -1, "after the value of uid"},
		{"a review of another version", []byte(`{"apiVersion":"apiextensions.k8s.io/v1beta1","kind":"ConversionReview","request":{"uid":"x","objects":[]}}`), "x", -1, `a "ConversionReview" of "apiextensions.k8s.io/v1beta1", want a ConversionReview of apiextensions.k8s.io/v1`},
	} {
		resp := convertReview(t, h, c.body)
		if string(resp.UID) != c.uid {
			t.Errorf("%s: uid %q, want %q", c.name, resp.UID, c.uid)
		}
		if c.n < 0 {
			if resp.Result.Status != metav1.StatusFailure || !strings.Contains(resp.Result.Message, c.want) || !strings.HasPrefix(resp.Result.Message, "hubspoke: ") {
				t.Errorf("%s: %+v, want a Failure containing %q", c.name, resp.Result, c.want)
			}
			continue
		}
		if resp.Result.Status != metav1.StatusSuccess || len(resp.ConvertedObjects) != c.n {
			t.Errorf("%s: %+v with %d objects, want Success with %d", c.name, resp.Result, len(resp.ConvertedObjects), c.n)
		}
	}
}

// TestHubSpokeHandlerHandsOtherResourcesOn: a review of a resource the
// handler was not built for, that the scheme knows, goes to
// controller-runtime's handler (here with no registered converter, so with
// Team's Hub and Convertible methods); one the scheme does not know is a
// Failure.
func TestHubSpokeHandlerHandsOtherResourcesOn(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK)
	if err != nil {
		t.Fatal(err)
	}
	team := &teamV1{TypeMeta: metav1.TypeMeta{APIVersion: group + "/v1", Kind: "Team"}, ObjectMeta: metav1.ObjectMeta{Name: "analytical"}, Members: 2}
	resp := convertReview(t, h, reviewOf(t, "team", group+"/v2", team))
	if resp.Result.Status != metav1.StatusSuccess || len(resp.ConvertedObjects) != 1 || !strings.Contains(string(resp.ConvertedObjects[0]), `"size":2`) {
		t.Errorf("team: %+v %s", resp.Result, resp.ConvertedObjects)
	}
	// controller-runtime's handler answers, with its own messages.
	if msg := failure(t, h, "team9", reviewOf(t, "team9", group+"/v9", team)); !strings.Contains(msg, `no kind "Team" is registered for version "crm.hubspoke.test/v9"`) {
		t.Errorf("team to v9: %q", msg)
	}
	// A review of Teams with values that are not objects after them is
	// refused here, naming the first, not handed on whole (that handler
	// decodes every value before it converts any).
	body := string(reviewOf(t, "teams", group+"/v2", team))
	body = strings.TrimSuffix(body, "]}}") + strings.Repeat(`,{}`, 1000) + "]}}"
	if msg := failure(t, h, "teams", []byte(body)); msg != "hubspoke: object 1: it has no apiVersion and kind" {
		t.Errorf("teams and {}: %q", msg)
	}
	// One value after the first that is not an object is enough; when that
	// one is the last, the review is handed on, and controller-runtime's
	// handler refuses it with its own message.
	one := strings.TrimSuffix(string(reviewOf(t, "teams", group+"/v2", team)), "]}}")
	if msg := failure(t, h, "teams", []byte(one+`,{},{}]}}`)); msg != "hubspoke: object 1: it has no apiVersion and kind" {
		t.Errorf("a team and two {}: %q", msg)
	}
	if msg := failure(t, h, "teams", []byte(one+`,{}]}}`)); strings.HasPrefix(msg, "hubspoke:") {
		t.Errorf("a team and one {}: %q, want controller-runtime's refusal", msg)
	}
	animal := &teamV1{TypeMeta: metav1.TypeMeta{APIVersion: group + "/v1", Kind: "Animal"}}
	if msg := failure(t, h, "animal", reviewOf(t, "animal", group+"/v2", animal)); !strings.Contains(msg, "hubspoke: object 0 has kind Animal and apiVersion crm.hubspoke.test/v1, which this webhook does not convert (it converts Person.crm.hubspoke.test)") {
		t.Errorf("animal: %q", msg)
	}
}

// TestHubSpokeHandlerFindsTheType: the handler finds an object's
// apiVersion and kind among its top-level keys only, wherever they are,
// and refuses an object that gives them twice.
func TestHubSpokeHandlerFindsTheType(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK)
	if err != nil {
		t.Fatal(err)
	}
	review := func(obj string) []byte {
		return []byte(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"t","desiredAPIVersion":"crm.hubspoke.test/v2","objects":[` + obj + `]}}`)
	}
	last := `{"metadata":{"name":"ada","annotations":{"kind":"Animal","apiVersion":"x/v1"}},"spec":{"fullName":"Ada \"Countess\" Lovelace","tags":["{","]"]},` +
		`"kind":"Person","apiVersion":"crm.hubspoke.test/v1"}`
	resp := convertReview(t, h, review(last))
	if resp.Result.Status != metav1.StatusSuccess || !strings.Contains(string(resp.ConvertedObjects[0]), `"apiVersion":"crm.hubspoke.test/v2"`) {
		t.Errorf("type last: %+v %s", resp.Result, resp.ConvertedObjects)
	}
	escaped := `{"kind":"Per\u0073on","apiVersion":"crm.hubspoke.test\/v1","metadata":{"name":"ada"},"spec":{"fullName":"Ada Lovelace"}}`
	if resp := convertReview(t, h, review(escaped)); resp.Result.Status != metav1.StatusSuccess {
		t.Errorf("escaped type: %+v", resp.Result)
	}
	twice := `{"kind":"Person","apiVersion":"crm.hubspoke.test/v1","kind":"Team","metadata":{"name":"ada"}}`
	if msg := failure(t, h, "t", review(twice)); !strings.Contains(msg, "object 0 names its apiVersion and kind twice") {
		t.Errorf("type twice: %q", msg)
	}
}

// TestDesiredVersionMustBeListed: the conversion webhook converts only to
// and from the versions the CRD lists; a version the chain has but the CRD
// does not (here the storage twin v1storage) is refused, as the API server
// never asks for it nor sends it: an object at an intermediate twin holds
// values no schema of the CRD checked. A version the CRD lists (unserved)
// but the chain does not have is refused the same way.
func TestDesiredVersionMustBeListed(t *testing.T) {
	crd := widgetCRD(t)
	versions := crd.Spec.Versions[:0]
	for _, v := range crd.Spec.Versions {
		if v.Name != "v1storage" {
			versions = append(versions, v)
		}
	}
	// And a version no longer served that the chain has dropped.
	crd.Spec.Versions = append(versions, apiextensionsv1.CustomResourceDefinitionVersion{Name: "v0"})
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{Logger: logr.Discard()}, crd); err != nil {
		t.Fatal(err)
	}
	h := mgr.GetWebhookServer().WebhookMux()
	msg := failure(t, h, "u", reviewOf(t, "u", group+"/v1storage", widgetAt(t, "v1")))
	if want := "desiredAPIVersion crm.hubspoke.test/v1storage is not a version of Widget.crm.hubspoke.test the CRD lists (v1, v2, v2storage)"; !strings.Contains(msg, want) {
		t.Errorf("got %q, want %q", msg, want)
	}
	msg = failure(t, h, "v0", reviewOf(t, "v0", group+"/v0", widgetAt(t, "v1")))
	if want := "desiredAPIVersion crm.hubspoke.test/v0 is not a version of Widget.crm.hubspoke.test the CRD lists (v1, v2, v2storage)"; !strings.Contains(msg, want) {
		t.Errorf("got %q, want %q", msg, want)
	}
	if resp := convertReview(t, h, reviewOf(t, "ok", group+"/v2", widgetAt(t, "v1"))); resp.Result.Status != metav1.StatusSuccess {
		t.Errorf("to v2, which the CRD lists: %+v", resp.Result)
	}
	// The storage version may be unserved: the API server still converts
	// every write to it and every read from it.
	unserved := widgetCRD(t)
	for i := range unserved.Spec.Versions {
		if v := &unserved.Spec.Versions[i]; v.Name == "v2storage" {
			v.Served = false
		}
	}
	mgr, err = manager.New(unusedAPIServer, manager.Options{Scheme: widgetScheme(), Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := webhook.Setup(mgr, webhook.Options{Logger: logr.Discard()}, unserved); err != nil {
		t.Fatal(err)
	}
	stored := mgr.GetWebhookServer().WebhookMux()
	for _, c := range []struct {
		to   string
		from runtime.Object
	}{{"v2storage", widgetAt(t, "v1")}, {"v1", widgetAt(t, "v2storage")}} {
		if resp := convertReview(t, stored, reviewOf(t, "s", group+"/"+c.to, c.from)); resp.Result.Status != metav1.StatusSuccess || len(resp.ConvertedObjects) != 1 {
			t.Errorf("to %s with the storage version unserved: %+v", c.to, resp.Result)
		}
	}
	// The same for the objects: the second is at v1storage.
	msg = failure(t, h, "from", reviewOf(t, "from", group+"/v2", widgetAt(t, "v1"), widgetAt(t, "v1storage")))
	if want := "hubspoke: converting Widget.crm.hubspoke.test: object 1 is at version v1storage, which is not a version of Widget.crm.hubspoke.test the CRD lists (v1, v2, v2storage)"; !strings.Contains(msg, want) {
		t.Errorf("got %q, want %q", msg, want)
	}
}

// TestResponseRoomMadeOnce: the handler writes a review's response into a
// new buffer (the pool had none to give) through room made once for it,
// not into a buffer that doubles as it grows, which allocated about twice
// the response: the buffer ends with the capacity that room gave it. A
// buffer from the pool is used as it is.
func TestResponseRoomMadeOnce(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 300} {
		objs := make([]runtime.Object, n)
		for i := range objs {
			objs[i] = ada("v1", false)
		}
		body := reviewOf(t, "room", group+"/v2", objs...)
		out := new(bytes.Buffer)
		room, err := webhook.ConvertInto(h, out, body)
		if err != nil {
			t.Fatal(err)
		}
		var made bytes.Buffer
		made.Grow(room)
		if out.Cap() != made.Cap() || out.Len() > room {
			t.Errorf("%d objects: a response of %d bytes in a buffer of capacity %d, want the room made once: %d bytes (capacity %d)", n, out.Len(), out.Cap(), room, made.Cap())
		}
		if !bytes.Contains(out.Bytes(), []byte(`"status":"Success"`)) {
			t.Errorf("%d objects: %.300s", n, out)
		}
		pooled := bytes.NewBuffer(make([]byte, 0, 64))
		if _, err := webhook.ConvertInto(h, pooled, body); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pooled.Bytes(), out.Bytes()) {
			t.Errorf("%d objects: a pooled buffer holds another response:\n%.300s\nwant\n%.300s", n, pooled, out)
		}
	}
}

// TestHubSpokeHandlerAnswersJSON: the answer says it is JSON, whether the
// review converts or fails.
func TestHubSpokeHandlerAnswersJSON(t *testing.T) {
	h, err := webhook.NewConversionHandler(newScheme(), webhook.Options{}, personGK, teamGK)
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string][]byte{
		"success": reviewOf(t, "ok", group+"/v2", ada("v1", false)),
		"failure": reviewOf(t, "bad", group+"/v9", ada("v1", false)),
	} {
		if ct := post(h, body).Header().Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q, want application/json", name, ct)
		}
	}
}
