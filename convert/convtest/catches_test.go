package convtest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// These tests break the Widget chain on purpose and require the kit to
// fail, with a message that names the seed, the versions and the problem
// (with a diff), and shows a shrunk counter-example.

const bugSeed = 7

func bugOpts() []convtest.Option {
	return []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(2000), instants}
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
	)
	mustDiff(t, f.Error(), `FullName: " ",`, `FullName: "",`)
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
	// The webhook path does not: the Converter walks the Links on a copy of
	// the source and never calls the ConvertTo method that has the bug.
	if err := convtest.CheckReliability(widgetScheme(), widgetGK, "v2", "v2storage", passUnderRace(bugOpts()...)...); err != nil {
		t.Errorf("the Converter shares memory with its source: %v", err)
	}
}

func TestCatchesHookMutatingItsSource(t *testing.T) {
	withBug(t, bugMutatesSource)
	// The walk works on a copy, so the caller's source stays as it was;
	// what the hook sorted in place is the hub's slice, moved from the
	// copy, and the round trip shows the tags out of order.
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"v1 → hub (v2storage) → v1 changed the object (-before +after):",
		"Tags:",
	)
	if tags := f.Counterexample.(*WidgetV1).Spec.Tags; len(tags) != 2 {
		t.Errorf("counter-example tags %q: want the two unsorted tags that show the bug", tags)
	}
	if strings.Contains(f.Error(), "modified the source") {
		t.Errorf("the caller's source changed: %v", f)
	}
}

func TestCatchesConvertFromMutatingTheHub(t *testing.T) {
	withBug(t, bugFromMutatesHub)
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"converting the hub (v2storage) back to v2 modified the hub (-before +after):",
	)
}

// The hub is compared with a deep copy of itself: a change made through a
// pointer inside a list element or a map value shows too.
func TestCatchesConvertFromMutatingTheHubDeepDown(t *testing.T) {
	for _, b := range []bug{bugFromMutatesHubPart, bugFromMutatesHubZone} {
		withBug(t, b)
		mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v2", bugOpts()...),
			"converting the hub (v2storage) back to v2 modified the hub (-before +after):",
		)
	}
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
	if err := convtest.CheckReliability(widgetScheme(), widgetGK, "v2", "v2storage", passUnderRace(bugOpts()...)...); err != nil {
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
		"converting the hub (v2storage) back to v1 failed:",
		"panic: runtime error: invalid memory address or nil pointer dereference",
		"(*WidgetV1Storage).AssignPropertiesFrom", // the error points at the hook
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

// ClockV0 has a Link but neither ConvertTo nor ConvertFrom: the Converter
// converts it through its Link, but the round trip and the update check,
// which call a version's own methods as a webhook does, cannot check it.
type ClockV0 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Ticks []int32 `json:"ticks"`
	} `json:"spec"`
}

func (c *ClockV0) DeepCopyObject() runtime.Object { return deepCopy(c) }
func (c *ClockV0) Link() convert.Link {
	return convert.LinkTo(
		func(c *ClockV0, d *ClockV1Storage) error { d.Spec.Ticks = c.Spec.Ticks; return nil },
		func(c *ClockV0, s *ClockV1Storage) error { c.Spec.Ticks = s.Spec.Ticks; return nil })
}

