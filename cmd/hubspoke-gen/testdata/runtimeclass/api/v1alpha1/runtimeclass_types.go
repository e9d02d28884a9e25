// Package v1alpha1 holds API version v1alpha1.
//
// +kubebuilder:object:generate=true
// +groupName=node.k8s.io
package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "node.k8s.io", Version: "v1alpha1"}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// The shapes of node.k8s.io/v1alpha1's RuntimeClass (k8s.io/api/node/
// v1alpha1/types.go as of Kubernetes 1.35; served 1.12–1.22), with shorter
// comments. Toleration is core/v1's, declared in the version as a
// simplified copy of the same JSON.

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster

// RuntimeClass defines a class of container runtime supported in the
// cluster.
type RuntimeClass struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// spec represents specification of the RuntimeClass.
	Spec RuntimeClassSpec `json:"spec"`
}

// RuntimeClassSpec is a specification of a RuntimeClass.
type RuntimeClassSpec struct {
	// runtimeHandler specifies the underlying runtime and configuration
	// that the CRI implementation will use to handle pods of this class
	// (runc, for instance). Immutable.
	RuntimeHandler string `json:"runtimeHandler"`

	// overhead represents the resource overhead associated with running a
	// pod for a given RuntimeClass.
	// +optional
	Overhead *Overhead `json:"overhead,omitempty"`

	// scheduling holds the scheduling constraints to ensure that pods
	// running with this RuntimeClass are scheduled to nodes that support
	// it. If scheduling is nil, this RuntimeClass is assumed to be
	// supported by all nodes.
	// +optional
	Scheduling *Scheduling `json:"scheduling,omitempty"`
}

// Overhead structure represents the resource overhead associated with
// running a pod.
type Overhead struct {
	// podFixed represents the fixed resource overhead associated with
	// running a pod.
	// +optional
	PodFixed corev1.ResourceList `json:"podFixed,omitempty"`
}

// Scheduling specifies the scheduling constraints for nodes supporting a
// RuntimeClass.
type Scheduling struct {
	// nodeSelector lists labels that must be present on nodes that support
	// this RuntimeClass.
	// +optional
	// +mapType=atomic
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`

	// tolerations are appended (excluding duplicates) to pods running with
	// this RuntimeClass during admission.
	// +optional
	// +listType=atomic
	Tolerations []Toleration `json:"tolerations,omitempty"`
}

// Toleration is core/v1's: the pod this Toleration is attached to
// tolerates any taint that matches the triple <key,value,effect> using
// the matching operator <operator>.
type Toleration struct {
	// key is the taint key that the toleration applies to; empty means
	// all taint keys.
	// +optional
	Key string `json:"key,omitempty"`
	// operator represents a key's relationship to the value: Exists or
	// Equal. Defaults to Equal.
	// +optional
	Operator TolerationOperator `json:"operator,omitempty"`
	// value is the taint value the toleration matches to.
	// +optional
	Value string `json:"value,omitempty"`
	// effect indicates the taint effect to match; empty means all.
	// +optional
	Effect TaintEffect `json:"effect,omitempty"`
	// tolerationSeconds represents the period of time the toleration (which
	// must be of effect NoExecute) tolerates the taint.
	// +optional
	TolerationSeconds *int64 `json:"tolerationSeconds,omitempty"`
}

// TolerationOperator is the set of operators that can be used in a
// toleration (core/v1 also has Lt and Gt since 1.35, feature-gated).
// +kubebuilder:validation:Enum=Exists;Equal
type TolerationOperator string

// The toleration operators.
const (
	TolerationOpExists TolerationOperator = "Exists"
	TolerationOpEqual  TolerationOperator = "Equal"
)

// TaintEffect is the effect of a taint.
// +kubebuilder:validation:Enum=NoSchedule;PreferNoSchedule;NoExecute
type TaintEffect string

// The taint effects.
const (
	TaintEffectNoSchedule       TaintEffect = "NoSchedule"
	TaintEffectPreferNoSchedule TaintEffect = "PreferNoSchedule"
	TaintEffectNoExecute        TaintEffect = "NoExecute"
)

// +kubebuilder:object:root=true

// RuntimeClassList is a list of RuntimeClass objects.
type RuntimeClassList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`

	// items is a list of schema objects.
	Items []RuntimeClass `json:"items"`
}

func init() {
	SchemeBuilder.Register(&RuntimeClass{}, &RuntimeClassList{})
}
