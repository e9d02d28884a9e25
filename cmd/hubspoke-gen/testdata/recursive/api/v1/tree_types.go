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

// Tree is the resource of this case.
type Tree struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   TreeSpec   `json:"spec,omitempty"`
	Status TreeStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// TreeList is a list of Tree.
type TreeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Tree `json:"items"`
}

// TreeStatus is the observed state of a Tree.
type TreeStatus struct {
	// +optional
	Depth int32 `json:"depth,omitempty"`
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// TreeSpec is the desired state of a Tree.
type TreeSpec struct {
	// +optional
	Root *Node `json:"root,omitempty"`
}

// Node is a node of the tree.
type Node struct {
	Name string `json:"name"`
	// +optional
	Children []Node `json:"children,omitempty"`
	// +optional
	Named map[string]Node `json:"named,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Tree{}, &TreeList{})
}
