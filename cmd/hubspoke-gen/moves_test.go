package main

import (
	"bytes"
	"github.com/google/go-cmp/cmp"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var movedFromLine = regexp.MustCompile(`(?m)^\s*// \+hubspoke:movedFrom=.*\n`)

// withoutMoves is an edit for freshCase that drops every
// +hubspoke:movedFrom marker.
func withoutMoves(_ string, b []byte) []byte { return movedFromLine.ReplaceAll(b, nil) }

// TestMoveProposals: the moves case without its markers. Each property
// that looks moved (spec.limits and spec.notes of v1 in v2, spec.engineName
// as engine, the one property of spec left when the others move, engine and
// limits of v2 gathered into runtime in v3, the key notify-events of
// settings.config in v3) gets a warning naming the marker that declares
// the move, or, with -strict, an error; +hubspoke:notMoved on the added
// property and +hubspoke:removed:notMoved for the removed one silence
// them.
func TestMoveProposals(t *testing.T) {
	api := freshCase(t, "moves", withoutMoves, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"v2 Widget.Engine":               "+hubspoke:movedFrom=spec.engineName on it",
		"v2 Widget.Limits":               "+hubspoke:movedFrom=spec.limits on it",
		"v2 WidgetSettings.Notes":        "+hubspoke:movedFrom=spec.notes on it",
		"v3 WidgetRuntime.Engine":        "+hubspoke:movedFrom=engine on it",
		"v3 WidgetRuntime.Limits":        "+hubspoke:movedFrom=limits on it",
		"v3 WidgetSettings.NotifyEvents": "+hubspoke:movedFrom=settings.config[notify-events] on it",
	}
	for prefix, marker := range want {
		w := warningWith(out, prefix+": new in")
		if !strings.Contains(w, marker) {
			t.Errorf("warning for %s: %q, want it to name %s; the warnings:\n%s", prefix, w, marker, strings.Join(out.warnings, "\n"))
		}
	}
	_, err = generate(api, options{strict: true})
	if err == nil {
		t.Fatal("-strict: no error")
	}
	for prefix, marker := range want {
		if !strings.Contains(err.Error(), prefix+": new in") || !strings.Contains(err.Error(), marker) {
			t.Errorf("-strict: the error does not name %s and %s:\n%v", prefix, marker, err)
		}
	}

	// Answered: notify-events is new; spec's properties went nowhere.
	api = freshCase(t, "moves", func(dir string, b []byte) []byte {
		b = withoutMoves(dir, b)
		switch dir {
		case "v2":
			b = bytes.Replace(b, []byte("// +kubebuilder:subresource:status\n"), []byte("// +kubebuilder:subresource:status\n// +hubspoke:removed:notMoved=Spec\n"), 1)
		case "v3":
			b = bytes.Replace(b, []byte("\tNotifyEvents string"), []byte("\t// +hubspoke:notMoved\n\tNotifyEvents string"), 1)
		}
		return b
	}, nil)
	out, err = generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, prefix := range []string{"v2 Widget.Limits", "v2 WidgetSettings.Notes", "v3 WidgetSettings.NotifyEvents"} {
		if w := warningWith(out, prefix+": new in"); w != "" {
			t.Errorf("answered, still: %s", w)
		}
	}
	if w := warningWith(out, "v3 WidgetRuntime.Engine: new in"); w == "" {
		t.Errorf("an unanswered proposal is gone: %s", strings.Join(out.warnings, "\n"))
	}
}

// TestMoveProposalRenamed: Kubernetes' RuntimeClass flattens spec in
// v1beta1 and renames runtimeHandler handler on the way. Without markers,
// overhead and scheduling are proposed by their JSON names; handler, of
// another name, is proposed as the one property of spec left, of its type,
// when the others move. A newcomer who answers the first warnings
// (+hubspoke:removed=Spec, which the removal's warning offers, and the two
// moves) still gets it: otherwise every client of v1beta1 and v1 would
// read a v1alpha1 object without its handler, and every generated test
// passes (the value waits in a bag, and no relation names it).
func TestMoveProposalRenamed(t *testing.T) {
	const marker = "+hubspoke:movedFrom=spec.runtimeHandler on it"
	out, err := generate(freshCase(t, "runtimeclass", withoutMoves, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	if w := warningWith(out, "v1beta1 RuntimeClass.Handler: new in"); !strings.Contains(w, marker) {
		t.Errorf("without markers: warning %q, want it to name %s; the warnings:\n%s", w, marker, strings.Join(out.warnings, "\n"))
	}
	halfAnswered := func(dir string, b []byte) []byte {
		if dir != "v1beta1" {
			return b
		}
		b = bytes.Replace(b, []byte("\t// +hubspoke:movedFrom=spec.runtimeHandler\n"), nil, 1)
		return bytes.Replace(b, []byte("// +kubebuilder:resource:scope=Cluster\n"), []byte("// +kubebuilder:resource:scope=Cluster\n// +hubspoke:removed=Spec\n"), 1)
	}
	api := freshCase(t, "runtimeclass", halfAnswered, nil)
	out, err = generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	if w := warningWith(out, "v1beta1 RuntimeClass.Handler: new in"); !strings.Contains(w, marker) || !strings.Contains(w, "other properties of spec move") {
		t.Errorf("with spec removed and its other properties moved: warning %q, want it to name %s; the warnings:\n%s", w, marker, strings.Join(out.warnings, "\n"))
	}
	if _, err := generate(api, options{strict: true}); err == nil || !strings.Contains(err.Error(), "v1beta1 RuntimeClass.Handler: new in") {
		t.Errorf("-strict: error %v, want the proposal", err)
	}
	// Two candidates of one type: no guess.
	api = freshCase(t, "runtimeclass", func(dir string, b []byte) []byte {
		b = halfAnswered(dir, b)
		if dir == "v1beta1" {
			b = bytes.Replace(b, []byte("\tHandler string `json:\"handler\"`\n"), []byte("\tHandler string `json:\"handler\"`\n\t// +optional\n\tDescription string `json:\"description,omitempty\"`\n"), 1)
		}
		return b
	}, nil)
	if out, err = generate(api, options{}); err != nil {
		t.Fatal(err)
	}
	for _, w := range out.warnings {
		if strings.Contains(w, "movedFrom=spec.runtimeHandler") {
			t.Errorf("two new strings, one proposed: %s", w)
		}
	}
	// Answered: the real fixture, with every move declared.
	if out, err = generate("testdata/runtimeclass/api", options{strict: true}); err != nil {
		t.Fatal(err)
	} else if len(out.warnings) > 0 {
		t.Errorf("warnings: %s", strings.Join(out.warnings, "\n"))
	}
}

// TestMoveProposalKnownKeys: a key is known to a map when +hubspoke:mapKeys
// lists it, as it is or in the form of a Kubernetes label, prefix/name, for
// a property of JSON name name (EndpointSlice v1's zone was v1beta1's
// topology["topology.kubernetes.io/zone"]); a Go-style name that no marker
// lists is not proposed.
func TestMoveProposalKnownKeys(t *testing.T) {
	rename := func(listed bool) func(string, []byte) []byte {
		return func(dir string, b []byte) []byte {
			b = withoutMoves(dir, b)
			if dir == "v3" {
				b = bytes.ReplaceAll(b, []byte(`json:"notify-events,omitempty"`), []byte(`json:"notifyEvents,omitempty"`))
				b = bytes.Replace(b, []byte("\tNotifyEvents string"), []byte("\tZone string `json:\"zone,omitempty\"`\n\t// +optional\n\tNotifyEvents string"), 1)
			}
			if dir == "v2" && listed {
				b = bytes.Replace(b, []byte("\tConfig map"), []byte("\t// +hubspoke:mapKeys=maxMemory,notifyEvents,topology.kubernetes.io/zone\n\tConfig map"), 1)
			}
			return b
		}
	}
	out, err := generate(freshCase(t, "moves", rename(false), nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, prefix := range []string{"v3 WidgetSettings.NotifyEvents: new in", "v3 WidgetSettings.Zone: new in"} {
		if w := warningWith(out, prefix); w != "" {
			t.Errorf("a key no marker lists is proposed: %s", w)
		}
	}
	out, err = generate(freshCase(t, "moves", rename(true), nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	if w := warningWith(out, "v3 WidgetSettings.NotifyEvents: new in"); !strings.Contains(w, "+hubspoke:movedFrom=settings.config[notifyEvents]") {
		t.Errorf("a key +hubspoke:mapKeys lists: warning %q", w)
	}
	if w := warningWith(out, "v3 WidgetSettings.Zone: new in"); !strings.Contains(w, `+hubspoke:movedFrom=settings.config["topology.kubernetes.io/zone"] on it`) ||
		!strings.Contains(w, `may hold the key "topology.kubernetes.io/zone"`) {
		t.Errorf("a label-style key +hubspoke:mapKeys lists: warning %q; the warnings:\n%s", w, strings.Join(out.warnings, "\n"))
	}
}

// TestMoveProposalKeyNear: a key of a free-form map is proposed only for a
// property as near as a removed property would be: a status property new
// in v3 whose JSON name a spec map may hold is not (an ARM resource's
// spec.tags may hold any key, and a client never writes the status
// through the spec).
func TestMoveProposalKeyNear(t *testing.T) {
	out, err := generate(freshCase(t, "moves", func(dir string, b []byte) []byte {
		b = withoutMoves(dir, b)
		if dir == "v3" {
			b = bytes.Replace(b, []byte("\tReady bool"), []byte("\tMaxMemory string `json:\"max-memory,omitempty\"`\n\t// +optional\n\tReady bool"), 1)
		}
		return b
	}, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	if w := warningWith(out, "v3 WidgetStatus.MaxMemory: new in"); w != "" {
		t.Errorf("a status property is proposed as a key of a spec map: %s", w)
	}
	if w := warningWith(out, "v3 WidgetSettings.NotifyEvents: new in"); w == "" {
		t.Errorf("the key of settings.config is no longer proposed: %s", strings.Join(out.warnings, "\n"))
	}
}

// TestMoveProposalNearestMap: of the free-form maps that may hold a key,
// the proposal names the one nearest the new property: Redis 2023-04-01's
// notify-keyspace-events was a key of redisConfiguration.additionalProperties
// (the same struct), not of spec.tags (a struct up), which comes first.
func TestMoveProposalNearestMap(t *testing.T) {
	out, err := generate(freshCase(t, "redis", withoutMoves, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	for typ, want := range map[string]string{
		"RedisCreateProperties_RedisConfiguration":  "+hubspoke:movedFrom=spec.redisConfiguration.additionalProperties[notify-keyspace-events] on it",
		"RedisProperties_RedisConfiguration_STATUS": "+hubspoke:movedFrom=status.redisConfiguration.additionalProperties[notify-keyspace-events] on it",
	} {
		if w := warningWith(out, "v1api20230401 "+typ+".NotifyKeyspaceEvents: new in"); !strings.Contains(w, want) {
			t.Errorf("the proposal for %s.NotifyKeyspaceEvents: %q, want it to name %s", typ, w, want)
		}
	}
}

// TestMoveMarkerHints: a movedFrom path that names a Go field, or a map's
// key as a property, is an error that says how to write it.
func TestMoveMarkerHints(t *testing.T) {
	for marker, want := range map[string]string{
		"spec.RedisConfiguration.additionalProperties[storage-subscription-id]": `spec has no property "RedisConfiguration" (Redis_Spec): paths take JSON names; its field RedisConfiguration is "redisConfiguration"`,
		"spec.redisConfiguration.additionalProperties.storage-subscription-id":  `spec.redisConfiguration.additionalProperties is a map, not a struct: name its key "storage-subscription-id" as spec.redisConfiguration.additionalProperties[storage-subscription-id]`,
	} {
		_, err := generate(freshCase(t, "redis", func(dir string, b []byte) []byte {
			return bytes.Replace(b, []byte("movedFrom=spec.redisConfiguration.additionalProperties[storage-subscription-id]"), []byte("movedFrom="+marker), 1)
		}, nil), options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("+hubspoke:movedFrom=%s: error %v, want it to say %s", marker, err, want)
		}
	}
}

// TestMoveMarkerListHints: a movedFrom path inside the elements of a list
// that names them as a struct, by index or by empty brackets (as a user
// porting DRA's ResourceClaim writes spec.devices.requests.count for
// v1beta2's spec.devices.requests[*].exactly.count) is an error that
// names the elements with [*], not one that speaks of map keys.
func TestMoveMarkerListHints(t *testing.T) {
	for marker, want := range map[string]string{
		"spec.devices.basic.attributes":    "v1beta1: spec.devices is a list, not a struct: a move inside its elements names them [*], as spec.devices[*].basic.attributes",
		"spec.devices[0].basic.attributes": `"spec.devices[0].basic.attributes": a map key must be the last step of the path; a move inside the elements of a list, or the values of a map, names them [*], not one of them (spec.devices[*].basic.attributes)`,
		"spec.devices[].basic.attributes":  `"spec.devices[].basic.attributes": [] names nothing: the elements of a list, or the values of a map, are [*] (spec.devices[*].basic.attributes)`,
		"spec.devices[0]":                  "v1beta1: spec.devices is a list, not a map: a move takes no single element; it moves a property of every element, as spec.devices[*].<property>",
		"spec.pool[0]":                     "v1beta1: spec.pool is not a map of plain values",
	} {
		_, err := generate(freshCase(t, "resourceslice", func(dir string, b []byte) []byte {
			return bytes.Replace(b, []byte("movedFrom=spec.devices[*].basic.attributes"), []byte("movedFrom="+marker), 1)
		}, nil), options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("+hubspoke:movedFrom=%s: error %v, want it to say %s", marker, err, want)
		}
	}
}

// TestMoveProposalHookedAdded: a property new in a type whose hooks run in
// the step is placed by them (the redis fixture's aad-enabled, which the
// hooks of v1api20230401storage take out of a bag), as a removed one is:
// no proposal, no +hubspoke:notMoved needed.
func TestMoveProposalHookedAdded(t *testing.T) {
	out, err := generate("testdata/redis/api", options{strict: true})
	if err != nil {
		t.Fatalf("-strict, without +hubspoke:notMoved on a property its type's hooks place: %v", err)
	}
	if w := warningWith(out, "AadEnabled: new in"); w != "" {
		t.Errorf("proposed: %s", w)
	}
}

// TestMovesFromMetadata: movedProperties in the metadata file say what the
// markers say: the same conversions and the same explain output.
func TestMovesFromMetadata(t *testing.T) {
	marked, err := generate(freshCase(t, "moves", nil, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	api := freshCase(t, "moves", withoutMoves, nil)
	md := filepath.Join(t.TempDir(), "metadata.yaml")
	if err := os.WriteFile(md, []byte(`versions:
  v2:
    movedProperties:
      Widget.Engine: spec.engineName
      Widget.Limits: spec.limits
      WidgetSettings.Notes: spec.notes
  v3:
    movedProperties:
      Widget.Ratio: gear.box.ratio
      Widget.Turbo: tuning.turbo
      WidgetRuntime.Engine: engine
      WidgetRuntime.Limits: limits
      WidgetSettings.NotifyEvents: settings.config[notify-events]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile, err := generate(api, options{metadata: md})
	if err != nil {
		t.Fatal(err)
	}
	if len(fromFile.warnings) != 0 {
		t.Errorf("warnings: %s", strings.Join(fromFile.warnings, "\n"))
	}
	// The explain output names the markers' source only in the move's
	// detail, and the storage conversions are the same but for the
	// import paths of the copies.
	if a, b := explain(marked.chain, "text"), explain(fromFile.chain, "text"); a != b {
		t.Errorf("explain differs:\n%s\n---\n%s", a, b)
	}
	norm := func(out *output, name string) string {
		for p, b := range out.files {
			if strings.HasSuffix(filepath.ToSlash(p), name) {
				return regexp.MustCompile(`example\.com/fixtures/[^/"]+/`).ReplaceAllString(string(b), "example.com/fixtures/X/")
			}
		}
		t.Fatalf("no file %s", name)
		return ""
	}
	for _, name := range []string{"v1storage/zz_generated.conversion.go", "v2storage/zz_generated.conversion.go"} {
		if a, b := norm(marked, name), norm(fromFile, name); a != b {
			t.Errorf("%s differs with movedProperties:\n%s", name, cmp.Diff(a, b))
		}
	}
}

// TestMoveErrors: moves the generator cannot write are errors naming the
// marker and what is wrong.
func TestMoveErrors(t *testing.T) {
	for _, tc := range []struct {
		name, dir, from, to, want string
	}{
		{"no such path", "v2", "movedFrom=spec.engineName", "movedFrom=spec.engine",
			`v2 Widget.Engine: +hubspoke:movedFrom=spec.engine: v1: spec has no property "engine" (WidgetSpec)`},
		{"through a scalar", "v2", "movedFrom=spec.engineName", "movedFrom=spec.engineName.x",
			"v1: spec.engineName is not a struct"},
		{"types", "v2", "movedFrom=spec.notes", "movedFrom=spec.limits",
			"spec.limits is Limits in v1 and settings.notes is string in v2: the types do not convert"},
		{"syntax", "v2", "movedFrom=spec.notes", "movedFrom=spec..notes", "empty field name"},
		// Cluster API's v1alpha3 spec.clusterName was v1alpha2's label
		// cluster.x-k8s.io/cluster-name: the error said "the root has no
		// property "metadata"", as if a path could not name it by mistake.
		{"metadata", "v2", "movedFrom=spec.notes", "movedFrom=metadata.labels[example.com/notes]",
			"v1: metadata is the object's metadata, which every version holds as it is (a label or an annotation stays in it at every version), not a property of the version's types: " +
				"no marker moves a value out of it or into it; a hook pair on the kind's root type, which sees the metadata, does (AssignPropertiesTo(dst *v2storage.Widget) error and AssignPropertiesFrom(src *v2storage.Widget) error on v1storage.Widget in a *_hooks.go file)"},
		{"key not last", "v3", "movedFrom=settings.config[notify-events]", "movedFrom=settings.config[notify-events].x",
			"a map key must be the last step of the path"},
		{"key of a struct", "v3", "movedFrom=settings.config[notify-events]", "movedFrom=settings[notify-events]",
			"v2: settings is not a map of plain values"},
		{"still there", "v3", "movedFrom=settings.config[notify-events]", "movedFrom=settings.notes",
			"both v2storage and v3storage have settings.notes: a move is to a property the previous version does not have at that place; " +
				"where the previous version's property there moves elsewhere in turn (a swap), move both in a hook pair"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api := freshCase(t, "moves", func(dir string, b []byte) []byte {
				if dir == tc.dir {
					b = bytes.Replace(b, []byte(tc.from), []byte(tc.to), 1)
				}
				return b
			}, nil)
			_, err := generate(api, options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestMoveProposalOutOfMovedWhole: the _errors/movedwhole case without the
// markers it refuses. Its remediation, moved out of spec.strategy, which
// moves whole, looks moved, and is; but the proposal asks for the hook
// pair that moves it, not for the marker that the generator would refuse.
func TestMoveProposalOutOfMovedWhole(t *testing.T) {
	api := freshCase(t, filepath.Join("_errors", "movedwhole"), func(_ string, b []byte) []byte {
		b = bytes.Replace(b, []byte("\t// +hubspoke:movedFrom=spec.strategy.remediation\n"), nil, 1)
		return bytes.Replace(b, []byte("\t// +hubspoke:movedFrom=spec.strategy.rolling.deletePolicy\n"), nil, 1)
	}, nil)
	_, err := generate(api, options{strict: true})
	if err == nil {
		t.Fatal("generated, want the proposals as errors")
	}
	for _, want := range []string{
		"v2 WidgetSpec.Remediation: new in v2 (at spec.remediation), but v1 has a struct of its JSON name and type at spec.strategy.remediation, which v2 removes, " +
			"and spec.strategy moves whole (v2 Rollout.Strategy: +hubspoke:movedFrom=spec.strategy): no marker moves a value into or out of a struct that moves; " +
			"if its value moved, move it in a hook pair on the type of v1storage that holds both spec.strategy.remediation and spec.remediation",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "say so with // +hubspoke:movedFrom=spec.strategy.remediation") {
		t.Errorf("proposes the marker the generator refuses:\n%v", err)
	}
}

// TestMovePaths: the paths of +hubspoke:movedFrom read and print back as
// explain writes them.
func TestMovePaths(t *testing.T) {
	for _, p := range []string{"spec.engineName", "spec.devices[*].basic.attributes", "spec.zones{*}.name", "spec.config[notify-keyspace-events]", `spec.config["a b"]`} {
		segs, err := parseMovePath(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		got := pathString(segs)
		if p == "spec.zones{*}.name" {
			p = "spec.zones[*].name" // elements of lists and values of maps print alike
		}
		if got != p {
			t.Errorf("%s printed back as %s", p, got)
		}
	}
	for _, p := range []string{"", "[*]", "spec.[*]", "spec[", `spec["a]`, "spec[]", "spec[a]b", "spec..x"} {
		if _, err := parseMovePath(p); err == nil {
			t.Errorf("%q: no error", p)
		}
	}
	if !slices.Equal(mustParse("a.b"), []pathSeg{{name: "a"}, {name: "b"}}) {
		t.Error("a.b")
	}
}

// TestDeclaredMoves: the moves a version declares, as paths, for the
// checks that want them.
func TestDeclaredMoves(t *testing.T) {
	out, err := generate("testdata/moves/api", options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]movedPath{}
	for _, v := range out.chain.versions {
		got[v.name] = declaredMoves(v)
	}
	want := map[string][]movedPath{
		"v1": nil,
		"v2": {{"Widget", "spec.engineName", "engine"}, {"Widget", "spec.limits", "limits"}, {"Widget", "spec.notes", "settings.notes"}},
		"v3": {{"Widget", "gear.box.ratio", "ratio"}, {"Widget", "tuning.turbo", "turbo"}, {"Widget", "engine", "runtime.engine"}, {"Widget", "limits", "runtime.limits"}, {"Widget", "settings.config[notify-events]", "settings.notify-events"}},
	}
	for v, w := range want {
		if !slices.Equal(got[v], w) {
			t.Errorf("%s: %v, want %v", v, got[v], w)
		}
	}
}

// TestMovesMetadataErrors: a movedProperties entry that is not
// Type.Property, or that contradicts the field's marker, is an error.
func TestMovesMetadataErrors(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"versions:\n  v2:\n    movedProperties:\n      Widget: spec.engineName\n", "movedProperties: Widget: want Type.Property: old.json.path"},
		{"versions:\n  v2:\n    movedProperties:\n      Widget.Engine: spec.notes\n", "the field's marker says +hubspoke:movedFrom=spec.engineName"},
		{"versions:\n  v2:\n    movedProperties:\n      Widget.Nothing: spec.notes\n", "v2 has no property Widget.Nothing"},
		{"versions:\n  v1:\n    movedProperties:\n      WidgetSpec.Notes: spec.engineName\n", "v1 is the oldest version"},
	} {
		md := filepath.Join(t.TempDir(), "metadata.yaml")
		if err := os.WriteFile(md, []byte(tc.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := generate("testdata/moves/api", options{metadata: md})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.yaml, err, tc.want)
		}
	}
}

// TestMoveMarkerCopiedForward: a +hubspoke:movedFrom copied forward with
// its type into the next version (whose previous version already has the
// property there, and nothing at the old path) has done its work: the
// same conversions as without it, no error.
func TestMoveMarkerCopiedForward(t *testing.T) {
	plain, err := generate(freshCase(t, "moves", nil, nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	api := freshCase(t, "moves", func(dir string, b []byte) []byte {
		if dir == "v3" {
			b = bytes.Replace(b, []byte("\t// +optional\n\tNotes string"), []byte("\t// +hubspoke:movedFrom=spec.notes\n\t// +optional\n\tNotes string"), 1)
		}
		return b
	}, nil)
	copied, err := generate(api, options{})
	if err != nil {
		t.Fatalf("a marker copied forward: %v", err)
	}
	if a, b := explain(plain.chain, "text"), explain(copied.chain, "text"); a != b {
		t.Errorf("explain differs with a marker copied forward:\n%s\n---\n%s", a, b)
	}
}

// TestNearPlaces: moves are proposed between places one struct apart
// (flatten, nest, sibling structs), not between a spec property and a
// status one, or between members of different elements of a union, which
// share JSON names and types in real APIs (autoscaling's averageValue in
// the object, pods and external metric sources, and in their statuses).
func TestNearPlaces(t *testing.T) {
	for _, c := range []struct {
		from, to string
		want     bool
	}{
		{"spec.engineName", "engineName", true}, // flatten
		{"limits", "spec.limits", true},         // nest
		{"spec.a.x", "spec.b.x", true},          // siblings
		{"spec.metrics[*].object.averageValue", "spec.metrics[*].object.target.averageValue", true}, // nest in a list element
		{"spec.metrics[*].object.averageValue", "spec.metrics[*].pods.target.averageValue", false},
		{"spec.metrics[*].object.averageValue", "status.currentMetrics[*].object.current.averageValue", false},
		{"spec.x", "status.x", false},
	} {
		if got := near(c.from, c.to); got != c.want {
			t.Errorf("near(%q, %q) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

// TestMoveProposalSingularToList: a version that removes a property and
// adds a list under the plural of its JSON name (Gateway API's
// BackendTLSPolicy: v1alpha2's spec.targetRef, one reference, is the first
// of v1alpha3's spec.targetRefs) gets a warning, with -strict an error,
// that asks for a hook pair: no marker places a value in an element of a
// list, and without hooks every value written at the old version waits in a
// bag, where no client of the new one sees it, while every generated test
// passes. +hubspoke:notMoved on the list answers it, and so do hooks on the
// type that holds both.
func TestMoveProposalSingularToList(t *testing.T) {
	edit := func(notMoved bool) func(string, []byte) []byte {
		return func(dir string, b []byte) []byte {
			switch dir {
			case "v1":
				b = bytes.Replace(b, []byte("\tOldTags []string"), []byte("\tOwner *Owner `json:\"owner,omitempty\"`\n\t// +optional\n\tTag string `json:\"tag,omitempty\"`\n\t// +optional\n\tOldTags []string"), 1)
				b = append(b, []byte("\n// Owner owns a widget.\ntype Owner struct {\n\t// +optional\n\tEmail string `json:\"email,omitempty\"`\n}\n")...)
			case "v2":
				b = bytes.Replace(b, []byte("\tOwner *Owner `json:\"owner,omitempty\"`"), []byte("\tOwners []Owner `json:\"owners,omitempty\"`"), 1)
				if notMoved {
					b = bytes.Replace(b, []byte("\tOwners []Owner"), []byte("\t// +hubspoke:notMoved\n\tOwners []Owner"), 1)
					b = bytes.Replace(b, []byte("\tTags []string"), []byte("\t// +hubspoke:notMoved\n\tTags []string"), 1)
				}
			}
			return b
		}
	}
	api := freshCase(t, "added", edit(false), nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"v2 WidgetSpec.Owners: new in v2 (at spec.owners), a list": {"v1 has a struct at spec.owner", "hook pair on v1storage.WidgetSpec", "+hubspoke:notMoved"},
		"v2 WidgetSpec.Tags: new in v2 (at spec.tags), a list":     {"v1 has a property at spec.tag"},
	}
	for prefix, parts := range want {
		w := warningWith(out, prefix)
		for _, p := range parts {
			if !strings.Contains(w, p) {
				t.Errorf("warning for %s: %q, want it to say %q; the warnings:\n%s", prefix, w, p, strings.Join(out.warnings, "\n"))
			}
		}
	}
	if _, err := generate(api, options{strict: true}); err == nil || !strings.Contains(err.Error(), "v2 WidgetSpec.Owners: new in v2 (at spec.owners), a list") {
		t.Errorf("-strict: error %v, want the proposal", err)
	}
	out, err = generate(freshCase(t, "added", edit(true), nil), options{})
	if err != nil {
		t.Fatal(err)
	}
	for prefix := range want {
		if w := warningWith(out, prefix); w != "" {
			t.Errorf("answered with +hubspoke:notMoved, still: %s", w)
		}
	}
}

// TestPluralOf: the plurals a singular property's list is looked for under.
func TestPluralOf(t *testing.T) {
	for _, c := range []struct {
		one, plural string
		want        bool
	}{
		{"targetRef", "targetRefs", true},
		{"address", "addresses", true},
		{"policy", "policies", true},
		{"tag", "tags", true},
		{"tag", "oldTags", false},
		{"owners", "owners", false},
		{"", "s", false},
	} {
		if got := pluralOf(c.one, c.plural); got != c.want {
			t.Errorf("pluralOf(%q, %q) = %v, want %v", c.one, c.plural, got, c.want)
		}
	}
}

// TestMovedFromPairedByGoName: a movedFrom that names what the step does
// anyway, a property whose JSON name changes under the same Go name
// (core/v1 Event's ReportingController is reportingComponent in JSON,
// events.k8s.io's reportingController), is refused as needless, naming
// both: the other version has no property at the old path, so the error
// of a move to a place both versions have ("both v1storage and
// v2beta1storage have reportingComponent") was wrong.
func TestMovedFromPairedByGoName(t *testing.T) {
	api := freshCase(t, "events", func(dir string, b []byte) []byte {
		if dir != "v2beta1" {
			return b
		}
		return bytes.Replace(b, []byte("\tReportingController string"), []byte("\t// +hubspoke:movedFrom=reportingComponent\n\tReportingController string"), 1)
	}, nil)
	_, err := generate(api, options{})
	want := "v2beta1 Event.ReportingController: +hubspoke:movedFrom=reportingComponent: v1storage's reportingComponent (ReportingController) is " +
		"v2beta1storage's reportingController (ReportingController) already, the two paired by their Go name: a JSON name that changes needs no marker; remove it"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want %q", err, want)
	}
	if strings.Contains(err.Error(), "both v1storage and v2beta1storage have") {
		t.Errorf("error %v says both versions have the old path", err)
	}
}
