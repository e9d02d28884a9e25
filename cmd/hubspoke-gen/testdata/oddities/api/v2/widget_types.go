// Package v2 holds API version v2.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	"encoding/json"

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

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// WidgetSpec is the desired state of a Widget.
//
// +hubspoke:removed=Dash
type WidgetSpec struct {
	// +optional
	Ref *Ref `json:"ref,omitempty"`
	// +optional
	ByNumber map[int32]Ref `json:"byNumber,omitempty"`
	// +optional
	Raw json.RawMessage `json:"raw,omitempty"`
	// +optional
	Owner *Owner `json:"owner,omitempty"`
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// +optional
	Hosts []string `json:"hosts"`
	// +optional
	Steps []Step `json:"steps,omitempty"`
	// +optional
	Limits map[string]int32 `json:"limits,omitempty"`
	// +optional
	Selector *map[string]string `json:"selector,omitempty"`
}

// Step is one step.
type Step struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Weight int32 `json:"weight,omitempty"`
}

// Owner is shared.Owner.
type Owner struct {
	// +optional
	Name string `json:"name,omitempty"`
}

// Ref is shared.Ref without its "-".
type Ref struct {
	// +optional
	Name string `json:"name,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
