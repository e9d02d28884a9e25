package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExplainObservesHooks runs the hooks of the Person example (names
// derived from names, an address label split into fields and joined
// back) and requires explain to say where they put each value, in place
// of the bag the generated copy alone would leave it in.
func TestExplainObservesHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the Person example's hooks (about 20 s)")
	}
	dir := filepath.Join("..", "..", "examples", "person", "api")
	out, err := generate(dir, options{})
	if err != nil {
		t.Fatal(err)
	}
	obs, err := observeHooks(out.chain, dir)
	if err != nil {
		t.Fatal(err)
	}
	text := explainObserved(out.chain, "markdown", obs, nil)
	for _, want := range []string{
		"What hooks do is observed:",
		// Stashed by the copy, moved by the hook.
		"| `PersonSpec.FirstName` | `spec.firstName` | stashed | `*string`, not in v3storage; hook: spec.firstName → spec.fullName, spec.knownAs, spec.alphaKey |",
		// Recalled by the copy, filled by the hook.
		"| `PersonSpec.FullName` | `spec.fullName` | recalled | `*string`, not in v2storage; hook: spec.firstName, spec.middleName, spec.lastName → spec.fullName |",
		"Observed: PersonSpec, back from v3storage: hook: spec.fullName → spec.firstName; hook: spec.familyName → spec.lastName.",
		// A staged type's hooks.
		"| `Address.Label` | `spec.residentialAddress.label` | stashed | `*string`, not in v5storage; hook: spec.residentialAddress.label → spec.residentialAddress.street |",
		"Observed: Address, back from v5storage: hook: spec.residentialAddress.street → spec.residentialAddress.label; hook: spec.residentialAddress.suburb → spec.residentialAddress.label;",
		// A hook that parses its values (a date) moves no marker.
		"Observed: PersonSpec, towards v4storage: no marked value lands away from its own path.",
		// Where no hook runs, the bag.
		"| `PersonSpec.MiddleName` | `spec.middleName` | recalled | `*string`, not in v1storage: recalled from the property bag of v1storage |",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("explain lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("explain:\n%s", text)
	}
	// Without observations explain says what the model says.
	if plain := explain(out.chain, "markdown"); strings.Contains(plain, "hook:") || !strings.Contains(plain, "| `PersonSpec.FullName` | `spec.fullName` | recalled | `*string`, not in v2storage: recalled from the property bag of v2storage |") {
		t.Errorf("explain without observations speaks of hooks:\n%s", plain)
	}
	// Hooks that cannot run are named, not hidden.
	if text := explainObserved(out.chain, "text", nil, errors.New("running the hooks: exit status 1\nbuild failed")); !strings.Contains(text, "What the hooks do was not observed: running the hooks: exit status 1\n    build failed\n") {
		t.Errorf("explain does not say the hooks did not run:\n%s", text)
	}
}

// TestObservedMovesLeaveDeclared: what the generated copy moves before the
// hooks run is not the hooks' doing. In endpointslice, v1's zone goes back
// to v1beta1's topology by +hubspoke:movedFrom and topology to
// deprecatedTopology by +hubspoke:renamedFrom; only nodeName → topology is
// the hook's.
func TestObservedMovesLeaveDeclared(t *testing.T) {
	out, err := generate(filepath.Join("testdata", "endpointslice", "api"), options{})
	if err != nil {
		t.Fatal(err)
	}
	s := stepWith(t, out.chain, "v1beta1storage", "Endpoint")
	p := s.byName["Endpoint"]
	hook := landing{Step: "v1beta1storage → v1storage", Type: "Endpoint", From: "nodeName", Into: []string{"nodeName", "topology{*}"}}
	obs := observations{
		obsKey(s.hostName+" → "+s.otherName, "Endpoint", true): {
			{Step: hook.Step, Type: "Endpoint", To: true, From: "topology{*}", Into: []string{"deprecatedTopology{*}"}},
		},
		obsKey(s.hostName+" → "+s.otherName, "Endpoint", false): {
			{Step: hook.Step, Type: "Endpoint", From: "zone", Into: []string{"topology{*}"}},
			hook,
		},
	}
	if got := obs.moved(s, p, true); len(got) != 0 {
		t.Errorf("towards v1storage: %v, want nothing (a rename)", got)
	}
	if got := obs.moved(s, p, false); len(got) != 1 || got[0].From != "nodeName" {
		t.Errorf("back from v1storage: %v, want only the hook's nodeName (zone → topology is the declared move)", got)
	}
}

