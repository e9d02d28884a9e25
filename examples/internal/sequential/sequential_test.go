// Package sequential holds a test only: it guards why CI runs the examples'
// tests without the race detector (.ci/run).
package sequential

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSequential fails on a go statement or an import of package sync in
// the examples' code (their tests and testdata aside): the examples start
// no goroutine and share nothing between goroutines, so CI runs their
// tests without the race detector, which has nothing to find here and
// would need a race build of their whole Kubernetes dependency graph. The
// webhook they serve is convert/webhook's, which CI runs under the race
// detector. When this fails, run the examples under the race detector in
// .ci/run again.
func TestSequential(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "sync" || p == "sync/atomic" || p == "golang.org/x/sync/errgroup" {
				t.Errorf("%s imports %s", fset.Position(imp.Pos()), p)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				t.Errorf("%s: a go statement", fset.Position(g.Pos()))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("checked %d files of the examples: not the module's root?", checked)
	}
}
