package autoscaling

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	convwebhook "github.com/hubspoke/hubspoke/convert/webhook"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v1storage"
	v2 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	"github.com/hubspoke/hubspoke/propertybag"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/yaml"
)

var hpaGK = schema.GroupKind{Group: samples.Group, Kind: "HorizontalPodAutoscaler"}

func hpaScheme(t testing.TB) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		v1.AddToScheme, v1storage.AddToScheme, v2beta1.AddToScheme, v2beta1storage.AddToScheme,
		v2beta2.AddToScheme, v2beta2storage.AddToScheme, v2.AddToScheme, v2storage.AddToScheme,
	} {
		if err := add(s); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// hpaWebhook returns the conversion webhook Setup serves for the
// HorizontalPodAutoscaler CRD of the example, on a manager that is built
// but never started.
func hpaWebhook(t testing.TB, scheme *runtime.Scheme) http.Handler {
	t.Helper()
	text, err := os.ReadFile("crd/autoscaling.hubspoke.dev_horizontalpodautoscalers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crd := &apix.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(text, crd); err != nil {
		t.Fatal(err)
	}
	mgr, err := manager.New(&rest.Config{Host: "https://127.0.0.1:1"}, manager.Options{Scheme: scheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := convwebhook.Setup(mgr, convwebhook.Options{}, crd); err != nil {
		t.Fatal(err)
	}
	return mgr.GetWebhookServer().WebhookMux()
}

// TestHostileBags: what a client may write in the bags annotation of a
// HorizontalPodAutoscaler at an API version (anyone who may edit the object
// may edit its annotations). Each either fails the conversion to the hub
// with an error naming what is wrong (the annotation, the property, the Go
// type, the step), leaving the object and the hub it was to fill as they
// were, through the generated ConvertTo and through the conversion webhook
// (a Failure naming the object); or it is kept where the client put it.
// Nothing panics. The CheckoutV2 sample carries, at v1 and v2beta1, its
// behaviour in the annotation under spec's "Behavior", with int32 fields
// (policies[].value).
func TestHostileBags(t *testing.T) {
	scheme := hpaScheme(t)
	c, err := convert.NewConverter(scheme, hpaGK)
	if err != nil {
		t.Fatal(err)
	}
	wh := hpaWebhook(t, scheme)
	policy := func(value string) string {
		return `{"spec":{"Behavior":{"scaleUp":{"policies":[{"type":"Pods","value":` + value + `,"periodSeconds":15}]}}}}`
	}
	// A Behavior that does not read as the hub's type names the property,
	// the type and the step that pulls it.
	behavior := []string{`pull "Behavior" into v2beta2storage.HorizontalPodAutoscalerBehavior`, "converting v2beta1storage.HorizontalPodAutoscaler to v2beta2storage.HorizontalPodAutoscaler"}
	annotation := []string{"the " + boundary.Annotation + " annotation) is not valid"}
	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	for _, tc := range []struct {
		name       string
		text       string
		versions   []string // where the case applies; nil: v1 and v2beta1
		want       []string // substrings of the error; nil: accepted and kept
		keptAtSpec string   // accepted: the value of spec's bag the hub keeps, by name
		inMemory   bool     // JSON cannot carry it to the webhook
	}{
		{name: "a string for an int32", text: policy(`"four"`), want: append(behavior, "cannot unmarshal string", "value of type int32")},
		{name: "a number over int32", text: policy(`99999999999`), want: append(behavior, "cannot unmarshal number 99999999999", "value of type int32")},
		{name: "1e400", text: policy(`1e400`), want: append(behavior, "cannot unmarshal number 1e400")},
		{name: "a fraction for an int32", text: policy(`4.5`), want: append(behavior, "cannot unmarshal number 4.5")},
		{name: "NaN, unquoted", text: policy(`NaN`), want: append(annotation, `value "Behavior" of bag "spec"`, "invalid character 'N'")},
		{name: "NaN, quoted", text: policy(`"NaN"`), want: append(behavior, "cannot unmarshal string")},
		{name: "a list for an object", text: `{"spec":{"Behavior":[1,2]}}`, want: append(behavior, "cannot unmarshal array")},
		{name: "an object for a list", text: `{"spec":{"Metrics":{"a":1}}}`, versions: []string{"v1"},
			want: []string{`pull "Metrics" into []v2beta1storage.MetricSpec`, "cannot unmarshal object"}},
		{name: "a property given twice", text: `{"spec":{"Behavior":{},"Behavior":{}}}`, want: append(annotation, `value "Behavior" of bag "spec" appears twice`)},
		{name: "a bag given twice", text: `{"spec":{"A":1},"spec":{"B":2}}`, want: append(annotation, `bag "spec" appears twice`)},
		{name: "10,000 levels of nesting", text: `{"spec":{"Behavior":` + deep + `}}`, want: append(annotation, "exceeded max depth of 10000")},
		// In a review, JSON has replaced the byte with U+FFFD already.
		{name: "invalid UTF-8", text: "{\"spec\":{\"Behavior\":\"\xff\"}}", want: append(annotation, "invalid UTF-8 at offset 21"), inMemory: true},
		{name: "256 KiB of text for an object (more than the API server lets annotations hold)", text: `{"spec":{"Behavior":"` + strings.Repeat("x", 256<<10) + `"}}`, want: append(behavior, "cannot unmarshal string")},
		{name: "$twin naming no property", text: `{"spec":{"$twin":{"nosuch":null}}}`, want: []string{`bag "spec": $twin names "nosuch"`}},
		{name: "$twin naming a property with a wrong type", text: `{"spec":{"$twin":{"minReplicas":"x"}}}`, want: []string{`bag "spec": $twin names "minReplicas"`}},
		{name: "$twin that is not an object", text: `{"spec":{"$twin":5}}`, want: []string{`bag "spec": $twin is not a JSON object of property values: "5"`}},
		{name: "not JSON", text: `hello`, want: append(annotation, "the text is not a JSON object")},
		{name: "empty", text: ``, want: append(annotation, "unexpected end of JSON input")},
		{name: "null", text: `null`, want: append(annotation, "the text is not a JSON object")},
		{name: "a bag that is not an object", text: `{"spec":5}`, want: append(annotation, `bag "spec" is not a JSON object`)},
		{name: "a status bag", text: `{"status":{"Conditions":[]}}`, versions: []string{"v1", "v2beta1", "v2beta2", "v2"},
			want: []string{`annotation hubspoke.dev/property-bags names the status bag "status"`}},
		// Kept: a property no version has travels in the hub's bag.
		{name: "a property no version has", text: `{"spec":{"Bogus":1}}`, versions: []string{"v1", "v2beta1", "v2beta2", "v2"}, keptAtSpec: "Bogus"},
	} {
		versions := tc.versions
		if versions == nil {
			versions = []string{"v1", "v2beta1"}
		}
		for _, version := range versions {
			obj, err := c.ToVersion(samples.CheckoutV2(), version)
			if err != nil {
				t.Fatal(err)
			}
			meta := obj.(metav1.Object)
			annotations := map[string]string{boundary.Annotation: tc.text}
			for k, v := range meta.GetAnnotations() {
				if k != boundary.Annotation {
					annotations[k] = v
				}
			}
			meta.SetAnnotations(annotations)
			before := obj.DeepCopyObject()
			h, err := c.ToVersion(samples.CheckoutV2(), "v2storage")
			if err != nil {
				t.Fatal(err)
			}
			hub := h.(*v2storage.HorizontalPodAutoscaler)
			hubBefore := hub.DeepCopy()
			err = obj.(conversion.Convertible).ConvertTo(hub)
			if d := cmp.Diff(before, obj); d != "" {
				t.Errorf("%s at %s: ConvertTo changed its source (-before +after):\n%s", tc.name, version, d)
			}
			if tc.want == nil {
				if err != nil {
					t.Errorf("%s at %s: %v, want it accepted", tc.name, version, err)
					continue
				}
				kept := hub.Spec.PropertyBag[tc.keptAtSpec]
				if kept != "1" {
					t.Errorf("%s at %s: the hub's spec bag holds %q under %s, want the client's value", tc.name, version, kept, tc.keptAtSpec)
				}
				continue
			}
			if err == nil {
				t.Errorf("%s at %s: accepted, want an error", tc.name, version)
				continue
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%s at %s: error %.600q lacks %q", tc.name, version, err, w)
				}
			}
			if d := cmp.Diff(hubBefore, hub); d != "" {
				t.Errorf("%s at %s: the failed ConvertTo wrote to the hub (-before +after):\n%.2000s", tc.name, version, d)
			}
			if tc.inMemory {
				continue
			}
			// The webhook, with the object second in the review.
			msg := reviewFailure(t, wh, samples.Group+"/v2storage", samples.CheckoutV2(), obj)
			for _, w := range append(tc.want, "hubspoke: converting HorizontalPodAutoscaler.autoscaling.hubspoke.dev from "+version+" to v2storage", `(object 1 of the review, "shop/checkout")`) {
				if !strings.Contains(msg, w) {
					t.Errorf("%s at %s: the webhook's message %.600q lacks %q", tc.name, version, msg, w)
				}
			}
		}
	}
}

// reviewFailure sends wh a ConversionReview of objs asking for desired, and
// returns the message of the Failure it must answer with.
func reviewFailure(t *testing.T, wh http.Handler, desired string, objs ...runtime.Object) string {
	t.Helper()
	req := &apix.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "ConversionReview"},
		Request:  &apix.ConversionRequest{UID: "hostile", DesiredAPIVersion: desired},
	}
	for _, obj := range objs {
		raw, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		req.Request.Objects = append(req.Request.Objects, runtime.RawExtension{Raw: raw})
	}
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	wh.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body)))
	var answer apix.ConversionReview
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &answer) != nil || answer.Response == nil {
		t.Fatalf("HTTP %d: %.300s", rec.Code, rec.Body.String())
	}
	r := answer.Response
	if r.UID != "hostile" || r.Result.Status != metav1.StatusFailure || len(r.ConvertedObjects) != 0 {
		t.Errorf("answer uid %q, %s with %d objects; want a Failure", r.UID, r.Result.Status, len(r.ConvertedObjects))
	}
	return r.Result.Message
}