// A version without ConvertTo and ConvertFrom is an error of the round trip
// and the update check, not a pass that checked nothing (mutation testing:
// both checks returning nil there survived).
func TestSetupErrorNotConvertible(t *testing.T) {
	s := clockScheme()
	s.AddKnownTypeWithName(clockGK.WithVersion("v0"), &ClockV0{})
	want := "Clock.convtest.hubspoke.dev v0 does not implement conversion.Convertible"
	if err := convtest.CheckRoundTrip(s, clockGK, "v0", bugOpts()...); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("round trip: %v, want an error saying %q", err, want)
	}
	if err := convtest.CheckUpdate(s, clockGK, "v0", bugOpts()...); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("update: %v, want an error saying %q", err, want)
	}
	// The Converter itself converts v0, so the pairs check runs.
	if err := convtest.CheckReliability(s, clockGK, "v0", "v1", convtest.Seed(bugSeed), convtest.Cases(50), instants); err != nil {
		t.Errorf("reliability v0 → v1: %v", err)
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

// diffLine reports whether msg has a line of a go-cmp diff that starts with
// sign ('-' for before, '+' for after) and contains text: the direction of
// the diff matters.
func diffLine(msg string, sign byte, text string) bool {
	text = strings.Join(strings.Fields(text), " ")
	for line := range strings.SplitSeq(msg, "\n") {
		line = strings.TrimLeft(strings.ReplaceAll(line, "\u00a0", " "), " \t") // go-cmp mixes in no-break spaces
		if len(line) > 1 && line[0] == sign && (line[1] == ' ' || line[1] == '\t') &&
			strings.Contains(strings.Join(strings.Fields(line), " "), text) {
			return true
		}
	}
	return false
}

// mustDiff asserts that msg has diff lines -before and +after.
func mustDiff(t *testing.T, msg, before, after string) {
	t.Helper()
	if before != "" && !diffLine(msg, '-', before) {
		t.Errorf("the diff lacks a line -%s:\n%s", before, msg)
	}
	if after != "" && !diffLine(msg, '+', after) {
		t.Errorf("the diff lacks a line +%s:\n%s", after, msg)
	}
}

// updateChanges replays the update check by hand on hub: hub → version →
// JSON → version → hub, and returns what changed in the hub's JSON, or "".
// A counter-example the kit reports must still fail.
func updateChanges(t *testing.T, hub runtime.Object, version string) string {
	t.Helper()
	c, err := convert.NewConverter(widgetScheme(), widgetGK)
	if err != nil {
		t.Fatal(err)
	}
	through := func(obj runtime.Object) runtime.Object {
		data, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		fresh := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(runtime.Object)
		if err := json.Unmarshal(data, fresh); err != nil {
			t.Fatal(err)
		}
		return fresh
	}
	stored := through(hub)
	x, err := c.ToVersion(stored, version)
	if err != nil {
		t.Fatal(err)
	}
	back, err := c.ToVersion(through(x), "v2storage")
	if err != nil {
		t.Fatal(err)
	}
	back = through(back)
	back.GetObjectKind().SetGroupVersionKind(stored.GetObjectKind().GroupVersionKind())
	before, _ := json.Marshal(stored)
	after, _ := json.Marshal(back)
	if string(before) == string(after) {
		return ""
	}
	return fmt.Sprintf("-%s\n+%s", before, after)
}

// The update check: an update through an API version that loses a nested
// bag (here the bags of the owner, the parts and the zones, which v1
// recalls before it has copied them) changes the hub.
func TestUpdateCatchesLostNestedBag(t *testing.T) {
	skipUnderRace(t)
	withBug(t, bugLosesNestedBag)
	f := mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"convtest: update hub (v2storage) → v1 → JSON → v1 → hub of Widget.convtest.hubspoke.dev failed on case",
		"an update through v1 that changed nothing changed the hub (-before +after):",
		"the v1 object the client read and wrote back:",
		"hubspoke.dev/property-bags", // the bags the v1 object carried
		"counter-example (v2storage, originally converted from a random ",
	)
	if f.Check != "update" || f.Version != "v2storage" || (f.From != "v1" && f.From != "v2") {
		t.Errorf("failure of check %q, counter-example of version %s from %q", f.Check, f.Version, f.From)
	}
	// The lost bag is a nested one, before (-) and not after (+).
	msg := f.Error()
	if !diffLine(msg, '-', "PropertyBag: {") && !diffLine(msg, '-', "PropertyBag: propertybag.PropertyBag{") {
		t.Errorf("the diff shows no bag before the update:\n%s", msg)
	}
	mustDiff(t, msg, "", "PropertyBag: nil")
	if d := updateChanges(t, f.Counterexample, "v1"); d == "" {
		t.Errorf("the counter-example survives an update through v1:\n%s", msg)
	}
	// Shrunk: one nested struct left (the owner, a part or a zone), whose
	// bag the update loses.
	h := f.Counterexample.(*WidgetV2Storage)
	if n := len(h.Spec.Parts) + len(h.Spec.Zones); n > 1 || n == 1 && h.Spec.Owner != nil {
		t.Errorf("the counter-example keeps more nested structs than one: %+v", h.Spec)
	}
	// Updates through v2 do not touch the bug.
	if err := convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", bugOpts()...); err != nil {
		t.Errorf("v2 does not have the bug, yet: %v", err)
	}
}

// The update check catches a loss that only JSON causes: v2 shows the hub's
// nanosecond time as an Instant whose JSON keeps whole seconds. In memory
// nothing is lost, and the round trip of v2 objects, which come from JSON
// already, hardly ever sees it.
func TestUpdateCatchesLossThroughJSON(t *testing.T) {
	withBug(t, bugInstantSeconds)
	f := mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"an update through v2 that changed nothing changed the hub",
		"LastSeen:",
		"(in memory the hub comes back unchanged: the data is lost when the API object is encoded as JSON)",
	)
	h := f.Counterexample.(*WidgetV2Storage)
	if h.Status.LastSeen == nil || *h.Status.LastSeen%1e9 == 0 {
		t.Errorf("counter-example last seen %v: want a time with a fraction of a second", h.Status.LastSeen)
	}
	if d := updateChanges(t, f.Counterexample, "v2"); d == "" {
		t.Errorf("the counter-example survives an update through v2:\n%v", f)
	}
	// The round trip of v2 objects misses it: they come from JSON, with
	// whole seconds already (unless a hub's time is so early that whole
	// seconds overflow int64; lastSeen keeps hubs away from that).
	if err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v2", passUnderRace(append(bugOpts(), lastSeen)...)...); err != nil {
		t.Errorf("the round trip of v2 sees the bug: %v", err)
	}
}

// lastSeen gives the hubs and storage versions a recent last-seen time.
var lastSeen = convtest.FieldValues("LastSeen", int64(1_700_000_000_123_456_789))

