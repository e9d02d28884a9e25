// Package migrate re-stores every object of a custom resource at the storage
// version its CRD declares now, and then prunes the CRD's
// status.storedVersions to that version, so that a later release may drop the
// versions objects used to be stored at.
//
// The API server writes an object at the current storage version whenever it
// is updated; it never rewrites objects on its own, and it never removes a
// version from status.storedVersions. Run does what kube-storage-version-migrator
// does for one resource: it lists the objects in pages and updates each with
// itself (the resourceVersion it was read with makes the update conditional,
// so a concurrent write is never overwritten: on a conflict the object is read
// again and re-stored from the fresh copy, one that keeps changing counts as
// re-stored by its writers, and an object deleted meanwhile is skipped). The
// update changes no field, but the API server encodes the object
// at the current storage version before it compares with what etcd holds, so
// an object stored at an older version is written (and one already at the
// current version is left alone, which costs nothing).
//
// Objects created while Run works are stored at the current version already.
// An object that fails (its conversion is refused, an admission webhook
// denies the update, it cannot be read again after a conflict) does not stop
// the run: Run goes on with the others and returns every failure, each
// naming the object (namespace/name) and the reason, unless more fail than
// Options.MaxFailures allows. When every object has been handled without an
// error, Run sets status.storedVersions to the storage version alone; after
// any error it leaves it as it was (an object that failed may still be
// stored at an older version), and so it does when status.storedVersions
// gained a version while it worked (the storage version moved there and
// back: objects written meanwhile are stored at it).
//
// Run records its progress after each page in the annotation
// CheckpointAnnotation of the CRD, with the objects that failed so far, so
// that a run that is interrupted (killed, a lost connection, an error)
// resumes where it stopped, whoever starts it next and wherever, rather than
// from the start, and a run after one that ended with failures tries those
// objects again, and only those.
package migrate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/util/retry"
)

// CheckpointAnnotation is the annotation of the CRD in which Run records how
// far it got. It is removed when the migration is complete.
const CheckpointAnnotation = "hubspoke.dev/migration"

// FieldManager is the field manager Run's updates name.
const FieldManager = "kubectl-hubspoke"

// crdResource is the resource of CustomResourceDefinitions.
var crdResource = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}

// Options tune a migration. The zero value is a real migration with the
// defaults below.
type Options struct {
	// PageSize is the number of objects listed at a time (500 if 0). A
	// page the API server fails to convert or to send in time (it converts
	// a page in one ConversionReview, which the webhook limits in size) is
	// listed again with half as many objects, down to one; the size grows
	// back, doubling, after pages that list (see pager).
	PageSize int64
	// Rate limits the updates to so many objects per second (no limit if 0).
	Rate float64
	// Workers is the number of updates in flight at a time (4 if 0).
	Workers int
	// DryRun sends every update as a server-side dry run: each object is
	// converted and admitted as in a real run, nothing is stored, no
	// checkpoint is written and storedVersions is not pruned.
	DryRun bool
	// MaxFailures is the number of failing objects a run goes on past (100
	// if 0, at most 1000; a negative value stops at the first). Run reports
	// each at the end and never prunes storedVersions after one; the
	// checkpoint lists them, so that the next run tries them again first.
	// One failure more stops the run: so many point to a fault they share
	// (the webhook is down, an RBAC rule is missing) rather than to the
	// objects.
	MaxFailures int
	// Restart ignores the checkpoint of an earlier run and starts from the
	// first object.
	Restart bool
	// Progress, if set, is called after each object and once at the end,
	// from one goroutine at a time.
	Progress func(Progress)
}

// Progress is how far a migration got.
type Progress struct {
	// Done counts the objects handled, by this run and by the runs it resumes.
	Done int
	// Total is the number of objects the API server reported when the run
	// started (0 when it did not say); objects created since add to it.
	Total int
	// Rate is the number of objects handled per second by this run so far.
	Rate float64
	// Remaining is the time left at that rate (0 when unknown).
	Remaining time.Duration
}

