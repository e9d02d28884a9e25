package convtest

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"

	"github.com/leanovate/gopter"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Exported for the tests of package convtest_test only: these names exist
// in the test binary, not in the kit's API (RoundTripAll, Reliability,
// Golden and their options). The tests stay in package convtest_test so
// that the stack frames of their chains' conversion code are not the kit's
// own (see trimStack), as in a user's test.

// Generator builds the random objects of the checks.
type Generator = generator

// Sample is one generated object.
type Sample = sample

// NewGenerator returns the Generator of the checks of resource gk.
func NewGenerator(scheme *runtime.Scheme, gk schema.GroupKind, opts ...Option) (*Generator, error) {
	return newGenerator(scheme, gk, newConfig(opts))
}

// Generate returns the object the Generator builds for version from seed:
// with the case seed of a failure, the original, unshrunk object.
func (g *Generator) Generate(version string, seed int64) (runtime.Object, error) {
	if !slices.Contains(g.versions, version) {
		return nil, fmt.Errorf("convtest: %s has no version %q (have %v)", g.gk, version, g.versions)
	}
	s := g.sample(version, seed)
	if s.Err != nil {
		return nil, fmt.Errorf("convtest: generating a %s object by converting a random %s object: %w", version, s.From, s.Err)
	}
	return s.Object, nil
}

// Gen is the generator of the round trip's and reliability's objects.
func (g *Generator) Gen(version string) gopter.Gen { return g.versionGen(version) }

// UpdateGen is the generator of the update check's hubs.
func (g *Generator) UpdateGen() gopter.Gen { return g.updateGen() }

// CorruptText is what the update check writes in place of a bags
// annotation.
const CorruptText = corruptText

// EditAnnotation names, on the object the update check's edit writes, the
// value it changed.
const EditAnnotation = editAnnotation

// RaceCases caps every check's default under the race detector.
const RaceCases = raceCases

// RaceReliabilityCases is Reliability's default per pair under the race
// detector.
const RaceReliabilityCases = raceReliabilityCases

// RaceDetector tells whether the kit runs under the race detector.
const RaceDetector = raceDetector

// Remake builds s again from its recipe, as the shrinker does, or returns
// nil for a sample that was not converted from another.
func (g *Generator) Remake(s *Sample) *Sample {
	if s.recipe == nil {
		return nil
	}
	return g.remake(s, s.Source, s.recipe.origin, s.recipe)
}

// The environment variables and defaults, documented in the package doc.
const (
	EnvSeed                      = envSeed
	EnvCases                     = envCases
	EnvUpdateGolden              = envUpdateGolden
	DefaultRoundTripCases        = defaultRoundTripCases
	DefaultRoundTripShortCases   = defaultRoundTripShortCases
	DefaultReliabilityCases      = defaultReliabilityCases
	DefaultReliabilityShortCases = defaultReliabilityShortCases
	FullRoundTripCases           = fullRoundTripCases
	FullReliabilityCases         = fullReliabilityCases
)

// The options the kit's own tests use and generated code does not.
var (
	Cases      = withCases
	Target     = withTarget
	ExpectLoss = withExpectLoss
)

// The checks, returning an error (a *Failure when an object breaks the
// property) instead of failing a test.
var (
	CheckRoundTrip   = checkRoundTrip
	CheckUpdate      = checkUpdate
	CheckReliability = checkReliability
)

// CheckGolden is Golden returning an error; in update mode it writes the
// files and returns nil.
func CheckGolden(scheme *runtime.Scheme, gk schema.GroupKind, exemplar runtime.Object, opts ...Option) error {
	_, err := checkGolden(scheme, gk, exemplar, newConfig(opts))
	return err
}

// RoundTrip is the subtest of one version that RoundTripAll runs.
var RoundTrip = roundTrip

// Failure is the error of a property check that an object breaks.
type Failure = failure

// Options the kit's tests need and users do not.

// Seed fixes the seed of a check, as HUBSPOKE_SEED does.
var Seed = withSeed

// FloatTolerance sets how far two floats may be apart and still compare
// equal: |a-b| <= tol*max(|a|,|b|), or |a-b| <= tol near zero (default
// 1e-9; 0 demands exact equality).
func FloatTolerance(tol float64) Option {
	return func(c *config) { c.tolerance = tol }
}

// MaxSize bounds the length of generated slices, maps and strings (default
// 6). Each object draws its own size between 0 and n.
func MaxSize(n int) Option {
	return func(c *config) { c.maxSize = n }
}

// GoldenDir sets the directory of the golden files (default
// testdata/golden).
func GoldenDir(dir string) Option {
	return func(c *config) { c.goldenDir = dir }
}

// Variant names the golden files of an exemplar
// <Kind>_<variant>_<from>_to_<to>.yaml.
func Variant(name string) Option {
	return func(c *config) { c.variant = name }
}

// UpdateGolden makes Golden write its files (update true) or compare
// against them (false), regardless of HUBSPOKE_UPDATE_GOLDEN and the flag.
func UpdateGolden(update bool) Option {
	return func(c *config) { c.update = &update }
}

// Parallel makes RoundTripAll and Reliability run their subtests in
// parallel (t.Parallel), so that -race checks that conversions are safe
// for concurrent use.
func Parallel() Option {
	return func(c *config) { c.parallel = true }
}

// Values makes the generator draw every value of type T from values. T is
// matched exactly, wherever it occurs.
func Values[T any](values ...T) Option {
	if len(values) == 0 {
		panic("convtest: Values needs at least one value")
	}
	return GenFunc(func(r *rand.Rand) T { return values[r.IntN(len(values))] })
}

// GenFunc makes the generator build every value of type T with f, which
// must draw all its randomness from r so that seeds replay. The shrinker
// may zero such values but never changes them otherwise.
func GenFunc[T any](f func(r *rand.Rand) T) Option {
	t := reflect.TypeFor[T]()
	return func(c *config) {
		if c.custom == nil {
			c.custom = map[reflect.Type]func(*rand.Rand) reflect.Value{}
		}
		c.custom[t] = func(r *rand.Rand) reflect.Value { return reflect.ValueOf(f(r)) }
	}
}

// ListKeys learns the keyed lists of api from twin, its storage twin (see
// listKeys.learn), and returns a function that removes repeated keys from
// field i of a struct of type t, and one that finds repeated keys in obj.
func ListKeys(api, twin reflect.Type) (dedupe func(t reflect.Type, i int, list reflect.Value), repeated func(obj runtime.Object) bool) {
	k := listKeys{}
	k.learn(api, twin, map[[2]reflect.Type]bool{})
	return k.dedupe, k.repeated
}
