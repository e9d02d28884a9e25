package convtest

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/boundary"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type reorderObj struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              reorderSpec `json:"spec"`
}

type reorderSpec struct {
	Items  []reorderItem           `json:"items,omitempty"`
	Ports  []reorderItem           `json:"ports,omitempty" hubspoke:"listMapKey=name"`
	Names  []string                `json:"names,omitempty"`
	Groups map[string]reorderGroup `json:"groups,omitempty"`
}

type reorderGroup struct {
	Items []*reorderItem `json:"items,omitempty"`
}

type reorderItem struct {
	Name string `json:"name"`
}

func (o *reorderObj) DeepCopyObject() runtime.Object { return cloneObject(o) }

// TestReorderSites: the reorder check changes a list of structs without
// list-map keys, at any depth (in map values too), with two elements at
// least, all of different JSON, of which one has a value carried for
// another version (not only the kit's unknown entries) at or below its
// path, as package boundary writes it; and no other list.
func TestReorderSites(t *testing.T) {
	keys := listKeys{}
	typ := reflect.TypeFor[reorderObj]()
	keys.learn(typ, typ, map[[2]reflect.Type]bool{})
	k := &kit{gen: &generator{keys: keys}, toHub: &visibility{src: shapeOf(reflect.TypeFor[*reorderObj]())}}
	items := func(names ...string) []reorderItem {
		var out []reorderItem
		for _, n := range names {
			out = append(out, reorderItem{Name: n})
		}
		return out
	}
	obj := func(bags string, it []reorderItem) *reorderObj {
		o := &reorderObj{Spec: reorderSpec{
			Items:  it,
			Ports:  items("p", "q"),
			Names:  []string{"m", "n"},
			Groups: map[string]reorderGroup{"a b": {Items: []*reorderItem{{Name: "g"}, {Name: "h"}}}},
		}}
		if bags != "" {
			o.Annotations = map[string]string{boundary.Annotation: bags}
		}
		return o
	}
	sites := func(x, sent, hub runtime.Object) []string {
		var out []string
		for _, s := range k.reorderSites(x, sent, hub) {
			if !slices.Equal(s.path, s.hubPath) {
				t.Errorf("site %s: hub path %s", renderPath(s.path), renderPath(s.hubPath))
			}
			out = append(out, renderPath(s.path))
		}
		return out
	}
	for _, c := range []struct {
		name, bags string
		items      []reorderItem
		want       []string
	}{
		{"carried in an element", `{"spec.items[1]":{"X":"1"}}`, items("a", "b"), []string{"spec.items"}},
		{"a $twin entry below an element", `{"spec.items[0].deep":{"$twin":{"name":null}}}`, items("a", "b"), []string{"spec.items"}},
		{"in a map value, by key", `{"spec.groups[\"a b\"].items[0]":{"X":"1"}}`, items("a", "b"), []string{`spec.groups["a b"].items`}},
		{"both", `{"spec.items[1]":{"X":"1"},"spec.groups[\"a b\"].items[1]":{"X":"1"}}`, items("a", "b"), []string{"spec.items", `spec.groups["a b"].items`}},
		{"nothing carried", "", items("a", "b"), nil},
		{"only the kit's unknown entries", `{"spec.items[1]":{"x-convtest-ab":"1"}}`, items("a", "b"), nil},
		{"the kit's unknown entries beside a value", `{"spec.items[1]":{"x-convtest-ab":"1","X":"2"}}`, items("a", "b"), []string{"spec.items"}},
		{"carried beside the list only", `{"spec":{"X":"1"}}`, items("a", "b"), nil},
		{"another index's prefix", `{"spec.items[10]":{"X":"1"}}`, items("a", "b"), nil},
		{"two elements of equal JSON", `{"spec.items[1]":{"X":"1"}}`, items("a", "b", "a"), nil},
		{"one element", `{"spec.items[0]":{"X":"1"}}`, items("a"), nil},
		{"keyed", `{"spec.ports[name=p]":{"X":"1"},"spec.ports[0]":{"X":"1"}}`, items("a", "b"), nil},
	} {
		sent := obj(c.bags, c.items)
		if got := sites(sent, sent, sent); !slices.Equal(got, c.want) {
			t.Errorf("%s: sites %q, want %q", c.name, got, c.want)
		}
	}
	// An element whose JSON the trip to the client changed, or a hub
	// without the list, or with another number of elements: no site.
	sent := obj(`{"spec.items[1]":{"X":"1"}}`, items("a", "b"))
	if got := sites(obj("", items("a", "c")), sent, sent); got != nil {
		t.Errorf("an element changed through JSON: sites %q", got)
	}
	if got := sites(sent, sent, obj("", items("a", "b", "c"))); got != nil {
		t.Errorf("a hub list of three: sites %q", got)
	}
	if got := sites(sent, sent, obj("", nil)); got != nil {
		t.Errorf("no hub list: sites %q", got)
	}
	// Relations that give the list two places in the hub, or another
	// place: that place, or no site.
	items2 := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "items"}}
	names := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "names"}}
	ports := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "ports"}}
	k.toHub.steps = [][]relation{{{old: items2, new: names}, {old: items2, new: ports}}}
	if got := k.reorderSites(sent, sent, sent); got != nil {
		t.Errorf("a list with two places in the hub: sites %v", got)
	}
	k.toHub.steps = [][]relation{{{old: items2, new: ports}}}
	if got := k.reorderSites(sent, sent, sent); len(got) != 1 || renderPath(got[0].hubPath) != "spec.ports" {
		t.Errorf("a list the hub has as spec.ports: sites %v", got)
	}
	k.toHub.steps = nil
	// A declared default the API server would set in an element.
	k.toHub.srcDefaults = []defaultRule{{pattern: []seg{{kind: segField, name: "spec"}, {kind: segField, name: "items"}, {kind: segAnyElem}, {kind: segField, name: "name"}}}}
	if got := sites(obj(`{"spec.items[1]":{"X":"1"}}`, items("a", "")), obj(`{"spec.items[1]":{"X":"1"}}`, items("a", "")), sent); got != nil {
		t.Errorf("an element with a defaulted name: sites %q", got)
	}
}

