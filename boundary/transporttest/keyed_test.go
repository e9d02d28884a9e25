package transporttest_test

import (
	"encoding/json"
	"maps"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A harbour, whose docks are keyed by name in spec and in status, each
// with berths keyed by number and crews without keys.
type harbourTwin struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              harbourTwinSpec   `json:"spec,omitempty"`
	Status            harbourTwinStatus `json:"status,omitempty"`
}

type harbourTwinSpec struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Docks       []dockTwin              `json:"docks,omitempty" hubspoke:"listMapKey=name"`
}

type harbourTwinStatus struct {
	Docks []dockTwin `json:"docks,omitempty" hubspoke:"listMapKey=name"`
}

type dockTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Name        *string                 `json:"name,omitempty"`
	Berths      []berthTwin             `json:"berths,omitempty" hubspoke:"listMapKey=number"`
	Crew        []backendTwin           `json:"crew,omitempty"`
}

type berthTwin struct {
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	Number      *int32                  `json:"number,omitempty"`
	Depth       *int32                  `json:"depth,omitempty"`
}

type harbour struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              harbourSpec   `json:"spec,omitempty"`
	Status            harbourStatus `json:"status,omitempty"`
}

type harbourSpec struct {
	Docks []dock `json:"docks,omitempty"`
}

type harbourStatus struct {
	PropertyBags propertybag.Bags `json:"$propertyBags,omitempty"`
	Docks        []dock           `json:"docks,omitempty"`
}

type dock struct {
	Name   string    `json:"name,omitempty"`
	Berths []berth   `json:"berths,omitempty"`
	Crew   []backend `json:"crew,omitempty"`
}

type berth struct {
	Number int32 `json:"number,omitempty"`
	Depth  int32 `json:"depth"` // required: absent in the twin, shown as 0
}

func docksFrom(ts []dockTwin) []dock {
	if ts == nil {
		return nil
	}
	out := make([]dock, len(ts))
	for i, t := range ts {
		out[i] = dock{Name: value(t.Name), Crew: backendsFrom(t.Crew)}
		if t.Berths != nil {
			out[i].Berths = make([]berth, len(t.Berths))
			for j, b := range t.Berths {
				out[i].Berths[j] = berth{Number: value(b.Number), Depth: value(b.Depth)}
			}
		}
	}
	return out
}

func docksTo(as []dock) []dockTwin {
	if as == nil {
		return nil
	}
	out := make([]dockTwin, len(as))
	for i, a := range as {
		out[i] = dockTwin{Name: nilIfZero(a.Name), Crew: backendsTo(a.Crew)}
		if a.Berths != nil {
			out[i].Berths = make([]berthTwin, len(a.Berths))
			for j, b := range a.Berths {
				d := b.Depth
				out[i].Berths[j] = berthTwin{Number: nilIfZero(b.Number), Depth: &d}
			}
		}
	}
	return out
}

// harbourTransport plays the transport hubspoke-gen writes for the
// harbour. keysOnly makes the recall name the elements of keyed lists by
// their keys alone (as before an older release's indexes were read); key,
// when set, writes the keys in paths in place of boundary.Key.
// keyWriter writes a list-map key or a map key into a path as a test
// transport does: boundary.Key when nil, else a faulty writer a test seeds.
type keyWriter func(any) string

func (w keyWriter) of(v any) string {
	if w == nil {
		return boundary.Key(v)
	}
	return w(v)
}

type harbourTransport struct {
	keysOnly bool
	key      keyWriter
}

func (ht harbourTransport) from(a *harbour, t *harbourTwin) error {
	*a = harbour{TypeMeta: t.TypeMeta, ObjectMeta: t.ObjectMeta}
	a.Spec.Docks, a.Status.Docks = docksFrom(t.Spec.Docks), docksFrom(t.Status.Docks)
	var c boundary.Carrier
	c.Bag("spec", &t.Spec.PropertyBag)
	if err := ht.stashDocks(&c, "spec.docks", a.Spec.Docks, t.Spec.Docks); err != nil {
		return err
	}
	if err := ht.stashDocks(&c, "status.docks", a.Status.Docks, t.Status.Docks); err != nil {
		return err
	}
	return c.Done(&a.ObjectMeta, &a.Status.PropertyBags)
}

