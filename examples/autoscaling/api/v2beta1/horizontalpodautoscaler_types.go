package v2beta1

import (
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// HorizontalPodAutoscaler scales a workload on a list of metrics, as
// autoscaling/v2beta1 describes it.
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

// CrossVersionObjectReference names a resource.
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
//
// +hubspoke:removed=TargetCPUUtilizationPercentage
type HorizontalPodAutoscalerSpec struct {
	// ScaleTargetRef points to the resource to scale.
	ScaleTargetRef CrossVersionObjectReference `json:"scaleTargetRef"`
	// MinReplicas is the lower limit of replicas.
	// +optional
	MinReplicas *int32 `json:"minReplicas,omitempty"`
	// MaxReplicas is the upper limit of replicas.
	MaxReplicas int32 `json:"maxReplicas"`
	// Metrics are what the desired replica count is computed from (the
	// maximum over all of them). A CPU utilisation target of autoscaling/v1
	// is a Resource metric for cpu with a targetAverageUtilization.
	// +optional
	Metrics []MetricSpec `json:"metrics,omitempty"`
}

// MetricSourceType says which source of a metric is set.
// +enum
type MetricSourceType string

// The metric source types.
const (
	ObjectMetricSourceType            MetricSourceType = "Object"
	PodsMetricSourceType              MetricSourceType = "Pods"
	ResourceMetricSourceType          MetricSourceType = "Resource"
	ContainerResourceMetricSourceType MetricSourceType = "ContainerResource"
	ExternalMetricSourceType          MetricSourceType = "External"
)

// MetricSpec is one metric to scale on; Type says which source is set.
type MetricSpec struct {
	// Type of the metric source.
	Type MetricSourceType `json:"type"`
	// +optional
	Object *ObjectMetricSource `json:"object,omitempty"`
	// +optional
	Pods *PodsMetricSource `json:"pods,omitempty"`
	// +optional
	Resource *ResourceMetricSource `json:"resource,omitempty"`
	// +optional
	ContainerResource *ContainerResourceMetricSource `json:"containerResource,omitempty"`
	// +optional
	External *ExternalMetricSource `json:"external,omitempty"`
}

// ObjectMetricSource is a metric describing a single Kubernetes object.
type ObjectMetricSource struct {
	// Target is the described object.
	Target CrossVersionObjectReference `json:"target"`
	// MetricName is the name of the metric.
	MetricName string `json:"metricName"`
	// TargetValue is the target value of the metric.
	TargetValue resource.Quantity `json:"targetValue"`
	// Selector narrows the metric's series.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// AverageValue is the target value per pod.
	// +optional
	AverageValue *resource.Quantity `json:"averageValue,omitempty"`
}

// PodsMetricSource is a metric averaged over the pods of the target.
type PodsMetricSource struct {
	// MetricName is the name of the metric.
	MetricName string `json:"metricName"`
	// TargetAverageValue is the target value of the average over the pods.
	TargetAverageValue resource.Quantity `json:"targetAverageValue"`
	// Selector narrows the metric's series.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
}

// ResourceMetricSource is a resource metric (cpu, memory) of the pods.
type ResourceMetricSource struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// TargetAverageUtilization is the target, in percent of the requests.
	// +optional
	TargetAverageUtilization *int32 `json:"targetAverageUtilization,omitempty"`
	// TargetAverageValue is the target as a raw value.
	// +optional
	TargetAverageValue *resource.Quantity `json:"targetAverageValue,omitempty"`
}

// ContainerResourceMetricSource is a resource metric of one container of
// the pods.
type ContainerResourceMetricSource struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// TargetAverageUtilization is the target, in percent of the requests.
	// +optional
	TargetAverageUtilization *int32 `json:"targetAverageUtilization,omitempty"`
	// TargetAverageValue is the target as a raw value.
	// +optional
	TargetAverageValue *resource.Quantity `json:"targetAverageValue,omitempty"`
	// Container is the name of the container.
	Container string `json:"container"`
}

// ExternalMetricSource is a metric not associated with any Kubernetes
// object.
type ExternalMetricSource struct {
	// MetricName is the name of the metric.
	MetricName string `json:"metricName"`
	// MetricSelector narrows the metric's series.
	// +optional
	MetricSelector *metav1.LabelSelector `json:"metricSelector,omitempty"`
	// TargetValue is the target value of the metric.
	// +optional
	TargetValue *resource.Quantity `json:"targetValue,omitempty"`
	// TargetAverageValue is the target value per pod.
	// +optional
	TargetAverageValue *resource.Quantity `json:"targetAverageValue,omitempty"`
}

