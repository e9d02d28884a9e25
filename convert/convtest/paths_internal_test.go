package convtest

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParsePattern(t *testing.T) {
	for text, want := range map[string]string{
		"spec.parts[*].name":                      "spec.parts[*].name",
		"spec.zones{*}":                           "spec.zones{*}",
		`spec.config["notify-keyspace-events"]`:   `spec.config["notify-keyspace-events"]`,
		`metadata.labels["a.b/c"].x`:              `metadata.labels["a.b/c"].x`,
		`spec.m["say \"hi\"]"].v`:                 `spec.m["say \"hi\"]"].v`,
		"status.conditions[*].lastTransitionTime": "status.conditions[*].lastTransitionTime",
		"spec.targetRefs[0].name":                 "spec.targetRefs[0].name",
		"spec.rules[12]":                          "spec.rules[12]",
	} {
		p, err := parsePattern(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if got := renderPath(p); got != want {
			t.Errorf("%s: parsed as %s", text, got)
		}
	}
	for _, bad := range []string{"", ".spec", "spec.", "spec..x", "spec[*]x", "spec[0", "spec[0x]", "spec[-1]", "spec[0]x", `spec["x`, "spec.{*}"} {
		if _, err := parsePattern(bad); err == nil {
			t.Errorf("%q parses", bad)
		}
	}
}

func TestMapPathFillsWildcards(t *testing.T) {
	old, _ := parsePattern("spec.parts[*].zones{*}.label")
	nw, _ := parsePattern("spec.items[*].regions{*}.name")
	v := &visibility{steps: [][]relation{{{old: old, new: nw}}}}
	path := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "parts"}, {kind: segIndex, index: 2},
		{kind: segField, name: "zones"}, {kind: segKey, name: "west"}, {kind: segField, name: "label"}, {kind: segField, name: "text"}}
	if got := renderPath(v.mapPath(path)); got != `spec.items[2].regions["west"].name.text` {
		t.Errorf("mapped to %s", got)
	}
	if got := renderPath(v.mapPath(path[:3])); got != "spec.parts[2]" {
		t.Errorf("a path the relation does not cover mapped to %s", got)
	}
	// A property at the path another one moves to has no place there.
	shadow := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "items"}, {kind: segIndex, index: 0},
		{kind: segField, name: "regions"}, {kind: segKey, name: "east"}, {kind: segField, name: "name"}}
	if got := v.mapPath(shadow); got != nil {
		t.Errorf("a path a relation takes mapped to %s", renderPath(got))
	}
}

