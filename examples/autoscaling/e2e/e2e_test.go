//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert"
	convwebhook "github.com/hubspoke/hubspoke/convert/webhook"
	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v1storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2storage"
	"github.com/hubspoke/hubspoke/examples/autoscaling/samples"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	crwebhook "sigs.k8s.io/controller-runtime/pkg/webhook"
)

var hpa = schema.GroupKind{Group: samples.Group, Kind: "HorizontalPodAutoscaler"}

// apiVersions are the versions clients use; of the storage twins only the
// hub's, v2storage, is in the (lean) CRD, and the tests compare there.
var apiVersions = []string{"v1", "v2beta1", "v2beta2", "v2"}

const hubVersion = "v2storage"

func newScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		v1.AddToScheme, v1storage.AddToScheme, v2beta1.AddToScheme, v2beta1storage.AddToScheme,
		v2beta2.AddToScheme, v2beta2storage.AddToScheme, v2.AddToScheme, v2storage.AddToScheme,
		corev1.AddToScheme,
	} {
		if err := add(s); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// start starts kube-apiserver and etcd with the CRD (envtest points its
// conversion at the local webhook server) and a manager serving the
// conversion webhook with convert/webhook's Setup; both stop when the test
// ends.
func start(t *testing.T, scheme *runtime.Scheme) client.Client {
	t.Helper()
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		t.Fatal("KUBEBUILDER_ASSETS is not set: run with KUBEBUILDER_ASSETS=$(hack/setup-envtest-binaries.sh)")
	}
	env := &envtest.Environment{
		Scheme:                   scheme,
		CRDDirectoryPaths:        []string{filepath.Join("..", "crd")},
		ErrorIfCRDPathMissing:    true,
		WebhookInstallOptions:    envtest.WebhookInstallOptions{LocalServingHost: "127.0.0.1"},
		ControlPlaneStartTimeout: 90 * time.Second,
		ControlPlaneStopTimeout:  30 * time.Second,
	}
	cfg, err := env.Start()
	if err != nil {
		t.Fatalf("starting kube-apiserver and etcd: %v", err)
	}
	t.Cleanup(func() {
		if err := env.Stop(); err != nil {
			t.Errorf("stopping envtest: %v", err)
		}
	})
	if len(env.CRDs) != 1 || env.CRDs[0].Spec.Conversion == nil || env.CRDs[0].Spec.Conversion.Strategy != apiextensionsv1.WebhookConverter {
		t.Fatalf("the CRD in ../crd is not installed with webhook conversion: %d CRDs", len(env.CRDs))
	}
	o := env.WebhookInstallOptions
	mgr, err := manager.New(cfg, manager.Options{
		Scheme:        scheme,
		Metrics:       metricsserver.Options{BindAddress: "0"},
		WebhookServer: crwebhook.NewServer(crwebhook.Options{Host: o.LocalServingHost, Port: o.LocalServingPort, CertDir: o.LocalServingCertDir}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := convwebhook.Setup(mgr, convwebhook.Options{}, env.CRDs[0]); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("manager: %v", err)
		}
	})
	check := mgr.GetWebhookServer().StartedChecker()
	for deadline := time.Now().Add(30 * time.Second); check(nil) != nil; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the webhook server did not start within 30s")
		}
	}
	c, err := client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEveryVersion writes one HorizontalPodAutoscaler at each API version