// The round trip catches a loss that only the hub's JSON causes: Clock's v1
// keeps a time in any zone in the hub's metav1.Time, whose JSON is UTC.
func TestRoundTripCatchesLossThroughJSON(t *testing.T) {
	withBug(t, bugClockKeepsZone)
	// Times in a zone no machine is in, so that the local zone metav1.Time
	// decodes into cannot hide the loss.
	at := convtest.FieldValues("At", "2024-05-01T10:00:00+01:23", "1999-12-31T23:59:59-07:11", "soon")
	f := mustFail(t, convtest.CheckRoundTrip(clockScheme(), clockGK, "v1", append(bugOpts(), at)...),
		"round trip v1 → hub (v1storage) → v1 of Clock.convtest.hubspoke.dev failed",
		"(in memory the object comes back unchanged: the data is lost when the hub (v1storage) is encoded as JSON)",
	)
	msg := f.Error()
	at1 := f.Counterexample.(*ClockV1).Spec.At
	if at1 != "2024-05-01T10:00:00+01:23" && at1 != "1999-12-31T23:59:59-07:11" {
		t.Errorf("counter-example at %q: want a time with a zone", at1)
	}
	mustDiff(t, msg, `At: "`+at1+`"`, `At: "`)
	// Without the zones, nothing is lost.
	if err := convtest.CheckRoundTrip(clockScheme(), clockGK, "v1", append(bugOpts(), convtest.FieldValues("At", "2024-05-01T10:00:00Z", "soon"))...); err != nil {
		t.Errorf("UTC times survive, yet: %v", err)
	}
}

// Nil and empty are different values where JSON tells them apart: Clock's
// ticks have no omitempty, so [] and null differ on the wire.
func TestCatchesEmptyBecomingNil(t *testing.T) {
	withBug(t, bugTicksNil)
	f := mustFail(t, convtest.CheckRoundTrip(clockScheme(), clockGK, "v1", bugOpts()...),
		"v1 → hub (v1storage) → v1 changed the object (-before +after):",
	)
	mustDiff(t, f.Error(), "Ticks: []int32{}", "Ticks: nil")
	if ticks := f.Counterexample.(*ClockV1).Spec.Ticks; ticks == nil || len(ticks) != 0 {
		t.Errorf("counter-example ticks %#v: want empty, not nil", ticks)
	}
}

// NaN is different from every number: a conversion that writes NaN into
// its source modifies it.
func TestCatchesNaN(t *testing.T) {
	withBug(t, bugNaNIntoSource)
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"converting v1 to the hub (v2storage) modified the source (-before +after):",
	)
	mustDiff(t, f.Error(), "Ratio:", "Ratio: NaN")
}

// A result must carry the target's apiVersion, not only its kind.
func TestCatchesWrongAPIVersion(t *testing.T) {
	withBug(t, bugClockWrongVersion)
	mustFail(t, convtest.CheckReliability(clockScheme(), clockGK, "v1storage", "v1", bugOpts()...),
		"reliability v1storage → v1 of Clock.convtest.hubspoke.dev failed",
		`converting v1storage (the hub) to v1 gave apiVersion "convtest.hubspoke.dev/v1beta1", kind "Clock"; want "convtest.hubspoke.dev/v1", "Clock"`,
	)
}

// Encoding, decoding and encoding again must give the same bytes, not
// merely equivalent JSON: Stamp writes its members in another order once
// decoded.
func TestCatchesJSONThatChangesWhenDecoded(t *testing.T) {
	withBug(t, bugReorderedJSON)
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"the hub (v2storage) converted from v1 does not survive JSON: decoding its JSON and encoding it again gave different bytes (-encoded +re-encoded):",
	)
	mustDiff(t, f.Error(), `"a": 1`, "")
	mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2storage", bugOpts()...),
		"the v2storage (the hub) object converted from v1 does not survive JSON",
	)
	mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"the hub (v2storage) converted back from v2 does not survive JSON",
	)
}

// A panic outside the conversions (here in the hub's JSON encoding) fails
// the check as a panic, in every check.
func TestCatchesPanicOutsideConversions(t *testing.T) {
	withBug(t, bugStampPanics)
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"panic: stamp: out of ink",
	)
	mustFail(t, convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2storage", bugOpts()...),
		"panic: stamp: out of ink",
	)
	// The counter-example of the update check, a hub, cannot be shown as
	// YAML: the failure says why and shows it otherwise.
	mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"panic: stamp: out of ink",
		"(cannot render as YAML: panic: stamp: out of ink)",
	)
}

// A panic in the generator (a GenFunc) fails the check too.
func TestCatchesPanicInGenerator(t *testing.T) {
	boom := convtest.GenFunc(func(r *rand.Rand) Mode {
		if r.IntN(50) == 0 {
			panic("no such mode")
		}
		return "fast"
	})
	for name, err := range map[string]error{
		"round trip":  convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(bugSeed), convtest.Cases(500), boom),
		"update":      convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", convtest.Seed(bugSeed), convtest.Cases(500), boom),
		"reliability": convtest.CheckReliability(widgetScheme(), widgetGK, "v2", "v1", convtest.Seed(bugSeed), convtest.Cases(500), boom),
	} {
		var f *convtest.Failure
		if !errors.As(err, &f) || !strings.Contains(err.Error(), "no such mode") {
			t.Errorf("%s: a panicking generator gave %v, want a *convtest.Failure naming the panic", name, err)
		}
	}
}

