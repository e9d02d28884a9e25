// Package v3 holds API version v3.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v3

import (
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
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

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// +optional
	Limits map[corev1.ResourceName][]int32 `json:"limits,omitempty"`

	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Options are a map type literal here.
	// +optional
	Options map[AnnotationKey]AnnotationValue `json:"options,omitempty"`

	// +optional
	Zones map[Region]Zone `json:"zones,omitempty"`

	// +optional
	Tiers map[string]int32 `json:"tiers,omitempty"`

	// +optional
	Groups map[string]map[string]string `json:"groups,omitempty"`

	// +optional
	Pools []map[string]int32 `json:"pools,omitempty"`
}

// AnnotationKey is the key of an option.
type AnnotationKey string

// AnnotationValue is the value of an option.
type AnnotationValue string

// Region is the name of a zone.
type Region string

// Zone is a zone of a widget.
type Zone struct {
	// +required
	Replicas int32 `json:"replicas"`

	// Hosts are keyed by name: below a map keyed by a string type of the
	// version, their hidden values travel by key too.
	// +optional
	// +listType=map
	// +listMapKey=name
	Hosts []Host `json:"hosts,omitempty"`

	// +optional
	Weight *int32 `json:"weight,omitempty"`
}

// Host is a host of a zone.
type Host struct {
	// +required
	Name string `json:"name"`

	// Port is new in v2: v1 keeps it in the bag of its host.
	// +optional
	Port *int32 `json:"port,omitempty"`
}
