package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// The generator's speed, on the real Person example (examples/person/api:
// five API versions and a preview, nested types, hooks, compat staging) and
// on a synthetic
// chain of 20 versions of a resource with about 300 properties across 40
// nested types (evolved from version to version as the random histories
// are). A run is the whole of generate: loading the packages (go/packages),
// building the model, rendering and gofmt'ing every file, writing nothing;
// load-ns/op is the part spent loading packages, cpu-ns/op the CPU time of
// the run and its go list processes. Each also reports the
// lines the generator writes (gen-lines) and the lines of Go the user
// wrote (user-lines).

func BenchmarkGeneratePerson(b *testing.B) {
	benchGenerate(b, filepath.Join("..", "..", "examples", "person", "api"))
}

func BenchmarkGenerateSynthetic(b *testing.B) {
	dir := b.TempDir()
	writeModule(b, dir)
	h := syntheticHistory(20, 300, 40)
	if _, err := h.write(dir); err != nil {
		b.Fatal(err)
	}
	benchGenerate(b, filepath.Join(dir, "api"))
}

func benchGenerate(b *testing.B, api string) {
	out, err := generate(api, options{})
	if err != nil {
		b.Fatal(err)
	}
	gen, user := generatedLines(out), userLines(b, api)
	var loading time.Duration
	cpu := cpuTime()
	for b.Loop() {
		out, err := generate(api, options{})
		if err != nil {
			b.Fatal(err)
		}
		loading += out.loading
	}
	b.ReportMetric(float64(loading.Nanoseconds())/float64(b.N), "load-ns/op")
	b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(gen), "gen-lines")
	b.ReportMetric(float64(user), "user-lines")
}

// cpuTime returns the CPU time (user and system) used so far by this
// process and by its children that have ended (go list, run by
// go/packages): unlike the wall time, it hardly depends on what else the
// machine runs.
func cpuTime() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if err := syscall.Getrusage(who, &ru); err == nil {
			total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	return total
}

func generatedLines(out *output) int {
	n := 0
	for _, b := range out.files {
		n += bytes.Count(b, []byte("\n"))
	}
	return n
}

// userLines counts the lines of the Go files of the API versions that
// neither hubspoke-gen nor controller-gen wrote: types, registration,
// hooks.
func userLines(b *testing.B, api string) int {
	files, err := filepath.Glob(filepath.Join(api, "*", "*.go"))
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		if bytes.Contains(text, []byte("// Code generated")) {
			continue
		}
		n += bytes.Count(text, []byte("\n"))
	}
	return n
}

// syntheticHistory returns a chain of versions stable versions (v1, v2,
// ...) of a resource whose first version has props properties across
// nested struct types (a tree, each type under one property of its
// parent), evolved by the random changes of the random histories from a
// fixed seed.
func syntheticHistory(versions, props, nested int) *history {
	h := &history{r: rand.New(rand.NewPCG(1, 2)), group: "synthetic.example.com", counts: map[string]int{}}
	v := &rVersion{name: "v1", types: map[int]*rType{}}
	h.nextID = idStatus
	v.types[idSpec] = &rType{id: idSpec, name: "WidgetSpec"}
	v.types[idStatus] = &rType{id: idStatus, name: "WidgetStatus"}
	structs := []*rType{v.types[idSpec]}
	for i := range nested {
		parent := structs[i/3]
		id := h.id()
		t := &rType{id: id, name: fmt.Sprintf("T%d", id), level: parent.level + 1}
		v.types[id] = t
		structs = append(structs, t)
		pid := h.id()
		e := &rExpr{kind: rStruct, id: id}
		switch i % 3 {
		case 0:
			e = &rExpr{kind: rPtr, elem: e}
		case 1:
			e = &rExpr{kind: rSlice, elem: e}
		case 2:
			e = &rExpr{kind: rMap, elem: e}
		}
		parent.props = append(parent.props, &rProp{id: pid, name: fmt.Sprintf("P%d", pid), expr: e})
	}
	enum := h.id()
	v.types[enum] = &rType{id: enum, name: fmt.Sprintf("E%d", enum), enum: "string"}
	scalars := []*rExpr{
		{kind: rBasic, basic: "string"}, {kind: rBasic, basic: "int32"}, {kind: rPtr, elem: &rExpr{kind: rBasic, basic: "bool"}},
		{kind: rSlice, elem: &rExpr{kind: rBasic, basic: "string"}}, {kind: rMap, elem: &rExpr{kind: rBasic, basic: "int64"}},
		{kind: rEnum, id: enum},
	}
	for i := nested; i < props; i++ {
		t := structs[i%len(structs)]
		pid := h.id()
		t.props = append(t.props, &rProp{id: pid, name: fmt.Sprintf("P%d", pid), expr: scalars[i%len(scalars)]})
	}
	v.types[idStatus].props = append(v.types[idStatus].props, &rProp{id: h.id(), name: "Ready", expr: &rExpr{kind: rBasic, basic: "bool"}})
	h.versions = append(h.versions, v)
	for i := 2; i <= versions; i++ {
		h.versions = append(h.versions, h.evolve(h.versions[len(h.versions)-1], fmt.Sprintf("v%d", i)))
	}
	return h
}
