//go:build race

package convtest_test

const raceEnabled = true
