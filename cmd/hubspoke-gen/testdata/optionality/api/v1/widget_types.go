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

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// WidgetSpec is the desired state of a Widget. In v1 most of it is
// required: values without omitempty, a struct held by value.
type WidgetSpec struct {
	// +optional
	Name string `json:"name,omitempty"`

	// Replicas is required in v1, optional in v2, required again in v3.
	Replicas int32 `json:"replicas"`

	// Paused is a plain optional value here, a pointer in v2.
	// +optional
	Paused bool `json:"paused,omitempty"`

	// Limits is a struct held by value in v1 and v3, a pointer in v2.
	Limits Limits `json:"limits"`

	// Ports are elements whose port is required in v1.
	// +optional
	// +listType=map
	// +listMapKey=name
	Ports []Port `json:"ports,omitempty"`
}

// Limits bound a widget.
type Limits struct {
	// CPU is required where Limits are.
	CPU int64 `json:"cpu"`

	// +optional
	Memory string `json:"memory,omitempty"`
}

// Port is one port of a widget.
type Port struct {
	Name string `json:"name"`

	Port int32 `json:"port"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// Ready is required in v1.
	Ready bool `json:"ready"`

	// Load is held by value in v1.
	Load Load `json:"load"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Load is what a widget carries.
type Load struct {
	// +optional
	Items int32 `json:"items,omitempty"`
}
