package main

import (
	"bytes"
	"go/ast"
	"go/constant"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// crdText is a CRD as controller-gen writes it, with what a Go literal must
// escape: backquotes (descriptions quote code), quotes and backslashes.
func crdText(name, extra string) string {
	return "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: " + name + "\n" +
		"spec:\n  group: toys.example.com\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n" +
		"        description: 'Widget is a toy: `kubectl get widgets`, \"quoted\", a\\backslash, ``two``" + extra + "'\n"
}

// readCRDFile evaluates the generated file's crdYAML entries (path, text),
// and checks the file is gofmt-formatted and declares CRDs.
func readCRDFile(t *testing.T, file string) (pkg string, entries [][2]string) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(src, []byte(crdHeader+"\n")) {
		t.Errorf("%s does not start with %q", file, crdHeader)
	}
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
		t.Errorf("%s is not gofmt-formatted (%v)", file, err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatalf("the generated file does not parse: %v\n%s", err, src)
	}
	if f.Scope.Lookup("CRDs") == nil {
		t.Errorf("%s declares no func CRDs", file)
	}
	eval := func(e ast.Expr) string {
		var b bytes.Buffer
		if err := format.Node(&b, fset, e); err != nil {
			t.Fatal(err)
		}
		tv, err := types.Eval(fset, nil, token.NoPos, b.String())
		if err != nil || tv.Value == nil || tv.Value.Kind() != constant.String {
			t.Fatalf("%s is no string constant: %v", b.String(), err)
		}
		return constant.StringVal(tv.Value)
	}
	obj := f.Scope.Lookup("crdYAML")
	if obj == nil {
		t.Fatalf("%s declares no crdYAML", file)
	}
	lit := obj.Decl.(*ast.ValueSpec).Values[0].(*ast.CompositeLit)
	for _, e := range lit.Elts {
		pair := e.(*ast.CompositeLit).Elts
		entries = append(entries, [2]string{eval(pair[0]), eval(pair[1])})
	}
	return f.Name.Name, entries
}

func TestCRDWritesEveryFileAsData(t *testing.T) {
	dir := t.TempDir()
	bases := filepath.Join(dir, "config", "crd", "bases")
	api := filepath.Join(dir, "api")
	for _, d := range []string{bases, api} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Written out of order: the file lists them sorted.
	files := map[string]string{
		"toys.example.com_widgets.yaml": crdText("widgets.toys.example.com", ""),
		"toys.example.com_gadgets.yaml": crdText("gadgets.toys.example.com", "\r\n"),
		"kustomization.txt":             "not a CRD, not *.yaml",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(bases, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(api, "zz_generated.crd.go")
	var stderr bytes.Buffer
	if code := run([]string{"crd", "-o", out, bases}, &stderr, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	pkg, entries := readCRDFile(t, out)
	if pkg != "api" {
		t.Errorf("package %s, want api (the directory's name)", pkg)
	}
	want := [][2]string{
		{filepath.ToSlash(filepath.Join(bases, "toys.example.com_gadgets.yaml")), files["toys.example.com_gadgets.yaml"]},
		{filepath.ToSlash(filepath.Join(bases, "toys.example.com_widgets.yaml")), files["toys.example.com_widgets.yaml"]},
	}
	if d := cmp.Diff(want, entries); d != "" {
		t.Errorf("the CRDs in the generated file differ from the files (-want +got):\n%s", d)
	}

	// A second run leaves the file as it is; -package names the package.
	before, _ := os.ReadFile(out)
	if code := run([]string{"crd", "-o", out, bases}, &stderr, &stderr); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr.String())
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
		t.Errorf("a second run changed the file")
	}
	if code := run([]string{"crd", "-package", "toyapi", "-o", out, filepath.Join(bases, "toys.example.com_widgets.yaml")}, &stderr, &stderr); code != 0 {
		t.Fatalf("-package: exit %d: %s", code, stderr.String())
	}
	if pkg, entries := readCRDFile(t, out); pkg != "toyapi" || len(entries) != 1 {
		t.Errorf("with -package toyapi and one file: package %s, %d CRDs", pkg, len(entries))
	}
}

func TestCRDRefusesWhatIsNoCRD(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := os.Mkdir(filepath.Join(dir, "api"), 0o755); err != nil {
		t.Fatal(err)
	}
	good := write("good.yaml", crdText("widgets.toys.example.com", ""))
	handWritten := write(filepath.Join("api", "crd.go"), "package api\n")
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "api", "zz_generated.crd.go")
	for _, c := range []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"a ConfigMap", []string{"-o", out, write("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n")}, 1, `cm.yaml: is "ConfigMap" of "v1", want a CustomResourceDefinition`},
		{"an old CRD", []string{"-o", out, write("old.yaml", "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata:\n  name: x\n")}, 1, `old.yaml: is "CustomResourceDefinition" of "apiextensions.k8s.io/v1beta1"`},
		{"two documents", []string{"-o", out, write("two.yaml", crdText("a.b", "")+crdText("c.d", ""))}, 1, "two.yaml: holds 2 YAML documents"},
		{"no name", []string{"-o", out, write("noname.yaml", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n")}, 1, "noname.yaml: the CustomResourceDefinition has no metadata.name"},
		{"not YAML", []string{"-o", out, write("bad.yaml", "kind: [\n")}, 1, "bad.yaml: "},
		// controller-gen writes both when two packages mark a storage
		// version (a storage package of Azure Service Operator's left
		// beside the twins, or +kubebuilder:storageversion kept on an API
		// version of a project hubspoke-gen does not run on); the API
		// server refuses such a CRD, at install time.
		{"two storage versions", []string{"-o", out, write("twostorage.yaml", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: vaults.keyvault.azure.com\n"+
			"spec:\n  versions:\n  - name: storage\n    served: true\n    storage: true\n  - name: v1api20230701\n    served: true\n    storage: false\n  - name: v1api20230701storage\n    served: true\n    storage: true\n")},
			1, "twostorage.yaml: versions storage and v1api20230701storage are both marked as the storage version; the API server takes exactly one (a storage version left beside the storage twins?"},
		{"a version twice", []string{"-o", out, write("twice.yaml", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: vaults.keyvault.azure.com\n"+
			"spec:\n  versions:\n  - name: v1api20230701storage\n    storage: true\n  - name: v1api20230701storage\n    storage: false\n")},
			1, "twice.yaml: version v1api20230701storage is listed twice"},
		{"an empty directory", []string{"-o", out, empty}, 1, "empty: no *.yaml file"},
		{"a missing file", []string{"-o", out, filepath.Join(dir, "missing.yaml")}, 1, "missing.yaml: no such file"},
		{"a hand-written output file", []string{"-o", handWritten, good}, 1, "crd.go exists and was not written by hubspoke-gen crd"},
		{"no -o", []string{good}, 2, "usage: hubspoke-gen crd"},
		{"no file", []string{"-o", out}, 2, "usage: hubspoke-gen crd"},
		{"a package name that is none", []string{"-package", "my-api", "-o", out, good}, 2, `"my-api" is not a package name`},
	} {
		var stderr bytes.Buffer
		code := run(append([]string{"crd"}, c.args...), &stderr, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q", c.name, code, stderr.String(), c.code, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed run wrote %s (%v)", out, err)
	}
	if b, _ := os.ReadFile(handWritten); string(b) != "package api\n" {
		t.Errorf("the hand-written file was changed: %q", b)
	}
}
