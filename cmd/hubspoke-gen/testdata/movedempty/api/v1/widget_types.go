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
	// Size moves into v2's spec.extra.
	// +optional
	Size *int32 `json:"size,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// Next holds what v2 shows at the top of the status (as Cluster API's
	// v1beta1 status.v1beta2).
	// +optional
	Next *NextStatus `json:"next,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// NextStatus is the status of the next version.
type NextStatus struct {
	// +optional
	Ready *int32 `json:"ready,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
