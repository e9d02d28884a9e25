package convtest

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// TestRelatedKeys: the keys the relations name, each once, in order; a
// pattern that does not parse is left to newVisibility.
func TestRelatedKeys(t *testing.T) {
	got := relatedKeys([]Relation{
		{Old: `spec.settings["b"]`, New: "spec.b"},
		{Old: `spec.m["a"].x`, New: `spec.n["b"]`},
		{Old: "spec..bad", New: `spec.o["c"]`},
		{Old: "spec.p{*}", New: "spec.q[*]"},
	})
	if want := []string{"b", "a", "c"}; !slices.Equal(got, want) {
		t.Errorf("relatedKeys = %q, want %q", got, want)
	}
}

type siblingsV1 struct {
	Spec struct {
		Settings map[string]string `json:"settings"`
		Policy   string            `json:"policy"`
		Inner    struct {
			Settings map[string]int `json:"settings"`
			Depth    int            `json:"depth"`
		} `json:"inner"`
	} `json:"spec"`
}

type siblingsV2 struct {
	Spec struct {
		AAD    string `json:"aad-enabled"`
		Policy string `json:"policy"`
		Zones  []struct {
			Labels map[string]string `json:"labels"`
			Region string            `json:"region"`
		} `json:"zones"`
	} `json:"spec"`
}

