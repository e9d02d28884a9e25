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

// Doohickey is the resource of this case.
type Doohickey struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   DoohickeySpec   `json:"spec,omitempty"`
	Status DoohickeyStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// DoohickeyList is a list of Doohickey.
type DoohickeyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Doohickey `json:"items"`
}

// DoohickeySpec is the desired state of a Doohickey.
type DoohickeySpec struct {
	// SortKey was AlphaKey.
	// +optional
	SortKey string `json:"sortKey,omitempty"`

	// +optional
	Owner *Person `json:"owner,omitempty"`
}

// DoohickeyStatus is the observed state of a Doohickey.
type DoohickeyStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Doohickey{}, &DoohickeyList{})
}
