package reflectbags_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A storage twin with bags at every depth: the object itself, spec, a
// pointer to a struct, list elements with and without list-map keys, map
// values (structs and pointers), and status.
type gadgetStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Spec              gadgetStorageSpec       `json:"spec,omitempty"`
	Status            gadgetStorageStatus     `json:"status,omitempty"`
}

type gadgetStorageSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Owner       *partStorage            `json:"owner,omitempty"`
	Parts       []partStorage           `json:"parts,omitempty"`
	Ports       []portStorage           `json:"ports,omitempty" hubspoke:"listMapKey=port,listMapKey=protocol"`
	Zones       map[string]partStorage  `json:"zones,omitempty"`
	Spares      map[string]*partStorage `json:"spares,omitempty"`
}

type partStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Inner       *partStorage            `json:"inner,omitempty"`
}

type portStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Port        *int32                  `json:"port,omitempty"`
	Protocol    *string                 `json:"protocol,omitempty"`
}

type gadgetStorageStatus struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Conditions  []partStorage           `json:"conditions,omitempty"`
}

// The API version: no bags, but a status field for the status bags.
type gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            gadgetStatus `json:"status,omitempty"`
}

type gadgetStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
}

func bag(kv ...string) propertybag.PropertyBag {
	b := propertybag.PropertyBag{}
	for i := 0; i < len(kv); i += 2 {
		b[kv[i]] = kv[i+1]
	}
	return b
}

func str(s string) *string { return &s }
func i32(i int32) *int32   { return &i }

func fullGadget() *gadgetStorage {
	return &gadgetStorage{
		ObjectMeta:  metav1.ObjectMeta{Name: "g", Annotations: map[string]string{"owner": "crm"}},
		PropertyBag: bag("Top", `1`),
		Spec: gadgetStorageSpec{
			PropertyBag: bag("Middle", `"Theodore"`),
			Owner:       &partStorage{PropertyBag: bag("Since", `1928`), Inner: &partStorage{PropertyBag: bag("Deep", `true`)}},
			Parts:       []partStorage{{Name: str("a"), PropertyBag: bag("Color", `"red"`)}, {Name: str("b")}, {Name: str("c"), PropertyBag: bag("Color", `"blue"`)}},
			Ports: []portStorage{
				{Port: i32(80), Protocol: str("TCP"), PropertyBag: bag("AppProtocol", `"http"`)},
				{Port: i32(80), Protocol: str("UDP"), PropertyBag: bag("AppProtocol", `"dns"`)},
				{Port: i32(443), Protocol: str("a b"), PropertyBag: bag("AppProtocol", `"https"`)},
			},
			Zones:  map[string]partStorage{"west": {PropertyBag: bag("Weight", `3`)}, "eu.central-1": {Name: str("x")}},
			Spares: map[string]*partStorage{"one two": {PropertyBag: bag("Kept", `"yes"`)}, "nil": nil},
		},
		Status: gadgetStorageStatus{
			PropertyBag: bag("Ready", `true`),
			Conditions:  []partStorage{{}, {PropertyBag: bag("Reason", `"ok"`)}},
		},
	}
}

// shell is what a generated copy of a gadget gives: the same shape, no
// bags.
func shell(g *gadgetStorage) *gadgetStorage {
	var out gadgetStorage
	data, _ := json.Marshal(g)
	_ = json.Unmarshal(data, &out)
	var clear func(*partStorage)
	clear = func(p *partStorage) {
		if p != nil {
			p.PropertyBag = nil
			clear(p.Inner)
		}
	}
	out.PropertyBag, out.Spec.PropertyBag, out.Status.PropertyBag = nil, nil, nil
	clear(out.Spec.Owner)
	for i := range out.Spec.Parts {
		clear(&out.Spec.Parts[i])
	}
	for i := range out.Spec.Ports {
		out.Spec.Ports[i].PropertyBag = nil
	}
	for k, z := range out.Spec.Zones {
		z.PropertyBag = nil
		out.Spec.Zones[k] = z
	}
	for _, s := range out.Spec.Spares {
		clear(s)
	}
	for i := range out.Status.Conditions {
		clear(&out.Status.Conditions[i])
	}
	return &out
}

