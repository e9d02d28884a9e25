// Package v1api20150505preview holds an API version.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1api20150505preview

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1api20150505preview"}
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
	// SortKey was AlphaKey.
	// +optional
	// +hubspoke:renamedFrom=AlphaKey
	SortKey string `json:"sortKey,omitempty"`

	// +optional
	Owner *Person `json:"owner,omitempty"`

	// Tier is a preview feature that the stable version left out.
	// +optional
	Tier string `json:"tier,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Person is someone.
type Person struct {
	// Email was Mail.
	// +optional
	// +hubspoke:renamedFrom=Mail
	Email string `json:"email,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
