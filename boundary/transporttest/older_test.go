package transporttest

import (
	"encoding/json"
	"errors"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A marina, in two storage twins alike but for their list-map keys: the
// twin of now declares them (docks by name, in spec, inlined, in the
// values of a map with a named key type and in status; berths by number
// below each dock; ports by name and protocol), the twin of an older
// release declares none. Crews have no keys in either.
type marinaNow struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              marinaNowSpec   `json:"spec,omitempty"`
	Status            marinaNowStatus `json:"status,omitempty"`
}

type marinaNowSpec struct {
	PropertyBag    propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	MarinaNowQuays `json:",inline"`
	Ports          []marinaPortTwin                    `json:"ports,omitempty" hubspoke:"listMapKey=name,listMapKey=protocol"`
	Zones          map[marinaZoneTwinKey]marinaNowZone `json:"zones,omitempty"`
}

type MarinaNowQuays struct {
	Docks []marinaNowDock `json:"docks,omitempty" hubspoke:"listMapKey=name"`
}

type marinaNowZone struct {
	Docks []marinaNowDock `json:"docks,omitempty" hubspoke:"listMapKey=name"`
}

type marinaNowDock struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Berths      []marinaBerthTwin       `json:"berths,omitempty" hubspoke:"listMapKey=number"`
	Crew        []marinaCrewTwin        `json:"crew,omitempty"`
}

type marinaNowStatus struct {
	Docks []marinaNowDock `json:"docks,omitempty" hubspoke:"listMapKey=name"`
}

type marinaThen struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              marinaThenSpec   `json:"spec,omitempty"`
	Status            marinaThenStatus `json:"status,omitempty"`
}

type marinaThenSpec struct {
	PropertyBag     propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	MarinaThenQuays `json:",inline"`
	Ports           []marinaPortTwin                     `json:"ports,omitempty"`
	Zones           map[marinaZoneTwinKey]marinaThenZone `json:"zones,omitempty"`
}

type MarinaThenQuays struct {
	Docks []marinaThenDock `json:"docks,omitempty"`
}

type marinaThenZone struct {
	Docks []marinaThenDock `json:"docks,omitempty"`
}

type marinaThenDock struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Berths      []marinaBerthTwin       `json:"berths,omitempty"`
	Crew        []marinaCrewTwin        `json:"crew,omitempty"`
}

type marinaThenStatus struct {
	Docks []marinaThenDock `json:"docks,omitempty"`
}

type marinaZoneTwinKey string

type marinaPortTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Protocol    *string                 `json:"protocol,omitempty"`
	Port        *int32                  `json:"port,omitempty"`
}

type marinaBerthTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Number      *int32                  `json:"number,omitempty"`
	Depth       *int32                  `json:"depth,omitempty"`
}

type marinaCrewTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
}

// The API version: plain values (a berth's depth required), zones keyed by
// a string type of its own.
type marina struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              marinaSpec   `json:"spec,omitempty"`
	Status            marinaStatus `json:"status,omitempty"`
}

type marinaSpec struct {
	MarinaQuays `json:",inline"`
	Ports       []marinaPort                 `json:"ports,omitempty"`
	Zones       map[marinaZoneKey]marinaZone `json:"zones,omitempty"`
}

type MarinaQuays struct {
	Docks []marinaDock `json:"docks,omitempty"`
}

type marinaZoneKey string

type marinaZone struct {
	Docks []marinaDock `json:"docks,omitempty"`
}

type marinaDock struct {
	Name   string        `json:"name,omitempty"`
	Berths []marinaBerth `json:"berths,omitempty"`
	Crew   []marinaCrew  `json:"crew,omitempty"`
}

type marinaPort struct {
	Name     string `json:"name,omitempty"`
	Protocol string `json:"protocol,omitempty"`
	Port     int32  `json:"port,omitempty"`
}

type marinaBerth struct {
	Number int32 `json:"number,omitempty"`
	Depth  int32 `json:"depth"`
}

type marinaCrew struct {
	Name string `json:"name,omitempty"`
}

type marinaStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
	Docks        []marinaDock     `json:"docks,omitempty"`
}

// marinaWithoutStatusDocks is the marina of an API version that shows no
// docks in status.
type marinaWithoutStatusDocks struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              marinaSpec `json:"spec,omitempty"`
	Status            struct {
		PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
	} `json:"status,omitempty"`
}

// viaJSON fills dst (a pointer) from the JSON of src.
func viaJSON(t *testing.T, src, dst any) {
	t.Helper()
	data, err := json.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, dst); err != nil {
		t.Fatal(err)
	}
}

