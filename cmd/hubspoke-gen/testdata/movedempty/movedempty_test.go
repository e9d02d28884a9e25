// Package movedempty_test checks that an update that changes nothing
// keeps, in the bag of either side, a struct the moves empty, held there
// empty beside a value that moved.
package movedempty_test

import (
	"encoding/json"
	"testing"

	"example.com/fixtures/movedempty/api/v1"
	"example.com/fixtures/movedempty/api/v1storage"
	"example.com/fixtures/movedempty/api/v2storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/utils/ptr"
)

func jsonOf(t *testing.T, obj any) string {
	t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The hub holds v1's status.next as a client of v1 wrote it, empty, and
// the ready that a client of v2 wrote since: read and written back at v1,
// it is the same hub.
func TestEmptyStructKeptAtTheHub(t *testing.T) {
	hub := &v2storage.Widget{}
	hub.Status.Ready = ptr.To[int32](0)
	if err := propertybag.Add(&hub.Status.PropertyBag, "Next", &v1storage.NextStatus{}); err != nil {
		t.Fatal(err)
	}
	want := jsonOf(t, hub)
	old := &v1.Widget{}
	if err := old.ConvertFrom(hub.DeepCopy()); err != nil {
		t.Fatal(err)
	}
	if old.Status.Next == nil || ptr.Deref(old.Status.Next.Ready, -1) != 0 {
		t.Fatalf("v1 reads status.next %+v, want ready 0", old.Status.Next)
	}
	back := &v2storage.Widget{}
	if err := old.ConvertTo(back); err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, back); got != want {
		t.Errorf("an update through v1 changed the hub:\n got %s\nwant %s", got, want)
	}
}

// v1's twin holds v2's spec.extra as a client of v2 wrote it, empty, and
// the size that a client of v1 wrote since: converted to the hub and back,
// it is the same object.
func TestEmptyStructKeptAtTheOlderTwin(t *testing.T) {
	old := &v1storage.Widget{}
	old.Spec.Size = ptr.To[int32](3)
	if err := propertybag.Add(&old.Spec.PropertyBag, "Extra", &v2storage.Extra{}); err != nil {
		t.Fatal(err)
	}
	want := jsonOf(t, old)
	hub := &v2storage.Widget{}
	if err := old.DeepCopy().ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	if hub.Spec.Extra == nil || ptr.Deref(hub.Spec.Extra.Size, -1) != 3 {
		t.Fatalf("the hub holds spec.extra %+v, want size 3", hub.Spec.Extra)
	}
	back := &v1storage.Widget{}
	if err := back.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, back); got != want {
		t.Errorf("v1storage → hub → v1storage changed the object:\n got %s\nwant %s", got, want)
	}
}
