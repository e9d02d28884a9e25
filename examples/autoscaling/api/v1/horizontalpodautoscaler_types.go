package v1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// HorizontalPodAutoscaler scales a workload to a target CPU utilisation, as
// autoscaling/v1 describes it.
type HorizontalPodAutoscaler struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec HorizontalPodAutoscalerSpec `json:"spec,omitempty"`
	// +optional
	Status HorizontalPodAutoscalerStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// HorizontalPodAutoscalerList is a list of HorizontalPodAutoscaler.
type HorizontalPodAutoscalerList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []HorizontalPodAutoscaler `json:"items"`
}

// CrossVersionObjectReference names the scaled resource.
type CrossVersionObjectReference struct {
	// Kind of the referent.
	Kind string `json:"kind"`
	// Name of the referent.
	Name string `json:"name"`
	// APIVersion of the referent.
	// +optional
	APIVersion string `json:"apiVersion,omitempty"`
}

// HorizontalPodAutoscalerSpec is the desired behaviour of the autoscaler.
type HorizontalPodAutoscalerSpec struct {
	// ScaleTargetRef points to the resource to scale.
	ScaleTargetRef CrossVersionObjectReference `json:"scaleTargetRef"`
	// MinReplicas is the lower limit of replicas.
	// +optional
	MinReplicas *int32 `json:"minReplicas,omitempty"`
	// MaxReplicas is the upper limit of replicas.
	MaxReplicas int32 `json:"maxReplicas"`
	// TargetCPUUtilizationPercentage is the target average CPU utilisation
	// of all pods, in percent of the requested CPU. Later versions express
	// it as one of a list of metrics.
	// +optional
	TargetCPUUtilizationPercentage *int32 `json:"targetCPUUtilizationPercentage,omitempty"`
}

// HorizontalPodAutoscalerStatus is the current state of the autoscaler.
type HorizontalPodAutoscalerStatus struct {
	// ObservedGeneration is the most recent generation the autoscaler saw.
	// +optional
	ObservedGeneration *int64 `json:"observedGeneration,omitempty"`
	// LastScaleTime is when the autoscaler last scaled.
	// +optional
	LastScaleTime *metav1.Time `json:"lastScaleTime,omitempty"`
	// CurrentReplicas is the current number of replicas.
	CurrentReplicas int32 `json:"currentReplicas"`
	// DesiredReplicas is the desired number of replicas.
	DesiredReplicas int32 `json:"desiredReplicas"`
	// CurrentCPUUtilizationPercentage is the current average CPU utilisation.
	// +optional
	CurrentCPUUtilizationPercentage *int32 `json:"currentCPUUtilizationPercentage,omitempty"`

	// PropertyBags holds the status values of other versions that this
	// version has no field for, by path (see package boundary).
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func init() {
	SchemeBuilder.Register(&HorizontalPodAutoscaler{}, &HorizontalPodAutoscalerList{})
}
