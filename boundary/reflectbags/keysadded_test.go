package reflectbags_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A fleet whose ships a later release keys by name (shipKeyed), where an
// older one did not (shipUnkeyed): each ship has a bag, a crew without
// keys (with bags) and a required berth that its twin may hold absent (a
// $twin entry).
type fleetTwin[S any] struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              S `json:"spec,omitempty"`
}

type fleetOldSpec struct {
	Ships []shipTwin `json:"ships,omitempty"`
}

type fleetNewSpec struct {
	Ships []shipTwin `json:"ships,omitempty" hubspoke:"listMapKey=name"`
}

type shipTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Berth       *int32                  `json:"berth,omitempty"`
	Crew        []sailorTwin            `json:"crew,omitempty"`
}

type sailorTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
}

type fleet struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              fleetSpec `json:"spec,omitempty"`
}

type fleetSpec struct {
	Ships []ship `json:"ships,omitempty"`
}

type ship struct {
	Name  string   `json:"name,omitempty"`
	Berth int32    `json:"berth"`
	Crew  []sailor `json:"crew,omitempty"`
}

type sailor struct {
	Name string `json:"name,omitempty"`
}

func fleetToAPI(ships []shipTwin) *fleet {
	f := &fleet{}
	for _, s := range ships {
		a := ship{Name: deref(s.Name), Berth: deref(s.Berth)}
		for _, c := range s.Crew {
			a.Crew = append(a.Crew, sailor{Name: deref(c.Name)})
		}
		f.Spec.Ships = append(f.Spec.Ships, a)
	}
	return f
}

func fleetToTwin(f *fleet) *fleetTwin[fleetNewSpec] {
	t := &fleetTwin[fleetNewSpec]{ObjectMeta: f.ObjectMeta}
	for _, a := range f.Spec.Ships {
		s := shipTwin{Name: ptrOf(a.Name), Berth: &a.Berth}
		for _, c := range a.Crew {
			s.Crew = append(s.Crew, sailorTwin{Name: ptrOf(c.Name)})
		}
		t.Spec.Ships = append(t.Spec.Ships, s)
	}
	return t
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func ptrOf(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func stashedShips() []shipTwin {
	return []shipTwin{
		{PropertyBag: propertybag.PropertyBag{"Flag": `"red"`}, Name: ptrOf("ada"), Crew: []sailorTwin{
			{PropertyBag: propertybag.PropertyBag{"Rank": `"mate"`}, Name: ptrOf("kim")},
			{Name: ptrOf("lee")},
		}},
		{PropertyBag: propertybag.PropertyBag{"Flag": `"blue"`}, Name: ptrOf("bo"), Berth: new(int32)},
		{Name: ptrOf("cy"), Crew: []sailorTwin{{PropertyBag: propertybag.PropertyBag{"Rank": `"cook"`}, Name: ptrOf("max")}}},
	}
}

// An object read through a release whose ships had no list-map keys
// carries an annotation naming them by index (with fingerprints); written
// back through a release that declares the keys, every ship keeps its
// hidden values, also when the client reordered the ships.
func TestKeysAddedSinceTheStashKeepIndexedValues(t *testing.T) {
	for _, tc := range []struct {
		name  string
		order []int // the ships the client sends, by stashed index
	}{
		{"as read", []int{0, 1, 2}},
		{"reordered", []int{2, 0, 1}},
		{"first removed", []int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := &fleetTwin[fleetOldSpec]{Spec: fleetOldSpec{Ships: stashedShips()}}
			api := fleetToAPI(old.Spec.Ships)
			if err := reflectbags.Stash(api, old); err != nil {
				t.Fatal(err)
			}
			text := api.Annotations[boundary.Annotation]
			if !strings.Contains(text, `"spec.ships[0]"`) || !strings.Contains(text, `"#elements"`) {
				t.Fatalf("the older release's annotation should name ships by index, with fingerprints: %s", text)
			}
			var sent []ship
			for _, i := range tc.order {
				sent = append(sent, api.Spec.Ships[i])
			}
			api.Spec.Ships = sent
			got := fleetToTwin(api)
			if err := reflectbags.Recall(got, api); err != nil {
				t.Fatal(err)
			}
			var want []shipTwin
			for _, i := range tc.order {
				want = append(want, stashedShips()[i])
			}
			if diff := cmp.Diff(want, got.Spec.Ships); diff != "" {
				t.Errorf("ships (-want +got):\n%s\nannotation: %s", diff, text)
			}
		})
	}
}

// An annotation of a release older than the fingerprints names ships by
// index alone: they are paired by index.
func TestKeysAddedSinceAStashWithoutFingerprints(t *testing.T) {
	old := &fleetTwin[fleetOldSpec]{Spec: fleetOldSpec{Ships: stashedShips()}}
	api := fleetToAPI(old.Spec.Ships)
	if err := reflectbags.Stash(api, old); err != nil {
		t.Fatal(err)
	}
	var bags map[string]json.RawMessage
	if err := json.Unmarshal([]byte(api.Annotations[boundary.Annotation]), &bags); err != nil {
		t.Fatal(err)
	}
	delete(bags, "#elements")
	text, _ := json.Marshal(bags)
	api.Annotations = map[string]string{boundary.Annotation: string(text)}
	got := fleetToTwin(api)
	if err := reflectbags.Recall(got, api); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(stashedShips(), got.Spec.Ships); diff != "" {
		t.Errorf("ships (-want +got):\n%s", diff)
	}
}

// Whatever a client writes by index for a list with keys costs time
// linear in it: many elements named by index, and a path of many index
// brackets below one.
func TestKeysAddedHostileIndexesCostLinearTime(t *testing.T) {
	skipTiming(t)
	var many strings.Builder
	many.WriteString(`{`)
	for i := range 8000 {
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(`"spec.ships[` + strconv.Itoa(i) + `]":{"Flag":"x"}`)
	}
	many.WriteString(`}`)
	for _, tc := range []struct {
		name       string
		annotation string
		ships      int
		want       int // ships that get a bag
	}{
		{"8000 ships by index, 64000 ships", many.String(), 64000, 8000},
		{"a path of 120000 index brackets", `{"spec.ships[0]` + strings.Repeat("[0]", 120000) + `":{"Flag":"x"},"spec.ships[0]":{"Flag":"y"}}`, 1, 1},
		{"a path of 120000 parts", `{"spec.ships[0]` + strings.Repeat(".crew[0]", 120000) + `":{"Flag":"x"}}`, 1, 0},
	} {
		api := &fleet{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: tc.annotation}}}
		for i := range tc.ships {
			api.Spec.Ships = append(api.Spec.Ships, ship{Name: "s" + strconv.Itoa(i)})
		}
		start := time.Now()
		got := fleetToTwin(api)
		if err := reflectbags.Recall(got, api); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("%s: recall took %v", tc.name, elapsed)
		}
		n := 0
		for _, s := range got.Spec.Ships {
			if s.PropertyBag != nil {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d ships got a bag, want %d", tc.name, n, tc.want)
		}
	}
}
