package convert_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/hub"
	"github.com/hubspoke/hubspoke/internal/typename"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

func sample(o object) object {
	o.GetObjectMeta().SetName("mickey")
	o.GetObjectMeta().SetNamespace("disney")
	o.GetObjectMeta().SetUID(types.UID("1928"))
	o.GetObjectMeta().SetLabels(map[string]string{"app": "crm"})
	*o.spec() = spec{Name: "Mickey", Count: 3, Tags: []string{"mouse"}, Labels: map[string]string{"k": "v"}}
	return o
}

func TestToHubAndBack(t *testing.T) {
	for _, hops := range []int{1, 2, 4, 8} {
		t.Run(fmt.Sprintf("%d hops", hops), func(t *testing.T) {
			objs := chainObjects(hops)
			src := sample(objs[0])
			before := src.DeepCopyObject()
			h := &hubNode{}
			hooks.reset("")
			if err := src.(conversion.Convertible).ConvertTo(h); err != nil {
				t.Fatal(err)
			}
			if h.Spec.Hops != hops || h.Spec.Name != "Mickey" || h.Name != "mickey" || h.Labels["app"] != "crm" {
				t.Fatalf("hub after %d hops: %+v", hops, h)
			}
			// Each step copies, then runs its hook once, walking towards the hub.
			var want []string
			for i := hops; i >= 1; i-- {
				to := "hub"
				if i > 1 {
					to = fmt.Sprintf("h%d", i-1)
				}
				want = append(want, fmt.Sprintf("copy h%d->%s", i, to), fmt.Sprintf("hook to h%d->%s", i, to))
			}
			if diff := cmp.Diff(want, hooks.log()); diff != "" {
				t.Errorf("calls towards the hub (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(before, runtime.Object(src)); diff != "" {
				t.Errorf("ConvertTo modified its source:\n%s", diff)
			}

			back := chainObjects(hops)[0]
			hooks.reset("")
			if err := back.(conversion.Convertible).ConvertFrom(h); err != nil {
				t.Fatal(err)
			}
			if back.spec().Hops != 2*hops || back.GetObjectMeta().GetName() != "mickey" {
				t.Fatalf("back after %d hops: %+v", 2*hops, back)
			}
			// Walking away from the hub: the step nearest the hub first.
			want = want[:0]
			for i := 1; i <= hops; i++ {
				from := "hub"
				if i > 1 {
					from = fmt.Sprintf("h%d", i-1)
				}
				want = append(want, fmt.Sprintf("copy %s->h%d", from, i), fmt.Sprintf("hook from %s->h%d", from, i))
			}
			if diff := cmp.Diff(want, hooks.log()); diff != "" {
				t.Errorf("calls away from the hub (-want +got):\n%s", diff)
			}
			back.spec().Hops = 0
			if diff := cmp.Diff(before, runtime.Object(back)); diff != "" {
				t.Errorf("round trip lost data:\n%s", diff)
			}
		})
	}
}

func TestMetadataIsNotShared(t *testing.T) {
	for _, hops := range []int{1, 4} {
		src := sample(chainObjects(hops)[0])
		h := &hubNode{}
		if err := src.(conversion.Convertible).ConvertTo(h); err != nil {
			t.Fatal(err)
		}
		h.Labels["app"] = "changed"
		if src.GetObjectMeta().GetLabels()["app"] != "crm" {
			t.Fatalf("%d hops: hub shares labels with the source", hops)
		}
		back := chainObjects(hops)[0]
		if err := back.(conversion.Convertible).ConvertFrom(h); err != nil {
			t.Fatal(err)
		}
		back.GetObjectMeta().GetLabels()["app"] = "changed again"
		if h.Labels["app"] != "changed" {
			t.Fatalf("%d hops: spoke shares labels with the hub", hops)
		}
	}
}

// TestConvertKeepsTheDestinationsType: controller-runtime's webhook sets
// apiVersion and kind on the object it hands to ConvertTo and ConvertFrom;
// they come back as they were, whatever the source's.
func TestConvertKeepsTheDestinationsType(t *testing.T) {
	for _, hops := range []int{1, 4} {
		src := sample(chainObjects(hops)[0])
		src.GetObjectKind().SetGroupVersionKind(schema.GroupVersionKind{Group: "src.example", Version: "v0", Kind: "Source"})
		hubKind := schema.GroupVersionKind{Group: "example.com", Version: "hub", Kind: "Node"}
		h := &hubNode{}
		h.SetGroupVersionKind(hubKind)
		if err := src.(conversion.Convertible).ConvertTo(h); err != nil {
			t.Fatal(err)
		}
		if got := h.GroupVersionKind(); got != hubKind {
			t.Errorf("%d hops: ConvertTo set the hub's type to %v, want %v", hops, got, hubKind)
		}
		back := chainObjects(hops)[0]
		spokeKind := schema.GroupVersionKind{Group: "example.com", Version: "spoke", Kind: "Node"}
		back.GetObjectKind().SetGroupVersionKind(spokeKind)
		if err := back.(conversion.Convertible).ConvertFrom(h); err != nil {
			t.Fatal(err)
		}
		if got := back.GetObjectKind().GroupVersionKind(); got != spokeKind {
			t.Errorf("%d hops: ConvertFrom set the spoke's type to %v, want %v", hops, got, spokeKind)
		}
	}
}

func TestHookErrorsNameTheStep(t *testing.T) {
	src := sample(chainObjects(8)[0])
	hooks.reset("to:h3")
	err := src.(conversion.Convertible).ConvertTo(&hubNode{})
	if !errors.Is(err, errHook) {
		t.Fatalf("got %v", err)
	}
	// The first step that touches h3 (three hops from the hub) fails: c8v5 → c8v6. It is
	// named once, by the walk.
	step := "converting " + typename.Of(reflect.TypeFor[c8v5]()) + " to " + typename.Of(reflect.TypeFor[c8v6]()) + ": hook refused"
	if err.Error() != step {
		t.Errorf("error does not name the step c8v5 → c8v6 once:\n got %v\nwant %s", err, step)
	}
	if got := hooks.log(); slices.Contains(got, "hook to h2->h1") {
		t.Errorf("conversion went on after a failed hook: %v", got)
	}

	hooks.reset("from:h5")
	err = chainObjects(8)[0].(conversion.Convertible).ConvertFrom(&hubNode{})
	if !errors.Is(err, errHook) {
		t.Fatalf("got %v", err)
	}
	// Away from the hub, the step c8v4 → c8v5 is taken backwards, and
	// named in the direction the walk takes it.
	step = "converting " + typename.Of(reflect.TypeFor[c8v5]()) + " to " + typename.Of(reflect.TypeFor[c8v4]()) + ": hook refused"
	if err.Error() != step {
		t.Errorf("error does not name the step c8v5 → c8v4 once:\n got %v\nwant %s", err, step)
	}
	if got := hooks.log(); slices.Contains(got, "copy h5->h6") {
		t.Errorf("conversion went on after a failed hook: %v", got)
	}
	hooks.reset("")
}

func TestGraphFromScheme(t *testing.T) {
	for _, hops := range []int{1, 2, 4, 8} {
		g, err := convert.GraphFromSchemeForTest(chainScheme(hops), testGK)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("v%d", hops+1)
		if g.Hub() != want {
			t.Errorf("%d hops: hub %s, want %s", hops, g.Hub(), want)
		}
		if p, _ := g.Path("v1", g.Hub()); len(p)-1 != hops {
			t.Errorf("%d hops: graph says %v", hops, p)
		}
	}
}

func TestGraphFromSchemeErrors(t *testing.T) {
	t.Run("two hubs", func(t *testing.T) {
		s := chainScheme(2)
		s.AddKnownTypeWithName(testGK.WithVersion("v9"), &hubNode{})
		_, err := convert.GraphFromSchemeForTest(s, testGK)
		if !errors.Is(err, hub.ErrInvalidGraph) || !strings.Contains(err.Error(), "v3, v9") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("orphan version", func(t *testing.T) {
		s := chainScheme(2)
		s.AddKnownTypeWithName(testGK.WithVersion("v0"), &orphan{})
		_, err := convert.GraphFromSchemeForTest(s, testGK)
		if !errors.Is(err, hub.ErrInvalidGraph) || !strings.Contains(err.Error(), "v0") || !strings.Contains(err.Error(), testGK.String()) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("next version not registered", func(t *testing.T) {
		s := runtime.NewScheme()
		s.AddKnownTypeWithName(testGK.WithVersion("v1"), &c2v1{})
		s.AddKnownTypeWithName(testGK.WithVersion("v0"), &c4v1{})
		s.AddKnownTypeWithName(testGK.WithVersion("v3"), &hubNode{})
		_, err := convert.GraphFromSchemeForTest(s, testGK)
		if err == nil || !strings.Contains(err.Error(), "not registered") {
			t.Fatalf("got %v", err)
		}
		for _, want := range []string{"version v0: its Link", "version v1: its Link"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error does not report %q: %v", want, err)
			}
		}
	})
	t.Run("unusable Links", func(t *testing.T) {
		s := runtime.NewScheme()
		s.AddKnownTypeWithName(testGK.WithVersion("v1"), &zeroLink{})
		s.AddKnownTypeWithName(testGK.WithVersion("v2"), &wrongLink{})
		s.AddKnownTypeWithName(testGK.WithVersion("v3"), &toNumber{})
		s.AddKnownTypeWithName(testGK.WithVersion("v4"), &hubNode{})
		_, err := convert.GraphFromSchemeForTest(s, testGK)
		for _, want := range []string{
			"Thing.test.hubspoke.dev: version v1: convert_test.zeroLink.Link returns the zero Link",
			"Thing.test.hubspoke.dev: version v2: convert_test.wrongLink.Link declares a step from convert_test.bare",
			"Thing.test.hubspoke.dev: version v3: its Link leads to convert_test.number, which is not a runtime.Object",
		} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error does not report %q: %v", want, err)
			}
		}
	})
	t.Run("cycle", func(t *testing.T) {
		s := runtime.NewScheme()
		s.AddKnownTypeWithName(testGK.WithVersion("v1"), &loopA{})
		s.AddKnownTypeWithName(testGK.WithVersion("v2"), &loopB{})
		s.AddKnownTypeWithName(testGK.WithVersion("v3"), &hubNode{})
		_, err := convert.GraphFromSchemeForTest(s, testGK)
		if !errors.Is(err, hub.ErrInvalidGraph) || !strings.Contains(err.Error(), "v1 → v2 → v1") {
			t.Fatalf("got %v", err)
		}
		if _, err := convert.NewConverter(s, testGK); !errors.Is(err, hub.ErrInvalidGraph) {
			t.Fatalf("NewConverter accepted a cycle: %v", err)
		}
	})
}

// orphan is registered as a version but cannot convert at all.
type orphan struct{ metav1.TypeMeta }

func (o *orphan) DeepCopyObject() runtime.Object { c := *o; return &c }

// zeroLink returns the zero Link; wrongLink returns the Link of another
// type.
type zeroLink struct{ metav1.TypeMeta }
type wrongLink struct{ metav1.TypeMeta }

func (z *zeroLink) DeepCopyObject() runtime.Object  { c := *z; return &c }
func (w *wrongLink) DeepCopyObject() runtime.Object { c := *w; return &c }
func (*zeroLink) Link() convert.Link                { return convert.Link{} }
func (*wrongLink) Link() convert.Link               { return bareLink }

// loopA and loopB name each other as their next version.
type loopA struct{ metav1.TypeMeta }
type loopB struct{ metav1.TypeMeta }

func (l *loopA) DeepCopyObject() runtime.Object   { c := *l; return &c }
func (l *loopB) DeepCopyObject() runtime.Object   { c := *l; return &c }
func (l *loopA) ConvertTo(conversion.Hub) error   { return nil }
func (l *loopA) ConvertFrom(conversion.Hub) error { return nil }
func (l *loopB) ConvertTo(conversion.Hub) error   { return nil }
func (l *loopB) ConvertFrom(conversion.Hub) error { return nil }
func (l *loopA) Link() convert.Link {
	return convert.LinkTo(func(*loopA, *loopB) error { return nil }, func(*loopA, *loopB) error { return nil })
}
func (l *loopB) Link() convert.Link {
	return convert.LinkTo(func(*loopB, *loopA) error { return nil }, func(*loopB, *loopA) error { return nil })
}

func TestConverterAnyToAny(t *testing.T) {
	s := chainScheme(4) // v1 .. v4 spokes, v5 hub
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	versions := c.Graph().Versions()
	if len(versions) != 5 || c.Graph().Hub() != "v5" {
		t.Fatalf("versions %v hub %v", versions, c.Graph().Hub())
	}
	for _, from := range versions {
		for _, to := range versions {
			src, _ := s.New(testGK.WithVersion(from))
			sample(src.(object))
			before := src.DeepCopyObject()
			dst, err := c.ToVersion(src, to)
			if err != nil {
				t.Fatalf("%s → %s: %v", from, to, err)
			}
			if diff := cmp.Diff(before, src); diff != "" {
				t.Fatalf("%s → %s modified the source:\n%s", from, to, diff)
			}
			d := dst.(object)
			if got := dst.GetObjectKind().GroupVersionKind(); got != testGK.WithVersion(to) {
				t.Errorf("%s → %s: GVK %v", from, to, got)
			}
			m := d.GetObjectMeta()
			if m.GetName() != "mickey" || m.GetNamespace() != "disney" || m.GetUID() != "1928" {
				t.Errorf("%s → %s lost metadata: %+v", from, to, m)
			}
			m.GetLabels()["app"] = "changed"
			if src.(object).GetObjectMeta().GetLabels()["app"] != "crm" {
				t.Errorf("%s → %s: result shares metadata with the source", from, to)
			}
			want := before.(object).spec().clone()
			got := d.spec().clone()
			want.Hops, got.Hops = 0, 0
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s → %s changed the spec:\n%s", from, to, diff)
			}
		}
	}
}

func TestConverterFailureLeavesBothIntact(t *testing.T) {
	s := chainScheme(4)
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	src := sample(&c4v1{})
	before := src.DeepCopyObject()
	dst := sample(&c4v2{})
	dst.spec().Name = "untouched"
	dst.GetObjectKind().SetGroupVersionKind(testGK.WithVersion("v2"))
	dstBefore := dst.DeepCopyObject()
	hooks.reset("from:h3")
	defer hooks.reset("")
	err = c.Convert(src, dst)
	if !errors.Is(err, errHook) {
		t.Fatalf("got %v", err)
	}
	if !strings.HasPrefix(err.Error(), "hubspoke: converting Thing.test.hubspoke.dev from v1 to v2: converting convert_test.node[") {
		t.Errorf("error lacks context: %v", err)
	}
	if diff := cmp.Diff(before, runtime.Object(src)); diff != "" {
		t.Errorf("failed conversion modified the source:\n%s", diff)
	}
	if diff := cmp.Diff(dstBefore, runtime.Object(dst)); diff != "" {
		t.Errorf("failed conversion modified the destination:\n%s", diff)
	}
}

// TestConverterFailureLeavesEmptyDestinationEmpty: an empty destination is
// filled in place, and emptied again when the conversion fails part way.
func TestConverterFailureLeavesEmptyDestinationEmpty(t *testing.T) {
	s := chainScheme(4)
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	src := sample(&c4v1{})
	dst := &c4v2{}
	dst.APIVersion, dst.Kind = "test.hubspoke.dev/v2", "Thing" // as the webhook allocates it
	empty := dst.DeepCopyObject()
	hooks.reset("from:h3")
	defer hooks.reset("")
	if err := c.Convert(src, dst); !errors.Is(err, errHook) {
		t.Fatalf("got %v", err)
	}
	if diff := cmp.Diff(empty, runtime.Object(dst)); diff != "" {
		t.Errorf("failed conversion left the empty destination changed:\n%s", diff)
	}
	hooks.reset("")
	if err := c.Convert(src, dst); err != nil {
		t.Fatal(err)
	}
	if dst.APIVersion != "test.hubspoke.dev/v2" || dst.Kind != "Thing" || dst.spec().Name != src.spec().Name {
		t.Errorf("converted into the empty destination: %+v", dst)
	}
	if err := c.Convert(src, (*c4v2)(nil)); err == nil || !strings.Contains(err.Error(), "destination") {
		t.Errorf("nil destination: %v", err)
	}
}

// TestConverterTypeOfSeveralVersions: a Go type registered as two versions
// is the version its apiVersion names, and one outside the graph is an
// error, whether or not the destination is empty.
func TestConverterTypeOfSeveralVersions(t *testing.T) {
	s := chainScheme(4)
	s.AddKnownTypeWithName(testGK.WithVersion("v2b"), &c4v2{})
	s.AddKnownTypeWithName(testGK.WithVersion(runtime.APIVersionInternal), &orphan{})
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	src := sample(&c4v1{})
	for _, version := range []string{"v2", "v2b"} {
		got, err := c.ToVersion(src, version)
		if err != nil {
			t.Fatalf("to %s: %v", version, err)
		}
		if api := got.GetObjectKind().GroupVersionKind().Version; api != version {
			t.Errorf("converted to %s, apiVersion says %s", version, api)
		}
		back, err := c.ToVersion(got, "v1")
		if err != nil {
			t.Fatalf("%s back to v1: %v", version, err)
		}
		if diff := cmp.Diff(src.spec().Name, back.(*c4v1).spec().Name); diff != "" {
			t.Errorf("v1 → %s → v1 changed the name: %s", version, diff)
		}
	}
	if err := c.Convert(src, &c4v2{}); err == nil || !strings.Contains(err.Error(), "names none of them") {
		t.Errorf("a c4v2 without apiVersion: error = %v, want one saying its apiVersion names neither version", err)
	}
	// Its apiVersion must name one of its versions in the resource's group:
	// the version alone, or a version of the resource it is not, will not do.
	for _, apiVersion := range []string{"other.example/v2", "test.hubspoke.dev/v3"} {
		other := sample(&c4v2{}).(*c4v2)
		other.APIVersion, other.Kind = apiVersion, "Thing"
		if err := c.Convert(other, &c4v1{}); err == nil || !strings.Contains(err.Error(), "names none of them") {
			t.Errorf("a c4v2 of apiVersion %s: error = %v, want one saying its apiVersion names neither version", apiVersion, err)
		}
	}
	// A nil object of the shared type is an error, not a panic.
	if err := c.Convert((*c4v2)(nil), &c4v1{}); err == nil {
		t.Error("converting a nil *c4v2: no error")
	}
	if err := c.Convert(src, (*c4v2)(nil)); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("converting into a nil *c4v2: error = %v, want one naming the nil destination", err)
	}
	// orphan is registered only as the internal version, which is not in
	// the graph: converting into it fails, empty or not.
	for _, dst := range []*orphan{{}, {TypeMeta: metav1.TypeMeta{Kind: "Thing"}}} {
		if err := c.Convert(src, dst); !errors.Is(err, hub.ErrUnknownVersion) {
			t.Errorf("converting into %+v, registered only as %s: error = %v, want ErrUnknownVersion", dst, runtime.APIVersionInternal, err)
		}
	}
}

