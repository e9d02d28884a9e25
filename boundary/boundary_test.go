package boundary_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func TestKeysAreWrittenSoThatNoTwoAreAlike(t *testing.T) {
	name, none := "http", (*string)(nil)
	port := int32(80)
	for _, c := range []struct {
		v    any
		want string
	}{
		{"http", "http"},
		{"eu-west_1.a/b:c", "eu-west_1.a/b:c"},
		{"azAZ09", "azAZ09"},         // the ends of each range of plain characters
		{"`@[{", `"` + "`@[{" + `"`}, // the characters just outside them
		{"a~", `"a~"`},
		{"", `""`},
		{"eu west", `"eu west"`},
		{"null", `"null"`},
		{"true", `"true"`},
		{`q"uote`, `"q\"uote"`},
		{"a,b=c", `"a,b=c"`},
		{"[k]", `"[k]"`},
		{&name, "http"},
		{none, "null"},
		{nil, "null"},
		{true, "true"},
		{&port, "80"},
		{int8(-3), "-3"},
		// Every integer type in decimal (10 and up differ from other bases).
		{int(-12), "-12"},
		{int8(12), "12"},
		{int16(-1234), "-1234"},
		{int32(1234), "1234"},
		{int64(-1234), "-1234"},
		{uint(12), "12"},
		{uint8(200), "200"},
		{uint16(1234), "1234"},
		{uint32(1234), "1234"},
		{float64(1e21), "1e+21"},
		{uint64(math.MaxUint64), "18446744073709551615"},
		{1.5, "1.5"},
		{float32(0.1), "0.10000000149011612"}, // as a float64, as paths have always written it
	} {
		if got := boundary.Key(c.v); got != c.want {
			t.Errorf("Key(%#v) = %s, want %s", c.v, got, c.want)
		}
	}
}

// A stash and a recall by hand, as a hand-written chain would write them:
// an object with a bag at its spec and at a keyed list element, a $twin
// entry, and a status bag.
func TestCarrierRoundTrip(t *testing.T) {
	var c boundary.Carrier
	spec := propertybag.PropertyBag{"MiddleName": `"Theodore"`}
	port := propertybag.PropertyBag{"AppProtocol": `"h2"`}
	status := propertybag.PropertyBag{"Since": `"2024"`}
	c.Bag(".", new(propertybag.PropertyBag)) // empty: no bag
	c.Bag("spec", &spec)
	c.Bag("spec.ports[name="+boundary.Key("web")+"]", &port)
	c.Bag("status", &status)
	if err := c.Twin("spec", "replicas", nil); err != nil {
		t.Fatal(err)
	}
	var meta metav1.ObjectMeta
	meta.Annotations = map[string]string{"keep": "me"}
	shared := meta.Annotations
	var statusBags propertybag.Bags
	if err := c.Done(&meta, &statusBags); err != nil {
		t.Fatal(err)
	}
	const want = `{"spec":{"$twin":{"replicas":null},"MiddleName":"Theodore"},"spec.ports[name=web]":{"AppProtocol":"h2"}}`
	if got := meta.Annotations[boundary.Annotation]; got != want {
		t.Errorf("annotation %s, want %s", got, want)
	}
	if _, ok := shared[boundary.Annotation]; ok {
		t.Error("Done modified the annotations map in place")
	}
	if statusBags["status"]["Since"] != `"2024"` || len(statusBags) != 1 {
		t.Errorf("status bags %v", statusBags)
	}
	if _, ok := spec["$twin"]; ok {
		t.Error("Done added the $twin entry to the twin's own bag")
	}

	// Back: the twin's structs after the copy, with a value the copy put
	// into the spec's bag, which wins.
	var r boundary.Carrier
	if err := r.Open(meta.Annotations, statusBags); err != nil {
		t.Fatal(err)
	}
	twinSpec := propertybag.PropertyBag{"MiddleName": `"Ted"`}
	var twinPort, twinStatus propertybag.PropertyBag
	var replicas = new(int32)
	walks := 0
	for r.Next() {
		walks++
		r.Bag("spec", &twinSpec)
		if err := boundary.Restore(&r, "spec", "replicas", &replicas, true, nil); err != nil {
			t.Fatal(err)
		}
		r.Bag("spec.ports[name=web]", &twinPort)
		r.Bag("status", &twinStatus)
	}
	twin := metav1.ObjectMeta{Annotations: meta.Annotations}
	if err := r.Done(&twin, nil); err != nil {
		t.Fatal(err)
	}
	if walks != 2 {
		t.Errorf("%d walks, want 2", walks)
	}
	if twinSpec["MiddleName"] != `"Ted"` || twinPort["AppProtocol"] != `"h2"` || twinStatus["Since"] != `"2024"` {
		t.Errorf("bags back: spec %v, port %v, status %v", twinSpec, twinPort, twinStatus)
	}
	if replicas != nil {
		t.Errorf("replicas %v, want absent again", *replicas)
	}
	if _, ok := twin.Annotations[boundary.Annotation]; ok || twin.Annotations["keep"] != "me" {
		t.Errorf("twin annotations %v", twin.Annotations)
	}
}

