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

// HTTPRoute is the resource of this case, after Gateway API's.
type HTTPRoute struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   HTTPRouteSpec   `json:"spec,omitempty"`
	Status HTTPRouteStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// HTTPRouteList is a list of HTTPRoute.
type HTTPRouteList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []HTTPRoute `json:"items"`
}

// HTTPRouteSpec is the desired state of an HTTPRoute.
type HTTPRouteSpec struct {
	// +optional
	Hostnames []string `json:"hostnames,omitempty"`

	// Rules is a list without list-map keys, as in Gateway API.
	// +optional
	Rules []HTTPRouteRule `json:"rules,omitempty"`

	// MirrorGroups, a list of lists, is not Gateway API's: it puts
	// backendRefs two unkeyed lists deep.
	// +optional
	MirrorGroups [][]HTTPBackendRef `json:"mirrorGroups,omitempty"`

	// Fallbacks, a named list of pointers, is not Gateway API's either.
	// +optional
	Fallbacks BackendRefPointers `json:"fallbacks,omitempty"`
}

// BackendRefPointers is a named list of pointers to backendRefs.
type BackendRefPointers []*HTTPBackendRef

// HTTPRouteRule is a rule; v2 adds its name and timeouts.
type HTTPRouteRule struct {
	// +optional
	Matches []HTTPRouteMatch `json:"matches,omitempty"`

	// BackendRefs is a list without list-map keys inside each rule.
	// +optional
	BackendRefs []HTTPBackendRef `json:"backendRefs,omitempty"`

	// Since is not Gateway API's. Left zero by the test, it shows as null
	// in a rule's JSON, while the storage twin holds nil for it (not in
	// its JSON): a rule's fingerprint must be of the version's element,
	// never of the twin's.
	// +optional
	Since metav1.Time `json:"since,omitempty"`
}

// HTTPRouteMatch matches requests by path.
type HTTPRouteMatch struct {
	// +optional
	Path string `json:"path,omitempty"`
}

// HTTPBackendRef names a backend; v2 adds its filters.
type HTTPBackendRef struct {
	Name string `json:"name"`

	// +optional
	Port *int32 `json:"port,omitempty"`
}

// HTTPRouteStatus is the observed state of an HTTPRoute.
type HTTPRouteStatus struct {
	// Parents is a list without list-map keys inside status.
	// +optional
	Parents []RouteParentStatus `json:"parents,omitempty"`

	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// RouteParentStatus is the status of a route for one parent; v2 adds a
// message.
type RouteParentStatus struct {
	ParentRef string `json:"parentRef"`

	// +optional
	ControllerName string `json:"controllerName,omitempty"`
}

func init() {
	SchemeBuilder.Register(&HTTPRoute{}, &HTTPRouteList{})
}
