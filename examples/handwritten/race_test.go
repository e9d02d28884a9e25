//go:build race

package handwritten_test

// raceDetector is set under go test -race, where the differential test runs fewer cases.
const raceDetector = true
