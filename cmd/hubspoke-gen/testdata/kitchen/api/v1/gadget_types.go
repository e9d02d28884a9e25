// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1beta1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1"}
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
type GadgetSpec struct {
	Common `json:",inline"`

	// An unexported type: encoding/json still writes its exported fields.
	extras `json:",inline"`

	// +optional
	Port intstr.IntOrString `json:"port,omitempty"`
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`
	// +optional
	Ratio float64 `json:"ratio,omitempty"`
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
	// Headers and Matrix, which v2 removes, have no omitempty: an empty one
	// is told apart from none, and must come back empty, not absent.
	// +optional
	Headers map[string][]string `json:"headers"`
	// +optional
	Matrix [][]string `json:"matrix"`
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// +optional
	Ref corev1.ObjectReference `json:"ref,omitempty"`
	// Extra is apiextensions.k8s.io's v1beta1 JSON, v2's is v1's: one
	// type that moved (cert-manager's webhook solver config, v1alpha3 and
	// v1beta1), converted by a Go conversion.
	// +optional
	// +kubebuilder:pruning:PreserveUnknownFields
	Extra *apiextensionsv1beta1.JSON `json:"extra,omitempty"`
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

	// Tags, a named map, which v2 writes as a map.
	// +optional
	Tags Tags `json:"tags,omitempty"`

	// UserExtra, a map of lists, which v2 writes as a map of a named list.
	// +optional
	UserExtra map[string][]string `json:"userExtra,omitempty"`

	// Hosts, a list of structs keyed by name, which v2 writes as a named
	// list.
	// +optional
	// +listType=map
	// +listMapKey=name
	Hosts []Host `json:"hosts,omitempty"`

	// Pools of hosts: a named list in a map.
	// +optional
	Pools map[string]Hosts `json:"pools,omitempty"`

	// Ports, a named list of numbers, without omitempty: an empty one is
	// told apart from none.
	// +optional
	Ports Ports `json:"ports"`

	// Listeners, keyed by host and port together: two may share a host,
	// or a port. v2 adds Protocol.
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

// Tags are labels of a gadget.
type Tags map[string]string

// Hosts is a list of hosts.
type Hosts []Host

// Ports is a list of port numbers.
type Ports []int32

// Host is a place a gadget answers at; v2 adds Zone.
type Host struct {
	// Name identifies the host.
	Name string `json:"name"`
	// +optional
	Port int32 `json:"port,omitempty"`
}

// Listener is a host and port a gadget listens on.
type Listener struct {
	Host string `json:"host"`
	Port int32  `json:"port"`
}

func init() {
	SchemeBuilder.Register(&Gadget{}, &GadgetList{})
}

// Part is a part of a gadget; v2 adds Color.
type Part struct {
	// Name identifies the part.
	Name string `json:"name"`
	// +optional
	Weight int32 `json:"weight,omitempty"`
}

// Zone is where a gadget runs.
type Zone struct {
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Dimensions of a gadget; v2 adds Height.
type Dimensions struct {
	// +optional
	Width int32 `json:"width,omitempty"`
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