// TestObservedMovesOfWholeStructs: the values below a struct a marker
// moves whole (the moves case's spec.limits, flattened to limits in v2) land
// where the move puts the struct, which is not the hooks' doing either
// (Cluster API's spec.strategy.type at spec.rollout.strategy.type was
// listed as a hook's).
func TestObservedMovesOfWholeStructs(t *testing.T) {
	out, err := generate(filepath.Join("testdata", "moves", "api"), options{})
	if err != nil {
		t.Fatal(err)
	}
	s := stepWith(t, out.chain, "v1storage", "Widget")
	step := s.hostName + " → " + s.otherName
	hook := landing{Step: step, Type: "Widget", To: true, From: "spec.notes", Into: []string{"settings.notes", "gear.box.ratio"}}
	obs := observations{
		obsKey(step, "Widget", true): {
			{Step: step, Type: "Widget", To: true, From: "spec.limits.cpu", Into: []string{"limits.cpu"}},
			{Step: step, Type: "Widget", To: true, From: "spec.limitsOther", Into: []string{"limits.cpu"}},
			hook,
		},
		obsKey(step, "Widget", false): {
			{Step: step, Type: "Widget", From: "limits.cpu", Into: []string{"spec.limits.cpu"}},
		},
	}
	if got := obs.moved(s, s.byName["Widget"], true); len(got) != 2 || got[0].From != "spec.limitsOther" || got[1].From != "spec.notes" {
		t.Errorf("towards v2storage: %v, want spec.limitsOther (no property below spec.limits) and the hook's spec.notes", got)
	}
	if got := obs.moved(s, s.byName["Widget"], false); len(got) != 0 {
		t.Errorf("back from v2storage: %v, want nothing (limits → spec.limits is the declared move)", got)
	}
}

// TestObserveMarksMapKeys: the observing program marks the keys of the
// maps it fills and finds keys among the values of the result, so that a
// hook that makes a map's keys the values of a field (Azure's
// userAssignedIdentities: ARM IDs that key a map in 2021-05-01 and fill
// a list of references in 2023-02-01), or back, is observed. It runs the
// program's runtime on such a conversion, both ways, without a module of
// API versions.
func TestObserveMarksMapKeys(t *testing.T) {
	main := `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

type Keyed struct {
	IDs  map[string]Empty ` + "`json:\"ids\"`" + `
	Note string           ` + "`json:\"note\"`" + `
}

type Empty struct{}

type Listed struct {
	IDs  []Ref  ` + "`json:\"ids\"`" + `
	Note string ` + "`json:\"note\"`" + `
}

type Ref struct {
	ArmID string ` + "`json:\"armId\"`" + `
}

func main() {
	{
		src, dst := new(Keyed), new(Listed)
		m := fill(reflect.ValueOf(src))
		for k := range src.IDs {
			dst.IDs = append(dst.IDs, Ref{ArmID: k})
		}
		dst.Note = src.Note
		report("a → b", "Keyed", true, m, reflect.ValueOf(dst), nil)
	}
	{
		src, dst := new(Listed), new(Keyed)
		m := fill(reflect.ValueOf(src))
		dst.IDs = map[string]Empty{}
		for _, r := range src.IDs {
			dst.IDs[r.ArmID] = Empty{}
		}
		dst.Note = src.Note
		report("a → b", "Keyed", false, m, reflect.ValueOf(dst), nil)
	}
}
` + observeRuntime
	into := runObserving(t, main)
	for _, want := range []string{
		"true ids{key} → ids[*].armId",
		"false ids[*].armId → ids{key}",
		"true note → note",
		"false note → note",
	} {
		if !slices.Contains(into, want) {
			t.Errorf("observed %q, want among them %q", into, want)
		}
	}
}

