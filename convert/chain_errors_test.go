package convert_test

import (
	"regexp"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// bare is a version without metadata (it has no ObjectMeta), one step from
// the hub. Its step panics on a negative count, as a buggy hook might.
type bare struct {
	metav1.TypeMeta `json:",inline"`
	Spec            spec `json:"spec"`
}

func (b *bare) DeepCopyObject() runtime.Object {
	c := *b
	c.Spec = b.Spec.clone()
	return &c
}

func (*bare) Link() convert.Link { return bareLink }

var bareLink = convert.LinkTo(bareToHub, bareFromHub)

func bareToHub(b *bare, h *hubNode) error {
	if b.Spec.Count < 0 {
		panic("negative count")
	}
	h.Spec = b.Spec
	return nil
}

func bareFromHub(b *bare, h *hubNode) error {
	if h.Spec.Count < 0 {
		panic("negative count")
	}
	b.Spec = h.Spec
	return nil
}

// TestStepBetweenObjectsWithAndWithoutMetadata: a version without
// ObjectMeta converts to and from a hub that has it; the walk carries
// metadata only between objects that both have it.
func TestStepBetweenObjectsWithAndWithoutMetadata(t *testing.T) {
	h := &hubNode{}
	if err := convert.ToHub(&bare{Spec: spec{Name: "Mickey"}}, h); err != nil {
		t.Fatalf("ToHub from a version without metadata: %v", err)
	}
	if h.Spec.Name != "Mickey" {
		t.Errorf("ToHub: hub spec %+v", h.Spec)
	}
	b := &bare{}
	if err := convert.FromHub(b, sample(&hubNode{}).(conversion.Hub)); err != nil {
		t.Fatalf("FromHub into a version without metadata: %v", err)
	}
	if b.Spec.Name != "Mickey" {
		t.Errorf("FromHub: spec %+v", b.Spec)
	}
}

// TestPanickingStepIsAnErrorNamingIt: a panic in a step, in either
// direction, is an error naming the step and the function that panicked,
// and the destination is left as it was.
func TestPanickingStepIsAnErrorNamingIt(t *testing.T) {
	h := &hubNode{Spec: spec{Name: "untouched"}}
	err := convert.ToHub(&bare{Spec: spec{Count: -1}}, h)
	want := regexp.MustCompile(`^converting convert_test\.bare to convert_test\.hubNode: panic: negative count \(in convert_test\.bareToHub at chain_errors_test\.go:\d+\)$`)
	if err == nil || !want.MatchString(err.Error()) {
		t.Errorf("ToHub with a panicking step: error %v, want one matching %s", err, want)
	}
	if h.Spec.Name != "untouched" {
		t.Errorf("ToHub with a panicking step changed the hub: %+v", h.Spec)
	}

	b := &bare{Spec: spec{Name: "untouched"}}
	err = convert.FromHub(b, &hubNode{Spec: spec{Count: -1}})
	want = regexp.MustCompile(`^converting convert_test\.hubNode to convert_test\.bare: panic: negative count \(in convert_test\.bareFromHub at chain_errors_test\.go:\d+\)$`)
	if err == nil || !want.MatchString(err.Error()) {
		t.Errorf("FromHub with a panicking step: error %v, want one matching %s", err, want)
	}
	if b.Spec.Name != "untouched" {
		t.Errorf("FromHub with a panicking step changed the destination: %+v", b.Spec)
	}
}

// toOrphan links to orphan, which neither is the hub nor declares a Link;
// toNumber links to a type that is not a struct.
type toOrphan struct{ metav1.TypeMeta }
type toNumber struct{ metav1.TypeMeta }
type number int

func (o *toOrphan) DeepCopyObject() runtime.Object { c := *o; return &c }
func (o *toNumber) DeepCopyObject() runtime.Object { c := *o; return &c }
func (*toOrphan) Link() convert.Link {
	return convert.LinkTo(func(*toOrphan, *orphan) error { return nil }, func(*toOrphan, *orphan) error { return nil })
}
func (*toNumber) Link() convert.Link {
	return convert.LinkTo(func(*toNumber, *number) error { return nil }, func(*toNumber, *number) error { return nil })
}

// TestBrokenChainsAreErrorsNamingTheTypes: ToHub and FromHub on a chain
// that loops or never reaches the hub fail (rather than loop forever or
// panic) with an error naming the types as the steps name them.
func TestBrokenChainsAreErrorsNamingTheTypes(t *testing.T) {
	for _, c := range []struct {
		obj  convert.Linked
		want string
	}{
		{&loopA{}, "the chain from convert_test.loopA comes back to convert_test.loopA and never reaches convert_test.hubNode"},
		{&loopB{}, "the chain from convert_test.loopB comes back to convert_test.loopB and never reaches convert_test.hubNode"},
		{&toOrphan{}, "the chain from convert_test.toOrphan to convert_test.hubNode: convert_test.orphan is not the hub and declares no Link"},
		{&toNumber{}, "the chain from convert_test.toNumber to convert_test.hubNode: *convert_test.number is not a pointer to a struct"},
	} {
		if err := convert.ToHub(c.obj, &hubNode{}); err == nil || err.Error() != c.want {
			t.Errorf("ToHub(%T):\n got %v\nwant %s", c.obj, err, c.want)
		}
		if err := convert.FromHub(c.obj, &hubNode{}); err == nil || err.Error() != c.want {
			t.Errorf("FromHub(%T):\n got %v\nwant %s", c.obj, err, c.want)
		}
	}
}

// TestNilObjectsAreErrors: ToHub and FromHub refuse a nil object or hub,
// typed or not, with an error rather than a panic.
func TestNilObjectsAreErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		obj  convert.Linked
		h    conversion.Hub
	}{
		{"nil object", nil, &hubNode{}},
		{"nil *c1v1", (*c1v1)(nil), &hubNode{}},
		{"nil hub", &c1v1{}, nil},
		{"nil *hubNode", &c1v1{}, (*hubNode)(nil)},
	} {
		if err := convert.ToHub(c.obj, c.h); err == nil || err.Error() != "convert: nil object" {
			t.Errorf("ToHub, %s: %v", c.name, err)
		}
		if err := convert.FromHub(c.obj, c.h); err == nil || err.Error() != "convert: nil object" {
			t.Errorf("FromHub, %s: %v", c.name, err)
		}
	}
}

// TestLinkToNeedsBothFunctions: a Link missing either function is refused
// where it is declared, not when a conversion first takes the step.
func TestLinkToNeedsBothFunctions(t *testing.T) {
	f := func(*bare, *hubNode) error { return nil }
	for _, c := range []struct {
		name     string
		to, from func(*bare, *hubNode) error
	}{
		{"no to", nil, f},
		{"no from", f, nil},
		{"neither", nil, nil},
	} {
		func() {
			defer func() {
				if r := recover(); r != "convert: LinkTo needs both functions" {
					t.Errorf("LinkTo, %s: recovered %v, want the panic naming the fault", c.name, r)
				}
			}()
			convert.LinkTo(c.to, c.from)
		}()
	}
}
