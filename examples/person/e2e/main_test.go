//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/examples/person/webhook"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// env is what TestMain starts, shared by every test.
var env struct {
	testEnv   *envtest.Environment
	cfg       *rest.Config
	scheme    *runtime.Scheme // every version of Person, core and apiextensions
	client    client.Client
	converter *convert.Converter // the in-process conversion the tests compare with
	log       *logTail

	// crd is the Person CRD as installed, which the admission webhook
	// validates writes against.
	crd *apiextensionsv1.CustomResourceDefinition
}

// setupScript provides kube-apiserver and etcd when KUBEBUILDER_ASSETS is
// not set; the path is relative to this package's directory, where go test
// runs the tests.
var setupScript = filepath.Join("..", "..", "..", "hack", "setup-envtest-binaries.sh")

// TestMain starts kube-apiserver and etcd with the Person CRD, runs the
// tests and stops them.
func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	env.log = newLogTail(os.Getenv("E2E_LOG") != "")
	logf.SetLogger(logr.FromSlogHandler(slog.NewTextHandler(env.log, nil)))

	if err := findAssets(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	started := time.Now()
	if err := startEnv(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: starting kube-apiserver and etcd:", err)
		env.log.dump(os.Stderr)
		if env.testEnv != nil {
			_ = env.testEnv.Stop()
		}
		return 1
	}
	fmt.Fprintf(os.Stderr, "e2e: envtest (kube-apiserver, etcd, Person CRD) up in %s\n", time.Since(started).Round(time.Millisecond))

	code := m.Run()

	if err := env.testEnv.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: stopping envtest:", err)
		code = 1
	}
	if code != 0 {
		env.log.dump(os.Stderr)
	}
	return code
}

// findAssets makes sure KUBEBUILDER_ASSETS names a directory holding
// kube-apiserver and etcd, running hack/setup-envtest-binaries.sh when it is
// not set.
func findAssets() error {
	dir := os.Getenv("KUBEBUILDER_ASSETS")
	if dir == "" {
		fmt.Fprintf(os.Stderr, "e2e: KUBEBUILDER_ASSETS is not set; running %s (on a fresh machine it builds kube-apiserver, ~10 min: use -timeout 30m)\n", setupScript)
		cmd := exec.Command(setupScript)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("KUBEBUILDER_ASSETS is not set and %s failed: %v; "+
				"set KUBEBUILDER_ASSETS to a directory holding kube-apiserver and etcd (see hack/README.md)", setupScript, err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		dir = strings.TrimSpace(lines[len(lines)-1])
		if err := os.Setenv("KUBEBUILDER_ASSETS", dir); err != nil {
			return err
		}
	}
	for _, bin := range []string{"kube-apiserver", "etcd"} {
		if _, err := os.Stat(filepath.Join(dir, bin)); err != nil {
			return fmt.Errorf("KUBEBUILDER_ASSETS=%s has no %s (%v); see hack/README.md", dir, bin, err)
		}
	}
	return nil
}

func startEnv() error {
	scheme, err := api.NewScheme()
	if err != nil {
		return err
	}
	if err := corev1.AddToScheme(scheme); err != nil {
		return err
	}
	if err := apiextensionsv1.AddToScheme(scheme); err != nil {
		return err
	}
	if err := rbacv1.AddToScheme(scheme); err != nil {
		return err
	}
	env.scheme = scheme
	if env.converter, err = convert.NewConverter(scheme, api.GroupKind); err != nil {
		return err
	}

	// envtest generates a CA and a serving certificate for the webhook
	// server, and, because Person is convertible in the scheme (one Hub,
	// every other version Convertible), rewrites the CRD's conversion to
	// strategy Webhook with clientConfig.url https://127.0.0.1:<port>/convert
	// and the CA as caBundle. It points the validating admission webhook
	// of people at https://127.0.0.1:<port>/<path> too.
	env.testEnv = &envtest.Environment{
		Scheme:                scheme,
		CRDDirectoryPaths:     []string{filepath.Join("..", "crd")},
		ErrorIfCRDPathMissing: true,
		WebhookInstallOptions: envtest.WebhookInstallOptions{
			LocalServingHost:   "127.0.0.1",
			ValidatingWebhooks: []*admissionregistrationv1.ValidatingWebhookConfiguration{validatingWebhook()},
		},
		ControlPlaneStartTimeout: 90 * time.Second,
		ControlPlaneStopTimeout:  30 * time.Second,
	}
	if env.cfg, err = env.testEnv.Start(); err != nil {
		return err
	}
	if err := checkCRDConversion(); err != nil {
		return err
	}
	env.crd = env.testEnv.CRDs[0]
	if err := checkValidatingWebhook(); err != nil {
		return err
	}
	env.client, err = client.New(env.cfg, client.Options{Scheme: scheme})
	return err
}

// validatingWebhook is the ValidatingWebhookConfiguration an operator
// installs with the Person webhook: every CREATE and UPDATE of people and
// people/status, at every version, goes to the admission webhook, and a
// write is refused when the webhook cannot be reached. envtest turns the
// service path into https://127.0.0.1:<port>/<path> with its CA.
func validatingWebhook() *admissionregistrationv1.ValidatingWebhookConfiguration {
	fail := admissionregistrationv1.Fail
	none := admissionregistrationv1.SideEffectClassNone
	equivalent := admissionregistrationv1.Equivalent
	path := strings.TrimPrefix(webhook.AdmissionPath, "/") // envtest adds the slash
	timeout := int32(10)
	return &admissionregistrationv1.ValidatingWebhookConfiguration{
		TypeMeta:   metav1.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "ValidatingWebhookConfiguration"},
		ObjectMeta: metav1.ObjectMeta{Name: "people.crm.hubspoke.dev"},
		Webhooks: []admissionregistrationv1.ValidatingWebhook{{
			Name:                    "people.crm.hubspoke.dev",
			AdmissionReviewVersions: []string{"v1"},
			SideEffects:             &none,
			FailurePolicy:           &fail,
			MatchPolicy:             &equivalent,
			TimeoutSeconds:          &timeout,
			Rules: []admissionregistrationv1.RuleWithOperations{{
				Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.Create, admissionregistrationv1.Update},
				Rule: admissionregistrationv1.Rule{
					APIGroups:   []string{api.GroupKind.Group},
					APIVersions: []string{"*"},
					Resources:   []string{"people", "people/status"},
				},
			}},
			ClientConfig: admissionregistrationv1.WebhookClientConfig{
				Service: &admissionregistrationv1.ServiceReference{Name: "person-webhook", Namespace: "default", Path: &path},
			},
		}},
	}
}

