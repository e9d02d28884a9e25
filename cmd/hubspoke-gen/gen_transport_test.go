package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnkeyedListLocalsAvoidWalkLocals: the locals of an unkeyed list are
// named after its field (rulesPath, rulesMark, rulesOrder), beside the
// locals that hold the version's value of each field (sRules). A list
// field S would name its path sPath, which is the local of a field Path:
// the list's locals take another name, so that the function builds.
func TestUnkeyedListLocalsAvoidWalkLocals(t *testing.T) {
	api := freshCase(t, "httproute", func(dir string, b []byte) []byte {
		if dir != "v1" && dir != "v2" {
			return b
		}
		return bytes.Replace(b, []byte("type HTTPRouteSpec struct {\n"), []byte("type HTTPRouteSpec struct {\n"+
			"\t// +optional\n\tPath *HTTPRouteMatch `json:\"path,omitempty\"`\n\n"+
			"\t// +optional\n\tS []HTTPRouteRule `json:\"s,omitempty\"`\n\n"), 1)
	}, nil)
	out, err := generate(api, options{})
	if err != nil {
		t.Fatal(err)
	}
	var v1 string
	for path, b := range out.files {
		if strings.HasSuffix(filepath.ToSlash(path), "/v1/zz_generated.conversion.go") {
			v1 = string(b)
		}
	}
	for _, want := range []string{
		"\tsPath = s.Path\n",
		"\tsListPath := path + \".s\"\n",
		"\tsListMark := c.Mark()",
		"boundary.Elements(c, sListPath, sListMark, sS)",
		"\tsListOrder := boundary.Match(r, sListPath, sS)",
		"sListOrder.Path(sListPath, i)",
	} {
		if !strings.Contains(v1, want) {
			t.Errorf("v1's conversion does not hold %q", want)
		}
	}
	if strings.Contains(v1, "\tsPath :=") {
		t.Errorf("v1's conversion declares sPath, the local of field Path, again for list S")
	}
}