// checkAsOlderRelease stashes the twin now (through reflectbags) and
// rewrites what the marina carries with asOlderRelease; the twin of the
// older release, with the same JSON, stashed the same way, must give the
// same annotation and status bags, byte for byte. (reflectbags stands for
// the older release's transport: Check holds a generated one to what it
// writes, byte for byte.)
func checkAsOlderRelease[A any](t *testing.T, now *marinaNow) {
	t.Helper()
	var then marinaThen
	viaJSON(t, now, &then)
	stashed := func(twin any) *A {
		var clone any = reflect.New(reflect.TypeOf(twin).Elem()).Interface()
		viaJSON(t, twin, clone)
		a := new(A)
		viaJSON(t, twin, a)
		if err := reflectbags.Stash(a, clone); err != nil {
			t.Fatalf("stash: %v\ntwin: %s", err, jsonOf(twin))
		}
		back := new(A)
		viaJSON(t, a, back)
		return back
	}
	got, want := stashed(now), stashed(&then)
	stashedNow := annotationOf(reflect.ValueOf(got))
	if _, err := asOlderRelease(reflect.ValueOf(got), reflect.ValueOf(now)); err != nil {
		t.Fatalf("asOlderRelease: %v\ntwin: %s", err, jsonOf(now))
	}
	ga, wa := annotationOf(reflect.ValueOf(got)), annotationOf(reflect.ValueOf(want))
	gs, ws := jsonOf(statusBagsOf(reflect.ValueOf(got))), jsonOf(statusBagsOf(reflect.ValueOf(want)))
	if ga != wa || gs != ws {
		t.Errorf("as the older release:\nannotation:  %s\nstatus bags: %s\nthe older release wrote:\nannotation:  %s\nstatus bags: %s\nstashed now: %s\ntwin: %s",
			ga, gs, wa, ws, stashedNow, jsonOf(now))
	}
}

// TestAsOlderReleaseWritesWhatTheOlderReleaseWrote: what asOlderRelease
// makes of what a twin with list-map keys stashed is what the same twin,
// its lists without keys, stashed: every element named by index, nested
// ones too, in the values of a map with a named key type (whose keys paths
// quote), under keys that paths quote, of two keys, in an inlined struct
// and in status; fingerprints of the API version's elements where
// something was stashed below them, the fingerprints of lists without keys
// below moved with their elements.
func TestAsOlderReleaseWritesWhatTheOlderReleaseWrote(t *testing.T) {
	const twin = `{"spec":{"$propertyBag":{"K":"1"},
		"docks":[
			{"name":"eu west","$propertyBag":{"K":"\"d\""},
				"berths":[{"number":2},{"number":1,"depth":3,"$propertyBag":{"K":"1"}}],
				"crew":[{"name":"x","$propertyBag":{"K":"1"}},{"name":""}]},
			{"name":"[k]","berths":[{"number":7,"depth":1}]},
			{"name":"a0","$propertyBag":{"K":"2"}}],
		"ports":[{"name":"a,b=c","protocol":"TCP","port":1,"$propertyBag":{"K":"1"}},{"name":"a","protocol":"b=c,name=x]","$propertyBag":{"K":"2"}}],
		"zones":{
			"q\"uote]":{"docks":[{"name":"in]zone","$propertyBag":{"K":"1"}},{"name":"b","berths":[{"number":1,"$propertyBag":{"K":"1"}}]}]},
			"q\"uote":{"docks":[{"name":"o\"k","$propertyBag":{"K":"1"}},{"name":"b","berths":[{"number":1,"$propertyBag":{"K":"1"}}]}]},
			"plain":{"docks":[{"name":"quiet"}]}}},
	"status":{"docks":[{"name":"s]1"},{"name":"s 2","$propertyBag":{"K":"1"},"berths":[{"number":4,"$propertyBag":{"K":"1"}}]}]}}`
	now := &marinaNow{}
	if err := json.Unmarshal([]byte(twin), now); err != nil {
		t.Fatal(err)
	}
	t.Run("by hand", func(t *testing.T) { checkAsOlderRelease[marina](t, now) })
	t.Run("by hand, an API version without the docks in status", func(t *testing.T) { checkAsOlderRelease[marinaWithoutStatusDocks](t, now) })
	t.Run("random", func(t *testing.T) {
		for seed := int64(1); seed <= 300; seed++ {
			r := rand.New(rand.NewSource(seed))
			filled := &marinaNow{}
			if err := fillRandom(r, reflect.ValueOf(filled).Elem(), 0); err != nil {
				t.Fatal(err)
			}
			now := &marinaNow{}
			viaJSON(t, filled, now)
			checkAsOlderRelease[marina](t, now)
			if t.Failed() {
				t.Fatalf("seed %d", seed)
			}
		}
	})
}

// A keyed list whose API element does not encode: the older release's
// fingerprint of it cannot be made.
type brokenTwin struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Items []marinaPortTwin `json:"items,omitempty" hubspoke:"listMapKey=name"`
	} `json:"spec,omitempty"`
}

type brokenAPI struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Items []brokenItem `json:"items,omitempty"`
	} `json:"spec,omitempty"`
}

type brokenItem struct{}

func (brokenItem) MarshalJSON() ([]byte, error) { return nil, errors.New("no JSON here") }

// TestAsOlderReleaseReportsAnElementThatDoesNotEncode: the replay says
// which element it could not fingerprint, rather than stopping its walk
// there without a word and leaving the rewrite half done.
func TestAsOlderReleaseReportsAnElementThatDoesNotEncode(t *testing.T) {
	name := "a"
	var twin brokenTwin
	twin.Spec.Items = []marinaPortTwin{{Name: &name}}
	var api brokenAPI
	api.Spec.Items = []brokenItem{{}}
	_, err := asOlderRelease(reflect.ValueOf(&api), reflect.ValueOf(&twin))
	if err == nil || !strings.Contains(err.Error(), "spec.items[0]") || !strings.Contains(err.Error(), "no JSON here") {
		t.Fatalf("asOlderRelease of an element that does not encode: %v, want an error naming spec.items[0] and the cause", err)
	}
}
