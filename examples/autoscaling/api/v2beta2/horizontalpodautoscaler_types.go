package v2beta2

import (
	"github.com/hubspoke/hubspoke/propertybag"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// HorizontalPodAutoscaler scales a workload on a list of metrics, as
// autoscaling/v2beta2 describes it.
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
type HorizontalPodAutoscalerSpec struct {
	// ScaleTargetRef points to the resource to scale.
	ScaleTargetRef CrossVersionObjectReference `json:"scaleTargetRef"`
	// MinReplicas is the lower limit of replicas.
	// +optional
	MinReplicas *int32 `json:"minReplicas,omitempty"`
	// MaxReplicas is the upper limit of replicas.
	MaxReplicas int32 `json:"maxReplicas"`
	// Metrics are what the desired replica count is computed from (the
	// maximum over all of them).
	// +optional
	Metrics []MetricSpec `json:"metrics,omitempty"`
	// Behavior configures scaling up and down separately.
	// +optional
	Behavior *HorizontalPodAutoscalerBehavior `json:"behavior,omitempty"`
}

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

// HorizontalPodAutoscalerBehavior configures scaling up and down.
type HorizontalPodAutoscalerBehavior struct {
	// +optional
	ScaleUp *HPAScalingRules `json:"scaleUp,omitempty"`
	// +optional
	ScaleDown *HPAScalingRules `json:"scaleDown,omitempty"`
}

// ScalingPolicySelect says which policy applies when several do.
// +enum
type ScalingPolicySelect string

// The policy selections.
const (
	MaxPolicySelect      ScalingPolicySelect = "Max"
	MinPolicySelect      ScalingPolicySelect = "Min"
	DisabledPolicySelect ScalingPolicySelect = "Disabled"
)

// HPAScalingRules configures scaling in one direction.
type HPAScalingRules struct {
	// StabilizationWindowSeconds is how far back recommendations count.
	// +optional
	StabilizationWindowSeconds *int32 `json:"stabilizationWindowSeconds,omitempty"`
	// SelectPolicy says which policy applies.
	// +optional
	SelectPolicy *ScalingPolicySelect `json:"selectPolicy,omitempty"`
	// Policies are the policies scaling may use.
	// +optional
	Policies []HPAScalingPolicy `json:"policies,omitempty"`
}

// HPAScalingPolicyType is the unit of a scaling policy.
// +enum
type HPAScalingPolicyType string

// The scaling policy types.
const (
	PodsScalingPolicy    HPAScalingPolicyType = "Pods"
	PercentScalingPolicy HPAScalingPolicyType = "Percent"
)

// HPAScalingPolicy is one change allowed within a period.
type HPAScalingPolicy struct {
	// Type of the policy.
	Type HPAScalingPolicyType `json:"type"`
	// Value is the amount of change the policy permits.
	Value int32 `json:"value"`
	// PeriodSeconds is the window the policy holds for.
	PeriodSeconds int32 `json:"periodSeconds"`
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

// ObjectMetricSource is a metric describing a single Kubernetes object.
//
// +hubspoke:removed=MetricName,TargetValue,Selector,AverageValue
type ObjectMetricSource struct {
	// DescribedObject is the object the metric describes (target in
	// v2beta1).
	// +hubspoke:renamedFrom=Target
	DescribedObject CrossVersionObjectReference `json:"describedObject"`
	// Target is the target value, average value or utilisation.
	Target MetricTarget `json:"target"`
	// Metric identifies the metric.
	Metric MetricIdentifier `json:"metric"`
}

// PodsMetricSource is a metric averaged over the pods of the target.
//
// +hubspoke:removed=MetricName,TargetAverageValue,Selector
type PodsMetricSource struct {
	// Metric identifies the metric.
	Metric MetricIdentifier `json:"metric"`
	// Target is the target value (only AverageValue is supported).
	Target MetricTarget `json:"target"`
}

// ResourceMetricSource is a resource metric (cpu, memory) of the pods.
//
// +hubspoke:removed=TargetAverageUtilization,TargetAverageValue
type ResourceMetricSource struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// Target is the target value, average value or utilisation.
	Target MetricTarget `json:"target"`
}

// ContainerResourceMetricSource is a resource metric of one container of
// the pods.
//
// +hubspoke:removed=TargetAverageUtilization,TargetAverageValue
type ContainerResourceMetricSource struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// Target is the target value, average value or utilisation.
	Target MetricTarget `json:"target"`
	// Container is the name of the container.
	Container string `json:"container"`
}

