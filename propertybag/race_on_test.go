//go:build race

package propertybag

// raceEnabled: the race detector drops values put in a sync.Pool at
// random, so tests counting allocations of pooled encoders and decoders
// do not run under it.
const raceEnabled = true