func TestBagsTravelAtEveryDepth(t *testing.T) {
	src := fullGadget()
	before := fullGadget()
	var api gadget
	api.ObjectMeta = src.ObjectMeta // as ToHub/FromHub carry metadata
	if err := reflectbags.Stash(&api, src); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, src); diff != "" {
		t.Errorf("Stash modified its source (-before +after):\n%s", diff)
	}
	if _, ok := src.Annotations[boundary.Annotation]; ok {
		t.Error("Stash modified the shared annotations map")
	}
	wantAnnotation := `{".":{"Top":1},"spec":{"Middle":"Theodore"},"spec.owner":{"Since":1928},"spec.owner.inner":{"Deep":true},` +
		`"spec.parts[0]":{"Color":"red"},"spec.parts[2]":{"Color":"blue"},` +
		`"spec.ports[port=443,protocol=\"a b\"]":{"AppProtocol":"https"},"spec.ports[port=80,protocol=TCP]":{"AppProtocol":"http"},` +
		`"spec.ports[port=80,protocol=UDP]":{"AppProtocol":"dns"},"spec.spares[\"one two\"]":{"Kept":"yes"},"spec.zones[west]":{"Weight":3}}`
	if got := api.Annotations[boundary.Annotation]; got != wantAnnotation {
		t.Errorf("annotation:\n got %s\nwant %s", got, wantAnnotation)
	}
	if api.Annotations["owner"] != "crm" {
		t.Errorf("other annotations lost: %v", api.Annotations)
	}
	wantStatus := propertybag.Bags{"status": bag("Ready", `true`), "status.conditions[1]": bag("Reason", `"ok"`)}
	if diff := cmp.Diff(wantStatus, api.Status.PropertyBags); diff != "" {
		t.Errorf("status bags (-want +got):\n%s", diff)
	}

	// Through JSON, as a client sees the object, and back.
	data, err := json.Marshal(&api)
	if err != nil {
		t.Fatal(err)
	}
	var read gadget
	if err := json.Unmarshal(data, &read); err != nil {
		t.Fatal(err)
	}
	dst := shell(src)
	dst.ObjectMeta = read.ObjectMeta
	if err := reflectbags.Recall(dst, &read); err != nil {
		t.Fatal(err)
	}
	want := fullGadget()
	want.Spec.Zones["eu.central-1"] = partStorage{Name: str("x")}
	if diff := cmp.Diff(want, dst); diff != "" {
		t.Errorf("recalled object (-want +got):\n%s", diff)
	}
	if _, ok := read.Annotations[boundary.Annotation]; !ok {
		t.Error("Recall modified its source's annotations")
	}
}

