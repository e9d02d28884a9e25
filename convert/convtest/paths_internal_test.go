package convtest

import (
	"reflect"
	"slices"
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
	for _, bad := range []string{"", ".spec", "spec.", "spec..x", "spec[*]x", "spec[0]", `spec["x`, "spec.{*}"} {
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
	render := func(cs [][]seg) string {
		var out []string
		for _, c := range cs {
			out = append(out, renderPath(c))
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
