package webhook

import (
	"math/rand"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"sigs.k8s.io/yaml"
)

// naiveReadings is fieldReadings without its memos: it reads path[i:]
// below s in every way there is, one by one (a cost exponential in the
// path's separators below nested maps).
func naiveReadings(s *structuralschema.Structural, path string, i int) (every, some bool) {
	switch {
	case s == nil:
		return false, false
	case s.XPreserveUnknownFields || i == len(path):
		return true, true
	}
	ap := func() (*structuralschema.Structural, bool, bool) {
		if s.AdditionalProperties == nil {
			return nil, false, false
		}
		return s.AdditionalProperties.Structural, s.AdditionalProperties.Structural == nil, s.AdditionalProperties.Bool
	}
	keys := func(value *structuralschema.Structural, from int, bracket bool) (every, some bool) {
		every, found := true, false
		for j := from + 1; j <= len(path); j++ {
			if bracket && path[j-1] != ']' || j < len(path) && path[j] != '.' && path[j] != '[' {
				continue
			}
			e, s := naiveReadings(value, path, j)
			every, some, found = every && e, some || s, true
		}
		if !found {
			return false, false
		}
		return every, some
	}
	bracket := func(i int) (bool, bool) {
		end := strings.IndexByte(path[i:], ']')
		if end < 0 {
			return false, false
		}
		if s.Items != nil {
			return naiveReadings(s.Items, path, i+end+1)
		}
		if value, open, b := ap(); open {
			return b, b
		} else if value != nil {
			return keys(value, i+1, true)
		}
		return false, false
	}
	dot := path[i] == '.'
	if dot {
		i++
	}
	if i < len(path) && path[i] == '[' {
		value, open, b := ap()
		if !dot || (value == nil && !open) {
			return bracket(i)
		}
		if open {
			return b, b
		}
		every, some = keys(value, i, false)
		if strings.IndexByte(path[i:], ']') >= 0 {
			e, s := bracket(i)
			every, some = every && e, some || s
		}
		return every, some
	}
	end := strings.IndexAny(path[i:], ".[")
	if end < 0 {
		end = len(path) - i
	}
	if p, ok := s.Properties[path[i:i+end]]; ok {
		return naiveReadings(&p, path, i+end)
	}
	if value, open, b := ap(); open {
		return b, b
	} else if value != nil {
		return keys(value, i, false)
	}
	return false, false
}

// fieldReadings, whose memo fills the ends of each map's keys from the end
// of the path, agrees with reading every way one by one, on short random
// paths of separators, field names and indices below lists, maps of
// objects, maps of lists, open objects and free-form maps.
func TestFieldReadingsAgreesWithEveryReading(t *testing.T) {
	var props apiextensionsv1.JSONSchemaProps
	if err := yaml.UnmarshalStrict([]byte(`
type: object
properties:
  s:
    type: object
    properties:
      a: {type: string}
      l:
        type: array
        items:
          type: object
          properties:
            a: {type: integer}
            m: {type: object, additionalProperties: {type: object, properties: {a: {type: string}}}}
      m:
        type: object
        additionalProperties:
          type: object
          properties:
            a: {type: integer}
            o: {type: object, x-kubernetes-preserve-unknown-fields: true}
            m: {type: object, additionalProperties: {type: array, items: {type: object, properties: {a: {type: string}}}}}
      any: {type: object, additionalProperties: true}
`), &props); err != nil {
		t.Fatal(err)
	}
	s, err := structuralOf(&apiextensionsv1.CustomResourceDefinitionVersion{Name: "v1", Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &props}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	pieces := []string{".", "[", "]", "a", "m", "o", "l", "0", "s", "any", "[0]", ".m", ".a", ".o"}
	for n := 0; n < 20_000; n++ {
		var b strings.Builder
		b.WriteString([]string{"s.m", "s.l", "s.any", "s", "s.m."}[rng.Intn(5)])
		for k := rng.Intn(9); k > 0; k-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		path := b.String()
		e1, s1 := fieldReadings(s, path)
		e2, s2 := naiveReadings(s, path, 0)
		if e1 != e2 || s1 != s2 {
			t.Fatalf("%q: got %v %v, naive %v %v", path, e1, s1, e2, s2)
		}
	}
}
