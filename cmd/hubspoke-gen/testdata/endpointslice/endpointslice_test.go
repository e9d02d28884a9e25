// Package endpointslice_test checks where the values of v1beta1's
// topology land at v1, and back: what a client of each version reads.
package endpointslice_test

import (
	"reflect"
	"testing"

	"example.com/fixtures/endpointslice/api/v1"
	"example.com/fixtures/endpointslice/api/v1beta1"
	"example.com/fixtures/endpointslice/api/v1storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/utils/ptr"
)

const (
	hostnameKey = "kubernetes.io/hostname"
	zoneKey     = "topology.kubernetes.io/zone"
	regionKey   = "topology.kubernetes.io/region"
)

// toV1 converts a v1beta1 object to v1 through the hub.
func toV1(t *testing.T, in *v1beta1.EndpointSlice) *v1.EndpointSlice {
	t.Helper()
	hub := &v1storage.EndpointSlice{}
	if err := in.DeepCopy().ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	out := &v1.EndpointSlice{}
	if err := out.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return out
}

// toV1beta1 converts a v1 object to v1beta1 through the hub.
func toV1beta1(t *testing.T, in *v1.EndpointSlice) *v1beta1.EndpointSlice {
	t.Helper()
	hub := &v1storage.EndpointSlice{}
	if err := in.DeepCopy().ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	out := &v1beta1.EndpointSlice{}
	if err := out.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return out
}

// v1beta1's topology at v1: the hostname is nodeName, the zone zone, the
// other keys deprecatedTopology; a hostname other than v1beta1's own
// nodeName stays in deprecatedTopology, as Kubernetes keeps it.
func TestTopologyLandsInV1(t *testing.T) {
	old := &v1beta1.EndpointSlice{AddressType: v1beta1.AddressTypeIPv4, Endpoints: []v1beta1.Endpoint{
		{Addresses: []string{"10.0.0.1"}, Topology: map[string]string{hostnameKey: "n1", zoneKey: "z1"}},
		{Addresses: []string{"10.0.0.2"}, Topology: map[string]string{hostnameKey: "n2", zoneKey: "z2", regionKey: "r1", "example.com/rack": "7"}},
		{Addresses: []string{"10.0.0.3"}, NodeName: ptr.To("n3"), Topology: map[string]string{hostnameKey: "n3"}},
		{Addresses: []string{"10.0.0.4"}, NodeName: ptr.To("n4"), Topology: map[string]string{hostnameKey: "old-n4"}},
	}}
	got := toV1(t, old)
	want := []v1.Endpoint{
		{Addresses: []string{"10.0.0.1"}, NodeName: ptr.To("n1"), Zone: ptr.To("z1")},
		{Addresses: []string{"10.0.0.2"}, NodeName: ptr.To("n2"), Zone: ptr.To("z2"), DeprecatedTopology: map[string]string{regionKey: "r1", "example.com/rack": "7"}},
		{Addresses: []string{"10.0.0.3"}, NodeName: ptr.To("n3")},
		{Addresses: []string{"10.0.0.4"}, NodeName: ptr.To("n4"), DeprecatedTopology: map[string]string{hostnameKey: "old-n4"}},
	}
	if len(got.Endpoints) != len(want) {
		t.Fatalf("v1beta1 → v1: %d endpoints, want %d", len(got.Endpoints), len(want))
	}
	for i, e := range got.Endpoints {
		if len(e.DeprecatedTopology) == 0 {
			e.DeprecatedTopology = nil // no key: as v1's JSON has it
		}
		if !reflect.DeepEqual(e, want[i]) {
			t.Errorf("v1beta1 → v1: endpoints[%d] = %+v, want %+v", i, e, want[i])
		}
	}
	if back := toV1beta1(t, got); !reflect.DeepEqual(back.Endpoints, old.Endpoints) {
		t.Errorf("v1beta1 → v1 → v1beta1:\n got %+v\nwant %+v", back.Endpoints, old.Endpoints)
	}
}

