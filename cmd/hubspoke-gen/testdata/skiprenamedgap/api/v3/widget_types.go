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
	Address *PostalAddress `json:"address,omitempty"`
	// +optional
	Office *Office `json:"office,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// PostalAddress is structured. It was Address in v1, and v2 has neither
// the type nor WidgetSpec.Address: the rename names a type of v1.
// +hubspoke:renamedFrom=Address
type PostalAddress struct {
	// +optional
	Street string `json:"street,omitempty"`
	// +optional
	City string `json:"city,omitempty"`
	// Zip is text in v1 and a number in v3.
	// +optional
	Zip int32 `json:"zip,omitempty"`
}

// Office is structured, under v1's type name.
type Office struct {
	// +optional
	Street string `json:"street,omitempty"`
	// +optional
	City string `json:"city,omitempty"`
	// Zip is text in v1 and a number in v3.
	// +optional
	Zip int32 `json:"zip,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