// carry stashes src's bags in an API object, lets edit change the shell
// of the object as a client at the API version would, and recalls.
func carry(t *testing.T, src *gadgetStorage, edit func(*gadgetStorage)) *gadgetStorage {
	t.Helper()
	var api gadget
	if err := reflectbags.Stash(&api, src); err != nil {
		t.Fatal(err)
	}
	dst := shell(src)
	edit(dst)
	dst.ObjectMeta = api.ObjectMeta
	if err := reflectbags.Recall(dst, &api); err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestKeyedBagsFollowTheirElements(t *testing.T) {
	t.Run("reordered", func(t *testing.T) {
		got := carry(t, fullGadget(), func(g *gadgetStorage) {
			p := g.Spec.Ports
			p[0], p[2] = p[2], p[0]
		})
		for _, p := range got.Spec.Ports {
			want := map[string]string{"80/TCP": `"http"`, "80/UDP": `"dns"`, "443/a b": `"https"`}[keyOf(p)]
			if p.PropertyBag["AppProtocol"] != want {
				t.Errorf("port %s has bag %v, want AppProtocol %s", keyOf(p), p.PropertyBag, want)
			}
		}
	})
	t.Run("inserted and removed", func(t *testing.T) {
		got := carry(t, fullGadget(), func(g *gadgetStorage) {
			g.Spec.Ports = []portStorage{{Port: i32(8080), Protocol: str("TCP")}, g.Spec.Ports[2], g.Spec.Ports[0]}
		})
		if got.Spec.Ports[0].PropertyBag != nil {
			t.Errorf("the new element got a bag: %v", got.Spec.Ports[0].PropertyBag)
		}
		if got.Spec.Ports[1].PropertyBag["AppProtocol"] != `"https"` || got.Spec.Ports[2].PropertyBag["AppProtocol"] != `"http"` {
			t.Errorf("bags did not follow their elements: %+v", got.Spec.Ports)
		}
	})
	t.Run("key changed", func(t *testing.T) {
		got := carry(t, fullGadget(), func(g *gadgetStorage) { g.Spec.Ports[0].Port = i32(81) })
		if got.Spec.Ports[0].PropertyBag != nil {
			t.Errorf("an element whose key changed kept the old element's bag: %v", got.Spec.Ports[0].PropertyBag)
		}
	})
	duplicated := func(t *testing.T, src *gadgetStorage) {
		got := carry(t, src, func(g *gadgetStorage) {
			g.Spec.Ports = append(g.Spec.Ports, portStorage{Port: i32(80), Protocol: str("TCP")})
		})
		for i, p := range got.Spec.Ports {
			if keyOf(p) == "80/TCP" && p.PropertyBag != nil {
				t.Errorf("element %d with a duplicated key got a bag: %v", i, p.PropertyBag)
			}
		}
	}
	t.Run("duplicate keys", func(t *testing.T) { duplicated(t, fullGadget()) })
	t.Run("duplicate keys, no bags in map values", func(t *testing.T) {
		// Without map values every bag can be set in place (the faster of
		// Recall' two ways), which must refuse duplicates too.
		src := fullGadget()
		src.Spec.Zones, src.Spec.Spares = nil, nil
		duplicated(t, src)
	})
	t.Run("a key null and a key absent", func(t *testing.T) {
		// An optional key: the string "null" and no value are two keys.
		src := fullGadget()
		src.Spec.Ports = []portStorage{
			{Port: i32(53), Protocol: str("null"), PropertyBag: bag("AppProtocol", `"quoted"`)},
			{Port: i32(53), PropertyBag: bag("AppProtocol", `"absent"`)},
		}
		got := carry(t, src, func(*gadgetStorage) {})
		if len(got.Spec.Ports) != 2 || got.Spec.Ports[0].PropertyBag["AppProtocol"] != `"quoted"` || got.Spec.Ports[1].PropertyBag["AppProtocol"] != `"absent"` {
			t.Errorf("ports: %+v", got.Spec.Ports)
		}
	})
}

func keyOf(p portStorage) string {
	return strings.Join([]string{jsonText(p.Port), *p.Protocol}, "/")
}

func jsonText(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

func TestIndexedBagsBelongToTheirIndex(t *testing.T) {
	got := carry(t, fullGadget(), func(g *gadgetStorage) {
		g.Spec.Parts = g.Spec.Parts[1:] // the first element removed: indexes shift
	})
	// Documented: without keys a bag belongs to its index.
	if got.Spec.Parts[0].PropertyBag["Color"] != `"red"` || got.Spec.Parts[1].PropertyBag != nil {
		t.Errorf("parts: %+v", got.Spec.Parts)
	}
	got = carry(t, fullGadget(), func(g *gadgetStorage) { g.Spec.Parts = g.Spec.Parts[:1] })
	if len(got.Spec.Parts) != 1 || got.Spec.Parts[0].PropertyBag["Color"] != `"red"` {
		t.Errorf("truncated parts: %+v", got.Spec.Parts)
	}
}

func TestBagsOfRemovedElementsAreDropped(t *testing.T) {
	got := carry(t, fullGadget(), func(g *gadgetStorage) {
		g.Spec.Owner = nil
		delete(g.Spec.Zones, "west")
		g.Spec.Spares = nil
	})
	if got.Spec.Spares != nil {
		t.Errorf("recall recreated removed values: %+v", got.Spec)
	}
	// A struct the API version has no place for (gadget has no spec), whose
	// pointer in the twin is nil, keeps its bag: the recall makes a struct
	// for it rather than drop it. (Where the version holds the struct
	// through a pointer, a nil one is the client's removal: TestHeldByValue
	// and the Person example's TestBagsUnderANullStructGoWithIt.)
	if got.Spec.Owner == nil || len(got.Spec.Owner.PropertyBag) == 0 {
		t.Errorf("the bag of the owner, set to null, was dropped: %+v", got.Spec.Owner)
	}
	if _, ok := got.Spec.Zones["west"]; ok {
		t.Errorf("recall recreated a removed map value: %v", got.Spec.Zones)
	}
	if got.Spec.PropertyBag["Middle"] != `"Theodore"` {
		t.Errorf("the spec bag was lost: %v", got.Spec.PropertyBag)
	}
}

// Recall makes a struct below a nil pointer only for what it puts there: a
// path that names no place in it (a field or list the struct has not, or
// a place below one) or an empty bag leaves the pointer nil, and a struct
// made inside a struct that keeps a bag is unmade when nothing lands in
// it. (The generated transport does the same only where its placing walk
// meets the nil pointer, after a $twin entry null set it back to nil:
// package boundary's TestPlacingWalkMakesAStructOnlyForWhatLands. A struct
// its counting walk made stays, empty, when nothing lands in it: the
// known limit package boundary's documentation names.)
func TestRecallMakesAStructOnlyForWhatLands(t *testing.T) {
	for _, c := range []struct{ annotation, want string }{
		{`{"spec.owner.bogus":{"X":1}}`, `null`},
		{`{"spec.owner.inner.nothere.deeper":{"X":1}}`, `null`},
		{`{"spec.owner":{}}`, `null`},
		{`{"spec.owner.inner":{"X":1}}`, `{"inner":{"$propertyBag":{"X":"1"}}}`},
		{`{"spec.owner":{"Y":2},"spec.owner.inner.bogus":{"X":1}}`, `{"$propertyBag":{"Y":"2"}}`},
		{`{"spec.owner.inner.ports[port=80,protocol=TCP]":{"X":1}}`, `null`},
	} {
		api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: c.annotation}}}
		dst := &gadgetStorage{}
		if err := reflectbags.Recall(dst, api); err != nil {
			t.Fatalf("%s: %v", c.annotation, err)
		}
		if got := jsonText(dst.Spec.Owner); got != c.want {
			t.Errorf("%s: owner %s, want %s", c.annotation, got, c.want)
		}
	}
}

