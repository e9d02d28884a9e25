//go:build race

package reflectbags_test

// raceEnabled: the race detector is on; see skipTiming.
const raceEnabled = true
