package convtest

import (
	"errors"
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// roundTrip is the subtest of one version that RoundTripAll runs: the round
// trip (checkRoundTrip) and, when version is an API version (it has no
// property bags of its own), then updates through it (checkUpdate), with
// the same seed. A failure fails t with a *failure message.
func roundTrip(t testing.TB, scheme *runtime.Scheme, gk schema.GroupKind, version string, opts ...Option) {
	t.Helper()
	seed, err := newConfig(opts).resolveSeed()
	if err != nil {
		t.Fatal(err)
	}
	opts = append(opts[:len(opts):len(opts)], withSeed(seed))
	if err := checkRoundTrip(scheme, gk, version, opts...); err != nil {
		report(t, err)
		return
	}
	api, err := isAPIVersion(scheme, gk, version)
	if err != nil {
		t.Fatalf("convtest: %v", err)
	}
	if api {
		report(t, checkUpdate(scheme, gk, version, opts...))
	}
}

// isAPIVersion reports whether version of gk is an API version: one with
// no property bag of its own, that is not the hub.
func isAPIVersion(scheme *runtime.Scheme, gk schema.GroupKind, version string) (bool, error) {
	c, err := convert.NewConverter(scheme, gk)
	if err != nil {
		return false, err
	}
	graph := c.Graph()
	obj, err := scheme.New(gk.WithVersion(version))
	if err != nil {
		return false, err
	}
	return version != graph.Hub() && !holdsBag(reflect.TypeOf(obj)), nil
}

// RoundTripAll checks every version of resource gk but the hub, each in a
// subtest named after the version. Round trip: generated objects of the
// version, converted to the hub with their ConvertTo and back with
// ConvertFrom, must come back unchanged. Update, for an API version (one
// without property bags of its own): hubs made from what clients write,
// converted to the version and back, must come back unchanged; a value a
// client of the version changes must read back as written, at the version
// and, as Reliability's visibility check requires (so RoundTripAll takes
// its Related, Default and SkipVisibility options too), at every other
// version; and a corrupt bags annotation, or a corrupt value in it or in
// the status bags, must be refused with an error naming it, or kept. Every
// conversion must also leave its source alone and share no memory with it,
// and every result must encode to stable JSON; every object passes through
// JSON where it would leave the process. The package doc describes the
// checks, their defaults (1,000 objects per version, 200 under go test
// -short, 10,000 with HUBSPOKE_CASES=full) and how to replay a failure.
func RoundTripAll(t *testing.T, scheme *runtime.Scheme, gk schema.GroupKind, opts ...Option) {
	t.Helper()
	parallel := newConfig(opts).parallel
	c, err := convert.NewConverter(scheme, gk)
	if err != nil {
		t.Fatalf("convtest: %v", err)
	}
	graph := c.Graph()
	for _, v := range graph.Versions() {
		if v == graph.Hub() {
			continue
		}
		t.Run(v, func(t *testing.T) {
			t.Helper()
			if parallel {
				t.Parallel()
			}
			roundTrip(t, scheme, gk, v, opts...)
		})
	}
}

// Reliability checks that every ordered pair of distinct versions of gk
// converts with the convert.Converter (as the conversion webhook does)
// without error or panic, for generated objects of the first version,
// decoded from their JSON as the webhook receives them (1,000 per pair, 50
// under -short). It also checks that the source is not modified, that the
// result has the target's apiVersion and kind, shares no memory with the
// source and encodes to stable JSON, and that every value of the source
// arrives where the target shows the same property (the visibility check:
// see the package doc, Related and SkipVisibility). Each pair is a subtest
// named "<from>_to_<to>".
func Reliability(t *testing.T, scheme *runtime.Scheme, gk schema.GroupKind, opts ...Option) {
	t.Helper()
	parallel := newConfig(opts).parallel
	c, err := convert.NewConverter(scheme, gk)
	if err != nil {
		t.Fatalf("convtest: %v", err)
	}
	graph := c.Graph()
	versions := graph.Versions()
	for _, from := range versions {
		for _, to := range versions {
			if from == to {
				continue
			}
			t.Run(from+"_to_"+to, func(t *testing.T) {
				t.Helper()
				if parallel {
					t.Parallel()
				}
				report(t, checkReliability(scheme, gk, from, to, opts...))
			})
		}
	}
}

// Golden converts exemplar, an object of an older version of gk, to the
// hub and back to its own version with the
// convert.Converter, and compares both results, as YAML, with the golden
// files testdata/golden/<Kind>_<from>_to_<to>.yaml and
// <Kind>_<from>_to_<to>_to_<from>.yaml; a second exemplar of one version
// and target (where no one object can show what each shows: the members of
// a one-of) has files of its own, named
// <Kind>_<from>_to_<to>_<metadata.name>.yaml and
// <Kind>_<from>_to_<to>_<metadata.name>_to_<from>.yaml, so each exemplar
// of a version needs a metadata.name of its own. It also fails when a value of the exemplar does not come back
// unchanged: a golden file never records a loss. Use it for the
// conversions that hand-written hooks (augment.AssignableTo and
// AssignableFrom) adjust, with exemplars that exercise the hooks: random
// objects check that hooks lose nothing, golden files pin down what they
// produce. With HUBSPOKE_UPDATE_GOLDEN=1 (or -hubspoke.update-golden) it
// writes the files instead.
func Golden(t testing.TB, scheme *runtime.Scheme, gk schema.GroupKind, exemplar runtime.Object, opts ...Option) {
	t.Helper()
	written, err := checkGolden(scheme, gk, exemplar, newConfig(opts))
	for _, f := range written {
		t.Logf("convtest: wrote %s", f)
	}
	report(t, err)
}

func report(t testing.TB, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var f *failure
	if errors.As(err, &f) {
		f.Test = t.Name()
	}
	t.Fatal(err)
}
