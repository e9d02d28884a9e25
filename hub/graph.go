package hub

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Errors wrapped by NewGraph, SelectHub and Graph.Path; test for them with
// errors.Is. The message says which fault it is and names the resource
// and the versions at fault.
var (
	// ErrInvalidGraph: the versions and their links do not make one
	// conversion graph: no version or more than one is marked as the hub
	// (or SelectHub had no versions to choose from), following links from
	// a version comes back to it (the hub linking onwards to a version
	// that leads back to it too), or ends somewhere other than the hub.
	ErrInvalidGraph = errors.New("invalid conversion graph")
	// ErrUnknownVersion: a link or a query names a version the resource does
	// not have.
	ErrUnknownVersion = errors.New("unknown version")
)

// The kinds of ErrInvalidGraph, for the messages and this package's tests.
var (
	errNoHub          = fmt.Errorf("%w: no hub version", ErrInvalidGraph)
	errMultipleHubs   = fmt.Errorf("%w: more than one hub version", ErrInvalidGraph)
	errCycle          = fmt.Errorf("%w: conversion cycle", ErrInvalidGraph)
	errUnreachableHub = fmt.Errorf("%w: version does not reach the hub", ErrInvalidGraph)
)

// Graph is the conversion graph of one resource: every version except the
// hub links to the next version on its way to the hub (an API version to its
// storage twin, a storage version to the next storage version). A Graph
// returned by NewGraph is valid: exactly one hub, every version reaches it,
// no cycles, no dangling links. It is immutable and safe for concurrent use.
type Graph struct {
	resource string
	hub      string
	next     map[string]string
	versions []string // sorted oldest first where names parse, else by name
}

// GraphSpec describes a conversion graph before validation.
type GraphSpec struct {
	// Resource names the resource in error messages, for example
	// "Person.crm.example.com".
	Resource string
	// Versions lists the versions of the resource. Versions named in Hubs and
	// Next are added to it, so it only needs to name versions that may have
	// no link (which makes them orphans unless they are the hub).
	Versions []string
	// Hubs lists the versions marked as the hub; a valid graph has exactly one.
	Hubs []string
	// Next maps each non-hub version to the next version towards the hub.
	Next map[string]string
}

