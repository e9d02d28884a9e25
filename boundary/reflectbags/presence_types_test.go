package reflectbags_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/genruntime"
	"github.com/hubspoke/hubspoke/propertybag"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// One storage twin, several API versions of it (each test uses one).
type gaugeStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              gaugeStorageSpec `json:"spec,omitempty"`
}

type gaugeStorageSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Size        *resource.Quantity      `json:"size,omitempty"`
	Level       *float64                `json:"level,omitempty"`
	Replicas    *int32                  `json:"replicas,omitempty"`
	Started     *metav1.Time            `json:"started,omitempty"`
}

func gaugeJSON[T any](t *testing.T, v *T) *T {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out T
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

type gaugeQty struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Size resource.Quantity `json:"size"` // required
	} `json:"spec,omitempty"`
}

// A required resource.Quantity shows an absent value as "0", which reads
// back as a Quantity that is not Go's zero value: the copy back keeps it,
// so the absent form needs its entry, found by IsZero.
func TestRequiredQuantityStaysAbsent(t *testing.T) {
	twin := &gaugeStorage{} // size absent
	api := &gaugeQty{}
	if twin.Spec.Size != nil {
		api.Spec.Size = *twin.Spec.Size
	}
	if err := reflectbags.Stash(api, twin); err != nil {
		t.Fatal(err)
	}
	sent := gaugeJSON(t, api) // the zero Quantity is written "0" and reads back as a non-zero Go value
	back := &gaugeStorage{ObjectMeta: sent.ObjectMeta}
	back.Spec.Size = genruntime.PtrIfNotZero(sent.Spec.Size) // the generated copy (comparable external type)
	if err := reflectbags.Recall(back, sent); err != nil {
		t.Fatal(err)
	}
	if back.Spec.Size != nil {
		t.Errorf("an update that did not touch size made it %v, want absent (nil)", back.Spec.Size)
	}
}

type GaugeShared struct {
	Replicas int32 `json:"replicas"`
}

type gaugeShadow struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		GaugeShared `json:",inline"`
		Replicas    *int32 `json:"replicas,omitempty"` // hides GaugeShared.Replicas, for Go and encoding/json
	} `json:"spec,omitempty"`
}

// A field declared higher up hides an embedded one of the same JSON name,
// as in encoding/json: the presence rules are those of the field that
// hides.
func TestShadowedEmbeddedField(t *testing.T) {
	twin := &gaugeStorage{}
	api := &gaugeShadow{}
	api.Spec.Replicas = twin.Spec.Replicas // pointer to pointer: copied as it is
	if err := reflectbags.Stash(api, twin); err != nil {
		t.Fatal(err)
	}
	if a := api.Annotations[boundary.Annotation]; a != "" {
		t.Errorf("superfluous annotation %s: spec.replicas is a pointer in this version", a)
	}
	sent := gaugeJSON(t, api)
	three := int32(3)
	sent.Spec.Replicas = &three // the client's change
	back := &gaugeStorage{ObjectMeta: sent.ObjectMeta}
	back.Spec.Replicas = sent.Spec.Replicas
	if err := reflectbags.Recall(back, sent); err != nil {
		t.Fatal(err)
	}
	if back.Spec.Replicas == nil || *back.Spec.Replicas != 3 {
		t.Errorf("the client set replicas to 3; the twin holds %v", back.Spec.Replicas)
	}
}