// The status bags an API version carries are seen by the comparison and
// by the shrinker, which removes bags and entries from them one by one.
func TestCatchesLostStatusBags(t *testing.T) {
	withBug(t, bugLosesStatusBags)
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"v1 → hub (v2storage) → v1 changed the object (-before +after):",
		"PropertyBags:",
	)
	bags := f.Counterexample.(*WidgetV1).Status.PropertyBags
	if len(bags) != 1 || len(bags["status"]) != 1 {
		t.Errorf("counter-example status bags %v: want one bag with one value", bags)
	}
	if d := roundTripChanges(t, f.Counterexample, "v1"); d == "" {
		t.Error("the counter-example survives the round trip")
	}
}

// roundTripChanges replays the round trip by hand on obj, an object of
// version: version → hub → version, and returns what changed in its JSON,
// or "".
func roundTripChanges(t *testing.T, obj runtime.Object, version string) string {
	t.Helper()
	c, err := convert.NewConverter(widgetScheme(), widgetGK)
	if err != nil {
		t.Fatal(err)
	}
	h, err := c.ToVersion(obj, "v2storage")
	if err != nil {
		t.Fatal(err)
	}
	back, err := c.ToVersion(h, version)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(obj)
	back.GetObjectKind().SetGroupVersionKind(obj.GetObjectKind().GroupVersionKind())
	after, _ := json.Marshal(back)
	if string(before) == string(after) {
		return ""
	}
	return fmt.Sprintf("-%s\n+%s", before, after)
}

// The sharing checks see into the bags an API version carries: v2 carries
// the hub's own status bag map.
func TestCatchesBagsSharingMemory(t *testing.T) {
	withBug(t, bugBagsShareHub)
	mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"the v2 object converted back from the hub (v2storage) shares memory with the hub: changing it changed the hub (-before +after):",
		"PropertyBag:",
	)
	mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", bugOpts()...),
		"the v2 object converted from the hub (v2storage) shares memory with the hub: changing it changed the hub (-before +after):",
	)
}

// The update check's other checks: the hub must not change when it is
// converted, nor the API object when it is converted back, and neither
// result may share memory with its source.
func TestUpdateCatchesModificationsAndSharing(t *testing.T) {
	t.Run("hub modified", func(t *testing.T) {
		withBug(t, bugFromMutatesHub)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", bugOpts()...),
			"converting the hub (v2storage) to v2 modified the hub (-before +after):", "Tags:")
	})
	t.Run("API object modified", func(t *testing.T) {
		withBug(t, bugNaNIntoSource)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			"converting v1 back to the hub (v2storage) modified the v1 object (-before +after):", "Ratio:")
	})
	t.Run("hub shares the API object's memory", func(t *testing.T) {
		withBug(t, bugSharesSlice)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", bugOpts()...),
			"the hub (v2storage) converted back from v2 shares memory with the v2 object: changing the hub changed it (-before +after):")
	})
	t.Run("API object shares the hub's memory", func(t *testing.T) {
		withBug(t, bugFromSharesHub)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", bugOpts()...),
			"the v2 object converted from the hub (v2storage) shares memory with the hub", "convtest-scrambled")
	})
	t.Run("conversion error", func(t *testing.T) {
		withBug(t, bugPriorityErrors)
		// Either converting the hub to v1 fails, or making an API object
		// for a hub (a v1 object converted from a v2 one) does.
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			" failed: ", "v1 cannot represent a negative priority", "priority: -1")
	})
}

func TestUpdateSetupErrors(t *testing.T) {
	s := widgetScheme()
	if err := convtest.CheckUpdate(s, widgetGK, "v2storage"); err == nil || !strings.Contains(err.Error(), "is the hub") {
		t.Errorf("update through the hub: %v", err)
	}
	if err := convtest.CheckUpdate(s, widgetGK, "v1storage"); err == nil || !strings.Contains(err.Error(), "storage version") {
		t.Errorf("update through a storage version: %v", err)
	}
	if err := convtest.CheckUpdate(s, widgetGK, "v7"); err == nil || !strings.Contains(err.Error(), `no version "v7"`) {
		t.Errorf("unknown version: %v", err)
	}
}

// RoundTrip, the one-line form, checks updates through an API version too,
// and not through a storage version.
func TestRoundTripChecksUpdates(t *testing.T) {
	withBug(t, bugInstantSeconds)
	// The round trip does not see this bug (see TestUpdateCatchesLossThroughJSON);
	// the update check does.
	rec := &recorder{name: "TestWidget/v2"}
	// (The round trip passes; the update check fails on its first case.)
	convtest.RoundTrip(rec, widgetScheme(), widgetGK, "v2", passUnderRace(append(bugOpts(), lastSeen)...)...)
	if !rec.failed || len(rec.logs) != 1 || !strings.Contains(rec.logs[0], "convtest: update hub (v2storage) → v2 → JSON → v2 → hub") {
		t.Fatalf("RoundTrip did not check updates through v2: %+v", rec)
	}
	if want := "go test -run '^TestWidget$/^v2$' ./convert/convtest"; !strings.Contains(rec.logs[0], want) {
		t.Errorf("the replay line lacks %q:\n%s", want, rec.logs[0])
	}
	rec = &recorder{name: "TestWidget/v1storage"}
	convtest.RoundTrip(rec, widgetScheme(), widgetGK, "v1storage", passUnderRace(bugOpts()...)...)
	if rec.failed {
		t.Errorf("RoundTrip of a storage version failed: %v", rec.logs)
	}
}

