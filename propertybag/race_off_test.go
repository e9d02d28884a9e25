//go:build !race

package propertybag

// raceEnabled: see race_on_test.go.
const raceEnabled = false
