//go:build !race

package webhook_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
