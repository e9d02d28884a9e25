package reflectbags_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
)

// A $twin entry of a metav1.Time is empty when the type's IsZero says so,
// as generated code asks it: a zero instant written with a zone reads back
// with a location, which Go's zero value has not, and is still the empty
// value that may stand for what the API version shows as absent.
func TestTwinEntryOfATimeIsEmptyByItsIsZero(t *testing.T) {
	sent := &gaugeTime{}
	sent.Annotations = map[string]string{boundary.Annotation: `{"spec":{"$twin":{"started":"0001-01-01T00:00:00Z"}}}`}
	back := &gaugeStorage{}
	if err := reflectbags.Recall(back, sent); err != nil {
		t.Fatalf("Recall of an entry holding the zero instant: %v", err)
	}
	if back.Spec.Started == nil || !back.Spec.Started.IsZero() {
		t.Errorf("spec.started = %v, want the empty time the entry holds", back.Spec.Started)
	}
}
