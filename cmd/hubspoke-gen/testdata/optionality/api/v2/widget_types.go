// Package v2 holds API version v2.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v2"}
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

// WidgetSpec is the desired state of a Widget. In v2 everything is
// optional.
type WidgetSpec struct {
	// +optional
	Name string `json:"name,omitempty"`

	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// +optional
	Paused *bool `json:"paused,omitempty"`

	// +optional
	Limits *Limits `json:"limits,omitempty"`

	// +optional
	// +listType=map
	// +listMapKey=name
	Ports []Port `json:"ports,omitempty"`

	// Count is new in v2, and required; optional in v3.
	Count int32 `json:"count"`
}

// Limits bound a widget.
type Limits struct {
	// +optional
	CPU *int64 `json:"cpu,omitempty"`

	// Memory is a plain string in v1, where "" and unset both mean "no
	// limit", as unset does here (Cluster API's version, *string in
	// v1beta1 and string in v1beta2, is the same case): the copy as it is
	// keeps the meaning.
	//
	// +optional
	// +hubspoke:sameMeaning=optionality
	Memory *string `json:"memory,omitempty"`
}

// Port is one port of a widget.
type Port struct {
	Name string `json:"name"`

	// +optional
	Port *int32 `json:"port,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready *bool `json:"ready,omitempty"`

	// +optional
	Load *Load `json:"load,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Load is what a widget carries.
type Load struct {
	// +optional
	Items *int32 `json:"items,omitempty"`
}
