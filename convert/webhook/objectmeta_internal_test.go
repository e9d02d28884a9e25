package webhook

import (
	"strings"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
)

// validateObjectMeta reaches objectmeta.Validate at the apiextensions version
// the module is built with: an embedded resource without apiVersion is
// reported, not the unknown-signature error.
func TestValidateObjectMetaCallsValidate(t *testing.T) {
	s := &structuralschema.Structural{
		Generic:    structuralschema.Generic{Type: "object"},
		Extensions: structuralschema.Extensions{XEmbeddedResource: true},
	}
	obj := map[string]any{"kind": "Pod"}
	errs := validateObjectMeta(objectmeta.Validate, obj, s)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "apiVersion: Required") {
		t.Errorf("an embedded resource without apiVersion: %v", errs)
	}
	errs = validateObjectMeta(func() {}, obj, s)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "unknown signature func()") {
		t.Errorf("an unknown function: %v", errs)
	}
}
