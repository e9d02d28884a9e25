package excerpt

import (
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	short := strings.Repeat("a", Max)
	if got := Of(short); got != short {
		t.Errorf("Of(%d bytes) = %q, want it whole", Max, got)
	}
	long := strings.Repeat("b", 256*1024)
	got := Of(long)
	if want := strings.Repeat("b", Max) + "…(262144 bytes)"; got != want {
		t.Errorf("Of(256 KiB) = %q, want %q", got, want)
	}
}
