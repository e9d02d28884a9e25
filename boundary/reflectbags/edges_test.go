package reflectbags_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The name of the status fingerprints' bag is reserved too: a twin's bag
// at "status.#elements" is an error, as one at "#elements" is.
func TestStashOfABagAtTheStatusFingerprintsPathFails(t *testing.T) {
	type oddStatus struct {
		Elements carStorage `json:"#elements"`
	}
	type odd struct {
		metav1.TypeMeta   `json:",inline"`
		metav1.ObjectMeta `json:"metadata,omitempty"`
		Status            oddStatus `json:"status,omitempty"`
	}
	src := &odd{Status: oddStatus{Elements: carStorage{PropertyBag: bag("X", `1`)}}}
	api := &gadget{}
	err := reflectbags.Stash(api, src)
	if err == nil || !strings.Contains(err.Error(), `a bag at "status.#elements": the name is reserved`) {
		t.Errorf("error %v, want one naming status.#elements", err)
	}
	if api.Annotations != nil || api.Status.PropertyBags != nil {
		t.Errorf("a failed stash changed dst: annotations %v, status bags %v", api.Annotations, api.Status.PropertyBags)
	}
}

type podStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// An API version whose status is a pointer.
type pod struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            *podStatus `json:"status,omitempty"`
}

// Recall reads a nil status pointer of its source as no status bags; it
// does not make a status for it (Stash does, to write status bags).
func TestRecallLeavesANilStatusOfItsSourceNil(t *testing.T) {
	api := &pod{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec":{"A":1}}`}}}
	dst := &gadgetStorage{}
	if err := reflectbags.Recall(dst, api); err != nil {
		t.Fatal(err)
	}
	if api.Status != nil {
		t.Errorf("Recall made its source a status: %+v", api.Status)
	}
	if dst.Spec.PropertyBag["A"] != "1" {
		t.Errorf("spec bag %v, want A 1", dst.Spec.PropertyBag)
	}
	// Stash, with status bags to write, makes the status.
	if err := reflectbags.Stash(api, &gadgetStorage{Status: gadgetStorageStatus{PropertyBag: bag("R", `1`)}}); err != nil {
		t.Fatal(err)
	}
	if api.Status == nil || api.Status.PropertyBags["status"]["R"] != "1" {
		t.Errorf("stashed status %+v, want the status bag", api.Status)
	}
}

type keyedStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		// One key, and two written with a space after the comma (as a
		// hand-written tag may be).
		Parts []partStorage `json:"parts,omitempty" hubspoke:"listMapKey=name"`
		Ports []portStorage `json:"ports,omitempty" hubspoke:"listMapKey=port, listMapKey=protocol"`
	} `json:"spec,omitempty"`
}

// The elements of a list with one list-map key, and of one whose tag
// spaces its keys, are named by their keys.
func TestBagPathsOfKeyedElements(t *testing.T) {
	src := &keyedStorage{}
	src.Spec.Parts = []partStorage{{Name: str("a"), PropertyBag: bag("X", `1`)}}
	src.Spec.Ports = []portStorage{{Port: i32(80), Protocol: str("TCP"), PropertyBag: bag("Y", `2`)}}
	api := &gadget{}
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	annotation := api.Annotations[boundary.Annotation]
	for _, want := range []string{`"spec.parts[name=a]":{"X":1}`, `"spec.ports[port=80,protocol=TCP]":{"Y":2}`} {
		if !strings.Contains(annotation, want) {
			t.Errorf("annotation %s lacks %s", annotation, want)
		}
	}
}

// A $twin entry that is JSON null, or a JSON object followed by more text
// (a status bag written in memory), is not a JSON object of property
// values: Recall says so and leaves dst as it was.
func TestRecallRejectsTwinEntriesThatAreNoObject(t *testing.T) {
	for _, c := range []struct {
		name string
		api  *valve
	}{
		{"null", &valve{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec":{"$twin":null}}`}}}},
		{"trailing text", &valve{Status: valveStatus{PropertyBags: propertybag.Bags{"status": {"$twin": `{"ready":null} {}`}}}}},
	} {
		dst := &valveStorage{Spec: valveStorageSpec{Replicas: to[int32](7), Limits: &limitsStorage{}}, Status: valveStorageStatus{Ready: to(false)}}
		keep := clone(t, dst)
		err := reflectbags.Recall(dst, c.api)
		if err == nil || !strings.Contains(err.Error(), "$twin is not a JSON object") {
			t.Errorf("%s: got %v, want an error saying $twin is not a JSON object", c.name, err)
		}
		if got, want := jsonText(dst), jsonText(keep); got != want {
			t.Errorf("%s: a failed recall changed dst: %s, was %s", c.name, got, want)
		}
	}
}

type omitStringStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
		Paused      *bool                   `json:"paused,omitempty"`
	} `json:"spec,omitempty"`
}

