package migrate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
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
	sending   func(key string) // called as an update is sent, before the fake client serializes it
	failKey   string           // updates of this key fail with a 500
	expire    string           // this continue token answers 410 Gone
	goOn      bool             // a 410 Gone carries a token to go on from there at the latest revision, as the API server's does
	lists     []string         // continue tokens of the lists, in order
	limits    []int64          // page sizes of the lists, in order

	maxPage        int             // a page of more objects (of heavy, if set) answers 500, as a ConversionReview over the webhook's limit does
	heavy          map[string]bool // the keys of the objects maxPage counts; all if nil
	failList       bool            // every list answers 500, as one with an object that does not convert does
	expireFirstUse bool            // every continue token answers 410 Gone the first time it is used
	expireAlways   bool            // every continue token answers 410 Gone
	unserved       string          // a version the API server does not serve: requests at it answer 404
	conflictKey    string          // updates of this key always conflict: a client writes it every time
	conflicts      int             // updates of conflictKey
	holdKey        string          // updates of this key wait until their context is cancelled
	held           chan any        // closed when the update of holdKey waits; updates of failKey wait for it
	used           map[string]bool
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
	return s.clientFor(t, []any{
		map[string]any{"name": "v1storage", "served": true, "storage": false},
		map[string]any{"name": "v2storage", "served": true, "storage": true},
	}, storedVersions...)
}

// clientFor is client for a CRD with the given spec.versions.
func (s *store) clientFor(t *testing.T, versions []any, storedVersions ...string) *pagedClient {
	t.Helper()
	crd := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": widgetCRD},
		"spec": map[string]any{
			"group":    "example.dev",
			"names":    map[string]any{"plural": "widgets", "kind": "Widget"},
			"scope":    "Namespaced",
			"versions": versions,
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
	if r.GroupResource() != widgets.GroupResource() {
		return ri
	}
	return pagedResource{ri, c.s, r.Version}
}

type pagedResource struct {
	dynamic.NamespaceableResourceInterface
	s       *store
	version string
}

func (r pagedResource) List(_ context.Context, opts metav1.ListOptions) (*unstructured.UnstructuredList, error) {
	if r.version == r.s.unserved {
		return nil, apierrors.NewNotFound(widgets.GroupResource(), "")
	}
	return r.s.list(opts)
}

func (r pagedResource) Namespace(ns string) dynamic.ResourceInterface {
	return heldResource{r.NamespaceableResourceInterface.Namespace(ns), r.s}
}

// heldResource makes the update of holdKey wait for its context (a real
// client's request ends when its context is cancelled), and the update of
// failKey wait until it does.
type heldResource struct {
	dynamic.ResourceInterface
	s *store
}

func (r heldResource) Update(ctx context.Context, obj *unstructured.Unstructured, opts metav1.UpdateOptions, sub ...string) (*unstructured.Unstructured, error) {
	if r.s.sending != nil {
		r.s.sending(key(obj))
	}
	switch k := key(obj); {
	case r.s.holdKey == "":
	case k == r.s.holdKey:
		close(r.s.held)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(5 * time.Second):
			return nil, errors.New("the update was never cancelled")
		}
	case k == r.s.failKey:
		<-r.s.held
	}
	return r.ResourceInterface.Update(ctx, obj, opts, sub...)
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
	s.limits = append(s.limits, opts.Limit)
	if len(s.lists) > 100 {
		return nil, errors.New("listed more than 100 times")
	}
	if opts.Continue != "" && opts.Continue == s.expire {
		s.expire = "" // a real token names its snapshot: a new listing gets new ones
		gone := apierrors.NewResourceExpired("the continue token has expired")
		if s.goOn {
			gone.ErrStatus.ListMeta.Continue = "~" + opts.Continue // the fake's token to go on: the next key, marked
		}
		return nil, gone
	}
	if opts.Continue != "" && (s.expireAlways || s.expireFirstUse && !s.used[opts.Continue]) {
		if s.used == nil {
			s.used = map[string]bool{}
		}
		s.used[opts.Continue] = true
		return nil, apierrors.NewResourceExpired("the continue token has expired")
	}
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion(widgets.GroupVersion().String())
	list.SetKind("WidgetList")
	keys := s.sortedKeys()
	i := 0
	if opts.Continue != "" {
		i, _ = slices.BinarySearch(keys, strings.TrimPrefix(opts.Continue, "~"))
	}
	end := len(keys)
	if s.failList {
		return nil, apierrors.NewInternalError(errors.New("conversion webhook for example.dev/v1, Kind=Widget failed: hubspoke: converting ns0/w0000: bag of spec is not JSON"))
	}
	if s.maxPage > 0 && s.heavyIn(keys[i:min(i+int(opts.Limit), len(keys))]) > s.maxPage {
		return nil, apierrors.NewInternalError(errors.New("conversion webhook for example.dev/v1, Kind=Widget failed: hubspoke: the ConversionReview is more than the limit of 67108864 bytes (webhook.Options.MaxReviewBytes)"))
	}
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

// heavyIn counts the objects of keys that maxPage counts.
func (s *store) heavyIn(keys []string) int {
	if s.heavy == nil {
		return len(keys)
	}
	n := 0
	for _, k := range keys {
		if s.heavy[k] {
			n++
		}
	}
	return n
}

func (s *store) get(a clienttesting.Action) (bool, runtime.Object, error) {
	g := a.(clienttesting.GetActionImpl)
	s.mu.Lock()
	defer s.mu.Unlock()
	if g.Resource.Version == s.unserved {
		return true, nil, apierrors.NewNotFound(widgets.GroupResource(), g.Name)
	}
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
	case !ok || a.GetResource().Version == s.unserved:
		return true, nil, apierrors.NewNotFound(widgets.GroupResource(), u.GetName())
	case k == s.conflictKey && s.conflicts < 100: // then give up, should Run not
		s.conflicts++
		return true, nil, apierrors.NewConflict(widgets.GroupResource(), u.GetName(), errors.New("the object has been modified"))
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
	start := time.Now()
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 4, Workers: 3, Progress: func(p Progress) { seen = append(seen, p) }})
	took := time.Since(start)
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
	// The run took no longer than the test's call: it re-stored at least
	// 25 objects in that time.
	if least := 25 / took.Seconds(); last.Rate < least {
		t.Errorf("last progress %+v: 25 objects in %s is at least %.0f per second", last, took, least)
	}
	for i, p := range seen {
		if p.Total != 25 {
			t.Fatalf("progress %+v, want a total of 25 from the first (the API server counts the objects not yet listed)", p)
		}
		if p.Done < 25 && p.Remaining <= 0 {
			t.Errorf("progress %+v: no time left with objects to do", p)
		}
		if i > 0 && p.Done < seen[i-1].Done {
			t.Fatalf("progress went back: %+v after %+v", p, seen[i-1])
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

// TestRunNeverPrunesAfterAFailure: an object that fails is reported with
// its namespace and name and the API server's reason, storedVersions stays
// as it was, and the checkpoint holds (every object up to its position is
// re-stored, but those it lists as failed). By default the run goes on with
// the others, and the next run tries the failed one again, alone, without
// listing; with MaxFailures < 0 it stops in the failing object's page, and
// the next resumes before it. Until 2026-11-28 the first failure stopped
// every run that was not told to go on, and the checkpoint stayed before
// it for good.
func TestRunNeverPrunesAfterAFailure(t *testing.T) {
	for _, maxFailures := range []int{0, -1} {
		t.Run(fmt.Sprintf("MaxFailures=%d", maxFailures), func(t *testing.T) {
			stops := maxFailures < 0
			s := newStore(12, "v1storage")
			s.failKey = "ns1/w0007"
			c := s.client(t, "v1storage", "v2storage")
			var seen []checkpoint // as the run saves them
			s.beforeUpd = func(string) {
				if cp := savedCheckpoint(t, c); cp != nil {
					seen = append(seen, *cp)
				}
			}
			res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 4, Workers: 1, MaxFailures: maxFailures})
			if err == nil || !strings.Contains(err.Error(), "widgets.example.dev ns1/w0007") || !strings.Contains(err.Error(), "bag of spec is not JSON") {
				t.Fatalf("error %v, want one naming ns1/w0007 and the API server's reason", err)
			}
			if res.Pruned || len(res.Failed) != 1 {
				t.Errorf("result %+v, want 1 failed, nothing pruned", res)
			}
			if sv, _ := crdState(t, c); !slices.Equal(sv, []string{"v1storage", "v2storage"}) {
				t.Errorf("storedVersions %v after a failure, want them untouched", sv)
			}
			old := s.storedAtOld()
			if !stops && (res.Migrated != 11 || !slices.Equal(old, []string{"ns1/w0007"})) {
				t.Errorf("result %+v, still stored at v1storage %v; want the 11 others re-stored", res, old)
			}
			// Stopped in the failing object's page (ns1): the next page
			// (ns2) is not touched.
			if stops && !slices.Contains(old, "ns2/w0002") {
				t.Errorf("still stored at v1storage after stopping at ns1/w0007: %v, want ns2's objects too", old)
			}
			cp := savedCheckpoint(t, c)
			if cp == nil {
				t.Fatal("no checkpoint after a failure")
			}
			for _, saved := range append(seen, *cp) {
				checkpointHolds(t, s, saved)
			}
			if !stops && (!cp.Listed || !slices.Equal(cp.Failed, []string{"ns1/w0007"}) || cp.Done != 11) {
				t.Errorf("checkpoint %+v, want every object listed, 11 done, ns1/w0007 failed", *cp)
			}
			if stops && (cp.After >= "ns1/w0007" || len(cp.Failed) != 0) {
				t.Errorf("checkpoint %+v, want it before the failing object's page", *cp)
			}

			// The next run: while ns1/w0007 still fails, it is the
			// one object tried, and the checkpoint stays.
			if !stops {
				lists, updates := len(s.lists), s.updates
				res, err = Run(context.Background(), c, widgetCRD, Options{PageSize: 4})
				if err == nil || !strings.Contains(err.Error(), "widgets.example.dev ns1/w0007") || res.Pruned || res.Resumed != 11 {
					t.Fatalf("the run after: %+v, %v; want ns1/w0007 to fail again, 11 resumed", res, err)
				}
				if again := savedCheckpoint(t, c); again == nil || !reflect.DeepEqual(*again, *cp) {
					t.Errorf("checkpoint %+v after a run in which ns1/w0007 failed again, want %+v", again, *cp)
				}
				if len(s.lists) != lists || s.updates != updates {
					t.Errorf("the run after listed %d times and re-stored %d objects, want ns1/w0007 tried alone", len(s.lists)-lists, s.updates-updates)
				}
			}
			s.failKey, s.beforeUpd = "", nil
			lists, updates := len(s.lists), s.updates
			res, err = Run(context.Background(), c, widgetCRD, Options{PageSize: 4})
			if err != nil || !res.Pruned {
				t.Fatalf("the resumed run: %+v, %v", res, err)
			}
			if old := s.storedAtOld(); len(old) != 0 {
				t.Errorf("still stored at v1storage: %v", old)
			}
			if !stops && (len(s.lists) != lists || s.updates != updates+1 || res.Migrated != 1 || res.Resumed != 11) {
				t.Errorf("the resumed run: %+v after %d lists, %d updates; want ns1/w0007 alone re-stored, nothing listed", res, len(s.lists)-lists, s.updates-updates)
			}
			if _, cp := crdState(t, c); cp != "" {
				t.Errorf("checkpoint %q left after the migration", cp)
			}
		})
	}
}

