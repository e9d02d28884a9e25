package convtest_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// These tests break the Widget chain on purpose and require the kit to
// fail, with a message that names the seed, the versions and the problem
// (with a diff), and shows a shrunk counter-example.

const bugSeed = 7

func bugOpts() []convtest.Option {
	return []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(2000)}
}

// mustFail asserts that err is a *Failure whose message contains every
// one of want, plus the seed, the replay line and a counter-example.
func mustFail(t *testing.T, err error, want ...string) *convtest.Failure {
	t.Helper()
	var f *convtest.Failure
	if !errors.As(err, &f) {
		t.Fatalf("the kit did not catch the bug: got %v, want a *convtest.Failure", err)
	}
	msg := err.Error()
	want = append(want,
		"(seed 7, case seed ",
		"replay: HUBSPOKE_SEED=7 HUBSPOKE_CASES=",
		"counter-example ("+f.Version+", ",
	)
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("failure message lacks %q:\n%s", w, msg)
		}
	}
	if f.Seed != bugSeed || f.Case < 1 || f.Case > f.Cases || f.Counterexample == nil || f.Original == nil {
		t.Errorf("failure fields: seed %d case %d of %d, counter-example %v, original %v", f.Seed, f.Case, f.Cases, f.Counterexample, f.Original)
	}
	if leaves(f.Counterexample) > leaves(f.Original) {
		t.Errorf("the counter-example (%d values) is bigger than the original (%d)", leaves(f.Counterexample), leaves(f.Original))
	}
	t.Logf("the kit reports:\n%s", msg)
	return f
}

// leaves counts the non-zero scalars, nil-or-not pointers and entries of
// an object: a measure of its size.
func leaves(obj runtime.Object) int {
	n := 0
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				n++
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				n++
				walk(v.Index(i))
			}
		case reflect.Map:
			for it := v.MapRange(); it.Next(); {
				n++
				walk(it.Value())
			}
		default:
			if !v.IsZero() {
				n++
			}
		}
	}
	walk(reflect.ValueOf(obj).Elem())
	return n
}

func TestCatchesHookThatDropsAField(t *testing.T) {
	withBug(t, bugHookDropsStash)
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"convtest: round trip v1 → hub (v2storage) → v1 of Widget.convtest.hubspoke.dev failed on case",
		"v1 → hub (v2storage) → v1 changed the object (-before +after):",
		`FullName: " ",`, // cmp's diff lines: -" " +""
		`FullName: "",`,
	)
	// The hook loses names whose first space is their last character; the
	// shrinker boils the name down and removes everything else.
	ce := f.Counterexample.(*WidgetV1)
	if name := ce.Spec.FullName; !strings.HasSuffix(name, " ") || strings.Count(name, " ") != 1 {
		t.Errorf("counter-example name %q: want one that ends in its only space", name)
	}
	ce.Spec.FullName = ""
	if n := leaves(ce); n != 0 {
		t.Errorf("the shrunk counter-example keeps %d values besides the name: %+v", n, ce)
	}
	if f.Shrinks == 0 {
		t.Error("nothing was shrunk")
	}
}

func TestCatchesConversionSharingASlice(t *testing.T) {
	withBug(t, bugSharesSlice)
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"round trip v2 → hub (v2storage) → v2",
		"the hub (v2storage) converted from v2 shares memory with the source: changing the hub changed the source (-before +after):",
		"Tags:",
		`"~"`, // the scrambled value, seen through the source
	)
	if tags := f.Counterexample.(*WidgetV2).Spec.Tags; len(tags) != 1 {
		t.Errorf("counter-example tags %q: want a single tag", tags)
	}
	// The webhook path shares it too.
	mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v2", "v2storage", bugOpts()...),
		"reliability v2 → v2storage",
		"the v2storage (the hub) object converted from v2 shares memory with the source",
	)
}

func TestCatchesHookMutatingItsSource(t *testing.T) {
	withBug(t, bugMutatesSource)
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"converting v1 to the hub (v2storage) modified the source (-before +after):",
		"Tags:",
	)
	if tags := f.Counterexample.(*WidgetV1).Spec.Tags; len(tags) != 2 {
		t.Errorf("counter-example tags %q: want the two unsorted tags that show the bug", tags)
	}
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1storage", bugOpts()...),
		"converting v1storage to the hub (v2storage) modified the source",
	)
	mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2", bugOpts()...),
		"converting v1 to v2 modified the source (-before +after):",
	)
}

