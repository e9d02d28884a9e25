package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/migrate"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/fake"
	clienttesting "k8s.io/client-go/testing"
	"sigs.k8s.io/yaml"
)

var gadgets = schema.GroupVersionResource{Group: "example.dev", Version: "v2storage", Resource: "gadgets"}

// cluster is a fake cluster holding the gadgets CRD (storing v2storage,
// storedVersions as given) and n gadgets.
func cluster(t *testing.T, n int, storedVersions ...any) *fake.FakeDynamicClient {
	t.Helper()
	crd := &unstructured.Unstructured{}
	if err := yaml.Unmarshal([]byte(gadgetsCRD), &crd.Object); err != nil {
		t.Fatal(err)
	}
	crd.Object["status"] = map[string]any{"storedVersions": storedVersions}
	objs := []runtime.Object{crd}
	for i := range n {
		g := &unstructured.Unstructured{}
		g.SetAPIVersion(gadgets.GroupVersion().String())
		g.SetKind("Gadget")
		g.SetNamespace("default")
		g.SetName("g" + string(rune('a'+i)))
		objs = append(objs, g)
	}
	return fake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{crdResource: "CustomResourceDefinitionList", gadgets: "GadgetList"}, objs...)
}

const gadgetsCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.dev}
spec:
  group: example.dev
  scope: Namespaced
  names: {plural: gadgets, kind: Gadget}
  versions:
  - {name: v1, served: true, storage: false}
  - {name: v1storage, served: true, storage: false}
  - {name: v2, served: true, storage: false}
  - {name: v2storage, served: true, storage: true}