// TestChangeIn: the reorder check's changes, made to an object's JSON.
func TestChangeIn(t *testing.T) {
	o := &reorderObj{Spec: reorderSpec{
		Items:  []reorderItem{{Name: "a"}, {Name: "b"}, {Name: "c"}},
		Groups: map[string]reorderGroup{"g": {Items: []*reorderItem{{Name: "x"}, {Name: "y"}}}},
	}}
	items := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "items"}}
	got, ok := changeIn(o, &reorderObj{}, items, reverseList)
	if !ok || !reflect.DeepEqual(got.(*reorderObj).Spec.Items, []reorderItem{{Name: "c"}, {Name: "b"}, {Name: "a"}}) {
		t.Errorf("reversed: %v %+v", ok, got)
	}
	inMap := []seg{{kind: segField, name: "spec"}, {kind: segField, name: "groups"}, {kind: segKey, name: "g"}, {kind: segField, name: "items"}}
	got, ok = changeIn(o, &reorderObj{}, inMap, deleteFirstElem)
	if !ok || len(got.(*reorderObj).Spec.Groups["g"].Items) != 1 || got.(*reorderObj).Spec.Groups["g"].Items[0].Name != "y" {
		t.Errorf("first deleted: %v %+v", ok, got)
	}
	if o.Spec.Items[0].Name != "a" || len(o.Spec.Groups["g"].Items) != 2 {
		t.Errorf("changeIn changed its source: %+v", o)
	}
	if _, ok := changeIn(o, &reorderObj{}, []seg{{kind: segField, name: "spec"}, {kind: segField, name: "names"}}, reverseList); ok {
		t.Error("changed a list the object does not have")
	}
}
