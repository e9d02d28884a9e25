//go:build race

package webhook_test

// raceEnabled: under the race detector the conversions run several times
// slower, and TestHostileReviews sends fewer objects in one review.
const raceEnabled = true
