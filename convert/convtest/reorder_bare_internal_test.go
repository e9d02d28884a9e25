package convtest

import (
	"maps"
	"reflect"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestWithoutCarriedInKeepsWhatIsOutsideTheList: the reorder check's
// conversion without bags drops what an object carries at or below the
// elements of the changed list (their bags, their fingerprints) and keeps
// the rest. A $twin entry beside the list is the client's own value: Flux's
// HelmRelease v2beta2 shows status.lastReleaseRevision, an omitempty int
// its hooks read off status.history, and a revision of 0 travels as
// {"$twin":{"lastReleaseRevision":0}} in the status bag. Dropped, the
// conversion showed no revision before a client deleted the first
// snapshot or after, so the check took the revision the hub then kept for
// a value misplaced by the transport, and failed (HUBSPOKE_SEED=
// 1795844673577981805, case 49 of the port's v2beta2 round trip).
func TestWithoutCarriedInKeepsWhatIsOutsideTheList(t *testing.T) {
	spec := propertybag.Bags{
		"spec":             {"$twin": `{"head":0}`},
		"spec.stages[0]":   {"Colour": `"red"`},
		"spec.stages[1].x": {"Y": `1`},
		"spec.stagesOld":   {"Z": `2`},
		"spec.other[0]":    {"W": `3`},
		"spec.#elements":   {"spec.stages[0]": `"aaaaaaaaaaa"`, "spec.other[0]": `"bbbbbbbbbbb"`},
		"spec.x.#elements": {"spec.stages[1]": `"ccccccccccc"`},
	}
	text, err := propertybag.MarshalBags(spec)
	if err != nil {
		t.Fatal(err)
	}
	obj := &carriedObj{
		ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: text, "keep": "me"}},
		Status: &carriedStatus{PropertyBags: propertybag.Bags{
			"status":               {"$twin": `{"lastReleaseRevision":0}`},
			"status.history[0]":    {"OCIDigest": `"/"`},
			"status.#elements":     {"status.history[0]": `"ddddddddddd"`},
			"status.conditions[0]": {"V": `4`},
		}},
	}
	before := maps.Clone(obj.Status.PropertyBags)

	bare := withoutCarriedIn(obj, "spec.stages").(*carriedObj)
	got, err := propertybag.UnmarshalBags(bare.Annotations[boundary.Annotation])
	if err != nil {
		t.Fatal(err)
	}
	want := propertybag.Bags{
		"spec":           {"$twin": `{"head":0}`},
		"spec.stagesOld": {"Z": `2`},
		"spec.other[0]":  {"W": `3`},
		"spec.#elements": {"spec.other[0]": `"bbbbbbbbbbb"`},
	}
	if !reflect.DeepEqual(got, want) || bare.Annotations["keep"] != "me" {
		t.Errorf("annotation bags without spec.stages:\n got %v\nwant %v (annotations %v)", got, want, bare.Annotations)
	}

	bare = withoutCarriedIn(obj, "status.history").(*carriedObj)
	wantStatus := propertybag.Bags{
		"status":               {"$twin": `{"lastReleaseRevision":0}`},
		"status.conditions[0]": {"V": `4`},
	}
	if !reflect.DeepEqual(bare.Status.PropertyBags, wantStatus) {
		t.Errorf("status bags without status.history:\n got %v\nwant %v", bare.Status.PropertyBags, wantStatus)
	}
	if !reflect.DeepEqual(obj.Status.PropertyBags, before) || obj.Annotations[boundary.Annotation] != text {
		t.Errorf("the object changed: %v, %v", obj.Status.PropertyBags, obj.Annotations)
	}
}
