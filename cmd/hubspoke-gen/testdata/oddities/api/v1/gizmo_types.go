package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Gizmo holds its spec by value (a pointer in v2) and its status through a
// pointer: an object without a status comes back without one.
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec GizmoSpec `json:"spec,omitempty"`
	// +optional
	Status *GizmoStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GizmoList is a list of Gizmo.
type GizmoList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gizmo `json:"items"`
}

// GizmoSpec is the desired state of a Gizmo.
type GizmoSpec struct {
	// +optional
	Name string `json:"name,omitempty"`
}

// GizmoStatus is the observed state of a Gizmo.
type GizmoStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Gizmo{}, &GizmoList{})
}
