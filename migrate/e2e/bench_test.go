//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"github.com/hubspoke/hubspoke/migrate"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// benchObjects is the number of Persons BenchmarkMigration moves: its
// figures in migrate/README.md are for 2,000, more than TestUpgrade writes.
const benchObjects = 2000

// BenchmarkMigration measures the migration of 2,000 Persons between
// v4storage and v5storage, both ways, on the local API server: through the
// conversion webhook (the Person CRD) and, interleaved with it, the same
// migration of an identical resource whose CRD says `conversion: None`
// (group plain.hubspoke.dev). Each migration of a Person is one round; the
// benchmark reports the throughput with the webhook and the median of the
// per-round ratios of the two times, with their spread. Run it with
//
//	go test -tags e2e -run '^$' -bench Migration -benchtime 4x ./e2e/
func BenchmarkMigration(b *testing.B) {
	ctx := context.Background()
	const n = benchObjects
	startWebhook(b)         // stopped when this run of the function ends
	if bench.plain == nil { // once: the benchmark function runs again with a larger b.N
		if err := env.client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "bench"}}); err != nil {
			b.Fatal(err)
		}
		bench.plain = installPlainCRD(b, ctx)
		// Persons are written at v5 (the webhook stores them at v4storage);
		// the plain resource, which converts nothing, takes the v4storage
		// objects as they are, at v4storage, which it serves for this.
		fill(b, ctx, "bench", n,
			schema.GroupVersionResource{Group: api.GroupKind.Group, Version: "v5", Resource: "people"},
			schema.GroupVersionResource{Group: bench.plain.Spec.Group, Version: oldStorage, Resource: "people"})
	}
	b.ResetTimer()
	b.StopTimer() // migrateTo times the migrations alone
	for i := range b.N {
		// There and back; which side goes first alternates.
		for j, version := range []string{api.HubVersion, oldStorage} {
			order := []string{peopleCRD, bench.plain.Name}
			if (i+j)%2 == 1 {
				slices.Reverse(order)
			}
			took := map[string]time.Duration{}
			for _, crd := range order {
				took[crd] = migrateTo(b, ctx, crd, version, n)
			}
			hooked, plain := took[peopleCRD], took[bench.plain.Name]
			bench.rates = append(bench.rates, float64(n)/hooked.Seconds())
			bench.ratios = append(bench.ratios, hooked.Seconds()/plain.Seconds())
			b.Logf("to %s: webhook %s (%.0f objects/s), conversion None %s (%.0f objects/s), ratio %.2f",
				version, hooked.Round(time.Millisecond), float64(n)/hooked.Seconds(), plain.Round(time.Millisecond), float64(n)/plain.Seconds(), bench.ratios[len(bench.ratios)-1])
		}
	}
	b.ReportMetric(median(bench.rates), "objects/s")
	b.ReportMetric(median(bench.ratios), "webhook/none")
	b.ReportMetric(slices.Min(bench.ratios), "ratio-min")
	b.ReportMetric(slices.Max(bench.ratios), "ratio-max")
	b.ReportMetric(float64(len(bench.ratios)), "rounds")
}

// bench is the benchmark's fixture and every round measured, kept across
// the runs of the benchmark function.
var bench struct {
	plain         *apiextensionsv1.CustomResourceDefinition
	rates, ratios []float64
}

// migrateTo makes version the storage version of crd, waits until the API
// server stores at it, and returns how long the migration of its n objects
// took.
func migrateTo(b *testing.B, ctx context.Context, crdName, version string, n int) time.Duration {
	b.Helper()
	var crd apiextensionsv1.CustomResourceDefinition
	if err := env.client.Get(ctx, client.ObjectKey{Name: crdName}, &crd); err != nil {
		b.Fatal(err)
	}
	setStorage(&crd, version)
	if err := env.client.Update(ctx, &crd); err != nil {
		b.Fatal(err)
	}
	waitStoring(b, ctx, crd.Spec.Group, version)
	b.StartTimer()
	started := time.Now()
	res, err := migrate.Run(ctx, env.dynamic, crdName, migrate.Options{})
	took := time.Since(started)
	b.StopTimer()
	if err != nil || res.Migrated != n || !res.Pruned {
		b.Fatalf("migrating %s to %s: %+v, %v", crdName, version, res, err)
	}
	return took
}