// Result is what a migration did.
type Result struct {
	// Resource is the resource the objects were read and written at.
	Resource schema.GroupVersionResource
	// StorageVersion is the version the CRD stores.
	StorageVersion string
	// Migrated counts the objects this run re-stored (or, in a dry run,
	// would have).
	Migrated int
	// Gone counts the objects deleted before they could be re-stored.
	Gone int
	// Resumed counts the objects an earlier, interrupted run had handled.
	Resumed int
	// Failed lists the objects that could not be re-stored, each error
	// naming the object (namespace/name) and the reason, in the order of
	// their keys.
	Failed []error
	// StoredVersions is the CRD's status.storedVersions at the end.
	StoredVersions []string
	// Pruned tells whether this run pruned storedVersions.
	Pruned bool
}

// checkpoint is the value of CheckpointAnnotation: the position after the
// last page an earlier run finished.
type checkpoint struct {
	// StorageVersion is the storage version that run migrated to; a
	// checkpoint for another one is ignored.
	StorageVersion string `json:"storageVersion"`
	// Continue is the list continuation token of the next page. It expires
	// (with etcd's compaction, every few minutes); then the token the API
	// server's answer offers to go on is used, else After.
	Continue string `json:"continue,omitempty"`
	// After is the key (namespace/name) of the last object handled: the API
	// server lists in key order, so every object up to it is done, but
	// those of Failed.
	After string `json:"after"`
	// Failed are the keys of the objects up to After that failed: the next
	// run tries them again before it lists on.
	Failed []string `json:"failed,omitempty"`
	// Listed says that the run listed every object, and that only those of
	// Failed are left: the next run tries them again and lists nothing.
	Listed bool `json:"listed,omitempty"`
	// Done counts the objects handled so far.
	Done int `json:"done"`
	// StoredVersions is the CRD's status.storedVersions when the run that
	// saved it began. A version added to them since (the storage version
	// moved to it, and perhaps back) may hold objects written meanwhile,
	// among those already done: the checkpoint no longer holds, and the
	// next run starts from the first object. Checkpoints of earlier
	// releases lack it.
	StoredVersions []string `json:"storedVersions,omitempty"`
}

// Run migrates every object of the custom resource whose CRD is named
// crdName (for example "people.crm.hubspoke.dev") to the CRD's storage
// version and prunes its status.storedVersions; see the package
// documentation. It returns what it did; the error names the objects that
// failed and why. A run whose CRD stores one version only, with no
// checkpoint left, has nothing to do and returns at once.
//
// The client should not limit its own request rate (rest.Config.QPS < 0):
// Options.Rate does.
func Run(ctx context.Context, client dynamic.Interface, crdName string, opts Options) (Result, error) {
	m, err := newMigration(ctx, client, crdName, opts)
	if err != nil {
		return Result{}, err
	}
	return m.run(ctx)
}

// migration is one run of Run.
type migration struct {
	client  dynamic.Interface
	crdName string
	opts    Options
	res     Result
	start   checkpoint // where to start; zero: the first object
	marked  bool       // the CRD has a checkpoint annotation
	limiter *rate.Limiter
	started time.Time
	total   int
	done    int
	failed  []string // the keys of the objects that failed, in the order they did
	began   []string // status.storedVersions when the migration began (see checkpoint)
}

