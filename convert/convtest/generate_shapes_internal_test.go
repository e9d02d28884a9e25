package convtest

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hubspoke/hubspoke/propertybag"
)

// shapesObj has a field of each kind whose values TestBuilderShapes counts.
type shapesObj struct {
	F64      float64
	F32      float32
	S        string
	B        bool
	P        *int32
	Bytes    []byte
	Settings map[string]int32
}

// TestBuilderShapes: the builder draws every shape of value the package
// doc promises, for the kinds TestBuilderValues does not count: floats zero,
// whole, fractional, negative and near their type's limit; strings empty,
// with spaces, JSON-special characters, multi-byte runes and control
// characters; both bools; pointers nil and set; bytes above 0x7f; map keys
// that relations name and that name a property beside the map; and entries
// under unused names of every JSON kind, null included. Mutation testing: a
// builder that never drew one of these survived the other tests.
func TestBuilderShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	seen := map[string]bool{}
	see := func(what string, ok bool) {
		if ok {
			seen[what] = true
		}
	}
	for i := range 600 {
		b := &builder{r: r, size: i % 7, cfg: newConfig(nil), mapKeys: []string{"related"}}
		var v shapesObj
		root := reflect.ValueOf(&v).Elem()
		for j := range root.NumField() {
			if root.Type().Field(j).Name == "Settings" {
				b.inMap = []string{"beside"}
			}
			b.fill(root.Field(j), 1)
			b.inMap = nil
		}
		for _, f := range []struct {
			kind  string
			x     float64
			limit float64
		}{{"float64", v.F64, math.MaxFloat64}, {"float32", float64(v.F32), math.MaxFloat32}} {
			see(f.kind+" zero", f.x == 0)
			see(f.kind+" whole", f.x != 0 && f.x == math.Trunc(f.x) && math.Abs(f.x) <= 100)
			see(f.kind+" fraction", f.x != math.Trunc(f.x))
			see(f.kind+" negative", f.x < 0)
			see(f.kind+" near the limit", math.Abs(f.x) > f.limit/1e3)
		}
		see("string empty", v.S == "")
		see("string with a space", strings.Contains(v.S, " "))
		see("string JSON-special", strings.ContainsAny(v.S, `"\`))
		see("string multi-byte", utf8.RuneCountInString(v.S) < len(v.S))
		see("string control", strings.ContainsAny(v.S, "\t\n\u2028"))
		see("bool true", v.B)
		see("bool false", !v.B)
		see("pointer nil", v.P == nil)
		see("pointer set", v.P != nil)
		for _, c := range v.Bytes {
			see("byte above 0x7f", c > 0x7f)
		}
		for k := range v.Settings {
			see("key related", k == "related")
			see("key beside", k == "beside")
		}
	}
	for range 100 {
		bag := propertybag.PropertyBag{}
		addUnknown(bag, r)
		for _, text := range bag {
			switch {
			case text == "null":
				seen["unknown null"] = true
			case strings.HasPrefix(text, "{"):
				seen["unknown object"] = true
			case strings.HasPrefix(text, "["):
				seen["unknown array"] = true
			case strings.HasPrefix(text, `"`):
				seen["unknown string"] = true
			case text == "true" || text == "false":
				seen["unknown bool"] = true
			default:
				seen["unknown number"] = true
			}
		}
	}
	var missing []string
	for _, kind := range []string{"float64", "float32"} {
		for _, shape := range []string{"zero", "whole", "fraction", "negative", "near the limit"} {
			missing = append(missing, kind+" "+shape)
		}
	}
	missing = append(missing, "string empty", "string with a space", "string JSON-special", "string multi-byte", "string control",
		"bool true", "bool false", "pointer nil", "pointer set", "byte above 0x7f", "key related", "key beside",
		"unknown null", "unknown object", "unknown array", "unknown string", "unknown bool", "unknown number")
	for _, want := range missing {
		if !seen[want] {
			t.Errorf("never drawn: %s", want)
		}
	}
}
