package convtest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The environment variables the kit reads, documented in the package doc.
// Command-line flags with the same meaning exist for runs of a single
// package (flags given to a package that does not import convtest make its
// test binary fail, so prefer the environment variables with ./...).
const (
	// envSeed fixes the seed of every property check (flag
	// -hubspoke.seed). A failing check prints the value that replays it.
	envSeed = "HUBSPOKE_SEED"
	// envCases sets the number of cases of every property check that has
	// no withCases option (flag -hubspoke.cases), or, set to "full",
	// selects the full counts. It overrides the short-mode default too.
	envCases = "HUBSPOKE_CASES"
	// envUpdateGolden, set to 1 (or true), makes Golden write the golden
	// files instead of comparing against them (flag
	// -hubspoke.update-golden).
	envUpdateGolden = "HUBSPOKE_UPDATE_GOLDEN"
)

// The defaults, documented in the package doc. The withCases option,
// HUBSPOKE_CASES and -hubspoke.cases override the case counts;
// HUBSPOKE_CASES=full selects the full counts.
const (
	// defaultRoundTripCases is the number of objects the round trip and
	// the update check try per version: a resource of four API versions
	// (examples/autoscaling) runs all its checks in well under two minutes
	// on two cores, so that go test's default timeout is far away.
	defaultRoundTripCases = 1000
	// fullRoundTripCases is defaultRoundTripCases with HUBSPOKE_CASES=full,
	// for CI and nightly runs.
	fullRoundTripCases = 10000
	// defaultRoundTripShortCases is defaultRoundTripCases under go test
	// -short.
	defaultRoundTripShortCases = 200
	// raceCases caps every default under the race detector: it slows
	// conversions down about tenfold, and the race run is there to find
	// data races, which a hundred objects per version reach as well as
	// thousands; the full counts run without it (CI runs both: the
	// core under go test -race, and hack/test-slow.sh full).
	raceCases = 100
	// defaultReliabilityCases is the number of objects Reliability checks
	// per ordered pair of versions.
	defaultReliabilityCases = 200
	// fullReliabilityCases is defaultReliabilityCases with
	// HUBSPOKE_CASES=full.
	fullReliabilityCases = 1000
	// defaultReliabilityShortCases is defaultReliabilityCases under go
	// test -short.
	defaultReliabilityShortCases = 50
	// defaultFloatTolerance is the relative (and, near zero, absolute)
	// difference below which two floats compare equal.
	defaultFloatTolerance = 1e-9
	// defaultMaxSize bounds the length of generated slices, maps and
	// strings (strings get up to twice as many runes, plus two).
	defaultMaxSize = 6
	// defaultGoldenDir is where Golden keeps its files, relative to the
	// package directory (the working directory of go test).
	defaultGoldenDir = "testdata/golden"
)

// Flags are registered on the default flag set when a test binary imports
// the package. Each test binary is its own process, so importing the package
// from many test packages is safe.
var (
	seedFlag         = flag.String("hubspoke.seed", "", "convtest: seed for property checks (same as "+envSeed+")")
	casesFlag        = flag.String("hubspoke.cases", "", "convtest: cases per property check, or full (same as "+envCases+")")
	updateGoldenFlag = flag.Bool("hubspoke.update-golden", false, "convtest: rewrite golden files (same as "+envUpdateGolden+"=1)")
)

// Option adjusts a check: how many objects it tries, which values the
// generated objects hold, where Golden converts to and what it may lose.
type Option func(*config)

// config is what the options set. The kit's own tests set the fields that
// no exported option sets (see export_test.go).
type config struct {
	cases      int
	seed       int64
	seedSet    bool
	tolerance  float64
	maxSize    int
	goldenDir  string
	target     string
	variant    string // names several exemplars' golden files apart
	update     *bool  // Golden writes its files (true) or compares (false), whatever the environment says
	parallel   bool   // RoundTripAll and Reliability run their subtests in parallel
	custom     map[reflect.Type]func(*rand.Rand) reflect.Value
	fields     map[string][]reflect.Value
	oneOfs     map[string][][]string // OneOf: a struct type's name -> its groups of fields
	expectLoss []string
	relations  []Relation    // Related: for the visibility check
	skips      []skipRule    // SkipVisibility
	defaults   []defaultRule // Default
}

// withCases sets the number of generated objects a check tries: per
// version for the round trip, per ordered pair of versions for
// Reliability. It takes precedence over HUBSPOKE_CASES and over go test
// -short; n < 1 leaves the default.
func withCases(n int) Option {
	return func(c *config) { c.cases = n }
}

