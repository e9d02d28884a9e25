package webhook_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/webhook"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Fuse is a resource whose hub panics when it is encoded with the
// annotation fuse: lit, a panic outside the Converter (which recovers its
// own).
var fuseGK = schema.GroupKind{Group: group, Kind: "Fuse"}

type fuseV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (f *fuseV1) DeepCopyObject() runtime.Object {
	c := *f
	f.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}
func (f *fuseV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(f, h) }
func (f *fuseV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(f, h) }
func (f *fuseV1) Link() convert.Link {
	return convert.LinkTo(func(*fuseV1, *fuseV2) error { return nil }, func(*fuseV1, *fuseV2) error { return nil })
}

type fuseV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (f *fuseV2) Hub() {}
func (f *fuseV2) DeepCopyObject() runtime.Object {
	c := *f
	f.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func (f *fuseV2) MarshalJSON() ([]byte, error) {
	if f.Annotations["fuse"] == "lit" {
		panic("the fuse is lit")
	}
	type plain fuseV2
	return json.Marshal((*plain)(f))
}

// TestPanicOutsideTheConverter: a panic while the handler encodes a
// converted object fails the review (no partial Success), is counted with
// reason panic and logged with step panic.
func TestPanicOutsideTheConverter(t *testing.T) {
	s := newScheme()
	s.AddKnownTypeWithName(fuseGK.WithVersion("v1"), &fuseV1{})
	s.AddKnownTypeWithName(fuseGK.WithVersion("v2"), &fuseV2{})
	var log logLines
	h, err := webhook.NewConversionHandler(s, webhook.Options{Logger: log.logger()}, fuseGK)
	if err != nil {
		t.Fatal(err)
	}
	fuse := func(name, state string) *fuseV1 {
		return &fuseV1{TypeMeta: metav1.TypeMeta{APIVersion: group + "/v1", Kind: "Fuse"},
			ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "lab", Annotations: map[string]string{"fuse": state}}}
	}
	if resp := convertReview(t, h, reviewOf(t, "cold", group+"/v2", fuse("one", "cold"))); resp.Result.Status != metav1.StatusSuccess {
		t.Fatalf("a cold fuse: %+v", resp.Result)
	}
	labels := map[string]string{"resource": "Fuse.crm.hubspoke.test", "reason": "panic"}
	before := metricValue(t, "hubspoke_conversion_failures_total", labels)
	msg := failure(t, h, "lit", reviewOf(t, "lit", group+"/v2", fuse("one", "cold"), fuse("two", "lit")))
	if want := "hubspoke: converting Fuse.crm.hubspoke.test to crm.hubspoke.test/v2: panic: the fuse is lit"; !strings.Contains(msg, want) {
		t.Errorf("%q, want %q", msg, want)
	}
	if got := metricValue(t, "hubspoke_conversion_failures_total", labels) - before; got != 1 {
		t.Errorf("hubspoke_conversion_failures_total%v grew by %v, want 1", labels, got)
	}
	if lines := log.all(); len(lines) != 1 || !strings.Contains(lines[0], `"reason"="panic"`) || !strings.Contains(lines[0], `"name"="two"`) || !strings.Contains(lines[0], `"step"="panic"`) {
		t.Errorf("log: %q", lines)
	}
}
