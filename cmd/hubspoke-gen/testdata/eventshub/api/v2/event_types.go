// Package v2 holds events.example.com/v2: events.k8s.io/v1's regarding and
// deprecatedSource, structs of k8s.io/api/core/v1, which v2's storage twin
// holds by pointer, and which v1 (the hub) holds by value.
//
// +kubebuilder:object:generate=true
// +groupName=events.example.com
package v2

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "events.example.com", Version: "v2"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true

// Event is a report of an event somewhere in the cluster.
type Event struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata"`

	// +hubspoke:renamedFrom=InvolvedObject
	// +optional
	Regarding corev1.ObjectReference `json:"regarding,omitempty"`
	// +hubspoke:renamedFrom=Source
	// +optional
	DeprecatedSource corev1.EventSource `json:"deprecatedSource,omitempty"`
	// +hubspoke:renamedFrom=Message
	// +optional
	Note string `json:"note,omitempty"`
}

// +kubebuilder:object:root=true

// EventList is a list of Event objects.
type EventList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Event `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Event{}, &EventList{})
}
