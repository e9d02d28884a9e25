package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/migrate"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/fake"
	"sigs.k8s.io/yaml"
)

var gadgets = schema.GroupVersionResource{Group: "example.dev", Version: "v2storage", Resource: "gadgets"}

// cluster is a fake cluster holding the gadgets CRD (storing v2storage,
// storedVersions as given) and n gadgets.
func cluster(t *testing.T, n int, storedVersions ...any) *fake.FakeDynamicClient {
	t.Helper()
	crd := &unstructured.Unstructured{}
	if err := yaml.Unmarshal([]byte(gadgetsCRD), &crd.Object); err != nil {
		t.Fatal(err)
	}
	crd.Object["status"] = map[string]any{"storedVersions": storedVersions}
	objs := []runtime.Object{crd}
	for i := range n {
		g := &unstructured.Unstructured{}
		g.SetAPIVersion(gadgets.GroupVersion().String())
		g.SetKind("Gadget")
		g.SetNamespace("default")
		g.SetName("g" + string(rune('a'+i)))
		objs = append(objs, g)
	}
	return fake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{crdResource: "CustomResourceDefinitionList", gadgets: "GadgetList"}, objs...)
}

const gadgetsCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.dev}
spec:
  group: example.dev
  scope: Namespaced
  names: {plural: gadgets, kind: Gadget}
  versions:
  - {name: v1, served: true, storage: false}
  - {name: v1storage, served: true, storage: false}
  - {name: v2, served: true, storage: false}
  - {name: v2storage, served: true, storage: true}
`

func runCLI(t *testing.T, c dynamic.Interface, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut, func(kubeconfig, kubeContext string) (dynamic.Interface, error) {
		if kubeconfig != "" || kubeContext != "" {
			return nil, errors.New("kubeconfig " + kubeconfig + " context " + kubeContext)
		}
		return c, nil
	})
	return code, out.String(), errOut.String()
}

func TestMigrateCommand(t *testing.T) {
	c := cluster(t, 3, "v1storage", "v2storage")
	code, out, errOut := runCLI(t, c, "migrate", "--quiet", "gadgets.example.dev")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if want := "gadgets.example.dev: re-stored 3 objects at v2storage, 0 deleted meanwhile, 0 done by an earlier run, 0 failed; status.storedVersions [v2storage] (pruned)\n"; out != want {
		t.Errorf("output\n%q\nwant\n%q", out, want)
	}
	u, err := c.Resource(crdResource).Get(context.Background(), "gadgets.example.dev", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sv, _, _ := unstructured.NestedStringSlice(u.Object, "status", "storedVersions"); len(sv) != 1 || sv[0] != "v2storage" {
		t.Errorf("storedVersions %v after the migration", sv)
	}
}

func TestMigrateCommandLine(t *testing.T) {
	c := cluster(t, 0, "v2storage")
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{nil, 2, "usage:"},
		{[]string{"migrate"}, 2, "name one resource as <plural>.<group>"},
		{[]string{"migrate", "gadgets"}, 2, "for example people.crm.hubspoke.dev"},
		{[]string{"migrate", "--rate", "fast", "gadgets.example.dev"}, 2, `invalid value "fast" for flag -rate`},
		{[]string{"migrate", "--kubeconfig", "/nowhere", "--context", "prod", "gadgets.example.dev"}, 1, "kubeconfig /nowhere context prod"},
		{[]string{"migrate", "--rate", "-3", "gadgets.example.dev"}, 1, "rate -3 objects per second is negative"},
		{[]string{"migrate", "widgets.example.dev"}, 1, "reading CRD widgets.example.dev"},
		{[]string{"preflight"}, 2, "give the new CRD with -f"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	} {
		code, _, errOut := runCLI(t, c, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.err) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.err)
		}
	}
}

func TestPreflightCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	same := write("same.yaml", gadgetsCRD)
	dropped := write("dropped.yaml", strings.Replace(gadgetsCRD, "  - {name: v1storage, served: true, storage: false}\n", "", 1))

	code, out, errOut := runCLI(t, cluster(t, 0, "v1storage", "v2storage"), "preflight", "-f", same)
	if code != 0 || !strings.Contains(out, "may be installed") {
		t.Errorf("the same CRD: exit %d, %s%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, cluster(t, 0, "v1storage", "v2storage"), "preflight", "-f", dropped)
	if code != 1 || !strings.Contains(errOut, "stored at v1storage") || !strings.Contains(errOut, "drops v1storage") {
		t.Errorf("a CRD dropping a stored version: exit %d, stderr %s", code, errOut)
	}
	code, out, errOut = runCLI(t, cluster(t, 0, "v2storage"), "preflight", "-f", dropped)
	if code != 0 {
		t.Errorf("after the migration: exit %d, %s%s", code, out, errOut)
	}
}

func TestBar(t *testing.T) {
	for _, tc := range []struct {
		p    migrate.Progress
		want string
	}{
		{migrate.Progress{Done: 500, Total: 2000, Rate: 250, Remaining: 6 * time.Second}, "[===         ] 500/2000  25%  250/s  6s left "},
		{migrate.Progress{Done: 2000, Total: 2000, Rate: 250}, "[============] 2000/2000 100%  250/s  0s left "},
		{migrate.Progress{Done: 7}, "[            ] 7/0  0/s  ? left "},
	} {
		if got := bar(tc.p, 12); got != tc.want {
			t.Errorf("bar(%+v)\n%q\nwant\n%q", tc.p, got, tc.want)
		}
	}
}
