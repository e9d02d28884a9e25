package convert_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func TestBagsTravelInAnAnnotation(t *testing.T) {
	shared := map[string]string{"owner": "crm"}
	meta := metav1.ObjectMeta{Annotations: shared}
	bags := map[string]propertybag.PropertyBag{
		"spec":   {"MiddleName": `"Theodore"`},
		"status": nil, // empty bags are left out
	}
	if err := convert.StashBags(&meta, bags); err != nil {
		t.Fatal(err)
	}
	if len(shared) != 1 {
		t.Fatalf("StashBags modified the shared annotations map: %v", shared)
	}
	want := `{"spec":{"MiddleName":"Theodore"}}`
	if got := meta.Annotations[convert.BagsAnnotation]; got != want {
		t.Fatalf("annotation %s, want %s", got, want)
	}

	stashed := meta.Annotations
	back, err := convert.RecallBags(&meta)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]propertybag.PropertyBag{"spec": {"MiddleName": `"Theodore"`}}, back); diff != "" {
		t.Errorf("recalled bags (-want +got):\n%s", diff)
	}
	if _, ok := meta.Annotations[convert.BagsAnnotation]; ok || meta.Annotations["owner"] != "crm" {
		t.Errorf("RecallBags left %v", meta.Annotations)
	}
	if _, ok := stashed[convert.BagsAnnotation]; !ok {
		t.Error("RecallBags modified the annotations map in place")
	}
}

func TestStashingNothingRemovesTheAnnotation(t *testing.T) {
	meta := metav1.ObjectMeta{Annotations: map[string]string{convert.BagsAnnotation: `{"spec":{"A":"1"}}`}}
	if err := convert.StashBags(&meta, map[string]propertybag.PropertyBag{"spec": {}}); err != nil {
		t.Fatal(err)
	}
	if meta.Annotations != nil {
		t.Fatalf("annotations %v, want none", meta.Annotations)
	}
	none := metav1.ObjectMeta{}
	bags, err := convert.RecallBags(&none)
	if bags != nil || err != nil || none.Annotations != nil {
		t.Fatalf("RecallBags of nothing: %v %v %v", bags, err, none.Annotations)
	}
}

func TestRecallBagsRejectsBadText(t *testing.T) {
	meta := metav1.ObjectMeta{Annotations: map[string]string{convert.BagsAnnotation: `{"spec":"not a bag"}`}}
	before := meta.DeepCopy()
	_, err := convert.RecallBags(&meta)
	if err == nil || !strings.Contains(err.Error(), convert.BagsAnnotation) {
		t.Fatalf("got %v", err)
	}
	if diff := cmp.Diff(before, &meta); diff != "" {
		t.Errorf("a failed recall changed the metadata:\n%s", diff)
	}
}