func (ht harbourTransport) stashDocks(c *boundary.Carrier, list string, as []dock, ts []dockTwin) error {
	for i := range ts {
		path := list + "[name=" + ht.key.of(ts[i].Name) + "]"
		c.Bag(path, &ts[i].PropertyBag)
		var a dock
		if i < len(as) {
			a = as[i]
		}
		for j := range ts[i].Berths {
			b := &ts[i].Berths[j]
			bpath := path + ".berths[number=" + ht.key.of(b.Number) + "]"
			c.Bag(bpath, &b.PropertyBag)
			if j < len(a.Berths) && b.Depth == nil && a.Berths[j].Depth == 0 {
				if err := c.Twin(bpath, "depth", nil); err != nil {
					return err
				}
			}
		}
		crew := path + ".crew"
		mark := c.Mark()
		for j := range ts[i].Crew {
			var ab *backend
			if j < len(a.Crew) {
				ab = &a.Crew[j]
			}
			if err := stashBackend(c, crew+"["+strconv.Itoa(j)+"]", ab, &ts[i].Crew[j]); err != nil {
				return err
			}
		}
		if err := boundary.Elements(c, crew, mark, a.Crew); err != nil {
			return err
		}
	}
	return nil
}

func (ht harbourTransport) to(a *harbour, t *harbourTwin) error {
	*t = harbourTwin{TypeMeta: a.TypeMeta, ObjectMeta: a.ObjectMeta}
	t.Spec.Docks, t.Status.Docks = docksTo(a.Spec.Docks), docksTo(a.Status.Docks)
	var r boundary.Carrier
	if err := r.Open(a.Annotations, a.Status.PropertyBags); err != nil {
		return err
	}
	for r.Next() {
		r.Bag("spec", &t.Spec.PropertyBag)
		if err := ht.recallDocks(&r, "spec.docks", a.Spec.Docks, t.Spec.Docks); err != nil {
			return err
		}
		if err := ht.recallDocks(&r, "status.docks", a.Status.Docks, t.Status.Docks); err != nil {
			return err
		}
	}
	return r.Done(&t.ObjectMeta, nil)
}

// keyedOrder is what the emitted code does for a list with keys: the
// paths by keys, then Match.
func (ht harbourTransport) keyedOrder(r *boundary.Carrier, list string, as any, keyed []string) boundary.Order {
	if ht.keysOnly {
		return boundary.Order{}
	}
	switch as := as.(type) {
	case []dock:
		return boundary.Match(r, list, as, keyed...)
	case []berth:
		return boundary.Match(r, list, as, keyed...)
	}
	panic("unexpected list")
}

