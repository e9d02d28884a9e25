package convtest

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type shrinkObj struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              shrinkSpec `json:"spec"`
	Other             string     `json:"other"`
}

type shrinkSpec struct {
	Bag    propertybag.PropertyBag `json:"$propertyBag,omitempty"`
	One    propertybag.PropertyBag `json:"one,omitempty"`
	Bags   propertybag.Bags        `json:"$propertyBags,omitempty"`
	Single propertybag.Bags        `json:"single,omitempty"`
	List   []int32                 `json:"list"`
	Arr    [2]int32                `json:"arr"`
	Map    map[string]string       `json:"map"`
	Ptr    *string                 `json:"ptr"`
	S      string                  `json:"s"`
	U      uint8                   `json:"u"`
	F      float64                 `json:"f"`
	B      bool                    `json:"b"`
	Fixed  string                  `json:"fixed"`
	Custom int16                   `json:"custom"`
}

func (s *shrinkObj) DeepCopyObject() runtime.Object { return cloneObject(s) }

// TestShrinkEdits: the variants the shrinker proposes for an object: all
// but the metadata at once, and for each value what makes it smaller (nil,
// empty, one element, entry, bag or bag value less, halves, shorter text),
// never an empty bag, only zero for FieldValues' and GenFunc's values.
func TestShrinkEdits(t *testing.T) {
	p := "pointed"
	obj := &shrinkObj{
		ObjectMeta: metav1.ObjectMeta{Name: "n"},
		Spec: shrinkSpec{
			Bag:    propertybag.PropertyBag{"a": "1", "b": "2"},
			One:    propertybag.PropertyBag{"c": "3"},
			Bags:   propertybag.Bags{"spec": {"d": "4", "e": "5"}, "status": {"f": "6"}},
			Single: propertybag.Bags{"spec": {"g": "7"}},
			List:   []int32{10, 20}, Arr: [2]int32{0, 8}, Map: map[string]string{"k": "vv", "l": "w"},
			Ptr: &p, S: "abcd", U: 6, F: 2.5, B: true, Fixed: "fixed", Custom: 40,
		},
		Other: "o",
	}
	cfg := newConfig([]Option{FieldValues("Fixed", "fixed"), GenFunc(func(*rand.Rand) int16 { return 40 })})
	var variants []*shrinkObj
	next := shrinkObject(obj, cfg)
	for {
		v, ok := next()
		if !ok {
			break
		}
		variants = append(variants, v.(*shrinkObj))
	}
	has := func(what string, edit func(o *shrinkObj)) {
		t.Helper()
		want := cloneObject(obj).(*shrinkObj)
		edit(want)
		for _, v := range variants {
			if reflect.DeepEqual(v, want) {
				return
			}
		}
		t.Errorf("no variant with %s", what)
	}
	if first := variants[0]; !reflect.DeepEqual(*first, shrinkObj{ObjectMeta: obj.ObjectMeta}) {
		t.Errorf("the first variant is not the metadata alone: %+v", first)
	}
	has("the spec zero", func(o *shrinkObj) { o.Spec = shrinkSpec{} })
	has("a bag entry less", func(o *shrinkObj) { delete(o.Spec.Bag, "a") })
	has("no bag", func(o *shrinkObj) { o.Spec.Bag = nil })
	has("a bag of the bags less", func(o *shrinkObj) { delete(o.Spec.Bags, "status") })
	has("a value of a bag of the bags less", func(o *shrinkObj) { delete(o.Spec.Bags["spec"], "e") })
	has("no bags", func(o *shrinkObj) { o.Spec.Bags = nil })
	has("a nil list", func(o *shrinkObj) { o.Spec.List = nil })
	has("an empty list", func(o *shrinkObj) { o.Spec.List = []int32{} })
	has("a list element less", func(o *shrinkObj) { o.Spec.List = []int32{10} })
	has("a list element halved", func(o *shrinkObj) { o.Spec.List[1] = 10 })
	has("an array element halved", func(o *shrinkObj) { o.Spec.Arr[1] = 4 })
	has("a nil map", func(o *shrinkObj) { o.Spec.Map = nil })
	has("an empty map", func(o *shrinkObj) { o.Spec.Map = map[string]string{} })
	has("a map entry less", func(o *shrinkObj) { delete(o.Spec.Map, "k") })
	has("a map value shorter", func(o *shrinkObj) { o.Spec.Map["k"] = "v" })
	has("a nil pointer", func(o *shrinkObj) { o.Spec.Ptr = nil })
	has("a shorter string", func(o *shrinkObj) { o.Spec.S = "ab" })
	has("a halved uint", func(o *shrinkObj) { o.Spec.U = 3 })
	has("a truncated float", func(o *shrinkObj) { o.Spec.F = 2 })
	has("a false bool", func(o *shrinkObj) { o.Spec.B = false })
	has("FieldValues' value zero", func(o *shrinkObj) { o.Spec.Fixed = "" })
	has("GenFunc's value zero", func(o *shrinkObj) { o.Spec.Custom = 0 })
	for _, v := range variants {
		if v.Spec.One != nil && len(v.Spec.One) == 0 || v.Spec.Single != nil && (len(v.Spec.Single) == 0 || len(v.Spec.Single["spec"]) == 0) {
			t.Errorf("a variant with an empty bag")
		}
		if v.Spec.Fixed != "" && v.Spec.Fixed != "fixed" || v.Spec.Custom != 0 && v.Spec.Custom != 40 {
			t.Errorf("a value of FieldValues or GenFunc changed: %q, %d", v.Spec.Fixed, v.Spec.Custom)
		}
	}
	if obj.Spec.S != "abcd" || len(obj.Spec.Bag) != 2 || len(obj.Spec.List) != 2 {
		t.Errorf("shrinking changed the object: %s", fmt.Sprint(obj.Spec))
	}
}

// TestShorterStrings: "", the first half, and without the first or the last
// rune, each once, cut at rune boundaries.
func TestShorterStrings(t *testing.T) {
	for s, want := range map[string][]string{
		"abcdef": {"", "abc", "bcdef", "abcde"},
		"abc":    {"", "a", "bc", "ab"},
		"ab":     {"", "b", "a"},
		"a":      {""},
		"日本語":    {"", "日", "本語", "日本"},
		"aaaa":   {"", "aa", "aaa"},
		"":       {""},
	} {
		if got := shorterStrings(s); !slices.Equal(got, want) {
			t.Errorf("shorterStrings(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestShrinkBagsText: the bags annotation loses one bag, or one value of a
// bag with several, at a time; text that does not parse is left alone.
func TestShrinkBagsText(t *testing.T) {
	text, err := propertybag.MarshalBags(propertybag.Bags{"spec": {"a": "1", "b": "2"}, "status": {"c": "3"}})
	if err != nil {
		t.Fatal(err)
	}
	k := reflect.ValueOf("bags")
	var got []string
	for _, op := range shrinkBagsText(k, text) {
		m := reflect.ValueOf(map[string]string{"bags": text})
		op(m)
		bags, err := propertybag.UnmarshalBags(m.MapIndex(k).String())
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprint(bags))
	}
	want := []string{"map[status:map[c:3]]", "map[spec:map[a:1 b:2]]", "map[spec:map[b:2] status:map[c:3]]", "map[spec:map[a:1] status:map[c:3]]"}
	if !slices.Equal(got, want) {
		t.Errorf("variants %q, want %q", got, want)
	}
	if ops := shrinkBagsText(k, "{not bags"); len(ops) != 0 {
		t.Errorf("%d variants of text that does not parse", len(ops))
	}
}