type omitString struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Paused bool `json:"paused,omitempty,string"`
	} `json:"spec,omitempty"`
}

// omitempty is an option wherever it stands in the tag: an explicit false
// the version shows as absent needs its entry.
func TestOmitEmptyBeforeAnotherOption(t *testing.T) {
	twin := &omitStringStorage{}
	twin.Spec.Paused = to(false)
	entries, err := reflectbags.TwinEntriesForTest(&omitString{}, twin)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"paused":false}`; entries["spec"] != want {
		t.Errorf("entries %v, want spec: %s", entries, want)
	}
}

type reshapedStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Items []carStorage            `json:"items,omitempty"`
		Yards map[string][]carStorage `json:"yards,omitempty"`
	} `json:"spec,omitempty"`
}

type yardName string

// A version whose list is a map under the same name, or whose map has keys
// of another type.
type reshaped struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Items map[string]car     `json:"items,omitempty"`
		Yards map[yardName][]car `json:"yards,omitempty"`
	} `json:"spec,omitempty"`
}

// Where the version holds a list of the twin as a map, or a map with keys
// of another type, the walks that fingerprint and pair list elements find
// no list to pair there (and do not panic): the bags keep their indexes.
func TestListsTheVersionHoldsOtherwise(t *testing.T) {
	twin := &reshapedStorage{}
	twin.Spec.Items = []carStorage{{Name: str("a"), PropertyBag: bag("X", `1`)}}
	twin.Spec.Yards = map[string][]carStorage{"west": {{Name: str("b"), PropertyBag: bag("Y", `2`)}}}
	api := &reshaped{}
	api.Spec.Items = map[string]car{"0": {Name: "a"}}
	api.Spec.Yards = map[yardName][]car{"west": {{Name: "b"}}}
	if err := reflectbags.Stash(api, twin); err != nil {
		t.Fatal(err)
	}
	// A client's fingerprints for those lists are paired with nothing.
	api.Annotations[boundary.Annotation] = `{"#elements":{"spec.items[0]":"AAAAAAAAAAA","spec.yards[west][0]":"AAAAAAAAAAA"},"spec.items[0]":{"X":1},"spec.yards[west][0]":{"Y":2}}`
	back := &reshapedStorage{}
	back.Spec.Items = []carStorage{{Name: str("a")}}
	back.Spec.Yards = map[string][]carStorage{"west": {{Name: str("b")}}}
	if err := reflectbags.Recall(back, api); err != nil {
		t.Fatal(err)
	}
	if back.Spec.Items[0].PropertyBag["X"] != "1" || back.Spec.Yards["west"][0].PropertyBag["Y"] != "2" {
		t.Errorf("recalled items %v, yards %v: want the bags at their indexes", jsonText(back.Spec.Items), jsonText(back.Spec.Yards))
	}
}

type heldStatus struct {
	Ready        bool             `json:"ready,omitempty"`
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

type heldStatusTwin struct {
	Ready       *bool                   `json:"ready,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

// A version that holds its status by value.
type heldByValue struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            heldStatus `json:"status,omitempty"`
}

// Its twin, which holds the status by pointer.
type heldByPointer struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Status            *heldStatusTwin         `json:"status,omitempty"`
}

// Where the twin holds its status by pointer and the version by value, no
// $twin entry tells an absent status from an empty one: it would sit in
// the object's bag, in the annotation, which a client who may not write
// status may write, and turn the status it finds empty into none.
func TestNoTwinEntryForTheStatusItself(t *testing.T) {
	api := &heldByValue{}
	if err := reflectbags.Stash(api, &heldByPointer{}); err != nil {
		t.Fatal(err)
	}
	if api.Annotations != nil || api.Status.PropertyBags != nil {
		t.Errorf("a twin without status stashed annotations %v, status bags %v; want none", api.Annotations, api.Status.PropertyBags)
	}
	api.Annotations = map[string]string{boundary.Annotation: `{".":{"$twin":{"status":null}}}`}
	dst := &heldByPointer{Status: &heldStatusTwin{}}
	err := reflectbags.Recall(dst, api)
	if err == nil || !strings.Contains(err.Error(), "$twin names") {
		t.Errorf("Recall of an entry for the status in the annotation: error %v, want one naming the $twin entry", err)
	}
	if dst.Status == nil {
		t.Error("the entry in the annotation removed the status")
	}
}
