// Package v2 holds API version v2, which adds maxReplicas, class, window
// and ports, and CEL rules that read them without has(), as v2 requires
// (or defaults) them.
//
// +kubebuilder:object:generate=true
// +groupName=scale.example.com
package v2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "scale.example.com", Version: "v2"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Scaler is the resource of this case.
type Scaler struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ScalerSpec   `json:"spec,omitempty"`
	Status ScalerStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// ScalerList is a list of Scaler.
type ScalerList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Scaler `json:"items"`
}

// ScalerSpec is the desired state of a Scaler.
//
// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.maxReplicas",message="minReplicas must not exceed maxReplicas",fieldPath=".minReplicas"
// +kubebuilder:validation:XValidation:rule="self.class == oldSelf.class",messageExpression="'class is immutable, was ' + oldSelf.class",reason=FieldValueForbidden
// +kubebuilder:validation:XValidation:rule="!has(self.zones) || self.zones.size() <= self.maxReplicas",message="more zones than replicas"
type ScalerSpec struct {
	// MinReplicas is the fewest replicas.
	// +kubebuilder:validation:Minimum=0
	MinReplicas int32 `json:"minReplicas"`

	// MaxReplicas is the most replicas.
	MaxReplicas int32 `json:"maxReplicas"`

	// Class of the replicas.
	// +kubebuilder:default=standard
	// +optional
	Class string `json:"class,omitempty"`

	// Zones to spread over.
	// +kubebuilder:validation:XValidation:rule="self.size() > 0",message="name a zone, or leave zones out"
	// +optional
	Zones []string `json:"zones,omitempty"`

	// Window in which to scale.
	// +kubebuilder:validation:XValidation:rule=`self.end - self.start <= 24`,message="a window of a day at most"
	// +optional
	Window *Window `json:"window,omitempty"`

	// Ports to serve.
	// +kubebuilder:validation:XValidation:rule="self.all(p, p.port > 0)",message="ports are positive"
	// +optional
	Ports []Port `json:"ports,omitempty"`
}

// Window is a span of hours.
//
// +kubebuilder:validation:XValidation:rule="self.start < self.end",message="a window ends after it starts"
type Window struct {
	Start int32 `json:"start"`
	End   int32 `json:"end"`
}

// Port is a port to serve.
type Port struct {
	Port int32 `json:"port"`
}

// ScalerStatus is the observed state of a Scaler.
type ScalerStatus struct {
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Scaler{}, &ScalerList{})
}
