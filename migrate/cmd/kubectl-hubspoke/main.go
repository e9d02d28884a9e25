// Command kubectl-hubspoke is a kubectl plugin (on PATH, it runs as
// `kubectl hubspoke`) for operator upgrades of resources converted with
// hubspoke:
//
//	kubectl hubspoke preflight -f crd.yaml        check a release's CRD against the cluster before installing it
//	kubectl hubspoke migrate people.crm.hubspoke.dev   re-store every object at the storage version, prune storedVersions
//
// It finds the cluster as kubectl does: --kubeconfig, else $KUBECONFIG, else
// ~/.kube/config, with --context choosing a context. See the README of the
// migrate module for the upgrade protocol these commands are part of.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/hubspoke/hubspoke/migrate"
	"github.com/hubspoke/hubspoke/migrate/preflight"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/clientcmd"
	"sigs.k8s.io/yaml"
)

const usage = `usage:
  kubectl hubspoke migrate <plural>.<group> [flags]   re-store every object at the CRD's storage version, then prune status.storedVersions
  kubectl hubspoke preflight -f <crd.yaml> [flags]    check a new CRD against the cluster before installing it
Run a command with -h for its flags.`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr, connect))
}

// connect returns a client for the cluster kubeconfig and kubeContext name,
// found as kubectl finds it. The client does not throttle itself: the
// migration's --rate does.
func connect(kubeconfig, kubeContext string) (dynamic.Interface, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: kubeContext}).ClientConfig()
	if err != nil {
		return nil, err
	}
	cfg.QPS = -1
	cfg.UserAgent = "kubectl-hubspoke"
	return dynamic.NewForConfig(cfg)
}

// run runs the command line args and returns the exit code: 0 done, 1 the
// work failed (or the check found problems), 2 the command line is wrong.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, connect func(kubeconfig, context string) (dynamic.Interface, error)) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("kubectl hubspoke "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	kubeconfig := fs.String("kubeconfig", "", "path to the kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)")
	kubeContext := fs.String("context", "", "the kubeconfig context to use (default: its current context)")
	var err error
	switch args[0] {
	case "migrate":
		var opts migrate.Options
		fs.BoolVar(&opts.DryRun, "dry-run", false, "send every update as a server-side dry run: each object is converted and admitted, nothing is stored or pruned")
		fs.Float64Var(&opts.Rate, "rate", 0, "at most this many objects per second (0: no limit)")
		fs.Int64Var(&opts.PageSize, "page-size", 500, "objects listed at a time")
		fs.IntVar(&opts.Workers, "workers", 4, "updates in flight at a time")
		fs.IntVar(&opts.MaxFailures, "max-failures", 100, "failing objects to go past, each reported at the end (at most 1000; 0: stop at the first)")
		fs.BoolVar(&opts.Restart, "restart", false, "ignore the checkpoint of an interrupted run and start from the first object")
		quiet := fs.Bool("quiet", false, "no progress bar")
		if fs.Parse(args[1:]) != nil {
			return 2
		}
		if opts.MaxFailures == 0 {
			opts.MaxFailures = -1 // migrate.Options' zero value is the default
		}
		if fs.NArg() != 1 || !strings.Contains(fs.Arg(0), ".") {
			fmt.Fprintln(stderr, "kubectl hubspoke migrate: name one resource as <plural>.<group>, the name of its CRD, for example people.crm.hubspoke.dev")
			return 2
		}
		var client dynamic.Interface
		if client, err = connect(*kubeconfig, *kubeContext); err == nil {
			err = runMigrate(ctx, client, fs.Arg(0), opts, !*quiet, stdout, stderr)
		}
	case "preflight":
		file := fs.String("f", "", "the new release's CRD (YAML or JSON)")
		if fs.Parse(args[1:]) != nil {
			return 2
		}
		if *file == "" || fs.NArg() != 0 {
			fmt.Fprintln(stderr, "kubectl hubspoke preflight: give the new CRD with -f <file>")
			return 2
		}
		var client dynamic.Interface
		if client, err = connect(*kubeconfig, *kubeContext); err == nil {
			err = runPreflight(ctx, client, *file, stdout)
		}
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "kubectl hubspoke: unknown command %q\n%s\n", args[0], usage)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "kubectl hubspoke "+args[0]+":", err)
		return 1
	}
	return 0
}