// NewGraph validates spec and returns the graph. The error lists every fault
// found, each naming the resource and the versions involved, and wraps the
// matching sentinel (ErrInvalidGraph, ErrUnknownVersion).
func NewGraph(spec GraphSpec) (*Graph, error) {
	g := &Graph{resource: spec.Resource, next: maps.Clone(spec.Next)}
	if g.next == nil {
		g.next = map[string]string{}
	}
	known := map[string]bool{}
	for _, v := range spec.Versions {
		known[v] = true
	}
	for from := range g.next {
		known[from] = true
	}
	for _, h := range spec.Hubs {
		known[h] = true
	}
	var errs []error
	fail := func(sentinel error, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %w: %s", g.resourceName(), sentinel, fmt.Sprintf(format, args...)))
	}
	hubs := slices.Clone(spec.Hubs)
	slices.Sort(hubs)
	hubs = slices.Compact(hubs)
	switch len(hubs) {
	case 0:
		fail(errNoHub, "exactly one version must be the hub")
	case 1:
		g.hub = hubs[0]
	default:
		fail(errMultipleHubs, "%s are all marked as the hub", strings.Join(hubs, ", "))
	}
	isHub := func(v string) bool { return slices.Contains(hubs, v) }
	for _, from := range slices.Sorted(maps.Keys(g.next)) {
		if to := g.next[from]; !known[to] {
			fail(ErrUnknownVersion, "%s links to %s, which is neither a version of the resource nor the hub", from, to)
		}
	}
	// Walk from every version, and from a hub that links onwards (it must
	// end every chain); report each cycle once and each walk that ends away
	// from the hub.
	reported := map[string]bool{}
	for _, start := range slices.Sorted(maps.Keys(known)) {
		_, linksOn := g.next[start]
		if isHub(start) && !linksOn {
			continue
		}
		seen := map[string]int{}
		path := []string{}
		v := start
		for {
			if at, ok := seen[v]; ok {
				cycle := path[at:]
				key := canonicalCycle(cycle)
				if !reported[key] {
					reported[key] = true
					if h := slices.IndexFunc(cycle, isHub); h >= 0 {
						fail(errCycle, "%s → %s: the hub %s links onwards, but must end every chain", strings.Join(cycle, " → "), v, cycle[h])
					} else {
						fail(errCycle, "%s → %s", strings.Join(cycle, " → "), v)
					}
				}
				break
			}
			seen[v] = len(path)
			path = append(path, v)
			if isHub(v) && v != start {
				break
			}
			to, ok := g.next[v]
			if !ok {
				if len(hubs) == 1 {
					if isHub(start) {
						fail(errUnreachableHub, "the hub %s links onwards, but must end every chain: it stops at %s, which links nowhere (path %s)", start, v, strings.Join(path, " → "))
					} else if start == v {
						fail(errUnreachableHub, "%s is not the hub and links to no other version", v)
					} else {
						fail(errUnreachableHub, "%s stops at %s, which is not the hub and links nowhere (path %s)", start, v, strings.Join(path, " → "))
					}
				}
				break
			}
			if !known[to] {
				break // dangling, reported above
			}
			v = to
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	g.versions = slices.Collect(maps.Keys(known))
	sortVersionNames(g.versions)
	return g, nil
}

// canonicalCycle identifies a cycle regardless of where the walk entered it.
func canonicalCycle(cycle []string) string {
	sorted := slices.Clone(cycle)
	slices.Sort(sorted)
	return strings.Join(sorted, "\x00")
}

// sortVersionNames sorts oldest first when every name parses, else by name.
func sortVersionNames(names []string) {
	parsed := make([]Version, len(names))
	for i, name := range names {
		v, err := ParseVersion(name)
		if err != nil {
			slices.Sort(names)
			return
		}
		parsed[i] = v
	}
	slices.SortFunc(parsed, Version.Compare)
	for i, v := range parsed {
		names[i] = v.String()
	}
}

func (g *Graph) resourceName() string {
	if g.resource == "" {
		return "conversion graph"
	}
	return g.resource
}

// Hub returns the hub version.
func (g *Graph) Hub() string { return g.hub }

// Versions returns every version, the hub included, oldest first.
func (g *Graph) Versions() []string { return slices.Clone(g.versions) }

// Has reports whether version is in the graph.
func (g *Graph) Has(version string) bool {
	_, ok := g.next[version]
	return ok || version == g.hub
}

// pathToHub returns the versions a conversion from version to the hub passes
// through, both ends included.
func (g *Graph) pathToHub(version string) ([]string, error) {
	if !g.Has(version) {
		return nil, fmt.Errorf("%s: %w %q", g.resourceName(), ErrUnknownVersion, version)
	}
	path := []string{version}
	for v := version; v != g.hub; {
		v = g.next[v]
		path = append(path, v)
	}
	return path, nil
}

// Path returns the versions a conversion from one version to another passes
// through: up the chain to the hub, then down to the target. Both ends are
// included, and the hub appears once, so the conversion takes len(path)-1
// steps. For a version not in the graph the error wraps ErrUnknownVersion.
func (g *Graph) Path(from, to string) ([]string, error) {
	up, err := g.pathToHub(from)
	if err != nil {
		return nil, err
	}
	down, err := g.pathToHub(to)
	if err != nil {
		return nil, err
	}
	slices.Reverse(down)
	return append(up, down[1:]...), nil
}

// String renders the graph one chain per line, for logs and error reports.
func (g *Graph) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (hub %s)", g.resourceName(), g.hub)
	for _, v := range g.versions {
		if v == g.hub {
			continue
		}
		fmt.Fprintf(&b, "\n  %s → %s", v, g.next[v])
	}
	return b.String()
}
