package v1storage_test

import (
	"example.com/fixtures/ingress/api/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Hand-written: the objects of the golden test the generator writes. The
// default backend's service and port by number become v1's service; a
// path's backend with a port by name too; a backend with a service name
// and no port stays as it is, in the bag.
func ingressExemplars() []runtime.Object {
	prefix := v1beta1.PathTypePrefix
	return []runtime.Object{
		&v1beta1.Ingress{
			TypeMeta:   metav1.TypeMeta{APIVersion: "example.com/v1beta1", Kind: "Ingress"},
			ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "ns"},
			Spec: v1beta1.IngressSpec{
				Backend: &v1beta1.IngressBackend{ServiceName: "default", ServicePort: intstr.FromInt32(80)},
				Rules: []v1beta1.IngressRule{{
					Host: "example.com",
					IngressRuleValue: v1beta1.IngressRuleValue{HTTP: &v1beta1.HTTPIngressRuleValue{Paths: []v1beta1.HTTPIngressPath{
						{Path: "/api", PathType: &prefix, Backend: v1beta1.IngressBackend{ServiceName: "api", ServicePort: intstr.FromString("http")}},
						{Path: "/old", Backend: v1beta1.IngressBackend{ServiceName: "old"}},
					}}},
				}},
			},
		},
	}
}
