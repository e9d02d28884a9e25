// Package v2 holds API version v2.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v2

import (
	"fmt"

	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v2"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Owner",type=string,JSONPath=`.spec.owner`

// Gadget is the resource of this case.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`

	// Data sits beside spec and status, as in a ConfigMap.
	// +optional
	Data map[string]string `json:"data,omitempty"`

	// Replicas is new in v2, at the top of the object.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// +kubebuilder:object:root=true

// GadgetList is a list of Gadget.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

// extras is embedded, and unexported.
type extras struct {
	// +optional
	Note string `json:"note,omitempty"`
}

// Common is embedded.
type Common struct {
	// +optional
	Owner string `json:"owner,omitempty"`
}

// GadgetSpec is the desired state of a Gadget.
// +hubspoke:removed=Headers
// +hubspoke:removed=Matrix
type GadgetSpec struct {
	Common `json:",inline"`

	// An unexported type: encoding/json still writes its exported fields.
	extras `json:",inline"`

	// A struct of another package, flattened too.
	corev1.LocalObjectReference `json:",inline"`

	// +optional
	Port intstr.IntOrString `json:"port,omitempty"`
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`
	// +optional
	// +hubspoke:renamedFrom=Ratio
	Factor float64 `json:"factor,omitempty"`
	// +optional
	Count int64 `json:"count,omitempty"`
	// +optional
	Sku *Sku `json:"sku,omitempty"`
	// +optional
	Rule *Rule `json:"rule,omitempty"`

	// Cache is never written out.
	Cache string `json:"-"`
	// +optional
	Blob []byte `json:"blob,omitempty"`
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// +optional
	Ref corev1.ObjectReference `json:"ref,omitempty"`
	// +optional
	// +kubebuilder:pruning:PreserveUnknownFields
	Extra *apiextensionsv1.JSON `json:"extra,omitempty"`
	// +optional
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:EmbeddedResource
	Template runtime.RawExtension `json:"template,omitempty"`
	// +optional
	Memory resource.Quantity `json:"memory,omitempty"`
	// +optional
	Resources corev1.ResourceList `json:"resources,omitempty"`

	// Parts, one per name.
	// +optional
	// +listType=map
	// +listMapKey=name
	Parts []Part `json:"parts,omitempty"`

	// Zones by name.
	// +optional
	Zones map[string]Zone `json:"zones,omitempty"`

	// Spares, by bin.
	// +optional
	Spares map[string][]Part `json:"spares,omitempty"`

	// Backup parts.
	// +optional
	Backups []*Part `json:"backups,omitempty"`

	// Dimensions, always present.
	Dimensions Dimensions `json:"dimensions"`

	// Grid of numbers.
	// +optional
	Grid [][]int32 `json:"grid,omitempty"`

	// Conditions of the gadget, in its spec.
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// +optional
	Tags map[string]string `json:"tags,omitempty"`

	// +optional
	UserExtra map[string]ExtraValue `json:"userExtra,omitempty"`

	// Hosts, keyed by name (the list type says so).
	// +optional
	Hosts Hosts `json:"hosts,omitempty"`

	// +optional
	Pools map[string]Hosts `json:"pools,omitempty"`

	// +optional
	Ports Ports `json:"ports"`

	// Listeners, keyed by host and port together.
	// +optional
	// +listType=map
	// +listMapKey=host
	// +listMapKey=port
	Listeners []Listener `json:"listeners,omitempty"`
}

// GadgetStatus is the observed state of a Gadget.
type GadgetStatus struct {
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// +optional
	ObservedAt *metav1.Time `json:"observedAt,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// ExtraValue is a list of values, as Kubernetes declares it in
// authentication and certificates.
type ExtraValue []string

// String joins the values, as Kubernetes' ExtraValue does: the storage
// twin's type has no methods.
func (t ExtraValue) String() string { return fmt.Sprintf("%v", []string(t)) }

// Hosts is a list of hosts.
// +listType=map
// +listMapKey=name
type Hosts []Host

// Ports is a list of port numbers.
type Ports []int32

// Host is a place a gadget answers at.
type Host struct {
	// Name identifies the host.
	Name string `json:"name"`
	// +optional
	Port int32 `json:"port,omitempty"`
	// +optional
	Zone string `json:"zone,omitempty"`
}

// Listener is a host and port a gadget listens on.
type Listener struct {
	Host string `json:"host"`
	Port int32  `json:"port"`
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Gadget{}, &GadgetList{})
}

// Part is a part of a gadget.
type Part struct {
	// Name identifies the part.
	Name string `json:"name"`
	// +optional
	Weight int32 `json:"weight,omitempty"`
	// +optional
	Color string `json:"color,omitempty"`
}

// Zone is where a gadget runs.
type Zone struct {
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Dimensions of a gadget.
type Dimensions struct {
	// +optional
	Width int32 `json:"width,omitempty"`
	// +optional
	Height int32 `json:"height,omitempty"`
}

// Sku is a gadget's price plan. Its Mode and Rule's are enums of different
// values under one Go field name: the generated test draws each from its
// own enum (Sku.Mode, Rule.Mode), and Tier, whose enums agree, from their
// one set of values.
type Sku struct {
	// +kubebuilder:validation:Enum=Standard;Premium
	Mode string `json:"mode,omitempty"`
	// +kubebuilder:validation:Enum=Basic;Pro
	Tier string `json:"tier,omitempty"`
}

// Rule is a gadget's access rule.
type Rule struct {
	// +kubebuilder:validation:Enum=Allow;Deny
	Mode string `json:"mode,omitempty"`
	// +kubebuilder:validation:Enum=Basic;Pro
	Tier string `json:"tier,omitempty"`
}
