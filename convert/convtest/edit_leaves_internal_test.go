package convtest

import (
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type leavesObj struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              leavesSpec `json:"spec,omitempty"`
}

type leavesSpec struct {
	Mode *string `json:"mode,omitempty"`
	Size int32   `json:"size,omitempty"`
}

func (o *leavesObj) DeepCopyObject() runtime.Object { return cloneObject(o) }

// TestLeavesUnderDefaults: the values the update check follows from an
// edited path to the other versions include the declared default of a
// value the client removed there (which the version reads as its default),
// and no default of a value elsewhere. Mutation testing: leaving the
// defaults out survived the other tests.
func TestLeavesUnderDefaults(t *testing.T) {
	mode, err := parsePattern("spec.mode")
	if err != nil {
		t.Fatal(err)
	}
	v := &visibility{src: shapeOf(reflect.TypeFor[*leavesObj]()),
		srcDefaults: []defaultRule{{version: "v1", text: "spec.mode", value: reflect.ValueOf("Auto"), pattern: mode}}}
	obj := &leavesObj{Spec: leavesSpec{Size: 3}}
	describe := func(leaves []leaf) []string {
		var out []string
		for _, l := range leaves {
			out = append(out, renderPath(l.path)+"="+shortJSON(l.value.Interface())+map[bool]string{true: " (default)"}[l.defaulted])
		}
		return out
	}
	for _, c := range []struct {
		path string
		want []string
	}{
		{"spec", []string{"spec.size=3", `spec.mode="Auto" (default)`}},
		{"spec.mode", []string{`spec.mode="Auto" (default)`}},
		{"spec.size", []string{"spec.size=3"}},
	} {
		path, err := parsePattern(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := describe(v.leavesUnder(obj, path)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("leavesUnder(%s) = %q, want %q", c.path, got, c.want)
		}
	}
	obj.Spec.Mode = ptrTo("Manual")
	if got, want := describe(v.leavesUnder(obj, mode)), []string{`spec.mode="Manual"`}; !reflect.DeepEqual(got, want) {
		t.Errorf("leavesUnder(spec.mode) of a set mode = %q, want %q", got, want)
	}
}
