package convtest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/genruntime"
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
// Part.Color, Zone.Region, Status.ObservedGeneration and Status.LastSeen,
// which v1storage keeps in its property bags: at the top of spec and status,
// in a struct behind a pointer (Owner), in list elements (Parts) and in map
// values (Zones). The API versions v1 and v2 carry the bags of
// their storage twins as generated code does (reflectbags.Stash and
// reflectbags.Recall; status bags in Status.PropertyBags), so that an update through
// either loses nothing. Switchable bugs (withBug) break the chain in the
// ways the kit must catch.

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
	Zones    map[string]ZoneV1 `json:"zones,omitempty"`
}

type ZoneV1 struct {
	Replicas int32 `json:"replicas,omitempty"`
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
	Ready        bool             `json:"ready,omitempty"`
	Message      *string          `json:"message,omitempty"`
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

// --- v1storage ---

type WidgetV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetV1StorageSpec   `json:"spec,omitempty"`
	Status            WidgetV1StorageStatus `json:"status,omitempty"`
}

type WidgetV1StorageSpec struct {
	FullName    *string                  `json:"fullName,omitempty"`
	Size        *int32                   `json:"size,omitempty"`
	Ratio       *float64                 `json:"ratio,omitempty"`
	Enabled     *bool                    `json:"enabled,omitempty"`
	Mode        *string                  `json:"mode,omitempty"`
	Tags        []string                 `json:"tags,omitempty"`
	Labels      map[string]string        `json:"labels,omitempty"`
	Owner       *OwnerV1Storage          `json:"owner,omitempty"`
	Parts       []PartV1Storage          `json:"parts,omitempty"`
	Zones       map[string]ZoneV1Storage `json:"zones,omitempty"`
	PropertyBag propertybag.PropertyBag  `json:"$propertyBag,omitempty"`
}

type ZoneV1Storage struct {
	Replicas    *int32                  `json:"replicas,omitempty"`
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
	Zones    map[string]ZoneV2 `json:"zones,omitempty"`
	Priority *int              `json:"priority,omitempty"`
}

type ZoneV2 struct {
	Replicas int32  `json:"replicas,omitempty"`
	Region   string `json:"region,omitempty"`
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
	Ready              bool             `json:"ready,omitempty"`
	Message            *string          `json:"message,omitempty"`
	ObservedGeneration int64            `json:"observedGeneration,omitempty"`
	LastSeen           *Instant         `json:"lastSeen,omitempty"`
	PropertyBags       propertybag.Bags `json:"$propertyBags,omitempty"`
}

// Instant is a point in time with a JSON encoding of its own, RFC 3339 in
// UTC with nanoseconds (null when zero), as metav1.Time has one with whole
// seconds. bugInstantSeconds makes it encode whole seconds too: in memory
// nothing changes, but the hub's nanoseconds do not survive the JSON that
// takes a v2 object to a client.
type Instant struct{ time.Time }

func (i Instant) MarshalJSON() ([]byte, error) {
	if i.IsZero() {
		return []byte("null"), nil
	}
	layout := time.RFC3339Nano
	if activeBug() == bugInstantSeconds {
		layout = time.RFC3339
	}
	return json.Marshal(i.UTC().Format(layout))
}

func (i *Instant) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		i.Time = time.Time{}
		return nil
	}
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return err
	}
	t, err := time.Parse(time.RFC3339Nano, text)
	if err != nil {
		return err
	}
	i.Time = t
	return nil
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
	Given       *string                  `json:"given,omitempty"`
	Family      *string                  `json:"family,omitempty"`
	Size        *int32                   `json:"size,omitempty"`
	Ratio       *float64                 `json:"ratio,omitempty"`
	Enabled     *bool                    `json:"enabled,omitempty"`
	Mode        *string                  `json:"mode,omitempty"`
	Tags        []string                 `json:"tags,omitempty"`
	Labels      map[string]string        `json:"labels,omitempty"`
	Owner       *OwnerV2Storage          `json:"owner,omitempty"`
	Parts       []PartV2Storage          `json:"parts,omitempty"`
	Zones       map[string]ZoneV2Storage `json:"zones,omitempty"`
	Priority    *int                     `json:"priority,omitempty"`
	PropertyBag propertybag.PropertyBag  `json:"$propertyBag,omitempty"`
}

