package convtest

import "testing"

// TestUpdatingFromTheEnvironment: HUBSPOKE_UPDATE_GOLDEN makes Golden write
// its files when it reads as true, and only then: "0", "false" and text
// that is no bool leave it comparing.
func TestUpdatingFromTheEnvironment(t *testing.T) {
	if *updateGoldenFlag {
		t.Skip("-hubspoke.update-golden is set")
	}
	for env, want := range map[string]bool{"1": true, "true": true, " TRUE ": true, "": false, "0": false, "false": false, "yes": false} {
		t.Setenv(envUpdateGolden, env)
		if got := newConfig(nil).updating(); got != want {
			t.Errorf("%s=%q: updating %v, want %v", envUpdateGolden, env, got, want)
		}
	}
}