`

func runCLI(t *testing.T, c dynamic.Interface, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut, func(kubeconfig, kubeContext string) (dynamic.Interface, error) {
		if kubeconfig != "" || kubeContext != "" {
			return nil, errors.New("kubeconfig " + kubeconfig + " context " + kubeContext)
		}
		return c, nil
	})
	return code, out.String(), errOut.String()
}

func TestMigrateCommand(t *testing.T) {
	c := cluster(t, 3, "v1storage", "v2storage")
	code, out, errOut := runCLI(t, c, "migrate", "--quiet", "gadgets.example.dev")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if want := "gadgets.example.dev: re-stored 3 objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run, 0 failed; status.storedVersions [v2storage] (pruned)\n"; out != want {
		t.Errorf("output\n%q\nwant\n%q", out, want)
	}
	if errOut != "" {
		t.Errorf("--quiet: stderr %q, want no progress bar", errOut)
	}
	u, err := c.Resource(crdResource).Get(context.Background(), "gadgets.example.dev", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sv, _, _ := unstructured.NestedStringSlice(u.Object, "status", "storedVersions"); len(sv) != 1 || sv[0] != "v2storage" {
		t.Errorf("storedVersions %v after the migration", sv)
	}
}

func TestMigrateCommandLine(t *testing.T) {
	c := cluster(t, 0, "v2storage")
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{nil, 2, "usage:"},
		{[]string{"migrate"}, 2, "name one resource as <plural>.<group>"},
		{[]string{"migrate", "gadgets"}, 2, "for example people.crm.hubspoke.dev"},
		{[]string{"migrate", "--rate", "fast", "gadgets.example.dev"}, 2, `invalid value "fast" for flag -rate`},
		{[]string{"migrate", "--kubeconfig", "/nowhere", "--context", "prod", "gadgets.example.dev"}, 1, "kubeconfig /nowhere context prod"},
		{[]string{"migrate", "--rate", "-3", "gadgets.example.dev"}, 1, "rate -3 objects per second is negative"},
		{[]string{"migrate", "widgets.example.dev"}, 1, "reading CRD widgets.example.dev"},
		{[]string{"preflight"}, 2, "give the new CRD with -f"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	} {
		code, _, errOut := runCLI(t, c, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.err) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.err)
		}
	}
}

func TestPreflightCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := write("same.yaml", gadgetsCRD)
	dropped := write("dropped.yaml", strings.Replace(gadgetsCRD, "  - {name: v1storage, served: true, storage: false}\n", "", 1))

	code, out, errOut := runCLI(t, cluster(t, 0, "v1storage", "v2storage"), "preflight", "-f", same)
	if code != 0 || !strings.Contains(out, "may be installed") {
		t.Errorf("the same CRD: exit %d, %s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, cluster(t, 0, "v1storage", "v2storage"), "preflight", "-f", dropped)
	if code != 1 || !strings.Contains(errOut, "stored at v1storage") || !strings.Contains(errOut, "drops v1storage") {
		t.Errorf("a CRD dropping a stored version: exit %d, stderr %s", code, errOut)
	}
	code, out, errOut = runCLI(t, cluster(t, 0, "v2storage"), "preflight", "-f", dropped)
	if code != 0 {
		t.Errorf("after the migration: exit %d, %s%s", code, out, errOut)
	}
}

func TestBar(t *testing.T) {
	for _, tc := range []struct {
		p    migrate.Progress
		want string
	}{
		{migrate.Progress{Done: 500, Total: 2000, Rate: 250, Remaining: 6 * time.Second}, "[===         ] 500/2000  25%  250/s  6s left "},
		{migrate.Progress{Done: 2000, Total: 2000, Rate: 250}, "[============] 2000/2000 100%  250/s  0s left "},
		{migrate.Progress{Done: 7}, "[            ] 7/0  0/s  ? left "},
	} {
		if got := bar(tc.p, 12); got != tc.want {
			t.Errorf("bar(%+v)\n%q\nwant\n%q", tc.p, got, tc.want)
		}
	}
}

func TestMigrateCommandShowsProgressAndDryRun(t *testing.T) {
	c := cluster(t, 3, "v1storage", "v2storage")
	code, out, errOut := runCLI(t, c, "migrate", "--dry-run", "gadgets.example.dev")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if want := "gadgets.example.dev: would re-store (dry run) 3 objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run, 0 failed; status.storedVersions [v1storage v2storage]\n"; out != want {
		t.Errorf("output\n%q\nwant\n%q", out, want)
	}
	// The bar is drawn at the first object and at the end, then the line
	// is ended.
	full := "\r[" + strings.Repeat("=", 30) + "] 3/3 100%"
	if !strings.HasPrefix(errOut, "\r["+strings.Repeat("=", 10)+strings.Repeat(" ", 20)+"] 1/3  33%") || !strings.Contains(errOut, full) || !strings.HasSuffix(errOut, " left \n") {
		t.Errorf("stderr %q, want the progress bar ending at 3/3 and a newline", errOut)
	}
}

func TestMigrateCommandFails(t *testing.T) {
	c := cluster(t, 2, "v1storage", "v2storage")
	c.PrependReactor("update", "gadgets", func(clienttesting.Action) (bool, runtime.Object, error) {
		return true, nil, apierrors.NewInternalError(errors.New("conversion webhook down"))
	})
	code, out, errOut := runCLI(t, c, "migrate", "--quiet", "gadgets.example.dev")
	want := "kubectl hubspoke migrate: migrate: 2 objects of gadgets.example.dev could not be re-stored at v2storage, so status.storedVersions stays [v1storage v2storage] (the next run tries them again): " +
		"gadgets.example.dev default/ga: Internal error occurred: conversion webhook down\n" +
		"gadgets.example.dev default/gb: Internal error occurred: conversion webhook down\n"
	if code != 1 || errOut != want {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, errOut, want)
	}
	if !strings.Contains(out, "2 failed; status.storedVersions [v1storage v2storage]\n") {
		t.Errorf("output %q, want the failure counted and storedVersions unpruned", out)
	}
}

func TestPreflightCommandReports(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := write("same.yaml", gadgetsCRD)
	// v1 and v1storage no longer served: nothing converts through v1storage.
	unserved := write("unserved.yaml", strings.Replace(strings.Replace(gadgetsCRD,
		"{name: v1, served: true", "{name: v1, served: false", 1), "{name: v1storage, served: true", "{name: v1storage, served: false", 1))
	notCRD := write("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: gadgets}\n")

	empty := fake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(), map[schema.GroupVersionResource]string{crdResource: "CustomResourceDefinitionList"})
	code, out, errOut := runCLI(t, empty, "preflight", "-f", same)
	if code != 0 || !strings.Contains(out, "gadgets.example.dev is not installed: checking the new CRD alone\n") || !strings.Contains(out, "may be installed") {
		t.Errorf("a first install: exit %d, %s%s", code, out, errOut)
	}
	// The installed CRD stores v1storage: the new one moves the storage.
	moved := cluster(t, 0, "v1storage")
	u, err := moved.Tracker().Get(crdResource, "", "gadgets.example.dev")
	if err != nil {
		t.Fatal(err)
	}
	crd := u.(*unstructured.Unstructured)
	vs, _, _ := unstructured.NestedSlice(crd.Object, "spec", "versions")
	for _, v := range vs {
		v.(map[string]any)["storage"] = v.(map[string]any)["name"] == "v1storage"
	}
	if err := unstructured.SetNestedSlice(crd.Object, vs, "spec", "versions"); err != nil {
		t.Fatal(err)
	}
	if err := moved.Tracker().Update(crdResource, crd, ""); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, moved, "preflight", "-f", same)
	if code != 0 || !strings.Contains(out, "the storage version moves: after installing the release, run `kubectl hubspoke migrate gadgets.example.dev`") {
		t.Errorf("a release moving the storage: exit %d, %s%s", code, out, errOut)
	}
	if strings.Contains(out, "may drop") {
		t.Errorf("a release moving the storage: %s, want nothing droppable", out)
	}
	code, out, errOut = runCLI(t, cluster(t, 0, "v2storage"), "preflight", "-f", unserved)
	if code != 0 || !strings.Contains(out, "nothing converts through, v1storage: a later release may drop them\n") || strings.Contains(out, "moves") {
		t.Errorf("a release no longer serving v1: exit %d, %s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, cluster(t, 0, "v2storage"), "preflight", "-f", notCRD)
	if code != 1 || !strings.Contains(errOut, `cm.yaml holds ConfigMap "gadgets", not a CustomResourceDefinition`) {
		t.Errorf("a ConfigMap: exit %d, stderr %s", code, errOut)
	}
	code, _, errOut = runCLI(t, cluster(t, 0, "v2storage"), "preflight", "-f", filepath.Join(dir, "missing.yaml"))
	if code != 1 || !strings.Contains(errOut, "missing.yaml: no such file") {
		t.Errorf("a missing file: exit %d, stderr %s", code, errOut)
	}
	if code, out, _ := runCLI(t, empty, "help"); code != 0 || !strings.HasPrefix(out, "usage:") {
		t.Errorf("help: exit %d, %s", code, out)
	}
}

// TestConnect: the client is for the cluster of the kubeconfig given and
// its context, says who it is, and does not throttle itself (the
// migration's --rate does): client-go's default of 5 requests a second
// would make 30 requests take 4 s.
func TestConnect(t *testing.T) {
	var mu sync.Mutex
	agents := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		agents[r.UserAgent()]++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"apiVersion":"example.dev/v2storage","kind":"Gadget","metadata":{"name":"ga","namespace":"default"}}`)
	}))
	defer srv.Close()
	kubeconfig := filepath.Join(t.TempDir(), "config")
	config := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- {name: other, cluster: {server: "https://other.invalid"}}
