// Package v1beta1 holds API version v1beta1.
//
// +kubebuilder:object:generate=true
// +groupName=admissionregistration.k8s.io
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "admissionregistration.k8s.io", Version: "v1beta1"}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// The shapes of admissionregistration.k8s.io/v1beta1's
// ValidatingWebhookConfiguration (k8s.io/api/admissionregistration/v1beta1/
// types.go as of Kubernetes 1.35; served 1.9–1.21), with shorter comments.
// The defaults are those of k8s.io/kubernetes'
// pkg/apis/admissionregistration/v1beta1/defaults.go, as
// +kubebuilder:default markers.

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster

// ValidatingWebhookConfiguration describes the configuration of an
// admission webhook that accepts or rejects an object without changing it.
type ValidatingWebhookConfiguration struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// webhooks is a list of webhooks and the affected resources and
	// operations.
	// +optional
	// +listType=map
	// +listMapKey=name
	Webhooks []ValidatingWebhook `json:"webhooks,omitempty"`
}

// +kubebuilder:object:root=true

// ValidatingWebhookConfigurationList is a list of
// ValidatingWebhookConfiguration.
type ValidatingWebhookConfigurationList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`

	// items lists the ValidatingWebhookConfigurations.
	Items []ValidatingWebhookConfiguration `json:"items"`
}

// ValidatingWebhook describes an admission webhook and the resources and
// operations it applies to.
type ValidatingWebhook struct {
	// name of the admission webhook, fully qualified
	// (imagepolicy.kubernetes.io).
	Name string `json:"name"`

	// clientConfig defines how to communicate with the hook.
	ClientConfig WebhookClientConfig `json:"clientConfig"`

	// rules describes what operations on what resources the webhook cares
	// about; it cares about an operation if it matches any rule.
	// +listType=atomic
	// +optional
	Rules []RuleWithOperations `json:"rules,omitempty"`

	// failurePolicy defines how unrecognized errors from the admission
	// endpoint are handled: Ignore or Fail. Defaults to Ignore.
	// +optional
	// +kubebuilder:default=Ignore
	FailurePolicy *FailurePolicyType `json:"failurePolicy,omitempty"`

	// matchPolicy defines how the rules are used to match incoming
	// requests: Exact or Equivalent. Defaults to Exact.
	// +optional
	// +kubebuilder:default=Exact
	MatchPolicy *MatchPolicyType `json:"matchPolicy,omitempty"`

	// namespaceSelector decides whether to run the webhook on an object
	// based on whether its namespace matches the selector. Defaults to the
	// empty selector, which matches everything.
	// +optional
	NamespaceSelector *metav1.LabelSelector `json:"namespaceSelector,omitempty"`

	// objectSelector decides whether to run the webhook based on whether
	// the object has matching labels. Defaults to the empty selector.
	// +optional
	ObjectSelector *metav1.LabelSelector `json:"objectSelector,omitempty"`

	// sideEffects states whether this webhook has side effects: Unknown,
	// None, Some or NoneOnDryRun. Requests with dryRun are rejected by a
	// webhook whose sideEffects is Unknown or Some. Defaults to Unknown.
	// +optional
	// +kubebuilder:default=Unknown
	SideEffects *SideEffectClass `json:"sideEffects,omitempty"`

	// timeoutSeconds specifies the timeout for this webhook, between 1 and
	// 30 seconds. Defaults to 30 seconds.
	// +optional
	// +kubebuilder:default=30
	TimeoutSeconds *int32 `json:"timeoutSeconds,omitempty"`

	// admissionReviewVersions is an ordered list of preferred
	// AdmissionReview versions the webhook expects. Defaults to
	// ["v1beta1"].
	// +optional
	// +listType=atomic
	// +kubebuilder:default={v1beta1}
	AdmissionReviewVersions []string `json:"admissionReviewVersions,omitempty"`

	// matchConditions is a list of conditions that must be met for a
	// request to be sent to this webhook (CEL expressions).
	// +listType=map
	// +listMapKey=name
	// +optional
	MatchConditions []MatchCondition `json:"matchConditions,omitempty"`
}

// FailurePolicyType specifies a failure policy that defines how
// unrecognized errors from the admission endpoint are handled.
// +kubebuilder:validation:Enum=Ignore;Fail
type FailurePolicyType string

// The failure policies.
const (
	// Ignore means that an error calling the webhook is ignored.
	Ignore FailurePolicyType = "Ignore"
	// Fail means that an error calling the webhook causes the admission
	// to fail.
	Fail FailurePolicyType = "Fail"
)

// MatchPolicyType specifies the type of match policy.
// +kubebuilder:validation:Enum=Exact;Equivalent
type MatchPolicyType string

// The match policies.
const (
	// Exact means requests are sent to the webhook only if they exactly
	// match a rule.
	Exact MatchPolicyType = "Exact"
	// Equivalent means requests are sent to the webhook if they modify a
	// resource listed in rules through another API group or version.
	Equivalent MatchPolicyType = "Equivalent"
)

// SideEffectClass specifies the types of side effects a webhook may have.
// +kubebuilder:validation:Enum=Unknown;None;Some;NoneOnDryRun
type SideEffectClass string

// The side effect classes.
const (
	// SideEffectClassUnknown means that nothing is known about the side
	// effects of calling the webhook.
	SideEffectClassUnknown SideEffectClass = "Unknown"
	// SideEffectClassNone means that calling the webhook has no side
	// effects.
	SideEffectClassNone SideEffectClass = "None"
	// SideEffectClassSome means that calling the webhook may have side
	// effects.
	SideEffectClassSome SideEffectClass = "Some"
	// SideEffectClassNoneOnDryRun means that calling the webhook may have
	// side effects, but not for requests with dryRun.
	SideEffectClassNoneOnDryRun SideEffectClass = "NoneOnDryRun"
)

// RuleWithOperations is a tuple of operations and resources.
type RuleWithOperations struct {
	// operations is the operations the admission hook cares about: CREATE,
	// UPDATE, DELETE, CONNECT or * for all of them.
	// +listType=atomic
	// +optional
	Operations []OperationType `json:"operations,omitempty"`
	// Rule is embedded, it has the other fields of the rule.
	Rule `json:",inline"`
}

// Rule is a tuple of API groups, versions and resources.
type Rule struct {
	// apiGroups is the API groups the resources belong to; * is all groups.
	// +listType=atomic
	// +optional
	APIGroups []string `json:"apiGroups,omitempty"`

	// apiVersions is the API versions the resources belong to; * is all
	// versions.
	// +listType=atomic
	// +optional
	APIVersions []string `json:"apiVersions,omitempty"`

	// resources is a list of resources this rule applies to (pods,
	// pods/log, */scale).
	// +listType=atomic
	// +optional
	Resources []string `json:"resources,omitempty"`

	// scope specifies the scope of this rule: Cluster, Namespaced or *.
	// Defaults to *.
	// +optional
	// +kubebuilder:default="*"
	Scope *ScopeType `json:"scope,omitempty"`
}

// ScopeType specifies a scope for a rule.
// +kubebuilder:validation:Enum=Cluster;Namespaced;"*"
type ScopeType string

// The scopes of a rule.
const (
	// ClusterScope limits the rule to cluster-scoped objects.
	ClusterScope ScopeType = "Cluster"
	// NamespacedScope limits the rule to namespaced objects.
	NamespacedScope ScopeType = "Namespaced"
	// AllScopes includes all scopes.
	AllScopes ScopeType = "*"
)

// OperationType specifies an operation for a request.
type OperationType string

// The operations.
const (
	OperationAll OperationType = "*"
	Create       OperationType = "CREATE"
	Update       OperationType = "UPDATE"
	Delete       OperationType = "DELETE"
	Connect      OperationType = "CONNECT"
)

// WebhookClientConfig contains the information to make a TLS connection
// with the webhook. Exactly one of url or service must be specified.
type WebhookClientConfig struct {
	// url gives the location of the webhook, in standard URL form
	// (https://host:port/path).
	// +optional
	URL *string `json:"url,omitempty"`

	// service is a reference to the service for this webhook.
	// +optional
	Service *ServiceReference `json:"service,omitempty"`

	// caBundle is a PEM encoded CA bundle which will be used to validate
	// the webhook's server certificate.
	// +optional
	CABundle []byte `json:"caBundle,omitempty"`
}

// ServiceReference holds a reference to Service.legacy.k8s.io.
type ServiceReference struct {
	// namespace is the namespace of the service.
	Namespace string `json:"namespace"`
	// name is the name of the service.
	Name string `json:"name"`
	// path is an optional URL path which will be sent in any request to
	// this service.
	// +optional
	Path *string `json:"path,omitempty"`
	// port is the port on the service that hosts the webhook. Defaults to
	// 443.
	// +optional
	// +kubebuilder:default=443
	Port *int32 `json:"port,omitempty"`
}

// MatchCondition is a condition which must be fulfilled for a request to
// be sent to a webhook.
type MatchCondition struct {
	// name is an identifier for this match condition.
	Name string `json:"name"`
	// expression is the CEL expression evaluated on the request.
	Expression string `json:"expression"`
}

func init() {
	SchemeBuilder.Register(&ValidatingWebhookConfiguration{}, &ValidatingWebhookConfigurationList{})
}
