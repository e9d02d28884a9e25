//go:build e2e

package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/hubspoke/hubspoke/examples/person/webhook"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// The releases of the Person example that the suite installs are generated
// at test time, as an operator's release is: the files a user writes (the
// API types, the hooks, the scheme registration of examples/person/api)
// are copied into a temporary module, hubspoke-gen writes the storage
// twins and every conversion, and controller-gen the DeepCopy methods and
// the CRD. Each release differs only in its API versions and in the
// options its go:generate line would pass hubspoke-gen (-hub, -stored).

// apiImport is the import path of release N's API packages.
const apiImport = "github.com/hubspoke/hubspoke/examples/person/api"

// repoRoot is the root of this repository, from this package.
func repoRoot() (string, error) { return filepath.Abs(filepath.Join("..", "..")) }

// writeReleaseModule makes dir a Go module (release.test) that builds
// against this repository's modules, with the requirements of the migrate
// module.
func writeReleaseModule(dir string) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	goMod, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		return err
	}
	text := strings.Replace(string(goMod), "module github.com/hubspoke/hubspoke/migrate", "module release.test", 1)
	text = strings.ReplaceAll(text, "=> ..", "=> "+root)
	goSum, err := os.ReadFile(filepath.Join("..", "go.sum"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(text), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), goSum, 0o644)
}

// release describes a release of the Person example to generate.
type release struct {
	name   string      // the directory in the module: n, n1, n2
	rename [][2]string // text replaced, in order, in the copied files and their paths (v6alpha1 → v6); each must match somewhere
	gen    []string    // hubspoke-gen's options
}

// generateRelease writes release r into module dir (see
// writeReleaseModule) and runs the generators on it, as go generate does in
// a project. It returns the release's tree and its CRD.
func generateRelease(dir string, r release) (string, *apiextensionsv1.CustomResourceDefinition, string, error) {
	root, err := repoRoot()
	if err != nil {
		return "", nil, "", err
	}
	tree := filepath.Join(dir, r.name)
	if err := copyUserFiles(filepath.Join(root, "examples", "person", "api"), filepath.Join(tree, "api"), "release.test/"+r.name+"/api", r.rename); err != nil {
		return "", nil, "", err
	}
	gen, err := hubspokeGen()
	if err != nil {
		return "", nil, "", err
	}
	steps := [][]string{
		append(append([]string{gen}, r.gen...), filepath.Join(tree, "api")),
		// Both of a project's controller-gen lines (object, then crd) in one
		// run, which loads the packages once.
		{filepath.Join(root, "hack", "controller-gen.sh"), "object", "crd", "paths=./api/...", "output:crd:artifacts:config=crd"},
	}
	for _, s := range steps {
		cmd := exec.Command(s[0], s[1:]...)
		cmd.Dir = tree
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", nil, "", fmt.Errorf("release %s: %s: %v\n%s", r.name, strings.Join(s, " "), err, out)
		}
	}
	crdFile := filepath.Join(tree, "crd", "crm.hubspoke.dev_people.yaml")
	crd, err := webhook.LoadCRD(crdFile)
	if err != nil {
		return "", nil, "", fmt.Errorf("release %s: %w", r.name, err)
	}
	return tree, crd, crdFile, nil
}

// generator is hubspoke-gen, built once for every release of the suite.
var generator struct {
	once sync.Once
	bin  string
	err  error
}

// hubspokeGen returns the path of hubspoke-gen built from the tree, in its
// own module as it is (no -mod=mod there), to be run on a release's module.
func hubspokeGen() (string, error) {
	generator.once.Do(func() {
		root, err := repoRoot()
		if err != nil {
			generator.err = err
			return
		}
		dir, err := os.MkdirTemp("", "hubspoke-e2e-gen")
		if err != nil {
			generator.err = err
			return
		}
		generator.bin = filepath.Join(dir, "hubspoke-gen")
		build := exec.Command("go", "-C", filepath.Join(root, "cmd", "hubspoke-gen"), "build", "-o", generator.bin, ".")
		if out, err := build.CombinedOutput(); err != nil {
			generator.err = fmt.Errorf("building hubspoke-gen: %v\n%s", err, out)
		}
	})
	return generator.bin, generator.err
}

// copyUserFiles copies what a user writes of release N's API packages
// (every Go file but the generated ones and the tests) from src to dst,
// with import paths rewritten to imp and the replacements of rename made
// in the text and the paths.
func copyUserFiles(src, dst, imp string, rename [][2]string) error {
	matched := make([]bool, len(rename))
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasPrefix(d.Name(), "zz_generated.") {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out := strings.ReplaceAll(string(text), apiImport, imp)
		for i, r := range rename {
			matched[i] = matched[i] || strings.Contains(out, r[0]) || strings.Contains(rel, r[0])
			out = strings.ReplaceAll(out, r[0], r[1])
			rel = strings.ReplaceAll(rel, r[0], r[1])
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, []byte(out), 0o644)
	})
	if err != nil {
		return err
	}
	for i, r := range rename {
		if !matched[i] {
			return fmt.Errorf("copying %s: %q is nowhere in the files a user writes", src, r[0])
		}
	}
	return nil
}