// withTarget sets the version Golden converts the exemplar to and back from
// (default: the hub).
func withTarget(version string) Option {
	return func(c *config) { c.target = version }
}

// withExpectLoss declares values that Golden's exemplar is expected to lose
// on its way to the target version and back, so that the check accepts
// their absence from the golden output. Golden compares the exemplar with the
// result of the round trip, value by value in their JSON, and fails, in
// update mode too, when a value is missing or different, so that a golden
// file never records a loss unnoticed. Each path names a value and
// everything below it, with JSON names: "spec.middleName",
// "spec.parts[1].color", `metadata.labels["app.kubernetes.io/name"]`. The
// failure lists the paths of the values lost. A declared path that loses
// nothing fails the check too.
func withExpectLoss(paths ...string) Option {
	return func(c *config) { c.expectLoss = append(c.expectLoss, paths...) }
}

// FieldValues makes the generated objects draw the value of every struct
// field named field (its Go name), in every version, from values: an
// enumeration that a hook or property converter parses, for example, held
// as a named string type in API versions and as *string in storage
// versions, or values of a type the kit leaves zero (one with its own JSON
// encoding). Each value is converted to the field's type (or, for a pointer
// field, to the type it points to; such fields stay nil a third of the
// time). A slice or map field whose elements the values convert to, but
// not the field itself (a []IPFamily given IPFamily values), gets elements
// drawn from values: a slice's are distinct, so that a list the API server
// keeps as a set (+listType=set) stays valid, and a map keeps its random
// keys. Fields of types the values do not convert to are generated as
// usual.
//
// A field qualified by the Go name of the struct type that declares it,
// "MetricSpec.Type", names only field Type of structs of that name (in
// every version and in the storage twins, which keep the API versions'
// type names; a type renamed between versions needs one FieldValues per
// name), so that an enum shares its Go name with free-text fields of other
// structs. A qualified FieldValues wins over a bare one for its structs;
// of two for the same name, the later wins.
//
// A value that holds JSON text (apiextensions' JSON, runtime.RawExtension,
// json.RawMessage: prometheus-operator's AlertmanagerConfig keeps its child
// routes so) is drawn with its text as the API server passes it on, which
// holds a custom resource as a tree of maps and encodes it again: keys in
// order, no spaces, 2.0 as 2. Give the text as you like; a hook meets it
// so.
//
// The labels and annotations of an object's metadata are such fields too
// ("ObjectMeta.Labels", "ObjectMeta.Annotations", or the bare names, which
// name every struct's), drawn instead of the kit's random words: give them
// whole maps, map[string]string{"cluster.x-k8s.io/cluster-name": "c1"}
// and map[string]string{}, so that a hook on a kind's root type that reads
// a label (Cluster API's v1alpha2 cluster-name label, which v1alpha3 shows
// as spec.clusterName) meets it, and objects without it.
//
// Shrinking a failing object may zero such fields, and remove elements of
// such slices and maps, but never changes a value otherwise.
func FieldValues(field string, values ...any) Option {
	if len(values) == 0 {
		panic("convtest: FieldValues needs at least one value")
	}
	vs := make([]reflect.Value, len(values))
	for i, v := range values {
		vs[i] = reflect.ValueOf(v)
		if vs[i].IsValid() && classOf(vs[i].Type()) == classRawJSON {
			vs[i] = canonicalRawJSON(vs[i], field)
		}
	}
	return func(c *config) {
		if c.fields == nil {
			c.fields = map[string][]reflect.Value{}
		}
		c.fields[field] = vs
	}
}