// v1's nodeName, zone and deprecatedTopology at v1beta1: all in topology
// (and nodeName in v1beta1's nodeName too); deprecatedTopology's own
// hostname wins over nodeName there, as in Kubernetes.
func TestTopologyLandsInV1beta1(t *testing.T) {
	cur := &v1.EndpointSlice{AddressType: v1.AddressTypeIPv4, Endpoints: []v1.Endpoint{
		{Addresses: []string{"10.0.0.1"}, NodeName: ptr.To("n1"), Zone: ptr.To("z1")},
		{Addresses: []string{"10.0.0.2"}, NodeName: ptr.To("n2"), Zone: ptr.To("z2"), DeprecatedTopology: map[string]string{regionKey: "r1", "example.com/rack": "7"}},
		{Addresses: []string{"10.0.0.3"}, Zone: ptr.To("z3")},
		{Addresses: []string{"10.0.0.4"}, NodeName: ptr.To("n4"), DeprecatedTopology: map[string]string{hostnameKey: "old-n4"}},
		{Addresses: []string{"10.0.0.5"}, DeprecatedTopology: map[string]string{hostnameKey: "n5"}},
	}}
	got := toV1beta1(t, cur)
	want := []v1beta1.Endpoint{
		{Addresses: []string{"10.0.0.1"}, NodeName: ptr.To("n1"), Topology: map[string]string{hostnameKey: "n1", zoneKey: "z1"}},
		{Addresses: []string{"10.0.0.2"}, NodeName: ptr.To("n2"), Topology: map[string]string{hostnameKey: "n2", zoneKey: "z2", regionKey: "r1", "example.com/rack": "7"}},
		{Addresses: []string{"10.0.0.3"}, Topology: map[string]string{zoneKey: "z3"}},
		{Addresses: []string{"10.0.0.4"}, NodeName: ptr.To("n4"), Topology: map[string]string{hostnameKey: "old-n4"}},
		{Addresses: []string{"10.0.0.5"}, Topology: map[string]string{hostnameKey: "n5"}},
	}
	if len(got.Endpoints) != len(want) {
		t.Fatalf("v1 → v1beta1: %d endpoints, want %d", len(got.Endpoints), len(want))
	}
	for i, e := range got.Endpoints {
		if !reflect.DeepEqual(e, want[i]) {
			t.Errorf("v1 → v1beta1: endpoints[%d] = %+v, want %+v", i, e, want[i])
		}
	}
	back := toV1(t, got)
	for i := range back.Endpoints {
		if len(back.Endpoints[i].DeprecatedTopology) == 0 {
			back.Endpoints[i].DeprecatedTopology = nil
		}
	}
	if !reflect.DeepEqual(back.Endpoints, cur.Endpoints) {
		t.Errorf("v1 → v1beta1 → v1:\n got %+v\nwant %+v", back.Endpoints, cur.Endpoints)
	}
}

// A client of v1beta1 reads an object v1 wrote, changes what it knows
// (the topology's region, an endpoint's readiness), and writes it back:
// v1 still has everything else it had, at its own places.
func TestUpdateThroughV1beta1KeepsV1(t *testing.T) {
	cur := &v1.EndpointSlice{AddressType: v1.AddressTypeIPv4, Endpoints: []v1.Endpoint{
		{Addresses: []string{"10.0.0.1"}, NodeName: ptr.To("n1"), Zone: ptr.To("z1"), DeprecatedTopology: map[string]string{regionKey: "r1"}},
		{Addresses: []string{"10.0.0.2"}, NodeName: ptr.To("n2"), DeprecatedTopology: map[string]string{hostnameKey: "n2"}},
		{Addresses: []string{"10.0.0.3"}, DeprecatedTopology: map[string]string{zoneKey: "z0"}},
	}}
	read := toV1beta1(t, cur)
	read.Endpoints[0].Topology[regionKey] = "r2"
	read.Endpoints[1].Conditions.Ready = ptr.To(true)
	got := toV1(t, read)
	want := cur.DeepCopy()
	want.Endpoints[0].DeprecatedTopology = map[string]string{regionKey: "r2"}
	want.Endpoints[1].Conditions.Ready = ptr.To(true)
	got.Annotations = nil // the bags of the other version, which v1 carries
	if !reflect.DeepEqual(got, want) {
		t.Errorf("v1 → v1beta1, changed, → v1:\n got %+v\nwant %+v", got, want)
	}
}

