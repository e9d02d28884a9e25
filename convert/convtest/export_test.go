package convtest

import (
	"github.com/leanovate/gopter"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Exported for the tests of package convtest_test only.

// Generator builds the random objects of the checks.
type Generator = generator

// Sample is one generated object.
type Sample = sample

// NewGenerator returns the Generator of the checks of resource gk.
func NewGenerator(scheme *runtime.Scheme, gk schema.GroupKind, opts ...Option) (*Generator, error) {
	return newGenerator(scheme, gk, newConfig(opts))
}

// Generate returns the object the Generator builds for version from seed.
func (g *Generator) Generate(version string, seed int64) (runtime.Object, error) {
	return g.generate(version, seed)
}

// Gen is the generator of the round trip's and reliability's objects.
func (g *Generator) Gen(version string) gopter.Gen { return g.versionGen(version) }

// UpdateGen is the generator of the update check's hubs.
func (g *Generator) UpdateGen() gopter.Gen { return g.updateGen() }

// UpdateRaceCases is the update check's default under the race detector.
const UpdateRaceCases = updateRaceCases

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