// TestMapPathShadowedUnderRenamedParent: a step that renames a list
// (status.p15 to status.p31) and, in its elements, a property to the name
// of one the older side removed (p29 to p26) takes the removed property's
// value (an older version's p26, which the step's old side has no place
// for) nowhere: the new p26 is the old p29. Compared with the relation's
// new path before the list's rename, the removed p26 slipped past and was
// taken for the new one (a random history, seed 233299790: v3beta1's p26
// expected at v5's p29, through the hub and back).
func TestMapPathShadowedUnderRenamedParent(t *testing.T) {
	parse := func(text string) []seg {
		t.Helper()
		p, err := parsePattern(text)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	v := &visibility{steps: [][]relation{{
		{old: parse("status.p15"), new: parse("status.p31")},
		{old: parse("status.p15[*].p19{*}.p29"), new: parse("status.p31[*].p19{*}.p26")},
	}}}
	path := func(last string) []seg {
		return []seg{{kind: segField, name: "status"}, {kind: segField, name: "p15"}, {kind: segIndex, index: 0},
			{kind: segField, name: "p19"}, {kind: segKey, name: "k"}, {kind: segField, name: last}, {kind: segIndex, index: 1}}
	}
	if got := v.mapPaths(path("p26")); got != nil {
		t.Errorf("the removed p26 mapped to %s, where the step puts p29", renderPath(got[0]))
	}
	for last, want := range map[string]string{
		"p29": `status.p31[0].p19["k"].p26[1]`,
		"p18": `status.p31[0].p19["k"].p18[1]`,
	} {
		if got := renderPath(v.mapPath(path(last))); got != want {
			t.Errorf("%s mapped to %s, want %s", last, got, want)
		}
	}
	// Backwards, the new p26 is the old p29 alone.
	back := v.unmapPaths([]seg{{kind: segField, name: "status"}, {kind: segField, name: "p31"}, {kind: segIndex, index: 0},
		{kind: segField, name: "p19"}, {kind: segKey, name: "k"}, {kind: segField, name: "p26"}})
	if len(back) != 1 || renderPath(back[0]) != `status.p15[0].p19["k"].p29` {
		t.Errorf("the new p26 unmapped to %v", back)
	}
	// A relation that takes the value to a place more specifically than
	// another puts something above it wins: spec.a moved into spec.x.y,
	// while spec.b becomes spec.x.
	more := &visibility{steps: [][]relation{{
		{old: parse("spec.a"), new: parse("spec.x.y")},
		{old: parse("spec.b"), new: parse("spec.x")},
	}}}
	if got := renderPath(more.mapPath(parse("spec.a.z"))); got != "spec.x.y.z" {
		t.Errorf("spec.a.z mapped to %s, want spec.x.y.z", got)
	}
	// A map carried whole keeps a key that another relation moves a field
	// to: v2's tags["host"] is v1's labels["host"], where v2's node goes
	// too (taken backwards, from v2 to v1).
	slice := &visibility{steps: [][]relation{{
		{old: parse("spec.labels"), new: parse("spec.tags")},
		{old: parse(`spec.labels["host"]`), new: parse("spec.node")},
	}}}
	if back := slice.unmapPaths(parse(`spec.tags["host"]`)); len(back) != 1 || renderPath(back[0]) != `spec.labels["host"]` {
		t.Errorf(`spec.tags["host"] unmapped to %v`, back)
	}
}

// TestMapPathElementIndex: a relation may name one element of a list, for a
// value that one version holds once and the next as the first element of a
// list (Gateway API's BackendTLSPolicy: v1alpha2's spec.targetRef is
// v1alpha3's spec.targetRefs[0]): the value maps to that element, and back,
// and the other elements have no place in the older version.
func TestMapPathElementIndex(t *testing.T) {
	old, err1 := parsePattern("spec.targetRef")
	nw, err2 := parsePattern("spec.targetRefs[0]")
	if err := cmpErr(err1, err2); err != nil {
		t.Fatal(err)
	}
	v := &visibility{steps: [][]relation{{{old: old, new: nw}}}}
	p := func(text string) []seg {
		s, err := parsePattern(text)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if got := renderPath(v.mapPath(p("spec.targetRef.name"))); got != "spec.targetRefs[0].name" {
		t.Errorf("spec.targetRef.name mapped to %s", got)
	}
	back := v.unmapPaths(p("spec.targetRefs[0].sectionName"))
	if len(back) != 1 || renderPath(back[0]) != "spec.targetRef.sectionName" {
		t.Errorf("spec.targetRefs[0].sectionName unmapped to %v", back)
	}
	if back := v.unmapPaths(p("spec.targetRefs[1].name")); len(back) != 1 || renderPath(back[0]) != "spec.targetRefs[1].name" {
		t.Errorf("spec.targetRefs[1].name, which no relation moves, unmapped to %v", back)
	}
}

type redisOld struct {
	Config map[string]string `json:"config,omitempty"`
	Engine struct {
		Limits *int32 `json:"limits,omitempty"`
	} `json:"engine"`
}

type redisNew struct {
	NotifyKeyspaceEvents string `json:"notify-keyspace-events,omitempty"`
	Limits               *int32 `json:"limits,omitempty"`
	Placement            struct {
		Zone string `json:"zone"`
	} `json:"placement"`
}

// candidates proposes the moves the check infers: a key of a map become a
// field, one struct up, one struct down.
func TestCandidates(t *testing.T) {
	v := &visibility{src: shapeOf(reflect.TypeFor[redisOld]()), dst: shapeOf(reflect.TypeFor[redisNew]())}
	render := func(cs []move) string {
		var out []string
		for _, c := range cs {
			out = append(out, renderPath(c.path))
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	if got := render(v.candidates([]seg{{kind: segField, name: "config"}, {kind: segKey, name: "notify-keyspace-events"}})); !strings.Contains(got, "notify-keyspace-events") {
		t.Errorf("a key of a map: %s", got)
	}
	if got := render(v.candidates([]seg{{kind: segField, name: "engine"}, {kind: segField, name: "limits"}})); !strings.Contains(got, "limits") || strings.Contains(got, "engine.limits ") {
		t.Errorf("one struct up: %s", got)
	}
	v.src, v.dst = v.dst, v.src
	if got := render(v.candidates([]seg{{kind: segField, name: "limits"}})); got != "engine.limits" {
		t.Errorf("one struct down: %s", got)
	}
}

// A relation whose one side begins with more wildcards gathers the values
// of every element at one place (v1's spec.versions[*].schema, which hooks
// bring back to v1beta1's spec.validation where every version holds the
// same), dropping the first wildcards' values, and does not apply where it
// would spread one value to many places.
func TestMapPathGathersAndDoesNotSpread(t *testing.T) {
	parse := func(text string) []seg {
		t.Helper()
		p, err := parsePattern(text)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	perVersion, top := parse("spec.versions[*].schema"), parse("spec.validation")
	colPerVersion, colTop := parse("spec.versions[*].columns[*].jsonPath"), parse("spec.columns[*].JSONPath")
	// v1 → v1beta1: each relation from v1's side (declared from v1beta1 to
	// v1, taken backwards), and the per-version place to itself.
	gather := &visibility{steps: [][]relation{{
		{old: perVersion, new: top}, {old: perVersion, new: perVersion},
		{old: colPerVersion, new: colTop}, {old: colPerVersion, new: colPerVersion},
	}}}
	render := func(paths [][]seg) []string {
		var out []string
		for _, p := range paths {
			out = append(out, renderPath(p))
		}
		return out
	}
	for path, want := range map[string][]string{
		"spec.versions[3].schema.type":              {"spec.validation.type", "spec.versions[3].schema.type"},
		"spec.versions[3].columns[1].jsonPath":      {"spec.columns[1].JSONPath", "spec.versions[3].columns[1].jsonPath"},
		"spec.versions[3].name":                     {"spec.versions[3].name"},
		"spec.versions[0].columns[2].jsonPath.text": {"spec.columns[2].JSONPath.text", "spec.versions[0].columns[2].jsonPath.text"},
	} {
		if got := render(gather.mapPaths(concrete(t, path))); !slices.Equal(got, want) {
			t.Errorf("gathering, %s mapped to %q, want %q", path, got, want)
		}
	}
	// v1beta1 → v1: the relations spread; the top-level value keeps its
	// path (which v1 does not have), a per-version value its own.
	spread := &visibility{steps: [][]relation{{
		{old: top, new: perVersion}, {old: perVersion, new: perVersion},
		{old: colTop, new: colPerVersion}, {old: colPerVersion, new: colPerVersion},
	}}}
	for path, want := range map[string][]string{
		"spec.validation.type":                 {"spec.validation.type"},
		"spec.columns[1].JSONPath":             {"spec.columns[1].JSONPath"},
		"spec.versions[2].schema.type":         {"spec.versions[2].schema.type"},
		"spec.versions[2].columns[0].jsonPath": {"spec.versions[2].columns[0].jsonPath"},
	} {
		if got := render(spread.mapPaths(concrete(t, path))); !slices.Equal(got, want) {
			t.Errorf("spreading, %s mapped to %q, want %q", path, got, want)
		}
	}
}

// concrete parses a path with indexes, as the check walks them.
func concrete(t *testing.T, text string) []seg {
	t.Helper()
	var out []seg
	for _, part := range strings.Split(text, ".") {
		name, index, ok := strings.Cut(part, "[")
		out = append(out, seg{kind: segField, name: name})
		if ok {
			i, err := strconv.Atoi(strings.TrimSuffix(index, "]"))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, seg{kind: segIndex, index: i})
		}
	}
	return out
}
