// Package v3 holds API version v3.
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

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// WidgetSpec is the desired state of a Widget. v3 makes replicas and
// limits required again and drops paused.
//
// +hubspoke:removed=Paused
type WidgetSpec struct {
	// +optional
	Name string `json:"name,omitempty"`

	Replicas int32 `json:"replicas"`

	Limits Limits `json:"limits"`

	// +optional
	// +listType=map
	// +listMapKey=name
	Ports []Port `json:"ports,omitempty"`

	// +optional
	Count *int32 `json:"count,omitempty"`
}

// Limits bound a widget.
type Limits struct {
	// +optional
	CPU int64 `json:"cpu,omitempty"`

	// +optional
	Memory *string `json:"memory,omitempty"`
}

// Port is one port of a widget.
type Port struct {
	Name string `json:"name"`

	// +optional
	Port int32 `json:"port,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// Ready is a plain bool again in v3: a widget v2 leaves unset is not
	// ready, as false says.
	//
	// +optional
	// +hubspoke:sameMeaning=optionality
	Ready bool `json:"ready,omitempty"`

	// +optional
	Load *Load `json:"load,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Load is what a widget carries.
type Load struct {
	// +optional
	Items int32 `json:"items,omitempty"`
}
