// Package v1 holds events.example.com/v1: core/v1 Event's involvedObject
// and source, structs of the version held by value, the hub (hub.txt).
//
// +kubebuilder:object:generate=true
// +groupName=events.example.com
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "events.example.com", Version: "v1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// ObjectReference names the object an event is about.
type ObjectReference struct {
	// +optional
	Kind string `json:"kind,omitempty"`
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	UID string `json:"uid,omitempty"`
}

// EventSource contains information for an event.
type EventSource struct {
	// +optional
	Component string `json:"component,omitempty"`
	// +optional
	Host string `json:"host,omitempty"`
}

// +kubebuilder:object:root=true

// Event is a report of an event somewhere in the cluster.
type Event struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata"`

	InvolvedObject ObjectReference `json:"involvedObject"`
	// +optional
	Source EventSource `json:"source,omitempty"`
	// +optional
	Message string `json:"message,omitempty"`
}

// +kubebuilder:object:root=true

// EventList is a list of events.
type EventList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Event `json:"items"`
}

func init() {
	SchemeBuilder.Register(&Event{}, &EventList{})
}