// waitStoring waits until a Person written to group is stored at version.
func waitStoring(b *testing.B, ctx context.Context, group, version string) {
	b.Helper()
	// The probe is written at v5, which both resources serve (the storage
	// version may be unserved), and looked for in etcd at version.
	probe := &unstructured.Unstructured{}
	probe.SetAPIVersion(group + "/v5")
	probe.SetKind("Person")
	probe.SetNamespace("default")
	probe.SetName("probe")
	ri := env.dynamic.Resource(schema.GroupVersionResource{Group: group, Version: "v5", Resource: "people"}).Namespace("default")
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := ri.Create(ctx, probe, metav1.CreateOptions{}); err != nil {
			b.Fatal(err)
		}
		got := storedVersionsInEtcd(b, "/registry/"+group+"/people/default/")
		if err := ri.Delete(ctx, "probe", metav1.DeleteOptions{}); err != nil {
			b.Fatal(err)
		}
		if got[group+"/"+version] == 1 {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("the API server does not store %s at %s after 30s: %v", group, version, got)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// installPlainCRD installs a copy of the Person CRD in group
// plain.hubspoke.dev, storing v4storage, without conversion webhook.
func installPlainCRD(b *testing.B, ctx context.Context) *apiextensionsv1.CustomResourceDefinition {
	b.Helper()
	var people apiextensionsv1.CustomResourceDefinition
	if err := env.client.Get(ctx, client.ObjectKey{Name: peopleCRD}, &people); err != nil {
		b.Fatal(err)
	}
	plain := &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "people.plain.hubspoke.dev"},
		Spec:       *people.Spec.DeepCopy(),
	}
	plain.Spec.Group = "plain.hubspoke.dev"
	plain.Spec.Conversion = &apiextensionsv1.CustomResourceConversion{Strategy: apiextensionsv1.NoneConverter}
	setStorage(plain, oldStorage)
	for i := range plain.Spec.Versions {
		if plain.Spec.Versions[i].Name == oldStorage {
			plain.Spec.Versions[i].Served = true
		}
	}
	if err := env.client.Create(ctx, plain); err != nil {
		b.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var got apiextensionsv1.CustomResourceDefinition
		if err := env.client.Get(ctx, client.ObjectKey{Name: plain.Name}, &got); err != nil {
			b.Fatal(err)
		}
		for _, c := range got.Status.Conditions {
			if c.Type == apiextensionsv1.Established && c.Status == apiextensionsv1.ConditionTrue {
				return &got
			}
		}
		if time.Now().After(deadline) {
			b.Fatal("people.plain.hubspoke.dev not established after 30s")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// fill creates n Persons in ns of both resources, with the same content
// (Mickey at v5 with an id of his own, stored at v4storage).
func fill(b *testing.B, ctx context.Context, ns string, n int, people, plain schema.GroupVersionResource) {
	b.Helper()
	parallel(b, n, func(i int) error {
		p := samples.MickeyV5()
		p.Spec.Id = fmt.Sprintf("id-%04d", i)
		for _, r := range []schema.GroupVersionResource{people, plain} {
			obj, err := env.converter.ToVersion(p, r.Version)
			if err != nil {
				return err
			}
			content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
			if err != nil {
				return err
			}
			u := &unstructured.Unstructured{Object: content}
			u.SetAPIVersion(r.GroupVersion().String())
			u.SetNamespace(ns)
			u.SetName(fmt.Sprintf("p%04d", i))
			u.SetResourceVersion("")
			if _, err := env.dynamic.Resource(r).Namespace(ns).Create(ctx, u, metav1.CreateOptions{}); err != nil {
				return fmt.Errorf("%s: %w", r.Group, err)
			}
		}
		return nil
	})
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
