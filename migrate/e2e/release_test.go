//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/migrate"
	"github.com/hubspoke/hubspoke/migrate/preflight"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	"k8s.io/client-go/util/retry"
)

// Releases N+1 and N+2 of the Person example are generated at test time
// from the files a user writes in release N (examples/person/api; see
// generateRelease), with the options the upgrade protocol gives
// hubspoke-gen (migrate/README.md):
//
//   - N+1 replaces the v6alpha1 preview with a stable v6 (the same types,
//     renamed) and keeps the hub where it was: -hub v5, so v6storage links
//     back to v5storage, whose property bag keeps Pronouns; -stored
//     v6storage, so that its CRD lists v6storage (unserved) and a rollback
//     from N+2, whose objects are stored at v6storage, can install it;
//   - N+2 is the plain regeneration: v6storage is the hub (the newest stable
//     version) and v5storage links forward to it, recalling Pronouns from
//     the bag into v6storage's field; -stored v5storage, since objects stay
//     stored at v5storage until the migration.
//
// Each release gets its webhook binary (testdata/release/cmd, built as
// cmd/n1 and cmd/n2 of the module) and the CRD controller-gen wrote for it.

// releaseBuild is one release: its webhook binary and its CRD.
type releaseBuild struct {
	name    string
	bin     string
	crdFile string
	crd     *apiextensionsv1.CustomResourceDefinition
}

// buildReleases generates N+1 and N+2 into dir, a module written by
// writeReleaseModule, and builds their webhooks (dir/bin/n1, dir/bin/n2),
// logging how long each step took to logf. Both webhooks are built by one
// go build, which loads the module and checks the dependencies, shared by
// both, once and compiles the two releases side by side; they are linked
// without a symbol table or DWARF (-s -w), which the suite does not use and
// which take about a third of the linker's time.
func buildReleases(dir string, logf func(format string, args ...any)) (n1, n2 *releaseBuild, err error) {
	main, err := os.ReadFile(filepath.Join("testdata", "release", "cmd", "main.go"))
	if err != nil {
		return nil, nil, err
	}
	releases := []struct {
		label string
		r     release
	}{
		{"N+1", release{name: "n1", rename: [][2]string{{"v6alpha1", "v6"}}, gen: []string{"-hub", "v5", "-stored", "v6storage"}}},
		{"N+2", release{name: "n2", rename: [][2]string{{"v6alpha1", "v6"}, {`HubVersion = "v5storage"`, `HubVersion = "v6storage"`}}, gen: []string{"-stored", "v5storage"}}},
	}
	var builds []*releaseBuild
	build := []string{"build", "-mod=mod", "-ldflags=-s -w", "-o", filepath.Join(dir, "bin") + string(filepath.Separator)}
	for _, rel := range releases {
		started := time.Now()
		_, crd, crdFile, err := generateRelease(dir, rel.r)
		if err != nil {
			return nil, nil, err
		}
		logf("release %s generated in %s", rel.label, time.Since(started).Round(time.Millisecond))
		// The webhook's main package is cmd/<release>, so that go build
		// names its binary after the release.
		pkg := filepath.Join("cmd", rel.r.name)
		if err := os.MkdirAll(filepath.Join(dir, pkg), 0o755); err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, pkg, "main.go"), []byte(strings.ReplaceAll(string(main), "release.test/person/api", "release.test/"+rel.r.name+"/api")), 0o644); err != nil {
			return nil, nil, err
		}
		build = append(build, "./"+filepath.ToSlash(pkg))
		builds = append(builds, &releaseBuild{name: rel.label, bin: filepath.Join(dir, "bin", rel.r.name), crdFile: crdFile, crd: crd})
	}
	started := time.Now()
	cmd := exec.Command("go", build...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("building the webhooks of releases N+1 and N+2: %v\n%s", err, out)
	}
	logf("the webhooks of releases N+1 and N+2 built in %s", time.Since(started).Round(time.Millisecond))
	return builds[0], builds[1], nil
}

