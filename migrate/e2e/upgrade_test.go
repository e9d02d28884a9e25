//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"github.com/hubspoke/hubspoke/migrate"
	"github.com/hubspoke/hubspoke/migrate/preflight"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	peopleCRD  = "people.crm.hubspoke.dev"
	namespace  = "upgrade"
	etcdPrefix = "/registry/crm.hubspoke.dev/people/"

	// objects is the number of Persons TestUpgrade writes, pageSize the
	// page of its migration at v5storage: four pages, the interruption in
	// the third (interruptAt objects done), so that the checkpoint is two
	// pages in and the resumed run has two pages left, which the clients
	// write to meanwhile.
	objects     = 400
	pageSize    = objects / 4
	interruptAt = 2*pageSize + pageSize/2
)

// TestUpgrade moves the storage of Person from v4storage to the hub,
// v5storage, as an operator upgrade does, with 400 Persons (objects)
// written at every version: the pre-flight check refuses a CRD that drops
// v4storage while objects are stored there; the CRD is replaced; a
// migration is interrupted in its third page and resumed from its
// checkpoint while clients create, update and delete Persons;
// then every object is in etcd at v5storage, storedVersions is
// [v5storage], no update is lost, every other object reads back at every
// version as it did before, and the CRD without v4storage now passes the
// check and the API server. From release N so reached it goes on to the
// releases N+1 and N+2 and back (testReleases).
func TestUpgrade(t *testing.T) {
	stopN := startWebhook(t)
	ctx := context.Background()
	startReleases(env.releaseDir) // if TestMain has not started it
	if err := env.client.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}); err != nil {
		t.Fatal(err)
	}
	graph := env.converter.Graph()

	started := time.Now()
	createPeople(t, ctx, objects)
	t.Logf("%d Persons created at v1–v5 and v6alpha1 in %s", objects, time.Since(started).Round(time.Millisecond))
	if got := storedVersionsInEtcd(t, etcdPrefix); got["crm.hubspoke.dev/"+oldStorage] != objects {
		t.Fatalf("etcd holds %v, want %d Persons at %s", got, objects, oldStorage)
	}
	before := readHubs(t, ctx)

	// The next release stores the hub. A CRD that also drops v4storage is
	// refused while objects are stored there.
	installed := getCRD(t, ctx)
	next := installed.DeepCopy()
	setStorage(next, api.HubVersion)
	dropping := next.DeepCopy()
	dropping.Spec.Versions = slices.DeleteFunc(dropping.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool {
		return v.Name == "v4" || v.Name == oldStorage
	})
	err := preflight.Check(installed, dropping, graph).Err()
	if err == nil {
		t.Fatal("pre-flight passed a CRD without v4storage while every Person is stored at v4storage")
	}
	t.Logf("pre-flight refuses the CRD dropping v4storage:\n%v", err)
	r := preflight.Check(installed, next, graph)
	if r.Err() != nil || !r.StorageMoves {
		t.Fatalf("pre-flight of the next release: %+v", r)
	}
	if err := env.client.Update(ctx, next); err != nil {
		t.Fatal(err)
	}
	if sv := getCRD(t, ctx).Status.StoredVersions; !slices.Equal(sv, []string{oldStorage, api.HubVersion}) {
		t.Fatalf("storedVersions %v after the upgrade, want [v4storage v5storage]", sv)
	}

	// A migration interrupted in its third page keeps its checkpoint: the
	// end of the second.
	interrupted, stop := context.WithCancel(ctx)
	_, err = migrate.Run(interrupted, env.dynamic, peopleCRD, migrate.Options{PageSize: pageSize, Progress: func(p migrate.Progress) {
		if p.Done >= interruptAt {
			stop()
		}
	}})
	stop()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the interrupted migration: %v, want context.Canceled", err)
	}
	var checkpoint struct{ Done int }
	if cp := getCRD(t, ctx).Annotations[migrate.CheckpointAnnotation]; cp == "" {
		t.Fatal("the interrupted migration left no checkpoint")
	} else if err := json.Unmarshal([]byte(cp), &checkpoint); err != nil {
		t.Fatalf("checkpoint %s: %v", cp, err)
	} else {
		t.Logf("checkpoint after the interruption: %s", cp)
	}
	if checkpoint.Done != 2*pageSize {
		t.Fatalf("the checkpoint of a migration interrupted at %d objects counts %d done, want %d (two pages of %d)", interruptAt, checkpoint.Done, 2*pageSize, pageSize)
	}
	if sv := getCRD(t, ctx).Status.StoredVersions; len(sv) != 2 {
		t.Fatalf("the interrupted migration pruned storedVersions to %v", sv)
	}

	// The migration resumes while clients write.
	clients := startClients(t, ctx)
	started = time.Now()
	res, err := migrate.Run(ctx, env.dynamic, peopleCRD, migrate.Options{PageSize: pageSize})
	elapsed := time.Since(started)
	writes := clients.stop()
	if err != nil {
		t.Fatalf("the resumed migration: %v (%+v)", err, res)
	}
	t.Logf("resumed migration: %d done before, %d re-stored, %d deleted meanwhile in %s; clients: %d creates, %d updates, %d deletes",
		res.Resumed, res.Migrated, res.Gone, elapsed.Round(time.Millisecond), len(writes.created), len(writes.updated), len(writes.deleted))
	if res.Resumed != checkpoint.Done || res.Resumed+res.Migrated+res.Gone > objects+len(writes.created) || !res.Pruned {
		t.Errorf("result %+v: want the %d objects of the checkpoint resumed, the rest re-stored, storedVersions pruned", res, checkpoint.Done)
	}
	if len(writes.updated) == 0 || len(writes.deleted) == 0 || len(writes.created) == 0 {
		t.Errorf("the clients wrote nothing during the migration: %+v", writes)
	}

	// Everything in etcd is at the hub, and storedVersions says so.
	want := objects + len(writes.created) - len(writes.deleted)
	if got := storedVersionsInEtcd(t, etcdPrefix); got["crm.hubspoke.dev/"+api.HubVersion] != want || len(got) != 1 {
		t.Errorf("etcd holds %v, want %d Persons at %s only", got, want, api.HubVersion)
	}
	crd := getCRD(t, ctx)
	if !slices.Equal(crd.Status.StoredVersions, []string{api.HubVersion}) {
		t.Errorf("storedVersions %v, want [%s]", crd.Status.StoredVersions, api.HubVersion)
	}
	if cp, ok := crd.Annotations[migrate.CheckpointAnnotation]; ok {
		t.Errorf("checkpoint %q left behind", cp)
	}

	// Nothing lost: updates are there, deleted objects are gone, every other
	// object is what it was, at every depth, bags included.
	after := readHubs(t, ctx)
	for name, known := range writes.updated {
		p, ok := after[name]
		if !ok {
			t.Errorf("%s: updated during the migration, missing", name)
		} else if p.Spec.KnownAs == nil || *p.Spec.KnownAs != known {
			t.Errorf("%s: lost the update of knownAs to %q: knownAs is %v", name, known, cmp.Diff(&known, p.Spec.KnownAs))
		}
	}
	for name := range writes.deleted {
		if _, ok := after[name]; ok {
			t.Errorf("%s: deleted during the migration, still there", name)
		}
	}
	for name := range writes.created {
		if _, ok := after[name]; !ok {
			t.Errorf("%s: created during the migration, missing", name)
		}
	}
	compared := 0
	for name, old := range before {
		if _, touched := writes.updated[name]; touched {
			continue
		}
		if _, touched := writes.deleted[name]; touched {
			continue
		}
		now, ok := after[name]
		if !ok {
			t.Errorf("%s: lost", name)
			continue
		}
		// reflect.DeepEqual first: equal values are equal for cmp too, and
		// cmp.Diff, several times slower, only says how they differ.
		if !reflect.DeepEqual(old.Spec, now.Spec) {
			if diff := cmp.Diff(old.Spec, now.Spec); diff != "" {
				t.Errorf("%s: spec changed by the migration (-before +after):\n%s", name, diff)
			}
		}
		compared++
	}
	t.Logf("%d untouched Persons equal before and after at the hub, bags included", compared)

	// Every object reads at every served version as the in-process
	// conversion of its hub says.
	readEveryVersion(t, ctx, after)

	// With storedVersions pruned, the CRD without v4storage passes the check
	// and the API server takes it (a dry run: the releases below start from
	// release N as it is).
	installed = getCRD(t, ctx)
	dropping.ResourceVersion = installed.ResourceVersion
	if err := preflight.Check(installed, dropping, graph).Err(); err != nil {
		t.Fatalf("after the migration: %v", err)
	}
	if err := env.client.Update(ctx, dropping, client.DryRunAll); err != nil {
		t.Fatalf("installing the CRD without v4storage: %v", err)
	}

	n1, n2 := awaitReleases(t)
	testReleases(t, ctx, stopN, n1, n2)
}

