// Package v1 holds API version v3.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v3

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v3"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is the resource of this case.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widget.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// +optional
	Owner *Client `json:"owner,omitempty"`

	// Contacts are ways to reach the owners, by kind.
	// +optional
	// +listType=map
	// +listMapKey=kind
	Contacts []Channel `json:"contacts,omitempty"`

	// +optional
	Level Tier `json:"level,omitempty"`

	// +optional
	A *Location `json:"a,omitempty"`
	// +optional
	B *Address `json:"b,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Client is someone who buys widgets (its marker, copied from v2, has done its work).
//
// +hubspoke:renamedFrom=Customer
type Client struct {
	// +optional
	Email string `json:"email,omitempty"`
}

// Channel is a way to reach someone.
type Channel struct {
	Kind string `json:"kind"`

	// +optional
	Value string `json:"value,omitempty"`
}

// Tier was Level.
//
// +hubspoke:renamedFrom=Level
type Tier string

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// Location is an address.
type Location struct {
	// +optional
	Zip string `json:"zip,omitempty"`
}

// Address is a new type under v1's name of Location.
type Address struct {
	// +optional
	Zip string `json:"zip,omitempty"`
}
