package webhook

import (
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"sigs.k8s.io/yaml"
)

// hasField decides whether a refusal at a version adds "v1 has no field
// ...": fields, list elements, map values, free-form and open objects.
func TestHasField(t *testing.T) {
	var props apiextensionsv1.JSONSchemaProps
	if err := yaml.Unmarshal([]byte(`
type: object
properties:
  spec:
    type: object
    properties:
      name: {type: string}
      items:
        type: array
        items:
          type: object
          properties:
            count: {type: integer}
      labels:
        type: object
        additionalProperties: {type: string}
      zones:
        type: object
        additionalProperties:
          type: object
          properties:
            size: {type: integer}
      open:
        type: object
        x-kubernetes-preserve-unknown-fields: true
      anything:
        type: object
        additionalProperties: true
      closed:
        type: object
        additionalProperties: false
`), &props); err != nil {
		t.Fatal(err)
	}
	s, err := structuralOf(&apiextensionsv1.CustomResourceDefinitionVersion{Name: "v1", Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &props}})
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{
		"spec.name":             true,
		"spec.nickname":         false,
		"spec.items[0].count":   true,
		"spec.items[0].color":   false,
		"spec.name[0]":          false,
		"spec.labels[team]":     true,
		"spec.labels.team":      true,
		"spec.zones[west].size": true,
		"spec.zones[west].kind": false,
		"spec.open.whatever.x":  true,
		"spec.anything[k]":      true,
		"spec.anything.k":       true,
		"spec.closed.k":         false,
		"spec.items[0":          true,
	} {
		if got := hasField(s, path); got != want {
			t.Errorf("hasField(%q) = %v, want %v", path, got, want)
		}
	}
}

// shorten keeps a value of up to shortValue bytes (of a string, or of the
// JSON of anything else) and cuts a longer one, saying how long it was.
func TestShorten(t *testing.T) {
	at, over := strings.Repeat("x", shortValue), strings.Repeat("x", shortValue+1)
	if got := shorten(at); got != at {
		t.Errorf("a string of %d bytes became %v", shortValue, got)
	}
	if got, _ := shorten(over).(string); !strings.HasSuffix(got, "... (121 bytes)") {
		t.Errorf("a string of %d bytes became %q", shortValue+1, got)
	}
	list := func(n int) []string { return []string{strings.Repeat("y", n)} } // JSON: ["y…"], n+4 bytes
	if got, ok := shorten(list(shortValue - 4)).([]string); !ok || len(got[0]) != shortValue-4 {
		t.Errorf("a list whose JSON is %d bytes was cut: %v", shortValue, got)
	}
	if got, _ := shorten(list(shortValue - 3)).(string); !strings.HasSuffix(got, "... (121 bytes)") {
		t.Errorf("a list whose JSON is %d bytes became %q", shortValue+1, got)
	}
}

// hasOwnField decides which served versions newValidator validates besides
// the hub: those with a field, at any depth, the hub has not.
func TestHasOwnField(t *testing.T) {
	structural := func(text string) *structuralschema.Structural {
		t.Helper()
		var props apiextensionsv1.JSONSchemaProps
		if err := yaml.Unmarshal([]byte(text), &props); err != nil {
			t.Fatal(err)
		}
		s, err := structuralOf(&apiextensionsv1.CustomResourceDefinitionVersion{Name: "v", Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &props}})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	hub := structural(`
type: object
properties:
  spec:
    type: object
    properties:
      name: {type: string, maxLength: 3}
      parts:
        type: array
        items:
          type: object
          properties:
            count: {type: integer}
      labels:
        type: object
        additionalProperties: {type: string}
`)
	for text, want := range map[string]bool{
		`{type: object, properties: {spec: {type: object, properties: {name: {type: string}}}}}`:                                                              false,
		`{type: object, properties: {spec: {type: object, properties: {mode: {type: string}}}}}`:                                                              true,
		`{type: object, properties: {spec: {type: object, properties: {parts: {type: array, items: {type: object, properties: {count: {type: integer}}}}}}}}`: false,
		`{type: object, properties: {spec: {type: object, properties: {parts: {type: array, items: {type: object, properties: {color: {type: string}}}}}}}}`:  true,
		`{type: object, properties: {spec: {type: object, properties: {labels: {type: object, additionalProperties: {type: string}}}}}}`:                      false,
		`{type: object, properties: {spec: {type: object, properties: {name: {type: object, properties: {first: {type: string}}}}}}}`:                         true,
		`{type: object, properties: {status: {type: object}}}`:                                                                                                true,
	} {
		if got := hasOwnField(structural(text), "", hub); got != want {
			t.Errorf("hasOwnField(%s) = %v, want %v", text, got, want)
		}
	}
}