// ExternalMetricSource is a metric not associated with any Kubernetes
// object.
//
// +hubspoke:removed=MetricName,MetricSelector,TargetValue,TargetAverageValue
type ExternalMetricSource struct {
	// Metric identifies the metric.
	Metric MetricIdentifier `json:"metric"`
	// Target is the target value or average value.
	Target MetricTarget `json:"target"`
}

// MetricIdentifier names a metric and narrows its series.
type MetricIdentifier struct {
	// Name of the metric.
	Name string `json:"name"`
	// Selector narrows the metric's series.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
}

// MetricTarget is the target of a metric: a value, an average value or an
// average utilisation, as Type says.
type MetricTarget struct {
	// Type of the target.
	Type MetricTargetType `json:"type"`
	// Value is the target value of the metric.
	// +optional
	Value *resource.Quantity `json:"value,omitempty"`
	// AverageValue is the target value per pod.
	// +optional
	AverageValue *resource.Quantity `json:"averageValue,omitempty"`
	// AverageUtilization is the target in percent of the requests.
	// +optional
	AverageUtilization *int32 `json:"averageUtilization,omitempty"`
}

// MetricTargetType says which value of a MetricTarget counts.
// +enum
type MetricTargetType string

// The target types.
const (
	UtilizationMetricType  MetricTargetType = "Utilization"
	ValueMetricType        MetricTargetType = "Value"
	AverageValueMetricType MetricTargetType = "AverageValue"
)

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
//
// +hubspoke:removed=MetricName,CurrentValue,Selector,AverageValue
type ObjectMetricStatus struct {
	// Metric identifies the metric.
	Metric MetricIdentifier `json:"metric"`
	// Current is the value read.
	Current MetricValueStatus `json:"current"`
	// DescribedObject is the object the metric describes (target in
	// v2beta1).
	// +hubspoke:renamedFrom=Target
	DescribedObject CrossVersionObjectReference `json:"describedObject"`
}

// PodsMetricStatus is the value of a metric averaged over the pods.
//
// +hubspoke:removed=MetricName,CurrentAverageValue,Selector
type PodsMetricStatus struct {
	// Metric identifies the metric.
	Metric MetricIdentifier `json:"metric"`
	// Current is the value read.
	Current MetricValueStatus `json:"current"`
}

// ResourceMetricStatus is the value of a resource metric of the pods.
//
// +hubspoke:removed=CurrentAverageUtilization,CurrentAverageValue
type ResourceMetricStatus struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// Current is the value read.
	Current MetricValueStatus `json:"current"`
}

// ContainerResourceMetricStatus is the value of a resource metric of one
// container of the pods.
//
// +hubspoke:removed=CurrentAverageUtilization,CurrentAverageValue
type ContainerResourceMetricStatus struct {
	// Name of the resource.
	Name corev1.ResourceName `json:"name"`
	// Current is the value read.
	Current MetricValueStatus `json:"current"`
	// Container is the name of the container.
	Container string `json:"container"`
}

// ExternalMetricStatus is the value of a metric not associated with any
// Kubernetes object.
//
// +hubspoke:removed=MetricName,MetricSelector,CurrentValue,CurrentAverageValue
type ExternalMetricStatus struct {
	// Metric identifies the metric.
	Metric MetricIdentifier `json:"metric"`
	// Current is the value read.
	Current MetricValueStatus `json:"current"`
}

// MetricValueStatus is the value read of a metric.
type MetricValueStatus struct {
	// Value is the value of the metric.
	// +optional
	Value *resource.Quantity `json:"value,omitempty"`
	// AverageValue is the value per pod.
	// +optional
	AverageValue *resource.Quantity `json:"averageValue,omitempty"`
	// AverageUtilization is the value in percent of the requests.
	// +optional
	AverageUtilization *int32 `json:"averageUtilization,omitempty"`
}

func init() {
	SchemeBuilder.Register(&HorizontalPodAutoscaler{}, &HorizontalPodAutoscalerList{})
}
