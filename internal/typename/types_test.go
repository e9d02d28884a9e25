package typename_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/compat"
	"github.com/hubspoke/hubspoke/internal/typename"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	carpv1 "k8s.io/apimachinery/pkg/apis/testapigroup/v1"
)

type older struct{ FullName string }

type newer struct{ Given, Family string }

// nameOf names v's type without pointer stars, as messages do.
func nameOf(v any) string {
	t := reflect.TypeOf(v)
	if t == nil {
		return "<nil>"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return typename.Of(t)
}

func TestTypeName(t *testing.T) {
	var nilPtr *newer
	var nilErr error
	pp := &nilPtr
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"pointer", &newer{}, "typename_test.newer"},
		{"value", newer{}, "typename_test.newer"},
		{"nil pointer of a type", nilPtr, "typename_test.newer"},
		{"pointer to pointer", pp, "typename_test.newer"},
		{"untyped nil", nil, "<nil>"},
		{"nil interface", nilErr, "<nil>"},
		{"builtin", 42, "int"},
		{"slice", []*newer{}, "[]*typename_test.newer"},
		{"map", map[string]int{}, "map[string]int"},
		{"other package", errors.New("x"), "errors.errorString"},
		{"generic", compat.Property[string, int]{}, "compat.Property[string,int]"},
		{"generic, type argument of this package", box[newer]{}, "typename_test.box[typename_test.newer]"},
		{"generic, nested", box[*box[[]newer]]{}, "typename_test.box[*typename_test.box[[]typename_test.newer]]"},
		{"generic, two arguments", compat.Property[*newer, map[string]older]{}, "compat.Property[*typename_test.newer,map[string]typename_test.older]"},
		{"array", [2]*newer{}, "[2]*typename_test.newer"},
		{"named slice", labels{}, "typename_test.labels"},
		{"named map", timesByName{}, "typename_test.timesByName"},
		{"slice of a named slice", []labels{}, "[]typename_test.labels"},
		{"channel", make(chan newer), "chan typename_test.newer"},
		{"send channel", make(chan<- newer), "chan<- typename_test.newer"},
		{"receive channel", make(<-chan newer), "<-chan typename_test.newer"},
		{"channel of receive channels", make(chan (<-chan newer)), "chan (<-chan typename_test.newer)"},
		{"channel of channels", make(chan chan newer), "chan chan typename_test.newer"},
		{"channel of send channels", make(chan chan<- newer), "chan chan<- typename_test.newer"},
	} {
		if got := nameOf(tc.v); got != tc.want {
			t.Errorf("%s: TypeName = %q, want %q", tc.name, got, tc.want)
		}
	}
}

type box[T any] struct{ V T }

type labels []string

type timesByName map[string]metav1.Time

// Kubernetes code imports apimachinery's meta/v1 as metav1, and every API
// group has a package named v1 too, so messages name its types metav1.X.
// Other packages named v1 keep their name.
func TestTypeNameMetav1(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{metav1.Time{}, "metav1.Time"},
		{&metav1.Time{}, "metav1.Time"},
		{[]metav1.Time{}, "[]metav1.Time"},
		{[]*metav1.Condition{}, "[]*metav1.Condition"},
		{map[string]metav1.Time{}, "map[string]metav1.Time"},
		{map[metav1.Time][1]metav1.Duration{}, "map[metav1.Time][1]metav1.Duration"},
		{box[metav1.Time]{}, "typename_test.box[metav1.Time]"},
		{box[map[string][]*metav1.Time]{}, "typename_test.box[map[string][]*metav1.Time]"},
		{compat.Property[string, metav1.Time]{}, "compat.Property[string,metav1.Time]"},
		{compat.Property[carpv1.Carp, metav1.Time]{}, "compat.Property[v1.Carp,metav1.Time]"},
		{carpv1.Carp{}, "v1.Carp"},
		{[]carpv1.Carp{}, "[]v1.Carp"},
		{metav1.ObjectMeta{}, "metav1.ObjectMeta"},
		{[2]map[metav1.Time]*metav1.Duration{}, "[2]map[metav1.Time]*metav1.Duration"},
		{make(chan metav1.Time), "chan metav1.Time"},
		{make(<-chan metav1.Time), "<-chan metav1.Time"},
		{make(chan<- metav1.Time), "chan<- metav1.Time"},
		{make(chan (<-chan metav1.Time)), "chan (<-chan metav1.Time)"},
		{make(chan chan metav1.Time), "chan chan metav1.Time"},
		{box[[2]map[metav1.Time]chan *newer]{}, "typename_test.box[[2]map[metav1.Time]chan *typename_test.newer]"},
		{box[func(metav1.Time) error]{}, "typename_test.box[func(metav1.Time) error]"},
		{box[struct{ T *carpv1.Carp }]{}, "typename_test.box[struct { T *v1.Carp }]"},
		{timesByName{}, "typename_test.timesByName"},
	} {
		if got := nameOf(tc.v); got != tc.want {
			t.Errorf("TypeName(%T) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
