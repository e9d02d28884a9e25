package webhook_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/webhook"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// The benchmarks send one ConversionReview of reviewSize objects through
// controller-runtime's conversion handler, in-process, and compare the
// Person conversion with an identity conversion that does the same JSON
// work: the handler decodes the same objects (v5storage Persons, relabelled
// with another group), allocates a destination of the same type for each,
// the converter deep-copies into it, and the handler encodes the result.
//
//	go test -run '^$' -bench ConversionReview -benchmem ./examples/person/webhook/

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

func benchmarkReview(b *testing.B, h http.Handler, body []byte) {
	b.ReportAllocs()
	var out int
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body)))
		if rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"status":"Success"`)) {
			b.Fatalf("HTTP %d: %.300s", rec.Code, rec.Body.String())
		}
		out = rec.Body.Len()
	}
	// The JSON work: bytes decoded and encoded per review.
	b.ReportMetric(float64(len(body)), "in-B/op")
	b.ReportMetric(float64(out), "out-B/op")
}

// BenchmarkConversionReview converts 1000 Persons stored at the hub to v5,
// v3 and v1 (what a list at those versions costs the webhook), and 1000 v1
// Persons to the hub (a write through v1), each next to the identity
// conversion of the same 1000 objects.
func BenchmarkConversionReview(b *testing.B) {
	c := newConverter(b)
	at := func(version string) []runtime.Object {
		objs := make([]runtime.Object, reviewSize)
		for i, p := range people(reviewSize) {
			obj, err := c.ConvertToVersion(p, version)
			if err != nil {
				b.Fatal(err)
			}
			objs[i] = obj
		}
		return objs
	}
	hub, v1 := at("v5storage"), at("v1")
	identity := identityHandler(b)
	b.Run("identity/hub", func(b *testing.B) {
		benchmarkReview(b, identity, reviewOf(b, identityGroup+"/copy", identityGroup, hub))
	})
	for _, strategy := range []webhook.Strategy{webhook.HubSpoke, webhook.Stock} {
		h := newManager(b, strategy).GetWebhookServer().WebhookMux()
		for _, to := range []string{"v5", "v3", "v1"} {
			b.Run(fmt.Sprintf("%s/hub-to-%s", strategy, to), func(b *testing.B) {
				benchmarkReview(b, h, reviewOf(b, "crm.hubspoke.dev/"+to, "", hub))
			})
		}
		b.Run(fmt.Sprintf("%s/v1-to-hub", strategy), func(b *testing.B) {
			benchmarkReview(b, h, reviewOf(b, "crm.hubspoke.dev/v5storage", "", v1))
		})
	}
}
