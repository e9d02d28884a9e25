package convtest_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// The test resource, Widget, has four versions, written by hand the way the
// generator would write them:
//
//	v1 (API) → v1storage → v2storage (the hub) ← v2 (API)
//
// v1 has a FullName; v2 splits it into Given and Family (a hook on
// v1storage does the split and the join) and adds Priority, Owner.Verified,
// Part.Color and Status.ObservedGeneration, which v1storage keeps in its
// property bags. Switchable bugs (withBug) break the chain in the ways the
// kit must catch.

var widgetGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Widget"}

func widgetScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(widgetGK.WithVersion("v1"), &WidgetV1{})
	s.AddKnownTypeWithName(widgetGK.WithVersion("v1storage"), &WidgetV1Storage{})
	s.AddKnownTypeWithName(widgetGK.WithVersion("v2"), &WidgetV2{})
	s.AddKnownTypeWithName(widgetGK.WithVersion("v2storage"), &WidgetV2Storage{})
	return s
}

// Mode is a named string type (an enumeration in a real API).
type Mode string

// --- v1 ---

type WidgetV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetV1Spec   `json:"spec,omitempty"`
	Status            WidgetV1Status `json:"status,omitempty"`
}

type WidgetV1Spec struct {
	FullName string            `json:"fullName,omitempty"`
	Size     int32             `json:"size"`
	Ratio    float64           `json:"ratio,omitempty"`
	Enabled  bool              `json:"enabled,omitempty"`
	Mode     Mode              `json:"mode,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Owner    *OwnerV1          `json:"owner,omitempty"`
	Parts    []PartV1          `json:"parts,omitempty"`
}

type OwnerV1 struct {
	Email string  `json:"email,omitempty"`
	Phone *string `json:"phone,omitempty"`
}

type PartV1 struct {
	Name   string           `json:"name"`
	Weight *float32         `json:"weight,omitempty"`
	Counts map[string]int64 `json:"counts,omitempty"`
}

type WidgetV1Status struct {
	Ready   bool    `json:"ready,omitempty"`
	Message *string `json:"message,omitempty"`
}

// --- v1storage ---

type WidgetV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetV1StorageSpec   `json:"spec,omitempty"`
	Status            WidgetV1StorageStatus `json:"status,omitempty"`
}

type WidgetV1StorageSpec struct {
	FullName    *string                 `json:"fullName,omitempty"`
	Size        *int32                  `json:"size,omitempty"`
	Ratio       *float64                `json:"ratio,omitempty"`
	Enabled     *bool                   `json:"enabled,omitempty"`
	Mode        *string                 `json:"mode,omitempty"`
	Tags        []string                `json:"tags,omitempty"`
	Labels      map[string]string       `json:"labels,omitempty"`
	Owner       *OwnerV1Storage         `json:"owner,omitempty"`
	Parts       []PartV1Storage         `json:"parts,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type OwnerV1Storage struct {
	Email       *string                 `json:"email,omitempty"`
	Phone       *string                 `json:"phone,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type PartV1Storage struct {
	Name        *string                 `json:"name,omitempty"`
	Weight      *float32                `json:"weight,omitempty"`
	Counts      map[string]int64        `json:"counts,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type WidgetV1StorageStatus struct {
	Ready       *bool                   `json:"ready,omitempty"`
	Message     *string                 `json:"message,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

// --- v2 ---

type WidgetV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetV2Spec   `json:"spec,omitempty"`
	Status            WidgetV2Status `json:"status,omitempty"`
}

type WidgetV2Spec struct {
	Given    string            `json:"given,omitempty"`
	Family   string            `json:"family,omitempty"`
	Size     int32             `json:"size"`
	Ratio    float64           `json:"ratio,omitempty"`
	Enabled  bool              `json:"enabled,omitempty"`
	Mode     Mode              `json:"mode,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Owner    *OwnerV2          `json:"owner,omitempty"`
	Parts    []PartV2          `json:"parts,omitempty"`
	Priority *int              `json:"priority,omitempty"`
}

