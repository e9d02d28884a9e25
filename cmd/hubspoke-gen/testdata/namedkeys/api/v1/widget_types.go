// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
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
	// Limits are keyed by a string type of another package here and in v3,
	// by the version's own ResourceName in v2.
	// +optional
	Limits map[corev1.ResourceName][]int32 `json:"limits,omitempty"`

	// Labels are keyed by string here, by LabelKey in v2 and by string
	// again in v3.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`

	// Options are keyed as Gateway API keys them: a named map of a string
	// type of the version.
	// +optional
	Options Options `json:"options,omitempty"`

	// Zones are keyed by ZoneName here; v2 renames the type Region.
	// +optional
	Zones map[ZoneName]Zone `json:"zones,omitempty"`

	// Tiers are keyed by an enum here, by string in v3.
	// +optional
	Tiers map[Tier]int32 `json:"tiers,omitempty"`

	// Groups are a map of maps: the outer key becomes string in v2, the
	// inner one in v3.
	// +optional
	Groups map[GroupName]map[MemberName]string `json:"groups,omitempty"`

	// Pools are a list of maps keyed by ZoneName, Region in v2, string in v3.
	// +optional
	Pools []map[ZoneName]int32 `json:"pools,omitempty"`
}

// Options are the options of a widget, by key.
type Options map[AnnotationKey]AnnotationValue

// AnnotationKey is the key of an option.
type AnnotationKey string

// AnnotationValue is the value of an option.
type AnnotationValue string

// ZoneName is the name of a zone.
type ZoneName string

// Tier is a tier of service.
// +kubebuilder:validation:Enum=gold;silver
type Tier string

// GroupName is the name of a group.
type GroupName string

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
}

// Host is a host of a zone.
type Host struct {
	// +required
	Name string `json:"name"`
}