func TestConverterErrors(t *testing.T) {
	s := chainScheme(2)
	c, err := convert.NewConverter(s, testGK)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ToVersion(&c2v1{}, "v7"); !errors.Is(err, hub.ErrUnknownVersion) || !strings.Contains(err.Error(), `"v7"`) {
		t.Errorf("unknown version: %v", err)
	}
	if err := c.Convert(&orphan{}, &c2v1{}); err == nil || !strings.Contains(err.Error(), "source") {
		t.Errorf("unregistered source: %v", err)
	}
	// A panic inside a conversion becomes an error.
	s.AddKnownTypeWithName(testGK.WithVersion("v0"), &panicky{})
	_, err = convert.NewConverter(s, testGK)
	if err == nil || !strings.Contains(err.Error(), "start-up check of version v0") || !strings.Contains(err.Error(), "panic") ||
		!strings.Contains(err.Error(), "conversion bug") {
		t.Fatalf("NewConverter with a panicking version: %v", err)
	}
}

// panicky converts directly to the hub, and panics doing so.
type panicky struct{ metav1.TypeMeta }

func (p *panicky) DeepCopyObject() runtime.Object   { c := *p; return &c }
func (p *panicky) ConvertTo(conversion.Hub) error   { panic("conversion bug") }
func (p *panicky) ConvertFrom(conversion.Hub) error { return nil }

