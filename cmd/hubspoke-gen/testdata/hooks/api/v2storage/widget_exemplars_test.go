package v2storage_test

import (
	v1 "example.com/fixtures/hooks/api/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Hand-written: the objects of the golden test the generator writes.
func widgetExemplars() []runtime.Object {
	return []runtime.Object{
		&v1.Widget{
			TypeMeta:   metav1.TypeMeta{APIVersion: "example.com/v1", Kind: "Widget"},
			ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "ns"},
			Spec:       v1.WidgetSpec{Size: "3cm"},
		},
	}
}