// savedCheckpoint is the checkpoint the CRD holds, if any.
func savedCheckpoint(t *testing.T, c *pagedClient) *checkpoint {
	t.Helper()
	u, err := c.Tracker().Get(crdResource, "", widgetCRD)
	if err != nil {
		t.Fatal(err)
	}
	text, ok := u.(*unstructured.Unstructured).GetAnnotations()[CheckpointAnnotation]
	if !ok {
		return nil
	}
	var cp checkpoint
	if err := json.Unmarshal([]byte(text), &cp); err != nil {
		t.Fatalf("checkpoint %q: %v", text, err)
	}
	return &cp
}

// checkpointHolds checks that every object up to cp.After is stored at the
// storage version but those cp.Failed lists: a run that resumes from cp
// re-stores those and the objects after After, and prunes.
func checkpointHolds(t *testing.T, s *store, cp checkpoint) {
	t.Helper()
	for _, k := range s.storedAtOld() {
		if k <= cp.After && !slices.Contains(cp.Failed, k) || cp.Listed && !slices.Contains(cp.Failed, k) {
			t.Errorf("checkpoint %+v counts %s as done, which is stored at v1storage", cp, k)
		}
	}
}

// TestRunResumesFromTheCheckpoint: an interrupted run resumes from its
// checkpoint's continue token; when the token has expired (410 Gone), from
// the token to go on the API server's answer carries (the remainder at its
// latest revision, as kube-storage-version-migrator does), or, without one,
// from the first object again, skipping those done. Until 2026-11-28 it
// always listed from the first object again: with pages slower than etcd's
// compactions (--rate), every page listed every object before it again.
func TestRunResumesFromTheCheckpoint(t *testing.T) {
	for _, token := range []string{"live", "expired", "expired, go on"} {
		t.Run(token, func(t *testing.T) {
			expired := token != "live"
			s := newStore(20, "v1storage")
			c := s.client(t, "v1storage", "v2storage")
			ctx, cancel := context.WithCancel(context.Background())
			// Interrupt the run in its third page.
			s.beforeUpd = func(k string) {
				if k == "ns1/w0013" {
					cancel()
				}
			}
			res, err := Run(ctx, c, widgetCRD, Options{PageSize: 5, Workers: 1})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("the interrupted run: %v, want context.Canceled", err)
			}
			// ns1/w0013, whose update was under way, counts too.
			if res.Migrated != s.updates {
				t.Errorf("the interrupted run says it re-stored %d objects; it updated %d", res.Migrated, s.updates)
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
				s.expire, s.goOn = saved.Continue, token == "expired, go on"
			}
			s.beforeUpd = nil
			before, lists := s.updates, len(s.lists)
			var last Progress
			res, err = Run(context.Background(), c, widgetCRD, Options{PageSize: 5, Progress: func(p Progress) {
				if last = p; p.Total != 20 {
					t.Errorf("progress %+v of the resumed run, want a total of 20", p)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Resumed != 10 || res.Migrated != 10 || s.updates-before != 10 || !res.Pruned {
				t.Errorf("resumed run %+v with %d updates, want 10 resumed, 10 re-stored, pruned", res, s.updates-before)
			}
			want := map[string][]string{
				"live":           {saved.Continue, "ns2/w0005"},
				"expired":        {saved.Continue, "", "ns0/w0015", "ns1/w0010", "ns2/w0005"},
				"expired, go on": {saved.Continue, "~" + saved.Continue, "ns2/w0005"},
			}[token]
			if got := s.lists[lists:]; !slices.Equal(got, want) {
				t.Errorf("the resumed run listed with tokens %q, want %q", got, want)
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
	var seen []Progress
	res, err := Run(context.Background(), c, widgetCRD, Options{Progress: func(p Progress) { seen = append(seen, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.lists) != 0 || res.Migrated != 0 || res.Pruned {
		t.Errorf("%d lists, result %+v; want nothing done", len(s.lists), res)
	}
	if want := []Progress{{}}; !slices.Equal(seen, want) {
		t.Errorf("progress %+v, want once, all zero (nothing left, no time)", seen)
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
	res, err := Run(context.Background(), c, widgetCRD, Options{Rate: 20, Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	if old := s.storedAtOld(); len(old) != 0 || s.updates != 6 || res.Migrated != 6 {
		t.Errorf("%d updates, result %+v; still stored at v1storage: %v", s.updates, res, old)
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

// threeVersions are the versions of a CRD that stores v2storage and also
// has v3storage.
var threeVersions = []any{
	map[string]any{"name": "v1storage", "served": true, "storage": false},
	map[string]any{"name": "v2storage", "served": true, "storage": true},
	map[string]any{"name": "v3storage", "served": true, "storage": false},
}

// TestRunRefusesPruningWhenTheStorageVersionMovedAndBack: while the
// objects are re-stored, the storage version moves to v3storage and back
// (the API server adds v3storage to storedVersions): objects written in
// between are stored at v3storage, so the run must not prune it.
func TestRunRefusesPruningWhenTheStorageVersionMovedAndBack(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.clientFor(t, threeVersions, "v1storage", "v2storage")
	s.beforeUpd = func(string) {
		u, _ := c.Tracker().Get(crdResource, "", widgetCRD)
		crd := u.(*unstructured.Unstructured)
		_ = unstructured.SetNestedStringSlice(crd.Object, []string{"v1storage", "v2storage", "v3storage"}, "status", "storedVersions")
		_ = c.Tracker().Update(crdResource, crd, "")
	}
	_, err := Run(context.Background(), c, widgetCRD, Options{})
	if err == nil || !strings.Contains(err.Error(), "gained [v3storage]") {
		t.Fatalf("error %v, want the refusal to prune naming v3storage", err)
	}
	if sv, _ := crdState(t, c); !slices.Equal(sv, []string{"v1storage", "v2storage", "v3storage"}) {
		t.Errorf("storedVersions %v, want them untouched", sv)
	}
}

// TestRunStartsOverWhenStoredVersionsGrewSinceTheCheckpoint: a checkpoint
// of this storage version, saved before the storage version moved to
// v3storage and back, says nothing about the objects written at v3storage
// meanwhile (some among those it counts as done): the run starts from the
// first object, and then may prune. A checkpoint of an earlier release,
// without storedVersions, is still resumed.
func TestRunStartsOverWhenStoredVersionsGrewSinceTheCheckpoint(t *testing.T) {
	s := newStore(12, "v1storage")
	c := s.clientFor(t, threeVersions, "v1storage", "v2storage", "v3storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v2storage", After: "ns1/w0010", Done: 9, StoredVersions: []string{"v1storage", "v2storage"}})
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 0 || res.Migrated != 12 || !res.Pruned {
		t.Errorf("result %+v, want nothing resumed, all 12 re-stored, pruned", res)
	}
	if sv, cp := crdState(t, c); !slices.Equal(sv, []string{"v2storage"}) || cp != "" {
		t.Errorf("storedVersions %v and checkpoint %q, want [v2storage] and none", sv, cp)
	}

	s = newStore(12, "v1storage")
	c = s.clientFor(t, threeVersions, "v1storage", "v2storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v2storage", After: "ns1/w0010", Done: 9})
	if res, err = Run(context.Background(), c, widgetCRD, Options{PageSize: 5}); err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 9 {
		t.Errorf("an earlier release's checkpoint: resumed %d, want 9", res.Resumed)
	}
}

// TestRunCheckpointKeepsTheStoredVersionsItBeganWith: each checkpoint a
// run saves holds storedVersions as they were when the run began (a run
// resumes a checkpoint only while they hold no other version).
func TestRunCheckpointKeepsTheStoredVersionsItBeganWith(t *testing.T) {
	s := newStore(12, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	began := []string{"v1storage", "v2storage"}
	var seen []checkpoint
	s.beforeUpd = func(string) {
		u, _ := c.Tracker().Get(crdResource, "", widgetCRD)
		if text := u.(*unstructured.Unstructured).GetAnnotations()[CheckpointAnnotation]; text != "" {
			var cp checkpoint
			if err := json.Unmarshal([]byte(text), &cp); err != nil {
				t.Error(err)
			}
			seen = append(seen, cp)
		}
	}
	if _, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 {
		t.Fatal("no checkpoint seen during the run")
	}
	for _, cp := range seen {
		if !slices.Equal(cp.StoredVersions, began) {
			t.Fatalf("checkpoint %+v, want storedVersions %v", cp, began)
		}
	}
}

// TestRunIgnoresTheCheckpointOfAnotherStorageVersion: a checkpoint saved
// while another version was the storage version says nothing about what is
// stored at this one: the run starts from the first object, re-stores
// every one and replaces the checkpoint.
func TestRunIgnoresTheCheckpointOfAnotherStorageVersion(t *testing.T) {
	s := newStore(12, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v1storage", After: "ns1/w0010", Done: 9})
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

// setCheckpoint writes cp into the CRD's checkpoint annotation, as an
// earlier run would have.
func setCheckpoint(t *testing.T, c *pagedClient, cp checkpoint) {
	t.Helper()
	u, err := c.Tracker().Get(crdResource, "", widgetCRD)
	if err != nil {
		t.Fatal(err)
	}
	crd := u.(*unstructured.Unstructured)
	text, err := json.Marshal(cp)
	if err != nil {
		t.Fatal(err)
	}
	crd.SetAnnotations(map[string]string{CheckpointAnnotation: string(text)})
	if err := c.Tracker().Update(crdResource, crd, ""); err != nil {
		t.Fatal(err)
	}
}

// TestRunClearsAStaleCheckpoint: with nothing left to migrate, a checkpoint
// of another storage version is removed, so that it cannot mislead a later
// run.
func TestRunClearsAStaleCheckpoint(t *testing.T) {
	s := newStore(3, "v2storage")
	c := s.client(t, "v2storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v1storage", After: "ns1/w0001", Done: 2})
	if _, err := Run(context.Background(), c, widgetCRD, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, cp := crdState(t, c); cp != "" {
		t.Errorf("checkpoint %q left", cp)
	}
}

// TestRunDefaults: the zero Options list in pages of 500.
func TestRunDefaults(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	if _, err := Run(context.Background(), c, widgetCRD, Options{}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.limits, []int64{500}) {
		t.Errorf("page sizes %v, want [500]", s.limits)
	}
}

// TestRunWithNoObjects: a resource without objects has nothing stored at the
// old version: storedVersions is pruned.
func TestRunWithNoObjects(t *testing.T) {
	s := newStore(0, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err != nil || !res.Pruned || res.Migrated != 0 {
		t.Fatalf("result %+v, %v; want pruned, nothing re-stored", res, err)
	}
	if sv, _ := crdState(t, c); !slices.Equal(sv, []string{"v2storage"}) {
		t.Errorf("storedVersions %v, want [v2storage]", sv)
	}
}

// TestRunReadsAtAServedVersion: when the CRD no longer serves its storage
// version, the objects are read and written at a version it serves.
func TestRunReadsAtAServedVersion(t *testing.T) {
	s := newStore(4, "v1storage")
	s.unserved = "v2storage"
	c := s.clientFor(t, []any{
		map[string]any{"name": "v1storage", "served": true, "storage": false},
		map[string]any{"name": "v2storage", "served": false, "storage": true},
	}, "v1storage", "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resource.Version != "v1storage" || res.Migrated != 4 || !res.Pruned {
		t.Errorf("result %+v, want 4 re-stored at v1storage, pruned", res)
	}
	if old := s.storedAtOld(); len(old) != 0 {
		t.Errorf("still stored at v1storage: %v", old)
	}
}

// TestRunRefusesACRDItCannotMigrate: a CRD that serves no version (its
// objects cannot be read), or declares no storage version (there is no
// version to re-store at, nor one to prune storedVersions to), is refused
// before anything is listed, written or pruned.
func TestRunRefusesACRDItCannotMigrate(t *testing.T) {
	for _, tc := range []struct {
		name             string
		served, storage2 bool
		want             string
	}{
		{"serves no version", false, true, "CRD widgets.example.dev serves no version"},
		{"no storage version", true, false, "CRD widgets.example.dev declares no storage version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(2, "v1storage")
			c := s.clientFor(t, []any{
				map[string]any{"name": "v1storage", "served": tc.served, "storage": false},
				map[string]any{"name": "v2storage", "served": tc.served, "storage": tc.storage2},
			}, "v1storage", "v2storage")
			_, err := Run(context.Background(), c, widgetCRD, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			if sv, _ := crdState(t, c); len(s.lists) != 0 || s.updates != 0 || !slices.Equal(sv, []string{"v1storage", "v2storage"}) {
				t.Errorf("%d lists, %d updates, storedVersions %v; want nothing done", len(s.lists), s.updates, sv)
			}
		})
	}
}

// TestRunListsAgainAfterEachExpiredToken: a continue token that expires
// makes the run list from the start again, skipping the objects done, as
// often as that makes progress; when it does not, the run gives up rather
// than list for ever.
func TestRunListsAgainAfterEachExpiredToken(t *testing.T) {
	s := newStore(15, "v1storage")
	s.expireFirstUse = true
	c := s.client(t, "v1storage", "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5, Progress: func(p Progress) {
		if p.Total != 15 {
			t.Errorf("progress %+v, want a total of 15", p)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Migrated != 15 || s.updates != 15 || !res.Pruned {
		t.Errorf("result %+v with %d updates, want 15 re-stored once each, pruned", res, s.updates)
	}

	s = newStore(15, "v1storage")
	s.expireAlways = true
	c = s.client(t, "v1storage", "v2storage")
	res, err = Run(context.Background(), c, widgetCRD, Options{PageSize: 5})
	if !apierrors.IsResourceExpired(err) || res.Pruned {
		t.Fatalf("result %+v, %v; want the expiry, nothing pruned", res, err)
	}
	if len(s.lists) != 4 { // the first page, its token, the first page again, its token
		t.Errorf("%d lists %q, want 4", len(s.lists), s.lists)
	}
}

// TestRunPrunesPastAnObjectThatKeepsChanging: an object whose every update
// conflicts, as a client that may update it can make it (writing it again
// and again), is tried maxConflicts times and then counted as re-stored:
// each conflict is a write since the listing, which the API server stored
// at the storage version. Reported as a failure, it kept status.storedVersions
// from ever being pruned while the client kept writing.
func TestRunPrunesPastAnObjectThatKeepsChanging(t *testing.T) {
	s := newStore(3, "v1storage")
	s.conflictKey = "ns1/w0001"
	c := s.client(t, "v1storage", "v2storage")
	s.beforeUpd = func(k string) {
		if k == s.conflictKey {
			s.touch(k) // the client's write, which its conflict reports
		}
	}
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err != nil || !res.Pruned {
		t.Fatalf("result %+v, %v; want pruned", res, err)
	}
	if s.conflicts != maxConflicts || res.Migrated != 3 || len(res.Failed) != 0 {
		t.Errorf("%d updates of ns1/w0001, result %+v; want %d, and 3 re-stored", s.conflicts, res, maxConflicts)
	}
	if old := s.storedAtOld(); len(old) != 0 {
		t.Errorf("still stored at v1storage: %v", old)
	}
}

// TestRunStopsAtTheFirstFailure: with MaxFailures < 0, the first object
// that fails stops the updates in flight; they are not failures of their
// own, and the error is the object's.
func TestRunStopsAtTheFirstFailure(t *testing.T) {
	s := newStore(6, "v1storage")
	s.failKey, s.holdKey, s.held = "ns0/w0000", "ns0/w0003", make(chan any)
	c := s.client(t, "v1storage", "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{Workers: 2, MaxFailures: -1})
	if err == nil || errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "bag of spec is not JSON") {
		t.Fatalf("error %v, want the failing object's", err)
	}
	if len(res.Failed) != 1 || !strings.Contains(res.Failed[0].Error(), "ns0/w0000") {
		t.Errorf("failed %q, want ns0/w0000 alone", res.Failed)
	}
}

// TestRunStopsAfterMaxFailures: a run goes on past MaxFailures failing
// objects (100 by default), reporting each with its namespace and name;
// one more stops it, as a fault they share (the webhook is down) would
// fail every object. A value over 1000 is refused: the checkpoint lists
// the failed objects.
func TestRunStopsAfterMaxFailures(t *testing.T) {
	for _, tc := range []struct {
		objects, maxFailures, failed int
	}{
		{5, 0, 5},   // the default: each reported
		{20, 3, 4},  // stopped at the fourth
		{20, -1, 1}, // stopped at the first
	} {
		t.Run(fmt.Sprintf("%d objects, MaxFailures=%d", tc.objects, tc.maxFailures), func(t *testing.T) {
			s := newStore(tc.objects, "v1storage")
			c := s.client(t, "v1storage", "v2storage")
			tried := 0
			c.PrependReactor("update", "widgets", func(clienttesting.Action) (bool, runtime.Object, error) {
				tried++
				return true, nil, apierrors.NewInternalError(errors.New("conversion webhook is down"))
			})
			res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 8, Workers: 1, MaxFailures: tc.maxFailures})
			// With one worker, the update after the one that stops the
			// run may be on its way: its context is cancelled, which the
			// fake client does not see.
			stopped := tc.failed < tc.objects
			if err == nil || res.Pruned || len(res.Failed) != tc.failed || tried < tc.failed || tried > tc.failed+1 || !stopped && tried != tc.failed {
				t.Fatalf("result %+v after %d updates, %v; want %d failed, as many tried", res, tried, err, tc.failed)
			}
			for _, k := range s.sortedKeys()[:tc.failed] {
				if !strings.Contains(err.Error(), "widgets.example.dev "+k+": Internal error occurred: conversion webhook is down") {
					t.Errorf("error %v does not report %s", err, k)
				}
			}
			if want := fmt.Sprintf("stopped after %d objects failed, more than the %d", tc.failed, tc.maxFailures); tc.maxFailures > 0 && !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want %q", err, want)
			}
		})
	}
	s := newStore(1, "v1storage")
	if _, err := Run(context.Background(), s.client(t, "v1storage", "v2storage"), widgetCRD, Options{MaxFailures: 1001}); err == nil || len(s.lists) != 0 {
		t.Errorf("MaxFailures 1001: %v after %d lists, want a refusal", err, len(s.lists))
	}
}

// TestRunInterruptedSaysWhatFailed: a run interrupted after objects
// failed says which, with the interruption.
func TestRunInterruptedSaysWhatFailed(t *testing.T) {
	s := newStore(10, "v1storage")
	keys := s.sortedKeys()
	s.failKey = keys[1]
	c := s.client(t, "v1storage", "v2storage")
	ctx, cancel := context.WithCancel(context.Background())
	s.beforeUpd = func(k string) {
		if k == keys[5] {
			cancel()
		}
	}
	res, err := Run(ctx, c, widgetCRD, Options{Workers: 1})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "and 1 objects failed before") || !strings.Contains(err.Error(), "widgets.example.dev "+keys[1]+": ") || len(res.Failed) != 1 {
		t.Errorf("result %+v, %v; want the interruption and the failure of %s", res, err, keys[1])
	}
}

// TestRunRetriesTheObjectsACheckpointListsAsFailed: a run resumes from a
// checkpoint by trying again the objects it lists as failed (reading each
// first: one deleted meanwhile is gone), then lists on from its token.
func TestRunRetriesTheObjectsACheckpointListsAsFailed(t *testing.T) {
	s := newStore(12, "v1storage")
	keys := s.sortedKeys()
	for _, k := range keys[:6] {
		if k != keys[2] && k != keys[4] {
			s.stored[k] = "v2storage" // done by the earlier run
		}
	}
	delete(s.objects, keys[4]) // deleted since
	delete(s.stored, keys[4])
	c := s.client(t, "v1storage", "v2storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v2storage", Continue: keys[6], After: keys[5], Failed: []string{keys[2], keys[4]}, Done: 4})
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 4 || res.Migrated != 7 || res.Gone != 1 || s.updates != 7 || !res.Pruned {
		t.Errorf("result %+v with %d updates, want 4 resumed, 7 re-stored (%s and the 6 after %s), 1 gone, pruned", res, s.updates, keys[2], keys[5])
	}
	if want := []string{keys[6], keys[11]}; !slices.Equal(s.lists, want) {
		t.Errorf("lists with tokens %q, want %q: on from the checkpoint", s.lists, want)
	}
	if old := s.storedAtOld(); len(old) != 0 {
		t.Errorf("still stored at v1storage: %v", old)
	}
}

// TestRunProgressBeforeAnyObjectIsDone: before the first object is
// re-stored the rate is 0 and the time left unknown (0), not infinite.
func TestRunProgressBeforeAnyObjectIsDone(t *testing.T) {
	s := newStore(3, "v1storage")
	s.failKey = "ns0/w0000"
	c := s.client(t, "v1storage", "v2storage")
	var seen []Progress
	_, err := Run(context.Background(), c, widgetCRD, Options{Workers: 1, Progress: func(p Progress) { seen = append(seen, p) }})
	if err == nil {
		t.Fatal("no error for the failing object")
	}
	if len(seen) == 0 || seen[0] != (Progress{Total: 3}) {
		t.Errorf("progress %+v, want the first 0 of 3 at no rate, the time left unknown", seen)
	}
}

// TestRunReportsStoredVersionsPrunedByAnother: when another run prunes
// storedVersions meanwhile, the result says what the CRD holds at the end.
func TestRunReportsStoredVersionsPrunedByAnother(t *testing.T) {
	s := newStore(2, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	var once sync.Once
	s.beforeUpd = func(string) {
		once.Do(func() {
			u, _ := c.Tracker().Get(crdResource, "", widgetCRD)
			crd := u.(*unstructured.Unstructured)
			_ = unstructured.SetNestedStringSlice(crd.Object, []string{"v2storage"}, "status", "storedVersions")
			_ = c.Tracker().Update(crdResource, crd, "")
		})
	}
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pruned || !slices.Equal(res.StoredVersions, []string{"v2storage"}) {
		t.Errorf("result %+v, want storedVersions [v2storage], pruned by the other", res)
	}
}

// TestRunSaysWhenPruningFails: an error writing the CRD's status names the
// CRD and the versions; a conflict is retried.
func TestRunSaysWhenPruningFails(t *testing.T) {
	s := newStore(2, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	statusUpdates := 0
	c.PrependReactor("update", "customresourcedefinitions", func(a clienttesting.Action) (bool, runtime.Object, error) {
		if a.GetSubresource() != "status" {
			return false, nil, nil
		}
		if statusUpdates++; statusUpdates == 1 {
			return true, nil, apierrors.NewConflict(crdResource.GroupResource(), widgetCRD, errors.New("the object has been modified"))
		}
		return true, nil, apierrors.NewForbidden(crdResource.GroupResource(), widgetCRD, errors.New("no RBAC rule"))
	})
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if statusUpdates != 2 || !apierrors.IsForbidden(err) || res.Pruned ||
		!strings.Contains(err.Error(), "pruning status.storedVersions of CRD widgets.example.dev from [v1storage v2storage] to [v2storage]") {
		t.Errorf("%d status updates, result %+v, %v; want the conflict retried, then the refusal naming the CRD", statusUpdates, res, err)
	}
}

// TestRunMigratesWhenTheOneStoredVersionIsAnother: a CRD whose
// storedVersions names one version, not the storage version (the storage
// moved, and no object has been written since), has everything to do.
func TestRunMigratesWhenTheOneStoredVersionIsAnother(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.client(t, "v1storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Migrated != 3 || !res.Pruned || len(s.storedAtOld()) != 0 {
		t.Errorf("result %+v, still stored at v1storage %v; want 3 re-stored, pruned", res, s.storedAtOld())
	}
	if sv, _ := crdState(t, c); !slices.Equal(sv, []string{"v2storage"}) {
		t.Errorf("storedVersions %v, want [v2storage]", sv)
	}
}

// TestRunRestartIgnoresTheCheckpoint: with Restart, a checkpoint of the
// same storage version is ignored, and every object is re-stored.
func TestRunRestartIgnoresTheCheckpoint(t *testing.T) {
	s := newStore(12, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v2storage", After: "ns1/w0010", Done: 9})
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5, Restart: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 0 || res.Migrated != 12 || s.updates != 12 || !res.Pruned || len(s.storedAtOld()) != 0 {
		t.Errorf("result %+v with %d updates, want nothing resumed, all 12 re-stored, pruned", res, s.updates)
	}
	if _, cp := crdState(t, c); cp != "" {
		t.Errorf("checkpoint %q left after the migration", cp)
	}
}

// TestRunResumesWithTheCheckpointsToken: a resumed run lists on from the
// continue token it saved, not from the first object again.
func TestRunResumesWithTheCheckpointsToken(t *testing.T) {
	s := newStore(12, "v1storage")
	keys := s.sortedKeys()
	c := s.client(t, "v1storage", "v2storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v2storage", Continue: keys[5], After: keys[4], Done: 5})
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{keys[5], keys[10]}; !slices.Equal(s.lists, want) {
		t.Errorf("lists with tokens %q, want %q: on from the checkpoint", s.lists, want)
	}
	if res.Resumed != 5 || res.Migrated != 7 || s.updates != 7 {
		t.Errorf("result %+v with %d updates, want 5 resumed, 7 re-stored", res, s.updates)
	}
}

// TestRunCheckpointCountsEveryObjectHandled: the checkpoint's count of the
// objects done includes those deleted meanwhile, and the progress of the
// run that resumes from it ends at the total.
func TestRunCheckpointCountsEveryObjectHandled(t *testing.T) {
	s := newStore(15, "v1storage")
	keys := s.sortedKeys()
	c := s.client(t, "v1storage", "v2storage")
	ctx, cancel := context.WithCancel(context.Background())
	s.beforeUpd = func(k string) {
		switch k {
		case keys[1]: // deleted since the list
			s.mu.Lock()
			delete(s.objects, k)
			delete(s.stored, k)
			s.mu.Unlock()
		case keys[11]: // interrupt the run in its third page
			cancel()
		}
	}
	var last Progress
	res, err := Run(ctx, c, widgetCRD, Options{PageSize: 5, Workers: 1, Progress: func(p Progress) { last = p }})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the interrupted run: %v, want context.Canceled", err)
	}
	if res.Gone != 1 || last.Done != res.Gone+res.Migrated {
		t.Errorf("result %+v, last progress %+v; want 1 gone, every object handled done", res, last)
	}
	_, cp := crdState(t, c)
	var saved checkpoint
	if err := json.Unmarshal([]byte(cp), &saved); err != nil {
		t.Fatalf("checkpoint %q: %v", cp, err)
	}
	if saved.Done != 10 || saved.After != keys[9] {
		t.Errorf("checkpoint %+v, want 10 done (two pages, one object deleted) after %s", saved, keys[9])
	}
}

// TestRunWorkers: Options.Workers updates are in flight at a time, 4 by
// default, and never more.
func TestRunWorkers(t *testing.T) {
	for _, workers := range []int{0, 2} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) {
			want := workers
			if want == 0 {
				want = 4
			}
			s := newStore(9, "v1storage")
			c := s.client(t, "v1storage", "v2storage")
			var mu sync.Mutex
			inFlight, most, reached, gaveUp := 0, 0, false, false
			s.sending = func(string) {
				mu.Lock()
				inFlight++
				most = max(most, inFlight)
				// Wait until want updates are in flight (once), so that
				// fewer workers show.
				deadline := time.Now().Add(time.Second)
				for !reached && !gaveUp && inFlight < want {
					if time.Now().After(deadline) {
						gaveUp = true
						break
					}
					mu.Unlock()
					time.Sleep(time.Millisecond)
					mu.Lock()
				}
				reached = reached || inFlight >= want
				mu.Unlock()
				time.Sleep(2 * time.Millisecond) // let more updates start, should they
				mu.Lock()
				inFlight--
				mu.Unlock()
			}
			res, err := Run(context.Background(), c, widgetCRD, Options{Workers: workers})
			if err != nil || res.Migrated != 9 {
				t.Fatalf("result %+v, %v; want 9 re-stored", res, err)
			}
			if most != want || gaveUp {
				t.Errorf("at most %d updates in flight (waited in vain for %d: %v), want %d", most, want, gaveUp, want)
			}
		})
	}
}

// TestRunSkipsAnObjectDeletedAfterAConflict: an object that a client
// writes and then deletes before it is read again is gone, not failed.
func TestRunSkipsAnObjectDeletedAfterAConflict(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	const k = "ns1/w0001"
	var once sync.Once
	s.beforeUpd = func(key string) {
		if key == k {
			once.Do(func() { s.touch(k) }) // a client wrote it since the list: conflict
		}
	}
	c.PrependReactor("get", "widgets", func(a clienttesting.Action) (bool, runtime.Object, error) {
		g := a.(clienttesting.GetActionImpl)
		if g.Namespace+"/"+g.Name != k {
			return false, nil, nil
		}
		s.mu.Lock()
		delete(s.objects, k) // and deleted it before the re-read
		delete(s.stored, k)
		s.mu.Unlock()
		return true, nil, apierrors.NewNotFound(widgets.GroupResource(), g.Name)
	})
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Migrated != 2 || res.Gone != 1 || len(res.Failed) != 0 || !res.Pruned {
		t.Errorf("result %+v, want 2 re-stored, 1 gone, pruned", res)
	}
}

// TestRunRateCountsThisRunsObjectsOnly: the rate of a resumed run leaves
// out the objects the earlier run handled: before this run has handled
// one, it is 0.
func TestRunRateCountsThisRunsObjectsOnly(t *testing.T) {
	s := newStore(12, "v1storage")
	keys := s.sortedKeys()
	s.failKey = keys[5]
	c := s.client(t, "v1storage", "v2storage")
	setCheckpoint(t, c, checkpoint{StorageVersion: "v2storage", Continue: keys[5], After: keys[4], Done: 5})
	var seen []Progress
	_, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 5, Workers: 1, Progress: func(p Progress) { seen = append(seen, p) }})
	if err == nil {
		t.Fatal("no error for the failing object")
	}
	if len(seen) == 0 || seen[0] != (Progress{Done: 5, Total: 12}) {
		t.Errorf("progress %+v, want the first 5 of 12 (all resumed) at no rate", seen)
	}
	if last := seen[len(seen)-1]; last.Done != 11 || last.Rate <= 0 {
		t.Errorf("last progress %+v, want 11 done at a positive rate", last)
	}
}

// TestRunStopsWhenTheCheckpointCannotBeSaved: an error recording the
// checkpoint stops the run, naming the annotation; nothing is pruned.
func TestRunStopsWhenTheCheckpointCannotBeSaved(t *testing.T) {
	s := newStore(5, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	c.PrependReactor("patch", "customresourcedefinitions", func(clienttesting.Action) (bool, runtime.Object, error) {
		return true, nil, apierrors.NewForbidden(crdResource.GroupResource(), widgetCRD, errors.New("no RBAC rule"))
	})
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 2})
	if !apierrors.IsForbidden(err) || !strings.Contains(err.Error(), "recording the checkpoint in annotation "+CheckpointAnnotation) || res.Pruned {
		t.Fatalf("result %+v, %v; want the refusal to record the checkpoint, nothing pruned", res, err)
	}
	if res.Migrated != 2 || len(s.lists) != 1 {
		t.Errorf("result %+v after %d lists, want the first page of 2 re-stored, no other listed", res, len(s.lists))
	}
	if sv, _ := crdState(t, c); !slices.Equal(sv, []string{"v1storage", "v2storage"}) {
		t.Errorf("storedVersions %v, want them untouched", sv)
	}
}

// TestRunRefusesAnAnnotationThatIsNotACheckpoint: a run does not guess
// where to start from an annotation it cannot read; with Restart it does
// not read it.
func TestRunRefusesAnAnnotationThatIsNotACheckpoint(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	u, err := c.Tracker().Get(crdResource, "", widgetCRD)
	if err != nil {
		t.Fatal(err)
	}
	crd := u.(*unstructured.Unstructured)
	crd.SetAnnotations(map[string]string{CheckpointAnnotation: "ns1/w0001"})
	if err := c.Tracker().Update(crdResource, crd, ""); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), c, widgetCRD, Options{})
	if err == nil || !strings.Contains(err.Error(), "annotation "+CheckpointAnnotation+" is not a checkpoint") {
		t.Fatalf("error %v, want one saying the annotation is not a checkpoint", err)
	}
	if len(s.lists) != 0 || s.updates != 0 {
		t.Errorf("%d lists, %d updates; want nothing done", len(s.lists), s.updates)
	}
	res, err := Run(context.Background(), c, widgetCRD, Options{Restart: true})
	if err != nil || res.Migrated != 3 || !res.Pruned {
		t.Fatalf("with Restart: result %+v, %v; want 3 re-stored, pruned", res, err)
	}
	if _, cp := crdState(t, c); cp != "" {
		t.Errorf("checkpoint %q left after the migration", cp)
	}
}

// TestRunCountsOnlyTheObjectsUpdated: an interrupted run with a rate
// limit counts the objects it updated, not those that were waiting for
// their turn.
func TestRunCountsOnlyTheObjectsUpdated(t *testing.T) {
	s := newStore(6, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	ctx, cancel := context.WithCancel(context.Background())
	s.beforeUpd = func(string) { cancel() }
	res, err := Run(ctx, c, widgetCRD, Options{Rate: 5, Workers: 4})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the interrupted run: %v, want context.Canceled", err)
	}
	if res.Migrated != s.updates || len(res.Failed) != 0 {
		t.Errorf("result %+v after %d updates, want them counted alone, no failure", res, s.updates)
	}
}

// TestRunTotalCountsObjectsCreatedMeanwhile: objects created while the run
// works add to the total it reports, which is never below the count done.
func TestRunTotalCountsObjectsCreatedMeanwhile(t *testing.T) {
	s := newStore(4, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	var once sync.Once
	s.beforeUpd = func(string) {
		once.Do(func() {
			s.mu.Lock()
			s.create("ns2", "w9998", "v1storage")
			s.create("ns2", "w9999", "v1storage")
			s.mu.Unlock()
		})
	}
	var seen []Progress
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 2, Workers: 1, Progress: func(p Progress) { seen = append(seen, p) }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Migrated != 6 {
		t.Errorf("result %+v, want the 6 objects re-stored", res)
	}
	for _, p := range seen {
		if p.Total < p.Done {
			t.Errorf("progress %+v: total below the objects done", p)
		}
	}
	if last := seen[len(seen)-1]; last.Done != 6 || last.Total != 6 {
		t.Errorf("last progress %+v, want 6 of 6", last)
	}
}

// TestRunFailsAnObjectThatCannotBeReadAgain: an error re-reading an object
// after a conflict fails it (it is not taken for deleted), and nothing is
// pruned.
func TestRunFailsAnObjectThatCannotBeReadAgain(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	const k = "ns1/w0001"
	var once sync.Once
	s.beforeUpd = func(key string) {
		if key == k {
			once.Do(func() { s.touch(k) }) // a client wrote it since the list: conflict
		}
	}
	c.PrependReactor("get", "widgets", func(a clienttesting.Action) (bool, runtime.Object, error) {
		if g := a.(clienttesting.GetActionImpl); g.Namespace+"/"+g.Name != k {
			return false, nil, nil
		}
		return true, nil, apierrors.NewServiceUnavailable("etcd is down")
	})
	res, err := Run(context.Background(), c, widgetCRD, Options{})
	if err == nil || !strings.Contains(err.Error(), "widgets.example.dev ns1/w0001: reading it again after a conflict") || !strings.Contains(err.Error(), "etcd is down") {
		t.Fatalf("error %v, want the failed re-read of ns1/w0001", err)
	}
	if res.Migrated != 2 || res.Gone != 0 || len(res.Failed) != 1 || res.Pruned {
		t.Errorf("result %+v, want 2 re-stored, 1 failed, nothing pruned", res)
	}
}

// TestRunListsFewerObjectsWhenAPageFails: a page the API server cannot
// convert in one ConversionReview (objects that, 500 to a page, are more
// than the webhook's MaxReviewBytes: any client that may create objects
// can make them so large) is listed again with half as many objects, down
// to one, rather than stopping the run at every try. Without it no run got
// past the page. After a page that lists, the size doubles again; when
// that fails, it waits twice as many pages before the next try (here every
// object is large: 2 pages of 2, then 4).
func TestRunListsFewerObjectsWhenAPageFails(t *testing.T) {
	s := newStore(10, "v1storage")
	s.maxPage = 3
	c := s.client(t, "v1storage", "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 8})
	if err != nil || res.Migrated != 10 || !res.Pruned {
		t.Fatalf("result %+v, %v; want 10 re-stored, pruned", res, err)
	}
	if want := []int64{8, 4, 2, 4, 2, 2, 4, 2, 2}; !slices.Equal(s.limits, want) {
		t.Errorf("page sizes %v, want %v", s.limits, want)
	}
	// A page of one that still fails stops the run, saying so.
	s = newStore(4, "v1storage")
	s.failList = true
	c = s.client(t, "v1storage", "v2storage")
	if _, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 4}); err == nil || !strings.Contains(err.Error(), "one object at a time, the first object cannot be read") {
		t.Errorf("%v, want an error listing one object at a time", err)
	}
	if want := []int64{4, 2, 1}; !slices.Equal(s.limits, want) {
		t.Errorf("page sizes %v, want %v", s.limits, want)
	}
	// Past the first page: the error names the object before.
	s = newStore(4, "v1storage")
	keys := s.sortedKeys()
	c = s.client(t, "v1storage", "v2storage")
	s.beforeUpd = func(string) {
		s.mu.Lock()
		s.failList = true // from the second page on
		s.mu.Unlock()
	}
	if _, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 2}); err == nil || !strings.Contains(err.Error(), "one object at a time, the object after "+keys[1]+" cannot be read") {
		t.Errorf("%v, want an error naming %s", err, keys[1])
	}
}

// TestRunPageSizeGrowsBack: the objects that made pages fail are a
// stretch of the listing (the first 8 of 40, large: a page holding more
// than 2 of them fails); once past them, the pages grow back to the size
// asked for, doubling after each page that lists. Until 2026-11-28 the
// size stayed halved to the end of the run: 22 lists of 2 objects or
// fewer, where 11 lists do.
func TestRunPageSizeGrowsBack(t *testing.T) {
	s := newStore(40, "v1storage")
	s.maxPage, s.heavy = 2, map[string]bool{}
	for _, k := range s.sortedKeys()[:8] {
		s.heavy[k] = true
	}
	c := s.client(t, "v1storage", "v2storage")
	res, err := Run(context.Background(), c, widgetCRD, Options{PageSize: 8})
	if err != nil || res.Migrated != 40 || !res.Pruned {
		t.Fatalf("result %+v, %v; want 40 re-stored, pruned", res, err)
	}
	// 8 and 4 fail; 2 lists 0–1, 4 fails (4 large), 2 lists 2–3 and 4–5,
	// 4 lists 6–9 (2 large), 8 the rest.
	if want := []int64{8, 4, 2, 4, 2, 2, 4, 8, 8, 8, 8}; !slices.Equal(s.limits, want) {
		t.Errorf("page sizes %v, want %v", s.limits, want)
	}

	// When every object is large, the tries of a larger page become
	// rarer, down to one every maxWait pages.
	s = newStore(150, "v1storage")
	s.maxPage = 3
	c = s.client(t, "v1storage", "v2storage")
	if res, err = Run(context.Background(), c, widgetCRD, Options{PageSize: 8}); err != nil || res.Migrated != 150 {
		t.Fatalf("result %+v, %v; want 150 re-stored", res, err)
	}
	if !slices.Equal(s.limits[:4], []int64{8, 4, 2, 4}) {
		t.Fatalf("page sizes %v, want 8, 4, 2 and a try of 4", s.limits)
	}
	var gaps []int // pages of 2 after each try of 4
	for i, n := range s.limits[3:] {
		switch {
		case n == 4:
			gaps = append(gaps, 0)
		case n == 2 && len(gaps) > 0:
			gaps[len(gaps)-1]++
		default:
			t.Fatalf("page %d of %d objects in %v", i+3, n, s.limits)
		}
	}
	if want := []int{2, 4, 8, 16, 16, 16}; !slices.Equal(gaps[:len(gaps)-1], want) {
		t.Errorf("pages of 2 after each try of 4: %v, want %v and the rest", gaps, want)
	}
}

// TestRunRefusesPruningWhenItsVersionIsNoLongerServed: the API server
// answers 404 for every request at a version it stops serving, which an
// update takes for an object deleted meanwhile; a run whose version the
// CRD stopped serving while it worked counted every object left as gone
// and pruned, with them still stored at v1storage. It refuses to prune.
func TestRunRefusesPruningWhenItsVersionIsNoLongerServed(t *testing.T) {
	s := newStore(3, "v1storage")
	c := s.client(t, "v1storage", "v2storage")
	var once sync.Once
	s.beforeUpd = func(string) {
		once.Do(func() {
			u, _ := c.Tracker().Get(crdResource, "", widgetCRD)
			crd := u.(*unstructured.Unstructured)
			vs, _, _ := unstructured.NestedSlice(crd.Object, "spec", "versions")
			vs[1].(map[string]any)["served"] = false
			_ = unstructured.SetNestedSlice(crd.Object, vs, "spec", "versions")
			_ = c.Tracker().Update(crdResource, crd, "")
			s.mu.Lock()
			s.unserved = "v2storage"
			s.mu.Unlock()
		})
	}
	res, err := Run(context.Background(), c, widgetCRD, Options{Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "no longer serves v2storage") || res.Pruned {
		t.Fatalf("result %+v, %v; want the refusal to prune", res, err)
	}
	if sv, _ := crdState(t, c); !slices.Equal(sv, []string{"v1storage", "v2storage"}) {
		t.Errorf("storedVersions %v, want them untouched", sv)
	}
	if old := s.storedAtOld(); len(old) != 3 {
		t.Errorf("stored at v1storage: %v, want all 3", old)
	}
}
