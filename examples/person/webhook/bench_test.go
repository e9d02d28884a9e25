package webhook_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/convert"
	convwebhook "github.com/hubspoke/hubspoke/convert/webhook"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	crconversion "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// The benchmarks send one ConversionReview of reviewSize objects through
// a conversion handler, in-process, and compare it with another review run
// in the same loop (see benchmarkRatio):
//
//   - BenchmarkConversionReview: each Person review against the identity
//     review through the same handler (x-identity), for hubspoke's handler
//     and controller-runtime's;
//   - BenchmarkHandlers: the same review through hubspoke's handler against
//     controller-runtime's (x-controller-runtime; below 0.5 is twice as
//     fast), the identity reviews included.
//
// The identity review converts the same hub objects (v5storage Persons,
// relabelled with another group) to a version "copy" of the same Go shape,
// whose one-step chain only moves the object: the JSON work is the same,
// the conversion none. hubspoke's handler serves it through Setup;
// controller-runtime's is built directly (conversion.NewWebhookHandler,
// converting with the types' Hub and Convertible methods), as its webhook
// builder serves Person (stockManager).
//
//	go -C examples test -run '^$' -bench 'ConversionReview|Handlers' -benchtime 30x ./person/webhook/

const reviewSize = 1000

// identityGroup holds the identity chain: v5storage.Person as the hub
// (version v5storage) and copyPerson (version copy).
const identityGroup = "identity.hubspoke.dev"

// copyPerson has the Go shape, and so the JSON, of v5storage.Person; its
// step to the hub only moves the object.
type copyPerson v5storage.Person

var copyLink = convert.LinkTo(
	func(src *copyPerson, dst *v5storage.Person) error { *dst = v5storage.Person(*src); return nil },
	func(dst *copyPerson, src *v5storage.Person) error { *dst = copyPerson(*src); return nil })

func (p *copyPerson) DeepCopyObject() kruntime.Object {
	c := copyPerson(*(*v5storage.Person)(p).DeepCopy())
	return &c
}
func (*copyPerson) Link() convert.Link                   { return copyLink }
func (p *copyPerson) ConvertTo(h conversion.Hub) error   { return convert.ToHub(p, h) }
func (p *copyPerson) ConvertFrom(h conversion.Hub) error { return convert.FromHub(p, h) }

