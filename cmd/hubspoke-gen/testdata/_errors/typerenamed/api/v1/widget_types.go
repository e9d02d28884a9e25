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

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// +optional
	Owner *Customer `json:"owner,omitempty"`

	// Contacts are ways to reach the owners, by kind.
	// +optional
	// +listType=map
	// +listMapKey=kind
	Contacts []Contact `json:"contacts,omitempty"`

	// +optional
	Level Level `json:"level,omitempty"`

	// +optional
	Memo *Memo `json:"memo,omitempty"`

	// +optional
	Note *Note `json:"note,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Customer is someone who buys widgets.
type Customer struct {
	// +optional
	Mail string `json:"mail,omitempty"`

	// +optional
	Fax string `json:"fax,omitempty"`
}

// Contact is a way to reach someone.
type Contact struct {
	Kind string `json:"kind"`

	// +optional
	Value string `json:"value,omitempty"`
}

// Level is how much service a widget gets.
type Level string

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// Memo and Note are two structs of v1.
type Memo struct {
	// +optional
	Text string `json:"text,omitempty"`
}

// Note is a struct of v1 that v2 does not rename.
type Note struct {
	// +optional
	Text string `json:"text,omitempty"`
}
