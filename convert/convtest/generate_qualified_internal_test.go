package convtest

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

type qualMetric struct {
	Type   string  `json:"type"`
	Target *string `json:"target"`
}

type qualCondition struct {
	Type string `json:"type"`
}

type qualFamily string

type qualHolder struct {
	Metric     qualMetric            `json:"metric"`
	Conditions []qualCondition       `json:"conditions"`
	Families   []qualFamily          `json:"families"`
	ByZone     map[string]qualFamily `json:"byZone"`
	Names      []int32               `json:"names"` // no value converts: random
}

// fillQual fills n holders with the options.
func fillQual(n int, opts ...Option) []qualHolder {
	cfg := newConfig(opts)
	r := rand.New(rand.NewPCG(11, 12))
	out := make([]qualHolder, n)
	for i := range out {
		b := &builder{r: r, size: 6, cfg: cfg}
		b.fill(reflect.ValueOf(&out[i]).Elem(), 0)
	}
	return out
}

// TestFieldValuesQualified: "qualMetric.Type" reaches only the Type of
// qualMetric; the condition's Type keeps its random text, or, given a bare
// FieldValues too, draws that one's values, whatever the order.
func TestFieldValuesQualified(t *testing.T) {
	enum := []string{"Pods", "Resource", ""}
	qualified := FieldValues("qualMetric.Type", "Pods", "Resource", "")
	randomCond := 0
	for _, h := range fillQual(300, qualified) {
		if !slices.Contains(enum, h.Metric.Type) {
			t.Fatalf("the metric's type %q is not a value", h.Metric.Type)
		}
		for _, c := range h.Conditions {
			if !slices.Contains(enum, c.Type) {
				randomCond++
			}
		}
	}
	if randomCond < 50 {
		t.Errorf("%d random condition types: the qualified values reached the conditions", randomCond)
	}
	bare := FieldValues("Type", "free")
	for _, opts := range [][]Option{{qualified, bare}, {bare, qualified}} {
		for _, h := range fillQual(100, opts...) {
			if !slices.Contains(enum, h.Metric.Type) {
				t.Fatalf("the metric's type %q: the bare values won over the qualified", h.Metric.Type)
			}
			for _, c := range h.Conditions {
				if c.Type != "free" {
					t.Fatalf("a condition's type %q: want the bare value", c.Type)
				}
			}
		}
	}
	// A qualified pointer field.
	nils, set := 0, 0
	for _, h := range fillQual(300, FieldValues("qualMetric.Target", "a", "b")) {
		switch {
		case h.Metric.Target == nil:
			nils++
		case *h.Metric.Target == "a" || *h.Metric.Target == "b":
			set++
		default:
			t.Fatalf("target %q", *h.Metric.Target)
		}
	}
	if nils == 0 || set == 0 {
		t.Errorf("targets: %d nil, %d set; want both", nils, set)
	}
}

// TestFieldValuesElements: the elements of a slice and the values of a map
// of a type the values convert to are drawn from them, a slice's distinct;
// a slice of another type stays random.
func TestFieldValuesElements(t *testing.T) {
	values := []qualFamily{"IPv4", "IPv6", "unlisted-value", ""}
	seen := map[qualFamily]bool{}
	lengths := map[int]bool{}
	mapValues := 0
	nilLists := 0
	for _, h := range fillQual(400, FieldValues("Families", "IPv4", "IPv6", "unlisted-value", ""),
		FieldValues("ByZone", "IPv4", "IPv6"), FieldValues("Names", "x")) {
		if h.Families == nil {
			nilLists++
		}
		lengths[len(h.Families)] = true
		for i, f := range h.Families {
			if !slices.Contains(values, f) {
				t.Fatalf("family %q is not a value", f)
			}
			if slices.Contains(h.Families[:i], f) {
				t.Fatalf("families %q repeat a value", h.Families)
			}
			seen[f] = true
		}
		for k, f := range h.ByZone {
			if f != "IPv4" && f != "IPv6" {
				t.Fatalf("byZone[%q] = %q is not a value", k, f)
			}
			mapValues++
		}
	}
	if len(seen) != len(values) {
		t.Errorf("families drew %v, want every value", seen)
	}
	for _, n := range []int{0, 1, 2, 3, 4} {
		if !lengths[n] {
			t.Errorf("no list of %d families (lengths %v)", n, lengths)
		}
	}
	if lengths[5] {
		t.Errorf("a list of 5 distinct families out of 4 values")
	}
	if nilLists == 0 || mapValues == 0 {
		t.Errorf("%d nil lists, %d map values: want some of each", nilLists, mapValues)
	}
}

// TestShrinkFieldValuesElements: a list FieldValues fills shrinks to nil or
// to fewer elements, never to other values.
func TestShrinkFieldValuesElements(t *testing.T) {
	obj := &shrinkObj{Spec: shrinkSpec{Fixed: "fixed"}}
	obj.Spec.Map = map[string]string{"k": "IPv4", "l": "IPv6"}
	cfg := newConfig([]Option{FieldValues("Map", "IPv4", "IPv6")})
	next := shrinkObject(obj, cfg)
	fewer := 0
	for {
		v, ok := next()
		if !ok {
			break
		}
		m := v.(*shrinkObj).Spec.Map
		for k, x := range m {
			if x != obj.Spec.Map[k] {
				t.Errorf("a variant changed map value %q to %q", k, x)
			}
		}
		if len(m) == 1 {
			fewer++
		}
	}
	if fewer != 2 {
		t.Errorf("%d variants with one entry less, want 2", fewer)
	}
}