// Golden tests fail when the golden output would lack a value of the
// exemplar, whether they write the files or compare against them, unless
// the test declares the loss.
func TestGoldenCatchesLoss(t *testing.T) {
	withBug(t, bugHookDropsStash)
	cher := &WidgetV1Storage{
		ObjectMeta: metav1.ObjectMeta{Name: "odd-name", Namespace: "default"},
		Spec:       WidgetV1StorageSpec{FullName: ptr("Cher "), Size: ptr(int32(2))},
	}
	dir := t.TempDir()
	update := []convtest.Option{convtest.GoldenDir(dir), convtest.UpdateGolden(true)}
	err := convtest.CheckGolden(widgetScheme(), widgetGK, cher, update...)
	if err == nil {
		t.Fatal("the lost name went unnoticed")
	}
	for _, want := range []string{
		"convtest: golden Widget v1storage → v2storage → v1storage loses values of the exemplar:\n",
		`  spec.fullName: "Cher " came back as "Cher"` + "\n",
		"Fix the conversion",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("golden failure lacks %q:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "spec.size") {
		t.Errorf("golden failure names a value that was not lost:\n%v", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("golden files written for a lossy conversion: %v", files)
	}

	// Declared, the loss is recorded; the declaration covers what lies
	// below the path too.
	for _, path := range []string{"spec.fullName", "spec"} {
		if err := convtest.CheckGolden(widgetScheme(), widgetGK, cher, append(update, convtest.ExpectLoss(path))...); err != nil {
			t.Errorf("ExpectLoss(%q): %v", path, err)
		}
	}
	// Comparing against the files finds the loss as well.
	compare := []convtest.Option{convtest.GoldenDir(dir), convtest.UpdateGolden(false)}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, cher, compare...); err == nil || !strings.Contains(err.Error(), "spec.fullName") {
		t.Errorf("comparing against the golden files of a lossy conversion: %v", err)
	}
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, cher, append(compare, convtest.ExpectLoss("spec.fullName"))...); err != nil {
		t.Errorf("comparing, with the loss declared: %v", err)
	}
	// A declared loss that does not happen fails too.
	err = convtest.CheckGolden(widgetScheme(), widgetGK, cher, append(update, convtest.ExpectLoss("spec.fullName", "spec.size"))...)
	if err == nil || !strings.Contains(err.Error(), `ExpectLoss("spec.size") declares a loss that does not happen`) {
		t.Errorf("declared losses that do not happen: %v", err)
	}
	// A path covers the value it names and what lies below it, not values
	// whose names merely begin the same way.
	err = convtest.CheckGolden(widgetScheme(), widgetGK, cher, append(update, convtest.ExpectLoss("spec.full"))...)
	if err == nil || !strings.Contains(err.Error(), `spec.fullName: "Cher " came back as "Cher"`) ||
		!strings.Contains(err.Error(), `ExpectLoss("spec.full") declares a loss that does not happen`) {
		t.Errorf("ExpectLoss(spec.full) for spec.fullName: %v", err)
	}
}

// Golden passes the objects through JSON too: a value the hub keeps only in
// memory (a time's zone) is lost.
func TestGoldenCatchesLossThroughJSON(t *testing.T) {
	withBug(t, bugClockKeepsZone)
	exemplar := &ClockV1{ObjectMeta: metav1.ObjectMeta{Name: "noon"}, Spec: ClockV1Spec{At: "2024-05-01T12:00:00+01:23", Ticks: []int32{}}}
	err := convtest.CheckGolden(clockScheme(), clockGK, exemplar, convtest.GoldenDir(t.TempDir()), convtest.UpdateGolden(true))
	if err == nil || !strings.Contains(err.Error(), `spec.at: "2024-05-01T12:00:00+01:23" came back as "2024-05-01T10:37:00Z"`) {
		t.Errorf("the zone lost through the hub's JSON: %v", err)
	}
}

// Losses inside nested structs, list elements and map values are found
// and named by their path.
func TestGoldenCatchesNestedLoss(t *testing.T) {
	withBug(t, bugLosesNestedBag)
	exemplar := &WidgetV2{
		ObjectMeta: metav1.ObjectMeta{Name: "gears", Namespace: "default", Labels: map[string]string{"app.kubernetes.io/name": "gears"}},
		Spec: WidgetV2Spec{
			Given: "Gear", Size: 2,
			Owner: &OwnerV2{Email: "g@example.com", Verified: true},
			Parts: []PartV2{{Name: "cog"}, {Name: "axle", Color: "red"}},
			Zones: map[string]ZoneV2{"east": {Replicas: 1, Region: "eu"}, "west coast": {Region: "us"}},
		},
	}
	opts := []convtest.Option{convtest.GoldenDir(t.TempDir()), convtest.UpdateGolden(true), convtest.Target("v1")}
	err := convtest.CheckGolden(widgetScheme(), widgetGK, exemplar, opts...)
	if err == nil {
		t.Fatal("the lost nested values went unnoticed")
	}
	for _, want := range []string{
		"convtest: golden Widget v2 → v1 → v2 loses values of the exemplar:\n",
		"  spec.owner.verified: true is missing\n",
		`  spec.parts[1].color: "red" is missing` + "\n",
		`  spec.zones.east.region: "eu" is missing` + "\n",
		`  spec.zones["west coast"].region: "us" is missing` + "\n",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("golden failure lacks %q:\n%v", want, err)
		}
	}
	for _, kept := range []string{"spec.given", "spec.parts[0]", "metadata.labels", "spec.zones.east.replicas"} {
		if strings.Contains(err.Error(), kept) {
			t.Errorf("golden failure names %s, which was not lost:\n%v", kept, err)
		}
	}
	declared := append(opts, convtest.ExpectLoss("spec.owner.verified", "spec.parts[1].color", "spec.zones"))
	if err := convtest.CheckGolden(widgetScheme(), widgetGK, exemplar, declared...); err != nil {
		t.Errorf("with the losses declared: %v", err)
	}
}