// A client of the hub may change what the hooks' marks in an endpoint's
// bag speak of: remove its nodeName (or write it as "", where v1beta1 had
// none), keep the hostname in deprecatedTopology. The marks then no
// longer apply, and the way to v1beta1 and back must still keep them:
// an update through v1beta1 that changes nothing changes nothing at the
// hub (convtest's update check, with toggled hubs, found the first).
func TestUpdateThroughV1beta1KeepsUnusedMarks(t *testing.T) {
	const (
		withoutHost  = "Topology[kubernetes.io/hostname]@absent"
		fromTopology = "NodeName@topology"
	)
	marks := func(names ...string) propertybag.PropertyBag {
		bag := propertybag.PropertyBag{}
		for _, n := range names {
			bag[n] = "true"
		}
		return bag
	}
	hub := &v1storage.EndpointSlice{AddressType: ptr.To(v1storage.AddressType("IPv4")), Endpoints: []v1storage.Endpoint{
		{PropertyBag: marks(withoutHost), Addresses: []string{"10.0.0.1"}},
		{PropertyBag: marks(fromTopology), Addresses: []string{"10.0.0.2"}},
		{PropertyBag: marks(withoutHost), Addresses: []string{"10.0.0.3"}, DeprecatedTopology: map[string]string{hostnameKey: "n3"}},
		{PropertyBag: marks(fromTopology), Addresses: []string{"10.0.0.4"}, NodeName: ptr.To("n4"), DeprecatedTopology: map[string]string{hostnameKey: "n4"}},
		{PropertyBag: marks(fromTopology), Addresses: []string{"10.0.0.5"}, NodeName: ptr.To("n5"), DeprecatedTopology: map[string]string{hostnameKey: "old-n5"}},
		{PropertyBag: marks(withoutHost, fromTopology), Addresses: []string{"10.0.0.6"}, NodeName: ptr.To("n6")},
	}}
	read := &v1beta1.EndpointSlice{}
	if err := read.ConvertFrom(hub.DeepCopy()); err != nil {
		t.Fatal(err)
	}
	got := &v1storage.EndpointSlice{}
	if err := read.ConvertTo(got); err != nil {
		t.Fatal(err)
	}
	for i := range got.Endpoints {
		if len(got.Endpoints[i].DeprecatedTopology) == 0 {
			got.Endpoints[i].DeprecatedTopology = nil
		}
	}
	if !reflect.DeepEqual(got, hub) {
		t.Errorf("hub → v1beta1 → hub:\n got %+v\nwant %+v", got.Endpoints, hub.Endpoints)
	}
}

// The marks a client of the hub left, which v1beta1 carries unread, do not
// change what a client of v1beta1 then writes: where the way back reads
// marks, it writes them afresh.
func TestUnusedMarksLeaveV1beta1Writes(t *testing.T) {
	stale := propertybag.PropertyBag{"Topology[kubernetes.io/hostname]@absent": "true", "NodeName@topology": "true"}
	hub := &v1storage.EndpointSlice{AddressType: ptr.To(v1storage.AddressType("IPv4")), Endpoints: []v1storage.Endpoint{
		{PropertyBag: stale.DeepCopy(), Addresses: []string{"10.0.0.1"}},
		{PropertyBag: stale.DeepCopy(), Addresses: []string{"10.0.0.2"}},
		{PropertyBag: stale.DeepCopy(), Addresses: []string{"10.0.0.3"}},
	}}
	read := &v1beta1.EndpointSlice{}
	if err := read.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	read.Endpoints[0].NodeName = ptr.To("n1")
	read.Endpoints[1].Topology = map[string]string{hostnameKey: "n2"}
	read.Endpoints[2].NodeName = ptr.To("n3")
	read.Endpoints[2].Topology = map[string]string{hostnameKey: "n3"}
	written := read.DeepCopy()
	got := &v1storage.EndpointSlice{}
	if err := read.ConvertTo(got); err != nil {
		t.Fatal(err)
	}
	back := &v1beta1.EndpointSlice{}
	if err := back.ConvertFrom(got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Endpoints, written.Endpoints) {
		t.Errorf("v1beta1, written, → hub → v1beta1:\n got %+v\nwant %+v", back.Endpoints, written.Endpoints)
	}
}
