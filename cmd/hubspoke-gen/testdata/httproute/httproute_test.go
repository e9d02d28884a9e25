// Package httproute_test checks that what v1 cannot show of an element of
// an unkeyed list (a rule's name and timeouts, a backendRef's filters, a
// parent's message) comes back on that element when a client of v1
// reorders the list or removes an element before the last: the generated
// transport names the elements by fingerprint, not by index.
package httproute_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"example.com/fixtures/httproute/api/v1"
	"example.com/fixtures/httproute/api/v2"
	"example.com/fixtures/httproute/api/v2storage"
	"github.com/hubspoke/hubspoke/boundary"
	"k8s.io/utils/ptr"
)

// route is a v2 object whose every element of an unkeyed list holds a
// value v1 cannot show, distinct from every other's, and is told apart
// from the others of its list by what v1 shows.
func route() *v2.HTTPRoute {
	ref := func(name string) v2.HTTPBackendRef {
		return v2.HTTPBackendRef{Name: name, Port: ptr.To[int32](80), Filters: []v2.HTTPRouteFilter{{Type: "RequestHeaderModifier", Header: "x-from-" + name}}}
	}
	rule := func(name string) v2.HTTPRouteRule {
		return v2.HTTPRouteRule{
			Name:        name,
			Timeouts:    &v2.HTTPRouteTimeouts{Request: name + "-timeout"},
			Matches:     []v2.HTTPRouteMatch{{Path: "/" + name}},
			BackendRefs: []v2.HTTPBackendRef{ref(name + "-a"), ref(name + "-b")},
		}
	}
	pointer := func(name string) *v2.HTTPBackendRef { r := ref(name); return &r }
	parent := func(name string) v2.RouteParentStatus {
		return v2.RouteParentStatus{ParentRef: name, ControllerName: "example.com/gateway", Message: "accepted by " + name}
	}
	out := &v2.HTTPRoute{
		Spec: v2.HTTPRouteSpec{
			Hostnames:    []string{"example.com"},
			Rules:        []v2.HTTPRouteRule{rule("first"), rule("second"), rule("third")},
			MirrorGroups: [][]v2.HTTPBackendRef{{ref("m1"), ref("m2")}, {ref("m3"), ref("m4")}},
			Fallbacks:    v2.BackendRefPointers{pointer("f1"), pointer("f2"), pointer("f3")},
		},
		Status: v2.HTTPRouteStatus{Parents: []v2.RouteParentStatus{parent("gw-1"), parent("gw-2"), parent("gw-3")}},
	}
	out.Name, out.Namespace = "route", "default"
	return out
}

// An edit is what a client does to an unkeyed list of the object, as JSON.
type edit struct {
	name  string
	apply func(doc map[string]any)
}

// lists calls change on every list at path in doc, a JSON object: a path
// element "*" stands for every element of the list there.
func lists(doc any, path []string, change func([]any) []any) any {
	if len(path) == 0 {
		l, _ := doc.([]any)
		return change(l)
	}
	if path[0] == "*" {
		l, _ := doc.([]any)
		for i := range l {
			l[i] = lists(l[i], path[1:], change)
		}
		return l
	}
	m, _ := doc.(map[string]any)
	if v, ok := m[path[0]]; ok {
		m[path[0]] = lists(v, path[1:], change)
	}
	return m
}

func reversed(l []any) []any  { slices.Reverse(l); return l }
func firstGone(l []any) []any { return l[1:] }

// edits are, for each unkeyed list at a time, its reversal and the removal
// of its first element. (Moving an element and changing it in the same
// write, as reordering a rule's backendRefs together with the rules would,
// matches nothing: docs/design-unkeyed-lists.md.)
func edits() []edit {
	var out []edit
	for _, path := range [][]string{
		{"spec", "rules"},
		{"spec", "rules", "*", "backendRefs"},
		{"spec", "mirrorGroups"},
		{"spec", "mirrorGroups", "*"},
		{"spec", "fallbacks"},
		{"status", "parents"},
	} {
		for _, change := range []struct {
			name string
			f    func([]any) []any
		}{{"reverse", reversed}, {"remove the first of", firstGone}} {
			out = append(out, edit{change.name + " " + jsonPath(path), func(doc map[string]any) { lists(doc, path, change.f) }})
		}
	}
	return out
}

