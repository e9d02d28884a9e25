package convtest_test

import (
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/convert/convtest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// Lamp is a third test resource, for the marks hooks keep in a bag under
// names of their own: an API version v1 with a color, and the hub,
// v1storage, with the color and a list of colors whose first is the
// color (Service's clusterIP and clusterIPs), which the API version v2
// shows as the hub does. v1 carries the hub's colors
// in its bags annotation; a v1 client that changes the color replaces the
// colors with it. Where the hub's colors do not begin with its color (an
// object written around that rule), v1 also carries the hub's color as a
// string mark, ColorOfColors, which no type has a field for: the way back
// compares the client's color with it to tell a change.

var lampGK = schema.GroupKind{Group: "convtest.hubspoke.dev", Kind: "Lamp"}

func lampScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(lampGK.WithVersion("v1"), &LampV1{})
	s.AddKnownTypeWithName(lampGK.WithVersion("v1storage"), &LampV1Storage{})
	s.AddKnownTypeWithName(lampGK.WithVersion("v2"), &LampV2{})
	return s
}

type LampV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              LampV1Spec `json:"spec"`
}

type LampV1Spec struct {
	Color string `json:"color,omitempty"`
}

type LampV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              LampV1StorageSpec `json:"spec"`
}

type LampV1StorageSpec struct {
	Color       *string                 `json:"color,omitempty"`
	Colors      []string                `json:"colors,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

func (*LampV1Storage) Hub() {}

type LampV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              LampV2Spec `json:"spec"`
}

type LampV2Spec struct {
	Color  *string  `json:"color,omitempty"`
	Colors []string `json:"colors,omitempty"`
}

func (l *LampV2) DeepCopyObject() runtime.Object { return deepCopy(l) }

func (l *LampV2) ConvertTo(h conversion.Hub) error   { return convert.ToHub(l, h) }
func (l *LampV2) ConvertFrom(h conversion.Hub) error { return convert.FromHub(l, h) }
func (l *LampV2) Link() convert.Link {
	return convert.LinkTo((*LampV2).assignTo, (*LampV2).assignFrom)
}

func (l *LampV2) assignTo(dst *LampV1Storage) error {
	dst.Spec = LampV1StorageSpec{Color: l.Spec.Color, Colors: l.Spec.Colors}
	var bags boundary.Carrier
	if err := bags.Open(l.Annotations, nil); err != nil {
		return err
	}
	for bags.Next() {
		bags.Bag("spec", &dst.Spec.PropertyBag)
	}
	return bags.Done(&dst.ObjectMeta, nil)
}

func (l *LampV2) assignFrom(src *LampV1Storage) error {
	l.Spec = LampV2Spec{Color: src.Spec.Color, Colors: src.Spec.Colors}
	bag := src.Spec.PropertyBag.DeepCopy()
	var bags boundary.Carrier
	bags.Bag("spec", &bag)
	return bags.Done(&l.ObjectMeta, nil)
}

func (l *LampV1) DeepCopyObject() runtime.Object        { return deepCopy(l) }
func (l *LampV1Storage) DeepCopyObject() runtime.Object { return deepCopy(l) }

func (l *LampV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(l, h) }
func (l *LampV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(l, h) }
func (l *LampV1) Link() convert.Link {
	return convert.LinkTo((*LampV1).assignTo, (*LampV1).assignFrom)
}

const colorOfColors = "ColorOfColors"

func (l *LampV1) assignTo(dst *LampV1Storage) error {
	d := &dst.Spec
	d.Color = nil
	if l.Spec.Color != "" {
		d.Color = &l.Spec.Color
	}
	var bag propertybag.PropertyBag
	var bags boundary.Carrier
	if err := bags.Open(l.Annotations, nil); err != nil {
		return err
	}
	for bags.Next() {
		bags.Bag("spec", &bag)
		if err := boundary.Restore(&bags, "spec", "color", &d.Color, l.Spec.Color == "", func(v *string) bool { return *v == "" }); err != nil {
			return err
		}
	}
	if err := bags.Done(&dst.ObjectMeta, nil); err != nil {
		return err
	}
	colors, err := propertybag.Pull[[]string](&bag, "Colors")
	if err != nil {
		return err
	}
	was, err := propertybag.Pull[string](&bag, colorOfColors)
	if err != nil {
		return err
	}
	d.Colors, d.PropertyBag = deref(colors), bag
	if len(d.Colors) == 0 {
		return nil
	}
	before := d.Colors[0]
	if was != nil {
		before = *was
	}
	if l.Spec.Color != before {
		d.Colors = nil // changed: the colors follow
		if l.Spec.Color != "" {
			d.Colors = []string{l.Spec.Color}
		}
	}
	return nil
}

func (l *LampV1) assignFrom(src *LampV1Storage) error {
	s := &src.Spec
	l.Spec.Color = deref(s.Color)
	bag := s.PropertyBag.DeepCopy()
	if len(s.Colors) > 0 {
		if err := propertybag.Add(&bag, "Colors", &s.Colors); err != nil {
			return err
		}
		if s.Colors[0] != l.Spec.Color {
			if err := propertybag.Add(&bag, colorOfColors, &l.Spec.Color); err != nil {
				return err
			}
		}
	}
	var bags boundary.Carrier
	bags.Bag("spec", &bag)
	if s.Color != nil && *s.Color == "" {
		if err := bags.Twin("spec", "color", s.Color); err != nil {
			return err
		}
	}
	return bags.Done(&l.ObjectMeta, nil)
}

// The healthy Lamp passes every check (in ASO's string format too:
// TestASOStringsMarks).
func TestLamp(t *testing.T) {
	convtest.RoundTripAll(t, lampScheme(), lampGK, raceCases()...)
	convtest.Reliability(t, lampScheme(), lampGK, raceCases()...)
}
