//go:build !race

package autoscaling

// raceEnabled: see race_on_test.go.
const raceEnabled = false
