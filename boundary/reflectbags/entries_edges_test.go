package reflectbags_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A recursive type whose recursion comes before its plain value.
type kidsFirstStorage struct {
	Kids        []kidsFirstStorage      `json:"kids,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Value       *int32                  `json:"value,omitempty"`
}

type kidsFirst struct {
	Kids  []kidsFirst `json:"kids,omitempty"`
	Value int32       `json:"value"`
}

// A resource whose plain value sits at the object itself, beside a
// recursive spec.
type rootValueStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Replicas          *int32                  `json:"replicas,omitempty"`
	Spec              kidsFirstStorage        `json:"spec,omitempty"`
}

type rootValue struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Replicas          int32     `json:"replicas"`
	Spec              kidsFirst `json:"spec,omitempty"`
}

// Entries are found below a recursion declared before the struct's own
// plain value, and at the object itself, whose entry is at ".".
func TestTwinEntriesAtTheRootAndBelowARecursion(t *testing.T) {
	twin := &rootValueStorage{Spec: kidsFirstStorage{Value: to[int32](1), Kids: []kidsFirstStorage{{}}}}
	api := &rootValue{Spec: kidsFirst{Value: 1, Kids: []kidsFirst{{}}}}
	entries, err := reflectbags.TwinEntriesForTest(api, twin)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{".": `{"replicas":null}`, "spec.kids[0]": `{"value":null}`}
	if jsonText(entries) != jsonText(want) {
		t.Errorf("entries %v, want %v", entries, want)
	}
}

// Stash only reads src: the entry it adds to the bag of a struct goes into
// a copy of the twin's bag.
func TestStashLeavesTheTwinsBagsAlone(t *testing.T) {
	twin := &valveStorage{Spec: valveStorageSpec{PropertyBag: bag("color", `"red"`), Limits: &limitsStorage{CPU: to[int64](1)}}}
	api := mustValve(t, twin)
	if !strings.Contains(api.Annotations[boundary.Annotation], `"$twin"`) {
		t.Fatalf("no entry stashed: %v", api.Annotations)
	}
	if len(twin.Spec.PropertyBag) != 1 {
		t.Errorf("Stash changed the twin's bag: %v", twin.Spec.PropertyBag)
	}
}

// Stash replaces the status bags dst holds, with none when src has none.
func TestStashRemovesStaleStatusBags(t *testing.T) {
	api := &gadget{Status: gadgetStatus{PropertyBags: propertybag.Bags{"status": {"Old": `1`}}}}
	if err := reflectbags.Stash(api, &gadgetStorage{Spec: gadgetStorageSpec{PropertyBag: bag("A", `1`)}}); err != nil {
		t.Fatal(err)
	}
	if api.Status.PropertyBags != nil {
		t.Errorf("status bags %v, want none", api.Status.PropertyBags)
	}
}

// The error naming a status bag in the annotation shows an excerpt of a
// long path, not all of it.
func TestStatusBagInTheAnnotationErrorIsShort(t *testing.T) {
	long := "status." + strings.Repeat("x", 100000)
	api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"` + long + `":{"A":1}}`}}}
	err := reflectbags.Recall(&gadgetStorage{}, api)
	if err == nil || len(err.Error()) > 1000 || !strings.Contains(err.Error(), "…(100007 bytes)") {
		t.Errorf("error of %d bytes, want an excerpt of the path: %.300v", len(err.Error()), err)
	}
}

// An entry alone (no bag) below a struct the version holds by value, which
// the copy left nil, is kept in a struct made for it.
func TestRecallMakesAStructForAnEntryAlone(t *testing.T) {
	api := &valve{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec.limits":{"$twin":{"cpu":null}}}`}}}
	dst := &valveStorage{Spec: valveStorageSpec{Replicas: to[int32](0)}}
	if err := reflectbags.Recall(dst, api); err != nil {
		t.Fatal(err)
	}
	if dst.Spec.Limits == nil || dst.Spec.Limits.CPU != nil {
		t.Errorf("limits %v, want a struct with cpu absent", jsonText(dst.Spec.Limits))
	}
}

// A $twin entry null for a struct (the twin held none) beside a bag in
// that struct, which no stash writes: the bag is kept, in a struct made
// for it that holds nothing else, as the generated transport keeps it (its
// Restore sets the pointer to nil, then its walk makes the struct anew for
// what lands there); reflectbags dropped it with the struct.
func TestRecallKeepsABagInAStructItsEntrySaysWasNil(t *testing.T) {
	for _, c := range []struct{ annotation, want string }{
		{`{"spec":{"$twin":{"limits":null}},"spec.limits":{"X":1}}`, `{"$propertyBag":{"X":"1"}}`},
		{`{"spec":{"$twin":{"limits":null}},"spec.limits":{"X":1,"$twin":{"cpu":null}}}`, `{"$propertyBag":{"X":"1"}}`},
		// Nothing lands there: the entry holds.
		{`{"spec":{"$twin":{"limits":null}}}`, `null`},
		{`{"spec":{"$twin":{"limits":null}},"spec.limits":{}}`, `null`},
	} {
		api := &valve{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: c.annotation}}}
		dst, err := fromValve(api)
		if err != nil {
			t.Fatalf("%s: %v", c.annotation, err)
		}
		if got := jsonText(dst.Spec.Limits); got != c.want {
			t.Errorf("%s: limits %s, want %s", c.annotation, got, c.want)
		}
	}
}
