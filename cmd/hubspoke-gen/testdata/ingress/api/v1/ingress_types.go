// Package v1 holds API version v1.
//
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	GroupVersion  = schema.GroupVersion{Group: "example.com", Version: "v1"}
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}
	AddToScheme   = SchemeBuilder.AddToScheme
)

// The shapes of networking.k8s.io/v1's Ingress (Kubernetes 1.26 and later),
// reduced to what tells the versions apart: the default backend renamed, a
// backend's service a struct of its own, a path type required, the load
// balancer's status a type of the API group.

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
	// DefaultBackend takes the requests no rule matches.
	// +hubspoke:renamedFrom=Backend
	// +optional
	DefaultBackend *IngressBackend `json:"defaultBackend,omitempty"`
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
	Path     string         `json:"path,omitempty"`
	PathType *PathType      `json:"pathType"`
	Backend  IngressBackend `json:"backend"`
}

// IngressBackend is a service, or a resource.
type IngressBackend struct {
	// +optional
	Service *IngressServiceBackend `json:"service,omitempty"`
	// +optional
	Resource *corev1.TypedLocalObjectReference `json:"resource,omitempty"`
}

// IngressServiceBackend is a service and one of its ports.
type IngressServiceBackend struct {
	Name string `json:"name"`
	// +optional
	Port ServiceBackendPort `json:"port,omitempty"`
}

// ServiceBackendPort is a port by name or by number.
type ServiceBackendPort struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Number int32 `json:"number,omitempty"`
}

// IngressStatus is the observed state of an Ingress.
type IngressStatus struct {
	// A struct value, as in Kubernetes.
	// +optional
	LoadBalancer IngressLoadBalancerStatus `json:"loadBalancer,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// IngressLoadBalancerStatus lists the load balancer's ingress points.
type IngressLoadBalancerStatus struct {
	// +optional
	Ingress []IngressLoadBalancerIngress `json:"ingress,omitempty"`
}

// IngressLoadBalancerIngress is an ingress point.
type IngressLoadBalancerIngress struct {
	// +optional
	IP string `json:"ip,omitempty"`
	// +optional
	Hostname string `json:"hostname,omitempty"`
	// +optional
	Ports []IngressPortStatus `json:"ports,omitempty"`
}

// IngressPortStatus is the state of a port.
type IngressPortStatus struct {
	Port     int32           `json:"port"`
	Protocol corev1.Protocol `json:"protocol"`
	// +optional
	Error *string `json:"error,omitempty"`
}

func init() {
	SchemeBuilder.Register(&Ingress{}, &IngressList{})
}
