package convtest

import (
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestCarriedValues: the corrupt-bags check corrupts the values of the bags
// annotation and of the status bags, but for the $twin entries (mutation
// testing: leaving the status bags out survived).
func TestCarriedValues(t *testing.T) {
	obj := &carriedObj{
		ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec":{"B":"1","A":"2"}}`}},
		Status:     &carriedStatus{PropertyBags: propertybag.Bags{"status": {"S": `true`, twinKey: `{}`}}},
	}
	want := []carriedAt{{path: "spec", name: "A"}, {path: "spec", name: "B"}, {status: true, path: "status", name: "S"}}
	if got := carriedValues(obj, obj); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	for _, c := range want {
		if !setCarried(obj, c, `"x"`) {
			t.Fatalf("%v not set", c)
		}
		if got, ok := carriedValue(obj, c); !ok || got != `"x"` {
			t.Errorf("%v after setCarried: %q, %v", c, got, ok)
		}
	}
	// An annotation that does not parse carries nothing.
	obj.Annotations[boundary.Annotation] = "{"
	if got := carriedValues(obj, obj); len(got) != 1 || !got[0].status {
		t.Errorf("with an annotation that does not parse: %v, want the status value alone", got)
	}
}
