package convtest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// maxShrinks bounds gopter's shrinking steps per failure.
const maxShrinks = 1000

// failure is the error a property check returns when a generated object
// breaks the property. Its message names the check, the versions, the seed
// and the case, says what went wrong (with a go-cmp diff where one applies),
// shows the shrunk counter-example as YAML, and says how to replay the run.
type failure struct {
	// Check is "round trip", "update" or "reliability".
	Check string
	// Resource is the resource checked.
	Resource schema.GroupKind
	// Path names the conversions checked, such as "v1 → hub (v3storage) →
	// v1", "hub (v3storage) → v1 → JSON → v1 → hub" or "v1 → v2".
	Path string
	// Problem says what went wrong, with a diff where there is one.
	Problem string
	// Seed is the seed of the run: HUBSPOKE_SEED=Seed replays it.
	Seed int64
	// Case is the 1-based number of the failing case, and Cases the number
	// the run was to check. Running Case cases with Seed reaches the failure
	// again.
	Case, Cases int
	// CaseSeed is the seed of the failing case: generator.sample(Version,
	// CaseSeed) rebuilds the original, unshrunk object of a round trip or
	// reliability check (the update check builds its hubs otherwise, and
	// Original holds the one that failed).
	CaseSeed int64
	// Shrinks counts the shrinking steps from the original object to
	// Counterexample.
	Shrinks int
	// Version is the version of Counterexample.
	Version string
	// From is the version of the random object that the original was
	// converted from, when it was (to fill property bags), and empty
	// otherwise.
	From string
	// Counterexample is the shrunk object that breaks the property, and
	// Original the object first found to break it. When generating the
	// object failed (converting a random object of another version to fill
	// property bags), they are that other version's object.
	Counterexample, Original runtime.Object
	// Toggled lists what a client of the hub wrote in Counterexample before
	// the update check's update (see drawToggles): each field's JSON path
	// and the value set there.
	Toggled []string
	// Test is the name of the test that ran the check, set by the testing
	// wrappers; it completes the replay command.
	Test string
}

// Error formats the failure for a test log.
func (f *failure) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "convtest: %s %s of %s failed on case %d of %d (seed %d, case seed %d)\n",
		f.Check, f.Path, f.Resource, f.Case, f.Cases, f.Seed, f.CaseSeed)
	b.WriteString(strings.TrimRight(f.Problem, "\n"))
	b.WriteString("\n")
	if f.Counterexample != nil {
		how := "not shrunk"
		if f.Shrinks > 0 {
			how = fmt.Sprintf("shrunk in %d steps", f.Shrinks)
		}
		if f.From != "" && f.From != f.Version {
			how = fmt.Sprintf("originally converted from a random %s object, %s", f.From, how)
		}
		fmt.Fprintf(&b, "counter-example (%s, %s):\n", f.Version, how)
		y, err := toYAML(f.Counterexample, f.Resource.WithVersion(f.Version))
		if err != nil {
			y = fmt.Sprintf("%+v (cannot render as YAML: %v)", f.Counterexample, err)
		}
		b.WriteString(indentLines(y, "    "))
		b.WriteString("\n")
	}
	if len(f.Toggled) > 0 {
		b.WriteString("written by a client of the hub before the update (the object above holds it):\n")
		for _, t := range f.Toggled {
			fmt.Fprintf(&b, "    %s\n", t)
		}
	}
	fmt.Fprintf(&b, "replay: %s=%d %s=%d go test", envSeed, f.Seed, envCases, f.Case)
	if f.Test != "" {
		fmt.Fprintf(&b, " -run '%s'", runPattern(f.Test))
	}
	fmt.Fprintf(&b, " %s", packageDir())
	return b.String()
}

// runPattern turns a test name such as "TestWidget/v1" into the -run
// pattern that selects exactly it.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// packageDir names the package under test (the working directory of go
// test) relative to the module root, or "." when that cannot be found.
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "."
		}
		dir = parent
	}
}

