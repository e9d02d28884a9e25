package v2storage_test

import (
	"encoding/json"
	"slices"
	"testing"

	"example.com/fixtures/kitchen/api/v1"
	"example.com/fixtures/kitchen/api/v2storage"
	"k8s.io/utils/ptr"
)

// Listeners are keyed by host and port together. Two listeners on one
// host keep each its protocol (which v1 lacks) through an update at v1
// that reverses the list: the transport finds each by both of its keys,
// not by the first alone, nor by its index.
func TestListenersKeepTheirProtocolByBothKeys(t *testing.T) {
	hub := &v2storage.Gadget{Spec: v2storage.GadgetSpec{Listeners: []v2storage.Listener{
		{Host: ptr.To("a"), Port: ptr.To[int32](80), Protocol: ptr.To("TCP")},
		{Host: ptr.To("a"), Port: ptr.To[int32](81), Protocol: ptr.To("UDP")},
	}}}
	var old v1.Gadget
	if err := old.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(&old)
	if err != nil {
		t.Fatal(err)
	}
	var sent v1.Gadget
	if err := json.Unmarshal(text, &sent); err != nil {
		t.Fatal(err)
	}
	slices.Reverse(sent.Spec.Listeners)
	var back v2storage.Gadget
	if err := sent.ConvertTo(&back); err != nil {
		t.Fatal(err)
	}
	got := map[int32]string{}
	for _, l := range back.Spec.Listeners {
		got[ptr.Deref(l.Port, 0)] = ptr.Deref(l.Protocol, "")
	}
	if got[80] != "TCP" || got[81] != "UDP" || len(got) != 2 {
		t.Errorf("protocols by port after an update at v1 that reversed the listeners: %v, want 80 TCP and 81 UDP", got)
	}
}