// A failed Recall leaves dst as it was, without the structs it made to
// keep the bags below a nil pointer (the owner, which gadget has no place
// for) before it found the annotation at fault (a $twin entry at the object
// itself, where no field has one).
func TestFailedRecallUnmakesTheStructsItMade(t *testing.T) {
	for _, annotation := range []string{
		`{"spec.owner":{"X":"1"},".":{"$twin":{"x":null}}}`,
		`{"spec.owner.inner":{"X":"1"},"spec.owner":{"$twin":{"name":null}}}`,
	} {
		api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: annotation}}}
		dst := &gadgetStorage{ObjectMeta: api.ObjectMeta}
		err := reflectbags.Recall(dst, api)
		if err == nil || !strings.Contains(err.Error(), "$twin names") {
			t.Errorf("%s: err = %v, want the $twin entry at fault", annotation, err)
		}
		if diff := cmp.Diff(&gadgetStorage{ObjectMeta: api.ObjectMeta}, dst); diff != "" {
			t.Errorf("%s: the failed Recall changed dst (-before +after):\n%s", annotation, diff)
		}
	}
}

// Recall asks, at each nil pointer to a struct of dst that the version
// holds by value, whether a bag or a $twin entry lies below it: in time
// logarithmic in the thousands of bags a client may write (the annotation
// holds 256 KiB), not linear, at each of tens of thousands of nil structs
// (it took seconds).
func TestRecallIsFastWithManyBagsAndNilStructs(t *testing.T) {
	skipTiming(t)
	var b strings.Builder
	b.WriteString(`{"spec.parts[3].inner":{"Deep":true}`)
	for i := range 8000 {
		fmt.Fprintf(&b, `,"spec.zones[z%d]":{"A":1}`, i)
	}
	b.WriteString("}")
	api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: b.String()}}}
	var dst *gadgetStorage
	if elapsed := quickest(2*time.Second, func() {
		dst = &gadgetStorage{ObjectMeta: api.ObjectMeta}
		dst.Spec.Parts = make([]partStorage, 50000) // each with a nil inner part
		if err := reflectbags.Recall(dst, api); err != nil {
			t.Fatal(err)
		}
	}); elapsed > 2*time.Second {
		t.Errorf("50000 nil structs against 8000 bags took %v, want well under two seconds", elapsed)
	}
	for i, p := range dst.Spec.Parts {
		if (p.Inner != nil) != (i == 3) {
			t.Fatalf("part %d: inner %+v; want one made for the bag below part 3 only", i, p.Inner)
		}
	}
	if got := dst.Spec.Parts[3].Inner.PropertyBag["Deep"]; got != "true" {
		t.Errorf("the bag below part 3 holds %q, want Deep true", got)
	}
}

