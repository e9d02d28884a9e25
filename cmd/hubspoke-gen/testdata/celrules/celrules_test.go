// Package celrules_test checks the CEL rules of the CRD that controller-gen
// writes from the case's API versions and storage twins (TestFixturesConvert
// writes it in crd/, see crd.txt) with the API server's code: the CRD is
// one the API server accepts, and the hub's twin, v2storage, takes an
// object stored through v1 without v2's maxReplicas and still refuses one
// that breaks a rule.
package celrules_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"sigs.k8s.io/yaml"
)

// crd reads the case's CRD as the API server holds it.
func crd(t *testing.T) *apiextensions.CustomResourceDefinition {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("crd", "*.yaml"))
	if err != nil || len(paths) != 1 {
		t.Fatalf("crd/*.yaml: %v %v (TestFixturesConvert writes it, for a case with a crd.txt)", paths, err)
	}
	text, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	var v1 apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(text, &v1); err != nil {
		t.Fatal(err)
	}
	var internal apiextensions.CustomResourceDefinition
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(&v1, &internal, nil); err != nil {
		t.Fatal(err)
	}
	return &internal
}

// TestCRDAccepted: the API server accepts the CRD, whose twin's rules the
// generator guarded (each compiles, within the cost limits), and serves
// v1, v2 and the hub's twin, its storage version.
func TestCRDAccepted(t *testing.T) {
	c := crd(t)
	// As the API server sets it when it creates the CRD.
	for _, v := range c.Spec.Versions {
		if v.Storage {
			c.Status.StoredVersions = []string{v.Name}
		}
	}
	if errs := validation.ValidateCustomResourceDefinition(context.Background(), c); len(errs) > 0 {
		t.Fatalf("the API server refuses the CRD: %v", errs.ToAggregate())
	}
	var versions []string
	for _, v := range c.Spec.Versions {
		name := v.Name
		if v.Storage {
			name += " (storage)"
		}
		versions = append(versions, name)
	}
	if got, want := strings.Join(versions, ", "), "v1, v2, v2storage (storage)"; got != want {
		t.Errorf("versions %s, want %s", got, want)
	}
}

// checker validates objects of one version of the CRD with its CEL rules,
// as the API server does.
type checker struct {
	s   *structuralschema.Structural
	cel *cel.Validator
}

func newChecker(t *testing.T, version string) *checker {
	t.Helper()
	for _, v := range crd(t).Spec.Versions {
		if v.Name != version {
			continue
		}
		s, err := structuralschema.NewStructural(v.Schema.OpenAPIV3Schema)
		if err != nil {
			t.Fatal(err)
		}
		return &checker{s: s, cel: cel.NewValidator(s, true, celconfig.PerCallLimit)}
	}
	t.Fatalf("no version %s", version)
	return nil
}

// check returns the errors of the CEL rules for a write of spec (JSON)
// over old ("" for a create).
func (c *checker) check(t *testing.T, spec, old string) field.ErrorList {
	t.Helper()
	object := func(spec string) any {
		var obj map[string]any
		if err := json.Unmarshal([]byte(`{"apiVersion": "scale.example.com/v2storage", "kind": "Scaler", "metadata": {"name": "s"}, "spec": `+spec+`}`), &obj); err != nil {
			t.Fatal(err)
		}
		return obj
	}
	var oldObj any
	if old != "" {
		oldObj = object(old)
	}
	errs, _ := c.cel.Validate(context.Background(), nil, c.s, object(spec), oldObj, celconfig.RuntimeCELCostBudget)
	return errs
}

func TestHubTwinRules(t *testing.T) {
	hub := newChecker(t, "v2storage")
	for _, tc := range []struct {
		name      string
		spec, old string
		want      string // the error, "" for none
		path      string
		errType   field.ErrorType
	}{
		// An object stored through v1 has no maxReplicas and no class:
		// v2's rules read both without has().
		{name: "stored through v1", spec: `{"minReplicas": 3}`},
		{name: "updated at the hub", spec: `{"minReplicas": 4, "zones": ["a"]}`, old: `{"minReplicas": 3}`},
		{name: "window half set", spec: `{"minReplicas": 3, "window": {"start": 5}}`},
		{name: "class set at last", spec: `{"minReplicas": 3, "class": "gold"}`, old: `{"minReplicas": 3}`},
		// With the values, the rules hold as v2 wrote them; message,
		// messageExpression, fieldPath and reason come through.
		{name: "min above max", spec: `{"minReplicas": 5, "maxReplicas": 2}`,
			want: "minReplicas must not exceed maxReplicas", path: "spec.minReplicas", errType: field.ErrorTypeInvalid},
		{name: "class changed", spec: `{"minReplicas": 1, "maxReplicas": 2, "class": "gold"}`, old: `{"minReplicas": 1, "maxReplicas": 2, "class": "standard"}`,
			want: "class is immutable, was standard", path: "spec", errType: field.ErrorTypeForbidden},
		{name: "more zones than replicas", spec: `{"minReplicas": 1, "maxReplicas": 1, "zones": ["a", "b"]}`,
			want: "more zones than replicas", path: "spec", errType: field.ErrorTypeInvalid},
		{name: "no zone", spec: `{"minReplicas": 1, "zones": []}`,
			want: "name a zone, or leave zones out", path: "spec.zones", errType: field.ErrorTypeInvalid},
		{name: "window too long", spec: `{"minReplicas": 1, "window": {"start": 1, "end": 30}}`,
			want: "a window of a day at most", path: "spec.window", errType: field.ErrorTypeInvalid},
		{name: "window backwards", spec: `{"minReplicas": 1, "window": {"start": 9, "end": 3}}`,
			want: "a window ends after it starts", path: "spec.window", errType: field.ErrorTypeInvalid},
		// The rule the generator cannot guard (it reads an element's port
		// in a macro) stays as v2 wrote it, and its warning says so: an
		// element without a port fails it.
		{name: "port missing (not guarded)", spec: `{"minReplicas": 1, "ports": [{}]}`,
			want: "no such key: port", path: "spec.ports", errType: field.ErrorTypeInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := hub.check(t, tc.spec, tc.old)
			if tc.want == "" {
				if len(errs) > 0 {
					t.Fatalf("refused: %v", errs.ToAggregate())
				}
				return
			}
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.want) || errs[0].Field != tc.path || errs[0].Type != tc.errType {
				t.Fatalf("errors %v, want one %s at %s: %q", errs, tc.errType, tc.path, tc.want)
			}
		})
	}
}

// TestAPIVersionRulesAsWritten: v2's own schema keeps the rules as written,
// without guards: there the values are required (or defaulted), and a
// rule that reads one that is missing fails as the author wrote it.
func TestAPIVersionRulesAsWritten(t *testing.T) {
	errs := newChecker(t, "v2").check(t, `{"minReplicas": 3}`, "")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "no such key: maxReplicas") {
		t.Fatalf("errors %v, want v2's rule to fail on the missing maxReplicas", errs)
	}
}
