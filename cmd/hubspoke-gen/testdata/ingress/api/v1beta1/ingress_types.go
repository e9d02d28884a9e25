// Package v1beta1 holds API version v1beta1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1beta1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1beta1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// The shapes of networking.k8s.io/v1beta1's Ingress (Kubernetes 1.19–1.21),
// reduced to what tells the versions apart.

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Ingress routes outside traffic to services.
type Ingress struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   IngressSpec   `json:"spec,omitempty"`
	Status IngressStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// IngressList is a list of Ingress.
type IngressList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ingress `json:"items"`
}

// IngressSpec is the desired state of an Ingress.
type IngressSpec struct {
	// +optional
	IngressClassName *string `json:"ingressClassName,omitempty"`
	// Backend takes the requests no rule matches.
	// +optional
	Backend *IngressBackend `json:"backend,omitempty"`
	// +optional
	TLS []IngressTLS `json:"tls,omitempty"`
	// +optional
	Rules []IngressRule `json:"rules,omitempty"`
}

// IngressTLS is a TLS configuration.
type IngressTLS struct {
	// +optional
	Hosts []string `json:"hosts,omitempty"`
	// +optional
	SecretName string `json:"secretName,omitempty"`
}

// IngressRule maps the paths of a host to backends.
type IngressRule struct {
	// +optional
	Host string `json:"host,omitempty"`
	// +optional
	IngressRuleValue `json:",inline,omitempty"`
}

// IngressRuleValue holds the rule of one protocol.
type IngressRuleValue struct {
	// +optional
	HTTP *HTTPIngressRuleValue `json:"http,omitempty"`
}

// HTTPIngressRuleValue lists the paths of an HTTP rule.
type HTTPIngressRuleValue struct {
	Paths []HTTPIngressPath `json:"paths"`
}

// PathType says how a path matches.
// +kubebuilder:validation:Enum=Exact;Prefix;ImplementationSpecific
type PathType string

// The path types.
const (
	PathTypeExact                  PathType = "Exact"
	PathTypePrefix                 PathType = "Prefix"
	PathTypeImplementationSpecific PathType = "ImplementationSpecific"
)

// HTTPIngressPath sends the requests of a path to a backend.
type HTTPIngressPath struct {
	// +optional
	Path string `json:"path,omitempty"`
	// +optional
	PathType *PathType      `json:"pathType,omitempty"`
	Backend  IngressBackend `json:"backend"`
}

// IngressBackend is a service and port, or a resource.
type IngressBackend struct {
	// +optional
	ServiceName string `json:"serviceName,omitempty"`
	// +optional
	ServicePort intstr.IntOrString `json:"servicePort,omitempty"`
	// +optional
	Resource *corev1.TypedLocalObjectReference `json:"resource,omitempty"`
}

// IngressStatus is the observed state of an Ingress.
type IngressStatus struct {
	// A struct value, as in Kubernetes.
	// +optional
	LoadBalancer corev1.LoadBalancerStatus `json:"loadBalancer,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Ingress{}, &IngressList{})
}