func newMigration(ctx context.Context, client dynamic.Interface, crdName string, opts Options) (*migration, error) {
	if opts.PageSize <= 0 {
		opts.PageSize = 500
	}
	if opts.Workers <= 0 {
		opts.Workers = 4
	}
	if opts.Rate < 0 {
		return nil, fmt.Errorf("migrate: rate %v objects per second is negative", opts.Rate)
	}
	switch {
	case opts.MaxFailures == 0:
		opts.MaxFailures = 100
	case opts.MaxFailures < 0:
		opts.MaxFailures = 0
	case opts.MaxFailures > maxFailures:
		return nil, fmt.Errorf("migrate: at most %d failing objects can be gone past (the checkpoint lists them), not %d", maxFailures, opts.MaxFailures)
	}
	crd, err := getCRD(ctx, client, crdName)
	if err != nil {
		return nil, err
	}
	m := &migration{client: client, crdName: crdName, opts: opts}
	storage, version := "", ""
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			storage = v.Name
		}
		if v.Served && version == "" {
			version = v.Name
		}
	}
	if storage == "" {
		return nil, fmt.Errorf("migrate: CRD %s declares no storage version", crdName)
	}
	if version == "" {
		return nil, fmt.Errorf("migrate: CRD %s serves no version: its objects cannot be read", crdName)
	}
	// Read and write at the storage version when it is served: no
	// conversion on the way. Any served version would do (hubspoke's
	// conversions keep every value at every version).
	if slices.ContainsFunc(crd.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool {
		return v.Name == storage && v.Served
	}) {
		version = storage
	}
	m.res.Resource = schema.GroupVersionResource{Group: crd.Spec.Group, Version: version, Resource: crd.Spec.Names.Plural}
	m.res.StorageVersion = storage
	m.res.StoredVersions = crd.Status.StoredVersions
	m.began = crd.Status.StoredVersions
	_, m.marked = crd.Annotations[CheckpointAnnotation]
	if text, ok := crd.Annotations[CheckpointAnnotation]; ok && !opts.Restart {
		var cp checkpoint
		if err := json.Unmarshal([]byte(text), &cp); err != nil {
			return nil, fmt.Errorf("migrate: CRD %s: annotation %s is not a checkpoint (%v); remove it or run with Restart", crdName, CheckpointAnnotation, err)
		}
		if cp.StorageVersion == storage && (cp.StoredVersions == nil || len(added(cp.StoredVersions, crd.Status.StoredVersions)) == 0) {
			m.start = cp
		}
	}
	if opts.Rate > 0 {
		m.limiter = rate.NewLimiter(rate.Limit(opts.Rate), 1)
	}
	return m, nil
}

func (m *migration) run(ctx context.Context) (Result, error) {
	m.started = time.Now()
	if slices.Equal(m.res.StoredVersions, []string{m.res.StorageVersion}) && m.start.StorageVersion == "" {
		m.report()
		return m.res, m.clearCheckpoint(ctx) // a stale checkpoint of another storage version
	}
	m.res.Resumed = m.start.Done
	m.done = m.start.Done
	m.total = m.done + len(m.start.Failed)
	if len(m.start.Failed) > 0 {
		// The objects the earlier run failed, first: read again, and
		// re-stored.
		retry := make([]unstructured.Unstructured, len(m.start.Failed))
		for i, k := range m.start.Failed {
			ns, name, namespaced := strings.Cut(k, "/")
			if !namespaced {
				ns, name = "", k
			}
			retry[i].SetNamespace(ns)
			retry[i].SetName(name)
		}
		if err := m.page(ctx, retry, true); err != nil {
			return m.res, err
		}
	}
	after := m.start.After
	if !m.start.Listed {
		var err error
		if after, err = m.listAll(ctx, after, m.start.Continue); err != nil {
			return m.res, err
		}
	}
	m.report()
	if len(m.res.Failed) > 0 {
		m.sortFailures()
		// Every object was listed: those that failed are the only ones
		// the next run needs to try again.
		if err := m.saveCheckpoint(ctx, m.checkpoint("", after, true)); err != nil {
			return m.res, m.withFailures(err)
		}
		return m.res, fmt.Errorf("migrate: %d objects of %s could not be re-stored at %s, so status.storedVersions stays %v (the next run tries them again): %w",
			len(m.res.Failed), m.res.Resource.GroupResource(), m.res.StorageVersion, m.res.StoredVersions, errors.Join(m.res.Failed...))
	}
	if m.opts.DryRun {
		return m.res, nil
	}
	if err := m.prune(ctx); err != nil {
		return m.res, err
	}
	return m.res, m.clearCheckpoint(ctx)
}

// sortFailures puts the failures in the order of their objects' keys (they
// come in the order the updates end).
func (m *migration) sortFailures() {
	order := make([]int, len(m.failed))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(m.failed[a], m.failed[b]) })
	keys, errs := make([]string, len(order)), make([]error, len(order))
	for i, j := range order {
		keys[i], errs[i] = m.failed[j], m.res.Failed[j]
	}
	m.failed, m.res.Failed = keys, errs
}

