// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"encoding/json"

	"example.com/fixtures/oddities/api/shared"
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

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// Skipped is not JSON at all: nothing converts it.
	// +optional
	Skipped string `json:"-"`
	// Dash is "-" in JSON, which v2 drops: its bag keeps it.
	// +optional
	Dash string `json:"-,"`
	// Ref is of another package here, a struct of the version in v2.
	// +optional
	Ref *shared.Ref `json:"ref,omitempty"`
	// ByNumber is keyed by integers, which JSON writes as text.
	// +optional
	ByNumber map[int32]shared.Ref `json:"byNumber,omitempty"`
	// Raw is any JSON.
	// +optional
	Raw json.RawMessage `json:"raw,omitempty"`
	// Owner is of another package here, a struct of the version in v2,
	// both behind a pointer: a client that removes it removes it.
	// +optional
	Owner *shared.Owner `json:"owner,omitempty"`
	// Replicas is a number that JSON quotes ("3"), which the schema takes
	// as a string; a number in v2.
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Pattern=`^-?[0-9]+$`
	// +optional
	Replicas int32 `json:"replicas,omitempty,string"`
	// Lists and maps through a pointer here, held directly in v2 (and
	// the other way round): the pointer's nil is the list's.
	// +optional
	Hosts *[]string `json:"hosts,omitempty"`
	// +optional
	Steps *[]Step `json:"steps,omitempty"`
	// +optional
	Limits *map[string]int32 `json:"limits"`
	// +optional
	Selector map[string]string `json:"selector,omitempty"`
}

// Step is one step; v2 adds its weight.
type Step struct {
	// +optional
	Name string `json:"name,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Widget{}, &WidgetList{})
}
