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
	// Limits are keyed by the version's own ResourceName here,
	// corev1.ResourceName in v1 and v3.
	// +optional
	Limits map[ResourceName][]int32 `json:"limits,omitempty"`

	// Labels are keyed by LabelKey here, by string in v1 and v3.
	// +optional
	Labels map[LabelKey]string `json:"labels,omitempty"`

	// +optional
	Options Options `json:"options,omitempty"`

	// Zones are keyed by Region, ZoneName in v1.
	// +optional
	Zones map[Region]Zone `json:"zones,omitempty"`

	// +optional
	Tiers map[Tier]int32 `json:"tiers,omitempty"`

	// +optional
	Groups map[string]map[MemberName]string `json:"groups,omitempty"`

	// +optional
	Pools []map[Region]int32 `json:"pools,omitempty"`
}

// Options are the options of a widget, by key.
type Options map[AnnotationKey]AnnotationValue

// AnnotationKey is the key of an option.
type AnnotationKey string

// AnnotationValue is the value of an option.
type AnnotationValue string

// LabelKey is the key of a label.
type LabelKey string

// Region is the name of a zone (ZoneName in v1).
type Region string

// Tier is a tier of service.
// +kubebuilder:validation:Enum=gold;silver
type Tier string

// MemberName is the name of a member of a group.
type MemberName string

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

	// Weight is new in v2: v1 keeps it in the bag of its zone, by key.
	// +optional
	Weight *int32 `json:"weight,omitempty"`
}

// ResourceName is the name of a resource (corev1.ResourceName in v1 and v3).
type ResourceName string

// Host is a host of a zone.
type Host struct {
	// +required
	Name string `json:"name"`

	// Port is new in v2: v1 keeps it in the bag of its host.
	// +optional
	Port *int32 `json:"port,omitempty"`
}