// FuzzRecallTwinEntries: whatever the annotation, Recall neither
// panics nor hangs, leaves dst as it was when it fails, and sets no value a
// client could not have set through the API version.
func FuzzRecallTwinEntries(f *testing.F) {
	for _, s := range []string{
		`{"spec":{"$twin":{"replicas":null,"paused":false,"limits":null,"selector":{}}}}`,
		`{"spec.ports[name=a]":{"$twin":{"port":0,"name":null}},"spec.zones[west]":{"$twin":{"cpu":null}}}`,
		`{"spec.limits":{"$twin":{"cpu":null}},".":{"$twin":{}}}`,
		`{"spec.ports[name=\"\"]":{"$twin":{"name":null}}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, annotation string) {
		api := &valve{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: annotation}},
			Spec: valveSpec{Ports: []valvePort{{Name: "a"}, {Name: ""}, {Name: "a"}}, Zones: map[string]valveLimits{"west": {}, "east": {CPU: 1}}}}
		api.Status.PropertyBags = propertybag.Bags{"status": {"$twin": `{"ready":null}`}}
		dst := &valveStorage{Spec: valveStorageSpec{Replicas: to[int32](0), Limits: &limitsStorage{CPU: to[int64](0)},
			Ports: []valvePortStorage{{Name: to("a")}, {Name: to("")}, {Name: to("a")}},
			Zones: map[string]limitsStorage{"west": {CPU: to[int64](0)}, "east": {CPU: to[int64](1)}}}}
		before := clone(t, dst)
		done := make(chan error, 1)
		go func() { done <- reflectbags.Recall(dst, api) }()
		var err error
		select {
		case err = <-done:
		case <-time.After(3 * time.Second):
			t.Fatalf("Recall still running after 3s on %q", annotation)
		}
		if err != nil {
			if diff := cmpDiff(before, dst); diff != "" {
				t.Fatalf("failed recall changed dst: %v\n%s", err, diff)
			}
			return
		}
		// Only absent-vs-empty may change: every non-nil value must still be zero or what it was.
		if dst.Spec.Replicas != nil && *dst.Spec.Replicas != 0 || dst.Spec.Paused != nil && *dst.Spec.Paused ||
			dst.Status.Ready != nil && *dst.Status.Ready {
			t.Fatalf("a value was set: %+v", dst.Spec)
		}
		for _, z := range dst.Spec.Zones {
			if z.CPU != nil && *z.CPU > 1 {
				t.Fatalf("a value was set: %+v", z)
			}
		}
	})
}

func cmpDiff(a, b any) string { return cmp.Diff(a, b) }

type treeStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              nodeStorage `json:"spec,omitempty"`
}

type nodeStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Value       *int32                  `json:"value,omitempty"`
	Flag        *bool                   `json:"flag,omitempty"`
	Kids        []*nodeStorage          `json:"kids,omitempty"`
	ByName      map[string]*nodeStorage `json:"byName,omitempty"`
}

type TreeCommon struct {
	Flag bool `json:"flag,omitempty"`
}

type tree struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              rnode `json:"spec,omitempty"`
}

type rnode struct {
	TreeCommon `json:",inline"`
	Value      int32             `json:"value"`
	Kids       []*rnode          `json:"kids,omitempty"`
	ByName     map[string]*rnode `json:"byName,omitempty"`
}

func rnodeTo(s *nodeStorage) rnode {
	n := rnode{Value: orZero(s.Value)}
	n.Flag = orZero(s.Flag)
	for _, k := range s.Kids {
		if k == nil {
			n.Kids = append(n.Kids, nil)
			continue
		}
		c := rnodeTo(k)
		n.Kids = append(n.Kids, &c)
	}
	for name, k := range s.ByName {
		if n.ByName == nil {
			n.ByName = map[string]*rnode{}
		}
		c := rnodeTo(k)
		n.ByName[name] = &c
	}
	return n
}

func rnodeFrom(n *rnode) nodeStorage {
	s := nodeStorage{Value: to(n.Value), Flag: genruntime.PtrIfNotZero(n.Flag)}
	for _, k := range n.Kids {
		if k == nil {
			s.Kids = append(s.Kids, nil)
			continue
		}
		c := rnodeFrom(k)
		s.Kids = append(s.Kids, &c)
	}
	for name, k := range n.ByName {
		if s.ByName == nil {
			s.ByName = map[string]*nodeStorage{}
		}
		c := rnodeFrom(k)
		s.ByName[name] = &c
	}
	return s
}

// A recursive type, lists and maps of pointers to its structs, and a
// value embedded inline: entries at every depth, none on the way from the
// version to the hub and back.
func TestTwinEntriesInRecursiveTypes(t *testing.T) {
	twin := &treeStorage{Spec: nodeStorage{Flag: to(false), Kids: []*nodeStorage{nil, {Value: to[int32](2)}, {Flag: to(false), Kids: []*nodeStorage{{}}}},
		ByName: map[string]*nodeStorage{"a": {}, "b": {Value: to[int32](0), Flag: to(false)}}}}
	api := &tree{Spec: rnodeTo(&twin.Spec)}
	if err := reflectbags.Stash(api, twin); err != nil {
		t.Fatal(err)
	}
	sent := gaugeJSON(t, api)
	back := &treeStorage{ObjectMeta: sent.ObjectMeta, Spec: rnodeFrom(&sent.Spec)}
	if err := reflectbags.Recall(back, sent); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(twin, back); d != "" {
		t.Error(d)
	}
	hub := &treeStorage{Spec: rnodeFrom(&api.Spec)}
	api3 := &tree{Spec: rnodeTo(&hub.Spec)}
	if err := reflectbags.Stash(api3, hub); err != nil || api3.Annotations != nil {
		t.Errorf("version->hub->version: %v %v", err, api3.Annotations)
	}
}

type gaugeTime struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Started metav1.Time `json:"started,omitempty"`
	} `json:"spec,omitempty"`
}

// A zero metav1.Time held by a twin encodes as null, as an absent one does:
// no entry could tell them apart, and none is written.
func TestNoEntryForWhatTheTwinsJSONDropsToo(t *testing.T) {
	var twin gaugeStorage
	// what a twin decoded from an object written with "started": "0001-01-01T00:00:00Z" holds
	if err := json.Unmarshal([]byte(`{"spec":{"started":"0001-01-01T00:00:00Z"}}`), &twin); err != nil {
		t.Fatal(err)
	}
	api := &gaugeTime{}
	api.Spec.Started = *twin.Spec.Started
	if err := reflectbags.Stash(api, &twin); err != nil {
		t.Fatal(err)
	}
	if a := api.Annotations[boundary.Annotation]; a != "" {
		t.Errorf("entry that can say nothing (the twin's own JSON for it is null too): %s", a)
	}
}

// A pair of object types whose structs all sit at fixed places (no list or
// map), which Stash reaches through field offsets rather than a walk:
// pointers on either side, a struct embedded inline in the API version.
type dialStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dialStorageSpec `json:"spec,omitempty"`
}

type dialStorageSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Turns       *int32                  `json:"turns,omitempty"`
	Label       *string                 `json:"label,omitempty"`
	Inner       *dialInnerStorage       `json:"inner,omitempty"`
	Outer       *dialInnerStorage       `json:"outer,omitempty"`
	Ratio       *float64                `json:"ratio,omitempty"`
	Extra       *dialInnerStorage       `json:"extra,omitempty"`
}

type dialInnerStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	On          *bool                   `json:"on,omitempty"`
	Step        *int8                   `json:"step,omitempty"`
	Level       *int16                  `json:"level,omitempty"`
}

type DialCommon struct {
	Ratio float64   `json:"ratio"`
	Extra dialInner `json:"extra"`
}

type dial struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              dialSpec `json:"spec,omitempty"`
}

type dialSpec struct {
	Turns      int32      `json:"turns"`
	Label      string     `json:"label,omitempty"`
	Inner      dialInner  `json:"inner"`
	Outer      *dialInner `json:"outer,omitempty"`
	DialCommon `json:",inline"`
}

type dialInner struct {
	On    bool  `json:"on,omitempty"`
	Step  int8  `json:"step"`
	Level int16 `json:"level,omitempty"`
}

// The quick ways of Stash (structs at fixed places reached through
// offsets, fields tested from memory) find the same entries as the walk
// that tests every field through reflect.
func TestTwinEntriesAtFixedPlacesAsWalked(t *testing.T) {
	states := func(i int) int { return i % 3 } // nil, zero, non-zero
	for n := range 3 * 3 * 3 * 3 * 3 * 3 * 3 {
		var s dialStorage
		pick := func(k int) int { return states(n / []int{1, 3, 9, 27, 81, 243, 729}[k]) }
		set32 := func(k int, v int32) *int32 {
			switch pick(k) {
			case 0:
				return nil
			case 1:
				return to[int32](0)
			}
			return &v
		}
		s.Spec.Turns = set32(0, 5)
		switch pick(1) {
		case 1:
			s.Spec.Label = to("")
		case 2:
			s.Spec.Label = to("x")
		}
		if pick(2) > 0 {
			s.Spec.Inner = &dialInnerStorage{}
			switch pick(3) {
			case 1:
				s.Spec.Inner.On, s.Spec.Inner.Step, s.Spec.Inner.Level = to(false), to[int8](0), to[int16](0)
			case 2:
				s.Spec.Inner.Level = to[int16](256) // its low byte is zero
			}
		}
		if pick(4) > 0 {
			s.Spec.Outer = &dialInnerStorage{On: to(pick(5) == 2)}
		}
		if pick(6) == 1 {
			s.Spec.Ratio = to(0.0)
		}
		if pick(6) == 2 {
			s.Spec.Extra = &dialInnerStorage{} // its required step absent
		}
		var d dial
		d.Spec.Turns, d.Spec.Label, d.Spec.Ratio = orZero(s.Spec.Turns), orZero(s.Spec.Label), orZero(s.Spec.Ratio)
		if s.Spec.Inner != nil {
			d.Spec.Inner = dialInner{On: orZero(s.Spec.Inner.On), Step: orZero(s.Spec.Inner.Step), Level: orZero(s.Spec.Inner.Level)}
		}
		if s.Spec.Extra != nil {
			d.Spec.Extra = dialInner{Step: orZero(s.Spec.Extra.Step)}
		}
		if s.Spec.Outer != nil {
			d.Spec.Outer = &dialInner{On: orZero(s.Spec.Outer.On), Step: orZero(s.Spec.Outer.Step)}
		}
		fixed, err := reflectbags.TwinEntriesForTest(&d, &s)
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"extra":null,"inner":null,"ratio":null,"turns":null}`; n == 0 && (len(fixed) != 1 || fixed["spec"] != want) {
			t.Errorf("an empty twin: entries %v, want spec: %s", fixed, want)
		}
	}
}

