package hub

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// chain builds the graph spec of a resource with n API versions v1..vn,
// each linked to its storage twin, storage versions chained, vnstorage the
// hub.
func chain(n int) GraphSpec {
	spec := GraphSpec{Resource: "Person.crm.example.com", Next: map[string]string{}}
	for i := 1; i <= n; i++ {
		spec.Next[fmt.Sprintf("v%d", i)] = fmt.Sprintf("v%dstorage", i)
		if i < n {
			spec.Next[fmt.Sprintf("v%dstorage", i)] = fmt.Sprintf("v%dstorage", i+1)
		}
	}
	spec.Hubs = []string{fmt.Sprintf("v%dstorage", n)}
	return spec
}

func TestGraphPaths(t *testing.T) {
	g, err := NewGraph(chain(5))
	if err != nil {
		t.Fatal(err)
	}
	if g.Hub() != "v5storage" {
		t.Fatalf("hub %s", g.Hub())
	}
	want := []string{"v1", "v1storage", "v2", "v2storage", "v3", "v3storage", "v4", "v4storage", "v5", "v5storage"}
	if !slices.Equal(g.Versions(), want) {
		t.Errorf("versions %v", g.Versions())
	}
	p, err := g.Path("v2", "v4")
	if err != nil {
		t.Fatal(err)
	}
	wantPath := []string{"v2", "v2storage", "v3storage", "v4storage", "v5storage", "v4storage", "v4"}
	if !slices.Equal(p, wantPath) {
		t.Errorf("path %v, want %v", p, wantPath)
	}
	if p, _ := g.Path("v1", "v1"); len(p) != 11 || p[5] != "v5storage" {
		t.Errorf("v1 → v1 goes through the hub: %v", p)
	}
	if p, _ := g.Path("v5storage", "v5"); !slices.Equal(p, []string{"v5storage", "v5"}) {
		t.Errorf("hub → v5: %v", p)
	}
	if p, _ := g.Path("v5storage", "v5storage"); !slices.Equal(p, []string{"v5storage"}) {
		t.Errorf("hub → hub: %v", p)
	}
	for _, from := range []string{"v9", "v5storage"} {
		if _, err := g.Path(from, "v9"); !errors.Is(err, ErrUnknownVersion) || !strings.Contains(err.Error(), `"v9"`) ||
			!strings.Contains(err.Error(), "Person.crm.example.com") {
			t.Errorf("unknown version: %v", err)
		}
	}
	for v, want := range map[string]bool{"v1": true, "v3storage": true, "v5storage": true, "v9": false, "": false} {
		if g.Has(v) != want {
			t.Errorf("Has(%q) = %v", v, !want)
		}
	}
	if !strings.Contains(g.String(), "v4storage → v5storage") {
		t.Errorf("String():\n%s", g)
	}
}

func TestGraphValidation(t *testing.T) {
	cases := []struct {
		name     string
		edit     func(*GraphSpec)
		sentinel error
		mentions []string
	}{
		{"two hubs", func(s *GraphSpec) { delete(s.Next, "v2storage"); s.Hubs = append(s.Hubs, "v2storage") },
			errMultipleHubs, []string{"v2storage, v3storage are all marked as the hub", "Person.crm.example.com"}},
		{"hubs named out of order and twice", func(s *GraphSpec) {
			delete(s.Next, "v2storage")
			s.Hubs = []string{"v3storage", "v2storage", "v3storage"}
		}, errMultipleHubs, []string{": v2storage, v3storage are all marked as the hub"}},
		{"no hub", func(s *GraphSpec) { s.Hubs = nil }, errNoHub, nil},
		{"orphan version", func(s *GraphSpec) { s.Versions = append(s.Versions, "v0storage") },
			errUnreachableHub, []string{"v0storage is not the hub"}},
		{"dangling link", func(s *GraphSpec) { s.Next["v2"] = "v2sotrage" }, ErrUnknownVersion, []string{"v2 links to v2sotrage"}},
		{"cycle", func(s *GraphSpec) { s.Next["v2storage"] = "v1storage" }, errCycle, []string{"v1storage → v2storage → v1storage"}},
		{"hub links onwards", func(s *GraphSpec) { s.Next["v3storage"] = "v1storage" }, errCycle,
			[]string{"v3storage → v1storage → v2storage → v3storage: the hub v3storage links onwards, but must end every chain"}},
		{"hub links to itself", func(s *GraphSpec) { s.Next["v3storage"] = "v3storage" }, errCycle,
			[]string{"v3storage → v3storage: the hub v3storage links onwards"}},
		{"hub links to an orphan", func(s *GraphSpec) { s.Next["v3storage"] = "v0"; s.Versions = append(s.Versions, "v0") }, errUnreachableHub,
			[]string{"the hub v3storage links onwards, but must end every chain: it stops at v0", "v0 is not the hub"}},
		{"hub links to an unknown version", func(s *GraphSpec) { s.Next["v3storage"] = "v9" }, ErrUnknownVersion,
			[]string{"v3storage links to v9"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec := chain(3)
			c.edit(&spec)
			g, err := NewGraph(spec)
			if g != nil || !errors.Is(err, c.sentinel) {
				t.Fatalf("got %v, %v; want %v", g, err, c.sentinel)
			}
			for _, m := range c.mentions {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q does not mention %q", err, m)
				}
			}
		})
	}
}

