// Package v2 holds API version v2, whose types are v1's, as Gateway API's
// v1beta1 declares its types (aliases of v1's, and the kind a type of
// v1's kind): the generator refuses them.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"

	v1 "example.com/fixtures/_errors/versionalias/api/v1"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v2"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is v1's.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec      `json:"spec,omitempty"`
	Status v1.WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widget.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSpec is v1's.
type WidgetSpec = v1.WidgetSpec

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
