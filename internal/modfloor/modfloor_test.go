package modfloor

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// operatorGoMod is the go.mod of an operator scaffolded by kubebuilder v4.6
// (controller-runtime v0.21, Kubernetes v0.33, Ginkgo and Gomega for its
// tests), before it adds hubspoke.
const operatorGoMod = `module example.com/operator

go 1.24.0

require (
	github.com/onsi/ginkgo/v2 v2.22.0
	github.com/onsi/gomega v1.36.1
	k8s.io/api v0.33.0
	k8s.io/apimachinery v0.33.0
	k8s.io/client-go v0.33.0
	sigs.k8s.io/controller-runtime v0.21.0
)
`

// operatorMain is its main package: a manager and the kubebuilder-v4
// webhook builder line, whose signature changed in controller-runtime v0.23.
const operatorMain = `package main

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
)

func main() {
	cfg := ctrl.GetConfigOrDie()
	_ = kubernetes.NewForConfigOrDie(cfg)
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{})
	if err != nil {
		panic(err)
	}
	if err := ctrl.NewWebhookManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(); err != nil {
		panic(err)
	}
}
`

// operatorSuite is its test suite, as kubebuilder lays it out.
const operatorSuite = `package main

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestOperator(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Operator Suite")
}
`

// operatorHubspoke is the file the operator adds: every package of the core.
const operatorHubspoke = `package main

import (
	_ "github.com/hubspoke/hubspoke/augment"
	_ "github.com/hubspoke/hubspoke/compat"
	_ "github.com/hubspoke/hubspoke/convert"
	_ "github.com/hubspoke/hubspoke/convert/convtest"
	_ "github.com/hubspoke/hubspoke/genruntime"
	_ "github.com/hubspoke/hubspoke/hub"
	_ "github.com/hubspoke/hubspoke/propertybag"
)
`

// TestOperatorKeepsItsVersions adds the core (through a replace directive
// to this tree) to the operator above and checks that go mod tidy moves no
// module version and not the go line. (With every version kept, the
// operator's code compiles as it did before.) It needs the module proxy, or
// a module cache that holds those versions.
func TestOperatorKeepsItsVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads and builds controller-runtime v0.21 and Kubernetes v0.33 modules")
	}
	core, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gocmd := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		// The module's own go line and requirements decide, not a workspace
		// or flags of the caller's environment.
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return string(out)
	}
	write("go.mod", operatorGoMod)
	write("main.go", operatorMain)
	write("suite_test.go", operatorSuite)
	gocmd("mod", "tidy")
	before := modules(gocmd("list", "-m", "all"))
	goLine := goDirective(t, dir)

	write("hubspoke.go", operatorHubspoke)
	gocmd("mod", "edit", "-require=github.com/hubspoke/hubspoke@v0.0.0", "-replace=github.com/hubspoke/hubspoke="+core)
	gocmd("mod", "tidy")
	after := modules(gocmd("list", "-m", "all"))

	for path, v := range before {
		if w, ok := after[path]; ok && w != v {
			t.Errorf("importing the core moved %s from %s to %s", path, v, w)
		}
	}
	if got := goDirective(t, dir); got != goLine {
		t.Errorf("importing the core moved the go line from %q to %q", goLine, got)
	}
	for _, path := range []string{"sigs.k8s.io/controller-runtime", "k8s.io/apimachinery", "k8s.io/client-go"} {
		if after[path] == "" {
			t.Errorf("%s is missing from the operator's build list: the test no longer builds an operator", path)
		}
	}
}

// modules maps each module path of go list -m all's output to its version
// (the main module, which has none, is left out).
func modules(list string) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(list, "\n") {
		if f := strings.Fields(line); len(f) >= 2 {
			m[f[0]] = f[1]
		}
	}
	return m
}

// goDirective is the go line and toolchain line of dir's go.mod.
func goDirective(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "go ") || strings.HasPrefix(line, "toolchain ") {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "; ")
}
