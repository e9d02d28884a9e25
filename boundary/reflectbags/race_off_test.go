//go:build !race

package reflectbags_test

// raceEnabled: see race_on_test.go.
const raceEnabled = false