// TestGraphReportsEachCycleOnce: a cycle is reported once, whichever
// version the walk entered it from.
func TestGraphReportsEachCycleOnce(t *testing.T) {
	spec := chain(3)
	spec.Next["v2storage"] = "v1storage" // walks from v1, v1storage, v2 and v2storage all end in it
	_, err := NewGraph(spec)
	if !errors.Is(err, errCycle) {
		t.Fatalf("got %v", err)
	}
	if n := strings.Count(err.Error(), "conversion cycle"); n != 1 {
		t.Errorf("the cycle is reported %d times:\n%v", n, err)
	}
}

func TestGraphUnreachable(t *testing.T) {
	spec := chain(3)
	spec.Next["v9"] = "v1"         // reaches the hub through v1...
	delete(spec.Next, "v2storage") // ...but v2storage now links nowhere
	spec.Versions = []string{"v2storage"}
	_, err := NewGraph(spec)
	if !errors.Is(err, errUnreachableHub) {
		t.Fatalf("got %v", err)
	}
	for _, m := range []string{"v1 stops at v2storage", "v2 stops at v2storage", "v9 stops at v2storage"} {
		if !strings.Contains(err.Error(), m) {
			t.Errorf("error %q does not mention %q", err, m)
		}
	}
}

func TestGraphDoesNotAliasSpec(t *testing.T) {
	spec := chain(2)
	g, err := NewGraph(spec)
	if err != nil {
		t.Fatal(err)
	}
	spec.Next["v1"] = "v2storage"
	if p, _ := g.Path("v1", "v2storage"); !slices.Equal(p, []string{"v1", "v1storage", "v2storage"}) {
		t.Fatalf("graph shares its map with the spec: path %v", p)
	}
	// A hub named twice (two types of one version) is one hub.
	twice := chain(2)
	twice.Hubs = append(twice.Hubs, twice.Hubs...)
	if g, err := NewGraph(twice); err != nil || g.Hub() != "v2storage" {
		t.Errorf("a hub named twice: %v, %v", g, err)
	}
	// Nor what it returns: a Graph does not change.
	before := slices.Clone(g.Versions())
	g.Versions()[0] = "changed"
	if after := g.Versions(); !slices.Equal(after, before) {
		t.Fatalf("changing what Versions returned changed the graph's versions: %v, then %v", before, after)
	}
	p, _ := g.Path("v1", "v2storage")
	p[0] = "changed"
	if again, _ := g.Path("v1", "v2storage"); again[0] != "v1" {
		t.Fatalf("changing what Path returned changed the graph: %v", again)
	}
}

// TestGraphOtherNames: versions need not be names ParseVersion knows; they
// are then listed by name. A graph without a resource name says so.
func TestGraphOtherNames(t *testing.T) {
	g, err := NewGraph(GraphSpec{Hubs: []string{"latest"}, Next: map[string]string{"old": "older", "older": "latest"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"latest", "old", "older"}; !slices.Equal(g.Versions(), want) {
		t.Errorf("versions %v, want %v", g.Versions(), want)
	}
	// Many such names, so that an order that is not sorted shows.
	names := GraphSpec{Hubs: []string{"a"}, Next: map[string]string{}}
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"} {
		names.Next[n] = "a"
	}
	many, err := NewGraph(names)
	if err != nil {
		t.Fatal(err)
	}
	if got := many.Versions(); !slices.IsSorted(got) || len(got) != 13 {
		t.Errorf("versions %v, want a to m sorted by name", got)
	}
	if want := "conversion graph (hub latest)\n  old → older\n  older → latest"; g.String() != want {
		t.Errorf("String():\n%s\nwant:\n%s", g, want)
	}
	if _, err := g.Path("new", "old"); err == nil || err.Error() != `conversion graph: unknown version "new"` {
		t.Errorf("unknown version: %v", err)
	}
	// NewGraph's errors name an unnamed resource the same way.
	if _, err := NewGraph(GraphSpec{Next: map[string]string{"old": "new"}}); err == nil || !strings.HasPrefix(err.Error(), "conversion graph: ") {
		t.Errorf("invalid graph without a resource name: %v", err)
	}
}

// TestGraphWithoutAHubReportsOnlyThat: without exactly one hub no version
// can reach it, and the error says so once, rather than also reporting
// every chain as ending away from the hub.
func TestGraphWithoutAHubReportsOnlyThat(t *testing.T) {
	spec := chain(3)
	spec.Versions = append(spec.Versions, spec.Hubs...) // a version, no longer the hub
	spec.Hubs = nil
	_, err := NewGraph(spec)
	if !errors.Is(err, errNoHub) {
		t.Fatalf("got %v, want %v", err, errNoHub)
	}
	if errors.Is(err, errUnreachableHub) {
		t.Errorf("a graph without a hub also reports unreachable versions:\n%v", err)
	}
}
