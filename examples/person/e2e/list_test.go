//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/examples/person/api"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// testList creates n varied people at all seven served versions and lists them at
// v3 (twice) and at v1, neither of them the storage version, so the API
// server has the webhook convert every object, and at the storage version,
// which needs no conversion. Each item must equal the in-process conversion
// of the object as created. The ConversionReviews the webhook answered
// during each list are logged: kube-apiserver v1.35 sends one review per
// item, and during the first list the watch caches of the served versions
// are still converting, in the background, the writes that created the
// objects.
func testList(t *testing.T, ns string, n int) {
	ctx := withTimeout(t, 3*time.Minute)
	createNamespace(ctx, t, ns)
	objs := people(t, ns, "person", n)

	start := time.Now()
	if err := createAll(ctx, objs, 8); err != nil {
		t.Fatal(err)
	}
	t.Logf("created %d people (8 clients) in %s", n, time.Since(start).Round(time.Millisecond))

	byName := make(map[string]client.Object, n)
	for _, obj := range objs {
		byName[obj.GetName()] = obj
	}
	for _, version := range []string{"v3", "v3", "v1", api.HubVersion} {
		before := webhookRequests(t)
		start := time.Now()
		items, err := list(ctx, t, ns, version)
		if err != nil {
			t.Fatalf("list at %s: %v", version, err)
		}
		elapsed := time.Since(start)
		reviews := webhookRequests(t).total - before.total
		if len(items) != n {
			t.Fatalf("list at %s: %d items, want %d", version, len(items), n)
		}
		seen := map[string]bool{}
		mismatches := 0
		for _, got := range items {
			sent, ok := byName[got.GetName()]
			if !ok || seen[got.GetName()] {
				t.Errorf("list at %s: unexpected or repeated item %s", version, got.GetName())
				continue
			}
			seen[got.GetName()] = true
			if diff := diffView(t, stored(t, sent, version), got); diff != "" {
				if mismatches++; mismatches <= 3 {
					t.Errorf("%s listed at %s differs from the in-process conversion (-in-process +API server):\n%s", got.GetName(), version, diff)
				}
			}
		}
		if mismatches > 0 {
			t.Errorf("list at %s: %d of %d items differ", version, mismatches, n)
		}
		t.Logf("listed %d people at %s in %s (%d ConversionReviews), all equal to the in-process conversion", len(items), version, elapsed.Round(time.Millisecond), reviews)
		if version == api.HubVersion && reviews != 0 {
			t.Errorf("a list at the storage version took %d ConversionReviews, want none", reviews)
		}
	}
}

// createAll creates objs (with their status) with the given number of
// concurrent clients, and returns the first error.
func createAll(ctx context.Context, objs []client.Object, clients int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan client.Object)
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for obj := range work {
				if err := createWithStatus(ctx, obj.DeepCopyObject().(client.Object)); err != nil {
					once.Do(func() { first = err; cancel() })
				}
			}
		}()
	}
feed:
	for _, obj := range objs {
		select {
		case work <- obj:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if first == nil && ctx.Err() != nil {
		first = fmt.Errorf("creating %d objects: %w", len(objs), ctx.Err())
	}
	return first
}
