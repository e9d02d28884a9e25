// Package moves_test checks that the moves of the case put each value in
// its new place, where every client of the newer version reads it, and
// back in its old place: round trips alone pass when a value travels in
// the bags instead.
package moves_test

import (
	"reflect"
	"testing"

	"example.com/fixtures/moves/api/v1"
	"example.com/fixtures/moves/api/v2"
	"example.com/fixtures/moves/api/v3"
	"example.com/fixtures/moves/api/v3storage"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

func convert(t *testing.T, from, to conversion.Convertible) {
	t.Helper()
	hub := &v3storage.Widget{}
	if err := from.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	if err := to.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
}

func TestValuesLandInTheirNewPlace(t *testing.T) {
	old := &v1.Widget{Spec: v1.WidgetSpec{EngineName: "diesel", Limits: &v1.Limits{CPU: "2"}, Notes: "blue"}}
	got := &v3.Widget{}
	convert(t, old, got)
	want := &v3.Widget{
		Runtime:  v3.WidgetRuntime{Engine: "diesel", Limits: &v3.Limits{CPU: "2"}},
		Settings: v3.WidgetSettings{Notes: "blue"},
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("v1 → v3:\n got %+v\nwant %+v", got, want)
	}
	back := &v1.Widget{}
	convert(t, got, back)
	if !reflect.DeepEqual(old, back) {
		t.Errorf("v3 → v1:\n got %+v\nwant %+v", back, old)
	}

	mid := &v2.Widget{Engine: "steam", Settings: v2.WidgetSettings{Config: map[string]string{"notify-events": "Ex", "other": "1"}}}
	got = &v3.Widget{}
	convert(t, mid, got)
	want = &v3.Widget{
		Runtime:  v3.WidgetRuntime{Engine: "steam"},
		Settings: v3.WidgetSettings{NotifyEvents: "Ex", Config: map[string]string{"other": "1"}},
	}
	if !reflect.DeepEqual(want, got) {
		t.Errorf("v2 → v3:\n got %+v\nwant %+v", got, want)
	}
	if mid.Settings.Config["notify-events"] != "Ex" {
		t.Errorf("the conversion changed its source's map: %v", mid.Settings.Config)
	}
	back2 := &v2.Widget{}
	convert(t, got, back2)
	if !reflect.DeepEqual(mid, back2) {
		t.Errorf("v3 → v2:\n got %+v\nwant %+v", back2, mid)
	}
}

// A v3 object whose map holds notify-events beside the field shows the
// field's value under the key at v2, and keeps the map's own value in the
// bag. A client of v2 that removes the key removes both: neither comes
// back (the generated copy once put the map's own value back, which
// convtest's edit check found once it edited properties beside spec).
func TestRemovedKeyStaysRemoved(t *testing.T) {
	hub := &v3.Widget{Settings: v3.WidgetSettings{NotifyEvents: "2", Config: map[string]string{"notify-events": "own", "other": "1"}}}
	mid := &v2.Widget{}
	convert(t, hub, mid)
	if got := mid.Settings.Config["notify-events"]; got != "2" {
		t.Fatalf("v2 shows notify-events %q, want the field's 2", got)
	}
	delete(mid.Settings.Config, "notify-events")
	back := &v2.Widget{}
	convert(t, mid.DeepCopy(), back)
	if v, ok := back.Settings.Config["notify-events"]; ok {
		t.Errorf("v2 removed notify-events and reads it back: %q", v)
	}
	at3 := &v3.Widget{}
	convert(t, mid.DeepCopy(), at3)
	want := v3.WidgetSettings{Config: map[string]string{"other": "1"}}
	if !reflect.DeepEqual(at3.Settings, want) {
		t.Errorf("v3 after v2 removed notify-events:\n got %+v\nwant %+v", at3.Settings, want)
	}
	// A client that keeps the key keeps both values.
	kept := &v2.Widget{}
	convert(t, hub, kept)
	at3 = &v3.Widget{}
	convert(t, kept, at3)
	if !reflect.DeepEqual(at3.Settings, hub.Settings) {
		t.Errorf("v3 after an update through v2 that changed nothing:\n got %+v\nwant %+v", at3.Settings, hub.Settings)
	}
}