// checkpoint is the checkpoint of the position after, with the continue
// token cont, and the objects that failed so far.
func (m *migration) checkpoint(cont, after string, listed bool) checkpoint {
	failed := slices.Sorted(slices.Values(m.failed))
	return checkpoint{StorageVersion: m.res.StorageVersion, Continue: cont, After: after, Failed: failed, Listed: listed, Done: m.done, StoredVersions: m.began}
}

// listAll lists the objects after the key after (from the continue token
// cont, if any) page by page, re-stores each and saves a checkpoint after
// each page. It returns the key of the last object listed.
func (m *migration) listAll(ctx context.Context, after, cont string) (string, error) {
	p := newPager(m.opts.PageSize)
	first, restarted, restartAfter := true, false, ""
	last := after // the key of the last object this listing listed
	for {
		list, err := m.list(ctx, cont, p.size)
		if next := goOnToken(err); next != "" && cont != "" && next != cont {
			// The token outlived etcd's compaction (a listing is one
			// snapshot, which lasts a few minutes), and the API server
			// offers one to list the rest at its latest revision, as
			// kube-storage-version-migrator takes it: objects written
			// since the listing began may show up or not, which changes
			// nothing here, since every write since is stored at the
			// storage version.
			cont = next
			list, err = m.list(ctx, cont, p.size)
		}
		if apierrors.IsResourceExpired(err) && cont != "" && (!restarted || after != restartAfter) {
			// The token expired, and the API server offers none to go
			// on (or that one did not list either): list from the
			// start again, skipping the objects done, as long as that
			// makes progress.
			cont, last = "", ""
			first, restarted, restartAfter = true, true, after
			list, err = m.list(ctx, "", p.size)
		}
		for err != nil && p.size > 1 && pageFault(err) && ctx.Err() == nil {
			// The API server converts a page in one ConversionReview: a
			// page of objects too large for the webhook together (any
			// client that may create objects can make them so), holding
			// one that does not convert, or too slow to convert, fails
			// whole. List fewer objects at a time, down to one.
			p.fault()
			list, err = m.list(ctx, cont, p.size)
		}
		if err != nil && p.size == 1 && pageFault(err) {
			// Its key is unknown, so the object cannot be skipped.
			where := "the first object"
			if last != "" {
				where = "the object after " + last
			}
			return after, m.withFailures(fmt.Errorf("migrate: listing %s one object at a time, %s cannot be read (the next run resumes before it): %w", m.res.Resource, where, err))
		}
		if err != nil {
			return after, m.withFailures(fmt.Errorf("migrate: listing %s: %w", m.res.Resource, err))
		}
		p.sent()
		if first {
			m.total = m.done + len(m.failed) + len(list.Items)
			if n := list.GetRemainingItemCount(); n != nil {
				m.total += int(*n)
			}
			if cont == "" && after != "" {
				// The listing starts from the first object again: it
				// holds those done and those that failed.
				m.total -= m.done + len(m.failed)
			}
			first = false
		}
		var todo []unstructured.Unstructured
		for _, item := range list.Items {
			if key(&item) > after {
				todo = append(todo, item)
			}
		}
		if err := m.page(ctx, todo, false); err != nil {
			return after, err
		}
		cont = list.GetContinue()
		if len(list.Items) > 0 {
			last = key(&list.Items[len(list.Items)-1])
			after = max(after, last)
		}
		if cont == "" {
			return after, nil
		}
		if err := m.saveCheckpoint(ctx, m.checkpoint(cont, after, false)); err != nil {
			return after, err
		}
	}
}

// withFailures returns err, which stops the run, with the objects that
// failed before it.
func (m *migration) withFailures(err error) error {
	if len(m.res.Failed) == 0 {
		return err
	}
	m.sortFailures()
	return fmt.Errorf("%w\nand %d objects failed before (the next run tries them again):\n%w", err, len(m.res.Failed), errors.Join(m.res.Failed...))
}

// goOnToken is the continue token that err, an answer 410 Gone to a list
// whose continue token expired, carries to list the rest at the latest
// revision ("" if none): the API server's etcd store answers so
// (k8s.io/apiserver's etcd3 store, handleCompactedErrorForPaging).
func goOnToken(err error) string {
	var status apierrors.APIStatus
	if !apierrors.IsResourceExpired(err) || !errors.As(err, &status) {
		return ""
	}
	return status.Status().ListMeta.Continue
}

