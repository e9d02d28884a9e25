package main

import (
	"errors"
	"flag"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the expected output of the cases in testdata")

// The cases: testdata/<case>/api holds API versions and, next to them, what
// the generator writes for them (checked in); testdata/_errors/<case>/api
// holds API versions the generator refuses, with the expected error in
// testdata/_errors/<case>/error.txt. A case's notes (properties that need a
// hook) are in its notes.txt, and what hubspoke-gen explain prints for it in
// explain.md (and, for a few cases, in the text layout in explain.txt: an
// empty explain.txt and -update add it); its metadata.yaml, when it has one, is
// passed with -metadata. testdata is a module of its own that uses the
// library from the tree. The DeepCopy methods its packages need to build
// are not checked in: TestFixturesConvert writes them with controller-gen
// (zz_generated.deepcopy.go, ignored by git) before it builds the cases.
// Until then the cases do not build, so the module's go.mod keeps them out
// of ./... (ignore api): go vet ./... there passes on a clean clone, and
// the tests name the cases' packages one by one (packageDirs).

type testCase struct {
	name string
	dir  string // testdata/<case>
	fail bool   // an error case
}

func testCases(t *testing.T) []testCase {
	t.Helper()
	var cases []testCase
	for _, pattern := range []string{"testdata/*/api", "testdata/_errors/*/api"} {
		dirs, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range dirs {
			dir := filepath.Dir(d)
			name, _ := filepath.Rel("testdata", dir)
			cases = append(cases, testCase{name: filepath.ToSlash(name), dir: dir, fail: strings.HasPrefix(d, filepath.Join("testdata", "_errors"))})
		}
	}
	if len(cases) == 0 {
		t.Fatal("no cases in testdata")
	}
	return cases
}

// caseOptions are the options of the case in dir: its metadata.yaml
// (-metadata), stored.txt (the storage versions that stay in its CRD,
// -stored), hub.txt (the API version whose storage twin is the hub, -hub)
// and strict.txt (-strict; it says why).
func caseOptions(dir string) options {
	var opt options
	if _, err := os.Stat(filepath.Join(dir, "metadata.yaml")); err == nil {
		opt.metadata = filepath.Join(dir, "metadata.yaml")
	}
	if stored, err := os.ReadFile(filepath.Join(dir, "stored.txt")); err == nil {
		opt.stored = strings.TrimSpace(string(stored))
	}
	if h, err := os.ReadFile(filepath.Join(dir, "hub.txt")); err == nil {
		opt.hub = strings.TrimSpace(string(h))
	}
	if _, err := os.Stat(filepath.Join(dir, "strict.txt")); err == nil {
		opt.strict = true
	}
	return opt
}

// TestGolden generates every case and compares the result with the files
// checked in, byte for byte. With -update it writes them instead.
func TestGolden(t *testing.T) {
	for _, c := range testCases(t) {
		t.Run(c.name, func(t *testing.T) {
			out, err := generate(filepath.Join(c.dir, "api"), caseOptions(c.dir))
			if c.fail {
				if err == nil {
					t.Fatal("generated, want an error")
				}
				golden(t, filepath.Join(c.dir, "error.txt"), err.Error()+"\n")
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var notes string
			for _, n := range out.notes {
				notes += n + "\n"
			}
			for _, w := range out.warnings {
				notes += "warning: " + w + "\n"
			}
			golden(t, filepath.Join(c.dir, "notes.txt"), notes)
			golden(t, filepath.Join(c.dir, "explain.md"), explain(out.chain, "markdown"))
			// The text layout is checked where a case has an explain.txt
			// (the same rows as explain.md, in aligned columns).
			if _, err := os.Stat(filepath.Join(c.dir, "explain.txt")); err == nil {
				golden(t, filepath.Join(c.dir, "explain.txt"), explain(out.chain, "text"))
			}
			if *update {
				if err := out.write(); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, change := range out.changes() {
				// "would create /abs/path"
				_, rest, _ := strings.Cut(change, " ")
				verb, path, _ := strings.Cut(rest, " ")
				rel, _ := filepath.Rel(mustAbs(t, c.dir), path)
				switch verb {
				case "change":
					old, _ := os.ReadFile(path)
					t.Errorf("%s differs (-checked in +generated):\n%s", rel, cmp.Diff(strings.Split(string(old), "\n"), strings.Split(string(out.files[path]), "\n")))
				default:
					t.Errorf("would %s %s", verb, rel)
				}
			}
			if t.Failed() {
				t.Log("regenerate with: go test -run TestGolden -update")
			}
		})
	}
}

// golden compares text with the file at path, or writes it with -update.
// Empty text means no file.
func golden(t *testing.T, path, text string) {
	t.Helper()
	if *update {
		if text == "" {
			if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
			return
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), text); diff != "" {
		t.Errorf("%s differs (-checked in +got):\n%s", path, diff)
	}
}

// packageDirs returns the directories of the packages of the cases, as
// "./<case>/api/<version>" and below (and a case's own tests beside api),
// relative to the fixtures module. They are named one by one: the
// module's go.mod ignores the api directories and the cases with tests of
// their own, so that a pattern such as ./<case>/... matches nothing (see
// testdata/go.mod).
func packageDirs(t *testing.T, cases []string) []string {
	t.Helper()
	var dirs []string
	for _, c := range cases {
		err := filepath.WalkDir(filepath.Join("testdata", c), func(path string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if files, _ := filepath.Glob(filepath.Join(path, "*.go")); len(files) > 0 {
				rel, _ := filepath.Rel("testdata", path)
				dirs = append(dirs, "./"+filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(dirs) == 0 {
		t.Fatalf("no packages in the cases %s", strings.Join(cases, ", "))
	}
	return dirs
}

// deepCopy writes the DeepCopy methods of the cases with controller-gen,
// as a project's go generate does after hubspoke-gen, so that the fixtures
// module builds.
func deepCopy(t *testing.T, cases []string) {
	t.Helper()
	args := []string{"object"}
	for _, p := range packageDirs(t, cases) {
		// By import path: controller-gen loads the packages named so in
		// one go, those named by directory one by one (ten times slower).
		args = append(args, "paths=example.com/fixtures/"+strings.TrimPrefix(p, "./"))
	}
	cmd := exec.Command(filepath.Join("..", "..", "..", "hack", "controller-gen.sh"), args...)
	cmd.Dir = "testdata"
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("controller-gen: %v\n%s", err, out)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestFixturesConvert builds the generated code of every case (with its
// hooks) in the fixtures module, against the library in the tree, and runs
// the conversion tests the generator wrote: convtest's RoundTripAll and
// Reliability. The Person chain (names split by hooks, a rename, a nested
// struct, a keyed list of structs, a map of structs, an enum, a type
// change) runs with convtest's default numbers of cases, a case with a
// cases.txt with the number it holds, the others with 1,000.
func TestFixturesConvert(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the fixtures' conversion tests (about 80 s)")
	}
	var names []string
	for _, c := range testCases(t) {
		if !c.fail {
			names = append(names, c.name)
		}
	}
	deepCopy(t, names)
	goCmd(t, nil, append([]string{"vet"}, packageDirs(t, names)...)...)
	// By number of cases: the Person chain convtest's defaults, a case
	// with a cases.txt its number (the histories of real APIs whose
	// objects hold a whole pod template are slow to build), the others
	// 1,000.
	byCount := map[string][]string{}
	for _, c := range testCases(t) {
		if c.fail || c.name == "person" {
			continue
		}
		n := "1000"
		if text, err := os.ReadFile(filepath.Join(c.dir, "cases.txt")); err == nil {
			n = strings.TrimSpace(string(text))
		}
		byCount[n] = append(byCount[n], packageDirs(t, []string{c.name})...)
	}
	goCmd(t, nil, append([]string{"test", "-count=1"}, packageDirs(t, []string{"person"})...)...)
	// The emitted bag transport against the reflection path, on the cases
	// whose shapes matter to it (transportdiff/transport_test.go).
	goCmd(t, nil, "test", "-count=1", "./transportdiff")
	for _, n := range slices.Sorted(maps.Keys(byCount)) {
		goCmd(t, []string{"HUBSPOKE_CASES=" + n}, append([]string{"test", "-count=1"}, byCount[n]...)...)
	}
}

// goCmd runs the go command in the fixtures module.
func goCmd(t *testing.T, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = "testdata"
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("go %s:\n%s", strings.Join(args, " "), out)
}

// TestDeterministic generates every case again and requires the same files
// and the same explain output: the order of what the generator writes must
// not follow the order in which go/packages happened to parse the files
// (which varies from run to run) or Go's map order.
func TestDeterministic(t *testing.T) {
	for _, c := range testCases(t) {
		if c.fail {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			// One run on one thread, one on all: go/packages parses the
			// files of a package concurrently, in an order that then
			// differs.
			procs := runtime.GOMAXPROCS(1)
			first, err := generate(filepath.Join(c.dir, "api"), caseOptions(c.dir))
			runtime.GOMAXPROCS(procs)
			if err != nil {
				t.Fatal(err)
			}
			again, err := generate(filepath.Join(c.dir, "api"), caseOptions(c.dir))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(explain(first.chain, "text"), explain(again.chain, "text")); diff != "" {
				t.Errorf("explain differs from one run to the next:\n%s", diff)
			}
			if diff := cmp.Diff(first.notes, again.notes); diff != "" {
				t.Errorf("the notes differ from one run to the next:\n%s", diff)
			}
			for path, text := range first.files {
				if diff := cmp.Diff(string(text), string(again.files[path])); diff != "" {
					t.Errorf("%s differs from one run to the next:\n%s", path, diff)
				}
			}
		})
	}
}