type OwnerV2 struct {
	Email    string  `json:"email,omitempty"`
	Phone    *string `json:"phone,omitempty"`
	Verified bool    `json:"verified,omitempty"`
}

type PartV2 struct {
	Name   string           `json:"name"`
	Weight *float32         `json:"weight,omitempty"`
	Counts map[string]int64 `json:"counts,omitempty"`
	Color  string           `json:"color,omitempty"`
}

type WidgetV2Status struct {
	Ready              bool    `json:"ready,omitempty"`
	Message            *string `json:"message,omitempty"`
	ObservedGeneration int64   `json:"observedGeneration,omitempty"`
}

// --- v2storage, the hub ---

type WidgetV2Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetV2StorageSpec   `json:"spec,omitempty"`
	Status            WidgetV2StorageStatus `json:"status,omitempty"`
	Stamp             Stamp                 `json:"stamp"`
}

type WidgetV2StorageSpec struct {
	Given       *string                 `json:"given,omitempty"`
	Family      *string                 `json:"family,omitempty"`
	Size        *int32                  `json:"size,omitempty"`
	Ratio       *float64                `json:"ratio,omitempty"`
	Enabled     *bool                   `json:"enabled,omitempty"`
	Mode        *string                 `json:"mode,omitempty"`
	Tags        []string                `json:"tags,omitempty"`
	Labels      map[string]string       `json:"labels,omitempty"`
	Owner       *OwnerV2Storage         `json:"owner,omitempty"`
	Parts       []PartV2Storage         `json:"parts,omitempty"`
	Priority    *int                    `json:"priority,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type OwnerV2Storage struct {
	Email       *string                 `json:"email,omitempty"`
	Phone       *string                 `json:"phone,omitempty"`
	Verified    *bool                   `json:"verified,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type PartV2Storage struct {
	Name        *string                 `json:"name,omitempty"`
	Weight      *float32                `json:"weight,omitempty"`
	Counts      map[string]int64        `json:"counts,omitempty"`
	Color       *string                 `json:"color,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type WidgetV2StorageStatus struct {
	Ready              *bool                   `json:"ready,omitempty"`
	Message            *string                 `json:"message,omitempty"`
	ObservedGeneration *int64                  `json:"observedGeneration,omitempty"`
	PropertyBag        propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

// Stamp has its own JSON encoding (a type the generator leaves alone);
// bugUnstableJSON makes it encode differently every time.
type Stamp struct{}

var stamps atomic.Int64

func (Stamp) MarshalJSON() ([]byte, error) {
	if activeBug() == bugUnstableJSON {
		return fmt.Appendf(nil, `{"n":%d}`, stamps.Add(1)), nil
	}
	return []byte(`{}`), nil
}

func (*WidgetV2Storage) Hub() {}

// --- deep copies, as deepcopy-gen would write them ---

func (w *WidgetV1) DeepCopyObject() runtime.Object        { return deepCopy(w) }
func (w *WidgetV1Storage) DeepCopyObject() runtime.Object { return deepCopy(w) }
func (w *WidgetV2) DeepCopyObject() runtime.Object        { return deepCopy(w) }
func (w *WidgetV2Storage) DeepCopyObject() runtime.Object { return deepCopy(w) }

// deepCopy copies by reflection; enough for these types, whose only
// unexported fields are inside metav1.Time.
func deepCopy[T any](in *T) *T {
	out := new(T)
	copyValue(reflect.ValueOf(out).Elem(), reflect.ValueOf(in).Elem())
	return out
}

func copyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			p := reflect.New(src.Type().Elem())
			copyValue(p.Elem(), src.Elem())
			dst.Set(p)
		}
	case reflect.Slice:
		if !src.IsNil() {
			s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
			for i := range src.Len() {
				copyValue(s.Index(i), src.Index(i))
			}
			dst.Set(s)
		}
	case reflect.Map:
		if !src.IsNil() {
			m := reflect.MakeMapWithSize(src.Type(), src.Len())
			for it := src.MapRange(); it.Next(); {
				e := reflect.New(src.Type().Elem()).Elem()
				copyValue(e, it.Value())
				m.SetMapIndex(it.Key(), e)
			}
			dst.Set(m)
		}
	case reflect.Struct:
		dst.Set(src)
		for i := range src.NumField() {
			if src.Type().Field(i).IsExported() {
				copyValue(dst.Field(i), src.Field(i))
			}
		}
	default:
		dst.Set(src)
	}
}

// --- conversions: the one-line methods of generated code ---

func (w *WidgetV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(w, h, w.assignTo) }
func (w *WidgetV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(w, h, w.assignFrom) }
func (w *WidgetV1) NextVersion() runtime.Object        { return &WidgetV1Storage{} }

func (w *WidgetV1Storage) ConvertTo(h conversion.Hub) error { return convert.ToHub(w, h, w.assignTo) }
func (w *WidgetV1Storage) ConvertFrom(h conversion.Hub) error {
	return convert.FromHub(w, h, w.assignFrom)
}
func (w *WidgetV1Storage) NextVersion() runtime.Object { return &WidgetV2Storage{} }

func (w *WidgetV2) ConvertTo(h conversion.Hub) error {
	if err := convert.ToHub(w, h, w.assignTo); err != nil {
		return err
	}
	if activeBug() == bugSharesSlice {
		h.(*WidgetV2Storage).Spec.Tags = w.Spec.Tags // the bug: the hub shares the source's slice
	}
	return nil
}
func (w *WidgetV2) ConvertFrom(h conversion.Hub) error {
	hub := h.(*WidgetV2Storage)
	if activeBug() == bugFromMutatesHub {
		slices.Reverse(hub.Spec.Tags) // the bug: reorders the hub's slice in place
	}
	if err := convert.FromHub(w, h, w.assignFrom); err != nil {
		return err
	}
	if activeBug() == bugFromSharesHub {
		w.Spec.Labels = hub.Spec.Labels // the bug: the result shares the hub's map
	}
	return nil
}
func (w *WidgetV2) NextVersion() runtime.Object { return &WidgetV2Storage{} }

func ptr[T any](v T) *T { return &v }

func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// v1 ⇄ v1storage: plain copies; slices, maps and pointers are shared, as
// convert.ToHub allows.

func (w *WidgetV1) assignTo(dst *WidgetV1Storage) error {
	s, d := &w.Spec, &dst.Spec
	d.FullName, d.Size, d.Ratio, d.Enabled, d.Mode = ptr(s.FullName), ptr(s.Size), ptr(s.Ratio), ptr(s.Enabled), ptr(string(s.Mode))
	d.Tags, d.Labels = s.Tags, s.Labels
	if s.Owner != nil {
		d.Owner = &OwnerV1Storage{Email: ptr(s.Owner.Email), Phone: s.Owner.Phone}
	}
	if s.Parts != nil {
		d.Parts = make([]PartV1Storage, len(s.Parts))
		for i, p := range s.Parts {
			d.Parts[i] = PartV1Storage{Name: ptr(p.Name), Weight: p.Weight, Counts: p.Counts}
		}
	}
	dst.Status = WidgetV1StorageStatus{Ready: ptr(w.Status.Ready), Message: w.Status.Message}
	return augment.AfterAssignTo(w, dst)
}

func (w *WidgetV1) assignFrom(src *WidgetV1Storage) error {
	s, d := &src.Spec, &w.Spec
	d.FullName, d.Size, d.Ratio, d.Enabled, d.Mode = deref(s.FullName), deref(s.Size), deref(s.Ratio), deref(s.Enabled), Mode(deref(s.Mode))
	d.Tags, d.Labels = s.Tags, s.Labels
	d.Owner = nil
	if s.Owner != nil {
		d.Owner = &OwnerV1{Email: deref(s.Owner.Email), Phone: s.Owner.Phone}
	}
	d.Parts = nil
	if s.Parts != nil {
		d.Parts = make([]PartV1, len(s.Parts))
		for i, p := range s.Parts {
			d.Parts[i] = PartV1{Name: deref(p.Name), Weight: p.Weight, Counts: p.Counts}
		}
	}
	w.Status = WidgetV1Status{Ready: deref(src.Status.Ready), Message: src.Status.Message}
	return augment.AfterAssignFrom(w, src)
}

// v1storage ⇄ v2storage: what v1storage lacks goes into its bags; FullName,
// which v2storage lacks, goes into the hub's bag for the hook to split.

func (w *WidgetV1Storage) assignTo(dst *WidgetV2Storage) error {
	s, d := &w.Spec, &dst.Spec
	bag := propertybag.New(s.PropertyBag)
	d.Size, d.Ratio, d.Enabled, d.Mode, d.Tags, d.Labels = s.Size, s.Ratio, s.Enabled, s.Mode, s.Tags, s.Labels
	var err error
	if d.Priority, err = propertybag.PullOptional[int](bag, "Priority"); err != nil {
		return err
	}
	if err := propertybag.AddOptional(&bag, "FullName", s.FullName); err != nil {
		return err
	}
	d.Owner = nil
	if s.Owner != nil {
		ob := propertybag.New(s.Owner.PropertyBag)
		verified, err := propertybag.PullOptional[bool](ob, "Verified")
		if err != nil {
			return err
		}
		d.Owner = &OwnerV2Storage{Email: s.Owner.Email, Phone: s.Owner.Phone, Verified: verified, PropertyBag: ob.NilIfEmpty()}
	}
	d.Parts = nil
	if s.Parts != nil {
		d.Parts = make([]PartV2Storage, len(s.Parts))
		for i, p := range s.Parts {
			pb := propertybag.New(p.PropertyBag)
			color, err := propertybag.PullOptional[string](pb, "Color")
			if err != nil {
				return err
			}
			d.Parts[i] = PartV2Storage{Name: p.Name, Weight: p.Weight, Counts: p.Counts, Color: color, PropertyBag: pb.NilIfEmpty()}
		}
	}
	sb := propertybag.New(w.Status.PropertyBag)
	observed, err := propertybag.PullOptional[int64](sb, "ObservedGeneration")
	if err != nil {
		return err
	}
	dst.Status = WidgetV2StorageStatus{Ready: w.Status.Ready, Message: w.Status.Message, ObservedGeneration: observed, PropertyBag: sb.NilIfEmpty()}
	d.PropertyBag = bag.NilIfEmpty()
	return augment.AfterAssignTo(w, dst)
}

func (w *WidgetV1Storage) assignFrom(src *WidgetV2Storage) error {
	s, d := &src.Spec, &w.Spec
	bag := propertybag.New(s.PropertyBag)
	d.Size, d.Ratio, d.Enabled, d.Mode, d.Tags, d.Labels = s.Size, s.Ratio, s.Enabled, s.Mode, s.Tags, s.Labels
	for name, value := range map[string]any{"Priority": s.Priority, "Given": s.Given, "Family": s.Family} {
		if !reflect.ValueOf(value).IsNil() {
			if err := bag.Add(name, value); err != nil {
				return err
			}
		} else {
			bag.Remove(name)
		}
	}
	var err error
	if d.FullName, err = propertybag.PullOptional[string](bag, "FullName"); err != nil {
		return err
	}
	d.Owner = nil
	if s.Owner != nil {
		ob := propertybag.New(s.Owner.PropertyBag)
		if err := propertybag.AddOptional(&ob, "Verified", s.Owner.Verified); err != nil {
			return err
		}
		d.Owner = &OwnerV1Storage{Email: s.Owner.Email, Phone: s.Owner.Phone, PropertyBag: ob.NilIfEmpty()}
	}
	d.Parts = nil
	if s.Parts != nil {
		d.Parts = make([]PartV1Storage, len(s.Parts))
		for i, p := range s.Parts {
			pb := propertybag.New(p.PropertyBag)
			if err := propertybag.AddOptional(&pb, "Color", p.Color); err != nil {
				return err
			}
			d.Parts[i] = PartV1Storage{Name: p.Name, Weight: p.Weight, Counts: p.Counts, PropertyBag: pb.NilIfEmpty()}
		}
	}
	sb := propertybag.New(src.Status.PropertyBag)
	if err := propertybag.AddOptional(&sb, "ObservedGeneration", src.Status.ObservedGeneration); err != nil {
		return err
	}
	w.Status = WidgetV1StorageStatus{Ready: src.Status.Ready, Message: src.Status.Message, PropertyBag: sb.NilIfEmpty()}
	d.PropertyBag = bag.NilIfEmpty()
	return augment.AfterAssignFrom(w, src)
}

// v2 ⇄ v2storage.

func (w *WidgetV2) assignTo(dst *WidgetV2Storage) error {
	s, d := &w.Spec, &dst.Spec
	d.Given, d.Family, d.Size, d.Ratio, d.Enabled, d.Mode = ptr(s.Given), ptr(s.Family), ptr(s.Size), ptr(s.Ratio), ptr(s.Enabled), ptr(string(s.Mode))
	d.Tags, d.Labels, d.Priority = s.Tags, s.Labels, s.Priority
	if s.Owner != nil {
		d.Owner = &OwnerV2Storage{Email: ptr(s.Owner.Email), Phone: s.Owner.Phone, Verified: ptr(s.Owner.Verified)}
	}
	if s.Parts != nil {
		d.Parts = make([]PartV2Storage, len(s.Parts))
		for i, p := range s.Parts {
			d.Parts[i] = PartV2Storage{Name: ptr(p.Name), Weight: p.Weight, Counts: p.Counts, Color: ptr(p.Color)}
		}
	}
	dst.Status = WidgetV2StorageStatus{Ready: ptr(w.Status.Ready), Message: w.Status.Message, ObservedGeneration: ptr(w.Status.ObservedGeneration)}
	return augment.AfterAssignTo(w, dst)
}

func (w *WidgetV2) assignFrom(src *WidgetV2Storage) error {
	s, d := &src.Spec, &w.Spec
	d.Given, d.Family, d.Size, d.Ratio, d.Enabled, d.Mode = deref(s.Given), deref(s.Family), deref(s.Size), deref(s.Ratio), deref(s.Enabled), Mode(deref(s.Mode))
	d.Tags, d.Labels, d.Priority = s.Tags, s.Labels, s.Priority
	d.Owner = nil
	if s.Owner != nil {
		d.Owner = &OwnerV2{Email: deref(s.Owner.Email), Phone: s.Owner.Phone, Verified: deref(s.Owner.Verified)}
	}
	d.Parts = nil
	if s.Parts != nil {
		d.Parts = make([]PartV2, len(s.Parts))
		for i, p := range s.Parts {
			d.Parts[i] = PartV2{Name: deref(p.Name), Weight: p.Weight, Counts: p.Counts, Color: deref(p.Color)}
		}
	}
	w.Status = WidgetV2Status{Ready: deref(src.Status.Ready), Message: src.Status.Message, ObservedGeneration: deref(src.Status.ObservedGeneration)}
	return augment.AfterAssignFrom(w, src)
}

// --- the hand-written hooks of v1storage (augment.AssignableTo/From) ---

// splitName splits at the first space; joinName is its inverse for every
// name that does not end in its first space.
func splitName(full string) (given, family string) {
	sep := " "
	if activeBug() == bugGoldenChange {
		sep = "," // the bug: a changed hook, which only the golden files notice
	}
	given, family, _ = strings.Cut(full, sep)
	return given, family
}

func joinName(given, family string) string {
	if family == "" {
		return given
	}
	return given + " " + family
}

// AssignPropertiesTo splits the full name (stashed in the hub's bag by the
// generated copy) into Given and Family. A name that does not split back to
// itself stays in the bag as well, so the way back restores it exactly.
func (w *WidgetV1Storage) AssignPropertiesTo(dst *WidgetV2Storage) error {
	if activeBug() == bugMutatesSource {
		slices.Sort(w.Spec.Tags) // the bug: sorts the receiver's (shared) slice in place
	}
	full, err := propertybag.PullOptional[string](dst.Spec.PropertyBag, "FullName")
	if err != nil || full == nil {
		return err
	}
	given, family := splitName(*full)
	dst.Spec.Given, dst.Spec.Family = &given, &family
	if joinName(given, family) != *full && activeBug() != bugHookDropsStash {
		if err := dst.Spec.PropertyBag.Add("FullName", *full); err != nil {
			return err
		}
	}
	dst.Spec.PropertyBag = dst.Spec.PropertyBag.NilIfEmpty()
	return nil
}

// AssignPropertiesFrom joins Given and Family (stashed in v1storage's bag by
// the generated copy) into the full name, unless the bag restored a full name
// that still splits into them.
func (w *WidgetV1Storage) AssignPropertiesFrom(src *WidgetV2Storage) error {
	switch activeBug() {
	case bugPriorityErrors:
		if p := src.Spec.Priority; p != nil && *p < 0 {
			return errors.New("v1 cannot represent a negative priority")
		}
	case bugPanics:
		if len(src.Spec.Tags) > 0 {
			_ = *src.Spec.Owner.Email // the bug: no nil checks
		}
	}
	given, err := propertybag.PullOptional[string](w.Spec.PropertyBag, "Given")
	if err != nil {
		return err
	}
	family, err := propertybag.PullOptional[string](w.Spec.PropertyBag, "Family")
	if err != nil {
		return err
	}
	if w.Spec.FullName != nil {
		g, f := splitName(*w.Spec.FullName)
		if given == nil || family == nil || g != *given || f != *family {
			w.Spec.FullName = nil // stale: Given or Family changed since
		}
	}
	if w.Spec.FullName == nil && (given != nil || family != nil) {
		w.Spec.FullName = ptr(joinName(deref(given), deref(family)))
	}
	w.Spec.PropertyBag = w.Spec.PropertyBag.NilIfEmpty()
	return nil
}

// --- switchable bugs ---

type bug int32

const (
	noBug             bug = iota
	bugHookDropsStash     // the To hook forgets to keep a name that does not split cleanly
	bugSharesSlice        // v2 → hub leaves the hub sharing Tags with the source
	bugMutatesSource      // the To hook sorts the receiver's tags in place
	bugPriorityErrors     // the From hook rejects negative priorities
	bugPanics             // the From hook dereferences a nil owner
	bugUnstableJSON       // the hub's Stamp encodes differently each time
	bugGoldenChange       // the hooks split names at commas
	bugFromMutatesHub     // v2's ConvertFrom reverses the hub's tags in place
	bugFromSharesHub      // v2's ConvertFrom leaves the result sharing the hub's labels
)

var currentBug atomic.Int32

func activeBug() bug { return bug(currentBug.Load()) }

// withBug switches a bug on for the rest of the test. Tests that use it
// must not run in parallel.
func withBug(t testing.TB, b bug) {
	t.Helper()
	currentBug.Store(int32(b))
	t.Cleanup(func() { currentBug.Store(int32(noBug)) })
}