// TestHooksCannotReachTheCallersObjects: the walk copies its input once and
// every step works on private objects, so a hook that changes the maps and
// slices it is handed, on either side of its step, cannot change the
// caller's source, through the Converter or through ConvertTo/ConvertFrom.
func TestHooksCannotReachTheCallersObjects(t *testing.T) {
	hooks.meddle.Store(true)
	defer hooks.meddle.Store(false)
	c, err := convert.NewConverter(chainScheme(4), testGK)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		run  func(src object) error
	}{
		{"Converter v1 to v3", func(src object) error { return c.Convert(src, &c4v3{}) }},
		{"Converter v1 to hub", func(src object) error { return c.Convert(src, &hubNode{}) }},
		{"ConvertTo", func(src object) error { return src.(conversion.Convertible).ConvertTo(&hubNode{}) }},
	} {
		src := sample(&c4v1{})
		before := src.DeepCopyObject()
		n := hooks.meddled.Load()
		if err := tc.run(src); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if hooks.meddled.Load() == n {
			t.Fatalf("%s: no hook ran", tc.name)
		}
		if diff := cmp.Diff(before, runtime.Object(src)); diff != "" {
			t.Errorf("%s: a hook changed the caller's source (-before +after):\n%s", tc.name, diff)
		}
	}
	h := sample(&hubNode{})
	before := h.DeepCopyObject()
	if err := (&c4v1{}).ConvertFrom(h.(conversion.Hub)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, runtime.Object(h)); diff != "" {
		t.Errorf("ConvertFrom: a hook changed the caller's hub (-before +after):\n%s", diff)
	}
}

