package convtest_test

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert/convtest"
)

// The one-line tests (TestWidgetRoundTrip, TestWidgetReliability) run
// healthy in this binary; TestOneLiners runs them again in a child process
// with a bug switched on through bugEnv, and reads what go test prints.

const bugEnv = "CONVTEST_WIDGET_BUG"

var bugsByName = map[string]bug{
	"losesNestedBag": bugLosesNestedBag,
	"instantSeconds": bugInstantSeconds,
	"priorityErrors": bugPriorityErrors,
}

// bugFromEnv switches on the bug bugEnv names, in a child process, and
// returns the options the bug's tests need.
func bugFromEnv(t *testing.T) []convtest.Option {
	name := os.Getenv(bugEnv)
	if name == "" {
		return nil
	}
	b, ok := bugsByName[name]
	if !ok {
		t.Fatalf("%s=%s names no bug", bugEnv, name)
	}
	withBug(t, b)
	if b == bugInstantSeconds {
		return []convtest.Option{lastSeen} // so that only the update check sees it
	}
	return nil
}

// runChild runs the tests of this binary that pattern selects, with env.
func runChild(t *testing.T, pattern string, env ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", pattern, "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// results maps each subtest of test that the child ran to PASS or FAIL.
func results(out, test string) map[string]string {
	got := map[string]string{}
	re := regexp.MustCompile(`(?m)^\s*--- (PASS|FAIL): ` + regexp.QuoteMeta(test) + `/(\S+) `)
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		got[m[2]] = m[1]
	}
	return got
}

func TestOneLiners(t *testing.T) {
	if os.Getenv(bugEnv) != "" {
		t.Skip("in the child process")
	}
	env := []string{"HUBSPOKE_SEED=7", "HUBSPOKE_CASES=300", "HUBSPOKE_UPDATE_GOLDEN="}

	// v1 loses nested bags: the subtest of v1 fails, its replay line
	// reproduces the failure, and the others pass.
	out := runChild(t, "^TestWidgetRoundTrip$", append(env, bugEnv+"=losesNestedBag")...)
	if got, want := results(out, "TestWidgetRoundTrip"), map[string]string{"v1": "FAIL", "v1storage": "PASS", "v2": "PASS"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("RoundTripAll with a bug in v1: subtests %v, want %v:\n%s", got, want, out)
	}
	replay := regexp.MustCompile(`replay: HUBSPOKE_SEED=(\d+) HUBSPOKE_CASES=(\d+) go test -run '([^']+)' \./convert/convtest`).FindStringSubmatch(out)
	failed := regexp.MustCompile(`failed on case \d+ of \d+ \(seed \d+, case seed -?\d+\)`).FindString(out)
	if replay == nil || failed == "" {
		t.Fatalf("no replay line or case in:\n%s", out)
	}
	// (Under the race detector the test's Cases option, which takes
	// precedence over HUBSPOKE_CASES, sets the number of cases: the case
	// that fails is the same.)
	again := runChild(t, replay[3], "HUBSPOKE_SEED="+replay[1], "HUBSPOKE_CASES="+replay[2], bugEnv+"=losesNestedBag")
	sameCase := strings.Replace(regexp.QuoteMeta(regexp.MustCompile(` of \d+ \(`).ReplaceAllString(failed, " of @ (")), "@", `\d+`, 1)
	if !regexp.MustCompile(sameCase).MatchString(again) {
		t.Errorf("the replay line did not reproduce %q:\n%s", failed, again)
	}

	// Updates through v2 lose a time through JSON, which only the update
	// check sees: v2's subtest fails, in the update check.
	out = runChild(t, "^TestWidgetRoundTrip$", append(env, bugEnv+"=instantSeconds")...)
	if got, want := results(out, "TestWidgetRoundTrip"), map[string]string{"v1": "PASS", "v1storage": "PASS", "v2": "FAIL"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("RoundTripAll with a bug in v2's JSON: subtests %v, want %v:\n%s", got, want, out)
	}
	if !strings.Contains(out, "convtest: update hub (v2storage) → v2 → JSON → v2 → hub of Widget.convtest.hubspoke.dev failed on case ") {
		t.Errorf("the update check did not report the bug:\n%s", out)
	}

	// Reliability runs every ordered pair; the pairs that fill a v1storage
	// from a hub with a negative priority fail.
	out = runChild(t, "^TestWidgetReliability$", append(env, bugEnv+"=priorityErrors")...)
	got := results(out, "TestWidgetReliability")
	versions := []string{"v1", "v1storage", "v2", "v2storage"}
	for _, from := range versions {
		for _, to := range versions {
			if from == to {
				continue
			}
			pair := from + "_to_" + to
			if got[pair] == "" {
				t.Errorf("Reliability did not run %s:\n%s", pair, out)
			}
			if (from == "v2" || from == "v2storage") && (to == "v1" || to == "v1storage") && got[pair] != "FAIL" {
				t.Errorf("Reliability %s: %s, want FAIL", pair, got[pair])
			}
		}
	}
	if len(got) != 12 {
		t.Errorf("Reliability ran %d pairs, want 12: %v", len(got), got)
	}
}