// Floats compare within the tolerance, a relative 1e-9 by default: float32
// precision (about 6e-8) is a loss.
func TestCatchesFloatPrecisionLoss(t *testing.T) {
	withBug(t, bugRatioFloat32)
	ratios := convtest.FieldValues("Ratio", 2.5, 0.1, 1.0/3) // within float32's range
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", append(bugOpts(), ratios)...),
		"v1 → hub (v2storage) → v1 changed the object (-before +after):",
	)
	r := f.Counterexample.(*WidgetV1).Spec.Ratio
	if r == float64(float32(r)) {
		t.Errorf("counter-example ratio %v survives float32", r)
	}
	mustDiff(t, f.Error(), "Ratio:", "Ratio:")
	// A tolerance wide enough for float32 lets it pass.
	if err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", passUnderRace(append(bugOpts(), ratios, convtest.FloatTolerance(1e-6))...)...); err != nil {
		t.Errorf("with a tolerance of 1e-6: %v", err)
	}
}

// The round trip catches lost nested bags too (v1 objects read from a hub
// carry them in the annotation), and the shrinker takes the annotation's
// bags and values away one by one, without cutting its JSON: one nested
// bag with one value is left.
func TestRoundTripCatchesLostNestedBag(t *testing.T) {
	withBug(t, bugLosesNestedBag)
	f := mustFail(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", bugOpts()...),
		"v1 → hub (v2storage) → v1 changed the object (-before +after):",
		"hubspoke.dev/property-bags",
	)
	w := f.Counterexample.(*WidgetV1)
	bags, err := propertybag.UnmarshalBags(w.Annotations[boundary.Annotation])
	if err != nil {
		t.Fatal(err)
	}
	if len(bags) != 1 {
		t.Fatalf("the counter-example carries %d bags, want one: %v", len(bags), bags)
	}
	for path, bag := range bags {
		if path == "spec" || len(bag) != 1 {
			t.Errorf("the counter-example carries the bag %s %v, want one nested bag with one value", path, bag)
		}
	}
	if d := roundTripChanges(t, f.Counterexample, "v1"); d == "" {
		t.Error("the counter-example survives the round trip")
	}
}

// The update check plays a client who corrupts the bags an API version
// carries: a conversion must refuse them with an error that names the
// annotation or the property, or keep them. A chain that ignores the error
// and drops what it could not read fails it.
func TestUpdateCatchesDroppedCorruptBags(t *testing.T) {
	t.Run("a Pull error swallowed", func(t *testing.T) {
		withBug(t, bugSwallowsPullError)
		f := mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			"convtest: update hub (v2storage) → v1 → JSON → v1 → hub of Widget.convtest.hubspoke.dev failed on case",
			`converting v1 with the value "Priority" of the bag "spec" in the hubspoke.dev/property-bags annotation replaced by {"hubspoke-convtest-corrupt":[{"x":true}]} to the hub (v2storage) succeeded and lost it`,
			`the conversion must fail with an error naming "Priority", or keep the value`,
		)
		if h := f.Counterexample.(*WidgetV2Storage); h.Spec.Priority == nil {
			t.Errorf("the counter-example has no priority for v1 to carry: %+v", h.Spec)
		}
	})
	t.Run("an annotation that does not parse ignored", func(t *testing.T) {
		withBug(t, bugIgnoresBadBags)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			`converting v1 with the hubspoke.dev/property-bags annotation "{convtest: not JSON" to the hub (v2storage) succeeded and lost it`,
			"the conversion must fail with an error naming the annotation, or keep the text",
		)
	})
	t.Run("an annotation that does not parse replaced", func(t *testing.T) {
		withBug(t, bugBlanksBadBags)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			`converting v1 with the hubspoke.dev/property-bags annotation "{convtest: not JSON" to the hub (v2storage) succeeded and lost it`,
			`the object converted back has "{\"spec\":{\"blanked\":true}}"; the conversion must fail`,
		)
	})
	t.Run("an annotation that does not parse refused vaguely", func(t *testing.T) {
		withBug(t, bugVagueBagsError)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			`converting v1 with the hubspoke.dev/property-bags annotation "{convtest: not JSON" to the hub (v2storage) failed with an error that does not name hubspoke.dev/property-bags`,
			"convtest-chain: v1 cannot read what it carries",
		)
	})
	t.Run("a value that does not read replaced", func(t *testing.T) {
		withBug(t, bugZeroesBadPriority)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			`converting v1 with the value "Priority" of the bag "spec" in the hubspoke.dev/property-bags annotation replaced by {"hubspoke-convtest-corrupt":[{"x":true}]} to the hub (v2storage) succeeded and lost it: the object converted back carries 0 there`,
		)
	})
	// A value the hub takes and the way back refuses: the admission
	// webhook's read-back refuses that write when the error names the
	// value, but an error that does not name it is a failure.
	t.Run("a value the way back refuses without naming it", func(t *testing.T) {
		withBug(t, bugBackRefusesVaguely)
		mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", bugOpts()...),
			`the hub (v2storage) accepted v1 with the value "Priority" of the bag "spec"`,
			"but converting it back to v1 failed: ",
			"convtest-chain: the hub holds what v1storage cannot take",
		)
	})
	t.Run("a value the way back refuses, naming it", func(t *testing.T) {
		withBug(t, bugBackRefusesNaming)
		if err := convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", convtest.Seed(bugSeed), convtest.Cases(100), instants); err != nil {
			t.Errorf("the way back names the value, yet: %v", err)
		}
	})
	// Without the bugs the chain refuses both, naming them, and v2, which
	// carries the same bags, passes.
	for _, v := range []string{"v1", "v2"} {
		if err := convtest.CheckUpdate(widgetScheme(), widgetGK, v, convtest.Seed(bugSeed), convtest.Cases(100), instants); err != nil {
			t.Errorf("%s without the bugs: %v", v, err)
		}
	}
}