// kit holds what the property checks of one resource share.
type kit struct {
	scheme *runtime.Scheme
	gk     schema.GroupKind
	cfg    *config
	gen    *generator
	conv   *convert.Converter
	hub    string
	opts   cmp.Options
	// readers are, for the update check's edits, the other versions that
	// clients read (see checkEditElsewhere).
	readers []editReader
	// toHub is, for the update check's reorders, the visibility check of
	// the conversion from its version to the hub: the relations that say
	// where the version's lists are in the hub (see reorderSites).
	toHub *visibility
	// fieldNames holds, by version, the Go names of the fields of its
	// structs, true for those of string kind (see stringNamed), found
	// once.
	fieldsOnce sync.Once
	fieldNames map[string]map[string]bool
}

func newKit(scheme *runtime.Scheme, gk schema.GroupKind, opts []Option) (*kit, error) {
	cfg := newConfig(opts)
	gen, err := newGenerator(scheme, gk, cfg)
	if err != nil {
		return nil, err
	}
	return &kit{scheme: scheme, gk: gk, cfg: cfg, gen: gen, conv: gen.conv, hub: gen.conv.Graph().Hub(), opts: cmpOptions(cfg.tolerance)}, nil
}

func (k *kit) newObject(version string) runtime.Object {
	obj, err := k.scheme.New(k.gk.WithVersion(version))
	if err != nil {
		panic(fmt.Sprintf("convtest: creating %s %s: %v", k.gk, version, err)) // versions come from the graph
	}
	return obj
}

func (k *kit) checkVersion(version string) error {
	if !k.conv.Graph().Has(version) {
		return fmt.Errorf("convtest: %s has no version %q (have %v)", k.gk, version, k.conv.Graph().Versions())
	}
	return nil
}

// property is a check of one sample: "" when it holds, else what is wrong.
type property func(*sample) string

// raceReliabilityCases is Reliability's default per pair of versions under
// the race detector, below raceCases because the pairs are many (56 for
// examples/autoscaling's eight versions): at 100 per pair that package took
// 111 s under the race detector.
const raceReliabilityCases = 25

// The case counts of the round trip (and the update check) and of
// Reliability.
var (
	roundTripCounts   = caseCounts{normal: defaultRoundTripCases, short: defaultRoundTripShortCases, full: fullRoundTripCases}
	reliabilityCounts = caseCounts{normal: defaultReliabilityCases, short: defaultReliabilityShortCases, full: fullReliabilityCases}
)

// run checks the property on the samples gen generates with gopter, and
// turns a falsified property into a *failure.
func (k *kit) run(check, path string, gen gopter.Gen, counts caseCounts, race int, p property) error {
	seed, err := k.cfg.resolveSeed()
	if err != nil {
		return err
	}
	cases, err := k.cfg.resolveCases(counts, race)
	if err != nil {
		return err
	}
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = cases
	params.MaxShrinkCount = maxShrinks
	params.Workers = 1
	// Once a case fails, gopter calls the property again with smaller
	// variants; only those that fail the same way count, so that the
	// counter-example shows the problem first found, not another one.
	first := ""
	holds := func(s *sample) *gopter.PropResult {
		if problem := guard(s, p); problem != "" {
			if kind := problemKind(problem); first == "" {
				first = kind
			} else if kind != first {
				return &gopter.PropResult{Status: gopter.PropTrue}
			}
			return &gopter.PropResult{Status: gopter.PropFalse, Labels: []string{problem}}
		}
		return &gopter.PropResult{Status: gopter.PropTrue}
	}
	result := prop.ForAll(holds, gen).Check(params)
	if result.Passed() {
		return nil
	}
	f := &failure{Check: check, Resource: k.gk, Path: path, Seed: seed, Case: result.Succeeded + 1, Cases: cases}
	switch {
	case len(result.Labels) > 0:
		f.Problem = result.Labels[0]
	case result.Error != nil:
		f.Problem = fmt.Sprintf("%v\n%s", result.Error, result.ErrorStack)
	default:
		f.Problem = fmt.Sprintf("gopter reports %v", result.Status)
	}
	if len(result.Args) > 0 {
		arg := result.Args[0]
		shrunk, _ := arg.Arg.(*sample)
		orig, _ := arg.OrigArg.(*sample)
		if orig != nil {
			f.CaseSeed, f.From = orig.Seed, orig.From
			f.Original = orig.Object
			if orig.Err != nil {
				f.Original = orig.Source
			}
		}
		if shrunk != nil {
			f.Shrinks = shrunk.Shrunk
			f.Version, f.Counterexample = shrunk.Version, shrunk.Object
			f.Toggled = describeToggles(shrunk)
			if shrunk.Err != nil {
				f.Version, f.Counterexample = shrunk.From, shrunk.Source
			}
		}
	}
	return f
}

