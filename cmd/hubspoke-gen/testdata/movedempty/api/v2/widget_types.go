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
	// +optional
	Extra *Extra `json:"extra,omitempty"`
}

// Extra is new in v2, and gathers v1's size.
type Extra struct {
	// +optional
	// +hubspoke:movedFrom=spec.size
	Size *int32 `json:"size,omitempty"`
}

// WidgetStatus is the observed state of a Widget. v1's status.next moves
// here: every property of it, so its removal needs no +hubspoke:removed.
type WidgetStatus struct {
	// +optional
	// +hubspoke:movedFrom=status.next.ready
	Ready *int32 `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
