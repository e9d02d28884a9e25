// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1"}
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
	// +optional
	MuteIntervals []MuteInterval `json:"muteIntervals,omitempty"`
}

// MuteInterval names a list of intervals.
type MuteInterval struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Intervals []Interval `json:"intervals,omitempty"`
}

// Interval is a period of time.
type Interval struct {
	// +optional
	Start string `json:"start,omitempty"`
}
