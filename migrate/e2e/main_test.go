//go:build e2e

// Package e2e runs the storage migration and the pre-flight check against a
// real kube-apiserver and etcd (envtest), with the Person conversion webhook
// of examples/person: see README.md.
package e2e

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/examples/person/webhook"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

var env struct {
	testEnv   *envtest.Environment
	cfg       *rest.Config
	client    client.Client
	dynamic   dynamic.Interface
	converter *convert.Converter
	// personCRD is release N's CRD: the Person example's, generated with
	// -stored v4storage (see startEnv).
	personCRD *apiextensionsv1.CustomResourceDefinition
	// releaseDir holds the generated releases; removed at the end.
	releaseDir string
}

// oldStorage is the version the Person CRD stores when the suite starts;
// the upgrade moves it to api.HubVersion.
const oldStorage = "v4storage"

func TestMain(m *testing.M) { os.Exit(runMain(m)) }

func runMain(m *testing.M) int {
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		out, err := exec.Command(filepath.Join("..", "..", "hack", "setup-envtest-binaries.sh")).Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, "e2e: KUBEBUILDER_ASSETS is not set and hack/setup-envtest-binaries.sh failed:", err)
			return 1
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		_ = os.Setenv("KUBEBUILDER_ASSETS", lines[len(lines)-1])
	}
	logf.SetLogger(logr.Discard())
	flag.Parse() // for willRun
	defer func() {
		if releases.done != nil {
			<-releases.done // the build writes into releaseDir
		}
		if env.releaseDir != "" {
			_ = os.RemoveAll(env.releaseDir)
		}
		if generator.bin != "" {
			_ = os.RemoveAll(filepath.Dir(generator.bin))
		}
	}()
	started := time.Now()
	if err := startEnv(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		if env.testEnv != nil {
			_ = env.testEnv.Stop()
		}
		return 1
	}
	fmt.Fprintf(os.Stderr, "e2e: envtest up in %s\n", time.Since(started).Round(time.Millisecond))
	code := m.Run()
	if err := env.testEnv.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: stopping envtest:", err)
		code = 1
	}
	return code
}

// startEnv starts kube-apiserver and etcd with the Person CRD storing
// oldStorage, as a release before the current one did, and converting
// through the webhook the tests start. The CRD is release N's, generated
// from the Person example with -stored v4storage: the CRD of the release
// that moves the storage version from v4storage to v5storage, which lists
// v4storage (unserved) until the migration is done.
func startEnv() error {
	scheme, err := api.NewScheme()
	if err != nil {
		return err
	}
	if err := apiextensionsv1.AddToScheme(scheme); err != nil {
		return err
	}
	if err := corev1.AddToScheme(scheme); err != nil {
		return err
	}
	if env.converter, err = convert.NewConverter(scheme, api.GroupKind); err != nil {
		return err
	}
	if env.releaseDir, err = os.MkdirTemp("", "hubspoke-e2e-releases"); err != nil {
		return err
	}
	if err := writeReleaseModule(env.releaseDir); err != nil {
		return err
	}
	if _, env.personCRD, _, err = generateRelease(env.releaseDir, release{name: "n", gen: []string{"-stored", oldStorage}}); err != nil {
		return err
	}
	if willRun("TestUpgrade") {
		// Releases N+1 and N+2 build while the API server starts (and
		// TestUpgrade creates its Persons), on what its start leaves of
		// the two cores.
		startReleases(env.releaseDir)
	}
	crd := env.personCRD.DeepCopy()
	setStorage(crd, oldStorage)
	env.testEnv = &envtest.Environment{
		Scheme:                   scheme,
		CRDs:                     []*apiextensionsv1.CustomResourceDefinition{crd},
		WebhookInstallOptions:    envtest.WebhookInstallOptions{LocalServingHost: "127.0.0.1"},
		ControlPlaneStartTimeout: 90 * time.Second,
		ControlPlaneStopTimeout:  30 * time.Second,
	}
	if env.cfg, err = env.testEnv.Start(); err != nil {
		return err
	}
	env.cfg.QPS = -1 // the suite measures throughput: no client-side throttling
	if env.client, err = client.New(env.cfg, client.Options{Scheme: scheme}); err != nil {
		return err
	}
	env.dynamic, err = dynamic.NewForConfig(env.cfg)
	return err
}