// TestObservedRenamesAtDepth: a property renamed below the hooked type
// (apiextensions' printer column, JSONPath in v1beta1 and jsonPath in v1,
// in spec.versions[*].additionalPrinterColumns[*] below the hooked spec)
// is the generated copy's doing, not the hooks'.
func TestObservedRenamesAtDepth(t *testing.T) {
	column := &pair{name: "Column", props: []*prop{
		{host: &field{name: "JSONPath", jsonName: "JSONPath", ref: &typeRef{kind: refBasic}},
			other: &field{name: "JSONPath", jsonName: "jsonPath", ref: &typeRef{kind: refBasic}}, action: actCopy},
		{host: &field{name: "Name", jsonName: "name", ref: &typeRef{kind: refBasic}},
			other: &field{name: "Name", jsonName: "name", ref: &typeRef{kind: refBasic}}, action: actCopy},
	}}
	columns := &typeRef{kind: refSlice, elem: &typeRef{kind: refObject, name: "Column"}}
	version := &pair{name: "Version", props: []*prop{
		{host: &field{name: "Columns", jsonName: "additionalPrinterColumns", ref: columns},
			other: &field{name: "Columns", jsonName: "additionalPrinterColumns", ref: columns}, action: actConvert},
	}}
	versions := &typeRef{kind: refSlice, elem: &typeRef{kind: refObject, name: "Version"}}
	spec := &pair{name: "Spec", hookTo: true, hookFrom: true, props: []*prop{
		{host: &field{name: "Versions", jsonName: "versions", ref: versions},
			other: &field{name: "Versions", jsonName: "versions", ref: versions}, action: actConvert},
	}}
	s := &step{hostName: "v1beta1storage", otherName: "v1storage", byName: map[string]*pair{"Spec": spec, "Version": version, "Column": column}}
	key := func(to bool) string { return obsKey(s.hostName+" → "+s.otherName, "Spec", to) }
	obs := observations{
		key(true): {
			{From: "versions[*].additionalPrinterColumns[*].JSONPath", To: true, Into: []string{"versions[*].additionalPrinterColumns[*].jsonPath"}},
			{From: "versions[*].additionalPrinterColumns[*].name", To: true, Into: []string{"versions[*].additionalPrinterColumns[*].name"}},
		},
		key(false): {
			{From: "versions[*].additionalPrinterColumns[*].jsonPath", Into: []string{"versions[*].additionalPrinterColumns[*].JSONPath"}},
			{From: "versions[*].additionalPrinterColumns[*].name", Into: []string{"additionalPrinterColumns[*].name"}},
		},
	}
	if got := obs.moved(s, spec, true); len(got) != 0 {
		t.Errorf("towards v1storage: %v, want nothing (the copy renames JSONPath)", got)
	}
	if got := obs.moved(s, spec, false); len(got) != 1 || got[0].Into[0] != "additionalPrinterColumns[*].name" {
		t.Errorf("back from v1storage: %v, want only the hook's move of name to the top level", got)
	}
}

// TestObserveShowsIndexOfScalar: a value from outside any list that a
// hook makes an element of one (Gateway API's targetRef, the first of
// v1alpha3's targetRefs) lands at its index, as a convtest relation names
// it (spec.targetRef.name → spec.targetRefs[0].name); a value from an
// element of a list lands at [*], for every element.
func TestObserveShowsIndexOfScalar(t *testing.T) {
	main := `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

type Single struct {
	Ref Ref ` + "`json:\"targetRef\"`" + `
}

type Listed struct {
	Refs []Ref ` + "`json:\"targetRefs\"`" + `
}

type Ref struct {
	Name string ` + "`json:\"name\"`" + `
}

func main() {
	{
		src, dst := new(Single), new(Listed)
		m := fill(reflect.ValueOf(src))
		dst.Refs = []Ref{src.Ref}
		report("a → b", "Single", true, m, reflect.ValueOf(dst), nil)
	}
	{
		src, dst := new(Listed), new(Single)
		m := fill(reflect.ValueOf(src))
		dst.Ref = src.Refs[0]
		report("a → b", "Single", false, m, reflect.ValueOf(dst), nil)
	}
	{
		src, dst := new(Listed), new(Listed)
		m := fill(reflect.ValueOf(src))
		dst.Refs = append([]Ref{{Name: "x"}}, src.Refs...)
		report("a → b", "Listed", true, m, reflect.ValueOf(dst), nil)
	}
}
` + observeRuntime
	into := runObserving(t, main)
	for _, want := range []string{
		"true targetRef.name → targetRefs[0].name",
		"false targetRefs[*].name → targetRef.name",
		// Shifted to the second element: each element still lands in one.
		"true targetRefs[*].name → targetRefs[*].name",
	} {
		if !slices.Contains(into, want) {
			t.Errorf("observed %q, want among them %q", into, want)
		}
	}
}

