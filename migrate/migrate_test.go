package migrate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/fake"
	clienttesting "k8s.io/client-go/testing"
)

var widgets = schema.GroupVersionResource{Group: "example.dev", Version: "v2storage", Resource: "widgets"}

const widgetCRD = "widgets.example.dev"

// store is a small API server for widgets: objects in key order, resource
// versions checked on update, and the version each object is stored at
// (what an update changes).
type store struct {
	mu      sync.Mutex
	objects map[string]*unstructured.Unstructured // by key
	stored  map[string]string                     // key → storage version in "etcd"
	rv      int
	storage string // the CRD's storage version

	updates   int
	dryRuns   int
	beforeUpd func(key string) // called (unlocked) before an update is applied
	failKey   string           // updates of this key fail with a 500
	expire    string           // this continue token answers 410 Gone
	lists     []string         // continue tokens of the lists, in order
}

func newStore(n int, storedAt string) *store {
	s := &store{objects: map[string]*unstructured.Unstructured{}, stored: map[string]string{}, storage: "v2storage"}
	for i := range n {
		s.create(fmt.Sprintf("ns%d", i%3), fmt.Sprintf("w%04d", i), storedAt)
	}
	return s
}

func (s *store) create(ns, name, storedAt string) {
	s.rv++
	u := &unstructured.Unstructured{}
	u.SetAPIVersion(widgets.GroupVersion().String())
	u.SetKind("Widget")
	u.SetNamespace(ns)
	u.SetName(name)
	u.SetResourceVersion(strconv.Itoa(s.rv))
	k := ns + "/" + name
	s.objects[k] = u
	s.stored[k] = storedAt
}

func (s *store) sortedKeys() []string {
	keys := make([]string, 0, len(s.objects))
	for k := range s.objects {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// client is a fake dynamic client whose widgets are served by s and whose
// CRD (storedVersions as given) by the fake's tracker.
func (s *store) client(t *testing.T, storedVersions ...string) *pagedClient {
	t.Helper()
	crd := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": widgetCRD},
		"spec": map[string]any{
			"group": "example.dev",
			"names": map[string]any{"plural": "widgets", "kind": "Widget"},
			"scope": "Namespaced",
			"versions": []any{
				map[string]any{"name": "v1storage", "served": true, "storage": false},
				map[string]any{"name": "v2storage", "served": true, "storage": true},
			},
		},
		"status": map[string]any{"storedVersions": toAny(storedVersions)},
	}}
	c := fake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{crdResource: "CustomResourceDefinitionList", widgets: "WidgetList"}, crd)
	c.PrependReactor("get", "widgets", s.get)
	c.PrependReactor("update", "widgets", s.update)
	return &pagedClient{FakeDynamicClient: c, s: s}
}

// pagedClient lists widgets in pages: the fake's List drops the limit and
// the continue token.
type pagedClient struct {
	*fake.FakeDynamicClient
	s *store
}

func (c *pagedClient) Resource(r schema.GroupVersionResource) dynamic.NamespaceableResourceInterface {
	ri := c.FakeDynamicClient.Resource(r)
	if r != widgets {
		return ri
	}
	return pagedResource{ri, c.s}
}

type pagedResource struct {
	dynamic.NamespaceableResourceInterface
	s *store
}

