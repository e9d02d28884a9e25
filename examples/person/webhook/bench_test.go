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
	"time"

	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// The benchmarks send one ConversionReview of reviewSize objects through
// controller-runtime's conversion handler, in-process, and compare the
// Person conversion with an identity conversion that does the same JSON
// work: the handler decodes the same objects (v5storage Persons, relabelled
// with another group), allocates a destination of the same type for each,
// the converter deep-copies into it, and the handler encodes the result.
//
//	go -C examples test -run '^$' -bench ConversionReview -benchmem ./person/webhook/

const reviewSize = 1000

// identityGroup holds v5storage.Person under two versions, v5storage and
// copy, whose converter only copies.
const identityGroup = "identity.hubspoke.dev"

type identityConverter struct{}

func (identityConverter) ConvertObject(_ context.Context, src, dst runtime.Object) error {
	gvk := dst.GetObjectKind().GroupVersionKind()
	src.(*v5storage.Person).DeepCopyInto(dst.(*v5storage.Person))
	dst.GetObjectKind().SetGroupVersionKind(gvk)
	return nil
}

func identityHandler(b *testing.B) http.Handler {
	scheme := runtime.NewScheme()
	for _, v := range []string{"v5storage", "copy"} {
		gv := schema.GroupVersion{Group: identityGroup, Version: v}
		scheme.AddKnownTypeWithName(gv.WithKind("Person"), &v5storage.Person{})
		scheme.AddKnownTypeWithName(gv.WithKind("PersonList"), &v5storage.PersonList{})
		metav1.AddToGroupVersion(scheme, gv)
	}
	registry := conversion.NewRegistry()
	if err := registry.RegisterConverter(schema.GroupKind{Group: identityGroup, Kind: "Person"}, identityConverter{}); err != nil {
		b.Fatal(err)
	}
	return conversion.NewWebhookHandler(scheme, registry)
}

// people returns n varied people at v5; some lack an address or a date.
func people(n int) []*v5.Person {
	out := make([]*v5.Person, n)
	for i := range out {
		p := mickey()
		p.Name = fmt.Sprintf("person-%04d", i)
		p.Spec.Id = fmt.Sprintf("id-%04d", i)
		p.Spec.FullName = fmt.Sprintf("Given%d Middle%d Family%d", i, i%7, i%13)
		p.Spec.FamilyName = fmt.Sprintf("Family%d", i%13)
		p.Spec.KnownAs = fmt.Sprintf("Given%d", i)
		p.Spec.SortKey = p.Spec.FamilyName + ", " + p.Spec.KnownAs
		p.Spec.BirthDate = &v5.Date{Year: 1900 + i%120, Month: 1 + i%12, Day: 1 + i%28}
		if i%5 == 0 {
			p.Spec.MailingAddress = nil
		}
		if i%7 == 0 {
			p.Spec.ResidentialAddress = nil
		}
		out[i] = p
	}
	return out
}

// reviewOf returns the review asking for objs at desired, with every
// object's apiVersion group replaced by group when group is not "".
func reviewOf(b *testing.B, desired, group string, objs []runtime.Object) []byte {
	body := review(b, "bench", desired, objs...)
	if group != "" {
		body = []byte(strings.ReplaceAll(string(body), `"apiVersion":"crm.hubspoke.dev/`, `"apiVersion":"`+group+`/`))
	}
	return body
}