// runObserving runs an observing program, main, in a module of its own
// and returns its landings as "to from → into,…".
func runObserving(t *testing.T, main string) []string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/observe\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	var into []string
	for _, line := range strings.Split(strings.TrimSpace(string(got)), "\n") {
		var l landing
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		into = append(into, fmt.Sprintf("%v %s → %s", l.To, l.From, strings.Join(l.Into, ",")))
	}
	return into
}

// TestObservedMovesCarryBelow: a declared move carries what lies below
// the moved property, which is not the hooks' doing either: in moves,
// v2 flattens v1's whole struct spec.limits to limits, so its cpu lands
// at limits.cpu; cert-manager's spec.organization[*], a list moved to
// spec.subject.organizations, was named a hook's move by explain. A
// value that lands elsewhere is still the hook's.
func TestObservedMovesCarryBelow(t *testing.T) {
	out, err := generate(filepath.Join("testdata", "moves", "api"), options{})
	if err != nil {
		t.Fatal(err)
	}
	s := stepWith(t, out.chain, "v1storage", "Widget")
	p := s.byName["Widget"]
	step := "v1storage → v2storage"
	obs := observations{
		obsKey(step, "Widget", true): {
			{Step: step, Type: "Widget", To: true, From: "spec.limits.cpu", Into: []string{"limits.cpu"}},
			{Step: step, Type: "Widget", To: true, From: "spec.limitsX", Into: []string{"limits"}},
		},
		obsKey(step, "Widget", false): {
			{Step: step, Type: "Widget", From: "limits.memory", Into: []string{"spec.limits.memory"}},
			{Step: step, Type: "Widget", From: "limits.cpu", Into: []string{"spec.limits.memory"}},
		},
	}
	if got := obs.moved(s, p, true); len(got) != 1 || got[0].From != "spec.limitsX" {
		t.Errorf("towards v2storage: %v, want only spec.limitsX (spec.limits.cpu is the declared move's)", got)
	}
	if got := obs.moved(s, p, false); len(got) != 1 || got[0].From != "limits.cpu" {
		t.Errorf("back from v2storage: %v, want only limits.cpu, which lands away from spec.limits.cpu", got)
	}
}

// stepWith returns the step of c from storage version host, failing t
// unless it has a pair for type typ.
func stepWith(t *testing.T, c *chain, host, typ string) *step {
	t.Helper()
	for _, v := range c.versions {
		if s := c.storage[v]; s != nil && s.hostName == host {
			if s.byName[typ] == nil {
				t.Fatalf("the step from %s has no %s", host, typ)
			}
			return s
		}
	}
	t.Fatalf("no step from %s", host)
	return nil
}

