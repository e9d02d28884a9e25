// Command webhook serves the conversion webhook of the Person resource: a
// controller-runtime manager whose webhook server answers the API server's
// ConversionReviews for people.crm.hubspoke.dev on /convert, over TLS.
//
//	go run ./examples/person/webhook/cmd -cert-dir /path/to/certs -port 9443
//
// The certificate directory holds tls.crt and tls.key; the CRD's
// spec.conversion.webhook.clientConfig must trust the certificate (caBundle)
// and point at this server. The kubeconfig is found as controller-runtime
// finds it (the -kubeconfig flag, $KUBECONFIG, in-cluster, ~/.kube/config).
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
	var strategy string
	fs.StringVar(&opts.Host, "host", "", `address the webhook server listens on ("" for every address)`)
	fs.IntVar(&opts.Port, "port", 9443, "port the webhook server listens on")
	fs.StringVar(&opts.CertDir, "cert-dir", "", "directory holding tls.crt and tls.key (default <temp dir>/k8s-webhook-server/serving-certs)")
	fs.StringVar(&strategy, "strategy", string(webhook.HubSpoke), "how Person is converted: hubspoke, registry or stock")
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
	if opts.Strategy, err = webhook.ParseStrategy(strategy); err != nil {
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
	ctrl.Log.Info("serving the Person conversion webhook", "host", opts.Host, "port", opts.Port, "strategy", opts.Strategy)
	return mgr.Start(ctrl.SetupSignalHandler())
}