// releases is the build of releases N+1 and N+2 (buildReleases), which
// startReleases starts in the background: from TestMain, as soon as release
// N is generated, when the tests to run include TestUpgrade, so that it
// overlaps the start of the API server; else from TestUpgrade.
var releases struct {
	once   sync.Once
	done   chan struct{}
	n1, n2 *releaseBuild
	err    error
	log    []string // what buildReleases logged
}

// startReleases starts building releases N+1 and N+2 into dir, a module
// written by writeReleaseModule, unless that has started already.
func startReleases(dir string) {
	releases.once.Do(func() {
		releases.done = make(chan struct{})
		go func() {
			defer close(releases.done)
			started := time.Now()
			releases.n1, releases.n2, releases.err = buildReleases(dir, func(format string, args ...any) {
				releases.log = append(releases.log, fmt.Sprintf(format, args...))
			})
			releases.log = append(releases.log, fmt.Sprintf("releases N+1 and N+2 ready %s after their build started", time.Since(started).Round(time.Millisecond)))
		}()
	})
}

// awaitReleases waits for the build startReleases started and logs what it
// took and how long the test waited for it.
func awaitReleases(t *testing.T) (n1, n2 *releaseBuild) {
	t.Helper()
	started := time.Now()
	<-releases.done
	for _, line := range releases.log {
		t.Log(line)
	}
	t.Logf("waited %s for releases N+1 and N+2", time.Since(started).Round(time.Millisecond))
	if releases.err != nil {
		t.Fatal(releases.err)
	}
	return releases.n1, releases.n2
}

// releaseProcess is a release's webhook running.
type releaseProcess struct {
	cmd  *exec.Cmd
	done chan error
}

// startRelease runs b's webhook on the port and with the certificate
// envtest prepared, and returns a function that stops it.
func startRelease(t *testing.T, b *releaseBuild) func() {
	t.Helper()
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	if err := writeKubeconfig(kubeconfig); err != nil {
		t.Fatal(err)
	}
	o := env.testEnv.WebhookInstallOptions
	cmd := exec.Command(b.bin, "-kubeconfig", kubeconfig, "-crd", b.crdFile, "-host", o.LocalServingHost,
		"-port", fmt.Sprint(o.LocalServingPort), "-cert-dir", o.LocalServingCertDir)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &releaseProcess{cmd: cmd, done: make(chan error, 1)}
	go func() { p.done <- cmd.Wait() }()
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() {
			t.Logf("the webhook of release %s said:\n%s", b.name, out.String())
		}
	}
	t.Cleanup(stop)
	waitListening(t)
	return stop
}

// writeKubeconfig writes a kubeconfig for envtest's API server and admin
// user.
func writeKubeconfig(path string) error {
	c := env.cfg
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["envtest"] = &clientcmdapi.Cluster{Server: c.Host, CertificateAuthorityData: c.CAData}
	cfg.AuthInfos["admin"] = &clientcmdapi.AuthInfo{ClientCertificateData: c.CertData, ClientKeyData: c.KeyData, Token: c.BearerToken}
	cfg.Contexts["envtest"] = &clientcmdapi.Context{Cluster: "envtest", AuthInfo: "admin"}
	cfg.CurrentContext = "envtest"
	return clientcmd.WriteToFile(*cfg, path)
}