// served returns p as the API server keeps it in etcd and sends it to the
// webhook: with a uid, resource version, generation, creation timestamp and
// the managed fields the API server records for the client that created it
// (every field of the object, in the FieldsV1 format).
func served(p *v5.Person, i int) *v5.Person {
	created := metav1.NewTime(time.Date(2026, 11, 22, 3, 4, 5, 0, time.UTC))
	p.UID = types.UID(fmt.Sprintf("6c1e0d6a-3b8f-4f5e-9a41-%012d", i))
	p.ResourceVersion = fmt.Sprint(100000 + i)
	p.Generation = 1
	p.CreationTimestamp = created
	raw, err := json.Marshal(p)
	if err != nil {
		panic(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		panic(err)
	}
	owned := map[string]any{"f:spec": fieldSet(fields["spec"])}
	if labels, ok := fields["metadata"].(map[string]any)["labels"]; ok {
		owned["f:metadata"] = map[string]any{"f:labels": fieldSet(labels)}
	}
	set, err := json.Marshal(owned)
	if err != nil {
		panic(err)
	}
	p.ManagedFields = []metav1.ManagedFieldsEntry{{
		Manager: "kubectl-create", Operation: metav1.ManagedFieldsOperationUpdate,
		APIVersion: "crm.hubspoke.dev/v5", Time: &created, FieldsType: "FieldsV1",
		FieldsV1: &metav1.FieldsV1{Raw: set},
	}}
	return p
}

// fieldSet is the FieldsV1 set of every field in v (a decoded JSON value).
func fieldSet(v any) map[string]any {
	set := map[string]any{}
	if m, ok := v.(map[string]any); ok {
		set["."] = map[string]any{}
		for k, child := range m {
			set["f:"+k] = fieldSet(child)
			if _, ok := child.(map[string]any); !ok {
				set["f:"+k] = map[string]any{}
			}
		}
	}
	return set
}

// send posts body to h and fails unless every object converted.
func send(b *testing.B, h http.Handler, body []byte) int {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body)))
	if rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"status":"Success"`)) {
		b.Fatalf("HTTP %d: %.300s", rec.Code, rec.Body.String())
	}
	return rec.Body.Len()
}

// benchmarkReview sends body to h and the baseline review to identity in
// turn, timing each, so both run under the same conditions (a shared
// machine drifts between separate benchmarks). ns/op is the time of the
// conversion review alone; x-identity is its ratio to the identity review.
func benchmarkReview(b *testing.B, h http.Handler, body []byte, identity http.Handler, baseline []byte) {
	b.ReportAllocs()
	var out int
	var converting, copying time.Duration
	for b.Loop() {
		b.StopTimer()
		start := time.Now()
		send(b, identity, baseline)
		copying += time.Since(start)
		b.StartTimer()
		start = time.Now()
		out = send(b, h, body)
		converting += time.Since(start)
	}
	b.ReportMetric(float64(converting)/float64(copying), "x-identity")
	// The JSON work: bytes decoded and encoded per review.
	b.ReportMetric(float64(len(body)), "in-B/op")
	b.ReportMetric(float64(out), "out-B/op")
}

// BenchmarkConversionReview converts 1000 Persons stored at the hub to v5,
// v3 and v1 (what a list at those versions costs the webhook), and 1000 v1
// Persons to the hub (a write through v1), each against the identity
// conversion of the same 1000 hub objects. The people come in two shapes:
// bare (name, namespace and labels only) and served, as the API server
// sends them (see served).
func BenchmarkConversionReview(b *testing.B) {
	c := newConverter(b)
	identity := identityHandler(b)
	for _, shape := range []string{"bare", "served"} {
		at := func(version string) []runtime.Object {
			objs := make([]runtime.Object, reviewSize)
			for i, p := range people(reviewSize) {
				if shape == "served" {
					p = served(p, i)
				}
				obj, err := c.ToVersion(p, version)
				if err != nil {
					b.Fatal(err)
				}
				objs[i] = obj
			}
			return objs
		}
		hub, v1 := at("v5storage"), at("v1")
		baseline := reviewOf(b, identityGroup+"/copy", identityGroup, hub)
		b.Run(shape+"/identity/hub", func(b *testing.B) {
			benchmarkReview(b, identity, baseline, identity, baseline)
		})
		h := newManager(b).GetWebhookServer().WebhookMux()
		for _, to := range []string{"v5", "v3", "v1"} {
			b.Run(fmt.Sprintf("%s/hub-to-%s", shape, to), func(b *testing.B) {
				benchmarkReview(b, h, reviewOf(b, "crm.hubspoke.dev/"+to, "", hub), identity, baseline)
			})
		}
		b.Run(fmt.Sprintf("%s/v1-to-hub", shape), func(b *testing.B) {
			benchmarkReview(b, h, reviewOf(b, "crm.hubspoke.dev/v5storage", "", v1), identity, baseline)
		})
	}
}