type ZoneV2Storage struct {
	Replicas    *int32                  `json:"replicas,omitempty"`
	Region      *string                 `json:"region,omitempty"`
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
	LastSeen           *int64                  `json:"lastSeen,omitempty"` // nanoseconds since the epoch
	PropertyBag        propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

// Stamp has its own JSON encoding (a type the generator leaves alone);
// bugUnstableJSON makes it encode differently every time, bugReorderedJSON
// differently once decoded (the same members in another order), and
// bugStampPanics makes encoding it panic.
type Stamp struct {
	Decoded bool `json:"-"` // set by UnmarshalJSON
}

var stamps atomic.Int64

func (s Stamp) MarshalJSON() ([]byte, error) {
	switch activeBug() {
	case bugUnstableJSON:
		return fmt.Appendf(nil, `{"n":%d}`, stamps.Add(1)), nil
	case bugReorderedJSON:
		if s.Decoded {
			return []byte(`{"b":2,"a":1}`), nil
		}
		return []byte(`{"a":1,"b":2}`), nil
	case bugStampPanics:
		panic("stamp: out of ink")
	}
	return []byte(`{}`), nil
}

func (s *Stamp) UnmarshalJSON([]byte) error {
	s.Decoded = true
	return nil
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

func (w *WidgetV1) ConvertTo(h conversion.Hub) error {
	if err := convert.ToHub(w, h); err != nil {
		return err
	}
	if activeBug() == bugNaNIntoSource && w.Spec.Ratio != 0 {
		w.Spec.Ratio = math.NaN() // the bug: "marks" the source's ratio as converted
	}
	return nil
}
func (w *WidgetV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(w, h) }
func (w *WidgetV1) Link() convert.Link {
	return convert.LinkTo((*WidgetV1).assignTo, (*WidgetV1).assignFrom)
}

func (w *WidgetV1Storage) ConvertTo(h conversion.Hub) error { return convert.ToHub(w, h) }
func (w *WidgetV1Storage) ConvertFrom(h conversion.Hub) error {
	return convert.FromHub(w, h)
}
func (w *WidgetV1Storage) Link() convert.Link {
	return convert.LinkTo((*WidgetV1Storage).assignTo, (*WidgetV1Storage).assignFrom)
}

func (w *WidgetV2) ConvertTo(h conversion.Hub) error {
	if err := convert.ToHub(w, h); err != nil {
		return err
	}
	if activeBug() == bugSharesSlice {
		h.(*WidgetV2Storage).Spec.Tags = w.Spec.Tags // the bug: the hub shares the source's slice
	}
	return nil
}
func (w *WidgetV2) ConvertFrom(h conversion.Hub) error {
	hub := h.(*WidgetV2Storage)
	switch activeBug() {
	case bugFromMutatesHub:
		slices.Reverse(hub.Spec.Tags) // the bug: reorders the hub's slice in place
	case bugFromMutatesHubPart:
		for _, p := range hub.Spec.Parts { // the bug: renames a part of the hub in place, through its pointer
			if p.Name != nil {
				*p.Name += "~"
				break
			}
		}
	case bugFromMutatesHubZone:
		for _, z := range hub.Spec.Zones { // the bug: changes a zone of the hub in place, through its pointer
			if z.Replicas != nil {
				*z.Replicas++
				break
			}
		}
	}
	if err := convert.FromHub(w, h); err != nil {
		return err
	}
	switch activeBug() {
	case bugFromSharesHub:
		w.Spec.Labels = hub.Spec.Labels // the bug: the result shares the hub's map
	case bugBagsShareHub:
		if hub.Status.PropertyBag != nil {
			w.Status.PropertyBags = propertybag.Bags{"status": hub.Status.PropertyBag} // the bug: the hub's own bag
		}
	}
	return nil
}
func (w *WidgetV2) Link() convert.Link {
	return convert.LinkTo((*WidgetV2).assignTo, (*WidgetV2).assignFrom)
}

func ptr[T any](v T) *T { return &v }

// nz is what generated code copies a plain field of an API version into a
// pointer of a storage version with: nil for the zero value, which the API
// version cannot tell from no value.
func nz[T comparable](v T) *T { return genruntime.PtrIfNotZero(v) }

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
	d.FullName, d.Size, d.Ratio, d.Enabled, d.Mode = nz(s.FullName), ptr(s.Size), nz(s.Ratio), nz(s.Enabled), nz(string(s.Mode))
	d.Tags, d.Labels = s.Tags, s.Labels
	if activeBug() == bugRatioFloat32 {
		d.Ratio = nz(float64(float32(s.Ratio))) // the bug: the ratio keeps float32 precision
	}
	dst.Status = WidgetV1StorageStatus{Ready: nz(w.Status.Ready), Message: w.Status.Message}
	if activeBug() == bugLosesNestedBag {
		// The bug: the bags come back before the owner, the parts and the
		// zones are copied, so theirs have no place to go and are dropped.
		if err := reflectbags.Recall(dst, w); err != nil {
			return err
		}
	}
	if s.Owner != nil {
		d.Owner = &OwnerV1Storage{Email: nz(s.Owner.Email), Phone: s.Owner.Phone}
	}
	if s.Parts != nil {
		d.Parts = make([]PartV1Storage, len(s.Parts))
		for i, p := range s.Parts {
			d.Parts[i] = PartV1Storage{Name: ptr(p.Name), Weight: p.Weight, Counts: p.Counts}
		}
	}
	if s.Zones != nil {
		d.Zones = make(map[string]ZoneV1Storage, len(s.Zones))
		for k, z := range s.Zones {
			d.Zones[k] = ZoneV1Storage{Replicas: nz(z.Replicas)}
		}
	}
	switch activeBug() {
	case bugLosesNestedBag:
	case bugLosesStatusBags:
		// The bug: the status bags are not recalled.
		withoutStatus := *w
		withoutStatus.Status.PropertyBags = nil
		if err := reflectbags.Recall(dst, &withoutStatus); err != nil {
			return err
		}
	case bugIgnoresBadBags, bugBlanksBadBags:
		// The bug: a bags annotation that does not parse is ignored, or
		// replaced by bags of its own.
		recalled := *w
		if _, err := propertybag.UnmarshalBags(w.Annotations[boundary.Annotation]); err != nil {
			recalled.Annotations = nil
			if activeBug() == bugBlanksBadBags {
				recalled.Annotations = map[string]string{boundary.Annotation: `{"spec":{"blanked":true}}`}
			}
		}
		if err := reflectbags.Recall(dst, &recalled); err != nil {
			return err
		}
	case bugVagueBagsError:
		if err := reflectbags.Recall(dst, w); err != nil {
			return errors.New("convtest-chain: v1 cannot read what it carries") // the bug: the error names nothing
		}
	default:
		if err := reflectbags.Recall(dst, w); err != nil {
			return err
		}
	}
	return nil
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
	d.Zones = nil
	if s.Zones != nil {
		d.Zones = make(map[string]ZoneV1, len(s.Zones))
		for k, z := range s.Zones {
			d.Zones[k] = ZoneV1{Replicas: deref(z.Replicas)}
		}
	}
	w.Status = WidgetV1Status{Ready: deref(src.Status.Ready), Message: src.Status.Message}
	if err := reflectbags.Stash(w, src); err != nil {
		return err
	}
	return nil
}

// v1storage ⇄ v2storage: what v1storage lacks goes into its bags; FullName,
// which v2storage lacks, goes into the hub's bag for the hook to split.

func (w *WidgetV1Storage) assignTo(dst *WidgetV2Storage) error {
	s, d := &w.Spec, &dst.Spec
	bag := s.PropertyBag.DeepCopy()
	d.Size, d.Ratio, d.Enabled, d.Mode, d.Tags, d.Labels = s.Size, s.Ratio, s.Enabled, s.Mode, s.Tags, s.Labels
	var err error
	if d.Priority, err = propertybag.Pull[int](&bag, "Priority"); err != nil {
		switch activeBug() {
		case bugSwallowsPullError:
			d.Priority = nil // the bug: a priority that does not read as an int is ignored
		case bugBackRefusesVaguely, bugBackRefusesNaming:
			d.Priority = ptr(unreadPriority) // the hub takes it, for the way back to refuse
		case bugZeroesBadPriority:
			d.Priority = ptr(0) // the bug: a priority that does not read is no priority
		default:
			return err
		}
	}
	if d.Given, err = propertybag.Pull[string](&bag, "Given"); err != nil {
		return err
	}
	if d.Family, err = propertybag.Pull[string](&bag, "Family"); err != nil {
		return err
	}
	if err := propertybag.Add(&bag, "FullName", s.FullName); err != nil {
		return err
	}
	d.Owner = nil
	if s.Owner != nil {
		ob := s.Owner.PropertyBag.DeepCopy()
		verified, err := propertybag.Pull[bool](&ob, "Verified")
		if err != nil {
			return err
		}
		d.Owner = &OwnerV2Storage{Email: s.Owner.Email, Phone: s.Owner.Phone, Verified: verified, PropertyBag: ob}
	}
	d.Parts = nil
	if s.Parts != nil {
		d.Parts = make([]PartV2Storage, len(s.Parts))
		for i, p := range s.Parts {
			pb := p.PropertyBag.DeepCopy()
			color, err := propertybag.Pull[string](&pb, "Color")
			if err != nil {
				return err
			}
			d.Parts[i] = PartV2Storage{Name: p.Name, Weight: p.Weight, Counts: p.Counts, Color: color, PropertyBag: pb}
		}
	}
	d.Zones = nil
	if s.Zones != nil {
		d.Zones = make(map[string]ZoneV2Storage, len(s.Zones))
		for k, z := range s.Zones {
			zb := z.PropertyBag.DeepCopy()
			region, err := propertybag.Pull[string](&zb, "Region")
			if err != nil {
				return err
			}
			d.Zones[k] = ZoneV2Storage{Replicas: z.Replicas, Region: region, PropertyBag: zb}
		}
	}
	sb := w.Status.PropertyBag.DeepCopy()
	observed, err := propertybag.Pull[int64](&sb, "ObservedGeneration")
	if err != nil {
		return err
	}
	lastSeen, err := propertybag.Pull[int64](&sb, "LastSeen")
	if err != nil {
		return err
	}
	dst.Status = WidgetV2StorageStatus{Ready: w.Status.Ready, Message: w.Status.Message, ObservedGeneration: observed, LastSeen: lastSeen, PropertyBag: sb}
	d.PropertyBag = bag
	return w.AssignPropertiesTo(dst)
}

func (w *WidgetV1Storage) assignFrom(src *WidgetV2Storage) error {
	s, d := &src.Spec, &w.Spec
	bag := s.PropertyBag.DeepCopy()
	d.Size, d.Ratio, d.Enabled, d.Mode, d.Tags, d.Labels = s.Size, s.Ratio, s.Enabled, s.Mode, s.Tags, s.Labels
	if s.Priority != nil && *s.Priority == unreadPriority {
		switch activeBug() {
		case bugBackRefusesVaguely:
			return errors.New("convtest-chain: the hub holds what v1storage cannot take")
		case bugBackRefusesNaming:
			return errors.New(`convtest-chain: the hub's "Priority" was not an int`)
		}
	}
	if err := propertybag.Add(&bag, "Priority", s.Priority); err != nil {
		return err
	}
	for name, value := range map[string]*string{"Given": s.Given, "Family": s.Family} {
		if err := propertybag.Add(&bag, name, value); err != nil {
			return err
		}
	}
	var err error
	if d.FullName, err = propertybag.Pull[string](&bag, "FullName"); err != nil {
		return err
	}
	d.Owner = nil
	if s.Owner != nil {
		ob := s.Owner.PropertyBag.DeepCopy()
		if err := propertybag.Add(&ob, "Verified", s.Owner.Verified); err != nil {
			return err
		}
		d.Owner = &OwnerV1Storage{Email: s.Owner.Email, Phone: s.Owner.Phone, PropertyBag: ob}
	}
	d.Parts = nil
	if s.Parts != nil {
		d.Parts = make([]PartV1Storage, len(s.Parts))
		for i, p := range s.Parts {
			pb := p.PropertyBag.DeepCopy()
			if err := propertybag.Add(&pb, "Color", p.Color); err != nil {
				return err
			}
			d.Parts[i] = PartV1Storage{Name: p.Name, Weight: p.Weight, Counts: p.Counts, PropertyBag: pb}
		}
	}
	d.Zones = nil
	if s.Zones != nil {
		d.Zones = make(map[string]ZoneV1Storage, len(s.Zones))
		for k, z := range s.Zones {
			zb := z.PropertyBag.DeepCopy()
			if err := propertybag.Add(&zb, "Region", z.Region); err != nil {
				return err
			}
			d.Zones[k] = ZoneV1Storage{Replicas: z.Replicas, PropertyBag: zb}
		}
	}
	sb := src.Status.PropertyBag.DeepCopy()
	if err := propertybag.Add(&sb, "ObservedGeneration", src.Status.ObservedGeneration); err != nil {
		return err
	}
	if err := propertybag.Add(&sb, "LastSeen", src.Status.LastSeen); err != nil {
		return err
	}
	w.Status = WidgetV1StorageStatus{Ready: src.Status.Ready, Message: src.Status.Message, PropertyBag: sb}
	d.PropertyBag = bag
	return w.AssignPropertiesFrom(src)
}

// v2 ⇄ v2storage.

func (w *WidgetV2) assignTo(dst *WidgetV2Storage) error {
	s, d := &w.Spec, &dst.Spec
	d.Given, d.Family, d.Size, d.Ratio, d.Enabled, d.Mode = nz(s.Given), nz(s.Family), ptr(s.Size), nz(s.Ratio), nz(s.Enabled), nz(string(s.Mode))
	d.Tags, d.Labels, d.Priority = s.Tags, s.Labels, s.Priority
	if s.Owner != nil {
		d.Owner = &OwnerV2Storage{Email: nz(s.Owner.Email), Phone: s.Owner.Phone, Verified: nz(s.Owner.Verified)}
	}
	if s.Parts != nil {
		d.Parts = make([]PartV2Storage, len(s.Parts))
		for i, p := range s.Parts {
			d.Parts[i] = PartV2Storage{Name: ptr(p.Name), Weight: p.Weight, Counts: p.Counts, Color: nz(p.Color)}
		}
	}
	if s.Zones != nil {
		d.Zones = make(map[string]ZoneV2Storage, len(s.Zones))
		for k, z := range s.Zones {
			d.Zones[k] = ZoneV2Storage{Replicas: nz(z.Replicas), Region: nz(z.Region)}
		}
	}
	dst.Status = WidgetV2StorageStatus{Ready: nz(w.Status.Ready), Message: w.Status.Message, ObservedGeneration: nz(w.Status.ObservedGeneration)}
	if seen := w.Status.LastSeen; seen != nil && !seen.IsZero() {
		dst.Status.LastSeen = ptr(seen.UnixNano())
	}
	if err := reflectbags.Recall(dst, w); err != nil {
		return err
	}
	return nil
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
	d.Zones = nil
	if s.Zones != nil {
		d.Zones = make(map[string]ZoneV2, len(s.Zones))
		for k, z := range s.Zones {
			d.Zones[k] = ZoneV2{Replicas: deref(z.Replicas), Region: deref(z.Region)}
		}
	}
	w.Status = WidgetV2Status{Ready: deref(src.Status.Ready), Message: src.Status.Message, ObservedGeneration: deref(src.Status.ObservedGeneration)}
	if src.Status.LastSeen != nil {
		w.Status.LastSeen = &Instant{time.Unix(0, *src.Status.LastSeen).UTC()}
	}
	if err := reflectbags.Stash(w, src); err != nil {
		return err
	}
	if activeBug() == bugStashDropsTwin {
		return dropTwinEntries(w)
	}
	return nil
}

// dropTwinEntries is bugStashDropsTwin: it removes the $twin entries from
// the bags a v2 object carries, in its annotation and in its status.
func dropTwinEntries(w *WidgetV2) error {
	drop := func(bags propertybag.Bags) propertybag.Bags {
		for path, bag := range bags {
			delete(bag, "$twin")
			if len(bag) == 0 {
				delete(bags, path)
			}
		}
		if len(bags) == 0 {
			return nil
		}
		return bags
	}
	w.Status.PropertyBags = drop(w.Status.PropertyBags.DeepCopy())
	text, ok := w.Annotations[boundary.Annotation]
	if !ok {
		return nil
	}
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return err
	}
	annotations := maps.Clone(w.Annotations)
	delete(annotations, boundary.Annotation)
	if bags = drop(bags); bags != nil {
		if annotations[boundary.Annotation], err = propertybag.MarshalBags(bags); err != nil {
			return err
		}
	}
	if len(annotations) == 0 {
		annotations = nil
	}
	w.Annotations = annotations
	return nil
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
// generated copy) into Given and Family, unless Given and Family came back
// from the bag of v1storage and still join into it. A name that the way back
// would not restore (one that does not split back to itself, or the empty
// name) stays in the bag as well.
func (w *WidgetV1Storage) AssignPropertiesTo(dst *WidgetV2Storage) error {
	if activeBug() == bugMutatesSource {
		slices.Sort(w.Spec.Tags) // the bug: sorts the receiver's (shared) slice in place
	}
	full, err := propertybag.Pull[string](&dst.Spec.PropertyBag, "FullName")
	if err != nil {
		return err
	}
	if full == nil {
		// No name. Given and Family, if v1storage's bag still has them and
		// they make a name, were kept for a name a v1 client has since
		// removed.
		if joinName(deref(dst.Spec.Given), deref(dst.Spec.Family)) != "" {
			dst.Spec.Given, dst.Spec.Family = nil, nil
		}
		return nil
	}
	if (dst.Spec.Given != nil || dst.Spec.Family != nil) && joinName(deref(dst.Spec.Given), deref(dst.Spec.Family)) == *full {
		return nil // the exact Given and Family, kept in v1storage's bag
	}
	given, family := splitName(*full)
	kept := (dst.Spec.Given != nil || dst.Spec.Family != nil) && deref(dst.Spec.Given) == given && deref(dst.Spec.Family) == family
	if activeBug() == bugKeepsStaleName && (dst.Spec.Given != nil || dst.Spec.Family != nil) && !kept {
		return nil // the bug: kept names win over the full name a v1 client changed
	}
	if !kept {
		// Unless the split gives the Given and Family kept in v1storage's
		// bag (an empty one, which a client of the hub may write where the
		// split leaves none, stays as it was).
		dst.Spec.Given, dst.Spec.Family = genruntime.PtrIfNotZero(given), genruntime.PtrIfNotZero(family)
	}
	if (joinName(given, family) != *full || *full == "") && activeBug() != bugHookDropsStash {
		if err := propertybag.Add(&dst.Spec.PropertyBag, "FullName", full); err != nil {
			return err
		}
		if activeBug() == bugRestoresKeptSize {
			// The bug: v1's size kept beside the name, for the way back,
			// which brings it back whatever the hub holds by then.
			if err := propertybag.Add(&dst.Spec.PropertyBag, sizeOfV1, w.Spec.Size); err != nil {
				return err
			}
		}
	}
	return nil
}

// sizeOfV1 is where bugRestoresKeptSize keeps v1's size in the hub's bag.
const sizeOfV1 = "Size@v1"

// AssignPropertiesFrom joins Given and Family (stashed in v1storage's bag by
// the generated copy) into the full name, unless the bag restored a full name
// that still splits into them. Given and Family stay in the bag when
// splitting the full name would not give them back.
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
	if activeBug() == bugRestoresKeptSize {
		kept, err := propertybag.Pull[int32](&w.Spec.PropertyBag, sizeOfV1)
		if err != nil {
			return err
		}
		if kept != nil {
			w.Spec.Size = kept // the bug: over the hub's size, which a v2 client may have changed since
		}
	}
	given, err := propertybag.Get[string](w.Spec.PropertyBag, "Given")
	if err != nil {
		return err
	}
	family, err := propertybag.Get[string](w.Spec.PropertyBag, "Family")
	if err != nil {
		return err
	}
	if w.Spec.FullName != nil {
		g, f := splitName(*w.Spec.FullName)
		if g != deref(given) || f != deref(family) {
			w.Spec.FullName = nil // stale: Given or Family changed since
		}
	}
	if w.Spec.FullName == nil && (given != nil || family != nil) {
		w.Spec.FullName = genruntime.PtrIfNotZero(joinName(deref(given), deref(family)))
	}
	if w.Spec.FullName != nil {
		g, f := splitName(*w.Spec.FullName)
		if reflect.DeepEqual(genruntime.PtrIfNotZero(g), given) && reflect.DeepEqual(genruntime.PtrIfNotZero(f), family) {
			w.Spec.PropertyBag.Remove("Given") // the split gives them back
			w.Spec.PropertyBag.Remove("Family")
		}
	}
	return nil
}

