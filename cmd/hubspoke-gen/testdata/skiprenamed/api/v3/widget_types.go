// Package v3 holds API version v3.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v3

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v3"}
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

// WidgetSpec is the desired state of a Widget: v1's properties back in
// other shapes.
type WidgetSpec struct {
	// +optional
	Address *PostalAddress `json:"address,omitempty"`
	// +optional
	Billing *PostalAddress `json:"billing,omitempty"`
	// +optional
	Site *Venue `json:"site,omitempty"`
	// +optional
	Office *Office `json:"office,omitempty"`
	// +optional
	Home *Location `json:"home,omitempty"`
}

// PostalAddress is structured; it was renamed from Address in v2.
type PostalAddress struct {
	// +optional
	Street string `json:"street,omitempty"`
	// +optional
	City string `json:"city,omitempty"`
	// +optional
	Zip int32 `json:"zip,omitempty"`
}

// Venue was Site in v1; v2 has neither the type nor WidgetSpec.Site.
// +hubspoke:renamedFrom=Site
type Venue struct {
	// +hubspoke:renamedFrom=Label
	// +optional
	Title string `json:"title,omitempty"`
	// +optional
	City string `json:"city,omitempty"`
	// +optional
	Zip int32 `json:"zip,omitempty"`
}

// Office is structured, under v1's type name.
type Office struct {
	// +optional
	Street string `json:"street,omitempty"`
	// +optional
	Zip int32 `json:"zip,omitempty"`
}

// Location was Place in v2.
// +hubspoke:renamedFrom=Place
type Location struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Door *Door `json:"door,omitempty"`
}

// Door is a number.
type Door struct {
	// +optional
	Zip int32 `json:"zip,omitempty"`
}
