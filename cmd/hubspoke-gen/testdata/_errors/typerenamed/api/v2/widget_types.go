// Package v1 holds API version v2.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v2"}
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
	Owner *Client `json:"owner,omitempty"`

	// Contacts are ways to reach the owners, by kind.
	// +optional
	// +listType=map
	// +listMapKey=kind
	Contacts []Channel `json:"contacts,omitempty"`

	// +optional
	Level Tier `json:"level,omitempty"`

	// +optional
	Memo *Note `json:"memo,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Client was Buyer, says its marker, but v1 has no Buyer.
//
// +hubspoke:renamedFrom=Buyer
// +hubspoke:removed=Fax
type Client struct {
	// +optional
	// +hubspoke:renamedFrom=Mail
	Email string `json:"email,omitempty"`
}

// Channel was Contact.
//
// +hubspoke:renamedFrom=Contact
type Channel struct {
	Kind string `json:"kind"`

	// +optional
	Value string `json:"value,omitempty"`
}

// Tier was Level.
//
// +hubspoke:renamedFrom=Level
type Tier string

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}

// Note was Memo, says its marker, but v1's Note, whose name it takes, is
// not renamed: a swap or a chain of renames needs a marker on each type.
//
// +hubspoke:renamedFrom=Memo
type Note struct {
	// +optional
	Text string `json:"text,omitempty"`
}
