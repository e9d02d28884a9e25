// Package v1beta1 holds API version v1beta1.
//
// +kubebuilder:object:generate=true
// +groupName=discovery.k8s.io
package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "discovery.k8s.io", Version: "v1beta1"}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// The shapes of discovery.k8s.io/v1beta1's EndpointSlice (Kubernetes
// 1.21–1.24, k8s.io/api/discovery/v1beta1/types.go), with shorter comments.

// +kubebuilder:object:root=true

// EndpointSlice represents a subset of the endpoints that implement a
// service.
type EndpointSlice struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object's metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// addressType specifies the type of address carried by this
	// EndpointSlice.
	AddressType AddressType `json:"addressType"`

	// endpoints is a list of unique endpoints in this slice.
	// +listType=atomic
	Endpoints []Endpoint `json:"endpoints"`

	// ports specifies the list of network ports exposed by each endpoint
	// in this slice.
	// +optional
	// +listType=atomic
	Ports []EndpointPort `json:"ports"`
}

// +kubebuilder:object:root=true

// EndpointSliceList represents a list of endpoint slices.
type EndpointSliceList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []EndpointSlice `json:"items"`
}

// AddressType represents the type of address referred to by an endpoint.
type AddressType string

const (
	// AddressTypeIPv4 represents an IPv4 Address.
	AddressTypeIPv4 = AddressType(corev1.IPv4Protocol)
	// AddressTypeIPv6 represents an IPv6 Address.
	AddressTypeIPv6 = AddressType(corev1.IPv6Protocol)
	// AddressTypeFQDN represents a FQDN.
	AddressTypeFQDN = AddressType("FQDN")
)

// Endpoint represents a single logical "backend" implementing a service.
type Endpoint struct {
	// addresses of this endpoint.
	// +listType=set
	Addresses []string `json:"addresses"`

	// conditions contains information about the current status of the
	// endpoint.
	Conditions EndpointConditions `json:"conditions,omitempty"`

	// hostname of this endpoint.
	// +optional
	Hostname *string `json:"hostname,omitempty"`

	// targetRef is a reference to a Kubernetes object that represents this
	// endpoint.
	// +optional
	TargetRef *corev1.ObjectReference `json:"targetRef,omitempty"`

	// topology contains arbitrary topology information associated with
	// the endpoint. This includes, but is not limited to the following
	// well known keys:
	// * kubernetes.io/hostname: the value indicates the hostname of the
	//   node where the endpoint is located.
	// * topology.kubernetes.io/zone: the value indicates the zone where
	//   the endpoint is located.
	// * topology.kubernetes.io/region: the value indicates the region
	//   where the endpoint is located.
	// This field is deprecated and will be removed in future api versions.
	// +optional
	// +hubspoke:mapKeys=kubernetes.io/hostname,topology.kubernetes.io/zone,topology.kubernetes.io/region
	Topology map[string]string `json:"topology,omitempty"`

	// nodeName represents the name of the Node hosting this endpoint.
	// +optional
	NodeName *string `json:"nodeName,omitempty"`

	// hints contains information associated with how an endpoint should be
	// consumed.
	// +optional
	Hints *EndpointHints `json:"hints,omitempty"`
}

// EndpointConditions represents the current condition of an endpoint.
type EndpointConditions struct {
	// ready indicates that this endpoint is prepared to receive traffic.
	// +optional
	Ready *bool `json:"ready,omitempty"`

	// serving is identical to ready except that it is set regardless of
	// the terminating state of endpoints.
	// +optional
	Serving *bool `json:"serving,omitempty"`

	// terminating indicates that this endpoint is terminating.
	// +optional
	Terminating *bool `json:"terminating,omitempty"`
}

// EndpointHints provides hints describing how an endpoint should be
// consumed.
type EndpointHints struct {
	// forZones indicates the zone(s) this endpoint should be consumed by
	// to enable topology aware routing.
	// +listType=atomic
	ForZones []ForZone `json:"forZones,omitempty"`
}

// ForZone provides information about which zones should consume this
// endpoint.
type ForZone struct {
	// name represents the name of the zone.
	Name string `json:"name"`
}

// EndpointPort represents a Port used by an EndpointSlice.
type EndpointPort struct {
	// name represents the name of this port.
	// +optional
	Name *string `json:"name,omitempty"`

	// protocol represents the IP protocol for this port.
	// +optional
	Protocol *corev1.Protocol `json:"protocol,omitempty"`

	// port represents the port number of the endpoint.
	// +optional
	Port *int32 `json:"port,omitempty"`

	// appProtocol represents the application protocol for this port.
	// +optional
	AppProtocol *string `json:"appProtocol,omitempty"`
}

func init() {
	SchemeBuilder.Register(&EndpointSlice{}, &EndpointSliceList{})
}