// TestObservedMovesRenamedBelowMovedWhole: a field renamed below a struct
// that a marker moves whole lands where the struct's copy puts it, under
// its new name (the moves case with v2's limits.cpu renamed cpuMillis):
// that is the generated copy's doing, not a hook's. A value that lands
// under the old name is still a hook's.
func TestObservedMovesRenamedBelowMovedWhole(t *testing.T) {
	api := freshCase(t, "moves", func(dir string, b []byte) []byte {
		switch dir {
		case "v2":
			return bytes.Replace(b, []byte("\tCPU string `json:\"cpu,omitempty\"`"), []byte("\t// +hubspoke:renamedFrom=CPU\n\tCPUMillis string `json:\"cpuMillis,omitempty\"`"), 1)
		case "v3":
			return bytes.Replace(b, []byte("\tCPU string `json:\"cpu,omitempty\"`"), []byte("\tCPUMillis string `json:\"cpuMillis,omitempty\"`"), 1)
		}
		return b
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	s := stepWith(t, out.chain, "v1storage", "Widget")
	step := s.hostName + " → " + s.otherName
	obs := observations{
		obsKey(step, "Widget", true): {
			{Step: step, Type: "Widget", To: true, From: "spec.limits.cpu", Into: []string{"limits.cpuMillis"}},
			{Step: step, Type: "Widget", To: true, From: "spec.limits.memory", Into: []string{"limits.cpu"}},
		},
		obsKey(step, "Widget", false): {
			{Step: step, Type: "Widget", From: "limits.cpuMillis", Into: []string{"spec.limits.cpu"}},
		},
	}
	if got := obs.moved(s, s.byName["Widget"], true); len(got) != 1 || got[0].From != "spec.limits.memory" {
		t.Errorf("towards v2storage: %v, want only spec.limits.memory (spec.limits.cpu lands at limits.cpuMillis by the move and the rename)", got)
	}
	if got := obs.moved(s, s.byName["Widget"], false); len(got) != 0 {
		t.Errorf("back from v2storage: %v, want nothing (limits.cpuMillis → spec.limits.cpu is the move and the rename)", got)
	}
}

// TestObserveShowsWrittenConstants: a hook that shows a bool of one
// version as a condition it adds to a list of the other (Cluster API's
// v1alpha3 status.controlPlaneInitialized, v1alpha4's condition
// ControlPlaneInitialized) moves no marker, since bools hold none: the
// values it writes, which hold no marker, are reported as written (explain
// said "no marked value lands away from its own path"). A plain copy
// writes nothing of the kind.
func TestObserveShowsWrittenConstants(t *testing.T) {
	main := `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

type Old struct {
	Initialized bool ` + "`json:\"initialized\"`" + `
	Conditions []Condition ` + "`json:\"conditions\"`" + `
	Replicas *int32 ` + "`json:\"replicas\"`" + `
	Small int8 ` + "`json:\"small\"`" + `
}

type New struct {
	Conditions []Condition ` + "`json:\"conditions\"`" + `
	Replicas *int32 ` + "`json:\"replicas\"`" + `
}

type Condition struct {
	Type string ` + "`json:\"type\"`" + `
	Status string ` + "`json:\"status\"`" + `
	Count int64 ` + "`json:\"count\"`" + `
}

func main() {
	{
		src, dst := new(Old), new(New)
		m := fill(reflect.ValueOf(src))
		dst.Conditions, dst.Replicas = src.Conditions, src.Replicas
		if src.Initialized {
			dst.Conditions = append(dst.Conditions, Condition{Type: "Initialized", Status: "True", Count: 1})
		}
		report("a → b", "Old", true, m, reflect.ValueOf(dst), nil)
	}
	{
		src, dst := new(New), new(Old)
		m := fill(reflect.ValueOf(src))
		dst.Conditions, dst.Replicas = src.Conditions, src.Replicas
		report("a → b", "Old", false, m, reflect.ValueOf(dst), nil)
	}
}
` + observeRuntime
	into := runObserving(t, main)
	want := "true  → conditions[*].type,conditions[*].status,conditions[*].count"
	if !slices.Contains(into, want) {
		t.Errorf("observed %q, want among them %q", into, want)
	}
	for _, l := range into {
		if strings.HasPrefix(l, "false  →") {
			t.Errorf("the plain copy back is reported as writing: %q", l)
		}
	}
}

// TestExplainSaysWhatHooksWrite: explain names the paths where an observed
// hook wrote values that hold no marker, instead of saying that no marked
// value lands away from its own path.
func TestExplainSaysWhatHooksWrite(t *testing.T) {
	out, err := generate(filepath.Join("testdata", "enummap", "api"), options{})
	if err != nil {
		t.Fatal(err)
	}
	s := stepWith(t, out.chain, "v1storage", "WidgetSpec")
	obs := observations{
		obsKey(s.hostName+" → "+s.otherName, "WidgetSpec", true): {
			{Step: s.hostName + " → " + s.otherName, Type: "WidgetSpec", To: true, Into: []string{"color"}},
		},
	}
	text := explainObserved(out.chain, "markdown", obs, nil)
	for _, want := range []string{
		"Observed: WidgetSpec, towards v2storage: hook: writes spec.color (values that hold no marker: constants, or what it derives from others: a bool, a number it formats, text it parses).",
		"Observed: WidgetSpec, back from v2storage: no marked value lands away from its own path.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("explain lacks %q:\n%s", want, text)
		}
	}
}

// TestExplainSaysHooksNameUnobserved: the row of a property that only one
// side has, which the hooks of its type name but no observed marker of
// moves (Cluster API's v1alpha3 controlPlaneInitialized, a bool the hooks
// show as a condition; autoscaling's resource.Quantity targets; person's
// name, split by the hooks, here observing nothing), does not say only
// that it stays in the bag. Without observations, the row is the model's.
func TestExplainSaysHooksNameUnobserved(t *testing.T) {
	out, err := generate(filepath.Join("testdata", "person", "api"), options{})
	if err != nil {
		t.Fatal(err)
	}
	row := "| `PersonSpec.Name` | `spec.name` | stashed | `*string`, not in v2storage: kept in its property bag (removed in v2 on purpose)"
	named := "; the hooks of PersonSpec name it: what they do with it is not observed (bools, bags and types of other packages hold no marker; a hook may act only on values it expects) |"
	if text := explainObserved(out.chain, "markdown", observations{}, nil); !strings.Contains(text, row+named) {
		t.Errorf("explain lacks %q:\n%s", row+named, text)
	}
	if text := explain(out.chain, "markdown"); !strings.Contains(text, row+" |") {
		t.Errorf("explain without observations lacks %q:\n%s", row+" |", text)
	}
}

// TestObserveSetsOneMemberOfAUnion: with the unions of a type declared,
// the hooks run once for each member, on values that set that member
// alone, so that a hook converting a member only when it is the one set
// (Knative's v1alpha1 Service modes) shows where each goes; with every
// member set, it shows none moving. The generated program declares the
// unions with observedUnions (TestObservedUnions).
func TestObserveSetsOneMemberOfAUnion(t *testing.T) {
	program := func(declare string) string {
		return `package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

type Modes struct {
	Latest *Latest ` + "`json:\"latest\"`" + `
	Pinned *Pinned ` + "`json:\"pinned\"`" + `
}

type Latest struct {
	Configuration string ` + "`json:\"configuration\"`" + `
}

type Pinned struct {
	Revision string ` + "`json:\"revision\"`" + `
}

type Route struct {
	ConfigurationName string ` + "`json:\"configurationName\"`" + `
	RevisionName      string ` + "`json:\"revisionName\"`" + `
}

func main() {
	` + declare + `
	for choice = 0; choice < 2; choice++ {
		src, dst := new(Modes), new(Route)
		m := fill(reflect.ValueOf(src))
		switch {
		case src.Latest != nil && src.Pinned == nil:
			dst.ConfigurationName = src.Latest.Configuration
		case src.Pinned != nil && src.Latest == nil:
			dst.RevisionName = src.Pinned.Revision
		}
		report("a → b", "Modes", true, m, reflect.ValueOf(dst), nil)
	}
}
` + observeRuntime
	}
	into := runObserving(t, program(`unions = map[string][][]string{"Modes": {{"Latest", "Pinned"}}}`))
	for _, want := range []string{"true latest.configuration → configurationName", "true pinned.revision → revisionName"} {
		if !slices.Contains(into, want) {
			t.Errorf("observed %q, want among them %q", into, want)
		}
	}
	for _, l := range runObserving(t, program("")) {
		if strings.HasSuffix(l, "Name") {
			t.Errorf("with both members set, the hook moved a value: %q", l)
		}
	}
}

// TestObservedUnions: the unions explain declares to the observing
// program are those of controller-gen's and Kubernetes' markers, by type
// name, members by Go name, with the number of rounds the largest needs.
func TestObservedUnions(t *testing.T) {
	o := &object{name: "Modes", comments: comments{markers: []string{markerExactlyOneOf + "latest;pinned;release"}}}
	for _, n := range []string{"Latest", "Pinned", "Release", "Other"} {
		o.fields = append(o.fields, &field{name: n, jsonName: strings.ToLower(n)})
	}
	c := &chain{versions: []*version{{objects: map[string]*object{"Modes": o}}}}
	groups, rounds := observedUnions(c)
	if want := [][]string{{"Latest", "Pinned", "Release"}}; len(groups) != 1 || !slices.EqualFunc(groups["Modes"], want, slices.Equal) || rounds != 3 {
		t.Errorf("observedUnions = %v, %d; want %v, 3", groups, rounds, want)
	}
	if groups, rounds := observedUnions(&chain{}); len(groups) != 0 || rounds != 1 {
		t.Errorf("without unions: %v, %d", groups, rounds)
	}
}
