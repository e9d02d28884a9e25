package convtest_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert/convtest"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// An API version's list with +listType=map: its storage twin declares the
// keys in the hubspoke tag, and the kit learns them from there.
type keyedAPI struct {
	metav1.TypeMeta `json:",inline"`
	Spec            keyedAPISpec `json:"spec"`
}

type keyedAPISpec struct {
	Ports []keyedPort `json:"ports,omitempty"`
	Tags  []keyedPort `json:"tags,omitempty"`
}

type keyedPort struct {
	Port     int32   `json:"port"`
	Protocol *string `json:"protocol,omitempty"`
	Name     string  `json:"name,omitempty"`
}

type keyedTwin struct {
	metav1.TypeMeta `json:",inline"`
	Spec            keyedTwinSpec `json:"spec"`
}

type keyedTwinSpec struct {
	Ports []keyedTwinPort `json:"ports,omitempty" hubspoke:"listMapKey=port,listMapKey=protocol"`
	Tags  []keyedTwinPort `json:"tags,omitempty"`
}

type keyedTwinPort struct {
	Port     *int32  `json:"port,omitempty"`
	Protocol *string `json:"protocol,omitempty"`
	Name     *string `json:"name,omitempty"`
}

func (k *keyedAPI) DeepCopyObject() runtime.Object { c := *k; return &c }

func TestListKeys(t *testing.T) {
	dedupe, repeated := convtest.ListKeys(reflect.TypeFor[*keyedAPI](), reflect.TypeFor[*keyedTwin]())
	tcp, udp := "TCP", "UDP"
	obj := &keyedAPI{Spec: keyedAPISpec{
		Ports: []keyedPort{{Port: 80, Protocol: &tcp, Name: "a"}, {Port: 80, Protocol: &udp}, {Port: 80, Protocol: &tcp, Name: "b"}, {Port: 81}, {Port: 81}},
		Tags:  []keyedPort{{Port: 1}, {Port: 1}},
	}}
	if !repeated(obj) {
		t.Fatal("repeated keys not found")
	}
	spec := reflect.ValueOf(&obj.Spec).Elem()
	dedupe(spec.Type(), 0, spec.Field(0))
	dedupe(spec.Type(), 1, spec.Field(1)) // not keyed: left alone
	want := keyedAPISpec{
		Ports: []keyedPort{{Port: 80, Protocol: &tcp, Name: "a"}, {Port: 80, Protocol: &udp}, {Port: 81}},
		Tags:  []keyedPort{{Port: 1}, {Port: 1}},
	}
	if diff := cmp.Diff(want, obj.Spec); diff != "" {
		t.Errorf("after dedupe (-want +got):\n%s", diff)
	}
	if repeated(obj) {
		t.Error("repeated keys found after dedupe")
	}
}

// An API version that declares its keyed list in a struct embedded inline
// (the same JSON); its twin declares the list directly.
type embeddingAPI struct {
	metav1.TypeMeta `json:",inline"`
	Spec            embeddingAPISpec `json:"spec"`
}

type embeddingAPISpec struct {
	EmbeddedBase `json:",inline"`
}

type EmbeddedBase struct {
	Ports []keyedPort `json:"ports,omitempty"`
}

func (k *embeddingAPI) DeepCopyObject() runtime.Object { c := *k; return &c }

// TestListKeysThroughEmbedded: the keys of a list in an embedded struct are
// learned from the twin, which declares its fields directly.
func TestListKeysThroughEmbedded(t *testing.T) {
	dedupe, repeated := convtest.ListKeys(reflect.TypeFor[*embeddingAPI](), reflect.TypeFor[*keyedTwin]())
	obj := &embeddingAPI{Spec: embeddingAPISpec{EmbeddedBase{Ports: []keyedPort{{Port: 80, Name: "a"}, {Port: 80, Name: "b"}, {Port: 81}}}}}
	if !repeated(obj) {
		t.Fatal("repeated keys not found in the embedded struct's list")
	}
	base := reflect.ValueOf(&obj.Spec.EmbeddedBase).Elem()
	dedupe(base.Type(), 0, base.Field(0))
	if want := []keyedPort{{Port: 80, Name: "a"}, {Port: 81}}; !cmp.Equal(want, obj.Spec.Ports) {
		t.Errorf("after dedupe: %+v, want %+v", obj.Spec.Ports, want)
	}
}
