package convtest

import (
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Readers: two API versions, v1 and v1b, and v2, the hub, without property
// bags, so that clients read it too. v1b shows the value an annotation of
// the hub holds, where there is one, in place of the hub's own.

type readersSpec struct {
	Value string `json:"value,omitempty"`
}

type readersV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              readersSpec `json:"spec,omitempty"`
}

type readersV1b readersV1

type readersHub readersV1

func (*readersHub) Hub()                                {}
func (o *readersV1) DeepCopyObject() runtime.Object     { return cloneObject(o) }
func (o *readersV1b) DeepCopyObject() runtime.Object    { return cloneObject(o) }
func (o *readersHub) DeepCopyObject() runtime.Object    { return cloneObject(o) }
func (o *readersV1) ConvertTo(h conversion.Hub) error   { *h.(*readersHub) = readersHub(*o); return nil }
func (o *readersV1) ConvertFrom(h conversion.Hub) error { *o = readersV1(*h.(*readersHub)); return nil }
func (o *readersV1b) ConvertTo(h conversion.Hub) error  { *h.(*readersHub) = readersHub(*o); return nil }
func (o *readersV1b) ConvertFrom(h conversion.Hub) error {
	*o = readersV1b(*h.(*readersHub))
	if v := o.Annotations["v1b/value"]; v != "" {
		o.Spec.Value = v
	}
	return nil
}

// TestEditReadBackEverywhere: the update check reads a client's edit at
// every other version clients read, the hub too where it has no bags of
// its own, and fails where one of them, whichever, shows another value.
// Mutation testing: reading at the first other version alone, or never
// at the hub, survived the other tests (their chains have one reader).
func TestEditReadBackEverywhere(t *testing.T) {
	gk := schema.GroupKind{Group: "readers.convtest.hubspoke.dev", Kind: "Readers"}
	scheme := runtime.NewScheme()
	scheme.AddKnownTypeWithName(gk.WithVersion("v1"), &readersV1{})
	scheme.AddKnownTypeWithName(gk.WithVersion("v1b"), &readersV1b{})
	scheme.AddKnownTypeWithName(gk.WithVersion("v2"), &readersHub{})
	k, err := newKit(scheme, gk, nil)
	if err != nil {
		t.Fatal(err)
	}
	if k.readers, err = k.editReaders("v1"); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, rd := range k.readers {
		names = append(names, rd.version)
	}
	if got := strings.Join(names, " "); got != "v1b v2" {
		t.Errorf("the readers of v1's edits are %q, want the other API version and the hub, \"v1b v2\"", got)
	}
	path, err := parsePattern("spec.value")
	if err != nil {
		t.Fatal(err)
	}
	edited := &readersV1{Spec: readersSpec{Value: "new"}}
	for _, c := range []struct {
		hub, annotation, want string
	}{
		{"new", "", ""},
		{"new", "new", ""},
		{"old", "new", "a client of v2 (the hub) reads another value than it wrote: v1's spec.value does not arrive in v2 (the hub)'s spec.value"},
		{"new", "old", "a client of v1b reads another value than it wrote: v1's spec.value does not arrive in v1b's spec.value"},
	} {
		stored := &readersHub{Spec: readersSpec{Value: c.hub}}
		if c.annotation != "" {
			stored.Annotations = map[string]string{"v1b/value": c.annotation}
		}
		got := k.checkEditElsewhere(edited, "v1", path, stored, "the edit")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("hub %q, annotation %q: got %q, want %q", c.hub, c.annotation, got, c.want)
		}
	}
}
