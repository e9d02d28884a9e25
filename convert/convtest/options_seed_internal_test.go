package convtest

import "testing"

// TestSeedZeroIsASeed: a seed fixed at 0 is a seed like any other, taking
// precedence over HUBSPOKE_SEED (0 is not "no seed").
func TestSeedZeroIsASeed(t *testing.T) {
	t.Setenv(envSeed, "7")
	for _, want := range []int64{0, 5} {
		if got, err := newConfig([]Option{withSeed(want)}).resolveSeed(); err != nil || got != want {
			t.Errorf("withSeed(%d) with %s=7: seed %d, %v", want, envSeed, got, err)
		}
	}
	if got, err := newConfig(nil).resolveSeed(); err != nil || got != 7 {
		t.Errorf("no seed option with %s=7: seed %d, %v", envSeed, got, err)
	}
}
