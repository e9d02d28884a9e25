package convtest_test

import (
	"maps"
	"time"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Clock is a second test resource, for what JSON does to objects: an API
// version v1 and its storage twin v1storage, the hub.
//
// v1 holds a time as RFC 3339 text; the hub parses the text into a
// metav1.Time when it is canonical (UTC, whole seconds: what the hub's JSON
// keeps) and keeps any other text as it is. Ticks has no omitempty, so its
// JSON tells nil (null) from empty ([]); Labels has omitempty, and v1 always
// has a map, empty where the hub has none, which its JSON does not show. Switchable bugs: bugClockKeepsZone
// parses any RFC 3339 text into the hub's time (in memory the zone is kept
// and the text comes back; through JSON it is lost), bugTicksNil drops an
// empty list of ticks to nil, bugClockWrongVersion makes v1 objects report
// a wrong apiVersion.

var clockGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Clock"}

func clockScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(clockGK.WithVersion("v1"), &ClockV1{})
	s.AddKnownTypeWithName(clockGK.WithVersion("v1storage"), &ClockV1Storage{})
	return s
}

type ClockV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ClockV1Spec `json:"spec"`
}

type ClockV1Spec struct {
	At     string            `json:"at,omitempty"` // RFC 3339
	Ticks  []int32           `json:"ticks"`
	Labels map[string]string `json:"labels,omitempty"`
}

type ClockV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ClockV1StorageSpec `json:"spec"`
}

type ClockV1StorageSpec struct {
	At     *metav1.Time      `json:"at,omitempty"`
	AtText *string           `json:"atText,omitempty"` // text that is not a canonical time
	Ticks  []int32           `json:"ticks"`
	Labels map[string]string `json:"labels,omitempty"`
}

func (*ClockV1Storage) Hub() {}

func (c *ClockV1) DeepCopyObject() runtime.Object        { return deepCopy(c) }
func (c *ClockV1Storage) DeepCopyObject() runtime.Object { return deepCopy(c) }

func (c *ClockV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(c, h) }
func (c *ClockV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(c, h) }
func (c *ClockV1) Link() convert.Link {
	return convert.LinkTo((*ClockV1).assignTo, (*ClockV1).assignFrom)
}

// GetObjectKind is metav1.TypeMeta's, unless bugClockWrongVersion is on.
func (c *ClockV1) GetObjectKind() schema.ObjectKind {
	if activeBug() == bugClockWrongVersion {
		return wrongVersion{&c.TypeMeta}
	}
	return &c.TypeMeta
}

// wrongVersion records every apiVersion it is given as v1beta1.
type wrongVersion struct{ *metav1.TypeMeta }

func (w wrongVersion) SetGroupVersionKind(gvk schema.GroupVersionKind) {
	if !gvk.Empty() {
		gvk.Version = "v1beta1"
	}
	w.TypeMeta.SetGroupVersionKind(gvk)
}

// assignTo and assignFrom count their calls (see countCall) as "ConvertTo"
// and "ConvertFrom": a check of Clock's v1 converts each way exactly once
// per case, outside the generator, through ConvertTo and ConvertFrom or
// through the Converter, which both walk the Link. The update check's
// conversions of objects whose bags annotation it corrupted, or that it
// edited as a client (Clock keeps both marks, in its metadata), are not
// counted.
func (c *ClockV1) assignTo(dst *ClockV1Storage) error {
	if c.Annotations[boundary.Annotation] != convtest.CorruptText && c.Annotations[convtest.EditAnnotation] == "" {
		countCall("clock.v1", "ConvertTo")
	}
	s, d := &c.Spec, &dst.Spec
	d.Ticks, d.Labels = s.Ticks, s.Labels
	if activeBug() == bugTicksNil && len(s.Ticks) == 0 {
		d.Ticks = nil // the bug: [] and null are the same, surely
	}
	t, err := time.Parse(time.RFC3339, s.At)
	switch {
	case err == nil && (t.UTC().Format(time.RFC3339) == s.At || activeBug() == bugClockKeepsZone):
		d.At = &metav1.Time{Time: t}
	case s.At != "":
		d.AtText = &s.At
	}
	// An empty text the hub held, which v1 shows as no time, comes back
	// from its $twin entry, as generated code keeps it.
	var bags boundary.Carrier
	if err := bags.Open(c.Annotations, nil); err != nil {
		return err
	}
	for bags.Next() {
		var none propertybag.PropertyBag
		bags.Bag("spec", &none)
		if err := boundary.Restore(&bags, "spec", "atText", &d.AtText, s.At == "", func(v *string) bool { return *v == "" }); err != nil {
			return err
		}
	}
	return bags.Done(&dst.ObjectMeta, nil)
}

func (c *ClockV1) assignFrom(src *ClockV1Storage) error {
	if src.Annotations[boundary.Annotation] != convtest.CorruptText && src.Annotations[convtest.EditAnnotation] == "" {
		countCall("clock.v1", "ConvertFrom")
	}
	s, d := &src.Spec, &c.Spec
	d.Ticks = s.Ticks
	// An empty map where the hub has none: the same on the wire, where
	// omitempty drops both, so no loss.
	d.Labels = maps.Clone(s.Labels)
	if d.Labels == nil {
		d.Labels = map[string]string{}
	}
	d.At = ""
	// The time first: a hub that has both (conversions never write both)
	// shows v1 its at, which v1 shows at the same path.
	switch {
	case s.At != nil && activeBug() == bugClockKeepsZone:
		d.At = s.At.Format(time.RFC3339) // in the zone the text had, in memory
	case s.At != nil:
		d.At = s.At.UTC().Format(time.RFC3339)
	case s.AtText != nil:
		d.At = *s.AtText
	}
	// A client of the hub may write an empty text, which v1 shows as no
	// time: kept in a $twin entry, as generated code keeps it.
	var bags boundary.Carrier
	if s.AtText != nil && d.At == "" {
		if err := bags.Twin("spec", "atText", s.AtText); err != nil {
			return err
		}
	}
	return bags.Done(&c.ObjectMeta, nil)
}
