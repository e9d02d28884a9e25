package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestKeysAddedWarning: a version that keys a list by one more list-map
// key than the previous one (DRA's ResourceClaim status.devices, keyed by
// driver, device and pool, and by shareID where a version adds it) gets a
// warning: the previous version cannot tell apart elements that differ
// only in that key, and an update through it loses what it cannot show of
// them. Keyed alike, no warning.
func TestKeysAddedWarning(t *testing.T) {
	out, err := generate(freshCase(t, "kitchen", func(dir string, b []byte) []byte {
		if dir == "v2" {
			b = bytes.Replace(b, []byte("\t// +listMapKey=port\n\tListeners"), []byte("\t// +listMapKey=port\n\t// +listMapKey=protocol\n\tListeners"), 1)
		}
		return b
	}, nil), options{strict: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "v2 GadgetSpec.Listeners: keyed by host, port, protocol, but v1 keys spec.listeners by host, port: elements that differ only in protocol " +
		"are distinct in v2 and share their keys in v1"
	if w := warningWith(out, "v2 GadgetSpec.Listeners: keyed by"); !strings.Contains(w, want) || !strings.Contains(w, "declare protocol in v1 too") {
		t.Errorf("a key added in v2: warning %q, want it to say %q and how to keep the values", w, want)
	}

	out, err = generate(freshCase(t, "kitchen", nil, nil), options{strict: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range out.warnings {
		if strings.Contains(w, "share their keys") {
			t.Errorf("keyed alike in v1 and v2: %s", w)
		}
	}
}
