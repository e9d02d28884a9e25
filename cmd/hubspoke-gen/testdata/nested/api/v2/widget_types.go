package v2

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
	// Parts, one per name.
	// +optional
	// +listType=map
	// +listMapKey=name
	Parts []Part `json:"parts,omitempty"`

	// Zones by name.
	// +optional
	Zones map[string]Zone `json:"zones,omitempty"`

	// Spares, by bin.
	// +optional
	Spares map[string][]Part `json:"spares,omitempty"`

	// Backup parts.
	// +optional
	Backups []*Part `json:"backups,omitempty"`

	// Dimensions, always present.
	Dimensions Dimensions `json:"dimensions"`

	// Matrix of numbers.
	// +optional
	Matrix [][]int32 `json:"matrix,omitempty"`

	// Conditions of the widget.
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Part is a part of a widget.
type Part struct {
	// Name identifies the part.
	Name string `json:"name"`
	// +optional
	Weight int32 `json:"weight,omitempty"`
	// +optional
	Color string `json:"color,omitempty"`
}

// Zone is where a widget runs.
type Zone struct {
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Dimensions of a widget.
type Dimensions struct {
	// +optional
	Width int32 `json:"width,omitempty"`
	// +optional
	Height int32 `json:"height,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