// HorizontalPodAutoscalerStatus is the current state of the autoscaler.
//
// +hubspoke:removed=CurrentCPUUtilizationPercentage
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
	// CurrentMetrics are the last values read of the metrics.
	// +optional
	CurrentMetrics []MetricStatus `json:"currentMetrics"`
	// Conditions are the conditions of the autoscaler, one per type
	// (Kubernetes declares the list atomic here and a map keyed by type in
	// v2; see the README).
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []HorizontalPodAutoscalerCondition `json:"conditions,omitempty"`

	// PropertyBags holds the status values of other versions that this
	// version has no field for, by path (see package boundary).
	// +optional
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// HorizontalPodAutoscalerConditionType names a condition.
type HorizontalPodAutoscalerConditionType string

// The condition types.
const (
	ScalingActive  HorizontalPodAutoscalerConditionType = "ScalingActive"
	AbleToScale    HorizontalPodAutoscalerConditionType = "AbleToScale"
	ScalingLimited HorizontalPodAutoscalerConditionType = "ScalingLimited"
)

// HorizontalPodAutoscalerCondition is the state of the autoscaler at a
// point in time.
type HorizontalPodAutoscalerCondition struct {
	// Type of the condition.
	Type HorizontalPodAutoscalerConditionType `json:"type"`
	// Status of the condition: True, False or Unknown.
	Status corev1.ConditionStatus `json:"status"`
	// LastTransitionTime is when the condition last changed.
	// +optional
	LastTransitionTime metav1.Time `json:"lastTransitionTime,omitempty"`
	// Reason is a machine-readable reason for the last transition.
	// +optional
	Reason string `json:"reason,omitempty"`
	// Message is a human-readable explanation.
	// +optional
	Message string `json:"message,omitempty"`
}

// MetricStatus is the last value read of one metric.
type MetricStatus struct {
	// Type of the metric source.
	Type MetricSourceType `json:"type"`
	// +optional
	Object *ObjectMetricStatus `json:"object,omitempty"`
	// +optional
	Pods *PodsMetricStatus `json:"pods,omitempty"`
	// +optional
	Resource *ResourceMetricStatus `json:"resource,omitempty"`
	// +optional
	ContainerResource *ContainerResourceMetricStatus `json:"containerResource,omitempty"`
	// +optional
	External *ExternalMetricStatus `json:"external,omitempty"`
}

// ObjectMetricStatus is the value of a metric describing one object.
type ObjectMetricStatus struct {
	// Target is the described object.
	Target CrossVersionObjectReference `json:"target"`
	// MetricName is the name of the metric.
	MetricName string `json:"metricName"`
	// CurrentValue is the value read.
	CurrentValue resource.Quantity `json:"currentValue"`
	// Selector narrowed the metric's series.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// AverageValue is the value per pod.
	// +optional
	AverageValue *resource.Quantity `json:"averageValue,omitempty"`
}

// PodsMetricStatus is the value of a metric averaged over the pods.
type PodsMetricStatus struct {
	// MetricName is the name of the metric.
	MetricName string `json:"metricName"`
	// CurrentAverageValue is the average over the pods.
	CurrentAverageValue resource.Quantity `json:"currentAverageValue"`
	// Selector narrowed the metric's series.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
}

// ResourceMetricStatus is the value of a resource metric of the pods.
type ResourceMetricStatus struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// CurrentAverageUtilization is the value in percent of the requests.
	// +optional
	CurrentAverageUtilization *int32 `json:"currentAverageUtilization,omitempty"`
	// CurrentAverageValue is the raw value.
	CurrentAverageValue resource.Quantity `json:"currentAverageValue"`
}

// ContainerResourceMetricStatus is the value of a resource metric of one
// container of the pods.
type ContainerResourceMetricStatus struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// CurrentAverageUtilization is the value in percent of the requests.
	// +optional
	CurrentAverageUtilization *int32 `json:"currentAverageUtilization,omitempty"`
	// CurrentAverageValue is the raw value.
	CurrentAverageValue resource.Quantity `json:"currentAverageValue"`
	// Container is the name of the container.
	Container string `json:"container"`
}

// ExternalMetricStatus is the value of a metric not associated with any
// Kubernetes object.
type ExternalMetricStatus struct {
	// MetricName is the name of the metric.
	MetricName string `json:"metricName"`
	// MetricSelector narrowed the metric's series.
	// +optional
	MetricSelector *metav1.LabelSelector `json:"metricSelector,omitempty"`
	// CurrentValue is the value read.
	CurrentValue resource.Quantity `json:"currentValue"`
	// CurrentAverageValue is the value per pod.
	// +optional
	CurrentAverageValue *resource.Quantity `json:"currentAverageValue,omitempty"`
}

func init() {
	SchemeBuilder.Register(&HorizontalPodAutoscaler{}, &HorizontalPodAutoscalerList{})
}
