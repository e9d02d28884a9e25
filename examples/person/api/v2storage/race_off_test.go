//go:build !race

package v2storage

// raceEnabled: see race_on_test.go.
const raceEnabled = false
