//go:build race

package autoscaling

// raceEnabled: under the race detector conversions run about ten times slower, and
// TestTransportMatchesReflection checks fewer twins per version (the full
// count runs without it: hack/test-slow.sh full).
const raceEnabled = true
