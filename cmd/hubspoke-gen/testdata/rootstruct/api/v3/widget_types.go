package v3

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

	// Extra is back, in another shape: staged through compat.
	// +optional
	Extra WidgetExtra `json:"extra,omitempty"`
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
	Name string `json:"name,omitempty"`
	// Steps, which v2 removes and v3 brings back in another shape
	// (staged through compat on the way).
	// +optional
	Steps []Step `json:"steps,omitempty"`
}

// Step is a step of a Widget.
type Step struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// WidgetExtra is more about a Widget.
type WidgetExtra struct {
	// +optional
	Note string `json:"note,omitempty"`
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
