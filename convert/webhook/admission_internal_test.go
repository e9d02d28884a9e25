package webhook

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/validation/field"
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
      open:
        type: object
        x-kubernetes-preserve-unknown-fields: true
      anything:
        type: object
        additionalProperties: true
      closed:
        type: object
        additionalProperties: false
      grid:
        type: object
        additionalProperties:
          type: object
          additionalProperties:
            type: object
            additionalProperties:
              type: object
              additionalProperties:
                type: object
                properties:
                  size: {type: integer}
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
		"spec.items[0":          false, // no "]" closes it: not a path
		"spec.anything.[":       true,  // key "[" of an open map
		"spec.zones.[.size":     true,  // key "[" then size
		"spec.zones.[a].size":   true,  // key "a" or "[a]"
		"spec.zones.[a].open.k": false, // key "[a]" then open, or key "[a].open" then k
		// A key that holds "]": "zones[a].open].kind" reads as key "a"
		// then the hub's open (which keeps unknown fields), or as key
		// "a].open" then kind, which the hub lacks. Such a path has no
		// field, so that an error there is kept.
		"spec.zones[a].open].kind": false,
		"spec.zones[a].size]":      false,
		"spec.zones[a]b].size":     true, // "]b" cannot end a key: key "a]b"
		"spec.zones[a]b].kind":     false,
		"spec.labels[a].x]":        false,
		"spec.items[0].count]":     false,
		// The schema validator joins keys with ".": key "x" then the
		// hub's open, or key "x.open" then note.
		"spec.zones.x.open.note": false,
		"spec.zones.x.open":      true, // open, or the value of key "x.open"
		"spec.zones.a.b.size":    false,
	} {
		if got := hasField(s, path); got != want {
			t.Errorf("hasField(%q) = %v, want %v", path, got, want)
		}
	}
	// Some reading has the field: the hint at a version says it has none
	// only where no reading does.
	for path, want := range map[string]bool{
		"spec.zones.a.b.size":    true,
		"spec.zones.x.open.note": true,
		"spec.zones[x].note":     false,
		"spec.nickname":          false,
	} {
		if got := hasSomeField(s, path); got != want {
			t.Errorf("hasSomeField(%q) = %v, want %v", path, got, want)
		}
	}
	// Keys of many dots below nested maps cost the nodes times the
	// offsets, not the readings (400 dots four maps deep read about 10⁹
	// ways), nor the offsets squared (every offset of one map's key
	// starts the next map's keys): the memo alone took 4.3 s for 10,000
	// dots and about 100 times that for 100,000 (this test did not end in
	// 200 s); ends memoised per map, 0.3 s.
	deep := "spec.grid." + strings.Repeat("a.", 100_000) + "size"
	if hasField(s, deep) {
		t.Errorf("hasField(spec.grid.a.a....size) = true, want false (some readings end at a map, not at size)")
	}
	if !hasSomeField(s, deep) {
		t.Errorf("hasSomeField(spec.grid.a.a....size) = false, want true")
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

// ownSchema decides which served versions newValidator validates besides
// the hub, those with a field the hub has not, at any depth, with a
// constraint beyond its type, and keeps of their schemas those fields,
// whole, and the path to them.
func TestOwnSchema(t *testing.T) {
	hubProps := schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      name: {type: string, maxLength: 3}
      parts:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [name]
        items:
          type: object
          required: [name]
          properties:
            name: {type: string}
            count: {type: integer}
      labels:
        type: object
        additionalProperties: {type: string}
`)
	hub, err := structuralschema.NewStructural(hubProps)
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{
		`{type: object, properties: {spec: {type: object, properties: {name: {type: string}}}}}`:                                                                                                                                                                                                                                     "",
		`{type: object, properties: {spec: {type: object, properties: {parts: {type: array, items: {type: object, properties: {count: {type: integer}}}}}}}}`:                                                                                                                                                                        "",
		`{type: object, properties: {spec: {type: object, properties: {labels: {type: object, additionalProperties: {type: string}}}}}}`:                                                                                                                                                                                             "",
		`{type: object, properties: {spec: {type: object, maxProperties: 1, properties: {name: {type: string, maxLength: 2}, mode: {type: string, enum: [a]}}}}}`:                                                                                                                                                                    `{"type":"object","properties":{"spec":{"type":"object","properties":{"mode":{"type":"string","enum":["a"]}}}}}`,
		`{type: object, properties: {spec: {type: object, properties: {parts: {type: array, maxItems: 3, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {type: object, required: [name], properties: {name: {type: string}, count: {type: integer, minimum: 2}, color: {type: string, maxLength: 4}}}}}}}}`: `{"type":"object","properties":{"spec":{"type":"object","properties":{"parts":{"type":"array","items":{"type":"object","properties":{"color":{"type":"string","maxLength":4},"name":{"type":"string"}}},"x-kubernetes-list-map-keys":["name"],"x-kubernetes-list-type":"map"}}}}}`,
		`{type: object, properties: {spec: {type: object, properties: {name: {type: object, properties: {first: {type: string, pattern: a}}}}}}}`:                                                                                                                                                                                    `{"type":"object","properties":{"spec":{"type":"object","properties":{"name":{"type":"object","properties":{"first":{"type":"string","pattern":"a"}}}}}}}`,
		`{type: object, properties: {spec: {type: object, properties: {name: {type: object, properties: {first: {type: string}}}}}}}`:                                                                                                                                                                                                "",
		`{type: object, properties: {spec: {type: object, properties: {mode: {type: string}, level: {type: integer}}}}}`:                                                                                                                                                                                                             "",
		// The formats controller-gen writes for Go's int32, int64, float64
		// and []byte are the types': a value the version shows has its Go
		// type (one that does not fit fails the conversion).
		`{type: object, properties: {spec: {type: object, properties: {level: {type: integer, format: int32}, size: {type: integer, format: int64}, ratio: {type: number, format: double}, data: {type: string, format: byte}}}}}`: "",
		`{type: object, properties: {spec: {type: object, properties: {level: {type: integer, format: int32, maximum: 3}}}}}`:                                                                                                      `{"type":"object","properties":{"spec":{"type":"object","properties":{"level":{"type":"integer","format":"int32","maximum":3}}}}}`,
		// An intstr.IntOrString: the anyOf of its two types is its type.
		`{type: object, properties: {spec: {type: object, properties: {port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}}}}`:             "",
		`{type: object, properties: {spec: {type: object, properties: {port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer, minimum: 1}, {type: string}]}}}}}`: `{"type":"object","properties":{"spec":{"type":"object","properties":{"port":{"anyOf":[{"type":"integer","minimum":1},{"type":"string"}],"x-kubernetes-int-or-string":true}}}}}`,
		// A resource.Quantity: its pattern is that of every text it writes.
		`{type: object, properties: {spec: {type: object, properties: {limit: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}], pattern: '` + quantityPattern + `'}}}}}`: "",
		`{type: object, properties: {spec: {type: object, properties: {limit: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}], pattern: '^[0-9]+$'}}}}}`:                `{"type":"object","properties":{"spec":{"type":"object","properties":{"limit":{"pattern":"^[0-9]+$","anyOf":[{"type":"integer"},{"type":"string"}],"x-kubernetes-int-or-string":true}}}}}`,
		`{type: object, properties: {spec: {type: object, properties: {email: {type: string, format: email}}}}}`:                                                                                    `{"type":"object","properties":{"spec":{"type":"object","properties":{"email":{"type":"string","format":"email"}}}}}`,
		`{type: object, properties: {spec: {type: object, properties: {tags: {type: array, items: {type: string, maxLength: 3}}}}}}`:                                                                `{"type":"object","properties":{"spec":{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","maxLength":3}}}}}}`,
		`{type: object, properties: {spec: {type: object, properties: {labels: {type: object, additionalProperties: {type: object, properties: {color: {type: string, enum: [red]}}}}}}}}`:          `{"type":"object","properties":{"spec":{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"object","properties":{"color":{"type":"string","enum":["red"]}}}}}}}}`,
		`{type: object, properties: {status: {type: object, properties: {bags: {type: object, additionalProperties: {type: object, additionalProperties: {type: string}}}}}}}`:                      "",
	} {
		own := ownSchema(schemaProps(t, text), "", hub)
		got := ""
		if own != nil {
			var v1 apiextensionsv1.JSONSchemaProps
			if err := apiextensionsv1.Convert_apiextensions_JSONSchemaProps_To_v1_JSONSchemaProps(own, &v1, nil); err != nil {
				t.Fatal(err)
			}
			raw, err := json.Marshal(&v1)
			if err != nil {
				t.Fatal(err)
			}
			got = string(raw)
		}
		if got != want {
			t.Errorf("ownSchema(%s)\n got %s\nwant %s", text, got, want)
		}
	}
}

// A version's own constraint under a map holds whatever the key: a key
// that holds "." or "]" makes the error's path read as a field of the hub
// too (here "spec.zones.x.open.note" as key "x" then the hub's open
// object, which keeps unknown fields), and ownErrors must keep the error
// all the same.
func TestOwnErrorsUnderAKeyThatHoldsASeparator(t *testing.T) {
	hub, err := structuralschema.NewStructural(schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      zones:
        type: object
        additionalProperties:
          type: object
          properties:
            size: {type: integer}
            open: {type: object, x-kubernetes-preserve-unknown-fields: true}
`))
	if err != nil {
		t.Fatal(err)
	}
	own := ownSchema(schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      zones:
        type: object
        additionalProperties:
          type: object
          properties:
            size: {type: integer}
            note: {type: string, maxLength: 3}
`), "", hub)
	if own == nil {
		t.Fatal("ownSchema kept nothing of the version's note")
	}
	check, err := newSchemaCheck("v1", own)
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{structural: hub}
	for _, key := range []string{"west", "x.open", "x.open.size", "x].open", "x[0].open", ".", "]", "a]b", "[", "[x", "[x.open", "[x].open"} {
		obj := map[string]any{"spec": map[string]any{"zones": map[string]any{key: map[string]any{"note": "too long"}}}}
		errs := check.check(t.Context(), obj, nil, nil, nil)
		if len(errs) == 0 {
			t.Fatalf("key %q: the version's own check found nothing wrong with a note of 8 characters", key)
		}
		if kept := v.ownErrors(errs); len(kept) != len(errs) {
			t.Errorf("key %q: ownErrors kept %v of %v", key, kept, errs)
		}
	}
}