// identityHandler returns the /convert handler (hubspoke's or
// controller-runtime's, see handlers) for the identity chain.
func identityHandler(b *testing.B, handler string) http.Handler {
	scheme := kruntime.NewScheme()
	for v, obj := range map[string]kruntime.Object{"v5storage": &v5storage.Person{}, "copy": &copyPerson{}} {
		gv := schema.GroupVersion{Group: identityGroup, Version: v}
		scheme.AddKnownTypeWithName(gv.WithKind("Person"), obj)
		metav1.AddToGroupVersion(scheme, gv)
	}
	if handler != "hubspoke" {
		return crconversion.NewWebhookHandler(scheme, crconversion.NewRegistry())
	}
	crd := personCRD(b)
	crd.Name, crd.Spec.Group = "people."+identityGroup, identityGroup
	var hub apix.CustomResourceDefinitionVersion
	for _, v := range crd.Spec.Versions {
		if v.Name == "v5storage" {
			hub = v
		}
	}
	hub.Storage = true
	copyVersion := *hub.DeepCopy()
	copyVersion.Name, copyVersion.Storage = "copy", false
	crd.Spec.Versions = []apix.CustomResourceDefinitionVersion{hub, copyVersion}
	mgr, err := manager.New(unusedAPIServer, manager.Options{Scheme: scheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		b.Fatal(err)
	}
	if err := convwebhook.Setup(mgr, convwebhook.Options{}, crd); err != nil {
		b.Fatal(err)
	}
	return mgr.GetWebhookServer().WebhookMux()
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
func reviewOf(b *testing.B, desired, group string, objs []kruntime.Object) []byte {
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

// responses holds the response of every review send posts, one at a time,
// so that the recorder does not make a new buffer for each and grow it by
// doublings: about twice the response (2.4 MB for a served review) of
// garbage that a connection to the API server does not make, and that
// could start a collection within the review, whose CPU time the review
// would then count (see benchmarkRatio).
var responses bytes.Buffer

// send posts body to h and fails unless every object converted.
func send(b *testing.B, h http.Handler, body []byte) int {
	rec := httptest.NewRecorder()
	responses.Reset()
	rec.Body = &responses
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/convert", bytes.NewReader(body)))
	if rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte(`"status":"Success"`)) {
		b.Fatalf("HTTP %d: %.300s", rec.Code, rec.Body.String())
	}
	return rec.Body.Len()
}

// benchmarkRatio sends body to h and baseline to base in every round,
// in alternating order, so that both run under the same conditions (a
// shared machine drifts between separate benchmarks). ns/op is the wall
// time of body's review alone. unit is the median of the per-round ratios
// of the CPU time of the two reviews (see cpuTime), unit-min and unit-max
// their range; unit-wall is the median of the ratios of their wall times.
// gc/op and gc-baseline/op are the garbage collections that ran during
// each review, on average: the CPU time of a review counts that of the
// collections that ran meanwhile (a few milliseconds each here), so that a
// review whose garbage starts one costs much more than one whose does not.
func benchmarkRatio(b *testing.B, unit string, h http.Handler, body []byte, base http.Handler, baseline []byte) {
	b.ReportAllocs()
	var out int
	var ratios, wallRatios []float64
	var collections, baseCollections uint64
	// timed runs one review on a collected heap, so that neither review
	// pays for collecting the other's garbage; the benchmark's timer runs
	// only for body's review.
	timed := func(h http.Handler, body []byte, counted bool) (wall, cpu time.Duration) {
		b.StopTimer()
		runtime.GC()
		if counted {
			b.StartTimer()
		}
		startGC := gcCycles()
		start, startCPU := time.Now(), cpuTime()
		out = send(b, h, body)
		wall, cpu = time.Since(start), cpuTime()-startCPU
		if counted {
			collections += gcCycles() - startGC
		} else {
			baseCollections += gcCycles() - startGC
		}
		b.StartTimer()
		return wall, cpu
	}
	for round := 0; b.Loop(); round++ {
		var wall, cpu, wallBase, cpuBase time.Duration
		if round%2 == 0 {
			wall, cpu = timed(h, body, true)
			wallBase, cpuBase = timed(base, baseline, false)
		} else {
			wallBase, cpuBase = timed(base, baseline, false)
			wall, cpu = timed(h, body, true)
		}
		ratios = append(ratios, float64(cpu)/float64(cpuBase))
		wallRatios = append(wallRatios, float64(wall)/float64(wallBase))
	}
	slices.Sort(ratios)
	slices.Sort(wallRatios)
	b.ReportMetric(ratios[len(ratios)/2], unit)
	b.ReportMetric(ratios[0], unit+"-min")
	b.ReportMetric(ratios[len(ratios)-1], unit+"-max")
	b.ReportMetric(wallRatios[len(wallRatios)/2], unit+"-wall")
	b.ReportMetric(float64(collections)/float64(len(ratios)), "gc/op")
	b.ReportMetric(float64(baseCollections)/float64(len(ratios)), "gc-baseline/op")
	// The JSON work: bytes decoded and encoded per review.
	b.ReportMetric(float64(len(body)), "in-B/op")
	b.ReportMetric(float64(out), "out-B/op")
}

// gcCycles is the number of garbage collections the process has completed.
func gcCycles() uint64 {
	sample := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}

// reviews holds the review bodies of one shape of people.
type reviews struct {
	identity []byte            // the hub objects, relabelled, asked for at copy
	person   map[string][]byte // by name: hub-to-v5, hub-to-v3, hub-to-v1, v1-to-hub
}

var reviewNames = []string{"hub-to-v5", "hub-to-v3", "hub-to-v1", "v1-to-hub"}

// reviewsOf builds the reviews of 1000 Persons stored at the hub asked
// for at v5, v3 and v1 (what a list at those versions costs the webhook),
// 1000 v1 Persons asked for at the hub (a write through v1), and the
// identity review of the same 1000 hub objects. The people come in two
// shapes: bare (name, namespace and labels only) and served, as the API
// server sends them (see served).
func reviewsOf(b *testing.B, c *convert.Converter, shape string) reviews {
	at := func(version string) []kruntime.Object {
		objs := make([]kruntime.Object, reviewSize)
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
	r := reviews{identity: reviewOf(b, identityGroup+"/copy", identityGroup, hub), person: map[string][]byte{}}
	for _, to := range []string{"v5", "v3", "v1"} {
		r.person["hub-to-"+to] = reviewOf(b, "crm.hubspoke.dev/"+to, "", hub)
	}
	r.person["v1-to-hub"] = reviewOf(b, "crm.hubspoke.dev/v5storage", "", v1)
	return r
}

// BenchmarkConversionReview: every Person review against the identity
// review, through the same handler, for each handler.
func BenchmarkConversionReview(b *testing.B) {
	c := newConverter(b)
	for _, shape := range []string{"served", "bare"} {
		r := reviewsOf(b, c, shape)
		for _, handler := range handlers {
			identity := identityHandler(b, handler)
			h := newManagerWith(b, handler).GetWebhookServer().WebhookMux()
			b.Run(shape+"/"+handler+"/identity", func(b *testing.B) {
				benchmarkRatio(b, "x-identity", identity, r.identity, identity, r.identity)
			})
			for _, name := range reviewNames {
				b.Run(shape+"/"+handler+"/"+name, func(b *testing.B) {
					benchmarkRatio(b, "x-identity", h, r.person[name], identity, r.identity)
				})
			}
		}
	}
}

// BenchmarkHandlers: the same review through hubspoke's handler against
// controller-runtime's.
func BenchmarkHandlers(b *testing.B) {
	c := newConverter(b)
	for _, shape := range []string{"served", "bare"} {
		r := reviewsOf(b, c, shape)
		ours, theirs := newManagerWith(b, handlers[0]).GetWebhookServer().WebhookMux(), newManagerWith(b, handlers[1]).GetWebhookServer().WebhookMux()
		b.Run(shape+"/identity", func(b *testing.B) {
			benchmarkRatio(b, "x-controller-runtime", identityHandler(b, handlers[0]), r.identity, identityHandler(b, handlers[1]), r.identity)
		})
		for _, name := range reviewNames {
			b.Run(shape+"/"+name, func(b *testing.B) {
				benchmarkRatio(b, "x-controller-runtime", ours, r.person[name], theirs, r.person[name])
			})
		}
	}
}
