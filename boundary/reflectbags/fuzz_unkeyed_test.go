package reflectbags_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
)

// The edits a fuzzed client makes to every list of the train (cars, the
// seats of each car, the cars of each yard, signals) before it sends it
// back: bits of FuzzRecallUnkeyedLists' edits.
const (
	trainReverse   = 1 << iota // reverse the list
	trainDropFirst             // remove its first element
	trainRotate                // move its first element to its end
	trainDuplicate             // append a copy of its first element
	trainKeepBags              // send the annotation and status bags the read gave (the texts are ignored)
	trainSeats                 // edit the seats of each car, not the lists of cars (a car whose seats change is one changed in place: see design-unkeyed-lists.md)
	gadgetShape                // recall a gadget (keyed lists, maps of structs and of pointers, nil pointers to structs the version has no place for), not a train
)

// FuzzRecallUnkeyedLists: whatever a client writes in the bags annotation
// and the status bags of an object whose lists have no list-map keys
// (fingerprints under "#elements" and "status.#elements", bags and $twin
// entries at element paths, nested lists, lists in map values), with its
// lists of cars, or the seats of its cars, reordered, shortened or
// lengthened, Recall never panics, returns
// within seconds, never changes the object sent, and leaves the twin as
// the copy filled it when it fails. When the client only reorders or
// removes elements of what it read, every car, seat and signal keeps its
// own bag (the fingerprints pair them). The same, but for the last, for a
// gadget (see recallGadget).
func FuzzRecallUnkeyedLists(f *testing.F) {
	stashed, _ := stashedTrain(f)
	statusText, err := json.Marshal(stashed.Status.PropertyBags)
	if err != nil {
		f.Fatal(err)
	}
	real := stashed.Annotations[boundary.Annotation]
	for _, edits := range []uint8{0, trainReverse, trainDropFirst, trainRotate | trainDropFirst, trainDuplicate, trainReverse | trainDuplicate} {
		f.Add(edits|trainKeepBags, "", "")
		f.Add(edits|trainKeepBags|trainSeats, "", "")
	}
	fp := `"AAAAAAAAAAA"`
	for _, seed := range []struct {
		edits              uint8
		annotation, status string
	}{
		{0, real, string(statusText)},
		{trainReverse, real, string(statusText)},
		{0, `{"#elements":{"spec.cars[0]":` + fp + `,"spec.cars[0].seats[0]":` + fp + `,"spec.cars[+1]":` + fp + `}}`, ""},
		{0, `{"#elements":{"spec.cars[0]":5}}`, ""},
		{0, `{"#elements":{"spec.cars[-1]":` + fp + `,"spec.cars[99999999999999999999]":` + fp + `,"spec.cars[1000000]":` + fp + `}}`, ""},
		{0, `{"#elements":{"spec.yards[north][0]":` + fp + `,"spec.yards[\"north\"][1]":` + fp + `,"spec.yards[north][0].seats[1]":` + fp + `}}`, ""},
		{trainReverse, `{"#elements":{"spec.cars[0]":` + fp + `,"spec.cars[1]":` + fp + `},"spec.cars[1]":{"Of":"1"},"spec.cars[1].seats[0]":{"$twin":"{\"number\":null}"}}`, ""},
		{0, `{"#elements":{"status.signals[0]":` + fp + `}}`, ""},
		{0, "", `{"status.#elements":{"spec.cars[0]":` + fp + `}}`},
		{0, "", `{"status.#elements":{"status.signals[0]":` + fp + `,"status.signals[0].seats[0]":[]}}`},
		{0, `{"spec.cars[name=\"a\\\"]\"]":{"X":"1"},"spec.cars[\"0\"]":{"X":"1"},"spec.cars[0][0]":{"X":"1"},"spec.cars[":{"X":"1"}}`, ""},
		{0, `{"spec.cars[0]":{"$twin":"{\"name\":\"\"}"},"spec.cars[1]":{"$twin":"{\"name\":\"x\"}"},"spec.nosuch":{"$twin":"{}"}}`, ""},
		{0, `{"spec.cars[0]":{"$twin":"[]"}}`, ""},
		{0, "", `{"spec":{"X":"1"}}`},
		{0, `{"status":{"X":"1"}}`, ""},
		{0, `{`, ""},
	} {
		f.Add(seed.edits, seed.annotation, seed.status)
	}
	for _, seed := range []struct {
		edits      uint8
		annotation string
	}{
		{gadgetShape | trainKeepBags | trainReverse, ""},
		{gadgetShape | trainKeepBags | trainDuplicate, ""},
		{gadgetShape | trainDuplicate, `{"spec.owner":{"X":"1"},".":{"$twin":{"x":null}}}`},
		{gadgetShape, `{"spec.ports[port=80,protocol=TCP]":{"X":"1"},"spec.ports[port=80,protocol=\"TCP\"]":{"X":"2"},"spec.spares[\"one two\"].inner":{"X":"3"},"spec.spares[nil]":{"X":"4"}}`},
		{gadgetShape, `{"#elements":{"spec.parts[0]":"AAAAAAAAAAA","spec.ports[0]":"AAAAAAAAAAA"},"spec.parts[0].inner":{"X":"1"}}`},
	} {
		f.Add(seed.edits, seed.annotation, "")
	}
	f.Fuzz(func(t *testing.T, edits uint8, annotation, status string) {
		if edits&gadgetShape != 0 {
			recallGadget(t, edits, annotation, status)
			return
		}
		sent, _ := stashedTrain(t)
		if edits&trainKeepBags == 0 {
			sent.Annotations = map[string]string{boundary.Annotation: annotation}
			sent.Status.PropertyBags = nil
			if status != "" {
				if err := json.Unmarshal([]byte(status), &sent.Status.PropertyBags); err != nil {
					return // not a write the API server decodes
				}
			}
		}
		editTrain(sent, edits)
		sent = trainThroughJSON(t, sent) // as the API server stores it
		sentBefore := trainThroughJSON(t, sent)
		dst := sent.toTwin()
		done := make(chan error, 1)
		go func() { done <- reflectbags.Recall(dst, sent) }()
		var err error
		select {
		case err = <-done:
		case <-time.After(3 * time.Second):
			t.Fatalf("Recall still running after 3s on %d bytes of annotation, %d of status bags", len(annotation), len(status))
		}
		if d := cmp.Diff(sentBefore, sent); d != "" {
			t.Fatalf("Recall (error %v) changed the object sent (-before +after):\n%s", err, d)
		}
		if err != nil {
			if d := cmp.Diff(sent.toTwin(), dst); d != "" {
				t.Fatalf("the failed Recall (%v) changed the twin (-before +after):\n%s", err, d)
			}
			return
		}
		if edits&trainKeepBags == 0 || edits&trainDuplicate != 0 {
			return
		}
		own := func(name string) string { return name }
		checkOwnBags(t, "spec.cars", dst.Spec.Cars, own)
		checkOwnBags(t, "spec.yards[north]", dst.Spec.Yards["north"], own)
		checkOwnBags(t, "status.signals", dst.Status.Signals, own)
	})
}

