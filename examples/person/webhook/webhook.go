// Package webhook serves the conversion webhook of the Person resource
// (package api) with a controller-runtime manager.
//
// Setup registers the conversion of Person with a manager, so that the
// manager's webhook server answers the API server's ConversionReviews on
// /convert. NewManager builds a manager that does only that, for the
// command in ./cmd and for the end-to-end tests in ../e2e.
//
// There are three ways to wire the conversion, chosen by a Strategy; they
// give the same objects. HubSpoke and Registry convert with the hubspoke
// library's *convert.Converter (package convert/webhook), which validates
// the chain when the manager is built; Stock leaves the conversion to
// controller-runtime's handler, which calls the Hub and Convertible methods
// of the API types directly.
package webhook

import (
	"errors"
	"fmt"
	"strings"

	convwebhook "github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	crwebhook "sigs.k8s.io/controller-runtime/pkg/webhook"
)

// Strategy selects how the manager's /convert endpoint converts a Person.
type Strategy string

const (
	// HubSpoke registers the converter built by convert/webhook's
	// NewHubSpokeConverter with the webhook builder
	// (builder.WebhookManagedBy(...).WithConverter). This is the way the
	// library recommends.
	HubSpoke Strategy = "hubspoke"

	// Registry registers a *convert.Converter in the manager's converter
	// registry with convert/webhook's Register, and lets the webhook
	// builder serve /convert.
	Registry Strategy = "registry"

	// Stock registers no converter: controller-runtime's conversion handler
	// converts with the Hub and Convertible methods of the API types.
	Stock Strategy = "stock"
)

// Strategies lists every Strategy, the recommended one first.
var Strategies = []Strategy{HubSpoke, Registry, Stock}

// ParseStrategy returns the Strategy named s.
func ParseStrategy(s string) (Strategy, error) {
	for _, strategy := range Strategies {
		if string(strategy) == s {
			return strategy, nil
		}
	}
	names := make([]string, len(Strategies))
	for i, strategy := range Strategies {
		names[i] = string(strategy)
	}
	return "", fmt.Errorf("unknown conversion strategy %q (want one of %s)", s, strings.Join(names, ", "))
}

// Setup registers the conversion of Person with mgr, converting as
// strategy says. The manager's scheme must hold every version of Person
// (api.AddToScheme). With HubSpoke and Registry a broken conversion chain
// is an error here, naming the version at fault; with Stock it is found
// only when an object is converted.
func Setup(mgr manager.Manager, strategy Strategy) error {
	scheme := mgr.GetScheme()
	for _, v := range api.Versions {
		for _, version := range []string{v, v + "storage"} {
			if gvk := api.GroupKind.WithVersion(version); !scheme.Recognizes(gvk) {
				return fmt.Errorf("webhook: the manager's scheme has no %s (add api.AddToScheme to it)", gvk)
			}
		}
	}
	b := builder.WebhookManagedBy(mgr, &v5storage.Person{})
	switch strategy {
	case HubSpoke:
		b = b.WithConverter(convwebhook.NewHubSpokeConverter(api.GroupKind))
	case Registry:
		if err := convwebhook.Register(mgr.GetConverterRegistry(), scheme, api.GroupKind); err != nil {
			return err
		}
	case Stock:
		// Nothing to register: with no converter for Person in the
		// registry, the handler uses the Hub and Convertible methods.
	default:
		_, err := ParseStrategy(string(strategy))
		return fmt.Errorf("webhook: %w", err)
	}
	if err := b.Complete(); err != nil {
		return fmt.Errorf("webhook: registering the conversion of %s: %w", api.GroupKind, err)
	}
	return nil
}

// Options configures the manager NewManager builds.
type Options struct {
	// Host is the address the webhook server listens on; "" means every
	// address.
	Host string
	// Port is the port of the webhook server; 0 means 9443.
	Port int
	// CertDir holds the serving certificate and key, tls.crt and tls.key;
	// "" means controller-runtime's default,
	// <temp dir>/k8s-webhook-server/serving-certs.
	CertDir string
	// Strategy is how Person is converted; "" means HubSpoke.
	Strategy Strategy
	// MetricsBindAddress is where the manager serves metrics; "" or "0"
	// turns the metrics server off.
	MetricsBindAddress string
	// HealthProbeBindAddress is where the manager serves /healthz and
	// /readyz (ready once the webhook server is serving); "" or "0" turns
	// the probes off.
	HealthProbeBindAddress string
}

// NewManager returns a manager whose only job is the conversion webhook of
// Person: its scheme holds every version of Person, and Setup has
// registered the conversion. Start it with its Start method; the webhook
// server then serves /convert over TLS.
func NewManager(cfg *rest.Config, opts Options) (manager.Manager, error) {
	if cfg == nil {
		return nil, errors.New("webhook: nil rest config")
	}
	scheme, err := api.NewScheme()
	if err != nil {
		return nil, err
	}
	strategy := opts.Strategy
	if strategy == "" {
		strategy = HubSpoke
	}
	metrics := opts.MetricsBindAddress
	if metrics == "" {
		metrics = "0"
	}
	probes := opts.HealthProbeBindAddress
	if probes == "" {
		probes = "0"
	}
	server := crwebhook.NewServer(crwebhook.Options{Host: opts.Host, Port: opts.Port, CertDir: opts.CertDir})
	mgr, err := manager.New(cfg, manager.Options{
		Scheme:                 scheme,
		Metrics:                metricsserver.Options{BindAddress: metrics},
		HealthProbeBindAddress: probes,
		WebhookServer:          server,
	})
	if err != nil {
		return nil, fmt.Errorf("webhook: creating the manager: %w", err)
	}
	if err := Setup(mgr, strategy); err != nil {
		return nil, err
	}
	if probes != "0" {
		if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
			return nil, err
		}
		if err := mgr.AddReadyzCheck("webhook", server.StartedChecker()); err != nil {
			return nil, err
		}
	}
	return mgr, nil
}