func (m *migration) list(ctx context.Context, cont string, size int64) (*unstructured.UnstructuredList, error) {
	return m.client.Resource(m.res.Resource).List(ctx, metav1.ListOptions{Limit: size, Continue: cont})
}

// pageFault reports whether err, the error of a list, may come from the
// objects of the page (a conversion webhook's failure, which the API
// server answers with 500, or a conversion that takes too long), so that
// a smaller page may do.
func pageFault(err error) bool {
	return apierrors.IsInternalError(err) || apierrors.IsTimeout(err) || apierrors.IsServerTimeout(err) || apierrors.IsRequestEntityTooLargeError(err)
}

// maxWait bounds the pages a pager sends at a size before it tries the
// double again, after doubling failed.
const maxWait = 16

// pager sizes the pages of a listing. A page the API server fails to send
// is listed again at half the size, down to one; after a page it sends, the
// size doubles again, up to the size asked for, since what made a page
// fail (large objects, a slow webhook) is often a stretch of objects that
// later pages are past. When a doubled size fails, the size it doubled
// from is kept for twice as many pages as before it doubled (at most
// maxWait) before it doubles again, so that a long stretch of large
// objects costs a failed list every few pages, not every other list. The
// size never grows at the position where a page failed: every list after
// a failure either moves on or is smaller, so the listing makes progress.
type pager struct {
	max, size int64
	wait      int  // pages to send at this size before it doubles
	count     int  // pages sent at this size
	grown     bool // the size doubled after the last page
}

func newPager(size int64) *pager { return &pager{max: size, size: size, wait: 1} }

// sent records a page the API server sent.
func (p *pager) sent() {
	if p.grown {
		p.wait, p.grown = 1, false
	}
	if p.size == p.max {
		return
	}
	if p.count++; p.count >= p.wait {
		p.size, p.count, p.grown = min(2*p.size, p.max), 0, true
	}
}

// fault records a page the API server failed to send, and halves the size.
func (p *pager) fault() {
	if p.grown {
		p.wait, p.grown = min(2*p.wait, maxWait), false
	}
	p.size, p.count = (p.size+1)/2, 0
}

// outcome is what happened to one object.
type outcome struct {
	key  string
	gone bool
	err  error
}