func TestCatchesConvertFromMutatingTheHub(t *testing.T) {
	withBug(t, bugFromMutatesHub)
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"converting the hub (v2storage) back to v2 modified the hub (-before +after):",
	)
}

func TestCatchesResultSharingTheHub(t *testing.T) {
	withBug(t, bugFromSharesHub)
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"the v2 object converted back from the hub (v2storage) shares memory with the hub: changing it changed the hub (-before +after):",
		"convtest-scrambled", // the key added to the result's map shows up in the hub's
	)
}

func TestCatchesVersionPairThatErrors(t *testing.T) {
	withBug(t, bugPriorityErrors)
	f := mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v2", "v1", bugOpts()...),
		"reliability v2 → v1 of Widget.convtest.hubspoke.dev failed",
		"converting v2 to v1 failed:",
		"v1 cannot represent a negative priority",
	)
	if p := f.Counterexample.(*WidgetV2).Spec.Priority; p == nil || *p != -1 {
		t.Errorf("counter-example priority %v: want -1, the smallest failing value", p)
	}
	// Conversions that never fill a v1storage from the hub are fine.
	if err := convtest.CheckReliability(widgetScheme(), widgetGK, "v2", "v2storage", bugOpts()...); err != nil {
		t.Errorf("v2 → v2storage does not touch the bug, yet: %v", err)
	}
	// The round trip of v1storage needs objects converted from v2 to fill
	// its bags; the failing conversion is reported, with the v2storage or
	// v2 object that fails, shrunk.
	f = mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1storage", bugOpts()...),
		"generating a v1storage object by converting a random",
		"v1 cannot represent a negative priority",
	)
	if f.Version != "v2" && f.Version != "v2storage" || f.From != f.Version {
		t.Errorf("counter-example of version %s (from %q), want the v2 or v2storage object that fails to convert", f.Version, f.From)
	}
}

func TestCatchesPanics(t *testing.T) {
	withBug(t, bugPanics)
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"converting the hub (v2storage) back to v1 failed: panic: runtime error: invalid memory address or nil pointer dereference",
		"(*WidgetV1Storage).AssignPropertiesFrom", // the stack points at the hook
	)
	mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v2storage", "v1", bugOpts()...),
		"converting v2storage (the hub) to v1 failed:",
		"panic",
	)
}

func TestCatchesUnstableJSON(t *testing.T) {
	withBug(t, bugUnstableJSON)
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"encoding the hub (v2storage) converted from v1 twice gave different JSON (-first +second):",
		`"stamp"`,
	)
}

func TestGoldenCatchesChangedHook(t *testing.T) {
	dir := t.TempDir()
	opts := []convtest.Option{convtest.GoldenDir(dir)}

	// No golden files yet: the check says how to make them.
	err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), opts...)
	if err == nil || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), "HUBSPOKE_UPDATE_GOLDEN=1 go test") {
		t.Fatalf("missing golden files: %v", err)
	}

	// The environment variable writes them; then they match.
	t.Setenv(convtest.EnvUpdateGolden, "1")
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), opts...); err != nil {
		t.Fatal(err)
	}
	t.Setenv(convtest.EnvUpdateGolden, "")
	for _, name := range []string{"Widget_v1_to_v2storage.yaml", "Widget_v1_to_v2storage_to_v1.yaml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "HUBSPOKE_UPDATE_GOLDEN=1") || !strings.Contains(string(data), "kind: Widget") {
			t.Errorf("%s:\n%s", name, data)
		}
	}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), opts...); err != nil {
		t.Fatal(err)
	}

	// A changed hook no longer matches, in both directions.
	withBug(t, bugGoldenChange)
	err = convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), opts...)
	if err == nil {
		t.Fatal("the changed hook went unnoticed")
	}
	for _, want := range []string{
		"convtest: golden Widget v1 → v2storage no longer matches " + filepath.Join(dir, "Widget_v1_to_v2storage.yaml") + " (-golden +got):",
		"  family: King Lovelace\n", // cmp's diff lines, with - and + in front
		"  given: Ada\n",
		"  given: Ada King Lovelace\n",
		"regenerate with HUBSPOKE_UPDATE_GOLDEN=1 go test",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("golden failure lacks %q:\n%v", want, err)
		}
	}
	t.Logf("the kit reports:\n%v", err)
}

