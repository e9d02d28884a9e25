//go:build e2e

package e2e

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/examples/person/webhook"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// The webhook manager (package webhook, which wires both webhooks with
// convert/webhook's Setup) is started on the port and with the certificate
// envtest prepared, and stopped (before envtest is) when the test ends. The
// scenarios run against it in turn. controller-runtime's own
// Hub/Convertible path, which enters the same walk, is covered by the
// tests of convert/webhook and examples/person/webhook.

// TestHubSpoke runs every scenario against the webhook manager.
func TestHubSpoke(t *testing.T) {
	startWebhook(t)
	ns := func(scenario string) string { return "hubspoke-" + scenario }
	t.Run("EveryVersion", func(t *testing.T) { testEveryVersion(t, ns("every-version")) })
	t.Run("StoredAtHub", func(t *testing.T) { testStoredAtHub(t, ns("stored")) })
	t.Run("UpdateThroughOldVersions", func(t *testing.T) { testUpdateThroughOldVersions(t, ns("update")) })
	t.Run("PatchesThroughOldVersions", func(t *testing.T) { testPatchesThroughOldVersions(t, ns("patch")) })
	t.Run("HostileReviews", func(t *testing.T) { testHostileReviews(t) })
	t.Run("List500", func(t *testing.T) { testList(t, ns("list"), 500) })
	t.Run("Security", func(t *testing.T) { testSecurity(t, ns("security")) })
	t.Run("ConcurrentClients", func(t *testing.T) { testConcurrentClients(t, ns("concurrent"), 20, 100) })
}

// startWebhook starts the manager serving /convert and waits
// until the API server converts through it. The manager is stopped when
// the test ends.
func startWebhook(t *testing.T) {
	t.Helper()
	o := env.testEnv.WebhookInstallOptions
	mgr, err := webhook.NewManager(env.cfg, webhook.Options{
		Host:    o.LocalServingHost,
		Port:    o.LocalServingPort,
		CertDir: o.LocalServingCertDir,
		CRD:     env.crd,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("manager: %v", err)
			}
		case <-time.After(45 * time.Second):
			t.Errorf("manager did not stop within 45s")
		}
	})
	started := time.Now()
	if err := waitServing(mgr, done, 30*time.Second); err != nil {
		t.Fatalf("webhook: %v", err)
	}
	if err := waitConverting(t, 30*time.Second); err != nil {
		t.Fatalf("webhook: the API server does not convert through it: %v", err)
	}
	t.Logf("webhook serving on https://%s/convert after %s", webhookHostPort(), time.Since(started).Round(time.Millisecond))
}

// waitServing waits until the manager's webhook server accepts TLS
// connections.
func waitServing(mgr manager.Manager, done <-chan error, limit time.Duration) error {
	check := mgr.GetWebhookServer().StartedChecker()
	deadline := time.Now().Add(limit)
	for {
		select {
		case err := <-done:
			return fmt.Errorf("manager stopped: %v", err)
		default:
		}
		err := check(nil)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not serving after %s: %w", limit, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// probe is an object the webhook is first asked to convert.
const probeNamespace, probeName = "e2e-probe", "probe"

// waitConverting reads (creating it the first time) a Person stored at the
// hub at v1, which the API server can only do through the webhook. It
// retries while the API server's connections to a previous manager on the
// same port are being replaced; the attempts are logged.
func waitConverting(t *testing.T, limit time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	createNamespace(ctx, t, probeNamespace)
	var last error
	for attempt := 1; ; attempt++ {
		last = probeOnce(ctx, t)
		if last == nil {
			if attempt > 1 {
				t.Logf("the API server converted through the webhook at attempt %d", attempt)
			}
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.Join(last, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func probeOnce(ctx context.Context, t *testing.T) error {
	want := at(t, mickeyV5(), "v5", probeNamespace, probeName)
	setZeroStatus(want) // the API server drops the status on create
	got, err := get(ctx, t, probeNamespace, probeName, "v1")
	if apierrors.IsNotFound(err) {
		if err := create(ctx, want.DeepCopyObject().(client.Object)); err != nil {
			return err
		}
		got, err = get(ctx, t, probeNamespace, probeName, "v1")
	}
	if err != nil {
		return err
	}
	if diff := diffView(t, convertTo(t, want, "v1"), got); diff != "" {
		t.Fatalf("the probe read at v1 differs from the in-process conversion (-want +got):\n%s", diff)
	}
	return nil
}
