package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
)

// TestGoRunAtVersion checks that the generator runs as
// `go run github.com/hubspoke/hubspoke/cmd/hubspoke-gen@<version>`, as a
// release would be: the core and the generator are published at v0.1.0 to a
// module proxy in a directory (the core as committed; the generator with
// the go.mod of a release, which requires the core at that version instead
// of replacing it with the tree, and the core's checksums in its go.sum),
// and `go run ...@v0.1.0 explain` on a case must print its checked-in
// explain output. In the tree, the replace directive that lets the
// generator build against the core beside it makes `go run ...@version`
// refuse it, which is why a release must drop it.
func TestGoRunAtVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generator from a module proxy")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	if err := exec.Command("git", "-C", "../..", "rev-parse", "--verify", "-q", "HEAD").Run(); err != nil {
		t.Skip("needs the repository's git history (a commit to publish)")
	}
	const (
		version = "v0.1.0"
		core    = "github.com/hubspoke/hubspoke"
		gen     = core + "/cmd/hubspoke-gen"
	)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(root, ".git")); err != nil || !fi.IsDir() {
		// golang.org/x/mod/zip reads a clone's .git directory; a worktree
		// (git worktree add) has a .git file instead.
		t.Skip("needs a git clone, not a worktree")
	}
	proxy := t.TempDir()

	// The core, as committed.
	coreZip := filepath.Join(t.TempDir(), "core.zip")
	writeZip(t, coreZip, func(f *os.File) error {
		return modzip.CreateFromVCS(f, module.Version{Path: core, Version: version}, root, "HEAD", "")
	})
	coreMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	publish(t, proxy, core, version, coreMod, coreZip)

	// The generator, with a release's go.mod and go.sum.
	files := gitFiles(t, root, "cmd/hubspoke-gen")
	gm, err := modfile.Parse("go.mod", mustRead(t, filepath.Join(root, "cmd/hubspoke-gen/go.mod")), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range gm.Replace {
		if err := gm.DropReplace(r.Old.Path, r.Old.Version); err != nil {
			t.Fatal(err)
		}
	}
	if err := gm.AddRequire(core, version); err != nil {
		t.Fatal(err)
	}
	gm.Cleanup()
	genMod, err := gm.Format()
	if err != nil {
		t.Fatal(err)
	}
	zipHash, err := dirhash.HashZip(coreZip, dirhash.Hash1)
	if err != nil {
		t.Fatal(err)
	}
	modHash, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(coreMod)), nil })
	if err != nil {
		t.Fatal(err)
	}
	genSum := append(mustRead(t, filepath.Join(root, "cmd/hubspoke-gen/go.sum")),
		fmt.Sprintf("%s %s %s\n%s %s/go.mod %s\n", core, version, zipHash, core, version, modHash)...)
	staged := t.TempDir()
	var zipFiles []modzip.File
	for _, rel := range files {
		src := filepath.Join(root, "cmd/hubspoke-gen", rel)
		switch rel {
		case "go.mod", "go.sum":
			src = filepath.Join(staged, rel)
			text := genMod
			if rel == "go.sum" {
				text = genSum
			}
			if err := os.WriteFile(src, text, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		zipFiles = append(zipFiles, diskFile{path: rel, disk: src})
	}
	genZip := filepath.Join(t.TempDir(), "gen.zip")
	writeZip(t, genZip, func(f *os.File) error {
		return modzip.Create(f, module.Version{Path: gen, Version: version}, zipFiles)
	})
	publish(t, proxy, gen, version, genMod, genZip)

	// go run ...@v0.1.0, outside any module, on a case.
	api, err := filepath.Abs(filepath.Join("testdata", "renamed", "api"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", gen+"@"+version, "explain", api)
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// A module cache of its own (what v0.1.0 is must not outlive the
	// test), filled from the proxy and, for the other modules, from the
	// download cache of the usual one.
	cmd.Env = append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(goEnv(t, "GOMODCACHE"), "cache", "download"))+","+goEnv(t, "GOPROXY"),
		"GOMODCACHE="+t.TempDir(), "GONOSUMDB="+core, "GOFLAGS=-modcacherw", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run %s@%s: %v\n%s", gen, version, err, stderr.String())
	}
	if want := mustRead(t, filepath.Join("testdata", "renamed", "explain.md")); !bytes.Equal(out, want) {
		t.Errorf("go run %s@%s explain printed:\n%s\nwant testdata/renamed/explain.md:\n%s", gen, version, out, want)
	}
}

// publish puts module path at version into the file proxy at dir.
func publish(t *testing.T, dir, path, version string, goMod []byte, zipFile string) {
	t.Helper()
	escaped, err := module.EscapePath(path)
	if err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(dir, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(fmt.Sprintf(`{"Version":%q,"Time":"2026-01-01T00:00:00Z"}`, version)),
		version + ".mod":  goMod,
		version + ".zip":  mustRead(t, zipFile),
	} {
		if err := os.WriteFile(filepath.Join(at, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// gitFiles lists the committed files under dir of the repository at root,
// relative to dir, without those of modules nested in it (testdata).
func gitFiles(t *testing.T, root, dir string) []string {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "ls-files", "--", dir).Output()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		rel := strings.TrimPrefix(line, dir+"/")
		if strings.HasPrefix(rel, "testdata/") {
			continue
		}
		files = append(files, rel)
	}
	return files
}

func writeZip(t *testing.T, path string, create func(*os.File) error) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := create(f); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// diskFile is a file of a module zip: its path in the module and where
// its content is on disk.
type diskFile struct{ path, disk string }

func (f diskFile) Path() string                 { return f.path }
func (f diskFile) Lstat() (os.FileInfo, error)  { return os.Lstat(f.disk) }
func (f diskFile) Open() (io.ReadCloser, error) { return os.Open(f.disk) }
