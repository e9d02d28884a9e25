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

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// A string in v1, v3 and v4, a number in v2: v1's value reaches v3 and
	// v4 (and theirs reaches v1) through v2's bag.
	// +optional
	Size string `json:"size,omitempty"`

	// A map in v1, v3 and v4, a string in v2.
	// +optional
	Weights map[string]int32 `json:"weights,omitempty"`
	// Parts' Shared is a flag in v1 and v4, a map of structs in v2 and v3
	// (which convert it element by element): v1's flag reaches v4 through
	// the bags of the parts in v2 and v3.
	// +optional
	Parts []Part `json:"parts,omitempty"`
}

// Part is an element of Parts.
type Part struct {
	Name string `json:"name"`
	// +optional
	Shared map[string]Share `json:"shared,omitempty"`
}

// Share is a value of a part's Shared in v2 and v3.
type Share struct {
	// +optional
	Weight int32 `json:"weight,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
