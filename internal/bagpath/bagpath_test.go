package bagpath

import (
	"strings"
	"testing"
)

// AtOrBelow answers as a scan of every path does.
func TestAtOrBelow(t *testing.T) {
	bags := map[string]int{"spec.a-b": 1, "spec.a.b": 1, "spec.a0": 1, `spec.g["h.i"]`: 1, ".": 1}
	twin := map[string]bool{"spec.e[0]": true, "spec": true}
	sorted := Sorted(bags, twin)
	for _, path := range []string{"spec.a", "spec.a.b", "spec.a-", "spec.e", "spec.e[0]", "spec.e[1]", "spec", `spec.g["h`, `spec.g`, "", ".", "status", "spec.a0", "spec.a0.x"} {
		want := false
		for _, p := range sorted {
			if p == path || strings.HasPrefix(p, path) && (p[len(path)] == '.' || p[len(path)] == '[') {
				want = true
			}
		}
		if got := AtOrBelow(sorted, path); got != want {
			t.Errorf("AtOrBelow(%q) = %v, want %v", path, got, want)
		}
	}
}