// canonicalRawJSON returns v, a value that holds JSON text (json.RawMessage,
// apiextensions' JSON, runtime.RawExtension), with its text as the API
// server passes it on: a custom resource is held as a tree of maps
// (unstructured), so a hook or a client never sees the text that was
// written, but the tree encoded again, keys in order, no spaces, integers
// as integers (2.0 is 2). The kit's own random JSON is written so; a
// value given by FieldValues must be too, or the tests would show hooks
// text no API server sends. Text that is no JSON panics, naming field.
func canonicalRawJSON(v reflect.Value, field string) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	out.Set(v)
	raw := out
	if out.Kind() == reflect.Struct {
		raw = out.FieldByName("Raw")
	}
	if raw.Len() == 0 {
		return out
	}
	dec := json.NewDecoder(bytes.NewReader(raw.Bytes()))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil || dec.More() {
		panic(fmt.Sprintf("convtest: FieldValues(%q): %s is no JSON value: %v", field, raw.Bytes(), err))
	}
	var numbers func(x any) any
	numbers = func(x any) any {
		switch x := x.(type) {
		case json.Number:
			// As apimachinery's JSON decoding: an int64 where the text
			// is one, else a float64.
			if i, err := x.Int64(); err == nil {
				return i
			}
			if f, err := x.Float64(); err == nil {
				return f
			}
			return x
		case map[string]any:
			for k, e := range x {
				x[k] = numbers(e)
			}
		case []any:
			for i, e := range x {
				x[i] = numbers(e)
			}
		}
		return x
	}
	text, err := json.Marshal(numbers(tree))
	if err != nil {
		panic(fmt.Sprintf("convtest: FieldValues(%q): %s: %v", field, raw.Bytes(), err))
	}
	raw.SetBytes(text)
	return out
}

// OneOf makes the generated objects set at most one of fields (Go names)
// in every struct of the Go type named typeName (in every version and in
// the storage twins, which keep the API versions' type names; a type
// renamed between versions needs one OneOf per name): a union, of which
// the API server accepts only objects that set one member
// (+kubebuilder:validation:ExactlyOneOf, AtMostOneOf, +union), such as
// Knative's v1alpha1 Service modes runLatest, pinned, release and manual.
// Each such struct draws one member (a nil pointer drawn gets a second
// try), or, one time in n+1 for n members, none, and leaves the others
// zero; a member the version does not have is no member there. Without it
// the kit fills every field, so hooks that convert a member only when it
// is the one set rarely meet their input.
//
// Objects that would set two members of a union anyway (converted from
// another version, or edited by the update check's client) are not used,
// as the API server would refuse them; shrinking a failing object only
// zeroes values, so it keeps the rule. A struct may have several unions:
// give one OneOf each.
//
// The update check also requires that an edit a client of an API version
// makes, valid there, leaves the hub with one member of each union at
// most: a version that lacks a member keeps it hidden, and a client that
// sets another member cannot clear it (DRA's ResourceClaim requests gained
// firstAvailable beside exactly), so the hooks of the step must.
func OneOf(typeName string, fields ...string) Option {
	if len(fields) < 2 {
		panic("convtest: OneOf needs two fields at least")
	}
	group := slices.Clone(fields)
	return func(c *config) {
		if c.oneOfs == nil {
			c.oneOfs = map[string][][]string{}
		}
		c.oneOfs[typeName] = append(c.oneOfs[typeName], group)
	}
}

// oneOfDraw returns, for struct type t, the indexes of the fields that r
// leaves zero (skip), of each OneOf group of t's name the members but one
// drawn at random, or all of them, and the members drawn (chosen).
func (c *config) oneOfDraw(t reflect.Type, r *rand.Rand) (skip, chosen map[int]bool) {
	if c == nil || t.Name() == "" || len(c.oneOfs[t.Name()]) == 0 {
		return nil, nil
	}
	skip, chosen = map[int]bool{}, map[int]bool{}
	for _, group := range c.oneOfs[t.Name()] {
		var members []int
		for _, name := range group {
			if sf, ok := t.FieldByName(name); ok && len(sf.Index) == 1 {
				members = append(members, sf.Index[0])
			}
		}
		pick := r.IntN(len(members) + 1) // len(members): none
		for j, i := range members {
			if j == pick {
				chosen[i] = true
			} else {
				skip[i] = true
			}
		}
	}
	return skip, chosen
}

// oneOfBroken reports whether some struct in obj sets two members of one
// of its OneOf groups: an object the API server refuses.
func (c *config) oneOfBroken(obj any) bool {
	return c.brokenOneOf(obj) != ""
}

// brokenOneOf names the first struct in obj that sets two members of one
// of its OneOf groups, and the members it sets ("RouteSpec: Latest,
// Pinned"), or returns "" when there is none.
func (c *config) brokenOneOf(obj any) string {
	if c == nil || len(c.oneOfs) == 0 {
		return ""
	}
	var found string
	someStruct(reflect.ValueOf(obj), func(v reflect.Value) bool {
		t := v.Type()
		if t.Name() == "" {
			return false
		}
		for _, group := range c.oneOfs[t.Name()] {
			var set []string
			for _, name := range group {
				if sf, ok := t.FieldByName(name); ok && len(sf.Index) == 1 && !v.Field(sf.Index[0]).IsZero() {
					set = append(set, name)
				}
			}
			if len(set) > 1 {
				found = t.Name() + ": " + strings.Join(set, ", ")
				return true
			}
		}
		return false
	})
	return found
}

