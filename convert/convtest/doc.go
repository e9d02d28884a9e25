// Package convtest is a test kit for the conversions of a resource with
// chained storage versions (see package convert). Generated _test.go files
// call it with one line per check:
//
//	func TestPersonRoundTrip(t *testing.T) {
//		convtest.RoundTripAll(t, scheme, personGK)
//	}
//	func TestPersonReliability(t *testing.T) {
//		convtest.Reliability(t, scheme, personGK)
//	}
//	func TestPersonGolden(t *testing.T) {
//		convtest.Golden(t, scheme, personGK, &v2.Person{ /* fields the hooks use */ })
//	}
//
// # The checks
//
// Every object passes through encoding/json (Marshal, then Unmarshal into
// a new object of its type) wherever it would leave the process: a hub on
// its way to etcd, a result on its way to a client; the objects a round
// trip or an update starts from come from JSON too, as a client sends them
// or etcd gives them back. A conversion that loses data only once
// serialized (a time whose zone or sub-second part its JSON drops, bytes
// held in a string) fails the checks as it would fail in a cluster.
//
// Round trip (RoundTripAll, for every version but the hub): for a version
// V, random V objects are converted to the hub with their ConvertTo and
// back into new V objects with ConvertFrom, and must come back equal: no
// loss. Floats compare within a relative difference of 1e-9; nil and empty
// slices and maps are different values where JSON tells them apart (fields
// without omitempty). Along the way the check requires that neither
// conversion modifies its source (compared with a copy taken before), that
// neither result shares memory with its source (every string, number, bool
// and map reachable from the result is changed, property bags and the bags
// an API version carries included, and the source must stay as it was),
// and that each result encodes to the same JSON twice and again after a
// decode, as storing it in etcd needs.
//
// Update (RoundTripAll, for every API version, after its round trip and
// with the same seed): reading an object at an old API version and writing
// it back unchanged must not change what the cluster stores. For an API
// version X, hubs are converted to X, through JSON, and back to the hub,
// and must come back equal. The hubs are what clients write: random
// objects of the API versions converted to the hub, with entries under
// names no version uses added to some of their property bags at every
// depth (nested structs, pointers, list elements, map values), so every
// bag of the storage twin must travel with X (see package boundary). The
// same checks of sources, shared memory and stable JSON apply. Then the
// check plays a client who changes what it read: one value of X's own
// data (its spec or status, or another member but apiVersion, kind and
// metadata; at a depth drawn at random: a field, a nested struct's field,
// a list element's, a map value's; half the time one X showed unset) set
// to what another random object of X has there, or removed where it has
// none; written back to the hub and read again at X, X must show what the
// client wrote (the bags X carries left out). The hub is then read at
// every other version clients read (the other API versions, and the hub
// when it is one), and the changed value must arrive there as Visibility
// (below) requires a value of X at that path to arrive: through the same
// relations (Related, the generator's renames and moves), declared
// defaults (Default: a removed value reads as X's default) and exemptions
// (SkipVisibility); where a version has no place for it (it lives only in
// that version's bags) nothing is expected there, and only the changed
// value is compared. A hook that lets a value it kept in a bag for another
// version win over the client's change fails it, at X or at the version
// the hook kept it for (admissionregistration's v1beta1 sideEffects
// Unknown, kept in v1's bag and restored over the None a v1 client set
// since), as no unchanged update and no object that starts without bags
// shows. The generated tests pass RoundTripAll the options they pass
// Reliability, for this. Then it plays a client that reorders an unkeyed
// list of structs (one without list-map keys) of X, with two elements at
// least, all of different JSON, and a value carried for another version
// (a bag entry other than the kit's unknown ones, a $twin entry) at or
// below one of them: the list reversed, or its first element
// deleted, written back to the hub, must give the hub read with the same
// change made to its list (found through Related), each element keeping
// the values it carries for other versions; a transport that places them
// by index fails it (docs/design-unkeyed-lists.md). Where the hub has no
// such list nothing is expected; where some of X's own values would not
// follow (converted without what the elements carry, their bags and
// fingerprints, the hubs differ otherwise than by the change: a priority
// derived from an element's index, a revision read off the first element,
// its zero kept by a $twin entry beside the list), those values alone are
// left out, and the rest of the hub compared. Last, the check
// plays a client
// who corrupts what X carries: the bags annotation
// replaced by text that is not JSON, and one carried value (in the
// annotation or the status bags) replaced by a JSON object no typed
// property reads. Converting X to the hub must either fail with an error
// that names the annotation (or the property), leaving the object and the
// hub as they were, or keep what the client wrote: converted back, X
// carries it again. A conversion that ignores the error and drops the
// value (a Pull error swallowed, a decode error ignored) fails the check.
// In Azure Service Operator's string format (-tags hubspoke_aso) any text
// is a string, so the carried value is drawn among those that some version
// has a field for, and none a field of string kind (by Go name): a string
// replaced is a client's change, which hooks may rightly overrule, and a
// value hooks keep under a name of their own (a mark) may be one. The
// default format checks those too.
//
// Reliability: for every ordered pair of versions, random objects of the
// first, passed through JSON as the webhook receives them, are converted to
// the second with convert.Converter, as the conversion webhook does. There
// must be no error and no panic, the source must not change, the result
// must carry the target's apiVersion and kind (in its JSON too), share no
// memory with the source and encode to stable JSON.
//
// Visibility (part of Reliability): a conversion that keeps every value in
// a property bag loses nothing, yet a client of the target version that
// looks for a value in its field does not find it. So for every value of
// the source (every string, number and bool, in list elements and map
// values too; the zero value of a plain field is no value), where the
// target shows the same property (at the same JSON path, with a type that
// holds the value as it is, or at the path a declared relation gives it)
// the value must be in that field (list elements are matched by index, map
// values by key; an enumeration's value as it is, also one the target's
// enumeration does not list, since conversions carry enums by value; a
// zero of the source in a plain field of the target may show as no value).
// Relations, declared with Related
// (hubspoke-gen declares the renames and moves its markers make), follow
// the conversion's path from step to step; a value that two relations
// give two places (a node name a version keeps in a field and as a map's
// key) passes at either; a relation that gathers the values of every
// element of a list at one place (a CRD's v1 spec.versions[*].schema, which
// v1beta1 shows once, at spec.validation, where every version holds the
// same) is checked where it gathers only. Where the target has no such
// path but has one of the same name one struct up or down, or a field named
// as the key of a map the value was in, and the source has no property of
// that name at that place (under its own names, where a relation renames a
// property on the way; a property of the name, whatever its type, is its
// own: v1's name, a string beside its map extra, is v2's name, a struct,
// and extra["name"].value no move to v2's name.value), nor the target at
// the old one, the value must be there: a move that nothing declares
// fails too. A value
// the target cannot show (a removed property, a type that cannot hold it)
// may stay in a bag. The failure names the property, both versions, the
// value, what the target shows instead and the bag that holds it. A
// property that a version is right not to show (a hook gives the field
// another meaning) is exempted, with the reason, by SkipVisibility:
//
//	convtest.Reliability(t, scheme, personGK,
//		convtest.SkipVisibility("spec.sortKey", "v4 derives its sort key; v3's alphaKey is kept as written"))
//
// Where only the zero changes meaning (0 is "the default" in one version,
// which its neighbour says with an unset value, and hooks map one to the
// other), SkipVisibilityOfZero exempts the zero alone, and every other
// value of the property is still checked; where only some values cannot
// be said in the target (an enumeration's values it does not allow, which
// hooks keep in a bag), SkipVisibility with those values listed exempts them
// alone.
//
// Where versions default a property differently (an unset failurePolicy
// is Ignore in admissionregistration v1beta1 and Fail in v1), Default
// declares each version's default: an absent value then reads as it, in
// the source (it must arrive where the target shows it, as a value set
// there would) and in the target (an absent value shows the target's
// default). Without the declarations the check cannot see a conversion
// that leaves an unset value unset, so that it changes meaning, or maps it
// to the other version's default.
//
// Paths name properties as hubspoke-gen explain does: JSON names joined by
// dots, [*] for the elements of a list, {*} for the values of a map,
// ["key"] for one key.
//
// Golden: where hand-written hooks (package augment) adjust a conversion,
// random objects show that nothing is lost but not that the hook does the
// right thing. The caller passes an exemplar, an object of the older
// version that exercises the hooks; Golden converts it to the hub and
// back, renders both results as YAML and compares them with
// testdata/golden/<Kind>_<from>_to_<to>.yaml and
// <Kind>_<from>_to_<to>_to_<from>.yaml. It also compares the result of the
// way back with the exemplar, value by value, and fails, when writing the
// files too, if a value of the exemplar is missing or different: a golden
// file never records a loss. One Golden call per hooked version
// (the generator knows which those are) is the intended use; where no one
// object shows what the hooks do (the members of a one-of, each of which
// a hook converts its own way), one per member, each exemplar with a
// metadata.name of its own, which names the files of the second and later
// exemplars of a version (<Kind>_<from>_to_<to>_<name>.yaml).
//
// # Generated objects
//
// The kit builds random objects of every version by reflection over their
// Go types, deterministically (the same version and seed always give the
// same object):
//
//   - strings (ASCII, spaces, JSON-special characters and multi-byte
//     runes, always valid UTF-8), integers (small, large and the extremes
//     of their type), finite floats, bools, and named types of those kinds;
//   - pointers nil or set; slices and maps nil, empty or filled; nested
//     structs, also embedded ones of unexported types (whose exported
//     fields encoding/json writes); []byte as random bytes;
//   - map keys: random words, and, for a third of the entries of a map
//     keyed by strings, a key that a Related pattern names (["key"]) or
//     the JSON name of a property beside the map in any version (ARM's
//     additionalProperties["aad-enabled"] beside a later aad-enabled), so
//     that a value moved between a key and a field, declared or not, is
//     checked (where the key is not the field, declare SkipVisibility of
//     that one key, `spec.settings["aad-enabled"]`, as the failure says);
//   - lists with list-map keys (declared in the storage twin with the
//     struct tag `hubspoke:"listMapKey=..."`, and learned from there for
//     the API version) with distinct keys, as the API server requires of a
//     +listType=map list: an element whose keys an earlier one has is
//     dropped, and shrinking never makes keys repeat;
//   - metav1.ObjectMeta with a name, namespace, UID, labels, annotations
//     (drawn from FieldValues where it names them) and sometimes a
//     resource version, generation, creation timestamp and finalizers; metav1.TypeMeta is left empty for the converter;
//   - metav1.Time (whole seconds, UTC), metav1.Duration (whole seconds),
//     resource.Quantity and intstr.IntOrString; arbitrary JSON (strings,
//     numbers, bools, arrays, objects) in runtime.RawExtension,
//     apiextensions' JSON and any struct with custom JSON that keeps its text
//     in a field Raw []byte; other types with custom JSON encoding,
//     interfaces, funcs and channels are left zero (give such fields values
//     with FieldValues);
//   - property bags filled the way real conversions fill them: half of the
//     objects are random objects of another version converted to the
//     requested one (for an API version, of another API version, through a
//     hub in whose bags other versions left values at every depth), plus
//     entries under names no version uses ("x-convtest-…"), which must pass
//     through unchanged (for API versions, in the boundary.Annotation
//     annotation and the propertybag.Bags field of the status);
//   - about one object in twelve is spec-less: metadata only, everything
//     else zero, as the API server sometimes sends.
//
// FieldValues restricts values that conversions only accept some of
// (enumerations a hook parses, for example), of every field of a Go name
// or, qualified by its struct ("MetricSpec.Type"), of one struct's field,
// and fills the elements of lists and maps of such values.
//
// OneOf declares a union (a one-of) of a struct type by its Go name
// ("RouteSpec" with "RunLatest", "Pinned", "Release" and "Manual", as
// Knative's v1alpha1 Service modes): its structs set one member drawn at
// random, or none, and leave the others zero, as the API server requires of
// +kubebuilder:validation:ExactlyOneOf and AtMostOneOf. Without it every
// field is filled, so objects set several members, and hooks that convert a
// member only when it is the one set meet their input in few objects; with
// it, Related can also say where each member's values go. Objects that
// would set two members anyway (converted from another version, edited by
// the update check's client) are not used.
//
// Each object draws a size between 0 and 6: its filled slices and maps hold
// up to that many elements (at least one; half as many inside another
// collection) and its strings up to twice as many runes plus two, so small
// objects stay common.
//
// A failing object is shrunk (with gopter) before it is reported: the kit
// removes fields, elements and entries, and shortens strings and numbers,
// while the property still fails in the same way (an object converted from
// another version, whose parts must fit together as conversions made them,
// is shrunk by shrinking that other object and converting it again), and
// prints the smallest object it found as YAML next to a go-cmp diff naming
// the versions:
//
//	convtest: round trip v1 → hub (v2storage) → v1 of Widget.example.com failed on case 10 of 10000 (seed 7, case seed 6101884072469496988)
//	v1 → hub (v2storage) → v1 changed the object (-before +after):
//	  &v1.Widget{
//	  	TypeMeta:   {},
//	  	ObjectMeta: {},
//	  	Spec: v1.WidgetSpec{
//	- 		FullName: " ",
//	+ 		FullName: "",
//	  		Size:     0,
//	  		... // 7 identical fields
//	  	},
//	  	Status: {},
//	  }
//	counter-example (v1, shrunk in 9 steps):
//	    apiVersion: example.com/v1
//	    kind: Widget
//	    metadata: {}
//	    spec:
//	      fullName: ' '
//	      size: 0
//	    status: {}
//	replay: HUBSPOKE_SEED=7 HUBSPOKE_CASES=10 go test -run '^TestWidgetRoundTrip$/^v1$' ./api/widget
//
// # Environment variables and defaults
//
// The kit reads three environment variables; command-line flags with the
// same meaning exist for runs of a single package:
//
//   - HUBSPOKE_SEED (-hubspoke.seed): the seed of every check. By default
//     each run takes a new seed from the clock.
//   - HUBSPOKE_CASES (-hubspoke.cases): the number of objects every check
//     tries, in place of the defaults: 1,000 per version for the round trip
//     and the update check (200 under go test -short), 200 per ordered pair
//     of versions for Reliability (50 under -short). With these a resource
//     of four API versions runs its generated tests in well under two
//     minutes on two cores. Under the race detector every default is at
//     most 100, and Reliability's at most 25 per pair: the race run looks
//     for data races, not for many objects.
//   - HUBSPOKE_CASES=full: the full counts, 10,000 per version and 1,000
//     per ordered pair, for CI and nightly jobs (without the race
//     detector); a four-version resource then takes several minutes, so
//     raise go test's -timeout with it: HUBSPOKE_CASES=full go test
//     -timeout 30m ./...
//   - HUBSPOKE_UPDATE_GOLDEN=1 (-hubspoke.update-golden): Golden writes its
//     files instead of comparing against them.
//
// The flags are registered by every test binary that imports the package;
// passing -args -hubspoke.… to go test ./... fails in packages that do not
// import it, so prefer the environment variables there.
//
// # Seeds and replay
//
// Each run takes a new seed unless HUBSPOKE_SEED gives one, so every run
// explores new objects; a failure prints its seed and the command that
// replays it. The objects of a run depend only on the seed, not on the
// number of cases, so HUBSPOKE_CASES=<case> stops the replay right at the
// failing case. The failure also names the seed of the case itself, the
// seed the kit built the original, unshrunk object from.
//
//	HUBSPOKE_SEED=7 HUBSPOKE_CASES=10 go test -run '^TestWidgetRoundTrip$/^v1$' ./api/widget
//
// HUBSPOKE_CASES is also how to run more cases than the default, in a
// nightly job for example.
//
// # Regenerating golden files
//
// Run the tests with HUBSPOKE_UPDATE_GOLDEN=1 and review the diff of the
// files before committing them:
//
//	HUBSPOKE_UPDATE_GOLDEN=1 go test ./...
//	go test ./api/person -args -hubspoke.update-golden
package convtest
