package v1storage_test

import (
	"example.com/fixtures/endpointslice/api/v1"
	"example.com/fixtures/endpointslice/api/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
)

// Hand-written: the objects of the golden test the generator writes, one
// of each API version: an endpoint whose topology holds the node's name
// and zone, and one with a key of its own and a hostname other than its
// nodeName, which stays in v1's deprecatedTopology.
func endpointSliceExemplars() []runtime.Object {
	return []runtime.Object{
		&v1beta1.EndpointSlice{
			TypeMeta:    metav1.TypeMeta{APIVersion: "discovery.k8s.io/v1beta1", Kind: "EndpointSlice"},
			ObjectMeta:  metav1.ObjectMeta{Name: "web-abc", Namespace: "ns"},
			AddressType: v1beta1.AddressTypeIPv4,
			Endpoints: []v1beta1.Endpoint{
				{Addresses: []string{"10.0.0.1"}, Topology: map[string]string{hostnameKey: "n1", zoneKey: "z1"}},
				{Addresses: []string{"10.0.0.2"}, NodeName: ptr.To("n2"), Topology: map[string]string{hostnameKey: "old-n2", regionKey: "r1"}},
			},
			Ports: []v1beta1.EndpointPort{{Name: ptr.To("http"), Port: ptr.To[int32](80)}},
		},
		&v1.EndpointSlice{
			TypeMeta:    metav1.TypeMeta{APIVersion: "discovery.k8s.io/v1", Kind: "EndpointSlice"},
			ObjectMeta:  metav1.ObjectMeta{Name: "web-def", Namespace: "ns"},
			AddressType: v1.AddressTypeIPv6,
			Endpoints: []v1.Endpoint{
				{Addresses: []string{"fd00::1"}, NodeName: ptr.To("n1"), Zone: ptr.To("z1")},
				{Addresses: []string{"fd00::2"}, NodeName: ptr.To("n2"), DeprecatedTopology: map[string]string{regionKey: "r1"}},
			},
		},
	}
}
