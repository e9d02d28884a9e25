//go:build race

package v2storage

// raceEnabled: under the race detector TestSplitFullNameAsBefore tries the
// arrangements of up to three tokens, not four (all of them run without it:
// hack/test-slow.sh full).
const raceEnabled = true