func (r pagedResource) List(_ context.Context, opts metav1.ListOptions) (*unstructured.UnstructuredList, error) {
	return r.s.list(opts)
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func (s *store) list(opts metav1.ListOptions) (*unstructured.UnstructuredList, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lists = append(s.lists, opts.Continue)
	if opts.Continue != "" && opts.Continue == s.expire {
		s.expire = "" // a real token names its snapshot: a new listing gets new ones
		return nil, apierrors.NewResourceExpired("the continue token has expired")
	}
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion(widgets.GroupVersion().String())
	list.SetKind("WidgetList")
	keys := s.sortedKeys()
	i := 0
	if opts.Continue != "" {
		i, _ = slices.BinarySearch(keys, opts.Continue)
	}
	end := len(keys)
	if opts.Limit > 0 && i+int(opts.Limit) < len(keys) {
		end = i + int(opts.Limit)
		list.SetContinue(keys[end]) // the fake's token: the next key
		n := int64(len(keys) - end)
		list.SetRemainingItemCount(&n)
	}
	for _, k := range keys[i:end] {
		list.Items = append(list.Items, *s.objects[k].DeepCopy())
	}
	return list, nil
}

func (s *store) get(a clienttesting.Action) (bool, runtime.Object, error) {
	g := a.(clienttesting.GetActionImpl)
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.objects[g.Namespace+"/"+g.Name]
	if !ok {
		return true, nil, apierrors.NewNotFound(widgets.GroupResource(), g.Name)
	}
	return true, u.DeepCopy(), nil
}

func (s *store) update(a clienttesting.Action) (bool, runtime.Object, error) {
	u := a.(clienttesting.UpdateActionImpl).Object.(*unstructured.Unstructured)
	k := u.GetNamespace() + "/" + u.GetName()
	if s.beforeUpd != nil {
		s.beforeUpd(k)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.objects[k]
	switch {
	case !ok:
		return true, nil, apierrors.NewNotFound(widgets.GroupResource(), u.GetName())
	case k == s.failKey:
		return true, nil, apierrors.NewInternalError(errors.New("conversion webhook: bag of spec is not JSON"))
	case cur.GetResourceVersion() != u.GetResourceVersion():
		return true, nil, apierrors.NewConflict(widgets.GroupResource(), u.GetName(), errors.New("the object has been modified"))
	}
	if slices.Contains(a.(clienttesting.UpdateActionImpl).UpdateOptions.DryRun, metav1.DryRunAll) {
		s.dryRuns++
		return true, u.DeepCopy(), nil
	}
	s.updates++
	if s.stored[k] == s.storage {
		return true, cur.DeepCopy(), nil // the API server's short cut: same bytes, no write
	}
	s.rv++
	next := u.DeepCopy()
	next.SetResourceVersion(strconv.Itoa(s.rv))
	s.objects[k] = next
	s.stored[k] = s.storage
	return true, next.DeepCopy(), nil
}

// touch is a concurrent client's write: the object is stored at the
// current version with a new resource version.
func (s *store) touch(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rv++
	u := s.objects[k]
	u.SetLabels(map[string]string{"touched": "yes"})
	u.SetResourceVersion(strconv.Itoa(s.rv))
	s.stored[k] = s.storage
}

func (s *store) storedAtOld() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var old []string
	for k, v := range s.stored {
		if v != s.storage {
			old = append(old, k)
		}
	}
	slices.Sort(old)
	return old
}

func crdState(t *testing.T, c *pagedClient) (storedVersions []string, checkpoint string) {
	t.Helper()
	u, err := c.Resource(crdResource).Get(context.Background(), widgetCRD, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sv, _, _ := unstructured.NestedStringSlice(u.Object, "status", "storedVersions")
	return sv, u.GetAnnotations()[CheckpointAnnotation]
}

func TestRunRestoresEveryObjectAndPrunes(t *testing.T) {
	s := newStore(25, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	var seen []Progress
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 4, Workers: 3, Progress: func(p Progress) { seen = append(seen, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if old := s.storedAtOld(); len(old) != 0 {
		t.Errorf("still stored at v1storage: %v", old)
	}
	if res.Migrated != 25 || res.Gone != 0 || !res.Pruned || !slices.Equal(res.StoredVersions, []string{"v2storage"}) {
		t.Errorf("result %+v, want 25 migrated, pruned to [v2storage]", res)
	}
	sv, cp := crdState(t, c)
	if !slices.Equal(sv, []string{"v2storage"}) || cp != "" {
		t.Errorf("CRD storedVersions %v, checkpoint %q; want [v2storage] and none", sv, cp)
	}
	if len(s.lists) != 7 { // 25 objects in pages of 4
		t.Errorf("%d list calls, want 7 pages: %q", len(s.lists), s.lists)
	}
	last := seen[len(seen)-1]
	if last.Done != 25 || last.Total != 25 || last.Remaining != 0 || last.Rate <= 0 {
		t.Errorf("last progress %+v, want 25 of 25 at a positive rate", last)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i].Done < seen[i-1].Done {
			t.Fatalf("progress went back: %+v after %+v", seen[i], seen[i-1])
		}
	}
}

func TestRunRetriesConflictsAndSkipsDeleted(t *testing.T) {
	s := newStore(10, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	var once sync.Map
	s.beforeUpd = func(k string) {
		if _, done := once.LoadOrStore(k, true); done {
			return
		}
		switch k {
		case "ns0/w0003", "ns1/w0004":
			s.touch(k) // a client wrote it since the list: conflict
		case "ns2/w0005":
			s.mu.Lock()
			delete(s.objects, k) // deleted since the list
			delete(s.stored, k)
			s.mu.Unlock()
		}
	}
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Migrated != 9 || res.Gone != 1 || !res.Pruned {
		t.Errorf("result %+v, want 9 migrated, 1 gone, pruned", res)
	}
	// The concurrent writes survive: the re-store started from the fresh copy.
	for _, k := range []string{"ns0/w0003", "ns1/w0004"} {
		if s.objects[k].GetLabels()["touched"] != "yes" {
			t.Errorf("%s lost the concurrent client's label: %v", k, s.objects[k].GetLabels())
		}
	}
	if old := s.storedAtOld(); len(old) != 0 {
		t.Errorf("still stored at v1storage: %v", old)
	}
}

func TestRunNeverPrunesAfterAFailure(t *testing.T) {
	for _, keepGoing := range []bool{false, true} {
		t.Run(fmt.Sprintf("KeepGoing=%v", keepGoing), func(t *testing.T) {
			s := newStore(12, "v1storage")
			s.failKey = "ns1/w0007"
			c := s.client(t, "v1storage", "v2storage")
			res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 4, Workers: 1, KeepGoing: keepGoing})
			if err == nil || !strings.Contains(err.Error(), "widgets.example.dev ns1/w0007") || !strings.Contains(err.Error(), "bag of spec is not JSON") {
				t.Fatalf("error %v, want one naming ns1/w0007 and the API server's reason", err)
			}
			if res.Pruned {
				t.Error("pruned after a failure")
			}
			sv, cp := crdState(t, c)
			if !slices.Equal(sv, []string{"v1storage", "v2storage"}) {
				t.Errorf("storedVersions %v after a failure, want them untouched", sv)
			}
			if keepGoing && res.Migrated != 11 {
				t.Errorf("KeepGoing migrated %d, want the 11 others", res.Migrated)
			}
			// The checkpoint stays before the failing object's page, so a
			// resumed run tries it again.
			var got checkpoint
			if cp != "" {
				if err := json.Unmarshal([]byte(cp), &got); err != nil {
					t.Fatal(err)
				}
			}
			if got.After >= "ns1/w0007" {
				t.Errorf("checkpoint %q is past the failed object", cp)
			}
			s.failKey = ""
			res, err = Run(context.Background(), c, widgetCRD, Options{PageSize: 4})
			if err != nil || !res.Pruned {
				t.Fatalf("the resumed run: %+v, %v", res, err)
			}
			if old := s.storedAtOld(); len(old) != 0 {
				t.Errorf("still stored at v1storage: %v", old)
			}
		})
	}
}

func TestRunResumesFromTheCheckpoint(t *testing.T) {
	for _, expired := range []bool{false, true} {
		t.Run(fmt.Sprintf("tokenExpired=%v", expired), func(t *testing.T) {
			s := newStore(20, "v1storage")
			c := s.client(t, "v1storage", "v2storage")
			ctx, cancel := context.WithCancel(context.Background())
			// Interrupt the run in its third page.
			s.beforeUpd = func(k string) {
				if k == "ns1/w0013" {
					cancel()
				}
			}
			_, err := Run(ctx, c, widgetCRD, Options{PageSize: 5, Workers: 1})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("the interrupted run: %v, want context.Canceled", err)
			}
			_, cp := crdState(t, c)
			var saved checkpoint
			if err := json.Unmarshal([]byte(cp), &saved); err != nil {
				t.Fatalf("checkpoint %q: %v", cp, err)
			}
			if saved.Done != 10 || saved.StorageVersion != "v2storage" {
				t.Fatalf("checkpoint %+v, want 10 done (two pages) at v2storage", saved)
			}
			if expired {
				s.expire = saved.Continue
			}
			s.beforeUpd = nil
			before := s.updates
			var last Progress
			res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5, Progress: func(p Progress) { last = p }})
			if err != nil {
				t.Fatal(err)
			}
			if res.Resumed != 10 || res.Migrated != 10 || s.updates-before != 10 || !res.Pruned {
				t.Errorf("resumed run %+v with %d updates, want 10 resumed, 10 re-stored, pruned", res, s.updates-before)
			}
			if last.Done != 20 {
				t.Errorf("last progress %+v, want 20 done", last)
			}
			if old := s.storedAtOld(); len(old) != 0 {
				t.Errorf("still stored at v1storage: %v", old)
			}
			if _, cp := crdState(t, c); cp != "" {
				t.Errorf("checkpoint %q left after the migration", cp)
			}
		})
	}
}