// TestFailedConvertToLeavesTheHubAlone: a direct ConvertTo that fails part
// way leaves the hub it was given as it was, sharing nothing with the source.
func TestFailedConvertToLeavesTheHubAlone(t *testing.T) {
	hooks.reset("to:h2")
	defer hooks.reset("")
	src := sample(&c4v1{})
	h := &hubNode{Spec: spec{Name: "untouched"}}
	if err := src.(conversion.Convertible).ConvertTo(h); !errors.Is(err, errHook) {
		t.Fatalf("got %v", err)
	}
	if diff := cmp.Diff(&hubNode{Spec: spec{Name: "untouched"}}, h); diff != "" {
		t.Errorf("a failed ConvertTo changed the hub (-want +got):\n%s", diff)
	}
}

// TestConvertOwned converts without the first copy: the result is right,
// and the source may have been used up.
func TestConvertOwned(t *testing.T) {
	c, err := convert.NewConverter(chainScheme(4), testGK)
	if err != nil {
		t.Fatal(err)
	}
	want := &c4v3{}
	if err := c.Convert(sample(&c4v1{}), want); err != nil {
		t.Fatal(err)
	}
	got := &c4v3{}
	if err := c.ConvertOwned(sample(&c4v1{}), got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ConvertOwned differs from Convert (-Convert +ConvertOwned):\n%s", diff)
	}
}