type gaugeLevel struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Level float64 `json:"level,omitempty"`
	} `json:"spec,omitempty"`
}

type gaugeLevelRequired struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Level float64 `json:"level"`
	} `json:"spec,omitempty"`
}

// A twin's float read back through an API version that holds it plain, as
// the generated copies carry it (PtrIfNotZero for omitempty, a pointer
// always otherwise): absent, zero, -0 (which == 0, PtrIfNotZero and
// omitempty call zero) and others come back as the twin held them, bit for
// bit.
func TestTwinFloatsReadBackThroughAPlainFloat(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, level := range []*float64{nil, to(0.0), to(negZero), to(1.5), to(-2.0)} {
		name := "absent"
		if level != nil {
			name = strconv.FormatFloat(*level, 'g', -1, 64)
			if math.Signbit(*level) && *level == 0 {
				name = "-0"
			}
		}
		same := func(back *float64) bool {
			return (back == nil) == (level == nil) &&
				(level == nil || math.Float64bits(*back) == math.Float64bits(*level))
		}
		show := func(p *float64) string {
			if p == nil {
				return "absent"
			}
			return strconv.FormatFloat(*p, 'g', -1, 64) + fmt.Sprintf(" (bits %x)", math.Float64bits(*p))
		}
		t.Run(name+"/omitempty", func(t *testing.T) {
			twin := &gaugeStorage{}
			twin.Spec.Level = level
			api := &gaugeLevel{}
			api.Spec.Level = orZero(twin.Spec.Level)
			if err := reflectbags.Stash(api, twin); err != nil {
				t.Fatal(err)
			}
			sent := gaugeJSON(t, api)
			back := &gaugeStorage{ObjectMeta: sent.ObjectMeta}
			back.Spec.Level = genruntime.PtrIfNotZero(sent.Spec.Level)
			if err := reflectbags.Recall(back, sent); err != nil {
				t.Fatal(err)
			}
			if !same(back.Spec.Level) {
				t.Errorf("an update that did not touch level made it %s, want %s (annotations %v)", show(back.Spec.Level), show(level), api.Annotations)
			}
		})
		t.Run(name+"/required", func(t *testing.T) {
			twin := &gaugeStorage{}
			twin.Spec.Level = level
			api := &gaugeLevelRequired{}
			api.Spec.Level = orZero(twin.Spec.Level)
			if err := reflectbags.Stash(api, twin); err != nil {
				t.Fatal(err)
			}
			sent := gaugeJSON(t, api)
			back := &gaugeStorage{ObjectMeta: sent.ObjectMeta}
			back.Spec.Level = to(sent.Spec.Level)
			if err := reflectbags.Recall(back, sent); err != nil {
				t.Fatal(err)
			}
			if !same(back.Spec.Level) {
				t.Errorf("an update that did not touch level made it %s, want %s (annotations %v)", show(back.Spec.Level), show(level), api.Annotations)
			}
		})
	}
}