func runMigrate(ctx context.Context, client dynamic.Interface, crd string, opts migrate.Options, showBar bool, stdout, stderr io.Writer) error {
	var last time.Time
	var drawn bool
	if showBar {
		opts.Progress = func(p migrate.Progress) {
			if now := time.Now(); now.Sub(last) >= 100*time.Millisecond || (p.Total > 0 && p.Done >= p.Total) {
				last, drawn = now, true
				fmt.Fprint(stderr, "\r"+bar(p, 30))
			}
		}
	}
	res, err := migrate.Run(ctx, client, crd, opts)
	if drawn {
		fmt.Fprintln(stderr)
	}
	what := "re-stored"
	if opts.DryRun {
		what = "would re-store (dry run)"
	}
	fmt.Fprintf(stdout, "%s: %s %d objects at %s, %d deleted meanwhile, %d done by an earlier run, %d failed; status.storedVersions %v",
		crd, what, res.Migrated, res.StorageVersion, res.Gone, res.Resumed, len(res.Failed), res.StoredVersions)
	if res.Pruned {
		fmt.Fprint(stdout, " (pruned)")
	}
	fmt.Fprintln(stdout)
	return err
}

// bar draws p as a progress bar width characters wide, with the counts, the
// rate and the time left.
func bar(p migrate.Progress, width int) string {
	filled := 0
	percent := ""
	if p.Total > 0 {
		filled = min(width, p.Done*width/p.Total)
		percent = fmt.Sprintf(" %3d%%", p.Done*100/p.Total)
	}
	left := "?"
	switch {
	case p.Total > 0 && p.Done >= p.Total:
		left = "0s"
	case p.Remaining > 0:
		left = p.Remaining.Round(time.Second).String()
	}
	return fmt.Sprintf("[%s%s] %d/%d%s  %.0f/s  %s left ", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), p.Done, p.Total, percent, p.Rate, left)
}

var crdResource = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}

func runPreflight(ctx context.Context, client dynamic.Interface, file string, stdout io.Writer) error {
	text, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var next apiextensionsv1.CustomResourceDefinition
	if err := yaml.Unmarshal(text, &next); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if next.Kind != "CustomResourceDefinition" || next.Name == "" {
		return fmt.Errorf("%s holds %s %q, not a CustomResourceDefinition", file, next.Kind, next.Name)
	}
	var installed *apiextensionsv1.CustomResourceDefinition
	u, err := client.Resource(crdResource).Get(ctx, next.Name, metav1.GetOptions{})
	switch {
	case apierrors.IsNotFound(err):
		fmt.Fprintf(stdout, "%s is not installed: checking the new CRD alone\n", next.Name)
	case err != nil:
		return fmt.Errorf("reading the installed CRD %s: %w", next.Name, err)
	default:
		installed = &apiextensionsv1.CustomResourceDefinition{}
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, installed); err != nil {
			return fmt.Errorf("the installed CRD %s: %w", next.Name, err)
		}
	}
	g, err := preflight.GraphFromNames(&next)
	if err != nil {
		return err
	}
	r := preflight.Check(installed, &next, g)
	if err := r.Err(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: the new CRD may be installed (chain %s)\n", next.Name, g)
	if r.StorageMoves {
		fmt.Fprintf(stdout, "the storage version moves: after installing the release, run `kubectl hubspoke migrate %s`\n", next.Name)
	}
	if len(r.Droppable) > 0 {
		fmt.Fprintf(stdout, "no object is stored at, and nothing converts through, %s: a later release may drop them\n", strings.Join(r.Droppable, ", "))
	}
	return nil
}