func TestRunDryRunChangesNothing(t *testing.T) {
	s := newStore(9, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 2, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.updates != 0 || s.dryRuns != 9 || res.Migrated != 9 || res.Pruned {
		t.Errorf("dry run: %d updates, %d dry runs, result %+v; want 0, 9, nothing pruned", s.updates, s.dryRuns, res)
	}
	if sv, cp := crdState(t, c); !slices.Equal(sv, []string{"v1storage", "v2storage"}) || cp != "" {
		t.Errorf("dry run changed the CRD: storedVersions %v, checkpoint %q", sv, cp)
	}
	if len(s.storedAtOld()) != 9 {
		t.Error("dry run re-stored objects")
	}
}

func TestRunHasNothingToDoWhenOneVersionIsStored(t *testing.T) {
	s := newStore(5, "v2storage")
	c := s.client(t, "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.lists) != 0 || res.Migrated != 0 || res.Pruned {
		t.Errorf("%d lists, result %+v; want nothing done", len(s.lists), res)
	}
	for _, a := range c.Actions() {
		if a.GetVerb() != "get" {
			t.Errorf("a migration with nothing to do sent %s %s", a.GetVerb(), a.GetResource().Resource)
		}
	}
}

func TestRunRateLimits(t *testing.T) {
	s := newStore(6, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	start := time.Now()
	if _, err := Run(context.Background(), c, widgetCRD, Options{Rate: 20, Workers: 4}); err != nil {
		t.Fatal(err)
	}
	// A limiter of 20 per second with a burst of 1 spaces 6 updates by at
	// least 5 × 50 ms.
	if d := time.Since(start); d < 240*time.Millisecond {
		t.Errorf("6 objects at 20 per second took %s, want at least 250 ms", d)
	}
}

func TestRunRefusesPruningWhenTheStorageVersionMoved(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	s.beforeUpd = func(string) {
		u, _ := c.Tracker().Get(crdResource, "", widgetCRD)
		crd := u.(*unstructured.Unstructured)
		vs, _, _ := unstructured.NestedSlice(crd.Object, "spec", "versions")
		vs[0].(map[string]any)["storage"], vs[1].(map[string]any)["storage"] = true, false
		_ = unstructured.SetNestedSlice(crd.Object, vs, "spec", "versions")
		_ = c.Tracker().Update(crdResource, crd, "")
	}
	_, err := Run(context.Background(), c, widgetCRD, Options{})
	if err == nil || !strings.Contains(err.Error(), "now stores v1storage, not v2storage") {
		t.Fatalf("error %v, want the refusal to prune", err)
	}
	if sv, _ := crdState(t, c); !slices.Equal(sv, []string{"v1storage", "v2storage"}) {
		t.Errorf("storedVersions %v, want them untouched", sv)
	}
}

// TestRunIgnoresTheCheckpointOfAnotherStorageVersion: a checkpoint saved
// while another version was the storage version says nothing about what is
// stored at this one: the run starts from the first object, re-stores
// every one and replaces the checkpoint.
func TestRunIgnoresTheCheckpointOfAnotherStorageVersion(t *testing.T) {
	s := newStore(12, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	u, err := c.Tracker().Get(crdResource, "", widgetCRD)
	if err != nil {
		t.Fatal(err)
	}
	crd := u.(*unstructured.Unstructured)
	stale, err := json.Marshal(checkpoint{StorageVersion: "v1storage", After: "ns1/w0010", Done: 9})
	if err != nil {
		t.Fatal(err)
	}
	crd.SetAnnotations(map[string]string{CheckpointAnnotation: string(stale)})
	if err := c.Tracker().Update(crdResource, crd, ""); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 0 || res.Migrated != 12 || s.updates != 12 || !res.Pruned {
		t.Errorf("result %+v with %d updates, want nothing resumed, all 12 re-stored, pruned", res, s.updates)
	}
	if old := s.storedAtOld(); len(old) != 0 {
		t.Errorf("still stored at v1storage: %v", old)
	}
	if _, cp := crdState(t, c); cp != "" {
		t.Errorf("checkpoint %q left after the migration", cp)
	}
}