// fieldValues returns the values of FieldValues for field i of struct type
// t: those qualified by t's name, else those of the bare name (none for
// a nil config).
func (c *config) fieldValues(t reflect.Type, i int) ([]reflect.Value, bool) {
	if c == nil {
		return nil, false
	}
	name := t.Field(i).Name
	if t.Name() != "" {
		if vals, ok := c.fields[t.Name()+"."+name]; ok {
			return vals, true
		}
	}
	vals, ok := c.fields[name]
	return vals, ok
}

// drawMode is how FieldValues' values fill a field of some type.
type drawMode int

const (
	drawNone    drawMode = iota // the values do not convert: generated as usual
	drawValue                   // the field's own value
	drawPointer                 // what the pointer field points to
	drawElems                   // the elements of a slice, the values of a map
)

// drawModeOf returns how val, a value of FieldValues, fills a field of
// type t.
func drawModeOf(val reflect.Value, t reflect.Type) drawMode {
	switch {
	case !val.IsValid():
		return drawNone
	case t.Kind() == reflect.Pointer && val.CanConvert(t.Elem()):
		return drawPointer
	case val.CanConvert(t):
		return drawValue
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Map) && val.CanConvert(t.Elem()):
		return drawElems
	}
	return drawNone
}

// drawnBy reports whether some value of vals fills a field of type t.
func drawnBy(vals []reflect.Value, t reflect.Type) bool {
	return slices.ContainsFunc(vals, func(v reflect.Value) bool { return drawModeOf(v, t) != drawNone })
}

// withSeed fixes the seed of a check, taking precedence over HUBSPOKE_SEED
// and the flag; RoundTripAll passes it to the update check so that it uses
// the round trip's seed.
func withSeed(seed int64) Option {
	return func(c *config) { c.seed, c.seedSet = seed, true }
}

func newConfig(opts []Option) *config {
	c := &config{tolerance: defaultFloatTolerance, maxSize: defaultMaxSize, goldenDir: defaultGoldenDir}
	for _, o := range opts {
		o(c)
	}
	c.maxSize = max(c.maxSize, 0)
	return c
}

// resolveSeed returns the seed of a run: withSeed, else the flag,
// else the environment, else the clock.
func (c *config) resolveSeed() (int64, error) {
	if c.seedSet {
		return c.seed, nil
	}
	for _, src := range []struct{ name, value string }{
		{"-hubspoke.seed", *seedFlag},
		{envSeed, os.Getenv(envSeed)},
	} {
		if v := strings.TrimSpace(src.value); v != "" {
			s, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return 0, fmt.Errorf("convtest: %s=%q is not an integer seed", src.name, src.value)
			}
			return s, nil
		}
	}
	return time.Now().UnixNano(), nil
}

// caseCounts are a check's numbers of cases: by default, under go test
// -short, and with HUBSPOKE_CASES=full.
type caseCounts struct{ normal, short, full int }

// resolveCases returns the number of cases of a run: the cases option,
// else the flag, else the environment (a number, or "full" for n.full),
// else n.normal or, under go test -short, n.short, each at most race
// under the race detector.
func (c *config) resolveCases(n caseCounts, race int) (int, error) {
	if c.cases > 0 {
		return c.cases, nil
	}
	for _, src := range []struct{ name, value string }{
		{"-hubspoke.cases", *casesFlag},
		{envCases, os.Getenv(envCases)},
	} {
		v := strings.TrimSpace(src.value)
		if v == "" {
			continue
		}
		if v == "full" {
			return n.full, nil
		}
		cases, err := strconv.Atoi(v)
		if err != nil || cases < 1 {
			return 0, fmt.Errorf("convtest: %s=%q is neither a positive number of cases nor \"full\"", src.name, src.value)
		}
		return cases, nil
	}
	if raceDetector {
		n.normal, n.short = min(n.normal, race), min(n.short, race)
	}
	if testing.Testing() && testing.Short() {
		return n.short, nil
	}
	return n.normal, nil
}

// updating reports whether Golden should write its files.
func (c *config) updating() bool {
	if c.update != nil {
		return *c.update
	}
	if *updateGoldenFlag {
		return true
	}
	v, err := strconv.ParseBool(strings.TrimSpace(os.Getenv(envUpdateGolden)))
	return err == nil && v
}