// schemaProps is the internal form of the schema text (YAML) holds.
func schemaProps(t *testing.T, text string) *apiextensions.JSONSchemaProps {
	t.Helper()
	var props apiextensionsv1.JSONSchemaProps
	if err := yaml.UnmarshalStrict([]byte(text), &props); err != nil {
		t.Fatal(err)
	}
	p := &apiextensions.JSONSchemaProps{}
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&props, p, nil); err != nil {
		t.Fatal(err)
	}
	return p
}

// A version's own CEL rules hold beside errors that ownErrors drops: the
// API server skips CEL rules where the schema found a value outside an
// enum (and a few others), and at a field the hub has such an error is
// the hub's schema's to judge. Here the hub took SCTP into the enum of a
// list-map key, and an SCTP port must not spare its v1-only note v1's
// rule.
func TestOwnCELRulesBesideADroppedError(t *testing.T) {
	hub, err := structuralschema.NewStructural(schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      ports:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [protocol]
        items:
          type: object
          required: [protocol]
          properties:
            protocol: {type: string, enum: [TCP, UDP, SCTP]}
`))
	if err != nil {
		t.Fatal(err)
	}
	own := ownSchema(schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      ports:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [protocol]
        items:
          type: object
          required: [protocol]
          properties:
            protocol: {type: string, enum: [TCP, UDP]}
            note:
              type: string
              x-kubernetes-validations: [{rule: "self.size() <= 3"}]
`), "", hub)
	check, err := newSchemaCheck("v1", own)
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{structural: hub, hub: "v2"}
	for _, protocol := range []string{"TCP", "SCTP"} {
		port := map[string]any{"protocol": protocol, "note": "too long"}
		obj := &unstructured.Unstructured{Object: map[string]any{"spec": map[string]any{"ports": []any{port}}}}
		errs := v.checkOlder(t.Context(), check, obj, nil)
		if len(errs) != 1 || errs[0].Field != "spec.ports[0].note" {
			t.Errorf("%s: v1's rule on a note of 8 characters gave %v, want its error at spec.ports[0].note", protocol, errs)
		}
	}
}

