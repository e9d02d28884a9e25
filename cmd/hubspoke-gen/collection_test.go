package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestCollectionThroughStruct: a named list of a version may hold itself
// through a struct of the version (type Nodes []Node, type Node struct{
// Children Nodes }), as a tree does: the generator accepts it, the twin
// declares the list with its own Node, and the step converts both
// properties. Only a type that holds itself through slices and maps alone
// is refused (testdata/_errors/unsupported's Tree): the check that finds it
// forgets what it saw when it enters a struct.
func TestCollectionThroughStruct(t *testing.T) {
	api := freshCase(t, "kitchen", func(dir string, b []byte) []byte {
		if dir != "v1" && dir != "v2" {
			return b
		}
		b = bytes.Replace(b, []byte("type GadgetSpec struct {\n"),
			[]byte("type GadgetSpec struct {\n\t// +optional\n\tTree Nodes `json:\"tree,omitempty\"`\n\n"), 1)
		return append(b, []byte(`
// Nodes are the nodes of a tree.
type Nodes []Node

// Node is a node of a tree.
type Node struct {
	Name string `+"`json:\"name\"`"+`
	// +optional
	Children Nodes `+"`json:\"children,omitempty\"`"+`
}
`)...)
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	v1 := out.chain.versions[0]
	if c := v1.collections["Nodes"]; c == nil || c.ref.String() != "[]Node" {
		t.Fatalf("v1's collection Nodes: got %+v, want []Node", c)
	}
	var twin string
	for path, b := range out.files {
		if strings.HasSuffix(filepath.ToSlash(path), "/v1storage/zz_generated.types.go") {
			twin = string(b)
		}
	}
	if !strings.Contains(twin, "\ntype Nodes []Node\n") || !strings.Contains(twin, "Children Nodes `json:\"children,omitempty\"`") {
		t.Errorf("v1storage does not declare Nodes as a list of its Node, held by Node.Children:\n%s", twin)
	}
	got := describe(out.chain.storage[v1])
	for _, want := range []string{"    Tree: converted\n", "  Node\n    Name: copied\n    Children: converted\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("v1storage → v2storage does not say %q:\n%s", want, got)
		}
	}
}

// TestCollectionKeysThroughPointer: a field that holds a keyed list type
// through a pointer (HostsRef *Hosts, +listMapKey on Hosts) is a list map
// as one that holds it directly, as controller-gen reads the type's
// markers through the pointer: the twin's field carries the keys, by which
// the values kept in the bags of its elements are placed.
func TestCollectionKeysThroughPointer(t *testing.T) {
	api := freshCase(t, "kitchen", func(dir string, b []byte) []byte {
		if dir != "v2" {
			return b
		}
		return bytes.Replace(b, []byte("type GadgetSpec struct {\n"),
			[]byte("type GadgetSpec struct {\n\t// +optional\n\tHostsRef *Hosts `json:\"hostsRef,omitempty\"`\n\n"), 1)
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	var twin string
	for path, b := range out.files {
		if strings.HasSuffix(filepath.ToSlash(path), "/v2storage/zz_generated.types.go") {
			twin = string(b)
		}
	}
	want := "HostsRef *Hosts `json:\"hostsRef,omitempty\" hubspoke:\"listMapKey=name\"`"
	if !strings.Contains(twin, want) {
		t.Errorf("v2storage's HostsRef lacks the list-map keys of Hosts (want %s):\n%s", want, twin)
	}
}
