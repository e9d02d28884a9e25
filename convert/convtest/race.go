//go:build race

package convtest

// raceDetector is set when the race detector is on (go test -race).
const raceDetector = true
