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

// A v3 object whose map has a notify-events key of its own beside the
// field shows the field's value under that key at v2, and keeps the map's
// own value for v3. A v2 client that removes the key removes what it saw
// there: writing back, neither the field nor the hidden value of the key
// comes back; one that keeps the key gets the map's own value back at v3.
func TestRemovedKeyStaysRemoved(t *testing.T) {
	stored := &v3.Widget{Settings: v3.WidgetSettings{NotifyEvents: "Ex", Config: map[string]string{"notify-events": "own", "other": "1"}}}
	read := &v2.Widget{}
	convert(t, stored, read)
	if got := read.Settings.Config["notify-events"]; got != "Ex" {
		t.Fatalf("v3 → v2: config[notify-events] %q, want the field's value Ex", got)
	}
	kept := read.DeepCopy()
	back := &v3.Widget{}
	convert(t, kept, back)
	if !reflect.DeepEqual(stored.Settings, back.Settings) {
		t.Errorf("v3 → v2 → v3, unchanged:\n got %+v\nwant %+v", back.Settings, stored.Settings)
	}
	delete(read.Settings.Config, "notify-events")
	back = &v3.Widget{}
	convert(t, read, back)
	if want := (v3.WidgetSettings{Config: map[string]string{"other": "1"}}); !reflect.DeepEqual(want, back.Settings) {
		t.Errorf("v3 → v2, notify-events removed, → v3:\n got %+v\nwant %+v", back.Settings, want)
	}
}

// A struct both versions have that a move made on the way (v3's turbo
// goes back into v2's tuning, which v3 did not hold) is unmade on the way
// there again while the moved value is all it holds. A v2 client that
// removed the value and kept the struct wrote tuning: {}, present and
// empty: it reads that back, and v3 sees it too. The bag still says the
// move made the struct (an update that changes nothing gives back the same
// object, entry included), so a v2 client that sets turbo again has the
// struct unmade at v3, as at first.
func TestEmptiedMadeStructStays(t *testing.T) {
	stored := &v3.Widget{Turbo: true}
	read := &v2.Widget{}
	convert(t, stored, read)
	if want := (&v2.Tuning{Turbo: true}); !reflect.DeepEqual(want, read.Tuning) {
		t.Fatalf("v3 → v2: tuning %+v, want %+v", read.Tuning, want)
	}
	back := &v3.Widget{}
	convert(t, read.DeepCopy(), back)
	if back.Tuning != nil || !back.Turbo {
		t.Errorf("v3 → v2 → v3, unchanged: tuning %+v, turbo %v; want no tuning, turbo", back.Tuning, back.Turbo)
	}
	read.Tuning.Turbo = false
	again := &v2.Widget{}
	convert(t, read, again)
	if want := (&v2.Tuning{}); !reflect.DeepEqual(want, again.Tuning) {
		t.Errorf("v3 → v2, tuning.turbo removed, → v2: tuning %+v, want %+v", again.Tuning, want)
	}
	back = &v3.Widget{}
	convert(t, read, back)
	if want := (&v3.Tuning{}); !reflect.DeepEqual(want, back.Tuning) || back.Turbo {
		t.Errorf("v3 → v2, tuning.turbo removed, → v3: tuning %+v, turbo %v; want %+v and no turbo", back.Tuning, back.Turbo, want)
	}
	// The bag still says the move made the struct, and an update through
	// v2 that changes nothing gives the same v3 object back, entry included.
	if len(back.Status.PropertyBags)+len(back.Annotations) == 0 {
		t.Errorf("v3 → v2, tuning.turbo removed, → v3: no bag keeps that the move made tuning")
	}
	read = &v2.Widget{}
	convert(t, back.DeepCopy(), read)
	again3 := &v3.Widget{}
	convert(t, read.DeepCopy(), again3)
	if !reflect.DeepEqual(back, again3) {
		t.Errorf("tuning emptied at v2, → v3 → v2 → v3, unchanged:\n got %+v\nwant %+v", again3, back)
	}
	// A v3 client that sets turbo beside tuning: {} wrote the struct
	// itself: the way to v2 fills it and drops the entry, and the client
	// reads both back.
	edited := again3.DeepCopy()
	edited.Turbo = true
	mid := &v2.Widget{}
	convert(t, edited.DeepCopy(), mid)
	readBack := &v3.Widget{}
	convert(t, mid, readBack)
	if want := (&v3.Tuning{}); !reflect.DeepEqual(want, readBack.Tuning) || !readBack.Turbo {
		t.Errorf("tuning emptied at v2, turbo set at v3, → v2 → v3: tuning %+v, turbo %v; want %+v and turbo", readBack.Tuning, readBack.Turbo, want)
	}
	read.Tuning.Turbo = true
	back = &v3.Widget{}
	convert(t, read, back)
	if back.Tuning != nil || !back.Turbo {
		t.Errorf("tuning emptied at v2, then turbo set again at v2, → v3: tuning %+v, turbo %v; want no tuning, turbo", back.Tuning, back.Turbo)
	}
}

// A move out of two nested structs both versions have (v3's ratio was v2's
// gear.box.ratio) makes both on the way back, and the way there unmakes
// them, deepest first. A v2 client that removes gear, the outer one, leaves
// nothing to unmake: the way there checks each pointer on the way to the
// inner struct before it looks into it.
func TestRemovedOuterMadeStruct(t *testing.T) {
	stored := &v3.Widget{Ratio: 3}
	read := &v2.Widget{}
	convert(t, stored, read)
	if want := (&v2.Gear{Box: &v2.GearBox{Ratio: 3}}); !reflect.DeepEqual(want, read.Gear) {
		t.Fatalf("v3 → v2: gear %+v, want %+v", read.Gear, want)
	}
	back := &v3.Widget{}
	convert(t, read.DeepCopy(), back)
	if back.Gear != nil || back.Ratio != 3 {
		t.Errorf("v3 → v2 → v3, unchanged: gear %+v, ratio %v; want no gear, ratio 3", back.Gear, back.Ratio)
	}
	read.Gear = nil
	back = &v3.Widget{}
	convert(t, read, back)
	if back.Gear != nil || back.Ratio != 0 {
		t.Errorf("v3 → v2, gear removed, → v3: gear %+v, ratio %v; want neither", back.Gear, back.Ratio)
	}
	if len(back.Status.PropertyBags) > 0 || len(back.Annotations) > 0 {
		t.Errorf("v3 → v2, gear removed, → v3: bags %v, annotations %v; want neither", back.Status.PropertyBags, back.Annotations)
	}
}
