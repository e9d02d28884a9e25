package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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
	// EngineName names the engine.
	EngineName string `json:"engineName"`
	// Limits of the engine.
	// +optional
	Limits *Limits `json:"limits,omitempty"`
	// Notes about the widget.
	// +optional
	Notes string `json:"notes,omitempty"`
}

// Limits are resource limits.
type Limits struct {
	// +optional
	CPU string `json:"cpu,omitempty"`
	// +optional
	Memory string `json:"memory,omitempty"`
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