// checkValidatingWebhook checks that envtest pointed the admission webhook
// at the local server.
func checkValidatingWebhook() error {
	hooks := env.testEnv.WebhookInstallOptions.ValidatingWebhooks
	want := fmt.Sprintf("https://%s%s", webhookHostPort(), webhook.AdmissionPath)
	if len(hooks) != 1 || len(hooks[0].Webhooks) != 1 || hooks[0].Webhooks[0].ClientConfig.URL == nil || *hooks[0].Webhooks[0].ClientConfig.URL != want {
		return fmt.Errorf("the validating webhook of people does not call %s: %+v", want, hooks)
	}
	return nil
}

// checkCRDConversion checks that the CRD envtest installed converts with
// the local webhook.
func checkCRDConversion() error {
	if len(env.testEnv.CRDs) != 1 {
		return fmt.Errorf("installed %d CRDs from ../crd, want 1 (Person)", len(env.testEnv.CRDs))
	}
	conv := env.testEnv.CRDs[0].Spec.Conversion
	want := fmt.Sprintf("https://%s/convert", webhookHostPort())
	if conv == nil || conv.Strategy != apiextensionsv1.WebhookConverter || conv.Webhook == nil ||
		conv.Webhook.ClientConfig == nil || conv.Webhook.ClientConfig.URL == nil || *conv.Webhook.ClientConfig.URL != want {
		return fmt.Errorf("the Person CRD does not convert with the webhook at %s: %+v", want, conv)
	}
	return nil
}

func webhookHostPort() string {
	o := env.testEnv.WebhookInstallOptions
	return fmt.Sprintf("%s:%d", o.LocalServingHost, o.LocalServingPort)
}

// logTail keeps the last lines that controller-runtime logged, printed when
// the suite fails, and streams them to stderr too when E2E_LOG is set.
type logTail struct {
	mu     sync.Mutex
	lines  [][]byte
	stream bool
}

const logTailLines = 300

func newLogTail(stream bool) *logTail { return &logTail{stream: stream} }

func (l *logTail) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stream {
		_, _ = os.Stderr.Write(p)
	}
	l.lines = append(l.lines, bytes.Clone(p))
	if len(l.lines) > logTailLines {
		l.lines = l.lines[len(l.lines)-logTailLines:]
	}
	return len(p), nil
}

func (l *logTail) dump(w io.Writer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(w, "--- last %d lines of the manager's log ---\n", len(l.lines))
	for _, line := range l.lines {
		_, _ = w.Write(line)
	}
}

// withTimeout returns a context for one scenario, bounded in time.
func withTimeout(t *testing.T, d time.Duration) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
