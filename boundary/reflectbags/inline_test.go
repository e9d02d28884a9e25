package reflectbags_test

import (
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ExtraStorage is embedded by namedInlineStorage's spec under a JSON name
// (exported: the walks, as hubspoke-gen, skip an unexported one with a name).
type ExtraStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Note        *string                 `json:"note,omitempty"`
}

// A spec that embeds a struct under a JSON name with the option inline,
// which encoding/json does not know: it writes the struct under "extra",
// as hubspoke-gen names it.
type namedInlineStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		PropertyBag  propertybag.PropertyBag `json:"$propertyBag,omitempty"`
		ExtraStorage `json:"extra,inline"`
	} `json:"spec,omitempty"`
}

// An embedded struct with a JSON name is a field of that name, inline
// option or not, as encoding/json writes it: its bag travels at
// "spec.extra", beside spec's own (it took spec's path, and one of the
// two bags was lost).
func TestEmbeddedStructWithANameIsAField(t *testing.T) {
	src := &namedInlineStorage{}
	src.Spec.PropertyBag = bag("A", `1`)
	src.Spec.ExtraStorage.PropertyBag = bag("B", `2`)
	api := &gadget{}
	if err := reflectbags.Stash(api, src); err != nil {
		t.Fatal(err)
	}
	annotation := api.Annotations[boundary.Annotation]
	if want := `{"spec":{"A":1},"spec.extra":{"B":2}}`; annotation != want {
		t.Errorf("annotation %s, want %s (the twin's JSON: %s)", annotation, want, jsonText(src))
	}
	dst := &namedInlineStorage{}
	if err := reflectbags.Recall(dst, api); err != nil {
		t.Fatal(err)
	}
	if got, want := jsonText(dst), jsonText(src); !strings.Contains(got, `"extra":{"$propertyBag":{"B":"2"}}`) || got != want {
		t.Errorf("recalled %s, want %s", got, want)
	}
}

// hiddenStorage is embedded by hidingStorage's spec without a name: an
// unexported type, whose fields encoding/json still writes as the spec's.
type hiddenStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Note        *string                 `json:"note,omitempty"`
}

type hidingStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		hiddenStorage
		Size *int `json:"size,omitempty"`
	} `json:"spec,omitempty"`
}

// hidingByPointerStorage embeds a pointer to hiddenStorage without a name:
// encoding/json writes the fields it points to as the spec's too.
type hidingByPointerStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		*hiddenStorage
		Size *int `json:"size,omitempty"`
	} `json:"spec,omitempty"`
}

// A bag in a struct embedded by a pointer to an unexported type travels in
// JSON as the spec's own as well: Stash and Recall refuse that type too.
func TestEmbeddedPointerToUnexportedTypeWithABagIsRefused(t *testing.T) {
	src := &hidingByPointerStorage{}
	src.Spec.hiddenStorage = &hiddenStorage{PropertyBag: bag("A", `1`)}
	if !strings.Contains(jsonText(src), `"spec":{"$propertyBag":{"A":"1"}}`) {
		t.Fatalf("encoding/json does not write the embedded bag as the spec's: %s", jsonText(src))
	}
	api := &gadget{}
	if err := reflectbags.Stash(api, src); err == nil || !strings.Contains(err.Error(), "reflectbags_test.hiddenStorage") {
		t.Errorf("Stash: %v, want an error naming hiddenStorage (annotation %q)", err, api.Annotations[boundary.Annotation])
	}
	api.Annotations = map[string]string{boundary.Annotation: `{"spec":{"A":1}}`}
	dst := &hidingByPointerStorage{}
	if err := reflectbags.Recall(dst, api); err == nil || !strings.Contains(err.Error(), "reflectbags_test.hiddenStorage") {
		t.Errorf("Recall: %v, want an error naming hiddenStorage (recalled %s)", err, jsonText(dst))
	}
}

// A bag in a struct embedded by an unexported type travels in JSON as the
// spec's own, but reflection cannot set it: Stash and Recall refuse the
// type, naming it, rather than drop the bag.
func TestEmbeddedUnexportedTypeWithABagIsRefused(t *testing.T) {
	src := &hidingStorage{}
	src.Spec.PropertyBag = bag("A", `1`)
	if !strings.Contains(jsonText(src), `"spec":{"$propertyBag":{"A":"1"}}`) {
		t.Fatalf("encoding/json does not write the embedded bag as the spec's: %s", jsonText(src))
	}
	api := &gadget{}
	err := reflectbags.Stash(api, src)
	if err == nil || !strings.Contains(err.Error(), "reflectbags_test.hiddenStorage") {
		t.Errorf("Stash: %v, want an error naming hiddenStorage (annotation %q)", err, api.Annotations[boundary.Annotation])
	}
	api.Annotations = map[string]string{boundary.Annotation: `{"spec":{"A":1}}`}
	dst := &hidingStorage{}
	if err := reflectbags.Recall(dst, api); err == nil || !strings.Contains(err.Error(), "reflectbags_test.hiddenStorage") {
		t.Errorf("Recall: %v, want an error naming hiddenStorage (recalled %s)", err, jsonText(dst))
	}
}
