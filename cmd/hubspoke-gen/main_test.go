package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/mod/modfile"
)

// copyCase copies testdata/<name> into a new directory of the fixtures
// module (a directory beginning with "_", which go ./... patterns skip) and
// returns its api directory. It copies what git holds of the case: of a
// case that is not golden (see golden_test.go), not the generated files
// the tests may have written.
func copyCase(t *testing.T, name string) string {
	t.Helper()
	dir, err := os.MkdirTemp("testdata", "_run")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	src := filepath.Join("testdata", name)
	_, err = os.Stat(filepath.Join(src, "golden.txt"))
	golden := err == nil
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if !golden && strings.HasPrefix(d.Name(), "zz_generated.") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "api")
}

func runGen(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String() + stderr.String()
}

func TestRunVerifyAndWrite(t *testing.T) {
	api := copyCase(t, "added")
	// added is not golden: the copy has only what people write.
	conv := filepath.Join(api, "v1", fileConversion)
	if code, out := runGen(t, "-verify", api); code != 1 || !strings.Contains(out, "would create "+mustAbs(t, conv)) || !strings.Contains(out, "out of date") {
		t.Fatalf("-verify on a tree without the generated files: exit %d\n%s", code, out)
	}
	if code, out := runGen(t, "-v", api); code != 0 || !strings.Contains(out, "changed") {
		t.Fatalf("generating: exit %d\n%s", code, out)
	}
	// A generated file that is not what the generator writes now.
	if err := os.WriteFile(conv, []byte(header+"\n\npackage v1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := runGen(t, "-verify", api); code != 1 || !strings.Contains(out, "would change "+mustAbs(t, conv)) || !strings.Contains(out, "out of date") {
		t.Fatalf("-verify on a stale tree: exit %d\n%s", code, out)
	}
	if code, out := runGen(t, api); code != 0 {
		t.Fatalf("generating: exit %d\n%s", code, out)
	}
	// (added drops two properties without acknowledging it: warnings.)
	if code, out := runGen(t, "-verify", api); code != 0 || strings.Count(out, "\n") != 2 || strings.Count(out, "hubspoke-gen: warning: ") != 2 {
		t.Fatalf("-verify after generating: exit %d\n%s", code, out)
	}
	if code, out := runGen(t, "-verify", "-strict", api); code != 1 || !strings.Contains(out, "WidgetSpec.Legacy: removed without acknowledgement") {
		t.Fatalf("-verify -strict: exit %d\n%s", code, out)
	}

	// A file the generator wrote for a version that is gone is deleted.
	stale := filepath.Join(api, "v9storage", fileTypes)
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte(header+"\n\npackage v9storage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := runGen(t, "-verify", api); code != 1 || !strings.Contains(out, "would delete "+mustAbs(t, stale)) {
		t.Fatalf("-verify with a stale file: exit %d\n%s", code, out)
	}
	if code, out := runGen(t, api); code != 0 {
		t.Fatalf("generating: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale file not deleted: %v", err)
	}

	// A file people wrote is never overwritten.
	mine := filepath.Join(api, "v1storage", fileGroupVersion)
	if err := os.WriteFile(mine, []byte("package v1storage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := runGen(t, api); code != 1 || !strings.Contains(out, "were not written by hubspoke-gen") || !strings.Contains(out, mine) {
		t.Fatalf("generating over a hand-written file: exit %d\n%s", code, out)
	}
}

func TestRunExplain(t *testing.T) {
	// The fixtures' explain.md is the model's, without running the hooks
	// (TestExplainObservesHooks runs them).
	code, out := runGen(t, "explain", "-hooks=false", "testdata/person/api")
	want, err := os.ReadFile("testdata/person/explain.md")
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.HasPrefix(out, string(want)) {
		t.Errorf("explain: exit %d, want testdata/person/explain.md, then the notes:\n%s", code, out)
	}
	if code, out := runGen(t, "explain", "-format", "html", "testdata/person/api"); code != 2 || !strings.Contains(out, "want markdown or text") {
		t.Errorf("explain -format html: exit %d\n%s", code, out)
	}
}

func TestRunUsage(t *testing.T) {
	if code, out := runGen(t, "a", "b"); code != 2 || !strings.Contains(out, "usage: hubspoke-gen") {
		t.Errorf("two directories: exit %d\n%s", code, out)
	}
	if code, out := runGen(t, "testdata/nowhere"); code != 1 || !strings.Contains(out, "nowhere") {
		t.Errorf("a missing directory: exit %d\n%s", code, out)
	}
}

// TestRunStored: -stored keeps a storage version in the CRD, unserved;
// naming one that does not exist, or the hub, is an error naming it.
func TestRunStored(t *testing.T) {
	code, out := runGen(t, "-verify", "-stored", "v2storage", "testdata/person/api")
	if code != 0 {
		t.Errorf("-stored v2storage on the person case (generated with it): exit %d\n%s", code, out)
	}
	if code, out := runGen(t, "-verify", "testdata/person/api"); code != 1 || !strings.Contains(out, "v2storage/zz_generated.types.go") {
		t.Errorf("without -stored, v2storage's types should change (+kubebuilder:skipversion): exit %d\n%s", code, out)
	}
	for _, c := range []struct{ arg, want string }{
		{"v9storage", "-stored v9storage: no storage version v9storage"},
		{"v3storage", "-stored v3storage: v3storage is the hub"},
	} {
		if code, out := runGen(t, "-verify", "-stored", c.arg, "testdata/person/api"); code != 1 || !strings.Contains(out, c.want) {
			t.Errorf("-stored %s: exit %d, want an error with %q\n%s", c.arg, code, c.want, out)
		}
	}
}

// A directory of the api directory whose name looks like a version's but
// is none (Azure Service Operator's older v1beta20210401preview and
// v1beta20210601, a typo) holds
// no version of the chain: its kinds would get no conversion, so the run
// says so; a directory named otherwise (common types) is left alone.
func TestRunNamesDirectoriesThatLookLikeVersions(t *testing.T) {
	api := copyCase(t, "single")
	for _, d := range []string{"v1beta20210401preview", "v1beta20210601", "v2Beta1", "common"} {
		if err := os.MkdirAll(filepath.Join(api, d), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(api, d, "doc.go"), []byte("// Package x is not a version.\npackage x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out := runGen(t, api)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, d := range []string{"v1beta20210401preview", "v1beta20210601", "v2Beta1"} {
		if want := "hubspoke-gen: warning: " + d + ": not a version name"; !strings.Contains(out, want) {
			t.Errorf("no warning %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "common") {
		t.Errorf("a warning names common, which does not look like a version:\n%s", out)
	}
	for _, d := range []string{"v1beta20210401preview", "v1beta20210601"} {
		if _, err := os.Stat(filepath.Join(api, d+"storage")); !os.IsNotExist(err) {
			t.Errorf("a twin was written for %s (%v)", d, err)
		}
	}
}

// A directory holding no version but directories of versions (a layout
// with a directory per group, or per set of kinds that share their
// versions, as Gateway API's kinds need: api/gateway/v1, api/tls/v1) takes
// a run for each: the error names them.
func TestRunNamesDirectoriesOfVersions(t *testing.T) {
	parent, err := os.MkdirTemp("testdata", "_run")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(parent) })
	for _, d := range []string{"gateway", "tls"} {
		if err := os.Rename(copyCase(t, "single"), filepath.Join(parent, d)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(parent, "common"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out := runGen(t, parent)
	want := fmt.Sprintf("but gateway, tls hold some: run hubspoke-gen once for each directory of versions (%s, %s)",
		filepath.Join(parent, "gateway"), filepath.Join(parent, "tls"))
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 1 and %q in\n%s", code, want, out)
	}
}

// TestFromUserFilesOnly generates cases from only what a user writes (the
// API types, the hooks, in the storage twins and in their compat
// subpackages), as in a fresh checkout of a project that does not commit
// generated code, and checks the output is what regenerating over the
// checked-in output gives.
func TestFromUserFilesOnly(t *testing.T) {
	for _, name := range []string{"hooks", "skipmany", "person"} {
		t.Run(name, func(t *testing.T) {
			api := copyCase(t, name)
			copied := mustAbs(t, filepath.Dir(api))
			from := "example.com/fixtures/" + filepath.Base(copied) + "/"
			to := "example.com/fixtures/" + name + "/"
			var removed int
			err := filepath.WalkDir(copied, func(p string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				if strings.HasPrefix(d.Name(), "zz_generated.") || !strings.HasSuffix(p, ".go") {
					removed++
					return os.Remove(p)
				}
				if bytes.Contains(b, []byte("DO NOT EDIT")) {
					t.Fatalf("%s is generated but not named zz_generated.*", p)
				}
				// The hooks import the case's packages at the copy's path.
				return os.WriteFile(p, bytes.ReplaceAll(b, []byte(to), []byte(from)), 0o644)
			})
			if err != nil {
				t.Fatal(err)
			}
			if removed == 0 {
				t.Fatal("the case has no generated files")
			}
			out, err := generate(api, caseOptions(filepath.Join("testdata", name)))
			if err != nil {
				t.Fatal(err)
			}
			for path, b := range out.files {
				rel, err := filepath.Rel(copied, path)
				if err != nil {
					t.Fatal(err)
				}
				want, err := os.ReadFile(filepath.Join("testdata", name, rel))
				if err != nil {
					t.Errorf("%s: not checked in: %v", rel, err)
					continue
				}
				got := strings.ReplaceAll(string(b), from, to)
				if got != string(want) {
					t.Errorf("%s differs from the checked-in output (-checked in +from user files):\n%s", rel, cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got, "\n")))
				}
			}
		})
	}
}

// TestRunUntidyModule: when the go command cannot list a version's package
// at all (go/packages then returns nothing and says nothing), the error
// passes on what the go command says. The module is the fixtures' without
// its requirement of k8s.io/api, which the package imports: the go command
// wants go.mod updated.
func TestRunUntidyModule(t *testing.T) {
	dir := t.TempDir()
	mf, err := modfile.Parse("go.mod", mustRead(t, filepath.Join("testdata", "go.mod")), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"k8s.io/api", "github.com/hubspoke/hubspoke"} {
		if err := mf.DropRequire(path); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range mf.Replace {
		if err := mf.DropReplace(r.Old.Path, r.Old.Version); err != nil {
			t.Fatal(err)
		}
	}
	gomod, err := mf.Format()
	if err != nil {
		t.Fatal(err)
	}
	api := filepath.Join(dir, "api", "v1")
	if err := os.MkdirAll(api, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		filepath.Join(dir, "go.mod"):   gomod,
		filepath.Join(dir, "go.sum"):   mustRead(t, filepath.Join("testdata", "go.sum")),
		filepath.Join(api, "types.go"): []byte("package v1\n\nimport _ \"k8s.io/api/core/v1\"\n"),
	}
	for name, text := range files {
		if err := os.WriteFile(name, text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out := runGen(t, filepath.Join(dir, "api"))
	if code != 1 || !strings.Contains(out, "v1: no package: go list says:") || !strings.Contains(out, "go mod tidy") {
		t.Errorf("exit %d, want 1 and the go command's message:\n%s", code, out)
	}
}

// TestHandWrittenTwinDeclarations: a storage version written by hand (or by
// another generator, as Azure Service Operator's storage versions are) in
// the directory of a storage twin declares the types and the registration
// the generator writes there. The generator names each such declaration
// instead of writing a package that does not compile.
func TestHandWrittenTwinDeclarations(t *testing.T) {
	api := copyCase(t, "single")
	twin := filepath.Join(api, "v1storage")
	if err := os.MkdirAll(twin, 0o755); err != nil {
		t.Fatal(err)
	}
	src := `package v1storage

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the storage version's, as an ASO release declared it.
var GroupVersion = schema.GroupVersion{Group: "example.com", Version: "v1storage"}

// Widget is the storage version of v1.Widget, written by hand.
type Widget struct{ Name *string }

// helper is no name the generator takes.
func helper() {}
`
	if err := os.WriteFile(filepath.Join(twin, "widget_types.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := generate(api, options{})
	if err == nil {
		t.Fatal("generated a storage twin beside hand-written declarations of its names")
	}
	for _, want := range []string{
		"v1storage Widget: declared by hand in widget_types.go, but the generator declares it in zz_generated.types.go",
		"v1storage GroupVersion: declared by hand in widget_types.go, but the generator declares it in zz_generated.groupversion_info.go",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "helper") {
		t.Errorf("the error names a declaration the generator does not take:\n%v", err)
	}
}

// TestHandWrittenConversionHelpers: a hand-written file of an API version
// (or of a twin) that declares a name the generated conversions declare
// there (the bag transport's stashBagsOfWidget, a convert_ function,
// sameJSON) is named in the error; the generator wrote a package that did
// not compile.
func TestHandWrittenConversionHelpers(t *testing.T) {
	api := copyCase(t, "single")
	src := `package v1

// stashBagsOfWidget takes a name of the generated transport.
func stashBagsOfWidget() {}

// helper is no name the generator takes.
func helper() {}
`
	if err := os.WriteFile(filepath.Join(api, "v1", "helpers.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := generate(api, options{})
	if err == nil {
		t.Fatal("generated conversions beside a hand-written declaration of one of their names")
	}
	want := "v1 stashBagsOfWidget: declared by hand in helpers.go, but the generated conversions declare it in zz_generated.conversion.go: rename the hand-written declaration"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("the error does not say %q:\n%v", want, err)
	}
	if strings.Contains(err.Error(), "helper:") {
		t.Errorf("the error names a declaration the generator does not take:\n%v", err)
	}
}

// TestVerifyPrintsNoNotes: -verify, CI's check that the generated files
// are up to date, prints the warnings (which -strict makes errors) and the
// files that differ, but not the notes a run prints (retyped's properties
// that need a hook, its "enums widen 3 times"): a user found them noisy
// there. A run that writes prints them; one that has nothing to write
// prints how many there are (go generate may run it on every build), and
// the notes with -v.
func TestVerifyPrintsNoNotes(t *testing.T) {
	api := copyCase(t, "retyped")
	want, err := os.ReadFile("testdata/retyped/notes.txt")
	if err != nil {
		t.Fatal(err)
	}
	var notes, warnings []string
	for _, l := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		if w, ok := strings.CutPrefix(l, "warning: "); ok {
			warnings = append(warnings, "hubspoke-gen: warning: "+w+"\n")
		} else {
			notes = append(notes, "hubspoke-gen: note: "+l+"\n")
		}
	}
	if len(notes) == 0 || len(warnings) == 0 {
		t.Fatalf("retyped's notes.txt has %d notes and %d warnings: the test needs both", len(notes), len(warnings))
	}
	if code, out := runGen(t, api); code != 0 || out != strings.Join(notes, "")+strings.Join(warnings, "") {
		t.Fatalf("generating: exit %d, want 0 and the notes and warnings of notes.txt:\n%s", code, out)
	}
	if code, out := runGen(t, "-verify", api); code != 0 || out != strings.Join(warnings, "") {
		t.Errorf("-verify of an up-to-date tree: exit %d, want 0 and the warnings alone:\n%s", code, out)
	}
	// Again, with nothing to write: the count of the notes and the
	// warnings; -v prints the notes too.
	count := fmt.Sprintf("hubspoke-gen: %d notes, as when the files were written (-v prints them)\n", len(notes))
	if code, out := runGen(t, api); code != 0 || out != count+strings.Join(warnings, "") {
		t.Errorf("generating an up-to-date tree: exit %d, want 0, the count of the notes and the warnings:\n%s", code, out)
	}
	if code, out := runGen(t, "-v", api); code != 0 || !strings.Contains(out, strings.Join(notes, "")+strings.Join(warnings, "")) {
		t.Errorf("generating an up-to-date tree with -v: exit %d, want 0, the notes and the warnings:\n%s", code, out)
	}
	conv := filepath.Join(api, "v1", fileConversion)
	if err := os.WriteFile(conv, []byte(header+"\n\npackage v1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantStale := strings.Join(warnings, "") + "hubspoke-gen: would change " + mustAbs(t, conv) + "\n" +
		"hubspoke-gen: the generated files are out of date: run hubspoke-gen " + api + "\n"
	if code, out := runGen(t, "-verify", api); code != 1 || out != wantStale {
		t.Errorf("-verify of a stale tree: exit %d, want 1 and\n%s\ngot:\n%s", code, wantStale, out)
	}
}