// installCRD replaces the Person CRD with crd (keeping the conversion
// webhook's client configuration envtest set up) and waits until the API
// server serves every version of it.
func installCRD(t *testing.T, ctx context.Context, crd *apiextensionsv1.CustomResourceDefinition) {
	t.Helper()
	cur := getCRD(t, ctx)
	next := crd.DeepCopy()
	next.ObjectMeta = cur.ObjectMeta
	next.Spec.Conversion = cur.Spec.Conversion
	if err := env.client.Update(ctx, next); err != nil {
		t.Fatalf("installing the CRD: %v", err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, v := range crd.Spec.Versions {
		if !v.Served {
			continue
		}
		for {
			_, err := env.dynamic.Resource(peopleGVR(v.Name)).Namespace(namespace).List(ctx, listOne)
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not served 30s after installing the CRD: %v", v.Name, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// servedVersions lists the versions crd serves.
func servedVersions(crd *apiextensionsv1.CustomResourceDefinition) []string {
	var out []string
	for _, v := range crd.Spec.Versions {
		if v.Served {
			out = append(out, v.Name)
		}
	}
	slices.Sort(out)
	return out
}

// peopleGVR is the resource of Persons at version.
func peopleGVR(version string) schema.GroupVersionResource {
	return schema.GroupVersionResource{Group: api.GroupKind.Group, Version: version, Resource: "people"}
}

var listOne = metav1.ListOptions{Limit: 1}

// snapshot reads every Person in the namespace at each of versions: its
// spec and its annotations (the property bags), keyed "version/name".
func snapshot(t *testing.T, ctx context.Context, versions []string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, v := range versions {
		cont := ""
		for {
			list, err := env.dynamic.Resource(peopleGVR(v)).Namespace(namespace).List(ctx, metav1.ListOptions{Limit: 500, Continue: cont})
			if err != nil {
				t.Fatalf("listing Persons at %s: %v", v, err)
			}
			for _, item := range list.Items {
				out[v+"/"+item.GetName()] = map[string]any{"spec": item.Object["spec"], "annotations": item.GetAnnotations()}
			}
			if cont = list.GetContinue(); cont == "" {
				break
			}
		}
	}
	return out
}

// compareSnapshots checks that every Person of want read at a version of
// versions reads the same in got.
func compareSnapshots(t *testing.T, label string, want, got map[string]map[string]any, versions []string) {
	t.Helper()
	compared, bad := 0, 0
	seen := map[string]bool{}
	for key, w := range want {
		version := strings.SplitN(key, "/", 2)[0]
		if !slices.Contains(versions, version) {
			continue
		}
		seen[version] = true
		compared++
		g, ok := got[key]
		diff := "missing"
		if ok && reflect.DeepEqual(w, g) {
			// JSON values: equal for cmp too. cmp.Diff, which walks them
			// several times slower, only says how they differ.
			diff = ""
		} else if ok {
			diff = cmp.Diff(w, g)
		}
		if diff != "" {
			if bad++; bad <= 5 {
				t.Errorf("%s: %s differs (-before +after):\n%s", label, key, diff)
			}
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d more differ", label, bad-5)
	}
	t.Logf("%s: %d reads (%d versions) compared, %d differ", label, compared, len(seen), bad)
}

// testReleases runs releases N+1 and N+2 after release N (installed, every
// Person stored at v5storage): see TestUpgrade.
func testReleases(t *testing.T, ctx context.Context, stopN func(), n1, n2 *releaseBuild) {
	nCRD := getCRD(t, ctx)
	nGraph := env.converter.Graph()
	check := func(next *apiextensionsv1.CustomResourceDefinition) preflight.Report {
		t.Helper()
		g, err := preflight.GraphFromNames(next)
		if err != nil {
			t.Fatal(err)
		}
		return preflight.Check(getCRD(t, ctx), next, g)
	}
	step := func(format string, args ...any) {
		t.Logf("--- "+format, args...)
	}

	step("N → N+1 (v6 served, storage still v5storage)")
	if r := check(n1.crd); r.Err() != nil || r.StorageMoves {
		t.Fatalf("pre-flight of N+1: %+v %v", r, r.Err())
	}
	stopN()
	stop1 := startRelease(t, n1)
	installCRD(t, ctx, n1.crd)
	hubs := readHubs(t, ctx)
	names := make([]string, 0, len(hubs))
	for name := range hubs {
		names = append(names, name)
	}
	slices.Sort(names)
	started := time.Now()
	parallel(t, len(names), func(i int) error {
		ri := env.dynamic.Resource(peopleGVR("v6")).Namespace(namespace)
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			u, err := ri.Get(ctx, names[i], metav1.GetOptions{})
			if err != nil {
				return err
			}
			if err := unstructured.SetNestedField(u.Object, "they/"+names[i], "spec", "pronouns"); err != nil {
				return err
			}
			_, err = ri.Update(ctx, u, metav1.UpdateOptions{})
			return err
		})
	})
	t.Logf("%d Persons updated at v6 in %s", len(names), time.Since(started).Round(time.Millisecond))
	n1Versions := servedVersions(n1.crd)
	snap := snapshot(t, ctx, n1Versions)
	for _, name := range names {
		if got, _, _ := unstructured.NestedString(snap["v6/"+name], "spec", "pronouns"); got != "they/"+name {
			t.Errorf("%s at v6: pronouns %q, want %q", name, got, "they/"+name)
		}
		if _, ok, _ := unstructured.NestedFieldNoCopy(snap["v5storage/"+name], "spec", "$propertyBag", "Pronouns"); !ok {
			t.Errorf("%s at v5storage: no Pronouns in the bag: %v", name, snap["v5storage/"+name]["spec"])
		}
	}
	if got := storedVersionsInEtcd(t, etcdPrefix); len(got) != 1 || got["crm.hubspoke.dev/v5storage"] != len(names) {
		t.Errorf("under N+1 etcd holds %v, want %d Persons at v5storage", got, len(names))
	}

	step("rollback N+1 → N")
	if err := preflight.Check(getCRD(t, ctx), nCRD, nGraph).Err(); err != nil {
		t.Fatal(err)
	}
	stop1()
	stopN = startWebhook(t)
	installCRD(t, ctx, nCRD)
	compareSnapshots(t, "N after rollback from N+1", snap, snapshot(t, ctx, servedVersions(nCRD)), servedVersions(nCRD))

	step("N → N+1 again")
	stopN()
	stop1 = startRelease(t, n1)
	installCRD(t, ctx, n1.crd)
	compareSnapshots(t, "N+1 again", snap, snapshot(t, ctx, n1Versions), n1Versions)

	step("N+1 → N+2 (v6storage the hub) and the migration")
	r := check(n2.crd)
	if r.Err() != nil || !r.StorageMoves {
		t.Fatalf("pre-flight of N+2: %+v %v", r, r.Err())
	}
	stop1()
	stop2 := startRelease(t, n2)
	installCRD(t, ctx, n2.crd)
	started = time.Now()
	res, err := migrate.Run(ctx, env.dynamic, peopleCRD, migrate.Options{PageSize: pageSize})
	if err != nil || !res.Pruned {
		t.Fatalf("migration under N+2: %+v, %v", res, err)
	}
	t.Logf("migration under N+2: %d Persons re-stored at v6storage in %s", res.Migrated, time.Since(started).Round(time.Millisecond))
	kvs, err := etcdRange(ctx, etcdPrefix)
	if err != nil {
		t.Fatal(err)
	}
	for key, value := range kvs {
		var stored struct {
			APIVersion string
			Spec       struct{ Pronouns string }
		}
		if err := json.Unmarshal(value, &stored); err != nil || stored.APIVersion != "crm.hubspoke.dev/v6storage" || !strings.HasPrefix(stored.Spec.Pronouns, "they/") {
			t.Errorf("%s in etcd: %s with pronouns %q (%v), want v6storage with the field", key, stored.APIVersion, stored.Spec.Pronouns, err)
		}
	}
	if sv := getCRD(t, ctx).Status.StoredVersions; !slices.Equal(sv, []string{"v6storage"}) {
		t.Errorf("storedVersions %v under N+2 after the migration, want [v6storage]", sv)
	}
	n2Versions := servedVersions(n2.crd)
	compareSnapshots(t, "N+2 after the migration", snap, snapshot(t, ctx, n2Versions), n2Versions)
	if err := preflight.Check(getCRD(t, ctx), nCRD, nGraph).Err(); err == nil {
		t.Error("pre-flight passes release N's CRD with every Person stored at v6storage, which N lacks")
	} else {
		t.Logf("pre-flight refuses going back to N from N+2:\n%v", err)
	}

	step("rollback N+2 → N+1")
	if r := check(n1.crd); r.Err() != nil {
		t.Fatal(r.Err())
	}
	stop2()
	startRelease(t, n1)
	installCRD(t, ctx, n1.crd)
	compareSnapshots(t, "N+1 after rollback from N+2", snap, snapshot(t, ctx, n1Versions), n1Versions)
}
