package v1beta2

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster

// ResourceSlice represents one or more resources in a pool of similar
// resources, managed by a common driver.
type ResourceSlice struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Contains the information published by the driver.
	Spec ResourceSliceSpec `json:"spec"`
}

// ResourceSliceSpec contains the information published by the driver in one ResourceSlice.
type ResourceSliceSpec struct {
	// Driver identifies the DRA driver providing the capacity information.
	//
	// +required
	Driver string `json:"driver"`

	// Pool describes the pool that this ResourceSlice belongs to.
	//
	// +required
	Pool ResourcePool `json:"pool"`

	// NodeName identifies the node which provides the resources in this pool.
	//
	// +optional
	NodeName string `json:"nodeName,omitempty"`

	// Devices lists some or all of the devices in this pool.
	//
	// +optional
	// +listType=atomic
	Devices []Device `json:"devices"`
}

// ResourcePool describes the pool that ResourceSlices belong to.
type ResourcePool struct {
	// Name is used to identify the pool.
	//
	// +required
	Name string `json:"name"`

	// Generation tracks the change in a pool over time.
	//
	// +required
	Generation int64 `json:"generation"`

	// ResourceSliceCount is the total number of ResourceSlices in the pool at this
	// generation number.
	//
	// +required
	ResourceSliceCount int64 `json:"resourceSliceCount"`
}

// Device represents one individual hardware instance that can be selected based
// on its attributes. Besides the name, exactly one field must be set.
// (v1beta2 flattened v1beta1's basic into Device.)
type Device struct {
	// Name is unique identifier among all devices managed by
	// the driver in the pool.
	//
	// +required
	Name string `json:"name"`

	// Attributes defines the set of attributes for this device.
	//
	// +optional
	// +hubspoke:movedFrom=spec.devices[*].basic.attributes
	Attributes map[QualifiedName]DeviceAttribute `json:"attributes,omitempty"`

	// Capacity defines the set of capacities for this device.
	//
	// +optional
	// +hubspoke:movedFrom=spec.devices[*].basic.capacity
	Capacity map[QualifiedName]DeviceCapacity `json:"capacity,omitempty"`
}

// QualifiedName is the name of a device attribute or capacity.
//
// Attributes and capacities are defined either by the owner of the specific
// driver (usually the vendor) or by some 3rd party (e.g. the Kubernetes
// project). Because they are sometimes compared across devices, a given name
// is expected to mean the same thing and have the same type on all devices.
//
// Names must be either a C identifier (e.g. "theName") or a DNS subdomain
// followed by a slash ("/") followed by a C identifier
// (e.g. "dra.example.com/theName"). Names which do not include the
// domain prefix are assumed to be part of the driver's domain. Attributes
// or capacities defined by 3rd parties must include the domain prefix.
//
// The maximum length for the DNS subdomain is 63 characters (same as
// for driver names) and the maximum length of the C identifier
// is 32.
type QualifiedName string

// DeviceAttribute must have exactly one field set.
type DeviceAttribute struct {
	// IntValue is a number.
	//
	// +optional
	IntValue *int64 `json:"int,omitempty"`

	// BoolValue is a true/false value.
	//
	// +optional
	BoolValue *bool `json:"bool,omitempty"`

	// StringValue is a string. Must not be longer than 64 characters.
	//
	// +optional
	StringValue *string `json:"string,omitempty"`

	// VersionValue is a semantic version according to semver.org spec 2.0.0.
	// Must not be longer than 64 characters.
	//
	// +optional
	VersionValue *string `json:"version,omitempty"`
}

// DeviceCapacity describes a quantity associated with a device.
type DeviceCapacity struct {
	// Value defines how much of a certain device capacity is available.
	//
	// +required
	Value resource.Quantity `json:"value"`
}

// +kubebuilder:object:root=true

// ResourceSliceList is a collection of ResourceSlices.
type ResourceSliceList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata"`

	// Items is the list of resource ResourceSlices.
	Items []ResourceSlice `json:"items"`
}

func init() {
	SchemeBuilder.Register(&ResourceSlice{}, &ResourceSliceList{})
}
