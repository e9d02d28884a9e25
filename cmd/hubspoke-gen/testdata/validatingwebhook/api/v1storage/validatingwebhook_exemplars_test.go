package v1storage_test

import (
	"example.com/fixtures/validatingwebhook/api/v1"
	"example.com/fixtures/validatingwebhook/api/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
)

// Hand-written: the objects of the golden test the generator writes, one
// of each API version. v1beta1's: a webhook that leaves every defaulted
// property unset (read at v1 as v1beta1's defaults: Ignore, Exact, 30,
// [v1beta1]) with sideEffects Unknown, which v1 cannot say, and one that
// sets them all. v1's: a webhook that leaves failurePolicy, matchPolicy
// and timeoutSeconds unset (read at v1beta1 as v1's defaults: Fail,
// Equivalent, 10).
func validatingWebhookConfigurationExemplars() []runtime.Object {
	return []runtime.Object{
		&v1beta1.ValidatingWebhookConfiguration{
			TypeMeta:   metav1.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1beta1", Kind: "ValidatingWebhookConfiguration"},
			ObjectMeta: metav1.ObjectMeta{Name: "policy"},
			Webhooks: []v1beta1.ValidatingWebhook{{
				Name: "unset.policy.example.com",
				ClientConfig: v1beta1.WebhookClientConfig{
					Service:  &v1beta1.ServiceReference{Namespace: "policy", Name: "webhook", Path: ptr.To("/validate"), Port: ptr.To[int32](8443)},
					CABundle: []byte("-----BEGIN CERTIFICATE-----"),
				},
				Rules: []v1beta1.RuleWithOperations{{
					Operations: []v1beta1.OperationType{v1beta1.Create, v1beta1.Update},
					Rule:       v1beta1.Rule{APIGroups: []string{"apps"}, APIVersions: []string{"v1"}, Resources: []string{"deployments"}, Scope: ptr.To(v1beta1.NamespacedScope)},
				}},
				SideEffects: ptr.To(v1beta1.SideEffectClassUnknown),
			}, {
				Name:                    "set.policy.example.com",
				ClientConfig:            v1beta1.WebhookClientConfig{URL: ptr.To("https://policy.example.com/validate")},
				FailurePolicy:           ptr.To(v1beta1.Fail),
				MatchPolicy:             ptr.To(v1beta1.Equivalent),
				NamespaceSelector:       &metav1.LabelSelector{MatchLabels: map[string]string{"env": "prod"}},
				ObjectSelector:          &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "skip", Operator: metav1.LabelSelectorOpDoesNotExist}}},
				SideEffects:             ptr.To(v1beta1.SideEffectClassNoneOnDryRun),
				TimeoutSeconds:          ptr.To[int32](5),
				AdmissionReviewVersions: []string{"v1", "v1beta1"},
				MatchConditions:         []v1beta1.MatchCondition{{Name: "not-system", Expression: "!request.userInfo.username.startsWith('system:')"}},
			}},
		},
		&v1.ValidatingWebhookConfiguration{
			TypeMeta:   metav1.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "ValidatingWebhookConfiguration"},
			ObjectMeta: metav1.ObjectMeta{Name: "quota"},
			Webhooks: []v1.ValidatingWebhook{{
				Name:                    "quota.example.com",
				ClientConfig:            v1.WebhookClientConfig{Service: &v1.ServiceReference{Namespace: "quota", Name: "webhook"}},
				Rules:                   []v1.RuleWithOperations{{Operations: []v1.OperationType{v1.OperationAll}, Rule: v1.Rule{APIGroups: []string{""}, APIVersions: []string{"v1"}, Resources: []string{"pods"}}}},
				SideEffects:             ptr.To(v1.SideEffectClassNone),
				AdmissionReviewVersions: []string{"v1"},
			}},
		},
	}
}
