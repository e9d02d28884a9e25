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

// IndexedBelow answers as a scan of every path does.
func TestIndexedBelow(t *testing.T) {
	sorted := Sorted(map[string]int{"spec.a[name=x]": 1, "spec.a[0].b": 1, "spec.c[x]": 1, "spec.d[12]": 1, "spec.e": 1, "spec.f[": 1, "spec.g[/]": 1, "spec.g[:]": 1}, map[string]int{"spec.h[9]": 1})
	for _, list := range []string{"spec.a", "spec.a[0].b", "spec.c", "spec.d", "spec.d[1", "spec.e", "spec.f", "spec.g", "spec.h", "spec", "", "z"} {
		want := false
		for _, p := range sorted {
			if rest, ok := strings.CutPrefix(p, list+"["); ok && rest != "" && '0' <= rest[0] && rest[0] <= '9' {
				want = true
			}
		}
		if got := IndexedBelow(sorted, list); got != want {
			t.Errorf("IndexedBelow(%q) = %v, want %v", list, got, want)
		}
	}
}
