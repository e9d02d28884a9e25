// Package events_test checks where the values of core/v1's Event (v1
// here) land at events.k8s.io's v1beta1 and v1 (v2beta1 and v2), and
// back: what a client of each version reads, and what an update through
// core/v1 keeps.
package events_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	v1 "example.com/fixtures/events/api/v1"
	"example.com/fixtures/events/api/v2"
	"example.com/fixtures/events/api/v2beta1"
	"example.com/fixtures/events/api/v2storage"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// toHub stores what a client of in's version writes.
func toHub(t *testing.T, in conversion.Convertible) *v2storage.Event {
	t.Helper()
	hub := &v2storage.Event{}
	if err := viaJSON(t, in).ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	return viaJSON(t, hub)
}

// read gives the stored hub to a client of out's version.
func read[T conversion.Convertible](t *testing.T, hub *v2storage.Event, out T) T {
	t.Helper()
	if err := out.ConvertFrom(viaJSON(t, hub)); err != nil {
		t.Fatal(err)
	}
	return viaJSON(t, out)
}

// viaJSON returns a copy of obj that went through JSON, as through the API
// server.
func viaJSON[T any](t *testing.T, obj T) T {
	t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	out := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(T)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
	return out
}

// jsonOf returns obj's JSON, as a client reads it (times compare by
// instant, not by location).
func jsonOf(t *testing.T, obj any) string {
	t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var (
	first = metav1.NewTime(time.Date(2020, 5, 1, 10, 0, 0, 0, time.UTC))
	last  = metav1.NewTime(time.Date(2020, 5, 1, 10, 5, 0, 0, time.UTC))
	seen  = metav1.NewMicroTime(time.Date(2020, 5, 1, 10, 4, 0, 123000, time.UTC))
)

// legacy is an event as the kubelet's core/v1 recorder writes it: no
// series, no eventTime, its source rather than reportingComponent.
func legacy() *v1.Event {
	return &v1.Event{
		ObjectMeta:     metav1.ObjectMeta{Name: "web-0.17", Namespace: "shop"},
		InvolvedObject: v1.ObjectReference{Kind: "Pod", Namespace: "shop", Name: "web-0", UID: "0b5c", APIVersion: "v1", FieldPath: "spec.containers{web}"},
		Reason:         "BackOff",
		Message:        "Back-off restarting failed container",
		Source:         v1.EventSource{Component: "kubelet", Host: "node-3"},
		FirstTimestamp: first,
		LastTimestamp:  last,
		Count:          7,
		Type:           "Warning",
	}
}

// A core/v1 event read by a client of events.k8s.io/v1: every value in the
// field that client reads, none left in a bag.
func TestLegacyEventAtV2(t *testing.T) {
	hub := toHub(t, legacy())
	if b, _ := json.Marshal(hub); strings.Contains(string(b), "propertyBag") || len(hub.Annotations) > 0 {
		t.Errorf("a bag holds a value of the core/v1 event: %s", b)
	}
	got := read(t, hub, &v2.Event{})
	want := v2.Event{
		Regarding:                corev1.ObjectReference{Kind: "Pod", Namespace: "shop", Name: "web-0", UID: "0b5c", APIVersion: "v1", FieldPath: "spec.containers{web}"},
		Reason:                   "BackOff",
		Note:                     "Back-off restarting failed container",
		Type:                     "Warning",
		DeprecatedSource:         corev1.EventSource{Component: "kubelet", Host: "node-3"},
		DeprecatedFirstTimestamp: first,
		DeprecatedLastTimestamp:  last,
		DeprecatedCount:          7,
	}
	got.TypeMeta, got.ObjectMeta = metav1.TypeMeta{}, metav1.ObjectMeta{}
	if g, w := jsonOf(t, got), jsonOf(t, &want); g != w {
		t.Errorf("core/v1 event at events.k8s.io/v1:\n got %s\nwant %s", g, w)
	}
	if back := read(t, toHub(t, got), &v2beta1.Event{}); back.Note != want.Note || back.Regarding != want.Regarding || back.DeprecatedCount != 7 || back.DeprecatedSource != want.DeprecatedSource {
		t.Errorf("at events.k8s.io/v1beta1: %+v", back)
	}
}

// An event of events.k8s.io/v1 read by a client of core/v1: note is
// message, regarding involvedObject, reportingController
// reportingComponent; series.count stays series.count, and count (the
// deprecated one) is deprecatedCount, unset here.
func TestSeriesEventAtV1(t *testing.T) {
	in := &v2.Event{
		ObjectMeta:          metav1.ObjectMeta{Name: "web.1", Namespace: "shop"},
		EventTime:           seen,
		Series:              &v2.EventSeries{Count: 4, LastObservedTime: seen},
		ReportingController: "example.com/scaler",
		ReportingInstance:   "scaler-7f9",
		Action:              "Scale",
		Reason:              "Burst",
		Regarding:           corev1.ObjectReference{Kind: "Deployment", Namespace: "shop", Name: "web"},
		Related:             &corev1.ObjectReference{Kind: "ReplicaSet", Namespace: "shop", Name: "web-5d9"},
		Note:                "scaled up to 9",
		Type:                "Normal",
	}
	got := read(t, toHub(t, in), &v1.Event{})
	want := v1.Event{
		InvolvedObject:      v1.ObjectReference{Kind: "Deployment", Namespace: "shop", Name: "web"},
		Reason:              "Burst",
		Message:             "scaled up to 9",
		Type:                "Normal",
		EventTime:           seen,
		Series:              &v1.EventSeries{Count: 4, LastObservedTime: seen},
		Action:              "Scale",
		Related:             &v1.ObjectReference{Kind: "ReplicaSet", Namespace: "shop", Name: "web-5d9"},
		ReportingController: "example.com/scaler",
		ReportingInstance:   "scaler-7f9",
	}
	got.TypeMeta, got.ObjectMeta = metav1.TypeMeta{}, metav1.ObjectMeta{}
	if g, w := jsonOf(t, got), jsonOf(t, &want); g != w {
		t.Errorf("events.k8s.io/v1 event at core/v1:\n got %s\nwant %s", g, w)
	}
}

// A client of core/v1 that reads an event of events.k8s.io/v1 without a
// regarding (or a source) sees them empty, as core/v1 holds them by value,
// and writes them back so: the hub still has none. (The generated copy
// made the empty value a pointer to an empty object, and every such
// update gave the hub a regarding and a deprecatedSource of {}.)
func TestEmptyRegardingStaysAbsent(t *testing.T) {
	in := &v2.Event{ObjectMeta: metav1.ObjectMeta{Name: "e", Namespace: "shop"}, EventTime: seen, Note: "n"}
	hub := toHub(t, in)
	if hub.Regarding != nil || hub.DeprecatedSource != nil {
		t.Fatalf("hub of a v2 event without regarding: regarding %v, deprecatedSource %v", hub.Regarding, hub.DeprecatedSource)
	}
	old := read(t, hub, &v1.Event{})
	old.Message = "changed by a core/v1 client"
	after := toHub(t, old)
	if after.Regarding != nil || after.DeprecatedSource != nil {
		t.Errorf("after an update through core/v1: regarding %v, deprecatedSource %v, want none", after.Regarding, after.DeprecatedSource)
	}
	if after.Note == nil || *after.Note != old.Message {
		t.Errorf("after an update through core/v1: note %v, want %q", after.Note, old.Message)
	}
}

// A client of core/v1 that edits the message and count of a legacy event
// (the recorder's dedup) is read at events.k8s.io/v1 with the new note and
// deprecatedCount, the rest as it was.
func TestUpdateThroughV1(t *testing.T) {
	hub := toHub(t, legacy())
	old := read(t, hub, &v1.Event{})
	old.Message, old.Count, old.LastTimestamp = "Back-off again", 8, metav1.NewTime(last.Add(time.Minute))
	got := read(t, toHub(t, old), &v2.Event{})
	if got.Note != "Back-off again" || got.DeprecatedCount != 8 || !got.DeprecatedLastTimestamp.Equal(&old.LastTimestamp) {
		t.Errorf("note %q, deprecatedCount %d, deprecatedLastTimestamp %v", got.Note, got.DeprecatedCount, got.DeprecatedLastTimestamp)
	}
	if got.DeprecatedSource.Host != "node-3" || got.Regarding.FieldPath != "spec.containers{web}" || !got.DeprecatedFirstTimestamp.Equal(&first) {
		t.Errorf("what the update left alone changed: %+v", got)
	}
}