func TestRecallKeepsWhatTheCopyPutInTheBag(t *testing.T) {
	var api gadget
	if err := reflectbags.Stash(&api, &gadgetStorage{Spec: gadgetStorageSpec{PropertyBag: bag("A", `1`, "B", `2`)}}); err != nil {
		t.Fatal(err)
	}
	dst := &gadgetStorage{Spec: gadgetStorageSpec{PropertyBag: bag("B", `3`)}}
	dst.ObjectMeta = api.ObjectMeta
	if err := reflectbags.Recall(dst, &api); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(bag("A", `1`, "B", `3`), dst.Spec.PropertyBag); diff != "" {
		t.Errorf("spec bag (-want +got):\n%s", diff)
	}
	if _, ok := dst.Annotations[boundary.Annotation]; ok {
		t.Error("the annotation stayed on the storage object")
	}
}

func TestStatusBagsNeverComeFromTheAnnotation(t *testing.T) {
	for _, path := range []string{"status", "status.conditions[0]", "status[0]"} {
		api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{
			boundary.Annotation: `{"` + path + `":{"Ready":false}}`}}}
		dst := &gadgetStorage{ObjectMeta: api.ObjectMeta, Status: gadgetStorageStatus{Conditions: []partStorage{{}}}}
		err := reflectbags.Recall(dst, api)
		if err == nil || !strings.Contains(err.Error(), boundary.Annotation) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s in the annotation: err = %v, want an error naming the annotation and the path", path, err)
		}
		if dst.Status.PropertyBag != nil || dst.Status.Conditions[0].PropertyBag != nil {
			t.Errorf("%s in the annotation reached the status: %+v", path, dst.Status)
		}
		if _, ok := dst.Annotations[boundary.Annotation]; !ok {
			t.Errorf("a failed recall changed its destination's annotations")
		}
	}
	// "statusLine" is not under status.
	api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"statusLine":{"A":1}}`}}}
	if err := reflectbags.Recall(&gadgetStorage{}, api); err != nil {
		t.Errorf("a path that merely begins with status: %v", err)
	}
	// And the status field carries only status bags.
	api = &gadget{Status: gadgetStatus{PropertyBags: propertybag.Bags{"spec": bag("Middle", `"x"`)}}}
	if err := reflectbags.Recall(&gadgetStorage{}, api); err == nil || !strings.Contains(err.Error(), "$propertyBags") {
		t.Errorf("a spec bag in the status field: err = %v", err)
	}
}

func TestRecallRejectsBadAnnotations(t *testing.T) {
	for _, text := range []string{`{"spec":"not a bag"}`, `{not json`, `[]`} {
		api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: text}}}
		dst := &gadgetStorage{ObjectMeta: api.ObjectMeta}
		err := reflectbags.Recall(dst, api)
		if err == nil || !strings.Contains(err.Error(), boundary.Annotation) || !strings.Contains(err.Error(), "hubspoke") {
			t.Errorf("%s: err = %v, want an error naming hubspoke and the annotation", text, err)
		}
	}
}

// An API version without a status field for its bags cannot carry status
// bags: Stash says so rather than dropping them.
func TestStashWithoutAStatusFieldFails(t *testing.T) {
	type bare struct {
		metav1.TypeMeta   `json:",inline"`
		metav1.ObjectMeta `json:"metadata,omitempty"`
	}
	var api bare
	err := reflectbags.Stash(&api, &gadgetStorage{Status: gadgetStorageStatus{PropertyBag: bag("Ready", `true`)}})
	if err == nil || !strings.Contains(err.Error(), "propertybag.Bags") || !strings.Contains(err.Error(), "status") {
		t.Errorf("err = %v", err)
	}
	if err := reflectbags.Stash(&api, &gadgetStorage{Spec: gadgetStorageSpec{PropertyBag: bag("A", `1`)}}); err != nil {
		t.Errorf("spec bags need no status field: %v", err)
	}
}

func TestStashRemovesAStaleAnnotation(t *testing.T) {
	api := gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: `{"spec":{"A":1}}`}}}
	if err := reflectbags.Stash(&api, &gadgetStorage{}); err != nil {
		t.Fatal(err)
	}
	if api.Annotations != nil {
		t.Errorf("annotations = %v, want none", api.Annotations)
	}
}

// Resources without a spec: one with top-level fields only (like a
// ConfigMap), one with a status only.
type settingsStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	PropertyBag       propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Data              map[string]partStorage  `json:"data,omitempty"`
	Owner             *partStorage            `json:"owner,omitempty"`
}

type settings struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

type probeStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            gadgetStorageStatus `json:"status,omitempty"`
}

type probe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            gadgetStatus `json:"status,omitempty"`
}

func TestBagsOfResourcesWithoutSpec(t *testing.T) {
	t.Run("top-level fields", func(t *testing.T) {
		src := &settingsStorage{
			PropertyBag: bag("Top", `1`),
			Data:        map[string]partStorage{"a": {PropertyBag: bag("Color", `"red"`)}},
			Owner:       &partStorage{Inner: &partStorage{PropertyBag: bag("Deep", `true`)}},
		}
		var api settings
		if err := reflectbags.Stash(&api, src); err != nil {
			t.Fatal(err)
		}
		want := `{".":{"Top":1},"data[a]":{"Color":"red"},"owner.inner":{"Deep":true}}`
		if got := api.Annotations[boundary.Annotation]; got != want {
			t.Errorf("annotation:\n got %s\nwant %s", got, want)
		}
		dst := &settingsStorage{Data: map[string]partStorage{"a": {}}, Owner: &partStorage{Inner: &partStorage{}}}
		dst.ObjectMeta = api.ObjectMeta
		if err := reflectbags.Recall(dst, &api); err != nil {
			t.Fatal(err)
		}
		src.ObjectMeta = dst.ObjectMeta
		if diff := cmp.Diff(src, dst); diff != "" {
			t.Errorf("recalled (-want +got):\n%s", diff)
		}
	})
	t.Run("status only", func(t *testing.T) {
		src := &probeStorage{Status: gadgetStorageStatus{
			PropertyBag: bag("Ready", `true`),
			Conditions:  []partStorage{{PropertyBag: bag("Reason", `"ok"`)}},
		}}
		var api probe
		if err := reflectbags.Stash(&api, src); err != nil {
			t.Fatal(err)
		}
		if _, ok := api.Annotations[boundary.Annotation]; ok {
			t.Errorf("status bags in the annotation: %v", api.Annotations)
		}
		wantStatus := propertybag.Bags{"status": bag("Ready", `true`), "status.conditions[0]": bag("Reason", `"ok"`)}
		if diff := cmp.Diff(wantStatus, api.Status.PropertyBags); diff != "" {
			t.Errorf("status bags (-want +got):\n%s", diff)
		}
		dst := &probeStorage{Status: gadgetStorageStatus{Conditions: []partStorage{{}}}}
		if err := reflectbags.Recall(dst, &api); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(src, dst); diff != "" {
			t.Errorf("recalled (-want +got):\n%s", diff)
		}
	})
}

// skipTiming skips a test that times large recalls under go test -short,
// and under the race detector, whose slowdown (tenfold and more on a
// loaded machine) leaves such a test no margin. CI runs them without it.
func skipTiming(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("times large recalls")
	}
	if raceEnabled {
		t.Skip("times large recalls: not under the race detector")
	}
}

// quickest runs run three times at most, until it takes no more than
// limit, and returns the shortest time it took: a check that work is
// linear, not quadratic, should not fail on one run that a loaded machine
// slowed (quadratic work misses the limit every time).
func quickest(limit time.Duration, run func()) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := time.Now()
		run()
		if elapsed := time.Since(start); elapsed < best {
			best = elapsed
		}
		if best <= limit {
			break
		}
	}
	return best
}

// rackStorage keeps, in list elements keyed by name, a pointer to a
// struct (card) that its API version, gadget, has no place for: a bag
// below a nil card is kept in a card made for it.
type rackStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		Slots []slotStorage `json:"slots,omitempty" hubspoke:"listMapKey=name"`
	} `json:"spec,omitempty"`
}

type slotStorage struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Card        *partStorage            `json:"card,omitempty"`
}

// A bag below a nil struct of a list element is kept in a struct made for
// it; where two elements share the element's keys, its
// path names neither, and no struct is made for it in either (the struct
// made while looking is dropped again).
func TestRecallMakesNoStructAtADuplicatedPath(t *testing.T) {
	for _, annotation := range []string{
		`{"spec.slots[name=a].card":{"X":1}}`,
		`{"spec.slots[name=a]":{"Y":2},"spec.slots[name=a].card":{"X":1}}`,
	} {
		recall := func(names ...string) *rackStorage {
			t.Helper()
			api := &gadget{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: annotation}}}
			dst := &rackStorage{}
			for _, n := range names {
				dst.Spec.Slots = append(dst.Spec.Slots, slotStorage{Name: &n})
			}
			if err := reflectbags.Recall(dst, api); err != nil {
				t.Fatal(err)
			}
			return dst
		}
		once := recall("a", "b")
		if c := once.Spec.Slots[0].Card; c == nil || c.PropertyBag["X"] != "1" {
			t.Errorf("%s: slot a: card %+v, want one made for the bag X", annotation, c)
		}
		if c := once.Spec.Slots[1].Card; c != nil {
			t.Errorf("%s: slot b: card %+v, want none", annotation, c)
		}
		for i, s := range recall("a", "a", "b").Spec.Slots {
			if s.Card != nil {
				t.Errorf("%s: slot %d (%s): card %+v, want none: two slots are named a", annotation, i, *s.Name, s.Card)
			}
		}
	}
}
