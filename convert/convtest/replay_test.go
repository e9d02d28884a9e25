package convtest_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert/convtest"
)

// TestFailureReport: a healthy chain passes; a hook that forgets to keep a
// name it cannot split losslessly fails, with the seed, the conversions
// and the counter-example, boiled down to that name.
func TestFailureReport(t *testing.T) {
	if err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(1), convtest.Cases(500)); err != nil {
		t.Errorf("healthy chain: %v", err)
	}

	withBug(t, bugHookDropsStash)
	f := failure(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(7), convtest.Cases(500)))
	if want := "v1 → hub (v2storage) → v1"; f.Path != want {
		t.Errorf("path %q, want %q", f.Path, want)
	}
	if f.Seed != 7 {
		t.Errorf("seed %d, want 7", f.Seed)
	}
	if w, ok := f.Counterexample.(*WidgetV1); f.Version != "v1" || !ok || w.Spec.FullName != " " {
		t.Errorf("counter-example: %s %#v, want v1 with full name \" \"", f.Version, f.Counterexample)
	}
}

func failure(t *testing.T, err error) *convtest.Failure {
	t.Helper()
	var f *convtest.Failure
	if !errors.As(err, &f) {
		t.Fatalf("want a *convtest.Failure, got %v", err)
	}
	return f
}

// TestReplay checks that a seed replays a failing run exactly: with the
// Seed option, with HUBSPOKE_SEED, and stopped at the failing case with
// HUBSPOKE_CASES.
func TestReplay(t *testing.T) {
	withBug(t, bugHookDropsStash)
	first := failure(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(11), convtest.Cases(3000)))
	again := failure(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Seed(11), convtest.Cases(3000)))
	if first.Error() != again.Error() {
		t.Errorf("the same seed failed differently:\n%v\n---\n%v", first, again)
	}

	t.Setenv(convtest.EnvSeed, "11")
	t.Setenv(convtest.EnvCases, strconv.Itoa(first.Case))
	replay := failure(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1"))
	if replay.Case != first.Case || replay.Cases != first.Case || replay.CaseSeed != first.CaseSeed {
		t.Errorf("replay failed on case %d of %d (case seed %d), want case %d (case seed %d)",
			replay.Case, replay.Cases, replay.CaseSeed, first.Case, first.CaseSeed)
	}
	if d := cmp.Diff(first.Counterexample, replay.Counterexample); d != "" {
		t.Errorf("replay found another counter-example:\n%s", d)
	}

	// One case fewer passes: the objects of a run depend on the seed only.
	t.Setenv(convtest.EnvCases, strconv.Itoa(first.Case-1))
	if first.Case > 1 {
		if err := convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1"); err != nil {
			t.Errorf("the cases before the failing one failed: %v", err)
		}
	}

	// The case seed rebuilds the original object.
	g, err := convtest.NewGenerator(widgetScheme(), widgetGK)
	if err != nil {
		t.Fatal(err)
	}
	orig, err := g.Generate("v1", first.CaseSeed)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(first.Original, orig); d != "" {
		t.Errorf("Generate(v1, case seed) is not the original object:\n%s", d)
	}
}

// TestSeedsDiffer checks that runs without a seed explore different objects.
func TestSeedsDiffer(t *testing.T) {
	t.Setenv(convtest.EnvSeed, "") // a seed sweep (HUBSPOKE_SEED=N go test) gives every run that seed
	withBug(t, bugHookDropsStash)
	a := failure(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Cases(3000)))
	b := failure(t, convtest.CheckRoundTrip(widgetScheme(), widgetGK, "v1", convtest.Cases(3000)))
	if a.Seed == b.Seed {
		t.Errorf("two runs used seed %d", a.Seed)
	}
}

// TestReplayUpdate is TestReplay for the update check, whose hubs are made
// otherwise: the seed replays the run, and the cases before the failing one
// pass.
func TestReplayUpdate(t *testing.T) {
	withBug(t, bugLosesNestedBag)
	first := failure(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", convtest.Seed(11), convtest.Cases(3000)))
	again := failure(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", convtest.Seed(11), convtest.Cases(3000)))
	if first.Error() != again.Error() {
		t.Errorf("the same seed failed differently:\n%v\n---\n%v", first, again)
	}
	other := failure(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1", convtest.Seed(12), convtest.Cases(3000)))
	if other.CaseSeed == first.CaseSeed {
		t.Errorf("seeds 11 and 12 failed on the same case seed %d", first.CaseSeed)
	}

	t.Setenv(convtest.EnvSeed, "11")
	t.Setenv(convtest.EnvCases, strconv.Itoa(first.Case))
	replay := failure(t, convtest.CheckUpdate(widgetScheme(), widgetGK, "v1"))
	if replay.Case != first.Case || replay.Cases != first.Case || replay.CaseSeed != first.CaseSeed {
		t.Errorf("replay failed on case %d of %d (case seed %d), want case %d (case seed %d)",
			replay.Case, replay.Cases, replay.CaseSeed, first.Case, first.CaseSeed)
	}
	if d := cmp.Diff(first.Counterexample, replay.Counterexample); d != "" {
		t.Errorf("replay found another counter-example:\n%s", d)
	}
	if first.Case > 1 {
		t.Setenv(convtest.EnvCases, strconv.Itoa(first.Case-1))
		if err := convtest.CheckUpdate(widgetScheme(), widgetGK, "v1"); err != nil {
			t.Errorf("the cases before the failing one failed: %v", err)
		}
	}
}
