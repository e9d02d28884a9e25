package webhook

import (
	"context"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"
)

// schemaValidator is a validator with only the schema part of
// newValidator: the hub "v1", whose schema is schemaYAML.
func schemaValidator(t *testing.T, schemaYAML string) *validator {
	t.Helper()
	var props apiextensionsv1.JSONSchemaProps
	if err := yaml.UnmarshalStrict([]byte(schemaYAML), &props); err != nil {
		t.Fatal(err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{Spec: apiextensionsv1.CustomResourceDefinitionSpec{
		Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{Name: "v1", Served: true, Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &props}}},
	}}
	s, err := structuralOf(&crd.Spec.Versions[0])
	if err != nil {
		t.Fatal(err)
	}
	internal, err := internalSchema(crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
	v := &validator{hub: "v1", structural: s, served: []string{"v1"}, schemas: map[string]*structuralschema.Structural{"v1": s}}
	if v.hubCheck, err = newSchemaCheck("v1", internal); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestValidationSeesTheStoredObject: the hub is validated as the API server
// stores it: fields its schema does not know pruned (they count toward no
// maxProperties), nulls in fields that do not allow them dropped, and the
// metadata of embedded resources checked.
func TestValidationSeesTheStoredObject(t *testing.T) {
	v := schemaValidator(t, `
type: object
properties:
  apiVersion: {type: string}
  kind: {type: string}
  metadata: {type: object}
  spec:
    type: object
    maxProperties: 2
    properties:
      a: {type: string}
      b: {type: string}
      template:
        type: object
        x-kubernetes-embedded-resource: true
        properties:
          apiVersion: {type: string}
          kind: {type: string}
          metadata: {type: object}
`)
	obj := func(spec map[string]any) *unstructured.Unstructured {
		return &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "x.test/v1", "kind": "Thing", "metadata": map[string]any{"name": "one"}, "spec": spec,
		}}
	}
	// The object as Handle validates it: pruned and defaulted first.
	validate := func(o *unstructured.Unstructured) (field.ErrorList, error) {
		u, err := unstructuredAt(o, v.structural)
		if err != nil {
			return nil, err
		}
		return v.validate(context.Background(), u, nil, nil, "v1"), nil
	}
	for name, spec := range map[string]map[string]any{
		"an unknown field":                            {"a": "x", "b": "y", "unknown": int64(1)},
		"a null where the schema allows none":         {"a": nil, "b": "y"},
		"an embedded resource with its type and name": {"template": map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": map[string]any{"name": "pod"}}},
	} {
		errs, err := validate(obj(spec))
		if err != nil || len(errs) > 0 {
			t.Errorf("%s: %v %v", name, errs, err)
		}
	}
	errs, err := validate(obj(map[string]any{"template": map[string]any{"kind": "Pod"}}))
	if err != nil || len(errs) != 1 || errs[0].Field != "spec.template.apiVersion" || !strings.Contains(errs[0].Error(), "Required value") {
		t.Errorf("an embedded resource without apiVersion: %v %v", errs, err)
	}
}
