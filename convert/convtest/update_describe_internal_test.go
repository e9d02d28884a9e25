package convtest

import (
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// DescribeBase is embedded in describeSpec by value, DescribeExtra by
// pointer: encoding/json writes the fields of both as describeSpec's own.
type DescribeBase struct {
	Ready *bool `json:"ready,omitempty"`
}

// DescribeExtra: see DescribeBase.
type DescribeExtra struct {
	Note *string `json:"note,omitempty"`
}

type describeItem struct {
	Label *string `json:"label,omitempty"`
}

type describeSpec struct {
	DescribeBase   `json:",inline"`
	*DescribeExtra `json:",inline"`
	Items          []describeItem          `json:"items,omitempty"`
	ByName         map[string]describeItem `json:"byName,omitempty"`
	Ratio          *float64                `json:"ratio,omitempty"`
}

type describeHub struct {
	metav1.TypeMeta `json:",inline"`
	Spec            describeSpec `json:"spec"`
}

func (h *describeHub) DeepCopyObject() runtime.Object { c := *h; return &c }

// TestDescribeToggles: a failure of the update check lists each toggled
// field by its JSON path (an inline struct adds no name, an element its
// index, a map value its key), with the value a client of the hub wrote
// there and the one it had (mutation testing: an index off by one, an
// inline struct's Go name, a map key written as a name, and the zero
// value of the pointer rather than of the field's type went unnoticed).
func TestDescribeToggles(t *testing.T) {
	h := &describeHub{Spec: describeSpec{
		DescribeBase:  DescribeBase{Ready: ptrTo(false)},
		DescribeExtra: &DescribeExtra{},
		Items:         []describeItem{{Label: ptrTo("set")}, {}, {Label: ptrTo("")}},
		ByName:        map[string]describeItem{"k": {}},
	}}
	v := reflect.ValueOf(h).Elem()
	toggles := toggleSites(v, nil)
	applyToggles(h, toggles)
	got := describeToggles(&sample{Object: h, recipe: &recipe{toggles: toggles}})
	want := []string{
		`spec.ready: absent (was false)`,
		`spec.note: "" (was absent)`,
		`spec.items[1].label: "" (was absent)`,
		`spec.items[2].label: absent (was "")`,
		`spec.byName["k"].label: "" (was absent)`,
		`spec.ratio: 0 (was absent)`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("described\n%q\nwant\n%q", got, want)
	}
	// A toggle that no longer holds (the sample was shrunk) is not listed.
	h.Spec.Ratio = nil
	if got := describeToggles(&sample{Object: h, recipe: &recipe{toggles: toggles}}); len(got) != len(want)-1 {
		t.Errorf("after the ratio's toggle was undone: %q", got)
	}
}