// problemKind is what a problem says before its details: the text up to
// its first colon ("converting v1 to the hub (v3storage) failed").
func problemKind(problem string) string {
	kind, _, _ := strings.Cut(problem, ":")
	return kind
}

// guard runs p on s, turning a sample whose generation failed and a panic
// in the conversion code into problems.
func guard(s *sample, p property) (problem string) {
	if s.Err != nil {
		return fmt.Sprintf("generating a %s object by converting a random %s object (the counter-example) failed: %v", s.Version, s.From, s.Err)
	}
	defer func() {
		if r := recover(); r != nil {
			problem = fmt.Sprintf("panic: %v\n%s", r, trimStack(debug.Stack()))
		}
	}()
	return p(s)
}

// trimStack keeps the frames of a stack trace that belong to the code under
// test: it drops the runtime's panic machinery and stops at the kit.
func trimStack(stack []byte) string {
	lines := strings.Split(strings.TrimRight(string(stack), "\n"), "\n")
	var kept []string
	for i := 1; i+1 < len(lines); i += 2 { // after "goroutine N [running]:", frames are line pairs
		fn := lines[i]
		switch {
		case strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "runtime/debug.") || strings.HasPrefix(fn, "panic("):
			continue
		case strings.HasPrefix(fn, kitPackage+"."):
			if len(kept) > 0 {
				return strings.Join(kept, "\n")
			}
			continue
		}
		if len(kept) >= 2*maxFrames {
			return strings.Join(append(kept, "\t..."), "\n")
		}
		kept = append(kept, fn, lines[i+1])
	}
	return strings.Join(kept, "\n")
}

const (
	kitPackage = "github.com/hubspoke/hubspoke/convert/convtest"
	maxFrames  = 12
)

// call runs a conversion, turning a panic into an error.
func call(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, trimStack(debug.Stack()))
		}
	}()
	return f()
}

// checkRoundTrip is the round trip of roundTrip, without the updates,
// returning an error (a *failure when an object breaks the property)
// instead of failing a test.
func checkRoundTrip(scheme *runtime.Scheme, gk schema.GroupKind, version string, opts ...Option) error {
	k, err := newKit(scheme, gk, opts)
	if err != nil {
		return err
	}
	if err := k.checkVersion(version); err != nil {
		return err
	}
	if version == k.hub {
		return fmt.Errorf("convtest: %s is the hub of %s; round trips start from the other versions", version, gk)
	}
	if _, ok := k.newObject(version).(conversion.Convertible); !ok {
		return fmt.Errorf("convtest: %s %s does not implement conversion.Convertible", gk, version)
	}
	hubName := fmt.Sprintf("the hub (%s)", k.hub)
	path := fmt.Sprintf("%s → hub (%s) → %s", version, k.hub, version)
	return k.run("round trip", path, k.gen.versionGen(version), roundTripCounts, raceCases, func(s *sample) string {
		// Every object passes through JSON where it leaves the process:
		// the source as a client sends it (or etcd gives it back), the hub
		// on its way to etcd, the result on its way to the client.
		src, p := fromJSON(s.Object, fmt.Sprintf("the generated %s object", version))
		if p != "" {
			return p
		}
		before := cloneObject(src)
		hub := k.newObject(k.hub)
		if err := call(func() error { return src.(conversion.Convertible).ConvertTo(hub.(conversion.Hub)) }); err != nil {
			return fmt.Sprintf("converting %s to %s failed: %v", version, hubName, err)
		}
		if d := diff(before, src, k.opts); d != "" {
			return fmt.Sprintf("converting %s to %s modified the source (-before +after):\n%s", version, hubName, d)
		}
		stored, p := viaJSON(hub, fmt.Sprintf("%s converted from %s", hubName, version))
		if p != "" {
			return p
		}
		hubBefore := cloneObject(stored)
		back := k.newObject(version)
		if err := call(func() error { return back.(conversion.Convertible).ConvertFrom(stored.(conversion.Hub)) }); err != nil {
			return fmt.Sprintf("converting %s back to %s failed: %v", hubName, version, err)
		}
		if d := diff(hubBefore, stored, k.opts); d != "" {
			return fmt.Sprintf("converting %s back to %s modified the hub (-before +after):\n%s", hubName, version, d)
		}
		sent, p := viaJSON(back, fmt.Sprintf("the %s object converted back from %s", version, hubName))
		if p != "" {
			return p
		}
		if d := diff(before, sent, k.opts); d != "" {
			return fmt.Sprintf("%s changed the object (-before +after):\n%s%s", path, d, k.roundTripInMemory(hub, before, version))
		}
		scramble(back)
		if d := diff(hubBefore, stored, k.opts); d != "" {
			return fmt.Sprintf("the %s object converted back from %s shares memory with the hub: changing it changed the hub (-before +after):\n%s", version, hubName, d)
		}
		scramble(hub)
		if d := diff(before, src, k.opts); d != "" {
			return fmt.Sprintf("%s converted from %s shares memory with the source: changing the hub changed the source (-before +after):\n%s", hubName, version, d)
		}
		return ""
	})
}