// --- switchable bugs ---

type bug int32

const (
	noBug                 bug = iota
	bugHookDropsStash         // the To hook forgets to keep a name that does not split cleanly
	bugSharesSlice            // v2 → hub leaves the hub sharing Tags with the source
	bugMutatesSource          // the To hook sorts the receiver's tags in place
	bugPriorityErrors         // the From hook rejects negative priorities
	bugPanics                 // the From hook dereferences a nil owner
	bugUnstableJSON           // the hub's Stamp encodes differently each time
	bugGoldenChange           // the hooks split names at commas
	bugFromMutatesHub         // v2's ConvertFrom reverses the hub's tags in place
	bugFromMutatesHubPart     // v2's ConvertFrom renames a part of the hub through the pointer in its list element
	bugFromMutatesHubZone     // v2's ConvertFrom changes a zone of the hub through the pointer in its map value
	bugFromSharesHub          // v2's ConvertFrom leaves the result sharing the hub's labels
	bugLosesNestedBag         // v1 recalls its bags before copying the owner, parts and zones: their bags are lost
	bugInstantSeconds         // v2's Instant encodes whole seconds: the hub's nanoseconds are lost through JSON
	bugLosesStatusBags        // v1 does not recall the bags of its status
	bugBagsShareHub           // v2's ConvertFrom carries the hub's own status bag, shared
	bugReorderedJSON          // the hub's Stamp re-encodes its members in another order once decoded
	bugStampPanics            // encoding the hub's Stamp panics (outside any conversion)
	bugNaNIntoSource          // v1's ConvertTo overwrites the source's ratio with NaN
	bugRatioFloat32           // v1 → v1storage keeps the ratio with float32 precision
	bugClockKeepsZone         // Clock: v1 → hub parses times in any zone, which the hub's JSON drops
	bugTicksNil               // Clock: v1 → hub turns an empty list of ticks into nil
	bugClockWrongVersion      // Clock: v1 objects report the apiVersion v1beta1
	bugSwallowsPullError      // v1storage → v2storage ignores a priority in the bag that does not read as an int
	bugIgnoresBadBags         // v1 → v1storage ignores a bags annotation that does not parse
	bugKeepsStaleName         // v1storage → v2storage keeps the Given and Family it kept for v2 when a v1 client changed the full name
	bugRestoresKeptSize       // v1storage keeps its size beside a name it keeps in the hub's bag, and brings it back over the size a v2 client changed since
	bugBlanksBadBags          // v1 → v1storage replaces a bags annotation that does not parse with bags of its own
	bugBackRefusesVaguely     // v1storage → v2storage takes a priority in the bag that does not read as an int; the way back refuses it without naming it
	bugBackRefusesNaming      // as bugBackRefusesVaguely, but the way back's error names "Priority"
	bugStashDropsTwin         // v2's stash drops the $twin entries: what the hub held where v2 shows a zero is lost
	bugBagsByIndex            // Library, Queue: no fingerprint of a book (a job) matches when v1 recalls their bags, which land by index
	bugSparseFingerprints     // Library: v1 recalls with the fingerprints of the books with something carried only
	bugVagueBagsError         // v1 → v1storage refuses a bags annotation that does not parse with an error that does not name it
	bugZeroesBadPriority      // v1storage → v2storage takes a priority in the bag that does not read as an int as 0
)

