package convtest

import (
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type toggleCondition struct {
	Type    *string `json:"type,omitempty"`
	Reason  *string `json:"reason,omitempty"`
	Message *string `json:"message,omitempty"`
}

type toggleHub struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Name              *string                    `json:"name,omitempty"`
	Size              *int32                     `json:"size,omitempty"`
	Kept              *string                    `json:"kept,omitempty"`
	Required          *bool                      `json:"required"`
	Time              *metav1.Time               `json:"time,omitempty"`
	Conditions        []toggleCondition          `json:"conditions,omitempty" hubspoke:"listMapKey=type"`
	Zones             map[string]toggleCondition `json:"zones,omitempty"`
}

func (h *toggleHub) DeepCopyObject() runtime.Object { c := *h; return &c }

// TestToggleSites: the update check toggles optional pointers to basic
// kinds that are nil or point to zero values, at every depth, and nothing
// else: not a value that is not zero, not a field without omitempty, not a
// pointer to a struct or a type of another package, not a list-map key
// (mutation testing: toggling the keys of conditions made hubs that no
// client can write and whose $twin entries no version finds).
func TestToggleSites(t *testing.T) {
	empty := ""
	h := &toggleHub{
		Kept:       ptrTo("kept"),
		Size:       new(int32),
		Conditions: []toggleCondition{{Type: &empty, Reason: ptrTo("why")}},
		Zones:      map[string]toggleCondition{"a": {Type: ptrTo("t")}},
	}
	v := reflect.ValueOf(h).Elem()
	var names []string
	for _, site := range toggleSites(v, nil) {
		names = append(names, pathName(v.Type(), site.path))
	}
	want := []string{"Name", "Size", "Conditions[0].Message", "Zones[a].Reason", "Zones[a].Message"}
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("sites %v, want %v", names, want)
	}
	// A name another version keys the list by is no site in the list's
	// elements (that version could not find the $twin entry again), and
	// still one in a map's values.
	names = nil
	for _, site := range toggleSites(v, []string{"message"}) {
		names = append(names, pathName(v.Type(), site.path))
	}
	if want := []string{"Name", "Size", "Zones[a].Reason", "Zones[a].Message"}; !reflect.DeepEqual(names, want) {
		t.Errorf("sites with message a key elsewhere %v, want %v", names, want)
	}
	toggles := toggleSites(v, nil)
	applyToggles(h, toggles)
	if h.Name == nil || *h.Name != "" || h.Size != nil || h.Conditions[0].Message == nil || h.Zones["a"].Reason == nil || *h.Zones["a"].Reason != "" {
		t.Errorf("toggled %+v", h)
	}
	if *h.Kept != "kept" || *h.Conditions[0].Reason != "why" || *h.Conditions[0].Type != "" || *h.Zones["a"].Type != "t" {
		t.Errorf("a value that is no toggle site changed: %+v", h)
	}
	// A toggle whose field no longer holds nil or a zero value (the
	// sample was shrunk, or the value differs) changes nothing.
	h.Name = ptrTo("set")
	applyToggles(h, toggles[:1])
	if *h.Name != "set" {
		t.Errorf("a toggle changed the value %q", *h.Name)
	}
}

func ptrTo[T any](v T) *T { return &v }

// pathName renders path in t for TestToggleSites.
func pathName(t reflect.Type, path []step) string {
	s := ""
	for _, p := range path {
		switch p.kind {
		case stepField:
			if s != "" {
				s += "."
			}
			s += t.Field(p.i).Name
			t = t.Field(p.i).Type
		case stepElem:
			t = t.Elem()
		case stepIndex:
			s += "[" + string(rune('0'+p.i)) + "]"
			t = t.Elem()
		case stepKey:
			s += "[" + p.key.String() + "]"
			t = t.Elem()
		}
	}
	return s
}
