// Package v1 holds API version v4.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v4

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v4"}
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
	// +optional
	Owner string `json:"owner,omitempty"`
	// Tags are key/value pairs now. No omitempty: an empty list must come
	// back empty through v3's staged bag.
	// +listType=map
	// +listMapKey=key
	// +optional
	Tags []Tag `json:"tags"`
	// +optional
	P *Outer `json:"p,omitempty"`
	// +optional
	Q *PostalAddress `json:"q,omitempty"`
	// +optional
	Billing *PostalAddress `json:"billing,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Tag is a key and its value.
type Tag struct {
	Key string `json:"key"`
	// +optional
	Value string `json:"value,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// Outer holds addresses.
type Outer struct {
	// +optional
	B *PostalAddress `json:"b,omitempty"`
	// +optional
	Z *PostalAddress `json:"z,omitempty"`
}

// PostalAddress is an address.
// +hubspoke:renamedFrom=Location
type PostalAddress struct {
	// +optional
	Zip int32 `json:"zip,omitempty"`
}
