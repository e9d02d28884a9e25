// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1"}
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
	Name string `json:"name,omitempty"`
	// Tags have no omitempty here nor in v4: an empty list is told apart
	// from none at both ends, and must come back empty.
	// +listType=map
	// +listMapKey=name
	// +optional
	Tags []Tag `json:"tags"`
	// P.Z and Q (new in v2) leave and come back in v4 as PostalAddress,
	// staged in v3storage's compat package in the shapes of two versions
	// (v1's Address, v2's Location) that have one name there.
	// +optional
	P *Outer `json:"p,omitempty"`
	// +optional
	Billing *Address `json:"billing,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Tag is a named tag of a kind.
type Tag struct {
	Name string `json:"name"`
	// +optional
	Kind TagKind `json:"kind,omitempty"`
}

// TagKind says what a tag is for.
// +kubebuilder:validation:Enum=owner;team
type TagKind string

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// Outer holds an address.
type Outer struct {
	// +optional
	Z *Address `json:"z,omitempty"`
}

// Address is an address.
type Address struct {
	// +optional
	Zip string `json:"zip,omitempty"`
}