func TestRecallGivesADuplicatePlaceNothing(t *testing.T) {
	var r boundary.Carrier
	if err := r.Open(map[string]string{boundary.Annotation: `{"spec.ports[name=a]":{"X":1}}`}, nil); err != nil {
		t.Fatal(err)
	}
	var first, second propertybag.PropertyBag
	for r.Next() {
		r.Bag("spec.ports[name=a]", &first)
		r.Bag("spec.ports[name=a]", &second)
	}
	if first != nil || second != nil {
		t.Errorf("two elements with the same keys got %v and %v", first, second)
	}
}

func TestRecallKeepsBagsBelowANullStruct(t *testing.T) {
	var r boundary.Carrier
	if err := r.Open(map[string]string{boundary.Annotation: `{"spec.owner.address":{"X":1}}`}, nil); err != nil {
		t.Fatal(err)
	}
	r.Next()
	if !r.Bag("spec.owner", nil) || !r.Bag("spec", nil) {
		t.Error("Bag(path, nil) does not see the bag below spec.owner")
	}
	if r.Bag("spec.own", nil) || r.Bag("spec.owner.addr", nil) {
		t.Error("Bag(path, nil) sees a bag below a path that is only a prefix of its path")
	}
}

// A bag that held only its $twin entry leaves no bag behind (nil, not
// empty), and Restore changes the twin's field only where the version
// still shows what it showed: a value the client set is kept.
func TestRecallOfTwinEntries(t *testing.T) {
	var r boundary.Carrier
	if err := r.Open(map[string]string{boundary.Annotation: `{"spec":{"$twin":{"replicas":0,"paused":null}}}`}, nil); err != nil {
		t.Fatal(err)
	}
	var bag propertybag.PropertyBag
	replicas, paused := (*int32)(nil), new(bool)
	client := paused
	for r.Next() {
		r.Bag("spec", &bag)
		if err := boundary.Restore(&r, "spec", "replicas", &replicas, true, func(v *int32) bool { return *v == 0 }); err != nil {
			t.Fatal(err)
		}
		if err := boundary.Restore(&r, "spec", "paused", &paused, false, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Done(&metav1.ObjectMeta{}, nil); err != nil {
		t.Fatal(err)
	}
	if bag != nil {
		t.Errorf("bag %#v, want nil: it held only the $twin entry", bag)
	}
	if replicas == nil || *replicas != 0 {
		t.Errorf("replicas %v, want the explicit 0 the entry holds", replicas)
	}
	if paused != client {
		t.Errorf("paused %v, want the value the client set (not shown as it was, so not restored)", paused)
	}
}

func TestCarrierErrorsNameWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		name        string
		annotations map[string]string
		status      propertybag.Bags
		restore     func(r *boundary.Carrier) error
		want        string
	}{
		{"not JSON", map[string]string{boundary.Annotation: "{"}, nil, nil, boundary.Annotation},
		{"status bag in the annotation", map[string]string{boundary.Annotation: `{"status":{"X":1}}`}, nil, nil, `names the status bag "status"`},
		{"spec bag in the status", nil, propertybag.Bags{"spec": {"X": "1"}}, nil, `holds the bag "spec", which lies outside status`},
		{"$twin not an object", map[string]string{boundary.Annotation: `{"spec":{"$twin":[1]}}`}, nil, nil, "is not a JSON object"},
		{"$twin null", nil, propertybag.Bags{"status": {"$twin": "null"}}, nil, "is not a JSON object"},
		{"$twin two objects", nil, propertybag.Bags{"status": {"$twin": `{"a":null} {"b":null}`}}, nil, "is not a JSON object"},
		{"$twin names an unknown property", map[string]string{boundary.Annotation: `{"spec":{"$twin":{"color":null}}}`}, nil,
			func(r *boundary.Carrier) error { return nil }, `names "color"`},
		{"$twin value for a required property", map[string]string{boundary.Annotation: `{"spec":{"$twin":{"replicas":0}}}`}, nil,
			func(r *boundary.Carrier) error {
				var p *int32
				return boundary.Restore(r, "spec", "replicas", &p, true, nil)
			}, `"replicas" can only be null`},
		{"$twin value that would show", map[string]string{boundary.Annotation: `{"spec":{"$twin":{"replicas":3}}}`}, nil,
			func(r *boundary.Carrier) error {
				var p *int32
				return boundary.Restore(r, "spec", "replicas", &p, true, func(v *int32) bool { return *v == 0 })
			}, "which this version would show"},
		{"$twin value of another type", map[string]string{boundary.Annotation: `{"spec":{"$twin":{"replicas":"x"}}}`}, nil,
			func(r *boundary.Carrier) error {
				var p *int32
				return boundary.Restore(r, "spec", "replicas", &p, true, func(v *int32) bool { return *v == 0 })
			}, "does not fit int32"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r boundary.Carrier
			err := r.Open(c.annotations, c.status)
			for err == nil && r.Next() {
				var bag propertybag.PropertyBag
				r.Bag("spec", &bag)
				if c.restore != nil {
					err = c.restore(&r)
				}
			}
			if err == nil {
				err = r.Done(&metav1.ObjectMeta{}, nil)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// Only the bags at status and below travel in the status: a bag at a root
// field whose name merely begins with "status" travels in the annotation.
func TestStatusBagsAreThoseUnderStatus(t *testing.T) {
	var c boundary.Carrier
	history := propertybag.PropertyBag{"X": "1"}
	cond := propertybag.PropertyBag{"Y": "2"}
	c.Bag("statusHistory", &history)
	c.Bag("status.conditions[0]", &cond)
	var meta metav1.ObjectMeta
	var statusBags propertybag.Bags
	if err := c.Done(&meta, &statusBags); err != nil {
		t.Fatal(err)
	}
	if got, want := meta.Annotations[boundary.Annotation], `{"statusHistory":{"X":1}}`; got != want {
		t.Errorf("annotation %s, want %s", got, want)
	}
	if len(statusBags) != 1 || statusBags["status.conditions[0]"]["Y"] != "2" {
		t.Errorf("status bags %v, want only status.conditions[0]", statusBags)
	}
}

func TestStashWithoutStatusBagsFieldFails(t *testing.T) {
	var c boundary.Carrier
	bag := propertybag.PropertyBag{"X": "1"}
	c.Bag("status.conditions[0]", &bag)
	err := c.Done(&metav1.ObjectMeta{}, nil)
	if err == nil || !strings.Contains(err.Error(), "status.conditions[0]") {
		t.Errorf("error %v, want one naming the status bag", err)
	}
}

func TestStashDropsStaleTwinEntriesAndRemovesTheAnnotation(t *testing.T) {
	var c boundary.Carrier
	bag := propertybag.PropertyBag{"$twin": `{"old":null}`}
	c.Bag("spec", &bag)
	meta := metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: "{}"}}
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	if meta.Annotations != nil {
		t.Errorf("annotations %v, want none: the only bag held only a stale $twin entry", meta.Annotations)
	}
	if bag["$twin"] == "" {
		t.Error("Done changed the twin's own bag")
	}
}

// A hand-written API version carries the bags of its twin with a Carrier.
func ExampleCarrier() {
	twinSpecBag := propertybag.PropertyBag{"MiddleName": `"Theodore"`}
	var c boundary.Carrier
	c.Bag("spec", &twinSpecBag)
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		fmt.Println(err)
	}
	fmt.Println(meta.Annotations[boundary.Annotation])
	// Output: {"spec":{"MiddleName":"Theodore"}}
}

// Twin records the twin's value as JSON (null for absent), keeps every
// entry of a struct and of each struct, records nothing for a value whose
// JSON is null (it reads back as absent anyway), and names the property
// whose value cannot be encoded.
func TestTwinRecordsEachEntry(t *testing.T) {
	var c boundary.Carrier
	zero, off := int32(0), false
	for _, e := range []struct {
		path, name string
		value      any
	}{
		{"spec", "replicas", &zero},
		{"spec", "paused", &off},
		{"spec", "owner", nil},
		{"spec", "since", &metav1.Time{}},
		{"spec.ports[name=web]", "port", nil},
	} {
		if err := c.Twin(e.path, e.name, e.value); err != nil {
			t.Fatal(err)
		}
	}
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	const want = `{"spec":{"$twin":{"owner":null,"paused":false,"replicas":0}},"spec.ports[name=web]":{"$twin":{"port":null}}}`
	if got := meta.Annotations[boundary.Annotation]; got != want {
		t.Errorf("annotation %s, want %s", got, want)
	}

	err := c.Twin("spec", "callback", func() {})
	if err == nil || !strings.Contains(err.Error(), "spec.callback") {
		t.Errorf("error %v, want one naming spec.callback", err)
	}
}

// A stale $twin entry in a bag of the twin that holds more is dropped and
// the rest of the bag kept; where Twin records an entry, it replaces the
// stale one.
func TestStashReplacesStaleTwinEntries(t *testing.T) {
	var c boundary.Carrier
	spec := propertybag.PropertyBag{"$twin": `{"old":null}`, "X": "1"}
	port := propertybag.PropertyBag{"$twin": `{"old":null}`, "Y": "2"}
	c.Bag("spec", &spec)
	c.Bag("spec.ports[0]", &port)
	if err := c.Twin("spec.ports[0]", "port", nil); err != nil {
		t.Fatal(err)
	}
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	const want = `{"spec":{"X":1},"spec.ports[0]":{"$twin":{"port":null},"Y":2}}`
	if got := meta.Annotations[boundary.Annotation]; got != want {
		t.Errorf("annotation %s, want %s", got, want)
	}
	if spec["$twin"] == "" || port["$twin"] != `{"old":null}` {
		t.Errorf("Done changed the twin's own bags: spec %v, port %v", spec, port)
	}
}

// A $twin entry under status travels in the status bags, like the bag it
// belongs to.
func TestStatusTwinEntriesTravelInTheStatus(t *testing.T) {
	var c boundary.Carrier
	if err := c.Twin("status", "phase", nil); err != nil {
		t.Fatal(err)
	}
	var meta metav1.ObjectMeta
	var statusBags propertybag.Bags
	if err := c.Done(&meta, &statusBags); err != nil {
		t.Fatal(err)
	}
	if meta.Annotations != nil {
		t.Errorf("annotations %v, want none", meta.Annotations)
	}
	if got := statusBags["status"]["$twin"]; got != `{"phase":null}` || len(statusBags) != 1 {
		t.Errorf("status bags %v, want only status with its $twin entry", statusBags)
	}
}

// An object that carries nothing to recall needs no walk.
func TestRecallOfNothingWalksNot(t *testing.T) {
	var r boundary.Carrier
	if err := r.Open(map[string]string{"other": "x"}, nil); err != nil {
		t.Fatal(err)
	}
	if r.Next() {
		t.Error("Next reports a walk, but the object carries no bags")
	}
}

// Bag(path, nil) sees a $twin entry below path as it sees a bag, and only
// below path.
func TestRecallKeepsTwinEntriesBelowANullStruct(t *testing.T) {
	var r boundary.Carrier
	if err := r.Open(map[string]string{boundary.Annotation: `{"spec.owner":{"$twin":{"age":null}}}`}, nil); err != nil {
		t.Fatal(err)
	}
	r.Next()
	if !r.Bag("spec.owner", nil) || !r.Bag("spec", nil) {
		t.Error("Bag(path, nil) does not see the $twin entry at spec.owner")
	}
	if r.Bag("spec.other", nil) || r.Bag("spec.owner.address", nil) {
		t.Error("Bag(path, nil) sees a $twin entry that is not at or below its path")
	}
}

// In the placing walk, Bag(path, nil) makes a struct only for what will be
// put in it: the walk below (here the struct at spec.owner, with its field
// address, which the counting walk reached through the struct the copy
// made, and which a twinKey entry null then set back to nil) keeps a bag
// or an entry there, but a path that names nothing there, an empty bag, or
// a place reached twice leaves no empty struct. The counting walk still
// makes the struct for all of them, to count below it.
func TestPlacingWalkMakesAStructOnlyForWhatLands(t *testing.T) {
	for _, c := range []struct {
		annotation string
		want       bool
	}{
		{`{"spec.owner":{"X":1}}`, true},
		{`{"spec.owner.address":{"X":1}}`, true},
		{`{"spec.owner":{"$twin":{"age":null}}}`, true},
		{`{"spec.owner.bogus":{"X":1}}`, false},
		{`{"spec.owner.address.deeper":{"X":1}}`, false},
		{`{"spec.owner.address":{}}`, false},
		{`{"spec.owner.tags[0]":{"X":1}}`, false}, // reached twice below
		{`{"spec.owner.bogus":{"X":1},"spec.owner.address":{"X":1}}`, true},
	} {
		var r boundary.Carrier
		if err := r.Open(map[string]string{boundary.Annotation: c.annotation}, nil); err != nil {
			t.Fatal(err)
		}
		var counting, placing bool
		for r.Next() {
			if !counting {
				// The counting walk, through the struct the copy made.
				counting = r.Bag("spec.owner", nil)
				var owner, address, tag propertybag.PropertyBag
				var age *int32
				r.Bag("spec.owner", &owner)
				if err := boundary.Restore(&r, "spec.owner", "age", &age, true, nil); err != nil {
					t.Fatal(err)
				}
				r.Bag("spec.owner.address", &address)
				r.Bag("spec.owner.tags[0]", &tag)
				r.Bag("spec.owner.tags[0]", &tag)
				continue
			}
			placing = r.Bag("spec.owner", nil)
		}
		if !counting {
			t.Errorf("%s: the counting walk makes no struct at spec.owner", c.annotation)
		}
		if placing != c.want {
			t.Errorf("%s: the placing walk makes a struct at spec.owner: %v, want %v", c.annotation, placing, c.want)
		}
	}
}

// A $twin entry whose path is reached twice (list elements with the same
// keys) is restored to neither, as its bag is given to neither.
func TestRecallRestoresADuplicatePlaceNothing(t *testing.T) {
	var r boundary.Carrier
	if err := r.Open(map[string]string{boundary.Annotation: `{"spec.ports[name=a]":{"$twin":{"port":0}}}`}, nil); err != nil {
		t.Fatal(err)
	}
	var first, second *int32
	zero := func(v *int32) bool { return *v == 0 }
	for r.Next() {
		for _, port := range []**int32{&first, &second} {
			var bag propertybag.PropertyBag
			r.Bag("spec.ports[name=a]", &bag)
			if err := boundary.Restore(&r, "spec.ports[name=a]", "port", port, true, zero); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := r.Done(&metav1.ObjectMeta{}, nil); err != nil {
		t.Fatal(err)
	}
	if first != nil || second != nil {
		t.Errorf("two elements with the same keys got ports %v and %v, want both absent", first, second)
	}
}

// A $twin entry at a place the walk does not reach (the client removed the
// element) is dropped with its place, not checked: no Restore names its
// properties there, and that is no error.
func TestRecallDropsTwinEntriesOfRemovedPlaces(t *testing.T) {
	var r boundary.Carrier
	if err := r.Open(map[string]string{boundary.Annotation: `{"spec.ports[name=gone]":{"$twin":{"port":null}}}`}, nil); err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var bag propertybag.PropertyBag
		r.Bag("spec", &bag)
	}
	if err := r.Done(&metav1.ObjectMeta{}, nil); err != nil {
		t.Errorf("error %v, want none: the entry's place is gone", err)
	}
}

// Recalling changes neither what Open is given nor the annotations map of
// the twin's metadata, which it replaces.
func TestRecallModifiesNoArgument(t *testing.T) {
	annotations := map[string]string{boundary.Annotation: `{"spec":{"$twin":{"replicas":null},"X":1}}`, "keep": "me"}
	status := propertybag.Bags{"status": {"$twin": `{"phase":null}`, "Y": "2"}}
	var r boundary.Carrier
	if err := r.Open(annotations, status); err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var spec, st propertybag.PropertyBag
		var replicas, phase *string
		r.Bag("spec", &spec)
		r.Bag("status", &st)
		if err := boundary.Restore(&r, "spec", "replicas", &replicas, true, nil); err != nil {
			t.Fatal(err)
		}
		if err := boundary.Restore(&r, "status", "phase", &phase, true, nil); err != nil {
			t.Fatal(err)
		}
	}
	meta := metav1.ObjectMeta{Annotations: annotations}
	if err := r.Done(&meta, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := meta.Annotations[boundary.Annotation]; ok || meta.Annotations["keep"] != "me" {
		t.Errorf("twin annotations %v, want only keep", meta.Annotations)
	}
	if len(annotations) != 2 || annotations[boundary.Annotation] != `{"spec":{"$twin":{"replicas":null},"X":1}}` {
		t.Errorf("Done modified the annotations map in place: %v", annotations)
	}
	if status["status"]["$twin"] != `{"phase":null}` || status["status"]["Y"] != "2" {
		t.Errorf("Open modified the status bags it was given: %v", status)
	}
}

// Bags outside status with no metadata to carry them are an error naming
// them, and the failed Done changes nothing, not even the status bags.
func TestStashWithoutMetadataFails(t *testing.T) {
	var c boundary.Carrier
	spec := propertybag.PropertyBag{"X": "1"}
	st := propertybag.PropertyBag{"Y": "2"}
	c.Bag("spec", &spec)
	c.Bag("status", &st)
	var statusBags propertybag.Bags
	err := c.Done(nil, &statusBags)
	if err == nil || !strings.Contains(err.Error(), "no metadata to carry the bags spec") {
		t.Errorf("error %v, want one naming the bag spec", err)
	}
	if statusBags != nil {
		t.Errorf("status bags %v after a failed Done, want them unchanged (nil)", statusBags)
	}
}

// A $twin value of a struct is decoded strictly: a field the struct does
// not have is an error, not an empty value.
func TestRestoreDecodesStrictly(t *testing.T) {
	type ref struct{ Name string }
	var r boundary.Carrier
	if err := r.Open(map[string]string{boundary.Annotation: `{"spec":{"$twin":{"ref":{"Nmae":""}}}}`}, nil); err != nil {
		t.Fatal(err)
	}
	var err error
	for err == nil && r.Next() {
		var bag propertybag.PropertyBag
		var dst *ref
		r.Bag("spec", &bag)
		err = boundary.Restore(&r, "spec", "ref", &dst, true, func(v *ref) bool { return *v == ref{} })
	}
	if err == nil || !strings.Contains(err.Error(), `unknown field "Nmae"`) {
		t.Errorf("error %v, want one naming the unknown field", err)
	}
}

// A bag whose path the annotation cannot carry (one beginning with "$",
// which MarshalBags reserves) is an error of Done wrapping ErrEncode, and
// the failed Done leaves the object as it was: an earlier annotation and
// the status bags stay, rather than the bag being silently dropped.
func TestStashOfAReservedPathFails(t *testing.T) {
	var c boundary.Carrier
	bag := propertybag.PropertyBag{"X": "1"}
	st := propertybag.PropertyBag{"Y": "2"}
	c.Bag("$spec", &bag)
	c.Bag("status", &st)
	meta := metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec":{"Old":1}}`}}
	var statusBags propertybag.Bags
	err := c.Done(&meta, &statusBags)
	if !errors.Is(err, propertybag.ErrEncode) || !strings.Contains(err.Error(), `"$spec"`) {
		t.Errorf("error %v, want one wrapping ErrEncode naming the bag $spec", err)
	}
	if got := meta.Annotations[boundary.Annotation]; got != `{"spec":{"Old":1}}` {
		t.Errorf("annotation %q after a failed Done, want it unchanged", got)
	}
	if statusBags != nil {
		t.Errorf("status bags %v after a failed Done, want them unchanged (nil)", statusBags)
	}
}

// Many bags: the Carrier keeps the first few paths in place and the rest in
// maps; every bag travels and comes back, a path stashed twice keeps the
// later bag, and a path reached twice on the way back (past the first
// few) gets nothing, wherever it lies.
func TestCarrierManyPlaces(t *testing.T) {
	const n = 12
	path := func(i int) string { return fmt.Sprintf("spec.items[%d]", i) }
	var c boundary.Carrier
	for i := range n {
		c.Bag(path(i), &propertybag.PropertyBag{"Old": `"stale"`})
	}
	for i := range n {
		c.Bag(path(i), &propertybag.PropertyBag{"I": fmt.Sprint(i)})
	}
	var meta metav1.ObjectMeta
	if err := c.Done(&meta, new(propertybag.Bags)); err != nil {
		t.Fatal(err)
	}
	back, err := propertybag.UnmarshalBags(meta.Annotations[boundary.Annotation])
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != n {
		t.Errorf("%d bags in the annotation, want %d: %v", len(back), n, back)
	}
	for i := range n {
		if got := back[path(i)]; len(got) != 1 || got["I"] != fmt.Sprint(i) {
			t.Errorf("bag %s = %v, want the later one", path(i), got)
		}
	}
	for _, dup := range []int{0, 3, 10} {
		var r boundary.Carrier
		if err := r.Open(meta.Annotations, nil); err != nil {
			t.Fatal(err)
		}
		twin := make([]propertybag.PropertyBag, n+1)
		for r.Next() {
			for i := range n {
				r.Bag(path(i), &twin[i])
			}
			r.Bag(path(dup), &twin[n]) // a second element with the same keys
		}
		for i := range n {
			if want := fmt.Sprint(i); i == dup && twin[i] != nil || i != dup && twin[i]["I"] != want {
				t.Errorf("dup %d: bag %s came back as %v", dup, path(i), twin[i])
			}
		}
		if twin[n] != nil {
			t.Errorf("dup %d: the duplicate got %v", dup, twin[n])
		}
	}
}

// The Carrier needs no map of its own for an object with a bag or two: a
// stash allocates the annotation's text and the object's new annotations
// and status bags, a recall what it reads (the bags and the status bags'
// copy, which it must not modify).
func TestCarrierAllocations(t *testing.T) {
	spec := propertybag.PropertyBag{"MiddleName": `"Theodore"`}
	status := propertybag.PropertyBag{"Since": `"2024"`}
	var meta metav1.ObjectMeta
	var statusBags propertybag.Bags
	stash := testing.AllocsPerRun(100, func() {
		var c boundary.Carrier
		c.Bag(".", new(propertybag.PropertyBag))
		c.Bag("spec", &spec)
		c.Bag("status", &status)
		meta, statusBags = metav1.ObjectMeta{}, nil
		if err := c.Done(&meta, &statusBags); err != nil {
			t.Fatal(err)
		}
	})
	// The text (1), the annotations map and the status bags (2 each: a map
	// and its table).
	if stash != 5 {
		t.Errorf("stash: %v allocations, want 5", stash)
	}
	recall := testing.AllocsPerRun(100, func() {
		var r boundary.Carrier
		if err := r.Open(meta.Annotations, statusBags); err != nil {
			t.Fatal(err)
		}
		var twinSpec, twinStatus propertybag.PropertyBag
		for r.Next() {
			r.Bag(".", new(propertybag.PropertyBag))
			r.Bag("spec", &twinSpec)
			r.Bag("status", &twinStatus)
		}
		if err := r.Done(nil, nil); err != nil {
			t.Fatal(err)
		}
	})
	// The bags read from the annotation and the spec's bag (2 each), the
	// copy of the status bag (2).
	if recall != 6 {
		t.Errorf("recall: %v allocations, want 6", recall)
	}
}

// Bag(path, nil) sees exactly the bags and $twin entries at or below path,
// whatever paths sort between them ("spec.a-b" and "spec.a0" sort between
// "spec.a" and "spec.a.b"; "spec.a[0]" after all of them).
func TestBagOfANullStructSeesOnlyWhatLiesBelow(t *testing.T) {
	var r boundary.Carrier
	annotation := `{"spec.a-b":{"X":1},"spec.a0":{"X":1},"spec.c.d":{"X":1},"spec.e[0]":{"$twin":{"f":null}},"spec.g[\"h.i\"]":{"X":1}}`
	if err := r.Open(map[string]string{boundary.Annotation: annotation}, nil); err != nil {
		t.Fatal(err)
	}
	r.Next()
	for path, want := range map[string]bool{
		"spec": true, "spec.a": false, "spec.a-b": true, "spec.a0": true, "spec.a-": false,
		"spec.c": true, "spec.c.d": true, "spec.c.d.e": false, "spec.c.": false, "spec.": false,
		"spec.e": true, "spec.e[0]": true, "spec.e[1]": false, "spec.e[": false,
		"spec.g": true, `spec.g["h.i"]`: true, "spec.h": false, "": false, "spec.a-b.c": false,
	} {
		if got := r.Bag(path, nil); got != want {
			t.Errorf("Bag(%q, nil) = %v, want %v", path, got, want)
		}
	}
}

// Bag(path, nil), asked at each of tens of thousands of nil structs (the
// elements of a long list whose copy left a struct nil), takes time
// logarithmic in the thousands of bags a client may write (the annotation
// holds 256 KiB), not linear: it took 8.6 s (now 0.05 s, 0.3 s under the
// race detector).
func TestBagOfANullStructIsFastAgainstManyBags(t *testing.T) {
	if testing.Short() {
		t.Skip("times a large recall")
	}
	var b strings.Builder
	b.WriteString("{")
	for i := range 8000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"spec.items[%d].x":{"A":1}`, i)
	}
	b.WriteString("}")
	found := 0
	if elapsed := quickest(2*time.Second, func() {
		var r boundary.Carrier
		if err := r.Open(map[string]string{boundary.Annotation: b.String()}, nil); err != nil {
			t.Fatal(err)
		}
		found = 0
		for r.Next() {
			for i := range 50000 {
				if r.Bag(fmt.Sprintf("spec.items[%d].inner", i), nil) {
					found++
				}
			}
		}
	}); elapsed > 2*time.Second {
		t.Errorf("50000 nil structs against 8000 bags took %v, want well under two seconds", elapsed)
	}
	if found != 0 {
		t.Errorf("%d nil structs see a bag below them, want none", found)
	}
}

// An error names a bag whose path a client made hundreds of kilobytes long
// by an excerpt of it, not by all of it.
func TestErrorsQuoteLongPathsInPart(t *testing.T) {
	long := "status." + strings.Repeat("x", 200000)
	for name, open := range map[string]func(*boundary.Carrier) error{
		"status bag in the annotation": func(r *boundary.Carrier) error {
			return r.Open(map[string]string{boundary.Annotation: `{"` + long + `":{"A":"1"}}`}, nil)
		},
		"bad $twin": func(r *boundary.Carrier) error {
			return r.Open(map[string]string{boundary.Annotation: `{"spec` + long[6:] + `":{"$twin":"no"}}`}, nil)
		},
		"bad fingerprint path": func(r *boundary.Carrier) error {
			return r.Open(map[string]string{boundary.Annotation: `{"#elements":{"spec` + long[6:] + `":"AAAAAAAAAAA"}}`}, nil)
		},
	} {
		var r boundary.Carrier
		err := open(&r)
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if len(err.Error()) > 1000 || !strings.Contains(err.Error(), "…(") {
			t.Errorf("%s: error of %d bytes, want an excerpt of the path: %.300s", name, len(err.Error()), err)
		}
	}
}
