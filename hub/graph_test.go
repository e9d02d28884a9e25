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
	if hops, _ := g.Hops("v1", "v1"); hops != 10 {
		t.Errorf("v1 → v1 via hub: %d hops", hops)
	}
	if hops, _ := g.Hops("v5storage", "v5"); hops != 1 {
		t.Errorf("hub → v5: %d hops", hops)
	}
	if p, _ := g.PathToHub("v5storage"); !slices.Equal(p, []string{"v5storage"}) {
		t.Errorf("hub path %v", p)
	}
	if _, err := g.Path("v9", "v1"); !errors.Is(err, ErrUnknownVersion) || !strings.Contains(err.Error(), "v9") {
		t.Errorf("unknown version: %v", err)
	}
	if n, ok := g.Next("v3"); !ok || n != "v3storage" {
		t.Errorf("Next(v3) = %s %v", n, ok)
	}
	if _, ok := g.Next("v5storage"); ok {
		t.Error("hub has a next version")
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
			ErrMultipleHubs, []string{"v2storage", "v3storage", "Person.crm.example.com"}},
		{"no hub", func(s *GraphSpec) { s.Hubs = nil }, ErrNoHub, nil},
		{"orphan version", func(s *GraphSpec) { s.Versions = append(s.Versions, "v0storage") },
			ErrUnreachableHub, []string{"v0storage is not the hub"}},
		{"dangling link", func(s *GraphSpec) { s.Next["v2"] = "v2sotrage" }, ErrDanglingLink, []string{"v2", "v2sotrage"}},
		{"cycle", func(s *GraphSpec) { s.Next["v2storage"] = "v1storage" }, ErrCycle, []string{"v1storage → v2storage → v1storage"}},
		{"hub links onwards", func(s *GraphSpec) { s.Next["v3storage"] = "v1storage" }, ErrHubHasLink, []string{"v3storage"}},
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

func TestGraphUnreachable(t *testing.T) {
	spec := chain(3)
	spec.Next["v9"] = "v1"         // reaches the hub through v1...
	delete(spec.Next, "v2storage") // ...but v2storage now links nowhere
	spec.Versions = []string{"v2storage"}
	_, err := NewGraph(spec)
	if !errors.Is(err, ErrUnreachableHub) {
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
	if n, _ := g.Next("v1"); n != "v1storage" {
		t.Fatal("graph shares its map with the spec")
	}
}
