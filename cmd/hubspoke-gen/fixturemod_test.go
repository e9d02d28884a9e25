package main

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/mod/modfile"
)

// TestFixtureModuleSharesWebhookVersions: every module the fixtures'
// go.mod requires that convert/webhook's go.mod requires too is at the
// same version there. The fixtures then compile against the very
// Kubernetes packages the webhook, the examples and migrate compiled (one
// golang.org/x/net apart, and every package above it is another build):
// on a new machine CI builds that graph once, not twice (CONTRIBUTING.md,
// CI). When the webhook's requirements move, move the fixtures' with them.
func TestFixtureModuleSharesWebhookVersions(t *testing.T) {
	parse := func(path string) *modfile.File {
		t.Helper()
		mf, err := modfile.Parse(path, mustRead(t, path), nil)
		if err != nil {
			t.Fatal(err)
		}
		return mf
	}
	fixtures := parse(filepath.Join("testdata", "go.mod"))
	webhook := parse(filepath.Join("..", "..", "convert", "webhook", "go.mod"))
	want := map[string]string{}
	for _, r := range webhook.Require {
		want[r.Mod.Path] = r.Mod.Version
	}
	shared := 0
	for _, r := range fixtures.Require {
		v, ok := want[r.Mod.Path]
		if !ok {
			continue
		}
		shared++
		if r.Mod.Version != v {
			t.Errorf("testdata/go.mod requires %s %s, convert/webhook/go.mod %s: use the webhook's (go -C testdata get %s@%s)", r.Mod.Path, r.Mod.Version, v, r.Mod.Path, v)
		}
	}
	if shared < 10 {
		t.Fatalf("the two go.mod files share %d requirements: not the files this test means?", shared)
	}
}

// TestFixtureModuleIgnoresCasesWithTests: every case with Go files beside
// its api directory (tests of its own, which import the case's packages)
// is in the ignore block of the fixtures' go.mod. Otherwise ./... there
// matches them, and on a clean clone, where the cases' DeepCopy methods
// are not yet written, go mod tidy looks for their api packages as modules
// and fails (CI's first step in that module).
func TestFixtureModuleIgnoresCasesWithTests(t *testing.T) {
	mf, err := modfile.Parse("go.mod", mustRead(t, filepath.Join("testdata", "go.mod")), nil)
	if err != nil {
		t.Fatal(err)
	}
	ignored := map[string]bool{}
	for _, ig := range mf.Ignore {
		ignored[ig.Path] = true
	}
	cases, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if !c.IsDir() {
			continue
		}
		if files, _ := filepath.Glob(filepath.Join("testdata", c.Name(), "*.go")); len(files) > 0 && !ignored["./"+c.Name()] {
			t.Errorf("testdata/%s has Go files (%s) but is not in the ignore block of testdata/go.mod: add ./%s", c.Name(), filepath.Base(files[0]), c.Name())
		}
	}
}
