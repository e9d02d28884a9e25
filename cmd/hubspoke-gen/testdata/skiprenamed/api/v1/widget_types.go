// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
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

// WidgetSpec is the desired state of a Widget. Its four properties leave
// in v2 and come back in v3 in another shape, staged through v2storage's
// compat package:
//   - Address, whose type v2 renames (PostalAddress, held by Billing)
//     while Address is away;
//   - Site, whose type v3 renames (Venue) from a type v2 does not have,
//     and renames a property of (Label to Title);
//   - Office, under the same type name in v3;
//   - Home.Door, whose owner v3 renames (Place to Location; v2 has Place
//     without Door).
type WidgetSpec struct {
	// +optional
	Address *Address `json:"address,omitempty"`
	// +optional
	Site *Site `json:"site,omitempty"`
	// +optional
	Office *Office `json:"office,omitempty"`
	// +optional
	Home *Place `json:"home,omitempty"`
}

// Address is a label; Zip is text in v1 and a number in v3.
type Address struct {
	// +optional
	Label string `json:"label,omitempty"`
	// +optional
	Zip string `json:"zip,omitempty"`
}

// Site is a label; v3 drops Note.
type Site struct {
	// +optional
	Label string `json:"label,omitempty"`
	// +optional
	Note string `json:"note,omitempty"`
	// +optional
	Zip string `json:"zip,omitempty"`
}

// Office is a label.
type Office struct {
	// +optional
	Label string `json:"label,omitempty"`
	// +optional
	Zip string `json:"zip,omitempty"`
}

// Place is a place.
type Place struct {
	// +optional
	Door *Door `json:"door,omitempty"`
}

// Door is a number, as text.
type Door struct {
	// +optional
	Zip string `json:"zip,omitempty"`
}
