package reflectbags_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A storage twin and its API version whose map is keyed by a string type
// of the version (DRA's map[QualifiedName]DeviceAttribute): each has its
// own copy of the key type, zoneNameStorage and zoneName.
type zoneNameStorage string

type zoneName string

type gateStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gateStorageSpec    `json:"spec,omitempty"`
	Status            valveStorageStatus `json:"status,omitempty"`
}

type gateStorageSpec struct {
	PropertyBag propertybag.PropertyBag           `json:"$propertyBag,omitempty"`
	Zones       map[zoneNameStorage]gateZoneStore `json:"zones,omitempty"`
}

type gateZoneStore struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	CPU         *int64                  `json:"cpu,omitempty"`
	Hosts       []limitsStorage         `json:"hosts,omitempty"`
}

type gate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gateSpec    `json:"spec,omitempty"`
	Status            valveStatus `json:"status,omitempty"`
}

type gateSpec struct {
	Zones map[zoneName]gateZone `json:"zones,omitempty"`
}

type gateZone struct {
	CPU   int64         `json:"cpu"`
	Hosts []valveLimits `json:"hosts,omitempty"`
}

// TestNamedStringMapKeys: below a map keyed by a string type of the
// version, whose twin keys by its own copy of the type, the walks find
// the API version's value under the same key text: a value the twin does
// not hold (cpu, nil) that the version shows as 0 gets its $twin entry and
// comes back nil; the elements of an unkeyed list get their fingerprints,
// so that a client that reorders them keeps each one's hidden values.
// With the key types compared as they are, the walks skipped such maps:
// cpu came back 0 and the hidden values stayed at their index.
func TestNamedStringMapKeys(t *testing.T) {
	twin := &gateStorage{Spec: gateStorageSpec{Zones: map[zoneNameStorage]gateZoneStore{
		"west": {Hosts: []limitsStorage{{CPU: to[int64](1), PropertyBag: bag("Rack", `"a"`)}, {CPU: to[int64](2), PropertyBag: bag("Rack", `"b"`)}}},
	}}}
	api := &gate{Spec: gateSpec{Zones: map[zoneName]gateZone{}}}
	for k, z := range twin.Spec.Zones {
		var hosts []valveLimits
		for _, h := range z.Hosts {
			hosts = append(hosts, valveLimits{CPU: orZero(h.CPU)})
		}
		api.Spec.Zones[zoneName(k)] = gateZone{CPU: orZero(z.CPU), Hosts: hosts}
	}
	if err := reflectbags.Stash(api, twin); err != nil {
		t.Fatal(err)
	}
	annotation := api.Annotations[boundary.Annotation]
	for _, want := range []string{`spec.zones[west]`, `$twin`, `#elements`} {
		if !strings.Contains(annotation, want) {
			t.Errorf("annotation %s lacks %s", annotation, want)
		}
	}
	// A client reorders the hosts.
	data, err := json.Marshal(api)
	if err != nil {
		t.Fatal(err)
	}
	var sent gate
	if err := json.Unmarshal(data, &sent); err != nil {
		t.Fatal(err)
	}
	z := sent.Spec.Zones["west"]
	z.Hosts[0], z.Hosts[1] = z.Hosts[1], z.Hosts[0]
	back := &gateStorage{ObjectMeta: *sent.ObjectMeta.DeepCopy(), Spec: gateStorageSpec{Zones: map[zoneNameStorage]gateZoneStore{}}}
	for k, z := range sent.Spec.Zones {
		var hosts []limitsStorage
		for _, h := range z.Hosts {
			hosts = append(hosts, limitsStorage{CPU: to(h.CPU)})
		}
		back.Spec.Zones[zoneNameStorage(k)] = gateZoneStore{CPU: to(z.CPU), Hosts: hosts}
	}
	if err := reflectbags.Recall(back, &sent); err != nil {
		t.Fatal(err)
	}
	want := gateStorageSpec{Zones: map[zoneNameStorage]gateZoneStore{
		"west": {Hosts: []limitsStorage{{CPU: to[int64](2), PropertyBag: bag("Rack", `"b"`)}, {CPU: to[int64](1), PropertyBag: bag("Rack", `"a"`)}}},
	}}
	if diff := cmp.Diff(want, back.Spec); diff != "" {
		t.Errorf("the round trip through a client that reorders the hosts (-want +got):\n%s", diff)
	}
}