// The update check plays a client who changes what it read: the value it
// wrote must be what it reads back. A hook that lets what it kept in a bag
// for another version win over the client's change passes every other
// check (an update that changes nothing, and objects that start with no
// bags, never show it) and fails this one.
func TestUpdateCatchesKeptValueOverEdit(t *testing.T) {
	// Given names of two words do not split back from the full name, so
	// v1 keeps them in its bag.
	opts := append(bugOpts(), convtest.FieldValues("Given", "Ada Augusta", "Mary Ann"))
	withBug(t, bugKeepsStaleName)
	mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", opts...),
		"a client of v1 that changed spec.fullName does not read back what it wrote",
		"(-written +read back, the bags left out)",
		"convtest.hubspoke.dev/edited: spec.fullName",
	)
	if err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", passUnderRace(opts...)...); err != nil {
		t.Errorf("the round trip catches the bug too, so this test shows nothing of the edit: %v", err)
	}
}

// The update check reads what a client edited at every other version
// too: a value changed at v2 must arrive at v1 as Reliability requires a
// value of v2 to arrive there. A hook that keeps v1's size in the hub's
// bag (beside a full name v2 cannot say) and brings it back over the
// hub's shows the client of v2 its new size and a client of v1 the old
// one: the round trips and Reliability pass (no object starts with a kept
// size that differs from its own, and v2 reads the hub's), and the edit's
// reading at v1 fails. (The update check through v1 catches the bug too,
// by another way: it gives some hubs a nil size, which a client of the hub
// can write beside a kept size of 0.)
func TestUpdateCatchesKeptValueOverEditElsewhere(t *testing.T) {
	// A full name with no family does not split back, so the hub keeps it
	// in its bag (and the bug the size beside it).
	opts := append(bugOpts(), convtest.FieldValues("FullName", "Ada ", "Ada Lovelace"), convtest.Cases(400))
	withBug(t, bugRestoresKeptSize)
	f := mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", opts...),
		"after a client of v2 changed spec.size, a client of v1 reads another value than it wrote: v2's spec.size does not arrive in v1's spec.size: v2 sets spec.size to ",
		"; v1 shows ",
		"A hook that keeps a value in a bag for v1 must not bring it back over a value a client of another version changed since.",
		"the object the client of v2 wrote:",
		"convtest.hubspoke.dev/edited: spec.size",
	)
	if h := f.Counterexample.(*WidgetV2Storage); h.Spec.PropertyBag["Size@v1"] == "" {
		t.Errorf("the counter-example keeps no size for v1: %+v", h.Spec)
	}
	for name, err := range map[string]error{
		"round trip v1":       convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", passUnderRace(opts...)...),
		"reliability v1 → v2": convtest.CheckReliability(widgetScheme(), widgetGK, "v1", "v2", passUnderRace(opts...)...),
		"reliability v2 → v1": convtest.CheckReliability(widgetScheme(), widgetGK, "v2", "v1", passUnderRace(opts...)...),
	} {
		if err != nil {
			t.Errorf("%s catches the bug too, so this test shows nothing of the edit read elsewhere: %v", name, err)
		}
	}
}

// jsonAt returns the JSON text at path (names joined by dots) in obj's
// JSON, and whether obj's JSON holds it.
func jsonAt(t *testing.T, obj any, path string) (string, bool) {
	t.Helper()
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	for name := range strings.SplitSeq(path, ".") {
		var members map[string]json.RawMessage
		if json.Unmarshal(data, &members) != nil {
			return "", false
		}
		var ok bool
		if data, ok = members[name]; !ok {
			return "", false
		}
	}
	return string(data), true
}