type gaugeStorage32 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
		Level       *float32                `json:"level,omitempty"`
	} `json:"spec,omitempty"`
}

type gaugeLevel32 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Level float32 `json:"level,omitempty"`
	} `json:"spec,omitempty"`
}

// Stash writes an entry for an omitempty float exactly where the
// generated copy back (PtrIfNotZero) would not give what the twin holds: a
// set value it turns into nil (0 and -0, which == 0), and not NaN, which
// it keeps.
func TestFloatEntriesFollowTheGeneratedCopy(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, level := range []*float64{nil, to(0.0), to(negZero), to(math.NaN()), to(1.5)} {
		show := "absent"
		if level != nil {
			show = fmt.Sprintf("bits %x", math.Float64bits(*level))
		}
		check := func(bits int, entries map[string]string, copyBack bool) {
			t.Helper()
			if want := level != nil && !copyBack; (entries["spec"] != "") != want {
				t.Errorf("float%d %s: entries %v; the copy back gives a set value: %v, so an entry is needed: %v", bits, show, entries, copyBack, want)
			}
		}
		entries := func(api, twin any) map[string]string {
			t.Helper()
			e, err := reflectbags.TwinEntriesForTest(api, twin)
			if err != nil {
				t.Fatal(err)
			}
			return e
		}

		twin := &gaugeStorage{}
		twin.Spec.Level = level
		api := &gaugeLevel{}
		api.Spec.Level = orZero(level)
		check(64, entries(api, twin), genruntime.PtrIfNotZero(api.Spec.Level) != nil)

		twin32 := &gaugeStorage32{}
		if level != nil {
			twin32.Spec.Level = to(float32(*level))
		}
		api32 := &gaugeLevel32{}
		api32.Spec.Level = orZero(twin32.Spec.Level)
		check(32, entries(api32, twin32), genruntime.PtrIfNotZero(api32.Spec.Level) != nil)
	}
}
