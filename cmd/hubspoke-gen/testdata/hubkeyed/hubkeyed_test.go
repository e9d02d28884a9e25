// Package hubkeyed_test checks that what v1 cannot show of a worker (its
// failureDomain) stays with that worker when a client of v1, whose list of
// workers has no list-map keys, moves and edits it in one write: v2 keys
// the list by name, which v1's workers have too, and v1's transport finds
// its elements again by name; where a name is missing or shared, by
// fingerprint, as an unkeyed list's.
package hubkeyed_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"example.com/fixtures/hubkeyed/api/v1"
	"example.com/fixtures/hubkeyed/api/v2"
	"example.com/fixtures/hubkeyed/api/v2storage"
	"k8s.io/utils/ptr"
)

const annotation = "hubspoke.dev/property-bags"

func worker(name string, replicas int32, zone string) v2.Worker {
	return v2.Worker{Name: name, Replicas: replicas, FailureDomain: ptr.To(zone)}
}

// atV1 returns the v2 object with workers as a client of v1 reads it.
func atV1(t *testing.T, workers ...v2.Worker) *v1.Widget {
	t.Helper()
	in := &v2.Widget{Spec: v2.WidgetSpec{Workers: workers}}
	in.Name, in.Namespace = "w", "default"
	hub := &v2storage.Widget{}
	if err := in.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	read := &v1.Widget{}
	if err := read.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return read
}

// back returns what a client of v1 sent, through JSON, as v2 reads it.
func back(t *testing.T, sent *v1.Widget) []v2.Worker {
	t.Helper()
	data, err := json.Marshal(sent)
	if err != nil {
		t.Fatal(err)
	}
	decoded := &v1.Widget{}
	if err := json.Unmarshal(data, decoded); err != nil {
		t.Fatal(err)
	}
	hub := &v2storage.Widget{}
	if err := decoded.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	got := &v2.Widget{}
	if err := got.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return got.Spec.Workers
}

// zones returns each worker's name, replicas and failureDomain.
func zones(ws []v2.Worker) string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Name+"/"+strconv.Itoa(int(w.Replicas))+"/"+ptr.Deref(w.FailureDomain, "-"))
	}
	return strings.Join(out, " ")
}

func check(t *testing.T, got []v2.Worker, want string) {
	t.Helper()
	if zones(got) != want {
		t.Errorf("read at v2 after the write at v1:\n got %s\nwant %s", zones(got), want)
	}
}

// A client of v1 reverses the workers and scales two of them in the same
// write (Cluster API's machineDeployments): each keeps its failureDomain.
// Matched by fingerprint, the moved and edited ones lost theirs.
func TestMovedAndEditedKeepTheirHiddenValues(t *testing.T) {
	sent := atV1(t, worker("a", 1, "z-a"), worker("b", 2, "z-b"), worker("c", 3, "z-c"))
	slices.Reverse(sent.Spec.Workers)
	sent.Spec.Workers[0].Replicas = 30 // c
	sent.Spec.Workers[2].Replicas = 10 // a
	check(t, back(t, sent), "c/30/z-c b/2/z-b a/10/z-a")
}

// Workers that share a name at v1 (nothing there makes names unique):
// they are matched by fingerprint, and, reversed, each keeps its own.
func TestSharedNamesAreMatchedByFingerprint(t *testing.T) {
	sent := atV1(t, worker("a", 1, "z-1"), worker("a", 2, "z-2"), worker("b", 3, "z-b"))
	slices.Reverse(sent.Spec.Workers)
	check(t, back(t, sent), "b/3/z-b a/2/z-2 a/1/z-1")
}

// A client of v1 gives a second worker the name of one whose hidden
// values are kept by name: neither gets them (which is the one they belong
// to cannot be told by its name), as for two elements of a keyed list
// that share their keys; the others keep theirs.
func TestANameMadeSharedGivesItsValuesToNeither(t *testing.T) {
	sent := atV1(t, worker("a", 1, "z-a"), worker("b", 2, "z-b"))
	sent.Spec.Workers = append(sent.Spec.Workers, v1.Worker{Name: "a", Replicas: 9})
	slices.Reverse(sent.Spec.Workers)
	check(t, back(t, sent), "a/9/- b/2/z-b a/1/-")
}

// Workers without a name are matched by fingerprint: reversed with the
// named ones, each keeps its own; edited in place, too.
func TestMissingNamesAreMatchedByFingerprint(t *testing.T) {
	sent := atV1(t, worker("", 1, "z-1"), worker("a", 2, "z-a"), worker("", 3, "z-3"))
	slices.Reverse(sent.Spec.Workers)
	check(t, back(t, sent), "/3/z-3 a/2/z-a /1/z-1")
	sent = atV1(t, worker("", 1, "z-1"), worker("a", 2, "z-a"), worker("", 3, "z-3"))
	sent.Spec.Workers[2].Replicas = 4
	check(t, back(t, sent), "/1/z-1 a/2/z-a /4/z-3")
}

// An object whose annotation a release before this one wrote names the
// workers by index (with their fingerprints): each worker still finds its
// values, reordered too. (The annotation is this release's, with the
// paths by name renamed to the indexes; a worker without a name makes it
// fingerprint every worker, as the earlier release did.)
func TestIndexesOfAnEarlierReleaseReadBack(t *testing.T) {
	sent := atV1(t, worker("a", 1, "z-a"), worker("b", 2, "z-b"), worker("", 3, "z-3"))
	text := sent.Annotations[annotation]
	for i, name := range []string{"a", "b"} {
		keyed := `"spec.workers[name=` + name + `]"`
		if !strings.Contains(text, keyed) {
			t.Fatalf("the annotation does not name %s by its name: %s", name, text)
		}
		text = strings.ReplaceAll(text, keyed, `"spec.workers[`+strconv.Itoa(i)+`]"`)
	}
	sent.Annotations[annotation] = text
	slices.Reverse(sent.Spec.Workers)
	check(t, back(t, sent), "/3/z-3 b/2/z-b a/1/z-a")
}

// Workers that all have a name of their own need no fingerprints: the
// annotation holds none, only the paths by name.
func TestNamedWorkersGetNoFingerprints(t *testing.T) {
	sent := atV1(t, worker("a", 1, "z-a"), worker("b", 2, "z-b"))
	if text := sent.Annotations[annotation]; strings.Contains(text, "#elements") || !strings.Contains(text, `"spec.workers[name=b]"`) {
		t.Errorf("annotation: %s", text)
	}
	sent = atV1(t, worker("a", 1, "z-a"), worker("", 2, "z-2"))
	if text := sent.Annotations[annotation]; !strings.Contains(text, `"#elements":{"spec.workers[0]":`) {
		t.Errorf("a worker without a name, yet no fingerprint of each worker: %s", text)
	}
}
