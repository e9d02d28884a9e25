package webhook_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/propertybag"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/yaml"
)

// The admission tests use Widget, a resource whose CRD is
// testdata/widgets.yaml, written the way generated code would be:
//
//	v1 (API) → v1storage → v2storage (hub) ← v2 (API)
//
// v1 has only a name; v1storage keeps the hub's other values in its bags,
// which v1 carries in its annotation (spec) and in status.$propertyBags
// (status). The hub's schema limits every value.

var widgetGK = schema.GroupKind{Group: group, Kind: "Widget"}

type widgetPart struct {
	Name  string `json:"name"`
	Count int    `json:"count,omitempty"`
}

// --- v2storage: the hub ---

type widgetHubSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        string                  `json:"name,omitempty"`
	Size        int                     `json:"size,omitempty"`
	Color       string                  `json:"color,omitempty"`
	Code        string                  `json:"code,omitempty"`
	Email       string                  `json:"email,omitempty"`
	Notes       string                  `json:"notes,omitempty"`
	Parts       []widgetPart            `json:"parts,omitempty"`
}

type widgetHubStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Phase       string                  `json:"phase,omitempty"`
	Load        int                     `json:"load,omitempty"`
}

type widgetHub struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              widgetHubSpec   `json:"spec"`
	Status            widgetHubStatus `json:"status,omitempty"`
}

func (w *widgetHub) Hub()                           {}
func (w *widgetHub) DeepCopyObject() runtime.Object { return jsonCopy(w) }

// --- v1storage: the storage twin of v1 ---

type widgetV1StorageSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        string                  `json:"name,omitempty"`
}

type widgetV1StorageStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Phase       string                  `json:"phase,omitempty"`
}

type widgetV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              widgetV1StorageSpec   `json:"spec"`
	Status            widgetV1StorageStatus `json:"status,omitempty"`
}

func (w *widgetV1Storage) DeepCopyObject() runtime.Object { return jsonCopy(w) }
func (w *widgetV1Storage) Link() convert.Link {
	return convert.LinkTo((*widgetV1Storage).assignTo, (*widgetV1Storage).assignFrom)
}
func (w *widgetV1Storage) ConvertTo(h conversion.Hub) error   { return convert.ToHub(w, h) }
func (w *widgetV1Storage) ConvertFrom(h conversion.Hub) error { return convert.FromHub(w, h) }

// errDashName is a hook's refusal that has nothing to do with the bags.
var errDashName = errors.New("a widget's name cannot begin with '-'")

func (w *widgetV1Storage) assignTo(dst *widgetHub) error {
	if strings.HasPrefix(w.Spec.Name, "-") {
		return errDashName
	}
	spec := w.Spec.PropertyBag.DeepCopy()
	dst.Spec = widgetHubSpec{Name: w.Spec.Name}
	for _, pull := range []error{
		pullInto(spec, "Size", &dst.Spec.Size), pullInto(spec, "Color", &dst.Spec.Color),
		pullInto(spec, "Code", &dst.Spec.Code), pullInto(spec, "Email", &dst.Spec.Email),
		pullInto(spec, "Notes", &dst.Spec.Notes), pullInto(spec, "Parts", &dst.Spec.Parts),
	} {
		if pull != nil {
			return pull
		}
	}
	dst.Spec.PropertyBag = spec
	status := w.Status.PropertyBag.DeepCopy()
	dst.Status = widgetHubStatus{Phase: w.Status.Phase}
	if err := pullInto(status, "Load", &dst.Status.Load); err != nil {
		return err
	}
	dst.Status.PropertyBag = status
	return nil
}

// errBangNotes is a hook's refusal on the way down: notes that begin with
// '!' cannot be shown at v1storage (nor so at v1), though the hub holds
// them.
var errBangNotes = errors.New("notes beginning with '!' cannot be shown at v1")

