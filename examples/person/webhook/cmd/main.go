// Command webhook serves the conversion webhook and the validating
// admission webhook of the Person resource: a controller-runtime manager
// whose webhook server answers the API server's ConversionReviews for
// people.crm.hubspoke.dev on /convert and its AdmissionReviews for writes
// of people on /validate-crm-hubspoke-dev-person, over TLS.
//
//	go -C examples run ./person/webhook/cmd -cert-dir /path/to/certs -port 9443
//
// The certificate directory holds tls.crt and tls.key; the CRD's
// spec.conversion.webhook.clientConfig, and the ValidatingWebhookConfiguration
// that sends CREATE and UPDATE of people and people/status at every version
// to the admission path, must trust the certificate (caBundle) and point at
// this server. The admission webhook validates writes against the CRD in
// the file -crd names (by default person/crd's, relative to the examples
// module, where go -C examples runs), which must be the CRD the cluster
// has. The kubeconfig is found as controller-runtime finds it (the
// -kubeconfig flag, $KUBECONFIG, in-cluster, ~/.kube/config); without one
// the command stops with controller-runtime's error.
// It stops on SIGINT or SIGTERM.
package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/examples/person/webhook"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client/config"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("webhook", flag.ContinueOnError)
	var opts webhook.Options
	fs.StringVar(&opts.Host, "host", "", `address the webhook server listens on ("" for every address)`)
	fs.IntVar(&opts.Port, "port", 9443, "port the webhook server listens on")
	fs.StringVar(&opts.CertDir, "cert-dir", "", "directory holding tls.crt and tls.key (default <temp dir>/k8s-webhook-server/serving-certs)")
	crdFile := fs.String("crd", webhook.CRDFile, "the Person CRD the cluster has installed, which the admission webhook validates writes against")
	fs.IntVar(&opts.BagsBudget, "bags-budget", 0, "largest property-bags annotation, in bytes, a write may give a Person at any served version (0: 128 KiB)")
	fs.StringVar(&opts.MetricsBindAddress, "metrics-bind-address", "0", `address of the metrics endpoint ("0" turns it off)`)
	fs.StringVar(&opts.HealthProbeBindAddress, "health-probe-bind-address", ":8081", `address of /healthz and /readyz ("0" turns them off)`)
	config.RegisterFlags(fs) // -kubeconfig, read by ctrl.GetConfig
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	var err error
	if opts.CRD, err = webhook.LoadCRD(*crdFile); err != nil {
		return err
	}

	ctrl.SetLogger(logr.FromSlogHandler(slog.NewTextHandler(os.Stderr, nil)))
	cfg, err := ctrl.GetConfig()
	if err != nil {
		return err
	}
	mgr, err := webhook.NewManager(cfg, opts)
	if err != nil {
		return err
	}
	ctrl.Log.Info("serving the Person conversion and admission webhooks", "host", opts.Host, "port", opts.Port,
		"admissionPath", webhook.AdmissionPath, "crd", *crdFile)
	return mgr.Start(ctrl.SetupSignalHandler())
}
