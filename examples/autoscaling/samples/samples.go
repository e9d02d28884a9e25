// Package samples holds HorizontalPodAutoscalers at each API version, for
// the golden tests and the e2e suite: one per version, each using what its
// version can say.
package samples

import (
	"time"

	v1 "github.com/hubspoke/hubspoke/examples/autoscaling/api/v1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta1"
	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// Group is the API group of the example.
const Group = "autoscaling.hubspoke.dev"

var scaledAt = metav1.NewTime(time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC))

func meta(version, name string) (metav1.TypeMeta, metav1.ObjectMeta) {
	return metav1.TypeMeta{APIVersion: Group + "/" + version, Kind: "HorizontalPodAutoscaler"},
		metav1.ObjectMeta{Name: name, Namespace: "shop"}
}

// WebV1 scales the web Deployment on CPU, as autoscaling/v1 can.
func WebV1() *v1.HorizontalPodAutoscaler {
	tm, om := meta("v1", "web")
	return &v1.HorizontalPodAutoscaler{TypeMeta: tm, ObjectMeta: om,
		Spec: v1.HorizontalPodAutoscalerSpec{
			ScaleTargetRef:                 v1.CrossVersionObjectReference{Kind: "Deployment", Name: "web", APIVersion: "apps/v1"},
			MinReplicas:                    ptr.To[int32](2),
			MaxReplicas:                    10,
			TargetCPUUtilizationPercentage: ptr.To[int32](70),
		},
		Status: v1.HorizontalPodAutoscalerStatus{
			ObservedGeneration:              ptr.To[int64](3),
			LastScaleTime:                   &scaledAt,
			CurrentReplicas:                 3,
			DesiredReplicas:                 4,
			CurrentCPUUtilizationPercentage: ptr.To[int32](85),
		},
	}
}

func selector(key, value string) *metav1.LabelSelector {
	return &metav1.LabelSelector{MatchLabels: map[string]string{key: value}}
}

// QueueV2beta1 scales the worker Deployment on every kind of metric
// v2beta1 has, with the flat target fields of v2beta1.
func QueueV2beta1() *v2beta1.HorizontalPodAutoscaler {
	tm, om := meta("v2beta1", "queue")
	ingress := v2beta1.CrossVersionObjectReference{Kind: "Ingress", Name: "main-route", APIVersion: "networking.k8s.io/v1"}
	return &v2beta1.HorizontalPodAutoscaler{TypeMeta: tm, ObjectMeta: om,
		Spec: v2beta1.HorizontalPodAutoscalerSpec{
			ScaleTargetRef: v2beta1.CrossVersionObjectReference{Kind: "Deployment", Name: "worker", APIVersion: "apps/v1"},
			MinReplicas:    ptr.To[int32](1),
			MaxReplicas:    20,
			Metrics: []v2beta1.MetricSpec{
				{Type: v2beta1.ResourceMetricSourceType, Resource: &v2beta1.ResourceMetricSource{
					Name: corev1.ResourceCPU, TargetAverageUtilization: ptr.To[int32](60)}},
				{Type: v2beta1.ResourceMetricSourceType, Resource: &v2beta1.ResourceMetricSource{
					Name: corev1.ResourceMemory, TargetAverageValue: ptr.To(resource.MustParse("512Mi"))}},
				{Type: v2beta1.ContainerResourceMetricSourceType, ContainerResource: &v2beta1.ContainerResourceMetricSource{
					Name: corev1.ResourceCPU, Container: "app", TargetAverageUtilization: ptr.To[int32](50)}},
				{Type: v2beta1.PodsMetricSourceType, Pods: &v2beta1.PodsMetricSource{
					MetricName: "packets-per-second", TargetAverageValue: resource.MustParse("1k"), Selector: selector("port", "http")}},
				{Type: v2beta1.ObjectMetricSourceType, Object: &v2beta1.ObjectMetricSource{
					Target: ingress, MetricName: "requests-per-second", TargetValue: resource.MustParse("10k")}},
				{Type: v2beta1.ExternalMetricSourceType, External: &v2beta1.ExternalMetricSource{
					MetricName: "queue_messages_ready", MetricSelector: selector("queue", "worker_tasks"),
					TargetAverageValue: ptr.To(resource.MustParse("30"))}},
			},
		},
		Status: v2beta1.HorizontalPodAutoscalerStatus{
			ObservedGeneration: ptr.To[int64](7),
			LastScaleTime:      &scaledAt,
			CurrentReplicas:    5,
			DesiredReplicas:    6,
			CurrentMetrics: []v2beta1.MetricStatus{
				{Type: v2beta1.ResourceMetricSourceType, Resource: &v2beta1.ResourceMetricStatus{
					Name: corev1.ResourceCPU, CurrentAverageUtilization: ptr.To[int32](72), CurrentAverageValue: resource.MustParse("360m")}},
				{Type: v2beta1.PodsMetricSourceType, Pods: &v2beta1.PodsMetricStatus{
					MetricName: "packets-per-second", CurrentAverageValue: resource.MustParse("1200")}},
				{Type: v2beta1.ObjectMetricSourceType, Object: &v2beta1.ObjectMetricStatus{
					Target: ingress, MetricName: "requests-per-second", CurrentValue: resource.MustParse("12k")}},
				{Type: v2beta1.ExternalMetricSourceType, External: &v2beta1.ExternalMetricStatus{
					MetricName: "queue_messages_ready", MetricSelector: selector("queue", "worker_tasks"),
					CurrentValue: resource.MustParse("170"), CurrentAverageValue: ptr.To(resource.MustParse("34"))}},
			},
			Conditions: []v2beta1.HorizontalPodAutoscalerCondition{
				{Type: v2beta1.AbleToScale, Status: corev1.ConditionTrue, LastTransitionTime: scaledAt, Reason: "SucceededRescale", Message: "the HPA controller was able to update the target scale to 6"},
				{Type: v2beta1.ScalingLimited, Status: corev1.ConditionFalse, LastTransitionTime: scaledAt, Reason: "DesiredWithinRange"},
			},
		},
	}
}