- {name: test, cluster: {server: %q}}
contexts:
- {name: other, context: {cluster: other}}
- {name: test, context: {cluster: test}}
current-context: other
`, srv.URL)
	if err := os.WriteFile(kubeconfig, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := connect(filepath.Join(t.TempDir(), "missing"), ""); err == nil {
		t.Error("connect with a missing kubeconfig: no error")
	}
	c, err := connect(kubeconfig, "test")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for range 60 {
		if _, err := c.Resource(gadgets).Namespace("default").Get(context.Background(), "ga", metav1.GetOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("60 requests took %s: the client throttles itself", d)
	}
	if agents["kubectl-hubspoke"] != 60 {
		t.Errorf("requests by user agent %v, want 60 by kubectl-hubspoke", agents)
	}
}

// TestMigrateCommandDrawsTheBarTenTimesASecond: not at every object.
func TestMigrateCommandDrawsTheBarTenTimesASecond(t *testing.T) {
	c := cluster(t, 40, "v1storage", "v2storage")
	// Updates of a few milliseconds each: the 40 take longer than the time
	// between two draws, and a bar drawn more often shows.
	c.PrependReactor("update", "gadgets", func(clienttesting.Action) (bool, runtime.Object, error) {
		time.Sleep(5 * time.Millisecond)
		return false, nil, nil
	})
	start := time.Now()
	code, out, errOut := runCLI(t, c, "migrate", "gadgets.example.dev")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	// The first object, about one every 100 ms, the last, and the end.
	if n, most := strings.Count(errOut, "\r"), 3+int(time.Since(start)/(100*time.Millisecond)); n > most {
		t.Errorf("the bar was drawn %d times, want at most %d", n, most)
	}
}

// recorder is a client that records the page sizes of the gadgets' lists
// and the most updates of gadgets in flight at a time; each update waits
// (once, for at most a second) until wait updates are in flight.
type recorder struct {
	dynamic.Interface
	wait int

	mu                    sync.Mutex
	limits                []int64
	inFlight, most        int
	reached, waitedInVain bool
}

func (r *recorder) Resource(gvr schema.GroupVersionResource) dynamic.NamespaceableResourceInterface {
	ri := r.Interface.Resource(gvr)
	if gvr.GroupResource() != gadgets.GroupResource() {
		return ri
	}
	return recordedResource{ri, r}
}

type recordedResource struct {
	dynamic.NamespaceableResourceInterface
	r *recorder
}

func (rr recordedResource) List(ctx context.Context, opts metav1.ListOptions) (*unstructured.UnstructuredList, error) {
	rr.r.mu.Lock()
	rr.r.limits = append(rr.r.limits, opts.Limit)
	rr.r.mu.Unlock()
	return rr.NamespaceableResourceInterface.List(ctx, opts)
}

func (rr recordedResource) Namespace(ns string) dynamic.ResourceInterface {
	return recordedUpdates{rr.NamespaceableResourceInterface.Namespace(ns), rr.r}
}

type recordedUpdates struct {
	dynamic.ResourceInterface
	r *recorder
}

func (ru recordedUpdates) Update(ctx context.Context, obj *unstructured.Unstructured, opts metav1.UpdateOptions, sub ...string) (*unstructured.Unstructured, error) {
	r := ru.r
	r.mu.Lock()
	r.inFlight++
	r.most = max(r.most, r.inFlight)
	for deadline := time.Now().Add(time.Second); !r.reached && !r.waitedInVain && r.inFlight < r.wait; {
		if time.Now().After(deadline) {
			r.waitedInVain = true
			break
		}
		r.mu.Unlock()
		time.Sleep(time.Millisecond)
		r.mu.Lock()
	}
	r.reached = r.reached || r.inFlight >= r.wait
	r.mu.Unlock()
	time.Sleep(2 * time.Millisecond) // let more updates start, should they
	defer func() {
		r.mu.Lock()
		r.inFlight--
		r.mu.Unlock()
	}()
	return ru.ResourceInterface.Update(ctx, obj, opts, sub...)
}

// TestMigrateCommandPageSizeAndWorkers: --page-size and --workers reach the
// migration, 500 and 4 when not given.
func TestMigrateCommandPageSizeAndWorkers(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		limit   int64
		workers int
	}{
		{nil, 500, 4},
		{[]string{"--page-size", "3", "--workers", "2"}, 3, 2},
	} {
		c := &recorder{Interface: cluster(t, 8, "v1storage", "v2storage"), wait: tc.workers}
		args := append(append([]string{"migrate", "--quiet"}, tc.args...), "gadgets.example.dev")
		if code, out, errOut := runCLI(t, c, args...); code != 0 {
			t.Fatalf("%q: exit %d: %s%s", args, code, out, errOut)
		}
		if len(c.limits) == 0 || c.limits[0] != tc.limit || c.most != tc.workers || c.waitedInVain {
			t.Errorf("%q: page sizes %v, at most %d updates in flight (waited in vain for %d: %v); want pages of %d, %d in flight",
				args, c.limits, c.most, tc.workers, c.waitedInVain, tc.limit, tc.workers)
		}
	}
}

// TestMigrateCommandMaxFailuresAndRestart: a run goes on past a failing
// object and reports each, with its namespace/name and the reason, unless
// --max-failures 0 stops it at the first; --restart ignores the checkpoint
// of an earlier run.
func TestMigrateCommandMaxFailuresAndRestart(t *testing.T) {
	// ga and gc fail: with --max-failures 0 the run stops at the first (gb
	// may be re-stored meanwhile, or not); by default, and with
	// --max-failures 2, it reports both; with 1 it stops at the second.
	for _, tc := range []struct {
		flags []string
		want  []string
	}{
		{[]string{"--max-failures", "0"}, []string{"objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run, 1 failed;", "stopped at the first failure", "default/ga: Internal error occurred: conversion webhook down"}},
		{nil, []string{"re-stored 1 objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run, 2 failed;", "default/ga: Internal error occurred: conversion webhook down", "default/gc: Internal error occurred: conversion webhook down"}},
		{[]string{"--max-failures", "2"}, []string{"re-stored 1 objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run, 2 failed;"}},
		{[]string{"--max-failures", "1"}, []string{"re-stored 1 objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run, 2 failed;", "stopped after 2 objects failed, more than the 1"}},
	} {
		c := cluster(t, 3, "v1storage", "v2storage")
		c.PrependReactor("update", "gadgets", func(a clienttesting.Action) (bool, runtime.Object, error) {
			if a.(clienttesting.UpdateActionImpl).Object.(*unstructured.Unstructured).GetName() == "gb" {
				return false, nil, nil
			}
			return true, nil, apierrors.NewInternalError(errors.New("conversion webhook down"))
		})
		args := append(append([]string{"migrate", "--quiet", "--workers", "1"}, tc.flags...), "gadgets.example.dev")
		code, out, errOut := runCLI(t, c, args...)
		if code != 1 {
			t.Errorf("%q: exit %d, want 1", args, code)
		}
		for _, w := range tc.want {
			if !strings.Contains(out+errOut, w) {
				t.Errorf("%q: %s%s; want %q", args, out, errOut, w)
			}
		}
	}

	for _, restart := range []bool{false, true} {
		c := cluster(t, 3, "v1storage", "v2storage")
		u, err := c.Tracker().Get(crdResource, "", "gadgets.example.dev")
		if err != nil {
			t.Fatal(err)
		}
		crd := u.(*unstructured.Unstructured)
		crd.SetAnnotations(map[string]string{migrate.CheckpointAnnotation: `{"storageVersion":"v2storage","after":"default/gb","done":2}`})
		if err := c.Tracker().Update(crdResource, crd, ""); err != nil {
			t.Fatal(err)
		}
		args := []string{"migrate", "--quiet", "gadgets.example.dev"}
		want := "re-stored 1 objects at v2storage, 0 deleted meanwhile, 2 done by an earlier run"
		if restart {
			args = []string{"migrate", "--restart", "--quiet", "gadgets.example.dev"}
			want = "re-stored 3 objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run"
		}
		if code, out, errOut := runCLI(t, c, args...); code != 0 || !strings.Contains(out, want) {
			t.Errorf("%q: exit %d, %s%s; want %q", args, code, out, errOut, want)
		}
	}
}

// TestCommandLineArguments: a command takes the arguments it names, no
// more.
func TestCommandLineArguments(t *testing.T) {
	crd := filepath.Join(t.TempDir(), "crd.yaml")
	if err := os.WriteFile(crd, []byte(gadgetsCRD), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"migrate", "gadgets.example.dev", "widgets.example.dev"}, "name one resource as <plural>.<group>"},
		{[]string{"preflight", "-f", crd, "gadgets.example.dev"}, "give the new CRD with -f"},
	} {
		c := cluster(t, 1, "v1storage", "v2storage")
		code, _, errOut := runCLI(t, c, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.err) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.err)
		}
		if n := len(c.Actions()); n != 0 {
			t.Errorf("%q: %d requests sent, want none", tc.args, n)
		}
	}
}

// TestPreflightCommandCannotReadTheInstalledCRD: an error other than "not
// found" reading the installed CRD fails the check; it is not taken for a
// first install.
func TestPreflightCommandCannotReadTheInstalledCRD(t *testing.T) {
	crd := filepath.Join(t.TempDir(), "crd.yaml")
	if err := os.WriteFile(crd, []byte(gadgetsCRD), 0o600); err != nil {
		t.Fatal(err)
	}
	c := cluster(t, 0, "v1storage", "v2storage")
	c.PrependReactor("get", "customresourcedefinitions", func(clienttesting.Action) (bool, runtime.Object, error) {
		return true, nil, apierrors.NewForbidden(crdResource.GroupResource(), "gadgets.example.dev", errors.New("no RBAC rule"))
	})
	code, out, errOut := runCLI(t, c, "preflight", "-f", crd)
	if code != 1 || !strings.Contains(errOut, "reading the installed CRD gadgets.example.dev") || !strings.Contains(errOut, "no RBAC rule") || strings.Contains(out, "may be installed") {
		t.Errorf("exit %d, %s%s; want exit 1 and the error reading the CRD", code, out, errOut)
	}
}