// roundTripInMemory converts hub, before it went through JSON, back to
// version, and says so when that gives want back: the round trip then loses
// data only once the hub is serialized.
func (k *kit) roundTripInMemory(hub, want runtime.Object, version string) string {
	back := k.newObject(version)
	if err := call(func() error { return back.(conversion.Convertible).ConvertFrom(cloneObject(hub).(conversion.Hub)) }); err != nil {
		return ""
	}
	sent, p := viaJSON(back, "")
	if p != "" || diff(want, sent, k.opts) != "" {
		return ""
	}
	return fmt.Sprintf("\n(in memory the object comes back unchanged: the data is lost when the hub (%s) is encoded as JSON)", k.hub)
}

// checkReliability is the check of one ordered pair of versions that
// Reliability runs, returning an error (a *failure when an object breaks the
// property) instead of failing a test.
func checkReliability(scheme *runtime.Scheme, gk schema.GroupKind, from, to string, opts ...Option) error {
	k, err := newKit(scheme, gk, opts)
	if err != nil {
		return err
	}
	for _, v := range []string{from, to} {
		if err := k.checkVersion(v); err != nil {
			return err
		}
	}
	name := func(v string) string {
		if v == k.hub {
			return v + " (the hub)"
		}
		return v
	}
	path := fmt.Sprintf("%s → %s", from, to)
	want := gk.WithVersion(to)
	vis, err := k.newVisibility(from, to, name)
	if err != nil {
		return err
	}
	return k.run("reliability", path, k.gen.versionGen(from), reliabilityCounts, raceReliabilityCases, func(s *sample) string {
		// The webhook decodes the source from JSON (and what it returns
		// goes through JSON below), so the source is never an object that
		// JSON cannot give, such as a status tagged omitzero whose
		// omitempty list is empty but not nil.
		src, p := fromJSON(s.Object, fmt.Sprintf("the generated %s object", name(from)))
		if p != "" {
			return p
		}
		before := cloneObject(src)
		var dst runtime.Object
		err := call(func() error {
			var err error
			dst, err = k.conv.ToVersion(src, to)
			return err
		})
		if err != nil {
			return fmt.Sprintf("converting %s to %s failed: %v", name(from), name(to), err)
		}
		if d := diff(before, src, k.opts); d != "" {
			return fmt.Sprintf("converting %s to %s modified the source (-before +after):\n%s", name(from), name(to), d)
		}
		if got := dst.GetObjectKind().GroupVersionKind(); got != want {
			return fmt.Sprintf("converting %s to %s gave apiVersion %q, kind %q; want %q, %q", name(from), name(to),
				got.GroupVersion().String(), got.Kind, want.GroupVersion().String(), want.Kind)
		}
		what := fmt.Sprintf("the %s object converted from %s", name(to), name(from))
		sent, p := viaJSON(dst, what)
		if p != "" {
			return p
		}
		if got := sent.GetObjectKind().GroupVersionKind(); got != want {
			return fmt.Sprintf("the JSON of %s has apiVersion %q, kind %q; want %q, %q", what,
				got.GroupVersion().String(), got.Kind, want.GroupVersion().String(), want.Kind)
		}
		scramble(dst)
		if d := diff(before, src, k.opts); d != "" {
			return fmt.Sprintf("the %s object converted from %s shares memory with the source: changing it changed the source (-before +after):\n%s", name(to), name(from), d)
		}
		return vis.check(src, sent)
	})
}
