// Package v3 holds API version v3, a copy of v2 with its markers.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v3

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v3"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// +kubebuilder:object:root=true

// Widget is the resource of this case: v2 renames MuteInterval to
// Interval, the name of another type of v1, which it renames to Period
// (prometheus-operator's AlertmanagerConfig, v1alpha1 to v1beta1).
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
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
	// +hubspoke:renamedFrom=MuteIntervals
	// +optional
	Intervals []Interval `json:"intervals,omitempty"`
}

// Interval names a list of periods.
// +hubspoke:renamedFrom=MuteInterval
type Interval struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Intervals []Period `json:"intervals,omitempty"`
}

// Period is a period of time.
// +hubspoke:renamedFrom=Interval
type Period struct {
	// +optional
	Start string `json:"start,omitempty"`
}