// page re-stores items with opts.Workers updates in flight; with fetch,
// each is read first (items then need only a namespace and a name). A
// failing object is recorded and the others go on, until more than
// opts.MaxFailures have failed.
func (m *migration) page(ctx context.Context, items []unstructured.Unstructured, fetch bool) error {
	work := make(chan *unstructured.Unstructured)
	results := make(chan outcome)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range min(m.opts.Workers, max(len(items), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for obj := range work {
				results <- m.restore(ctx, obj, fetch)
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range items {
			if ctx.Err() != nil {
				return // the select below may pick either when both are ready
			}
			select {
			case work <- &items[i]:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	var stop error
	for r := range results {
		switch {
		case r.err != nil && stop == nil && ctx.Err() != nil:
			stop = m.withFailures(fmt.Errorf("migrate: %w", ctx.Err()))
		case r.err != nil && ctx.Err() != nil:
			// cancelled after the failure that stopped the run: not the
			// object's fault
		case r.err != nil:
			m.failed = append(m.failed, r.key)
			m.res.Failed = append(m.res.Failed, r.err)
			if len(m.failed) > m.opts.MaxFailures && stop == nil {
				stop = m.tooMany()
				cancel()
			}
		case r.gone:
			m.res.Gone++
			m.done++
		default:
			m.res.Migrated++
			m.done++
		}
		m.report()
	}
	if stop == nil && ctx.Err() != nil {
		stop = m.withFailures(fmt.Errorf("migrate: %w", ctx.Err()))
	}
	return stop
}

// tooMany is the error of a run stopped by one failure more than
// opts.MaxFailures.
func (m *migration) tooMany() error {
	m.sortFailures()
	if m.opts.MaxFailures == 0 {
		return fmt.Errorf("migrate: stopped at the first failure (status.storedVersions stays %v; the next run resumes before it): %w", m.res.StoredVersions, m.res.Failed[0])
	}
	return fmt.Errorf("migrate: stopped after %d objects failed, more than the %d a run goes on past: a fault they share? (status.storedVersions stays %v; the next run tries them again): %w",
		len(m.res.Failed), m.opts.MaxFailures, m.res.StoredVersions, errors.Join(m.res.Failed...))
}

// maxFailures bounds Options.MaxFailures: the checkpoint annotation lists
// the failed objects' keys (a namespace and a name, up to 317 bytes), and
// the annotations of an object take at most 256 KiB.
const maxFailures = 1000

// maxConflicts bounds the re-reads of one object that keeps changing.
const maxConflicts = 10

// restore updates obj with itself, re-reading it after a conflict (and
// first, with fetch). An object whose update still conflicts the
// maxConflicts-th time is done: a conflict is a write since the object was
// read (its resourceVersion moved), which the API server stored at the
// storage version, as it stores every write (a move of the storage version
// meanwhile is caught before the prune). Failing it instead let any client
// that may update one object keep status.storedVersions from ever being
// pruned, by writing it again and again.
func (m *migration) restore(ctx context.Context, obj *unstructured.Unstructured, fetch bool) outcome {
	k := key(obj)
	if err := ctx.Err(); err != nil {
		return outcome{key: k, err: err} // the run stopped while obj waited for a worker
	}
	if m.limiter != nil {
		if err := m.limiter.Wait(ctx); err != nil {
			return outcome{key: k, err: err}
		}
	}
	ri := m.client.Resource(m.res.Resource).Namespace(obj.GetNamespace())
	opts := metav1.UpdateOptions{FieldManager: FieldManager}
	if m.opts.DryRun {
		opts.DryRun = []string{metav1.DryRunAll}
	}
	reading := "reading it"
	for attempt := 1; ; attempt++ {
		if fetch {
			fresh, err := ri.Get(ctx, obj.GetName(), metav1.GetOptions{})
			if apierrors.IsNotFound(err) {
				return outcome{key: k, gone: true}
			}
			if err != nil {
				return outcome{key: k, err: fmt.Errorf("%s %s: %s: %w", m.res.Resource.GroupResource(), k, reading, err)}
			}
			obj = fresh
		}
		_, err := ri.Update(ctx, obj, opts)
		switch {
		case err == nil:
			return outcome{key: k}
		case apierrors.IsNotFound(err):
			return outcome{key: k, gone: true}
		case apierrors.IsConflict(err) && attempt == maxConflicts:
			return outcome{key: k}
		case apierrors.IsConflict(err):
			fetch, reading = true, "reading it again after a conflict"
		default:
			return outcome{key: k, err: fmt.Errorf("%s %s: %w", m.res.Resource.GroupResource(), k, err)}
		}
	}
}

// report calls the progress callback.
func (m *migration) report() {
	if m.opts.Progress == nil {
		return
	}
	p := Progress{Done: m.done, Total: max(m.total, m.done)}
	if elapsed := time.Since(m.started).Seconds(); elapsed > 0 {
		p.Rate = float64(m.done-m.res.Resumed) / elapsed
	}
	if p.Rate > 0 && p.Total > p.Done {
		p.Remaining = time.Duration(float64(p.Total-p.Done) / p.Rate * float64(time.Second))
	}
	m.opts.Progress(p)
}

// prune sets status.storedVersions to the storage version, provided the CRD
// still stores the version the objects were re-stored at.
func (m *migration) prune(ctx context.Context) error {
	want := []string{m.res.StorageVersion}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		u, err := m.client.Resource(crdResource).Get(ctx, m.crdName, metav1.GetOptions{})
		if err != nil {
			return fmt.Errorf("migrate: reading CRD %s to prune status.storedVersions: %w", m.crdName, err)
		}
		crd, err := decodeCRD(u)
		if err != nil {
			return err
		}
		for _, v := range crd.Spec.Versions {
			if v.Storage && v.Name != m.res.StorageVersion {
				return fmt.Errorf("migrate: CRD %s now stores %s, not %s, which the objects were re-stored at: status.storedVersions stays %v; run the migration again",
					m.crdName, v.Name, m.res.StorageVersion, crd.Status.StoredVersions)
			}
		}
		if !slices.ContainsFunc(crd.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool {
			return v.Name == m.res.Resource.Version && v.Served
		}) {
			// The API server answers 404 for every request at a version
			// it does not serve, which restore takes for an object
			// deleted meanwhile.
			return fmt.Errorf("migrate: CRD %s no longer serves %s, which the objects were read and written at: those it answered 404 for (%d, counted as deleted) may still be stored at another version, so status.storedVersions stays %v; run the migration again",
				m.crdName, m.res.Resource.Version, m.res.Gone, crd.Status.StoredVersions)
		}
		if gained := added(m.began, crd.Status.StoredVersions); len(gained) > 0 {
			// The storage version moved to these and back while the
			// objects were re-stored: some may have been written at them.
			return fmt.Errorf("migrate: CRD %s's status.storedVersions gained %v during the migration (its storage version moved and back): objects written meanwhile may be stored there, so status.storedVersions stays %v; run the migration again",
				m.crdName, gained, crd.Status.StoredVersions)
		}
		if slices.Equal(crd.Status.StoredVersions, want) {
			m.res.StoredVersions = want
			return nil
		}
		if err := unstructured.SetNestedStringSlice(u.Object, want, "status", "storedVersions"); err != nil {
			return err
		}
		if _, err := m.client.Resource(crdResource).UpdateStatus(ctx, u, metav1.UpdateOptions{FieldManager: FieldManager}); err != nil {
			if apierrors.IsConflict(err) {
				return err
			}
			return fmt.Errorf("migrate: pruning status.storedVersions of CRD %s from %v to %v: %w", m.crdName, crd.Status.StoredVersions, want, err)
		}
		m.res.StoredVersions = want
		m.res.Pruned = true
		return nil
	})
}

// added returns the versions of now that were not among before.
func added(before, now []string) []string {
	var out []string
	for _, v := range now {
		if !slices.Contains(before, v) {
			out = append(out, v)
		}
	}
	return out
}

func (m *migration) saveCheckpoint(ctx context.Context, cp checkpoint) error {
	if m.opts.DryRun {
		return nil
	}
	text, err := json.Marshal(cp)
	if err != nil {
		return err
	}
	return m.patchCheckpoint(ctx, string(text))
}

// clearCheckpoint removes the checkpoint annotation, if any.
func (m *migration) clearCheckpoint(ctx context.Context) error {
	if m.opts.DryRun || !m.marked {
		return nil
	}
	return m.patchCheckpoint(ctx, nil)
}

func (m *migration) patchCheckpoint(ctx context.Context, value any) error {
	patch, err := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": map[string]any{CheckpointAnnotation: value}}})
	if err != nil {
		return err
	}
	if _, err := m.client.Resource(crdResource).Patch(ctx, m.crdName, types.MergePatchType, patch, metav1.PatchOptions{FieldManager: FieldManager}); err != nil {
		return fmt.Errorf("migrate: recording the checkpoint in annotation %s of CRD %s: %w", CheckpointAnnotation, m.crdName, err)
	}
	m.marked = value != nil
	return nil
}

// key is the key the API server lists objects in order of.
func key(obj *unstructured.Unstructured) string {
	if ns := obj.GetNamespace(); ns != "" {
		return ns + "/" + obj.GetName()
	}
	return obj.GetName()
}

func getCRD(ctx context.Context, client dynamic.Interface, name string) (*apiextensionsv1.CustomResourceDefinition, error) {
	u, err := client.Resource(crdResource).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return nil, fmt.Errorf("migrate: reading CRD %s: %w", name, err)
	}
	return decodeCRD(u)
}

func decodeCRD(u *unstructured.Unstructured) (*apiextensionsv1.CustomResourceDefinition, error) {
	var crd apiextensionsv1.CustomResourceDefinition
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &crd); err != nil {
		return nil, fmt.Errorf("migrate: CRD %s: %w", u.GetName(), err)
	}
	return &crd, nil
}
