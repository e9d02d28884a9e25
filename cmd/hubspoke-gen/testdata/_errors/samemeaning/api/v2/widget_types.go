// Package v2 holds API version v2.
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

// WidgetSpec is the desired state of a Widget. Each of its markers is
// wrong.
type WidgetSpec struct {
	// Name changes nothing.
	//
	// +optional
	// +hubspoke:sameMeaning=optionality
	Name string `json:"name,omitempty"`

	// Size changes type: a hook's, not a marker's.
	//
	// +optional
	// +hubspoke:sameMeaning=optionality
	Size *string `json:"size,omitempty"`

	// Mode only gains a value: no warning to acknowledge.
	//
	// +kubebuilder:validation:Enum=fast;slow;medium
	// +optional
	// +hubspoke:sameMeaning=enum
	Mode string `json:"mode,omitempty"`

	// Replicas names no kind of change.
	//
	// +optional
	// +hubspoke:sameMeaning
	Replicas *int32 `json:"replicas,omitempty"`

	// Count becomes a pointer, and keeps its (lack of a) default.
	//
	// +optional
	// +hubspoke:sameMeaning=optionality,default
	Count *int32 `json:"count,omitempty"`

	// Paused names a kind of change there is not.
	//
	// +optional
	// +hubspoke:sameMeaning=pointer
	Paused *bool `json:"paused,omitempty"`

	// Title is new in v2.
	//
	// +optional
	// +hubspoke:sameMeaning=optionality
	Title *string `json:"title,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