// TestSiblingKeys: a map's keys to draw are the properties beside it, in
// any version and at every struct that holds a map of that name, sorted,
// the map's own name left out; in lists too.
func TestSiblingKeys(t *testing.T) {
	siblingKeys([]*shape{shapeOf(reflect.TypeFor[shapeOuter]())}) // returns although the type is recursive
	got := siblingKeys([]*shape{shapeOf(reflect.TypeFor[siblingsV1]()), shapeOf(reflect.TypeFor[siblingsV2]())})
	want := map[string][]string{
		"settings": {"aad-enabled", "depth", "inner", "policy", "zones"},
		"labels":   {"region"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("siblingKeys = %v, want %v", got, want)
	}
}

// TestSampleString: how gopter names a case.
func TestSampleString(t *testing.T) {
	for s, want := range map[*sample]string{
		{Version: "v1", Seed: 3}:                        "v1 object (seed 3)",
		{Version: "v1", Seed: 3, From: "v2"}:            "v1 object (seed 3, converted from a random v2 object)",
		{Version: "v1", Seed: 3, From: "v2", Shrunk: 2}: "v1 object (seed 3, converted from a random v2 object, shrunk 2 times)",
		{Version: "v1", Seed: -1, Shrunk: 1}:            "v1 object (seed -1, shrunk 1 times)",
	} {
		if got := s.String(); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// drawsHub is a hub-only resource whose list of ports is keyed by port.
type drawsHub struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Ports             []drawsPort             `json:"ports,omitempty" hubspoke:"listMapKey=port"`
	Count             *intstr.IntOrString     `json:"count,omitempty"`
	Name              *string                 `json:"name,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Pair              [2]int32                `json:"pair"`
	Settings          map[string]string       `json:"settings,omitempty"`
	drawsHidden       `json:",inline"`
	secret            drawsPort // unexported: never filled
}

var _ = drawsHub{}.secret

// drawsAPI is an API version of Draws: its list is keyed in its twin, the
// hub, only.
type drawsAPI struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Ports             []drawsPort `json:"ports,omitempty"`
}

func (d *drawsAPI) DeepCopyObject() runtime.Object { c := *d; return &c }
func (d *drawsAPI) ConvertTo(h conversion.Hub) error {
	*h.(*drawsHub) = drawsHub{ObjectMeta: d.ObjectMeta, Ports: d.Ports}
	return nil
}
func (d *drawsAPI) ConvertFrom(h conversion.Hub) error {
	hub := h.(*drawsHub)
	*d = drawsAPI{ObjectMeta: hub.ObjectMeta, Ports: hub.Ports}
	return nil
}

type drawsPort struct {
	Port *int32 `json:"port,omitempty"`
}

type drawsHidden struct {
	Shown *string `json:"shown,omitempty"`
}

func (*drawsHub) Hub()                             {}
func (d *drawsHub) DeepCopyObject() runtime.Object { c := *d; return &c }

// TestGeneratorDraws: what the generator draws for a storage version: no two
// elements of a keyed list with the same keys (with ports drawn from two
// values), IntOrStrings of both kinds, FieldValues' values and nil for a
// pointer, unknown entries in property bags, the exported fields of an
// unexported embedded struct.
func TestGeneratorDraws(t *testing.T) {
	gk := schema.GroupKind{Group: "draws.convtest.hubspoke.dev", Kind: "Draws"}
	scheme := runtime.NewScheme()
	scheme.AddKnownTypeWithName(gk.WithVersion("v2"), &drawsHub{})
	scheme.AddKnownTypeWithName(gk.WithVersion("v1"), &drawsAPI{})
	cfg := newConfig([]Option{
		func(c *config) {
			c.custom = map[reflect.Type]func(*rand.Rand) reflect.Value{
				reflect.TypeFor[int32](): func(r *rand.Rand) reflect.Value { return reflect.ValueOf(int32(80 + r.IntN(2))) },
			}
		},
		FieldValues("Name", "a", "b"),
		Related(Relation{From: "v1", To: "v2", Old: `settings["tls-mode"]`, New: "name"}),
	})
	g, err := newGenerator(scheme, gk, cfg)
	if err != nil {
		t.Fatal(err)
	}
	keys := listKeys{}
	keys.learn(reflect.TypeFor[*drawsHub](), reflect.TypeFor[*drawsHub](), map[[2]reflect.Type]bool{})
	r := rand.New(rand.NewPCG(1, 2))
	twoPorts := 0
	for range 100 {
		obj := g.build("v1", r, 6).(*drawsAPI)
		if keys.repeated(&drawsHub{Ports: obj.Ports}) {
			t.Fatalf("v1: repeated keys: %+v", obj.Ports)
		}
		if len(obj.Ports) == 2 {
			twoPorts++
		}
	}
	if twoPorts == 0 {
		t.Errorf("v1: no object with both ports")
	}
	twoPorts = 0
	var strs, nilName, nilCount, bags, shown, pairs, keyed int
	ints, names := map[int32]bool{}, map[string]bool{}
	const n = 300
	for range n {
		obj := g.build("v2", r, 6).(*drawsHub)
		if keys.repeated(obj) {
			t.Fatalf("v2: repeated keys: %+v", obj.Ports)
		}
		if len(obj.Ports) == 2 {
			twoPorts++
		}
		switch c := obj.Count; {
		case c == nil:
			nilCount++
		case c.Type == intstr.Int:
			ints[c.IntVal] = true
		default:
			strs++
		}
		if obj.Name == nil {
			nilName++
		} else {
			names[*obj.Name] = true
		}
		if len(obj.PropertyBag) > 0 {
			bags++
		}
		if obj.Shown != nil {
			shown++
		}
		if obj.Pair != [2]int32{} {
			pairs++
		}
		if _, ok := obj.Settings["tls-mode"]; ok {
			keyed++
		}
	}
	if twoPorts == 0 || len(ints) < 2 || strs == 0 || len(names) != 2 || !names["a"] || !names["b"] || bags == 0 || shown == 0 || pairs == 0 || keyed == 0 {
		t.Errorf("over %d objects: %d with both ports, int IntOrStrings %v and %d strings, names %v, %d with bags, %d with the embedded field, %d pairs, %d with the related key",
			n, twoPorts, ints, strs, names, bags, shown, pairs, keyed)
	}
	// Pointers are nil a third of the time, FieldValues' too, and every
	// field of one object in twelve.
	for what, nils := range map[string]int{"name": nilName, "count": nilCount} {
		if nils < n/4 || nils > n*11/20 {
			t.Errorf("%s: nil in %d of %d objects, want about 39%%", what, nils, n)
		}
	}
}

// TestShrinkNeverRepeatsKeys: shrinking an object never proposes one whose
// keyed list has two elements with the same keys (halving port 2 gives the
// other element's 1), which the API server would refuse. Mutation testing:
// proposing them survived the other tests.
func TestShrinkNeverRepeatsKeys(t *testing.T) {
	gk := schema.GroupKind{Group: "draws.convtest.hubspoke.dev", Kind: "Draws"}
	scheme := runtime.NewScheme()
	scheme.AddKnownTypeWithName(gk.WithVersion("v2"), &drawsHub{})
	scheme.AddKnownTypeWithName(gk.WithVersion("v1"), &drawsAPI{})
	g, err := newGenerator(scheme, gk, newConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	obj := &drawsHub{Ports: []drawsPort{{Port: ptrTo[int32](1)}, {Port: ptrTo[int32](2)}}}
	next, proposed := g.shrinkObject(obj), 0
	for {
		c, ok := next()
		if !ok {
			break
		}
		proposed++
		if g.keys.repeated(c) {
			t.Errorf("a proposal with repeated keys: %+v", c.(*drawsHub).Ports)
		}
	}
	if proposed == 0 {
		t.Error("no proposal at all")
	}
}
