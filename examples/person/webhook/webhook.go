// Package webhook serves the conversion webhook and the validating
// admission webhook of the Person resource (package api) with a
// controller-runtime manager.
//
// Setup registers both with a manager, so that the manager's webhook server
// answers the API server's ConversionReviews on /convert and its
// AdmissionReviews for writes of Person on AdmissionPath. NewManager builds
// a manager that does only that, for the command in ./cmd and for the
// end-to-end tests in ../e2e.
//
// Both come from one call of convert/webhook's Setup. The admission webhook converts
// every create and update of a Person, at any version, to the hub and
// validates it against the hub's schema in the Person CRD, and refuses a
// write that would leave the property-bags annotation too large, or the
// object unreadable, at some served version. It needs the CRD the cluster
// has installed (LoadCRD reads the one in ../crd), and a
// ValidatingWebhookConfiguration that sends it CREATE and UPDATE of people
// and people/status at every version (the end-to-end tests install one).
// The conversion walks the chain with the hubspoke library's
// *convert.Converter, which validates the chain when the manager is built.
package webhook

import (
	"errors"
	"fmt"
	"os"

	convwebhook "github.com/hubspoke/hubspoke/convert/webhook"
	"github.com/hubspoke/hubspoke/examples/person/api"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	crwebhook "sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/yaml"
)

// AdmissionPath is the path of the validating admission webhook of Person
// on the manager's webhook server (convert/webhook's AdmissionPath for
// Person), the path a ValidatingWebhookConfiguration names.
const AdmissionPath = "/validate-crm-hubspoke-dev-person"

// CRDFile is the Person CRD, relative to the examples module (the
// directory go -C examples runs commands in).
const CRDFile = "person/crd/crm.hubspoke.dev_people.yaml"

// LoadCRD reads a CustomResourceDefinition from a YAML (or JSON) file, such
// as CRDFile, strictly: an unknown field is an error.
func LoadCRD(path string) (*apiextensionsv1.CustomResourceDefinition, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("webhook: reading the CRD: %w", err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(text, crd); err != nil {
		return nil, fmt.Errorf("webhook: decoding the CRD in %s: %w", path, err)
	}
	if crd.Kind != "CustomResourceDefinition" {
		return nil, fmt.Errorf("webhook: %s holds a %q, not a CustomResourceDefinition", path, crd.Kind)
	}
	return crd, nil
}

// Setup registers with mgr the conversion of Person and the validating
// admission webhook of Person on AdmissionPath, which validates writes
// against crd (the Person CRD the cluster has installed), with the options
// opts, by one call of convert/webhook's Setup. The manager's scheme
// must hold every version of Person (api.AddToScheme). A broken conversion
// chain is an error here, naming the version at fault, and so is a CRD that
// does not match the chain; nothing is registered then.
func Setup(mgr manager.Manager, crd *apiextensionsv1.CustomResourceDefinition, opts convwebhook.Options) error {
	scheme := mgr.GetScheme()
	for _, v := range api.Versions {
		for _, version := range []string{v, v + "storage"} {
			if gvk := api.GroupKind.WithVersion(version); !scheme.Recognizes(gvk) {
				return fmt.Errorf("webhook: the manager's scheme has no %s (add api.AddToScheme to it)", gvk)
			}
		}
	}
	if crd == nil {
		return errors.New("webhook: no Person CRD for the admission webhook (see LoadCRD)")
	}
	return convwebhook.Setup(mgr, opts, crd)
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
	// CRD is the Person CRD the admission webhook validates writes
	// against, the one the cluster has installed (LoadCRD); required.
	CRD *apiextensionsv1.CustomResourceDefinition
	// BagsBudget is the largest property-bags annotation, in bytes, that a
	// write may give a Person at any served version; 0 means 128 KiB (see
	// convert/webhook's Options).
	BagsBudget int
	// MetricsBindAddress is where the manager serves metrics; "" or "0"
	// turns the metrics server off.
	MetricsBindAddress string
	// HealthProbeBindAddress is where the manager serves /healthz and
	// /readyz (ready once the webhook server is serving); "" or "0" turns
	// the probes off.
	HealthProbeBindAddress string
}

// NewManager returns a manager whose only job is the webhooks of Person:
// its scheme holds every version of Person, and Setup has registered the
// conversion and the admission webhook. Start it with its Start method; the
// webhook server then serves /convert and AdmissionPath over TLS.
func NewManager(cfg *rest.Config, opts Options) (manager.Manager, error) {
	if cfg == nil {
		return nil, errors.New("webhook: nil rest config")
	}
	scheme, err := api.NewScheme()
	if err != nil {
		return nil, err
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
	if err := Setup(mgr, opts.CRD, convwebhook.Options{BagsBudget: opts.BagsBudget}); err != nil {
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