// createPeople creates n Persons named p0000… in the namespace, Mickey as
// v1, v3 and v5 describe him with an id of their own, at v1–v5 and v6alpha1
// in turn.
func createPeople(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	versions := []string{"v1", "v2", "v3", "v4", "v5", "v6alpha1"}
	parallel(t, n, func(i int) error {
		var src runtime.Object
		switch (i / len(versions)) % 3 {
		case 0:
			p := samples.MickeyV1()
			p.Spec.Id = fmt.Sprintf("id-%04d", i)
			src = p
		case 1:
			p := samples.MickeyV3()
			p.Spec.Id = fmt.Sprintf("id-%04d", i)
			src = p
		default:
			p := samples.MickeyV5()
			p.Spec.Id = fmt.Sprintf("id-%04d", i)
			src = p
		}
		obj, err := env.converter.ToVersion(src, versions[i%len(versions)])
		if err != nil {
			return err
		}
		o := obj.(client.Object)
		o.SetNamespace(namespace)
		o.SetName(fmt.Sprintf("p%04d", i))
		return env.client.Create(ctx, o)
	})
}

// parallel runs f(0) … f(n-1) in 8 goroutines and fails the test on the
// first error.
func parallel(t testing.TB, n int, f func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	next := make(chan int)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := f(i); err != nil {
					errs <- fmt.Errorf("%d: %w", i, err)
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// readHubs lists every Person at the hub, by name.
func readHubs(t *testing.T, ctx context.Context) map[string]*v5storage.Person {
	t.Helper()
	out := map[string]*v5storage.Person{}
	var list v5storage.PersonList
	cont := ""
	for {
		if err := env.client.List(ctx, &list, client.InNamespace(namespace), client.Limit(500), client.Continue(cont)); err != nil {
			t.Fatal(err)
		}
		for i := range list.Items {
			out[list.Items[i].Name] = &list.Items[i]
		}
		if cont = list.Continue; cont == "" {
			return out
		}
		list = v5storage.PersonList{}
	}
}

// readEveryVersion lists every Person at every served version and compares
// each with the in-process conversion of its hub.
func readEveryVersion(t *testing.T, ctx context.Context, hubs map[string]*v5storage.Person) {
	t.Helper()
	for _, crdVersion := range getCRD(t, ctx).Spec.Versions {
		if !crdVersion.Served {
			continue
		}
		version := crdVersion.Name
		gvk := schema.GroupVersionKind{Group: api.GroupKind.Group, Version: version, Kind: "PersonList"}
		obj, err := env.client.Scheme().New(gvk)
		if err != nil {
			t.Fatal(err)
		}
		list := obj.(client.ObjectList)
		if err := env.client.List(ctx, list, client.InNamespace(namespace)); err != nil {
			t.Fatalf("listing at %s: %v", version, err)
		}
		items, err := metaItems(list)
		if err != nil {
			t.Fatal(err)
		}
		if len(items) != len(hubs) {
			t.Errorf("%s: %d Persons, want %d", version, len(items), len(hubs))
		}
		for _, got := range items {
			h, ok := hubs[got.GetName()]
			if !ok {
				t.Errorf("%s: %s not at the hub", version, got.GetName())
				continue
			}
			want, err := env.converter.ToVersion(h, version)
			if err != nil {
				t.Fatal(err)
			}
			w, g := specOf(want), specOf(got)
			if reflect.DeepEqual(w, g) {
				continue // equal for cmp too (see compareSnapshots)
			}
			if diff := cmp.Diff(w, g); diff != "" {
				t.Errorf("%s at %s differs from the conversion of its hub (-want +got):\n%s", got.GetName(), version, diff)
			}
		}
	}
}

// metaItems returns the items of a typed list.
func metaItems(list client.ObjectList) ([]client.Object, error) {
	objs, err := meta.ExtractList(list)
	if err != nil {
		return nil, err
	}
	out := make([]client.Object, len(objs))
	for i, o := range objs {
		out[i] = o.(client.Object)
	}
	return out, nil
}

// specOf returns the object without its metadata, as unstructured content.
func specOf(obj runtime.Object) map[string]any {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	delete(u, "metadata")
	delete(u, "status") // reset on create; the suite writes no status
	delete(u, "apiVersion")
	delete(u, "kind")
	return u
}

func getCRD(t *testing.T, ctx context.Context) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	var crd apiextensionsv1.CustomResourceDefinition
	if err := env.client.Get(ctx, client.ObjectKey{Name: peopleCRD}, &crd); err != nil {
		t.Fatal(err)
	}
	return &crd
}

// writes is what the concurrent clients did.
type writes struct {
	created map[string]bool
	updated map[string]string // name → knownAs of the last successful update
	deleted map[string]bool
}

type clients struct {
	stop func() writes
}

// startClients starts three clients that create, update (at v3, from a
// fresh read, retrying conflicts) and delete Persons, one every 20 ms each,
// until stopped. A request in flight when they are stopped finishes, so
// that what they record is what the API server did.
func startClients(t *testing.T, ctx context.Context) clients {
	running, cancel := context.WithCancel(ctx)
	var mu sync.Mutex
	w := writes{created: map[string]bool{}, updated: map[string]string{}, deleted: map[string]bool{}}
	errs := make(chan error, 3)
	var wg sync.WaitGroup
	run := func(f func(i int) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; running.Err() == nil; i++ {
				if err := f(i); err != nil {
					errs <- err
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	run(func(i int) error { // creates
		p := samples.MickeyV5()
		p.Namespace, p.Name, p.Spec.Id = namespace, fmt.Sprintf("new-%04d", i), fmt.Sprintf("new-%04d", i)
		if err := env.client.Create(ctx, p); err != nil {
			return fmt.Errorf("create %s: %w", p.Name, err)
		}
		mu.Lock()
		w.created[p.Name] = true
		mu.Unlock()
		return nil
	})
	rnd := rand.New(rand.NewPCG(1, 2))
	run(func(i int) error { // updates at v3 of objects nobody deletes (odd numbers)
		name := fmt.Sprintf("p%04d", 2*rnd.IntN(objects/2)+1)
		known := fmt.Sprintf("update-%d", i)
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			var p v3.Person
			if err := env.client.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, &p); err != nil {
				return err
			}
			p.Spec.KnownAs = known
			return env.client.Update(ctx, &p)
		})
		if err != nil {
			return fmt.Errorf("update %s: %w", name, err)
		}
		mu.Lock()
		w.updated[name] = known
		mu.Unlock()
		return nil
	})
	run(func(i int) error { // deletes of even numbers, from the end
		name := fmt.Sprintf("p%04d", objects-2-2*i)
		if i >= objects/2 {
			return nil
		}
		err := env.client.Delete(ctx, &v5storage.Person{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name}})
		if err != nil && !apierrors.IsNotFound(err) {
			return fmt.Errorf("delete %s: %w", name, err)
		}
		mu.Lock()
		w.deleted[name] = true
		mu.Unlock()
		return nil
	})
	return clients{stop: func() writes {
		cancel()
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Errorf("a concurrent client failed: %v", err)
		}
		return w
	}}
}