// The update check gives about a third of its hubs values a client of the
// hub can write and an API version cannot show: a pointer to a zero value
// where v2 has a plain field (Ratio, Enabled, Given, ...), or nil where
// v2's required size shows 0. v2 keeps what the hub held in the $twin
// entries of the bags it carries; a stash that drops them loses it. Hubs
// converted from API objects never hold such values, so the update check
// missed the bug (mutation testing of generated stash code) until it
// toggled them.
func TestUpdateCatchesDroppedTwinEntries(t *testing.T) {
	skipUnderRace(t)
	withBug(t, bugStashDropsTwin)
	opts := bugOpts()
	f := mustFail(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", opts...),
		"an update through v2 that changed nothing changed the hub (-before +after):",
		"the v2 object the client read and wrote back:",
	)
	if d := updateChanges(t, f.Counterexample, "v2"); d == "" {
		t.Errorf("the counter-example survives an update through v2:\n%v", f)
	}
	// Shrunk to what v2 cannot show: the spec holds nothing but pointers
	// that are nil or point to zero values (and the bag, if any).
	h := f.Counterexample.(*WidgetV2Storage)
	s := h.Spec
	s.PropertyBag = nil
	// The failure lists the toggled fields, each as the counter-example
	// holds it (absent, or a zero value present in the JSON).
	if !strings.Contains(f.Error(), "written by a client of the hub before the update") || len(f.Toggled) == 0 {
		t.Errorf("the failure does not list the fields a client of the hub wrote:\n%v", f)
	}
	for _, line := range f.Toggled {
		path, rest, _ := strings.Cut(line, ": ")
		value, _, _ := strings.Cut(rest, " (was ")
		got, present := jsonAt(t, h, path)
		switch {
		case value == "absent" && present:
			t.Errorf("toggled %q: the counter-example holds %s", line, got)
		case value != "absent" && got != value:
			t.Errorf("toggled %q: the counter-example holds %q", line, got)
		}
	}
	for _, p := range []any{s.Given, s.Family, s.Size, s.Ratio, s.Enabled, s.Mode} {
		if v := reflect.ValueOf(p); !v.IsNil() && !v.Elem().IsZero() {
			t.Errorf("the counter-example keeps a value v2 shows: %+v", h.Spec)
		}
	}
	// v1, which drops no $twin entries, passes with the same hubs, and
	// without the bug so does v2.
	if err := convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", opts...); err != nil {
		t.Errorf("v1 does not have the bug, yet: %v", err)
	}
	currentBug.Store(int32(noBug))
	if err := convtest.CheckUpdate(widgetScheme(), widgetGK, "v2", opts...); err != nil {
		t.Errorf("v2 without the bug: %v", err)
	}
}

// A v1 client of Library that reverses its books, or deletes the first,
// writes them back with the bags annotation it read, whose bags name the
// books by index: a transport that places them by index (bugBagsByIndex,
// as every release before fingerprints does) gives one book's values to
// another, and the update check's reorder must catch it, with each change.
func TestUpdateCatchesBagsPlacedByIndex(t *testing.T) {
	withBug(t, bugBagsByIndex)
	f := mustFail(t, convtest.CheckUpdate(libraryScheme(), libraryGK, "v1", bugOpts()...),
		"a client of v1 that ",
		"the unkeyed list spec.books misplaces the values its elements carry for other versions: the hub (v1storage) converted from what it wrote differs from the hub it read with spec.books ",
		"(-want +got):",
		"must follow the element, not its index: see docs/design-unkeyed-lists.md",
		"the v1 object the client wrote:",
	)
	// The counter-example has two books at least, of which one has a
	// title absent, which v1 shows as "" (the entries the kit adds under
	// unused names alone make no list one the check changes).
	books := f.Counterexample.(*LibraryV1Storage).Spec.Books
	absent := false
	for _, b := range books {
		absent = absent || b.Title == nil
	}
	if len(books) < 2 || !absent {
		t.Errorf("the counter-example has nothing to misplace: %+v", books)
	}
	// Both changes are caught, whichever a seed draws first (not under the
	// race detector, where the seeds' searches and shrinking take seconds
	// and exercise no concurrency).
	if raceEnabled {
		return
	}
	seen := map[string]bool{}
	for seed := int64(1); seed <= 20 && len(seen) < 2; seed++ {
		err := convtest.CheckUpdate(libraryScheme(), libraryGK, "v1", convtest.Seed(seed), convtest.Cases(500))
		for _, change := range []string{"that reversed the unkeyed list spec.books", "that deleted the first element of the unkeyed list spec.books"} {
			if err != nil && strings.Contains(err.Error(), change) {
				seen[change] = true
			}
		}
	}
	if len(seen) < 2 {
		t.Errorf("of the two changes, 20 seeds caught only %v", seen)
	}
}

// bugSparseFingerprints recalls with the fingerprints of the books with
// something carried at or below them only, as docs/design-unkeyed-lists.md
// first proposed: a client that deletes the first book, which carried
// something, of books that carry nothing else, gives its bags to the
// second (at step 3, "edited in place", as nothing else claims index 0),
// and the reorder check catches it.
func TestUpdateCatchesSparseFingerprints(t *testing.T) {
	withBug(t, bugSparseFingerprints)
	mustFail(t, convtest.CheckUpdate(libraryScheme(), libraryGK, "v1", bugOpts()...),
		"a client of v1 that deleted the first element of the unkeyed list spec.books misplaces the values its elements carry for other versions",
	)
}
