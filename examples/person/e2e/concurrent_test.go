//go:build e2e

package e2e

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/controller-runtime/pkg/client"
	crmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"
)

// testConcurrentClients runs clients goroutines, each making ops
// operations through the API server at random versions: reads of shared
// objects (60%), reads of an object of its own (15%), updates of its own
// object through a random version (15%: a read and a write), and lists of
// the namespace (10%). Every answer is checked against the in-process
// conversion; there must be no error and no difference.
func testConcurrentClients(t *testing.T, ns string, clients, ops int) {
	ctx := withTimeout(t, 3*time.Minute)
	createNamespace(ctx, t, ns)
	versions := allVersions()
	shared := people(t, ns, "shared", clients)
	owned := people(t, ns, "owned", clients)
	if err := createAll(ctx, append(slices.Clone(shared), owned...), 8); err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]any{} // name/version → expected view
	for _, obj := range shared {
		for _, v := range versions {
			want[obj.GetName()+"/"+v] = view(t, stored(t, obj, v))
		}
	}

	type result struct {
		latencies  []time.Duration
		errors     []string
		errorCount int
		mismatches int
		requests   int
		byKind     map[string]int
	}
	results := make([]result, clients)
	reviewsBefore := webhookRequests(t)
	start := time.Now()
	var wg sync.WaitGroup
	for g := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := &results[g]
			res.byKind = map[string]int{}
			rng := rand.New(rand.NewPCG(uint64(g), 2026))
			own := owned[g]
			fail := func(format string, args ...any) {
				res.errorCount++
				if len(res.errors) < 5 {
					res.errors = append(res.errors, fmt.Sprintf("client %d: ", g)+fmt.Sprintf(format, args...))
				}
			}
			timed := func(f func() error) error {
				t0 := time.Now()
				err := f()
				res.latencies = append(res.latencies, time.Since(t0))
				res.requests++
				return err
			}
			check := func(what string, wantView, got any) {
				if diff := diffView(t, wantView, got); diff != "" {
					res.mismatches++
					if len(res.errors) < 5 {
						res.errors = append(res.errors, fmt.Sprintf("client %d: %s differs from the in-process conversion (-want +got):\n%s", g, what, diff))
					}
				}
			}
			for i := range ops {
				if ctx.Err() != nil {
					fail("out of time after %d operations", i)
					return
				}
				version := versions[rng.IntN(len(versions))]
				switch r := rng.IntN(100); {
				case r < 60:
					res.byKind["get shared"]++
					name := shared[rng.IntN(len(shared))].GetName()
					var got client.Object
					if err := timed(func() (err error) { got, err = get(ctx, t, ns, name, version); return err }); err != nil {
						fail("get %s at %s: %v", name, version, err)
						continue
					}
					if diff := cmpViews(want[name+"/"+version], view(t, got)); diff != "" {
						res.mismatches++
						if len(res.errors) < 5 {
							res.errors = append(res.errors, fmt.Sprintf("client %d: %s at %s differs (-want +got):\n%s", g, name, version, diff))
						}
					}
				case r < 75:
					res.byKind["get own"]++
					var got client.Object
					if err := timed(func() (err error) { got, err = get(ctx, t, ns, own.GetName(), version); return err }); err != nil {
						fail("get %s at %s: %v", own.GetName(), version, err)
						continue
					}
					check(own.GetName()+" at "+version, stored(t, own, version), got)
				case r < 90:
					res.byKind["update own"]++
					var obj client.Object
					if err := timed(func() (err error) { obj, err = get(ctx, t, ns, own.GetName(), version); return err }); err != nil {
						fail("get %s at %s: %v", own.GetName(), version, err)
						continue
					}
					check(own.GetName()+" at "+version, stored(t, own, version), obj)
					setSpecID(obj, fmt.Sprintf("client-%d-write-%d", g, i))
					annotations := obj.GetAnnotations()
					if annotations == nil {
						annotations = map[string]string{}
					}
					annotations["e2e.hubspoke.dev/write"] = fmt.Sprint(i)
					obj.SetAnnotations(annotations)
					sent := obj.DeepCopyObject().(client.Object)
					if err := timed(func() error { return update(ctx, obj) }); err != nil {
						fail("update %s at %s: %v", own.GetName(), version, err)
						continue
					}
					check("the answer to an update of "+own.GetName()+" at "+version, stored(t, sent, version), obj)
					own = sent
				default:
					res.byKind["list"]++
					var items []client.Object
					if err := timed(func() (err error) { items, err = list(ctx, t, ns, version); return err }); err != nil {
						fail("list at %s: %v", version, err)
						continue
					}
					if len(items) != len(shared)+len(owned) {
						fail("list at %s: %d items, want %d", version, len(items), len(shared)+len(owned))
						continue
					}
					for _, got := range items {
						if w, ok := want[got.GetName()+"/"+version]; ok {
							if diff := cmpViews(w, view(t, got)); diff != "" {
								res.mismatches++
							}
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	reviews := webhookRequests(t)

	var latencies []time.Duration
	requests, errorCount, mismatches := 0, 0, 0
	byKind := map[string]int{}
	for _, r := range results {
		latencies = append(latencies, r.latencies...)
		requests += r.requests
		errorCount += r.errorCount
		mismatches += r.mismatches
		for k, n := range r.byKind {
			byKind[k] += n
		}
		for _, e := range r.errors {
			t.Error(e)
		}
	}
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))].Round(100 * time.Microsecond)
	}
	var kinds []string
	for k, n := range byKind {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	t.Logf("%d clients × %d operations (%s): %d API requests in %s (%.0f/s); latency p50 %s p90 %s p99 %s max %s",
		clients, ops, strings.Join(kinds, ", "), requests, elapsed.Round(time.Millisecond), float64(requests)/elapsed.Seconds(),
		pct(0.50), pct(0.90), pct(0.99), pct(1))
	t.Logf("the webhook answered %d ConversionReviews meanwhile: %v; errors %d, differences %d",
		reviews.total-reviewsBefore.total, reviews.sub(reviewsBefore), errorCount, mismatches)
	if errorCount != 0 || mismatches != 0 {
		t.Errorf("%d errors and %d answers that differ from the in-process conversion, want none", errorCount, mismatches)
	}
	if n := reviews.total - reviewsBefore.total - (reviews.byCode["200"] - reviewsBefore.byCode["200"]); n != 0 {
		t.Errorf("the webhook answered %d reviews with an HTTP status other than 200", n)
	}
	if reviews.total == reviewsBefore.total {
		t.Error("the webhook answered no ConversionReview: the API server did not convert through it")
	}
}

func cmpViews(want, got map[string]any) string {
	if want == nil {
		return "no expectation"
	}
	return cmp.Diff(want, got)
}

// reviewCounts is controller-runtime's count of requests to /convert, by
// HTTP status code (controller_runtime_webhook_requests_total).
type reviewCounts struct {
	total  int
	byCode map[string]int
}

func (c reviewCounts) sub(before reviewCounts) map[string]int {
	out := map[string]int{}
	for code, n := range c.byCode {
		if d := n - before.byCode[code]; d != 0 {
			out["HTTP "+code] = d
		}
	}
	return out
}

func webhookRequests(t *testing.T) reviewCounts {
	t.Helper()
	families, err := crmetrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	counts := reviewCounts{byCode: map[string]int{}}
	for _, f := range families {
		if f.GetName() != "controller_runtime_webhook_requests_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			var path, code string
			for _, l := range m.GetLabel() {
				switch l.GetName() {
				case "webhook":
					path = l.GetValue()
				case "code":
					code = l.GetValue()
				}
			}
			if path == "/convert" {
				n := int(m.GetCounter().GetValue())
				counts.byCode[code] += n
				counts.total += n
			}
		}
	}
	return counts
}
