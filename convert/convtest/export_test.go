package convtest

import "github.com/leanovate/gopter"

// Exported for the tests of package convtest_test only.

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