// ShopV2beta2 scales the shop Deployment with v2beta2's metric targets and
// a scale-down behaviour.
func ShopV2beta2() *v2beta2.HorizontalPodAutoscaler {
	tm, om := meta("v2beta2", "shop")
	return &v2beta2.HorizontalPodAutoscaler{TypeMeta: tm, ObjectMeta: om,
		Spec: v2beta2.HorizontalPodAutoscalerSpec{
			ScaleTargetRef: v2beta2.CrossVersionObjectReference{Kind: "Deployment", Name: "shop", APIVersion: "apps/v1"},
			MaxReplicas:    8,
			Metrics: []v2beta2.MetricSpec{
				{Type: v2beta2.ResourceMetricSourceType, Resource: &v2beta2.ResourceMetricSource{
					Name: corev1.ResourceCPU, Target: v2beta2.MetricTarget{Type: v2beta2.UtilizationMetricType, AverageUtilization: ptr.To[int32](65)}}},
				{Type: v2beta2.ExternalMetricSourceType, External: &v2beta2.ExternalMetricSource{
					Metric: v2beta2.MetricIdentifier{Name: "orders_pending"},
					Target: v2beta2.MetricTarget{Type: v2beta2.ValueMetricType, Value: ptr.To(resource.MustParse("100"))}}},
			},
			Behavior: &v2beta2.HorizontalPodAutoscalerBehavior{
				ScaleDown: &v2beta2.HPAScalingRules{
					StabilizationWindowSeconds: ptr.To[int32](300),
					SelectPolicy:               ptr.To(v2beta2.MinPolicySelect),
					Policies: []v2beta2.HPAScalingPolicy{
						{Type: v2beta2.PercentScalingPolicy, Value: 10, PeriodSeconds: 60},
						{Type: v2beta2.PodsScalingPolicy, Value: 2, PeriodSeconds: 60},
					},
				},
			},
		},
		Status: v2beta2.HorizontalPodAutoscalerStatus{
			CurrentReplicas: 2, DesiredReplicas: 2,
			CurrentMetrics: []v2beta2.MetricStatus{
				{Type: v2beta2.ResourceMetricSourceType, Resource: &v2beta2.ResourceMetricStatus{
					Name: corev1.ResourceCPU, Current: v2beta2.MetricValueStatus{AverageUtilization: ptr.To[int32](40), AverageValue: ptr.To(resource.MustParse("200m"))}}},
			},
		},
	}
}

// CheckoutV2 scales the checkout Deployment with what only v2 has: a
// tolerance in its behaviour, and a target type a v2beta1 field cannot
// show (a Value target of a Resource metric).
func CheckoutV2() *v2.HorizontalPodAutoscaler {
	tm, om := meta("v2", "checkout")
	return &v2.HorizontalPodAutoscaler{TypeMeta: tm, ObjectMeta: om,
		Spec: v2.HorizontalPodAutoscalerSpec{
			ScaleTargetRef: v2.CrossVersionObjectReference{Kind: "Deployment", Name: "checkout", APIVersion: "apps/v1"},
			MinReplicas:    ptr.To[int32](3),
			MaxReplicas:    30,
			Metrics: []v2.MetricSpec{
				{Type: v2.ResourceMetricSourceType, Resource: &v2.ResourceMetricSource{
					Name: corev1.ResourceCPU, Target: v2.MetricTarget{Type: v2.UtilizationMetricType, AverageUtilization: ptr.To[int32](55)}}},
				{Type: v2.ResourceMetricSourceType, Resource: &v2.ResourceMetricSource{
					Name: corev1.ResourceMemory, Target: v2.MetricTarget{Type: v2.ValueMetricType, Value: ptr.To(resource.MustParse("4Gi"))}}},
				{Type: v2.PodsMetricSourceType, Pods: &v2.PodsMetricSource{
					Metric: v2.MetricIdentifier{Name: "carts_open", Selector: selector("tier", "frontend")},
					Target: v2.MetricTarget{Type: v2.AverageValueMetricType, AverageValue: ptr.To(resource.MustParse("25"))}}},
			},
			Behavior: &v2.HorizontalPodAutoscalerBehavior{
				ScaleUp: &v2.HPAScalingRules{
					SelectPolicy: ptr.To(v2.MaxChangePolicySelect),
					Policies:     []v2.HPAScalingPolicy{{Type: v2.PodsScalingPolicy, Value: 4, PeriodSeconds: 15}},
					Tolerance:    ptr.To(resource.MustParse("50m")),
				},
			},
		},
		Status: v2.HorizontalPodAutoscalerStatus{
			ObservedGeneration: ptr.To[int64](11),
			CurrentReplicas:    3, DesiredReplicas: 3,
			CurrentMetrics: []v2.MetricStatus{
				{Type: v2.PodsMetricSourceType, Pods: &v2.PodsMetricStatus{
					Metric:  v2.MetricIdentifier{Name: "carts_open", Selector: selector("tier", "frontend")},
					Current: v2.MetricValueStatus{AverageValue: ptr.To(resource.MustParse("21"))}}},
			},
			Conditions: []v2.HorizontalPodAutoscalerCondition{
				{Type: v2.ScalingActive, Status: corev1.ConditionTrue, LastTransitionTime: scaledAt, Reason: "ValidMetricFound"},
			},
		},
	}
}