// stashedTrain returns storedTrain as its API version carries it, read
// back from JSON, with the twin it was stashed from.
func stashedTrain(t testing.TB) (*train, *trainStorage) {
	src := storedTrain()
	api := src.toAPI()
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	return trainThroughJSON(t, api), src
}

func trainThroughJSON(t testing.TB, a *train) *train {
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var out train
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// editTrain applies edits to the lists of cars of a (spec.cars, the
// yards', status.signals) or, with trainSeats, to the seats of each car.
func editTrain(a *train, edits uint8) {
	cars := func(cs []car) []car {
		if edits&trainSeats == 0 {
			return editSlice(cs, edits)
		}
		for i := range cs {
			cs[i].Seats = editSlice(cs[i].Seats, edits)
		}
		return cs
	}
	a.Spec.Cars = cars(a.Spec.Cars)
	for k, v := range a.Spec.Yards {
		a.Spec.Yards[k] = cars(v)
	}
	a.Status.Signals = cars(a.Status.Signals)
}

func editSlice[T any](list []T, edits uint8) []T {
	if len(list) == 0 {
		return list
	}
	list = slices.Clone(list)
	first := list[0]
	if edits&trainReverse != 0 {
		slices.Reverse(list)
	}
	if edits&trainDropFirst != 0 {
		list = list[1:]
	}
	if edits&trainRotate != 0 && len(list) > 0 {
		list = append(list[1:], list[0])
	}
	if edits&trainDuplicate != 0 {
		list = append(list, first)
	}
	if len(list) == 0 {
		return nil // as JSON reads an empty list of an omitempty field back
	}
	return list
}

// recallGadget is FuzzRecallUnkeyedLists for fullGadget, whose API version
// shows nothing of its spec: the twin the copy gives (shell) has its
// lists edited, as a client's write at another version would, and, with
// trainDuplicate, a nil owner, below which Recall makes a struct to keep
// the bags there.
func recallGadget(t *testing.T, edits uint8, annotation, status string) {
	var sent gadget
	if err := reflectbags.Stash(&sent, fullGadget()); err != nil {
		t.Fatal(err)
	}
	if edits&trainKeepBags == 0 {
		sent.Annotations = map[string]string{boundary.Annotation: annotation}
		sent.Status.PropertyBags = nil
		if status != "" {
			if err := json.Unmarshal([]byte(status), &sent.Status.PropertyBags); err != nil {
				return
			}
		}
	}
	data, err := json.Marshal(&sent)
	if err != nil {
		t.Fatal(err)
	}
	sent = gadget{}
	if err := json.Unmarshal(data, &sent); err != nil {
		t.Fatal(err)
	}
	copied := func() *gadgetStorage {
		g := shell(fullGadget())
		g.ObjectMeta = sent.ObjectMeta
		g.Spec.Parts = editSlice(g.Spec.Parts, edits)
		g.Spec.Ports = editSlice(g.Spec.Ports, edits&^trainDuplicate)
		g.Status.Conditions = editSlice(g.Status.Conditions, edits)
		if edits&trainDuplicate != 0 {
			g.Spec.Owner = nil
		}
		return g
	}
	dst := copied()
	done := make(chan error, 1)
	go func() { done <- reflectbags.Recall(dst, &sent) }()
	select {
	case err = <-done:
	case <-time.After(3 * time.Second):
		t.Fatalf("Recall still running after 3s on %d bytes of annotation, %d of status bags", len(annotation), len(status))
	}
	var before gadget
	if err := json.Unmarshal(data, &before); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(&before, &sent); d != "" {
		t.Fatalf("Recall (error %v) changed the object sent (-before +after):\n%s", err, d)
	}
	if err != nil {
		if d := cmp.Diff(copied(), dst); d != "" {
			t.Fatalf("the failed Recall (%v) changed the twin (-before +after):\n%s", err, d)
		}
	}
}
