package convtest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// TestBuilderMeta: generated metadata has every part the API server keeps
// somewhere in its objects: labels under a prefix, annotations, a resource
// version with a generation and a creation time, finalizers.
func TestBuilderMeta(t *testing.T) {
	b := &builder{r: rand.New(rand.NewPCG(5, 6)), size: 6}
	seen := map[string]bool{}
	for range 200 {
		var m metav1.ObjectMeta
		b.meta(&m)
		if !strings.HasPrefix(m.Name, "w-") || !strings.HasPrefix(m.Namespace, "ns-") || len(m.UID) != 36 {
			t.Fatalf("name, namespace, UID: %q %q %q", m.Name, m.Namespace, m.UID)
		}
		for k := range m.Labels {
			if !strings.HasPrefix(k, "app.example.com/") {
				t.Fatalf("label %q", k)
			}
			seen["labels"] = true
		}
		if len(m.Annotations) > 0 {
			seen["annotations"] = true
		}
		if m.ResourceVersion != "" && m.Generation > 0 && !m.CreationTimestamp.IsZero() {
			seen["stored"] = true
		}
		if len(m.Finalizers) > 0 {
			seen["finalizers"] = true
		}
	}
	if len(seen) != 4 {
		t.Errorf("drawn: %v, want labels, annotations, stored and finalizers", seen)
	}
}

// TestBuilderMetaFieldValues: FieldValues that name the metadata's labels
// or annotations draw them, so that a hook on a kind's root type that
// reads a label meets it (Cluster API's v1alpha2 label
// cluster.x-k8s.io/cluster-name, which v1alpha3 shows as spec.clusterName:
// the labels were always random words under app.example.com/, and such a
// hook went untested). A map drawn whole is copied into each object.
func TestBuilderMetaFieldValues(t *testing.T) {
	labels := map[string]string{"cluster.x-k8s.io/cluster-name": "c1"}
	c := &config{}
	FieldValues("ObjectMeta.Labels", labels, map[string]string{})(c)
	FieldValues("Annotations", "on", "off")(c)
	b := &builder{r: rand.New(rand.NewPCG(7, 8)), size: 6, cfg: c}
	seen := map[string]bool{}
	for range 100 {
		var m metav1.ObjectMeta
		b.meta(&m)
		switch {
		case m.Labels["cluster.x-k8s.io/cluster-name"] == "c1" && len(m.Labels) == 1:
			seen["label"] = true
			m.Labels["changed"] = "by a conversion"
		case len(m.Labels) == 0:
			seen["none"] = true
		default:
			t.Fatalf("labels %v, want one of the FieldValues", m.Labels)
		}
		for k, v := range m.Annotations {
			if v != "on" && v != "off" {
				t.Fatalf("annotation %s=%q, want on or off", k, v)
			}
		}
	}
	if !seen["label"] || !seen["none"] {
		t.Errorf("drawn: %v, want both maps", seen)
	}
	if len(labels) != 1 {
		t.Errorf("the option's map changed with an object's: %v", labels)
	}
}

type carriedObj struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              *carriedSpec   `json:"spec,omitempty"`
	Status            *carriedStatus `json:"status,omitempty"`
}

type carriedSpec struct {
	Name string `json:"name,omitempty"`
}

type carriedStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func (c *carriedObj) DeepCopyObject() runtime.Object { d := *c; return &d }

// TestAddCarried: entries carried for the twin join what the object
// carries already, the spec's in the bags annotation beside the other
// annotations, the status's in the status's bags beside their other paths;
// a spec or status held through a nil pointer is made to hold them.
func TestAddCarried(t *testing.T) {
	obj := &carriedObj{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{"keep": "me"}}}
	addCarried(obj, "spec", propertybag.PropertyBag{"x-convtest-a": "1"})
	addCarried(obj, "spec", propertybag.PropertyBag{"x-convtest-b": "2"})
	if obj.Annotations["keep"] != "me" {
		t.Errorf("other annotations lost: %v", obj.Annotations)
	}
	bags, err := propertybag.UnmarshalBags(obj.Annotations[boundary.Annotation])
	if err != nil || len(bags["spec"]) != 2 {
		t.Errorf("spec bag %v (%v), want both entries", bags, err)
	}
	// A spec held through a pointer is made for its bag, as a status is:
	// the bags below a nil one go with it (its client removed it).
	if obj.Spec == nil {
		t.Errorf("no spec made for the entries")
	}

	fresh := &carriedObj{}
	addCarried(fresh, "status", propertybag.PropertyBag{"x-convtest-c": "3"})
	if fresh.Status == nil || len(fresh.Status.PropertyBags["status"]) != 1 {
		t.Errorf("no status made for the entries: %+v", fresh.Status)
	}
	broken := &carriedObj{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: "{not bags"}}}
	addCarried(broken, "spec", propertybag.PropertyBag{"x-convtest-a": "1"})
	if got := broken.Annotations[boundary.Annotation]; got != "{not bags" {
		t.Errorf("an annotation that does not parse was replaced by %q", got)
	}

	obj.Status = &carriedStatus{PropertyBags: propertybag.Bags{"status.owner": {"Phone": `"1"`}}}
	before := obj.Status.PropertyBags
	addCarried(obj, "status", propertybag.PropertyBag{"x-convtest-c": "3"})
	if got := obj.Status.PropertyBags; len(got["status.owner"]) != 1 || len(got["status"]) != 1 {
		t.Errorf("status bags %v, want status.owner kept and the entry in status", got)
	}
	if len(before) != 1 {
		t.Errorf("the object's former bags were changed in place: %v", before)
	}
}