func (ht harbourTransport) recallDocks(r *boundary.Carrier, list string, as []dock, ts []dockTwin) error {
	keyed := make([]string, len(ts))
	for i := range ts {
		keyed[i] = list + "[name=" + ht.key.of(ts[i].Name) + "]"
	}
	order := ht.keyedOrder(r, list, as, keyed)
	for i := range ts {
		path := keyed[i]
		if !ht.keysOnly {
			path = order.Path(list, i)
		}
		r.Bag(path, &ts[i].PropertyBag)
		var a dock
		if i < len(as) {
			a = as[i]
		}
		berths := make([]string, len(ts[i].Berths))
		for j := range ts[i].Berths {
			berths[j] = path + ".berths[number=" + ht.key.of(ts[i].Berths[j].Number) + "]"
		}
		border := ht.keyedOrder(r, path+".berths", a.Berths, berths)
		for j := range ts[i].Berths {
			b := &ts[i].Berths[j]
			bpath := berths[j]
			if !ht.keysOnly {
				bpath = border.Path(path+".berths", j)
			}
			r.Bag(bpath, &b.PropertyBag)
			if j < len(a.Berths) {
				if err := boundary.Restore(r, bpath, "depth", &b.Depth, a.Berths[j].Depth == 0, nil); err != nil {
					return err
				}
			}
		}
		crew := path + ".crew"
		corder := boundary.Match(r, crew, a.Crew)
		for j := range ts[i].Crew {
			var ab *backend
			if j < len(a.Crew) {
				ab = &a.Crew[j]
			}
			if err := recallBackend(r, corder.Path(crew, j), ab, &ts[i].Crew[j]); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestCheckKeyedLists: package boundary's transport of lists with
// list-map keys agrees with reflectbags byte for byte and twin for twin,
// also for objects stashed by an older release whose lists had no keys
// (named by index, with fingerprints), which keep every hidden value; a
// recall that reads only the keys loses them, and Check says so.
func TestCheckKeyedLists(t *testing.T) {
	good := harbourTransport{}
	if err := transporttest.Check(transporttest.PairOf("harbour", good.from, good.to), 500); err != nil {
		t.Errorf("boundary's transport: %v", err)
	}
	bad := harbourTransport{keysOnly: true}
	err := transporttest.Check(transporttest.PairOf("keys only", bad.from, bad.to), 500)
	if err == nil || !strings.Contains(err.Error(), "stashed as a release without list-map keys") {
		t.Errorf("keys only: Check says %v, want an error for an older release's annotation", err)
	}
}

// What an annotation written by hand (or by no release) holds for a list
// with keys, read by both transports alike: a path by keys wins over one
// by index for the same element; an index no element has, or an element
// whose keys another shares, gets nothing from the index; nothing panics.
func TestKeyedListsFromHostileAnnotations(t *testing.T) {
	docks := func(names ...string) []dock {
		var out []dock
		for _, n := range names {
			out = append(out, dock{Name: n, Berths: []berth{{Number: 1}}})
		}
		return out
	}
	for _, tc := range []struct {
		name       string
		docks      []dock
		annotation string
		want       map[string]string // the bag of each dock, by name (in order), and of berth 1 below it
	}{
		{"index and keys for one element", docks("a", "b"),
			`{"spec.docks[0]":{"K":"index"},"spec.docks[name=a]":{"K":"keys"},"spec.docks[1]":{"K":"b by index"}}`,
			map[string]string{"a": `{"K":"\"keys\""}`, "b": `{"K":"\"b by index\""}`}},
		{"index below, keys above", docks("a"),
			`{"spec.docks[0].berths[0]":{"K":"index"},"spec.docks[name=a]":{"K":"keys"}}`,
			map[string]string{"a": `{"K":"\"keys\""}`}},
		{"out of range", docks("a"),
			`{"spec.docks[1]":{"K":"x"},"spec.docks[99999999999999999999]":{"K":"y"},"spec.docks[-1]":{"K":"z"},"spec.docks[+0]":{"K":"w"},"spec.docks[0x]":{"K":"v"}}`,
			map[string]string{}},
		// A bag written twice is an error, as for any bag (want nil).
		{"an element by index twice", docks("a"),
			`{"spec.docks[0]":{"K":"first"},"spec.docks[0]":{"K":"last"}}`,
			nil},
		{"shared keys", []dock{{Name: "a"}, {Name: "a"}},
			`{"spec.docks[0]":{"K":"x"},"spec.docks[1]":{"K":"y"}}`,
			map[string]string{}},
		{"nested indexes", docks("a", "b"),
			`{"spec.docks[1].berths[0]":{"K":"b1"},"spec.docks[0].berths[0]":{"$twin":{"depth":null}}}`,
			map[string]string{"b/1": `{"K":"\"b1\""}`}},
		// Matched as a list without keys is: two fingerprints no element
		// has are read as two elements edited in place; three, as an
		// element deleted beside them, which cannot be told apart.
		{"fingerprints that match no element", docks("a", "b"),
			`{"#elements":{"spec.docks[0]":"xxxxxxxxxxx","spec.docks[1]":"yyyyyyyyyyy"},"spec.docks[0]":{"K":"a"},"spec.docks[1]":{"K":"b"}}`,
			map[string]string{"a": `{"K":"\"a\""}`, "b": `{"K":"\"b\""}`}},
		{"more fingerprints than elements, none matching", docks("a", "b"),
			`{"#elements":{"spec.docks[0]":"xxxxxxxxxxx","spec.docks[1]":"yyyyyyyyyyy","spec.docks[5]":"zzzzzzzzzzz"},"spec.docks[0]":{"K":"a"},"spec.docks[1]":{"K":"b"}}`,
			map[string]string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &harbour{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: tc.annotation}}}
			a.Spec.Docks = tc.docks
			emitted, walked := &harbourTwin{}, &harbourTwin{}
			errE := harbourTransport{}.to(a, emitted)
			*walked = harbourTwin{ObjectMeta: metav1.ObjectMeta{Annotations: a.Annotations}}
			walked.Spec.Docks = docksTo(a.Spec.Docks)
			errW := reflectbags.Recall(walked, a)
			if tc.want == nil {
				if errE == nil || errW == nil || !strings.Contains(errE.Error(), "appears twice") || !strings.Contains(errW.Error(), "appears twice") {
					t.Errorf("emitted: %v, reflection: %v; want both to say a bag appears twice", errE, errW)
				}
				return
			}
			if errE != nil || errW != nil {
				t.Fatalf("emitted: %v, reflection: %v", errE, errW)
			}
			if je, jw := jsonOf(t, emitted), jsonOf(t, walked); je != jw {
				t.Fatalf("twins differ:\nemitted:    %s\nreflection: %s", je, jw)
			}
			got := map[string]string{}
			for _, d := range emitted.Spec.Docks {
				if d.PropertyBag != nil {
					got[value(d.Name)] = jsonOf(t, d.PropertyBag)
				}
				for _, b := range d.Berths {
					if b.PropertyBag != nil {
						got[value(d.Name)+"/"+strconv.Itoa(int(value(b.Number)))] = jsonOf(t, b.PropertyBag)
					}
				}
			}
			if !maps.Equal(got, tc.want) {
				t.Errorf("bags %v, want %v", got, tc.want)
			}
		})
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Many elements of a list with keys named by index, and a path of many
// index brackets below one, cost package boundary's transport time linear
// in them.
func TestKeyedListsHostileIndexesCostLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("times large recalls")
	}
	var many strings.Builder
	many.WriteString(`{`)
	for i := range 8000 {
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(`"spec.docks[` + strconv.Itoa(i) + `]":{"K":"x"}`)
	}
	many.WriteString(`}`)
	for _, tc := range []struct {
		name       string
		annotation string
		docks      int
		want       int // docks that get a bag
	}{
		{"8000 docks by index, 64000 docks", many.String(), 64000, 8000},
		{"a path of 120000 index brackets", `{"spec.docks[0]` + strings.Repeat("[0]", 120000) + `":{"K":"x"},"spec.docks[0]":{"K":"y"}}`, 1, 1},
	} {
		a := &harbour{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{boundary.Annotation: tc.annotation}}}
		for i := range tc.docks {
			a.Spec.Docks = append(a.Spec.Docks, dock{Name: "d" + strconv.Itoa(i)})
		}
		start := time.Now()
		got := &harbourTwin{}
		if err := (harbourTransport{}).to(a, got); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("%s: recall took %v", tc.name, elapsed)
		}
		n := 0
		for _, d := range got.Spec.Docks {
			if d.PropertyBag != nil {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d docks got a bag, want %d", tc.name, n, tc.want)
		}
	}
}