// (spec, then status through the status subresource), reads each back at
// every version, and compares at the hub: what the API server stores (read
// at v2storage) must be what the in-process conversion makes of the
// object, and every read, converted to the hub in-process, must give that
// hub back. Then each object is written back unchanged at every version,
// and the stored hub must not change.
func TestEveryVersion(t *testing.T) {
	scheme := newScheme(t)
	conv, err := convert.NewConverter(scheme, hpa)
	if err != nil {
		t.Fatal(err)
	}
	c := start(t, scheme)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	const ns = "shop"
	if err := c.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
		t.Fatal(err)
	}
	for _, sample := range []client.Object{samples.WebV1(), samples.QueueV2beta1(), samples.ShopV2beta2(), samples.CheckoutV2()} {
		written := sample.GetObjectKind().GroupVersionKind().Version
		t.Run("written at "+written, func(t *testing.T) {
			write(ctx, t, c, sample)
			want := hubOf(t, conv, sample)
			stored := read(ctx, t, c, scheme, sample.GetName(), hubVersion)
			if d := diffHub(want, stored.(*v2storage.HorizontalPodAutoscaler)); d != "" {
				t.Fatalf("stored at the hub (-in-process +API server):\n%s", d)
			}
			if d := diffWritten(t, sample, read(ctx, t, c, scheme, sample.GetName(), written)); d != "" {
				t.Errorf("read back at %s, where it was written (-written +read):\n%s", written, d)
			}
			for _, version := range apiVersions {
				got := read(ctx, t, c, scheme, sample.GetName(), version)
				if d := diffHub(want, hubOf(t, conv, got)); d != "" {
					t.Errorf("read at %s, converted to the hub (-stored +read):\n%s", version, d)
				}
			}
			for _, version := range apiVersions {
				got := read(ctx, t, c, scheme, sample.GetName(), version)
				if err := c.Update(ctx, got); err != nil {
					t.Fatalf("writing back the spec at %s: %v", version, err)
				}
				if err := c.Status().Update(ctx, got); err != nil {
					t.Fatalf("writing back the status at %s: %v", version, err)
				}
				if d := diffHub(want, read(ctx, t, c, scheme, sample.GetName(), hubVersion).(*v2storage.HorizontalPodAutoscaler)); d != "" {
					t.Errorf("written back unchanged at %s, the stored hub changed (-before +after):\n%s", version, d)
				}
			}
		})
	}
}

// write creates obj and writes its status, which create drops.
func write(ctx context.Context, t *testing.T, c client.Client, obj client.Object) {
	t.Helper()
	created := obj.DeepCopyObject().(client.Object)
	if err := c.Create(ctx, created); err != nil {
		t.Fatalf("creating %s at %s: %v", obj.GetName(), obj.GetObjectKind().GroupVersionKind().Version, err)
	}
	withStatus := obj.DeepCopyObject().(client.Object)
	withStatus.SetResourceVersion(created.GetResourceVersion())
	if err := c.Status().Update(ctx, withStatus); err != nil {
		t.Fatalf("writing the status of %s: %v", obj.GetName(), err)
	}
}

// read gets the object named name at version.
func read(ctx context.Context, t *testing.T, c client.Client, scheme *runtime.Scheme, name, version string) client.Object {
	t.Helper()
	obj, err := scheme.New(hpa.WithVersion(version))
	if err != nil {
		t.Fatal(err)
	}
	o := obj.(client.Object)
	if err := c.Get(ctx, client.ObjectKey{Namespace: "shop", Name: name}, o); err != nil {
		t.Fatalf("reading %s at %s: %v", name, version, err)
	}
	return o
}

// hubOf converts obj to the hub in-process.
func hubOf(t *testing.T, conv *convert.Converter, obj runtime.Object) *v2storage.HorizontalPodAutoscaler {
	t.Helper()
	h, err := conv.ToVersion(obj.DeepCopyObject(), hubVersion)
	if err != nil {
		t.Fatal(err)
	}
	return h.(*v2storage.HorizontalPodAutoscaler)
}

// diffWritten compares what a client wrote with what it reads at the same
// version: spec, status, labels and annotations.
func diffWritten(t *testing.T, written, read runtime.Object) string {
	t.Helper()
	view := func(obj runtime.Object) map[string]any {
		u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
		if err != nil {
			t.Fatal(err)
		}
		meta, _ := u["metadata"].(map[string]any)
		return map[string]any{"spec": u["spec"], "status": u["status"], "labels": meta["labels"], "annotations": meta["annotations"]}
	}
	return cmp.Diff(view(written), view(read))
}

// diffHub compares what a client wrote and what the conversions keep:
// spec, status, the hub's bags, labels and annotations (not the fields the
// API server sets).
func diffHub(want, got *v2storage.HorizontalPodAutoscaler) string {
	view := func(h *v2storage.HorizontalPodAutoscaler) any {
		return []any{h.Spec, h.Status, h.PropertyBag, h.Labels, h.Annotations}
	}
	d := cmp.Diff(view(want), view(got))
	if d != "" {
		return fmt.Sprintf("%s (resourceVersion %s)", d, got.ResourceVersion)
	}
	return ""
}