func jsonPath(path []string) string {
	out := ""
	for _, p := range path {
		if p == "*" {
			out += "[*]"
		} else {
			out += "." + p
		}
	}
	return out[1:]
}

// edited returns in, through JSON, with e applied.
func edited[T any](t *testing.T, in *T, e edit) *T {
	t.Helper()
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	e.apply(doc)
	if data, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	out := new(T)
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatal(err)
	}
	return out
}

// A client of v1 reads a route written at v2, changes one unkeyed list
// and writes it back: read at v2, every element keeps what v1 cannot
// show, as if the same change had been made at v2.
func TestHiddenValuesFollowTheirElements(t *testing.T) {
	for _, e := range append([]edit{{"unchanged", func(map[string]any) {}}}, edits()...) {
		t.Run(e.name, func(t *testing.T) {
			hub := &v2storage.HTTPRoute{}
			if err := route().ConvertTo(hub); err != nil {
				t.Fatal(err)
			}
			read := &v1.HTTPRoute{}
			if err := read.ConvertFrom(hub); err != nil {
				t.Fatal(err)
			}
			sent := edited(t, read, e)
			hub = &v2storage.HTTPRoute{}
			if err := sent.ConvertTo(hub); err != nil {
				t.Fatal(err)
			}
			got := &v2.HTTPRoute{}
			if err := got.ConvertFrom(hub); err != nil {
				t.Fatal(err)
			}
			want := edited(t, route(), e)
			if !reflect.DeepEqual(got.Spec, want.Spec) || !reflect.DeepEqual(got.Status.Parents, want.Status.Parents) {
				gotJSON, _ := json.Marshal(map[string]any{"spec": got.Spec, "parents": got.Status.Parents})
				wantJSON, _ := json.Marshal(map[string]any{"spec": want.Spec, "parents": want.Status.Parents})
				t.Errorf("read at v2 after the edit at v1:\n got %s\nwant %s", gotJSON, wantJSON)
			}
		})
	}
}

// bigRoute is a route at Gateway API's limits of rules (16), each with
// four backendRefs, every element with values v1 cannot show.
func bigRoute() *v2.HTTPRoute {
	out := route()
	rules := out.Spec.Rules
	out.Spec.Rules = nil
	for i := range 16 {
		rule := rules[i%len(rules)]
		rule.Name = fmt.Sprintf("rule-%d", i)
		rule.Matches = []v2.HTTPRouteMatch{{Path: "/" + rule.Name}}
		rule.BackendRefs = append(slices.Clone(rule.BackendRefs), rule.BackendRefs...)
		for j := range rule.BackendRefs {
			rule.BackendRefs[j].Name = fmt.Sprintf("%s-%d", rule.Name, j)
		}
		out.Spec.Rules = append(out.Spec.Rules, rule)
	}
	return out
}

// BenchmarkAtV1: bigRoute's hub converted to v1 (the stash, with the
// fingerprints), and v1 converted back to the hub (the recall, which
// matches them).
func BenchmarkAtV1(b *testing.B) {
	hub := &v2storage.HTTPRoute{}
	if err := bigRoute().ConvertTo(hub); err != nil {
		b.Fatal(err)
	}
	read := &v1.HTTPRoute{}
	if err := read.ConvertFrom(hub.DeepCopy()); err != nil {
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := (&v1.HTTPRoute{}).ConvertFrom(hub.DeepCopy()); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(read.Annotations[boundary.Annotation])), "annotation-bytes")
	})
	b.Run("write", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := read.DeepCopy().ConvertTo(&v2storage.HTTPRoute{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