func (w *widgetV1Storage) assignFrom(src *widgetHub) error {
	if strings.HasPrefix(src.Spec.Notes, "!") {
		return errBangNotes
	}
	spec := src.Spec.PropertyBag.DeepCopy()
	for _, add := range []error{
		addIfSet(&spec, "Size", src.Spec.Size), addIfSet(&spec, "Color", src.Spec.Color),
		addIfSet(&spec, "Code", src.Spec.Code), addIfSet(&spec, "Email", src.Spec.Email),
		addIfSet(&spec, "Notes", src.Spec.Notes),
	} {
		if add != nil {
			return add
		}
	}
	if len(src.Spec.Parts) > 0 {
		if err := propertybag.Add(&spec, "Parts", &src.Spec.Parts); err != nil {
			return err
		}
	}
	status := src.Status.PropertyBag.DeepCopy()
	if err := addIfSet(&status, "Load", src.Status.Load); err != nil {
		return err
	}
	w.Spec = widgetV1StorageSpec{Name: src.Spec.Name, PropertyBag: spec}
	w.Status = widgetV1StorageStatus{Phase: src.Status.Phase, PropertyBag: status}
	return nil
}

func pullInto[T any](bag propertybag.PropertyBag, name string, dst *T) error {
	v, err := propertybag.Pull[T](&bag, name)
	if err == nil && v != nil {
		*dst = *v
	}
	return err
}

func addIfSet[T comparable](bag *propertybag.PropertyBag, name string, v T) error {
	var zero T
	if v == zero {
		return nil
	}
	return propertybag.Add(bag, name, &v)
}

// --- v1: API version ---

type widgetV1Status struct {
	Phase        string           `json:"phase,omitempty"`
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

type widgetV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Name string `json:"name,omitempty"`
	} `json:"spec"`
	Status widgetV1Status `json:"status,omitempty"`
}

func (w *widgetV1) DeepCopyObject() runtime.Object { return jsonCopy(w) }
func (w *widgetV1) Link() convert.Link {
	return convert.LinkTo(func(w *widgetV1, dst *widgetV1Storage) error {
		dst.Spec = widgetV1StorageSpec{Name: w.Spec.Name}
		dst.Status = widgetV1StorageStatus{Phase: w.Status.Phase}
		return reflectbags.Recall(dst, w)
	}, func(w *widgetV1, src *widgetV1Storage) error {
		w.Spec.Name = src.Spec.Name
		w.Status = widgetV1Status{Phase: src.Status.Phase}
		return reflectbags.Stash(w, src)
	})
}
func (w *widgetV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(w, h) }
func (w *widgetV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(w, h) }

// --- v2: API version, the shape of the hub ---

type widgetV2Status struct {
	Phase        string           `json:"phase,omitempty"`
	Load         int              `json:"load,omitempty"`
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

type widgetV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              widgetHubSpec  `json:"spec"` // its bag stays empty: Recall fills it
	Status            widgetV2Status `json:"status,omitempty"`
}

func (w *widgetV2) DeepCopyObject() runtime.Object { return jsonCopy(w) }
func (w *widgetV2) Link() convert.Link {
	return convert.LinkTo(func(w *widgetV2, dst *widgetHub) error {
		dst.Spec = w.Spec
		dst.Spec.PropertyBag = nil
		dst.Status = widgetHubStatus{Phase: w.Status.Phase, Load: w.Status.Load}
		return reflectbags.Recall(dst, w)
	}, func(w *widgetV2, src *widgetHub) error {
		w.Spec = src.Spec
		w.Spec.PropertyBag = nil
		w.Status = widgetV2Status{Phase: src.Status.Phase, Load: src.Status.Load}
		return reflectbags.Stash(w, src)
	})
}
func (w *widgetV2) ConvertTo(h conversion.Hub) error   { return convert.ToHub(w, h) }
func (w *widgetV2) ConvertFrom(h conversion.Hub) error { return convert.FromHub(w, h) }

// jsonCopy is a deep copy, good enough for tests.
func jsonCopy[T any](src *T) *T {
	raw, err := json.Marshal(src)
	if err != nil {
		panic(err)
	}
	dst := new(T)
	if err := json.Unmarshal(raw, dst); err != nil {
		panic(err)
	}
	return dst
}

// widgetScheme registers the four versions of Widget.
func widgetScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(widgetGK.WithVersion("v1"), &widgetV1{})
	s.AddKnownTypeWithName(widgetGK.WithVersion("v1storage"), &widgetV1Storage{})
	s.AddKnownTypeWithName(widgetGK.WithVersion("v2"), &widgetV2{})
	s.AddKnownTypeWithName(widgetGK.WithVersion("v2storage"), &widgetHub{})
	return s
}

// widgetCRD reads testdata/widgets.yaml, as an operator reads the CRD it
// ships.
func widgetCRD(t testing.TB) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	text, err := os.ReadFile("testdata/widgets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(text, crd); err != nil {
		t.Fatal(err)
	}
	return crd
}
