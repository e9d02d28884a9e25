// Package v2 holds API version v2.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v2"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// +kubebuilder:object:root=true

// Widget is the resource of this case: v1 refers to a secret with
// corev1.SecretKeySelector, whose name comes from the embedded
// LocalObjectReference, and v2 with a struct of its own of the same JSON
// but optional (prometheus-operator's AlertmanagerConfig, v1alpha1 to
// v1beta1).
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
	Token *SecretKeySelector `json:"token,omitempty"`
}

// SecretKeySelector selects a key of a Secret of the object's namespace.
type SecretKeySelector struct {
	// +kubebuilder:validation:MinLength=1
	Name string `json:"name"`
	// +kubebuilder:validation:MinLength=1
	Key string `json:"key"`
}
