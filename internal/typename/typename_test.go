package typename_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/internal/typename"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type pair[A, B any] struct{}

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[metav1.Time](), "metav1.Time"},
		{reflect.TypeFor[*metav1.Time](), "*metav1.Time"},
		{reflect.TypeFor[[]metav1.Condition](), "[]metav1.Condition"},
		{reflect.TypeFor[map[string]*metav1.Time](), "map[string]*metav1.Time"},
		{reflect.TypeFor[pair[string, metav1.Time]](), "typename_test.pair[string,metav1.Time]"},
		{reflect.TypeFor[propertybag.PropertyBag](), "propertybag.PropertyBag"},
		{reflect.TypeFor[int](), "int"},
	} {
		if got := typename.Of(tc.typ); got != tc.want {
			t.Errorf("Of(%v) = %q, want %q", tc.typ, got, tc.want)
		}
	}
}

// propertybag's errors name apimachinery types as Kubernetes code does.
func TestPropertyBagErrorsNameMetav1(t *testing.T) {
	bag := propertybag.PropertyBag{"At": `42`, "Conditions": `[{"type":"x","bogus":1}]`}
	_, err := propertybag.Get[metav1.Time](bag, "At")
	if err == nil || !strings.Contains(err.Error(), "into metav1.Time") {
		t.Errorf("error %v does not name metav1.Time", err)
	}
	_, err = propertybag.Get[[]metav1.Condition](bag, "Conditions")
	if err == nil || !strings.Contains(err.Error(), "into []metav1.Condition") {
		t.Errorf("error %v does not name []metav1.Condition", err)
	}
	if err := propertybag.Add(&bag, "Bad", &map[string]chan metav1.Time{"x": nil}); err == nil || !strings.Contains(err.Error(), "map[string]chan metav1.Time") {
		t.Errorf("error %v does not name map[string]chan metav1.Time", err)
	}
}