func TestGoldenErrors(t *testing.T) {
	opts := []convtest.Option{convtest.GoldenDir(t.TempDir()), convtest.UpdateGolden(true)}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, &WidgetV2Storage{}, opts...); err == nil || !strings.Contains(err.Error(), "already of the target version v2storage") {
		t.Errorf("hub exemplar: %v", err)
	}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, &metav1.Status{}, opts...); err == nil {
		t.Error("unregistered exemplar accepted")
	}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, goldenV1(), append(opts, convtest.Target("v9"))...); err == nil || !strings.Contains(err.Error(), "v9") {
		t.Errorf("unknown target: %v", err)
	}
}

func TestSetupErrors(t *testing.T) {
	s := widgetScheme()
	if err := convtest.CheckRoundTrip(s, widgetGK, "v2storage"); err == nil || !strings.Contains(err.Error(), "is the hub") {
		t.Errorf("round trip of the hub: %v", err)
	}
	if err := convtest.CheckRoundTrip(s, widgetGK, "v7"); err == nil || !strings.Contains(err.Error(), `no version "v7"`) {
		t.Errorf("unknown version: %v", err)
	}
	if err := convtest.CheckReliability(s, widgetGK, "v1", "v7"); err == nil || !strings.Contains(err.Error(), `no version "v7"`) {
		t.Errorf("unknown version: %v", err)
	}
	// A chain whose hub is not registered fails convert.NewConverter.
	broken := runtime.NewScheme()
	broken.AddKnownTypeWithName(widgetGK.WithVersion("v1"), &WidgetV1{})
	broken.AddKnownTypeWithName(widgetGK.WithVersion("v1storage"), &WidgetV1Storage{})
	if err := convtest.CheckRoundTrip(broken, widgetGK, "v1"); err == nil || !strings.Contains(err.Error(), "v1storage") {
		t.Errorf("broken chain: %v", err)
	}
	if err := convtest.CheckRoundTrip(s, schema.GroupKind{Group: "x", Kind: "Nothing"}, "v1"); err == nil {
		t.Error("unknown resource accepted")
	}
	t.Setenv(convtest.EnvSeed, "soon")
	if err := convtest.CheckRoundTrip(s, widgetGK, "v1"); err == nil || !strings.Contains(err.Error(), `HUBSPOKE_SEED="soon"`) {
		t.Errorf("bad seed: %v", err)
	}
	t.Setenv(convtest.EnvSeed, "")
	t.Setenv(convtest.EnvCases, "-3")
	if err := convtest.CheckRoundTrip(s, widgetGK, "v1"); err == nil || !strings.Contains(err.Error(), "HUBSPOKE_CASES") {
		t.Errorf("bad case count: %v", err)
	}
}

// recorder is a testing.TB that records what the wrappers report instead
// of failing the test running them.
type recorder struct {
	testing.TB
	name   string
	failed bool
	logs   []string
}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return r.name }
func (r *recorder) Fatal(args ...any) {
	r.failed = true
	r.logs = append(r.logs, strings.TrimSpace(sprint(args...)))
}
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

func TestWrappersReportFailures(t *testing.T) {
	withBug(t, bugHookDropsStash)
	rec := &recorder{name: "TestWidget/v1"}
	convtest.RoundTrip(rec, widgetScheme(), widgetGK, "v1", bugOpts()...)
	if !rec.failed || len(rec.logs) != 1 {
		t.Fatalf("RoundTrip did not fail the test: %+v", rec)
	}
	if want := "go test -run '^TestWidget$/^v1$' ./convert/convtest"; !strings.Contains(rec.logs[0], want) {
		t.Errorf("the replay line lacks %q:\n%s", want, rec.logs[0])
	}

	rec = &recorder{name: "TestWidgetGolden"}
	convtest.Golden(rec, widgetScheme(), widgetGK, goldenV1(), convtest.GoldenDir(t.TempDir()))
	if !rec.failed {
		t.Error("Golden without golden files did not fail the test")
	}
}
