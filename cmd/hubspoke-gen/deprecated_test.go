package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTwinDocNotDeprecated: a field whose doc says "Deprecated:" (Flux
// HelmRelease's spec.chart.spec.valuesFile, in v2beta1 and v2beta2) keeps
// its doc in the storage twins, but not as a deprecation: each twin's
// generated conversion (and the hooks of the twin farther from the hub)
// uses the next twin's field, from another package, and staticcheck
// reported every such use (SA1019) in the project's generated code.
func TestTwinDocNotDeprecated(t *testing.T) {
	dir := filepath.Join("testdata", "deprecated")
	out, err := generateCase(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, twin := range []string{"v1storage", "v2storage"} {
		path := mustAbs(t, filepath.Join(dir, "api", twin, "zz_generated.types.go"))
		text, ok := out.files[path]
		if !ok {
			t.Fatalf("%s: not generated", path)
		}
		if strings.Contains(string(text), "// Deprecated:") {
			t.Errorf("%s says a field is deprecated:\n%s", path, text)
		}
		if !strings.Contains(string(text), "// Deprecated in the API version: use ValuesFiles.") {
			t.Errorf("%s lost the deprecation of the API version's field:\n%s", path, text)
		}
	}
}
