package convert_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// TestConverterLinkedVersionWithoutConvertible: a version that only
// declares a Link (bare has no ConvertTo or ConvertFrom) converts along it,
// both ways.
func TestConverterLinkedVersionWithoutConvertible(t *testing.T) {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(testGK.WithVersion("v1"), &bare{})
	s.AddKnownTypeWithName(testGK.WithVersion("v2"), &hubNode{})
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	h, err := c.ToVersion(&bare{Spec: spec{Name: "Mickey"}}, "v2")
	if err != nil {
		t.Fatalf("v1 → v2: %v", err)
	}
	if got := h.(*hubNode).Spec.Name; got != "Mickey" {
		t.Errorf("v1 → v2: name %q", got)
	}
	back, err := c.ToVersion(h, "v1")
	if err != nil {
		t.Fatalf("v2 → v1: %v", err)
	}
	if got := back.(*bare).Spec.Name; got != "Mickey" {
		t.Errorf("v2 → v1: name %q", got)
	}
}

var errOneWay = errors.New("cannot convert from the hub")

// oneWay converts to the hub, but never back.
type oneWay struct{ metav1.TypeMeta }

func (o *oneWay) DeepCopyObject() runtime.Object   { c := *o; return &c }
func (o *oneWay) ConvertTo(conversion.Hub) error   { return nil }
func (o *oneWay) ConvertFrom(conversion.Hub) error { return errOneWay }

// TestNewConverterChecksBothDirections: the start-up check converts each
// version to the hub and back, so a version that cannot come back from
// the hub fails NewConverter, named.
func TestNewConverterChecksBothDirections(t *testing.T) {
	s := chainScheme(1)
	s.AddKnownTypeWithName(testGK.WithVersion("v0"), &oneWay{})
	_, err := convert.NewConverter(s, testGK)
	if !errors.Is(err, errOneWay) || !strings.Contains(err.Error(), "start-up check of version v0") {
		t.Errorf("NewConverter with a version that cannot convert from the hub: %v", err)
	}
}

// TestConvertReplacesANonEmptyDestination: converting into a destination
// that already holds an object replaces all of it, its apiVersion and kind
// set to its version, as converting into an empty one does.
func TestConvertReplacesANonEmptyDestination(t *testing.T) {
	c, err := convert.NewConverter(chainScheme(4), testGK)
	if err != nil {
		t.Fatal(err)
	}
	src := sample(&c4v1{})
	want, err := c.ToVersion(src, "v3")
	if err != nil {
		t.Fatal(err)
	}
	dst := &c4v3{}
	dst.APIVersion, dst.Kind = "old.example/v9", "Old"
	dst.Labels = map[string]string{"old": "yes"}
	dst.Spec = spec{Name: "old", Email: "old@example.com", Tags: []string{"old"}}
	if err := c.Convert(src, dst); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, runtime.Object(dst)); diff != "" {
		t.Errorf("converting into a non-empty destination (-into a new one +into the old one):\n%s", diff)
	}
}

// ownKind keeps its apiVersion and kind in an ObjectKind of its own rather
// than a metav1.TypeMeta, and converts by hand, straight to the hub.
type ownKind struct {
	kind ownObjectKind
	Spec spec
}

type ownObjectKind struct{ gvk schema.GroupVersionKind }

func (k *ownObjectKind) SetGroupVersionKind(gvk schema.GroupVersionKind) { k.gvk = gvk }
func (k *ownObjectKind) GroupVersionKind() schema.GroupVersionKind       { return k.gvk }

func (o *ownKind) GetObjectKind() schema.ObjectKind { return &o.kind }
func (o *ownKind) DeepCopyObject() runtime.Object {
	c := *o
	c.Spec = o.Spec.clone()
	return &c
}
func (o *ownKind) ConvertTo(h conversion.Hub) error   { h.(*hubNode).Spec = o.Spec.clone(); return nil }
func (o *ownKind) ConvertFrom(h conversion.Hub) error { o.Spec = h.(*hubNode).Spec.clone(); return nil }

// TestConvertSetsTheTypeOfAnyObjectKind: a destination whose ObjectKind is
// not a metav1.TypeMeta also gets its apiVersion and kind.
func TestConvertSetsTheTypeOfAnyObjectKind(t *testing.T) {
	s := chainScheme(1) // v1, hub v2
	s.AddKnownTypeWithName(testGK.WithVersion("v0"), &ownKind{})
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	dst := &ownKind{}
	if err := c.Convert(sample(&hubNode{}), dst); err != nil {
		t.Fatal(err)
	}
	if got, want := dst.kind.gvk, testGK.WithVersion("v0"); got != want || dst.Spec.Name != "Mickey" {
		t.Errorf("converted into an object of its own ObjectKind: type %v, spec %+v; want type %v", got, dst.Spec, want)
	}
}

// toConvertible links to convertibleOnly, a plain controller-runtime
// Convertible with no Link of its own.
type toConvertible struct{ metav1.TypeMeta }
type convertibleOnly struct{ metav1.TypeMeta }

func (o *toConvertible) DeepCopyObject() runtime.Object   { c := *o; return &c }
func (o *convertibleOnly) DeepCopyObject() runtime.Object { c := *o; return &c }
func (*convertibleOnly) ConvertTo(conversion.Hub) error   { return nil }
func (*convertibleOnly) ConvertFrom(conversion.Hub) error { return nil }
func (*toConvertible) Link() convert.Link {
	return convert.LinkTo(func(*toConvertible, *convertibleOnly) error { return nil },
		func(*toConvertible, *convertibleOnly) error { return nil })
}

// TestNewConverterRefusesALinkToAVersionWithoutOne: the graph v1 → v2 → hub
// is valid (v2 converts straight to the hub), but the walk follows Links
// and v2 declares none, so NewConverter fails naming v1 and the type where
// the chain stops, rather than returning a Converter (or nothing) that
// cannot convert v1.
func TestNewConverterRefusesALinkToAVersionWithoutOne(t *testing.T) {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(testGK.WithVersion("v1"), &toConvertible{})
	s.AddKnownTypeWithName(testGK.WithVersion("v2"), &convertibleOnly{})
	s.AddKnownTypeWithName(testGK.WithVersion("v3"), &hubNode{})
	c, err := convert.NewConverter(s, testGK)
	if err == nil || c != nil {
		t.Fatalf("NewConverter = %v, %v; want no converter and an error", c, err)
	}
	for _, want := range []string{"version v1", "convert_test.convertibleOnly is not the hub and declares no Link"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}
