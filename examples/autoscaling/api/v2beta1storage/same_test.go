package v2beta1storage

import (
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/examples/autoscaling/api/v2beta2storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// TestSameComparesEveryField guards sameIdentifier, sameTarget and
// sameCurrent, which list the fields of the v2beta2storage structures by
// hand: a field they miss would make two different values "the same", and
// keepIfLost would then drop the only copy of a value from the bag. For
// each field of each structure, a value that differs from a full one in
// that field alone (emptied, or set to another value) must not be the same. A field added to a structure
// later fails here until the filler below, and the comparison, name it.
func TestSameComparesEveryField(t *testing.T) {
	checkSame(t, sameIdentifier, func() *v2beta2storage.MetricIdentifier {
		return &v2beta2storage.MetricIdentifier{
			PropertyBag: propertybag.PropertyBag{"Kept": `"value"`},
			Name:        ptr.To("requests-per-second"),
			Selector:    &metav1.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
		}
	}, func() *v2beta2storage.MetricIdentifier {
		return &v2beta2storage.MetricIdentifier{
			PropertyBag: propertybag.PropertyBag{"Kept": `"other"`},
			Name:        ptr.To("queue-length"),
			Selector:    &metav1.LabelSelector{MatchLabels: map[string]string{"app": "db"}},
		}
	})
	checkSame(t, sameTarget, func() *v2beta2storage.MetricTarget {
		return &v2beta2storage.MetricTarget{
			PropertyBag:        propertybag.PropertyBag{"Kept": `"value"`},
			Type:               ptr.To(v2beta2storage.MetricTargetType("AverageValue")),
			Value:              ptr.To(resource.MustParse("10")),
			AverageValue:       ptr.To(resource.MustParse("500m")),
			AverageUtilization: ptr.To[int32](80),
		}
	}, func() *v2beta2storage.MetricTarget {
		return &v2beta2storage.MetricTarget{
			PropertyBag:        propertybag.PropertyBag{"Kept": `"other"`},
			Type:               ptr.To(v2beta2storage.MetricTargetType("Utilization")),
			Value:              ptr.To(resource.MustParse("11")),
			AverageValue:       ptr.To(resource.MustParse("400m")),
			AverageUtilization: ptr.To[int32](90),
		}
	})
	checkSame(t, sameCurrent, func() *v2beta2storage.MetricValueStatus {
		return &v2beta2storage.MetricValueStatus{
			PropertyBag:        propertybag.PropertyBag{"Kept": `"value"`},
			Value:              ptr.To(resource.MustParse("12")),
			AverageValue:       ptr.To(resource.MustParse("600m")),
			AverageUtilization: ptr.To[int32](75),
		}
	}, func() *v2beta2storage.MetricValueStatus {
		return &v2beta2storage.MetricValueStatus{
			PropertyBag:        propertybag.PropertyBag{"Kept": `"other"`},
			Value:              ptr.To(resource.MustParse("13")),
			AverageValue:       ptr.To(resource.MustParse("700m")),
			AverageUtilization: ptr.To[int32](70),
		}
	})
}

// checkSame checks same against values built by full, which must fill
// every field of T, and other, which must fill every field otherwise: a
// value that differs from a full one in one field, emptied or holding
// other's value there, is not the same (a comparison of whether the
// fields are set, not of what they hold, passes the first alone).
func checkSame[T any](t *testing.T, same func(a, b *T) bool, full, other func() *T) {
	t.Helper()
	typ := reflect.TypeFor[T]()
	a := full()
	if !same(a, full()) {
		t.Errorf("%s: two values built alike are not the same", typ.Name())
	}
	for i := range typ.NumField() {
		field := typ.Field(i).Name
		if reflect.ValueOf(a).Elem().Field(i).IsZero() {
			t.Errorf("%s.%s is empty in the full value: fill it, so that this test covers it", typ.Name(), field)
			continue
		}
		b := full()
		reflect.ValueOf(b).Elem().Field(i).SetZero()
		if same(a, b) || same(b, a) {
			t.Errorf("%s: values that differ in %s are the same: a field the comparison misses", typ.Name(), field)
		}
		c := full()
		reflect.ValueOf(c).Elem().Field(i).Set(reflect.ValueOf(other()).Elem().Field(i))
		if same(a, c) || same(c, a) {
			t.Errorf("%s: values with other values in %s are the same: the comparison reads only whether it is set", typ.Name(), field)
		}
	}
}
