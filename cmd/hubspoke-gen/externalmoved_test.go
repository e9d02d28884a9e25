package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestExternalTypeMovedPackage: a property of a type of another package
// that moved to another package under the same name and shape
// (apiextensions.k8s.io's v1beta1.JSON in kitchen's v1, v1.JSON in v2: the
// config of cert-manager's webhook solver in v1alpha3 and v1beta1) is
// converted by a Go conversion, not kept in each side's bag for a hook
// that would only copy it (the note asked for one, and a value written at
// one version never reached the other's field). Types of one shape and
// different names (metav1.Time, metav1.MicroTime, whose JSON differ) still
// change type.
func TestExternalTypeMovedPackage(t *testing.T) {
	fresh := freshCase(t, "kitchen", nil, nil)
	out, err := generate(fresh, options{})
	if err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(out.notes, func(n string) bool { return strings.Contains(n, "GadgetSpec.Extra") }); i >= 0 {
		t.Errorf("a note names GadgetSpec.Extra, a type that moved package:\n%s", out.notes[i])
	}
	conv := string(out.files[filepath.Join(mustAbs(t, fresh), "v1storage", "zz_generated.conversion.go")])
	if !strings.Contains(conv, "*to = apiextensionsv1.JSON(*from)") || !strings.Contains(conv, "*to = v1beta1.JSON(*from)") {
		t.Errorf("v1storage's conversion does not convert Extra both ways:\n%s", conv)
	}

	api := freshCase(t, "kitchen", func(dir string, b []byte) []byte {
		if dir == "v2" {
			b = bytes.Replace(b, []byte("ObservedAt *metav1.Time"), []byte("ObservedAt *metav1.MicroTime"), 1)
		}
		return b
	}, nil)
	noteNaming(t, api, "GadgetStatus.ObservedAt changes type (*metav1.Time in v1storage, *metav1.MicroTime in v2storage)")
}