// unreadPriority is the hub's priority where bugBackRefusesVaguely and
// bugBackRefusesNaming took one that did not read.
const unreadPriority = -7_777_777_777

// calls counts conversions by version and method ("clock.v1.ConvertTo"),
// so that tests can count the cases a check runs.
var calls sync.Map // string -> *atomic.Int64

func countCall(version, method string) {
	c, _ := calls.LoadOrStore(version+"."+method, new(atomic.Int64))
	c.(*atomic.Int64).Add(1)
}

// callCount returns how often version's method ran since the last reset.
func callCount(version, method string) int64 {
	c, ok := calls.Load(version + "." + method)
	if !ok {
		return 0
	}
	return c.(*atomic.Int64).Load()
}

func resetCalls() {
	calls.Range(func(key, _ any) bool {
		calls.Delete(key)
		return true
	})
}

var currentBug atomic.Int32

func activeBug() bug { return bug(currentBug.Load()) }

// withBug switches a bug on for the rest of the test. Tests that use it
// must not run in parallel.
func withBug(t testing.TB, b bug) {
	t.Helper()
	currentBug.Store(int32(b))
	t.Cleanup(func() { currentBug.Store(int32(noBug)) })
}

// The hooks the generated-style code above calls.
var (
	_ augment.AssignableTo[*WidgetV2Storage]   = (*WidgetV1Storage)(nil)
	_ augment.AssignableFrom[*WidgetV2Storage] = (*WidgetV1Storage)(nil)
)