// TestHostileStatusBags: what a writer of the status subresource may put in
// the status bags of a HorizontalPodAutoscaler at v1 (status.$propertyBags,
// which carries v2's conditions and current metrics). Each fails the
// conversion to the hub with an error naming the bag and the property,
// leaving the object and the hub as they were, through ConvertTo and the
// webhook.
func TestHostileStatusBags(t *testing.T) {
	scheme := hpaScheme(t)
	c, err := convert.NewConverter(scheme, hpaGK)
	if err != nil {
		t.Fatal(err)
	}
	wh := hpaWebhook(t, scheme)
	for _, tc := range []struct {
		name string
		bags propertybag.Bags
		want []string
	}{
		{"a bag outside status", propertybag.Bags{"spec": {"Behavior": "{}"}},
			[]string{`status field $propertyBags holds the bag "spec", which lies outside status`}},
		{"an object for a list", propertybag.Bags{"status": {"Conditions": `{"type":"ScalingActive"}`}},
			[]string{`pull "Conditions" into []v2beta1storage.HorizontalPodAutoscalerCondition`, "cannot unmarshal object"}},
		{"a time that is not one", propertybag.Bags{"status": {"Conditions": `[{"type":"ScalingActive","status":"True","lastTransitionTime":"yesterday"}]`}},
			[]string{`pull "Conditions"`, `parsing time "yesterday"`}},
		{"text that is not JSON", propertybag.Bags{"status": {"CurrentMetrics": `[{"type":`}},
			[]string{`pull "CurrentMetrics" into []v2beta1storage.MetricStatus`, "unexpected end of JSON input"}},
		{"a $twin entry that is not an object", propertybag.Bags{"status": {"$twin": `[]`}},
			[]string{`bag "status": $twin is not a JSON object of property values`}},
	} {
		obj, err := c.ToVersion(samples.CheckoutV2(), "v1")
		if err != nil {
			t.Fatal(err)
		}
		p := obj.(*v1.HorizontalPodAutoscaler)
		p.Status.PropertyBags = tc.bags
		before := p.DeepCopy()
		h, err := c.ToVersion(samples.CheckoutV2(), "v2storage")
		if err != nil {
			t.Fatal(err)
		}
		hub := h.(*v2storage.HorizontalPodAutoscaler)
		hubBefore := hub.DeepCopy()
		err = p.ConvertTo(hub)
		if err == nil {
			t.Errorf("%s: accepted, want an error", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %.600q lacks %q", tc.name, err, w)
			}
		}
		if d := cmp.Diff(before, p); d != "" {
			t.Errorf("%s: ConvertTo changed its source (-before +after):\n%s", tc.name, d)
		}
		if d := cmp.Diff(hubBefore, hub); d != "" {
			t.Errorf("%s: the failed ConvertTo wrote to the hub (-before +after):\n%.2000s", tc.name, d)
		}
		msg := reviewFailure(t, wh, samples.Group+"/v2", p)
		for _, w := range append(tc.want, `(object 0 of the review, "shop/checkout")`) {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: the webhook's message %.600q lacks %q", tc.name, msg, w)
			}
		}
	}
}
