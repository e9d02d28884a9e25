package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/hub"
	"golang.org/x/tools/go/packages"
)

// tree is what the generator finds in the api directory: the API versions
// (its input), the storage twins it wrote before, and every file it owns.
type tree struct {
	dir     string   // absolute
	api     []string // directory names of the API versions
	storage []string // directory names of the storage twins present
	owned   map[string][]byte
	// notVersions are the directories with Go files whose names look like
	// a version's (a "v" and a digit) but are none: ASO's older
	// v1beta20210401preview and v1beta20210601, a typo. They are not in
	// the chain.
	notVersions []string
}

// scanTree lists the version directories under dir: each subdirectory whose
// name is a version name (hub.ParseVersion). An API version's directory
// counts when it holds Go files other than tests; a storage twin's (the API
// version's name with "storage") when it, or its compat subdirectory of
// hand-written staging types, does. It also records every Go file, tests
// included, that starts with the generator's header: the files it owns.
func scanTree(dir string) (*tree, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil, err
	}
	t := &tree{dir: abs, owned: map[string][]byte{}}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		v, err := hub.ParseVersion(e.Name())
		if err != nil {
			if name := e.Name(); len(name) > 1 && name[0] == 'v' && '0' <= name[1] && name[1] <= '9' {
				files, err := goFiles(filepath.Join(abs, name))
				if err != nil {
					return nil, err
				}
				if len(files) > 0 {
					t.notVersions = append(t.notVersions, name)
				}
			}
			continue
		}
		files, err := goFiles(filepath.Join(abs, e.Name()))
		if err != nil {
			return nil, err
		}
		if v.IsStorage() {
			if len(files) > 0 {
				t.storage = append(t.storage, e.Name())
			}
			// The compat subpackage of a storage twin (staging types and
			// their hooks), which may hold the only files a user wrote
			// under the twin's directory.
			staging, err := goFiles(filepath.Join(abs, e.Name(), "compat"))
			if err != nil {
				return nil, err
			}
			if len(staging) > 0 {
				t.storage = append(t.storage, e.Name()+"/compat")
			}
		} else if len(files) > 0 {
			t.api = append(t.api, e.Name())
		}
		// Every Go file the generator wrote, tests included, is its own.
		all, err := filepath.Glob(filepath.Join(abs, e.Name(), "*.go"))
		if err != nil {
			return nil, err
		}
		if v.IsStorage() {
			staging, err := filepath.Glob(filepath.Join(abs, e.Name(), "compat", "*.go"))
			if err != nil {
				return nil, err
			}
			all = append(all, staging...)
		}
		for _, f := range all {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			if bytes.HasPrefix(b, []byte(header+"\n")) {
				t.owned[f] = b
			}
		}
	}
	if len(t.api) == 0 {
		groups, err := versionParents(abs, entries)
		if err != nil {
			return nil, err
		}
		if len(groups) > 0 {
			runs := make([]string, len(groups))
			for i, g := range groups {
				runs[i] = filepath.Join(dir, g)
			}
			return nil, fmt.Errorf("%s holds no API version (a directory such as v1, v2beta1 with Go files), but %s hold some: "+
				"run hubspoke-gen once for each directory of versions (%s)", dir, strings.Join(groups, ", "), strings.Join(runs, ", "))
		}
		return nil, fmt.Errorf("%s holds no API version (a directory such as v1, v2beta1 with Go files)", dir)
	}
	return t, nil
}

// versionParents returns the names of the directories among entries (of
// directory abs) that hold an API version's directory: a layout with a
// directory per group or per set of kinds (api/<group>/<version>), which
// takes one run of the generator for each.
func versionParents(abs string, entries []os.DirEntry) ([]string, error) {
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		subs, err := os.ReadDir(filepath.Join(abs, e.Name()))
		if err != nil {
			return nil, err
		}
		for _, sub := range subs {
			if _, err := hub.ParseVersion(sub.Name()); !sub.IsDir() || err != nil {
				continue
			}
			files, err := goFiles(filepath.Join(abs, e.Name(), sub.Name()))
			if err != nil {
				return nil, err
			}
			if len(files) > 0 {
				out = append(out, e.Name())
				break
			}
		}
	}
	return out, nil
}

// goFiles lists the Go files of the package in dir, not its tests (a
// directory with only tests, such as a storage twin not generated yet with
// the test options of its conversion tests, is no package to load).
func goFiles(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	return slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") }), err
}

// blank returns, for each file the generator owns, a file with only its
// package clause, so that loading the packages sees what people wrote and
// not what the generator wrote before (which may no longer compile).
func (t *tree) blank() (map[string][]byte, error) {
	out := map[string][]byte{}
	for path, b := range t.owned {
		f, err := parser.ParseFile(token.NewFileSet(), path, b, parser.PackageClauseOnly)
		if err != nil {
			return nil, err
		}
		out[path] = []byte("package " + f.Name.Name + "\n")
	}
	return out, nil
}

// goListProblem returns, for a directory under t.dir whose package
// go/packages did not return, what the go command says about it (such as
// "updates to go.mod needed"), which go/packages does not pass on.
func (t *tree) goListProblem(dir string) string {
	cmd := exec.Command("go", "list", "-e", "-find", "./"+dir)
	cmd.Dir = t.dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil && stderr.Len() == 0 {
		return ""
	}
	return ": go list says:\n" + strings.TrimSpace(stderr.String())
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
	packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule

// load loads the packages in the directories dirs (names under t.dir) with
// overlay, and returns them by directory name. Type errors are tolerated
// (generated code that is missing or stale, DeepCopy methods not written
// yet); errors that stop a package from being read are not.
func (t *tree) load(dirs []string, overlay map[string][]byte) (map[string]*packages.Package, error) {
	patterns := make([]string, len(dirs))
	for i, d := range dirs {
		patterns[i] = "./" + d
	}
	cfg := &packages.Config{Mode: loadMode, Dir: t.dir, Overlay: overlay}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(patterns, " "), err)
	}
	out := map[string]*packages.Package{}
	var problems []string
	for _, p := range pkgs {
		for _, e := range p.Errors {
			// Type errors, whether go/types found them or the compiler
			// (which go list runs for export data), are tolerated.
			if e.Kind != packages.TypeError && !strings.HasPrefix(e.Msg, "# "+p.PkgPath+"\n") {
				problems = append(problems, e.Error())
			}
		}
		if len(p.GoFiles) > 0 {
			rel, err := filepath.Rel(t.dir, filepath.Dir(p.GoFiles[0]))
			if err != nil {
				return nil, err
			}
			out[filepath.ToSlash(rel)] = p
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return nil, fmt.Errorf("loading the API packages:\n%s", strings.Join(slices.Compact(problems), "\n"))
	}
	return out, nil
}