// A version's own object holds its required fields: v1-only legacy,
// written in a newer version's annotation without its kind, is refused.
// A field the version requires of an object the hub has (v1's mode, which
// the hub dropped) is not: it is missing from every write at a newer
// version.
func TestOwnRequiredFields(t *testing.T) {
	hub, err := structuralschema.NewStructural(schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      name: {type: string}
`))
	if err != nil {
		t.Fatal(err)
	}
	own := ownSchema(schemaProps(t, `
type: object
required: [spec]
properties:
  spec:
    type: object
    required: [mode]
    properties:
      name: {type: string}
      mode: {type: string, enum: [Fast, Slow]}
      legacy:
        type: object
        required: [kind]
        properties:
          kind: {type: string}
          note: {type: string, maxLength: 10}
`), "", hub)
	check, err := newSchemaCheck("v1", own)
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{structural: hub, hub: "v2"}
	for _, c := range []struct {
		spec map[string]any
		want []string
	}{
		{map[string]any{"name": "x"}, nil},
		{map[string]any{"name": "x", "legacy": map[string]any{"kind": "a", "note": "n"}}, nil},
		{map[string]any{"name": "x", "legacy": map[string]any{"note": "n"}}, []string{"spec.legacy.kind"}},
	} {
		errs := v.checkOlder(t.Context(), check, &unstructured.Unstructured{Object: map[string]any{"spec": c.spec}}, nil)
		var got []string
		for _, e := range errs {
			got = append(got, e.Field)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("spec %v: errors %v, want at %v", c.spec, errs, c.want)
		}
	}
}

// The list types of a version's own lists hold on an update whatever the
// lists of the hub's fields held before: the API server checks no list of
// an update whose old object broke one (ratcheting), and a list of a field
// the hub has may break the version's keys (v1 keys ports by port, the hub
// does not), which is the hub's schema's to judge; it must not let v1-only
// legacy take two elements of one id.
func TestOwnListTypesHoldBesideTheHubs(t *testing.T) {
	hub, err := structuralschema.NewStructural(schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      ports:
        type: array
        items:
          type: object
          properties:
            port: {type: integer}
            name: {type: string}
`))
	if err != nil {
		t.Fatal(err)
	}
	own := ownSchema(schemaProps(t, `
type: object
properties:
  spec:
    type: object
    properties:
      ports:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [port]
        items:
          type: object
          required: [port]
          properties:
            port: {type: integer}
            name: {type: string}
            note: {type: string, maxLength: 10}
      legacy:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [id]
        items:
          type: object
          required: [id]
          properties:
            id: {type: string}
`), "", hub)
	check, err := newSchemaCheck("v1", own)
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{structural: hub, hub: "v2"}
	ports := []any{map[string]any{"port": int64(80), "name": "a"}, map[string]any{"port": int64(80), "name": "b"}}
	old := map[string]any{"spec": map[string]any{"ports": ports}}
	obj := map[string]any{"spec": map[string]any{"ports": ports, "legacy": []any{map[string]any{"id": "x"}, map[string]any{"id": "x"}}}}
	errs := check.check(t.Context(), obj, old, nil, v.ownErrors)
	if len(errs) != 1 || errs[0].Field != "spec.legacy[1]" || errs[0].Type != field.ErrorTypeDuplicate {
		t.Errorf("errors %v, want a duplicate at spec.legacy[1]", errs)
	}
	// Legacy's own duplicate, there before, ratchets as at the API server.
	if errs := check.check(t.Context(), obj, obj, nil, v.ownErrors); len(errs) != 0 {
		t.Errorf("an update that keeps legacy's duplicate: %v, want none", errs)
	}
}
