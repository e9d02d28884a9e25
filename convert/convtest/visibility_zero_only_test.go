package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// TestVisibilityOfZeroNotBySkipOfOtherValues: a SkipVisibility limited to
// other values (3) does not exempt the zero that v3 shows for v1's unset
// weight, which v1 reads as its default 1: only SkipVisibilityOfZero, or a
// SkipVisibility of every value, does.
func TestVisibilityOfZeroNotBySkipOfOtherValues(t *testing.T) {
	opts := []convtest.Option{convtest.Seed(bugSeed), convtest.Cases(200), convtest.FieldValues("Weight", int32(0), int32(3)),
		convtest.Default("v1", "spec.weight", int32(1)), convtest.Default("v3", "spec.weight", int32(1)),
		convtest.SkipVisibility("spec.weight", "v1 shows 3 otherwise", int32(3))}
	mustFail(t, convtest.CheckReliability(shareScheme(), shareGK, "v1", "v3", opts...),
		"v1 leaves spec.weight unset, which it reads as its default 1; v3 shows 0 at spec.weight")
}