// willRun reports whether the top-level test name is among those the -run
// and -skip flags select (a -run pattern by its first element, a -skip
// pattern as a whole: a pattern naming subtests skips no top-level test).
func willRun(name string) bool {
	pattern := func(flagName string) string {
		if f := flag.Lookup(flagName); f != nil {
			return f.Value.String()
		}
		return ""
	}
	matches := func(pattern string) bool {
		re, err := regexp.Compile(pattern)
		return err == nil && re.MatchString(name)
	}
	if run := pattern("test.run"); run != "" && !matches(strings.Split(run, "/")[0]) {
		return false
	}
	skip := pattern("test.skip")
	return skip == "" || !matches(skip)
}

// setStorage makes version the storage version of crd.
func setStorage(crd *apiextensionsv1.CustomResourceDefinition, version string) {
	for i := range crd.Spec.Versions {
		crd.Spec.Versions[i].Storage = crd.Spec.Versions[i].Name == version
	}
}

// startWebhook starts the Person webhook manager on the port and with the
// certificate envtest prepared, and returns a function that stops it (which
// runs when the test ends too).
func startWebhook(t testing.TB) (stop func()) {
	t.Helper()
	o := env.testEnv.WebhookInstallOptions
	mgr, err := webhook.NewManager(env.cfg, webhook.Options{Host: o.LocalServingHost, Port: o.LocalServingPort, CertDir: o.LocalServingCertDir, CRD: env.personCRD})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("webhook manager: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	waitListening(t)
	return stop
}

// waitListening waits until the webhook server accepts TLS connections.
func waitListening(t testing.TB) {
	t.Helper()
	o := env.testEnv.WebhookInstallOptions
	addr := net.JoinHostPort(o.LocalServingHost, fmt.Sprint(o.LocalServingPort))
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true}) //nolint:gosec // a readiness probe
		if err == nil {
			_ = conn.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the webhook server does not accept TLS connections on %s after 30s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// etcdRange returns every key and value under prefix, read in pages
// through etcd's JSON gateway on envtest's client URL.
func etcdRange(ctx context.Context, prefix string) (map[string][]byte, error) {
	end := []byte(prefix)
	end[len(end)-1]++
	out := map[string][]byte{}
	from := prefix
	for {
		body, _ := json.Marshal(map[string]any{"key": b64(from), "range_end": b64(string(end)), "limit": 500})
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, env.testEnv.ControlPlane.Etcd.URL.String()+"/v3/kv/range", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		text, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("etcd range: HTTP %d %v: %.200s", resp.StatusCode, err, text)
		}
		var answer struct {
			Kvs  []struct{ Key, Value string }
			More bool
		}
		if err := json.Unmarshal(text, &answer); err != nil {
			return nil, fmt.Errorf("etcd range: %w", err)
		}
		for _, kv := range answer.Kvs {
			k, _ := base64.StdEncoding.DecodeString(kv.Key)
			v, _ := base64.StdEncoding.DecodeString(kv.Value)
			out[string(k)] = v
			from = string(k) + "\x00"
		}
		if !answer.More || len(answer.Kvs) == 0 {
			return out, nil
		}
	}
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// storedVersionsInEtcd counts the objects under prefix by the apiVersion
// they are stored at.
func storedVersionsInEtcd(t testing.TB, prefix string) map[string]int {
	t.Helper()
	kvs, err := etcdRange(context.Background(), prefix)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for k, v := range kvs {
		var head struct{ APIVersion string }
		if err := json.Unmarshal(v, &head); err != nil {
			t.Fatalf("%s: not JSON: %v", k, err)
		}
		count[head.APIVersion]++
	}
	return count
}
