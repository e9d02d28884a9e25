package webhook

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/hub"
	"github.com/hubspoke/hubspoke/propertybag"
	admissionv1 "k8s.io/api/admission/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	apimachineryvalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// defaultBagsBudget is Options.BagsBudget when 0.
const defaultBagsBudget = 128 << 10

// validator is the validating admission webhook (admission.k8s.io/v1
// AdmissionReview, served by controller-runtime's admission.Webhook) of one
// resource, whose versions form a hubspoke chain.
//
// The API server validates a write only against the schema of the version
// the client wrote, while what it stores is the hub, converted from it:
// values that version has no field for, carried in its property-bags
// annotation, reach the hub unchecked, and an object that is fine at the
// version written may be impossible to return at another. The handler
// closes both gaps. On every CREATE and UPDATE of the resource, or of its
// status subresource, at any version, it
//
//   - converts the object to the hub with a *convert.Converter and validates
//     it against the hub version's schema in the CRD with the API server's own
//     code (package k8s.io/apiextensions-apiserver/pkg/apiserver/validation
//     on the structural schema, after pruning and defaulting as the API
//     server does): types, formats, enum, pattern, lengths, minimum and
//     maximum, required, list types, embedded resources and the
//     x-kubernetes-validations CEL rules; on an UPDATE, errors in values the
//     write left unchanged are ratcheted away, as the API server does, and
//     at a version newer than the hub, errors in values of its own fields
//     (which the API server validated against its schema, which may widen
//     an enum of the hub's) are too (see validate);
//   - converts the hub, defaulted from its schema as the API server reads
//     it from storage, to every version the CRD serves and measures the
//     property-bags annotation the object has there: a write that would
//     make it larger than Options.BagsBudget at some version, or make the
//     annotations of the object exceed the API server's 256 KiB at some
//     version (which would make the object unreadable there), or that
//     would not convert to some served version at all, is refused, unless
//     the object already had that problem before the update and the update
//     does not make it worse;
//   - at each served version whose schema has a field the hub's has not
//     (a property an older version has and a later one removed) with a
//     constraint beyond its type, validates the object converted there
//     against that part of the version's schema (see ownSchema) with the
//     same code, and refuses the errors at such fields that the old
//     object did not already have there (ratcheted as at the hub): those
//     values, kept for the version in the hub's property bags or derived
//     by the hooks, meet no other schema, and the version's clients would
//     read them (see checkOlder).
//
// A write is refused with HTTP status 422 (reason Invalid) and a message
// that begins with "hubspoke:" and names the resource, the object, the
// version the client wrote and, for each problem, the field path at the hub
// (with a note when the version written has no such field), the version
// and the field path there of a value an older version would show, the version
// that would be too large with the largest entries of its annotation, or
// the annotation and the property at fault when the object does not
// convert (a malformed annotation, a value of the wrong type). Other
// operations (DELETE, CONNECT) and other subresources (scale) are allowed
// unchecked; an object that cannot be decoded, and a review without a
// request, are refused with 400.
//
// newValidator takes the CRD the operator installs (for example decoded
// from the YAML it ships): its group and kind name the resource, its
// served versions are the versions checked, and the version that is the
// hub of the chain must be in it with a structural schema. Every served
// version must be a version of the chain, and every version of the chain a
// client.Object. Errors name the resource.
type validator struct {
	gk        schema.GroupKind
	scheme    *runtime.Scheme
	decoder   admission.Decoder
	converter *convert.Converter
	hub       string   // the hub version
	served    []string // the versions the CRD serves, in its order
	budget    int

	structural *structuralschema.Structural // the hub's schema
	hubCheck   *schemaCheck

	// older holds the checks of the served versions, other than the hub,
	// whose schemas have fields the hub's has not: the values those
	// versions show there (kept for them in the hub's property bags, or
	// derived by the hooks) meet no other schema.
	older map[string]*schemaCheck

	// schemas holds the structural schema of every served version, to tell
	// whether the version written has a field the hub finds invalid.
	schemas map[string]*structuralschema.Structural
}

var _ admission.Handler = (*validator)(nil)

// schemaCheck validates objects against the schema of one version of the
// CRD, with the API server's code.
type schemaCheck struct {
	version    string
	structural *structuralschema.Structural
	schema     apiservervalidation.SchemaValidator
	cel        *cel.Validator // nil when the schema has no CEL rules
}

func newSchemaCheck(version string, internal *apiextensions.JSONSchemaProps) (*schemaCheck, error) {
	s, err := structuralschema.NewStructural(internal)
	if err != nil {
		return nil, fmt.Errorf("the schema of version %s is not structural: %w", version, err)
	}
	c := &schemaCheck{version: version, structural: s}
	if c.schema, _, err = apiservervalidation.NewSchemaValidator(internal); err != nil {
		return nil, fmt.Errorf("the schema of version %s: %w", version, err)
	}
	c.cel = cel.NewValidator(s, true, celconfig.PerCallLimit)
	return c, nil
}

func newValidator(scheme *runtime.Scheme, crd *apiextensionsv1.CustomResourceDefinition, opts Options) (*validator, error) {
	if crd == nil {
		return nil, errors.New("webhook: nil CustomResourceDefinition")
	}
	gk := schema.GroupKind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
	if err := checkStatusSubresource(gk, crd); err != nil {
		return nil, err
	}
	budget := opts.BagsBudget
	if budget == 0 {
		budget = defaultBagsBudget
	}
	if budget < 0 || budget >= apimachineryvalidation.TotalAnnotationSizeLimitB {
		return nil, fmt.Errorf("webhook: %s: bags budget %d bytes: want more than 0 and less than the API server's %d", gk, budget, apimachineryvalidation.TotalAnnotationSizeLimitB)
	}
	converter, err := newConverter(scheme, gk)
	if err != nil {
		return nil, err
	}
	v := &validator{
		gk: gk, scheme: scheme, decoder: admission.NewDecoder(scheme), converter: converter,
		hub: converter.Graph().Hub(), budget: budget, schemas: map[string]*structuralschema.Structural{},
	}
	for _, version := range converter.Graph().Versions() {
		if _, err := newClientObject(scheme, gk.WithVersion(version)); err != nil {
			return nil, err
		}
	}
	for i := range crd.Spec.Versions {
		version := &crd.Spec.Versions[i]
		if version.Served {
			if !converter.Graph().Has(version.Name) {
				return nil, fmt.Errorf("webhook: %s: the CRD serves version %s, which is not a version of the chain (%v)",
					gk, version.Name, converter.Graph().Versions())
			}
			v.served = append(v.served, version.Name)
		}
		if version.Served || version.Name == v.hub {
			s, err := structuralOf(version)
			if err != nil {
				return nil, fmt.Errorf("webhook: %s: %w", gk, err)
			}
			v.schemas[version.Name] = s
		}
	}
	if v.structural = v.schemas[v.hub]; v.structural == nil {
		return nil, fmt.Errorf("webhook: %s: the CRD has no schema for the hub version %s", gk, v.hub)
	}
	internal, err := internalSchema(crd, v.hub)
	if err != nil {
		return nil, fmt.Errorf("webhook: %s: %w", gk, err)
	}
	if v.hubCheck, err = newSchemaCheck(v.hub, internal); err != nil {
		return nil, fmt.Errorf("webhook: %s: %w", gk, err)
	}
	for _, version := range v.served {
		if version == v.hub {
			continue
		}
		internal, err := internalSchema(crd, version)
		if err != nil {
			return nil, fmt.Errorf("webhook: %s: %w", gk, err)
		}
		own := ownSchema(internal, "", v.structural)
		if own == nil {
			continue
		}
		c, err := newSchemaCheck(version, own)
		if err != nil {
			return nil, fmt.Errorf("webhook: %s: %w", gk, err)
		}
		if v.older == nil {
			v.older = map[string]*schemaCheck{}
		}
		v.older[version] = c
	}
	return v, nil
}

// ownSchema returns the part of p, the schema of a version at path, that
// holds the fields the hub's schema has not and that have a constraint
// (see constrained), or nil when it has none: those fields whole, and the
// objects, lists and maps above them with their types and no validations
// of their own (their errors would sit at fields the hub has), but with
// the list types and map keys that let the ratcheting pair old and new
// list elements. Only those fields' errors count (see ownErrors);
// validating the object against this part alone finds the same ones, at a
// fraction of the cost, and a version without such fields (most: the
// $propertyBags of their status, a field the hub renamed) costs nothing.
//
// A field whose schema has only types cannot be invalid at its version:
// its value comes from the Go type of the version, which its schema
// describes, and a bag value of the wrong type fails the conversion, which
// checkServed refuses.
func ownSchema(p *apiextensions.JSONSchemaProps, path string, hub *structuralschema.Structural) *apiextensions.JSONSchemaProps {
	if p == nil {
		return nil
	}
	own := &apiextensions.JSONSchemaProps{
		Type: p.Type, Nullable: p.Nullable, XPreserveUnknownFields: p.XPreserveUnknownFields,
		XEmbeddedResource: p.XEmbeddedResource, XIntOrString: p.XIntOrString,
		XListType: p.XListType, XListMapKeys: p.XListMapKeys, XMapType: p.XMapType,
	}
	found := false
	for name, prop := range p.Properties {
		child := name
		if path != "" {
			child = path + "." + name
		}
		if kept := ownPart(&prop, child, hub); kept != nil {
			if own.Properties == nil {
				own.Properties = map[string]apiextensions.JSONSchemaProps{}
			}
			own.Properties[name] = *kept
			found = true
		}
	}
	if p.Items != nil && p.Items.Schema != nil {
		child := path + "[0]"
		kept := ownPart(p.Items.Schema, child, hub)
		if kept != nil && hasField(hub, child) {
			// The keys of a map list pair old and new elements.
			for _, key := range p.XListMapKeys {
				if prop, ok := p.Items.Schema.Properties[key]; ok {
					if kept.Properties == nil {
						kept.Properties = map[string]apiextensions.JSONSchemaProps{}
					}
					if _, ok := kept.Properties[key]; !ok {
						kept.Properties[key] = prop
					}
				}
			}
		}
		if kept != nil {
			own.Items = &apiextensions.JSONSchemaPropsOrArray{Schema: kept}
			found = true
		}
	}
	if p.AdditionalProperties != nil && p.AdditionalProperties.Schema != nil {
		if kept := ownPart(p.AdditionalProperties.Schema, path+"[key]", hub); kept != nil {
			own.AdditionalProperties = &apiextensions.JSONSchemaPropsOrBool{Allows: true, Schema: kept}
			found = true
		}
	}
	if !found {
		return nil
	}
	return own
}

// ownPart returns the part of p, the schema of a version at path, that
// ownSchema keeps: p whole where the hub has no field at path and p is
// constrained, ownSchema of p where the hub has one.
func ownPart(p *apiextensions.JSONSchemaProps, path string, hub *structuralschema.Structural) *apiextensions.JSONSchemaProps {
	if hasField(hub, path) {
		return ownSchema(p, path, hub)
	}
	if constrained(p) {
		return p
	}
	return nil
}

// constrained reports whether p, or a schema below it, limits the values
// of its type or requires a property: types, with the formats that come
// with them (see typeFormat), are the Go types' (see ownSchema).
func constrained(p *apiextensions.JSONSchemaProps) bool {
	if p == nil {
		return false
	}
	if len(p.Required) > 0 || p.Format != "" && !typeFormat(p) || p.Maximum != nil || p.Minimum != nil || p.MaxLength != nil || p.MinLength != nil ||
		p.Pattern != "" && !quantityType(p) || p.MaxItems != nil || p.MinItems != nil || p.UniqueItems || p.MultipleOf != nil ||
		len(p.Enum) > 0 || p.MaxProperties != nil || p.MinProperties != nil || len(p.AllOf) > 0 ||
		len(p.OneOf) > 0 || len(p.AnyOf) > 0 && !intOrStringType(p) || p.Not != nil || len(p.XValidations) > 0 || p.XEmbeddedResource ||
		(p.XListType != nil && *p.XListType != "atomic") ||
		(p.AdditionalProperties != nil && !p.AdditionalProperties.Allows) {
		return true
	}
	for name := range p.Properties {
		prop := p.Properties[name]
		if constrained(&prop) {
			return true
		}
	}
	if p.Items != nil && (constrained(p.Items.Schema) || slices.ContainsFunc(p.Items.JSONSchemas, func(s apiextensions.JSONSchemaProps) bool { return constrained(&s) })) {
		return true
	}
	return p.AdditionalProperties != nil && constrained(p.AdditionalProperties.Schema)
}

// typeFormat reports whether the format of p is one controller-gen writes
// for a Go type (int32 and int64 for integers, float and double for
// numbers, byte for a []byte's base64 text): a value of the version's Go
// type has it, and one that does not fit fails the conversion. (A format
// declared with +kubebuilder:validation:Format on a wider Go type would be
// missed; date-time, which metav1.Time and a marker on a string both
// write, counts as a constraint.)
func typeFormat(p *apiextensions.JSONSchemaProps) bool {
	switch p.Type {
	case "integer":
		return p.Format == "int32" || p.Format == "int64"
	case "number":
		return p.Format == "float" || p.Format == "double"
	case "string":
		return p.Format == "byte"
	}
	return false
}

// intOrStringType reports whether the anyOf of p is the type of an
// intstr.IntOrString (an integer or a string, as controller-gen writes it
// beside x-kubernetes-int-or-string), which says no more than its Go type.
func intOrStringType(p *apiextensions.JSONSchemaProps) bool {
	return p.XIntOrString && len(p.AnyOf) == 2 &&
		reflect.DeepEqual(p.AnyOf[0], apiextensions.JSONSchemaProps{Type: "integer"}) &&
		reflect.DeepEqual(p.AnyOf[1], apiextensions.JSONSchemaProps{Type: "string"})
}

// quantityPattern is the pattern controller-gen writes for a
// resource.Quantity, which every text a Quantity writes matches.
const quantityPattern = `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`

// quantityType reports whether p is the schema of a resource.Quantity: an
// IntOrString's type with the pattern of a Quantity's text, which says no
// more than its Go type.
func quantityType(p *apiextensions.JSONSchemaProps) bool {
	return intOrStringType(p) && p.Pattern == quantityPattern
}

// internalSchema returns the schema of version in crd, in the API server's
// internal form.
func internalSchema(crd *apiextensionsv1.CustomResourceDefinition, version string) (*apiextensions.JSONSchemaProps, error) {
	for i := range crd.Spec.Versions {
		if v := &crd.Spec.Versions[i]; v.Name == version {
			if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
				return nil, fmt.Errorf("the CRD has no schema for version %s", version)
			}
			internal := &apiextensions.JSONSchemaProps{}
			if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, internal, nil); err != nil {
				return nil, fmt.Errorf("the schema of version %s: %w", version, err)
			}
			return internal, nil
		}
	}
	return nil, fmt.Errorf("the CRD has no version %s", version)
}

// structuralOf returns the structural schema of a version of the CRD.
func structuralOf(version *apiextensionsv1.CustomResourceDefinitionVersion) (*structuralschema.Structural, error) {
	if version.Schema == nil || version.Schema.OpenAPIV3Schema == nil {
		return nil, fmt.Errorf("the CRD has no schema for version %s", version.Name)
	}
	internal := &apiextensions.JSONSchemaProps{}
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(version.Schema.OpenAPIV3Schema, internal, nil); err != nil {
		return nil, fmt.Errorf("the schema of version %s: %w", version.Name, err)
	}
	s, err := structuralschema.NewStructural(internal)
	if err != nil {
		return nil, fmt.Errorf("the schema of version %s is not structural: %w", version.Name, err)
	}
	if errs := structuralschema.ValidateStructural(nil, s); len(errs) > 0 {
		return nil, fmt.Errorf("the schema of version %s is not structural: %w", version.Name, errs.ToAggregate())
	}
	return s, nil
}

// Handle validates one AdmissionRequest.
func (v *validator) Handle(ctx context.Context, req admission.Request) admission.Response {
	switch req.Operation {
	case admissionv1.Create, admissionv1.Update:
	case "":
		// controller-runtime hands on a review without a request as an
		// empty one; the API server always names the operation.
		return admission.Errored(http.StatusBadRequest, errors.New("hubspoke: the AdmissionReview has no request (or a request without an operation)"))
	default:
		return admission.Allowed("")
	}
	if req.SubResource != "" && req.SubResource != "status" {
		return admission.Allowed("")
	}
	gvk := schema.GroupVersionKind{Group: req.Kind.Group, Version: req.Kind.Version, Kind: req.Kind.Kind}
	if gvk.GroupKind() != v.gk {
		return admission.Errored(http.StatusBadRequest, fmt.Errorf("hubspoke: this webhook validates %s, not %s", v.gk, gvk.GroupKind()))
	}
	if !slices.Contains(v.served, gvk.Version) {
		return admission.Errored(http.StatusBadRequest, fmt.Errorf("hubspoke: %s has no served version %q (the CRD serves %v)", v.gk, gvk.Version, v.served))
	}
	obj, err := v.decode(req.Object, gvk)
	if err != nil {
		return admission.Errored(http.StatusBadRequest, fmt.Errorf("hubspoke: decoding the %s at %s: %w", v.gk, gvk.Version, err))
	}
	name := obj.GetName()
	if name == "" {
		name = req.Name
	}
	hub, err := v.converter.ToVersion(obj, v.hub)
	if err != nil {
		return v.invalid(name, gvk.Version, field.ErrorList{v.conversionError(obj, err)}, nil)
	}
	var oldHub runtime.Object
	if req.Operation == admissionv1.Update && len(req.OldObject.Raw) > 0 {
		// The old object only ratchets: if it cannot be read, the write is
		// checked as if it created the object.
		if old, err := v.decode(req.OldObject, gvk); err == nil {
			if oldHub, err = v.converter.ToVersion(old, v.hub); err != nil {
				oldHub = nil
			}
		}
	}
	hubU, err := unstructuredAt(hub, v.structural)
	if err != nil {
		return admission.Errored(http.StatusBadRequest, fmt.Errorf("hubspoke: %s %q: %w", v.gk, name, err))
	}
	var oldU map[string]any
	if oldHub != nil {
		if oldU, err = unstructuredAt(oldHub, v.structural); err != nil {
			oldU = nil
		}
	}
	// The API server defaults the stored hub from its schema when it reads
	// it, before it converts it to the version asked for: the served
	// versions are converted from the hub so defaulted.
	served, at := v.checkServed(ctx, v.defaulted(hubU, hub), v.defaulted(oldU, oldHub))
	var ownU map[string]any
	if v.newerThanHub(gvk.Version) {
		ownU = v.ownFields(obj)
	}
	errs := v.validate(ctx, hubU, oldU, ownU, gvk.Version)
	errs = append(errs, served...)
	if len(errs) > 0 {
		return v.invalid(name, gvk.Version, errs, at)
	}
	return admission.Allowed("")
}

// defaulted returns hub as the API server reads it from storage, where
// the hub is stored: u, hub pruned and defaulted from the hub's schema
// (see unstructuredAt), in the hub's Go type. That is the object a read at
// a served version is converted from, whose values a default may change
// (a conversion hook may refuse one); checkServed converts it. Where u is
// nil (hub is, or did not go into its unstructured form) or does not come
// back into the Go type, hub is returned as it is.
func (v *validator) defaulted(u map[string]any, hub runtime.Object) runtime.Object {
	if u == nil {
		return hub
	}
	out, err := newClientObject(v.scheme, v.gk.WithVersion(v.hub))
	if err != nil {
		return hub
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u, out); err != nil {
		return hub
	}
	return out
}

// decode decodes raw, an object at gvk, into a new object of that version.
func (v *validator) decode(raw runtime.RawExtension, gvk schema.GroupVersionKind) (client.Object, error) {
	obj, err := newClientObject(v.scheme, gvk)
	if err != nil {
		return nil, err
	}
	if err := v.decoder.DecodeRaw(raw, obj); err != nil {
		return nil, err
	}
	if got := obj.GetObjectKind().GroupVersionKind(); !got.Empty() && got != gvk {
		return nil, fmt.Errorf("the object is a %s, not a %s", got, gvk)
	}
	obj.GetObjectKind().SetGroupVersionKind(gvk)
	return obj, nil
}

var annotationPath = field.NewPath("metadata", "annotations").Key(boundary.Annotation)

// conversionError describes why obj does not convert to the hub. When the
// object converts without its property-bags annotation, the annotation is
// at fault and the error is on it.
func (v *validator) conversionError(obj client.Object, err error) *field.Error {
	if text, ok := obj.GetAnnotations()[boundary.Annotation]; ok {
		trial := obj.DeepCopyObject().(client.Object)
		annotations := map[string]string{}
		for k, a := range trial.GetAnnotations() {
			if k != boundary.Annotation {
				annotations[k] = a
			}
		}
		trial.SetAnnotations(annotations)
		if _, trialErr := v.converter.ToVersion(trial, v.hub); trialErr == nil {
			return field.Invalid(annotationPath, shorten(text),
				fmt.Sprintf("the property bags in annotation %s do not convert to the hub version %s: %v", boundary.Annotation, v.hub, err))
		}
	}
	return objectError(fmt.Sprintf("the object does not convert to the hub version %s: %v", v.hub, err))
}

// newerThanHub reports whether version is newer than the hub (a preview,
// or a stable version a release adds while it keeps the hub), by name: a
// version whose schema may allow, at a field the hub has, what the hub's
// does not, as a newer version widens an enum. It is a later release than
// the hub's: not the hub's own under another name (its API version or
// storage twin, or the second name Azure Service Operator's newer releases
// give an ARM API version, v20240801 beside v1api20240801), which
// hub.Version.Compare orders apart, by storage and then by name, only to
// sort deterministically. Compared as an API version with the storage twin
// of the hub's, a version of the hub's release comes first. A storage
// twin is none, whatever its name: it carries property bags in every
// struct, which ownFields does not take out, so what a client writes in
// them would pass for the values of its own fields.
func (v *validator) newerThanHub(version string) bool {
	written, err := hub.ParseVersion(version)
	if err != nil || written.IsStorage() {
		return false
	}
	h, err := hub.ParseVersion(v.hub)
	if err != nil {
		return false
	}
	if !h.IsStorage() {
		if h, err = hub.ParseVersion(v.hub + "storage"); err != nil {
			return false
		}
	}
	return written.Compare(h) > 0
}

// ownFields returns the hub converted from obj, an object at a version
// newer than the hub, without the property bags it carries (in its
// annotation and in its status) and without its annotations and labels,
// which its hooks may read and no schema validates, as JSON values pruned
// and defaulted (see unstructuredAt): the values the fields of obj's
// version give the hub, which the API server validated against that
// version's schema. nil when it does not convert.
func (v *validator) ownFields(obj client.Object) map[string]any {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil
	}
	if meta, ok := u["metadata"].(map[string]any); ok {
		delete(meta, "annotations")
		delete(meta, "labels")
	}
	if status, ok := u["status"].(map[string]any); ok {
		delete(status, statusBagsKey)
	}
	bare, err := newClientObject(v.scheme, obj.GetObjectKind().GroupVersionKind())
	if err != nil {
		return nil
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u, bare); err != nil {
		return nil
	}
	hub, err := v.converter.ToVersion(bare, v.hub)
	if err != nil {
		return nil
	}
	out, err := unstructuredAt(hub, v.structural)
	if err != nil {
		return nil
	}
	return out
}

// statusBagsKey is the status field of an API version where the status
// bags of its storage twin travel (propertybag.Bags).
const statusBagsKey = "$propertyBags"

// validate validates obj, the hub as JSON values pruned and defaulted (see
// unstructuredAt), against the hub's schema as the API server would
// validate it if it had been written at the hub version, ratcheted against
// old (the old hub so read) when that is not nil. own, when not nil, is
// the hub that the fields of the version written, a version newer than
// the hub, give (see ownFields): a value of a field that version has,
// which the hub has too, and that is the value own holds there, the API
// server validated against the version's schema, which may allow what the
// hub's does not (an enum the newer version widens, as an ARM preview of
// Azure Service Operator widens one of the stable hub): its error is not
// the hub's to raise, as it is not for a value the old object held
// (ratcheted); else no client could write the newer version's new values.
// At the hub's API version and older ones the hub's schema decides.
func (v *validator) validate(ctx context.Context, obj, old, own map[string]any, written string) field.ErrorList {
	var keep func(field.ErrorList) field.ErrorList
	if own != nil {
		// The schema's errors that ratcheting against own removes sit at
		// values own holds as obj does.
		byOwn := map[string]bool{}
		correlation := common.NewCorrelatedObject(obj, own, &model.Structural{Structural: v.structural})
		for _, e := range apiservervalidation.ValidateCustomResourceUpdate(nil, obj, own, v.hubCheck.schema, apiservervalidation.WithRatcheting(correlation)) {
			byOwn[e.Error()] = true
		}
		fromOwn := map[string]bool{}
		for _, e := range apiservervalidation.ValidateCustomResource(nil, obj, v.hubCheck.schema) {
			if !byOwn[e.Error()] && e.Field != "<nil>" && hasSomeField(v.schemas[written], e.Field) {
				fromOwn[e.Error()] = true
			}
		}
		if len(fromOwn) > 0 {
			keep = func(errs field.ErrorList) field.ErrorList {
				var out field.ErrorList
				for _, e := range errs {
					if !fromOwn[e.Error()] {
						out = append(out, e)
					}
				}
				return out
			}
		}
	}
	errs := v.hubCheck.check(ctx, obj, old, validateObjectMeta(objectmeta.Validate, obj, v.structural), keep)
	for _, e := range errs {
		e.BadValue = shorten(e.BadValue)
		if e.Field == "<nil>" {
			e.Field = "" // the whole object
		}
		if written != v.hub && e.Field != "" && !hasSomeField(v.schemas[written], e.Field) {
			hint := fmt.Sprintf("%s has no field %s: the value comes from the other fields of %s or from the property bags it carries, in annotation %s or in status",
				written, e.Field, written, boundary.Annotation)
			if e.Detail == "" {
				e.Detail = hint
			} else {
				e.Detail = strings.TrimSuffix(e.Detail, ".") + " (" + hint + ")"
			}
		}
	}
	return errs
}

// check validates obj, an object at c's version as JSON values, against
// c's schema as the API server validates a write: the schema's types,
// formats and limits, its list types and its CEL rules, with the errors in
// values unchanged since old ratcheted away when old is not nil. meta, the
// errors of the object's metadata, go after the schema's and, like them,
// stop the CEL rules. keep, when not nil, chooses the errors that count
// (see ownErrors), before they may stop the CEL rules, of the rules', and
// of the old object's lists where they ratchet the lists' checks:
// an error that does not count must not spare the object its rules (a
// value outside the enum of a field the hub has, at a version whose enum
// is narrower, would skip the rules of its own fields).
func (c *schemaCheck) check(ctx context.Context, obj, old map[string]any, meta field.ErrorList, keep func(field.ErrorList) field.ErrorList) field.ErrorList {
	if keep == nil {
		keep = func(errs field.ErrorList) field.ErrorList { return errs }
	}
	var errs field.ErrorList
	var celOpts []cel.Option
	if old == nil {
		errs = apiservervalidation.ValidateCustomResource(nil, obj, c.schema)
	} else {
		correlation := common.NewCorrelatedObject(obj, old, &model.Structural{Structural: c.structural})
		errs = apiservervalidation.ValidateCustomResourceUpdate(nil, obj, old, c.schema, apiservervalidation.WithRatcheting(correlation))
		celOpts = append(celOpts, cel.WithRatcheting(correlation))
	}
	errs = append(errs, meta...)
	// The API server checks no list of an update whose old object broke
	// one; only the errors that count tell (a list of a field the hub has
	// may break an older version's keys, which is not that version's to
	// judge, and must not spare its own lists).
	if old == nil || len(keep(listtype.ValidateListSetsAndMaps(nil, c.structural, old))) == 0 {
		errs = append(errs, listtype.ValidateListSetsAndMaps(nil, c.structural, obj)...)
	}
	errs = keep(errs)
	if c.cel != nil {
		if blocked, err := blockingError(errs); blocked {
			errs = append(errs, err)
		} else {
			var oldObj any
			if old != nil {
				oldObj = old
			}
			celErrs, _ := c.cel.Validate(ctx, nil, c.structural, obj, oldObj, celconfig.RuntimeCELCostBudget, celOpts...)
			errs = append(errs, celErrs...)
		}
	}
	return keep(errs)
}

// unstructuredAt returns obj as the API server holds an object of the
// version whose schema is s: JSON values, pruned to s, nulls s does not
// allow dropped, and the defaults of s applied.
func unstructuredAt(obj runtime.Object, s *structuralschema.Structural) (map[string]any, error) {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, fmt.Errorf("the object as JSON: %w", err)
	}
	pruning.PruneWithOptions(u, s, true, structuralschema.UnknownFieldPathOptions{})
	defaulting.PruneNonNullableNullsWithoutDefaults(u, s)
	defaulting.Default(u, s)
	return u, nil
}

// objectError is an error about the whole object.
func objectError(detail string) *field.Error {
	return &field.Error{Type: field.ErrorTypeInvalid, BadValue: field.OmitValueType{}, Detail: detail}
}

// blockingError reports, as the API server does, whether errs has errors
// that stop CEL rules from being evaluated.
func blockingError(errs field.ErrorList) (bool, *field.Error) {
	for _, err := range errs {
		switch err.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong, field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return true, objectError("some validation rules were not checked because the object was invalid; correct the existing errors to complete validation")
		}
	}
	return false, nil
}

// checkServed converts hub to every served version and checks that the
// object can be returned there with its bags annotation within the budget,
// and, at a version whose schema has fields the hub's has not, that the
// values it shows there fit its schema (see checkOlder). A problem the old
// object (oldHub, nil on create) had already at a version is let through
// when the write does not make it worse there.
func (v *validator) checkServed(ctx context.Context, hub, oldHub runtime.Object) (field.ErrorList, map[*field.Error]string) {
	var errs field.ErrorList
	var at map[*field.Error]string
	for _, version := range v.served {
		obj, err := v.converter.ToVersion(hub, version)
		var size annotationSize
		if err == nil {
			size, err = measure(obj)
		}
		if err != nil {
			if oldHub != nil {
				if _, oldErr := v.measure(oldHub, version); oldErr != nil {
					continue
				}
			}
			errs = append(errs, objectError(fmt.Sprintf("the object could not be read at %s: %v", version, err)))
			continue
		}
		if c := v.older[version]; c != nil {
			for _, e := range v.checkOlder(ctx, c, obj, oldHub) {
				if at == nil {
					at = map[*field.Error]string{}
				}
				at[e] = version
				errs = append(errs, e)
			}
		}
		overBudget := len(size.bags) > v.budget
		overLimit := size.total > apimachineryvalidation.TotalAnnotationSizeLimitB
		if !overBudget && !overLimit {
			continue
		}
		if oldHub != nil {
			if old, err := v.measure(oldHub, version); err == nil {
				overBudget = overBudget && len(size.bags) > len(old.bags)
				overLimit = overLimit && size.total > old.total
			}
		}
		switch {
		case overLimit:
			errs = append(errs, &field.Error{Type: field.ErrorTypeTooLong, Field: annotationPath.String(), BadValue: field.OmitValueType{},
				Detail: fmt.Sprintf("at %s the annotations would take %d bytes, over the API server's limit of %d, so the object could not be read at %s; annotation %s would take %d bytes%s",
					version, size.total, apimachineryvalidation.TotalAnnotationSizeLimitB, version, boundary.Annotation, len(size.bags), largest(size.bags))})
		case overBudget:
			errs = append(errs, &field.Error{Type: field.ErrorTypeTooLong, Field: annotationPath.String(), BadValue: field.OmitValueType{},
				Detail: fmt.Sprintf("at %s annotation %s would take %d bytes, over the budget of %d%s",
					version, boundary.Annotation, len(size.bags), v.budget, largest(size.bags))})
		}
	}
	return errs, at
}

// checkOlder validates obj, the object written converted to c's version,
// against c's schema, as the API server would validate it had it been
// written there, and returns the errors that concern that version alone:
//
//   - at a field path the hub's schema does not have: the values of the
//     hub's fields, and the object as a whole, are the hub's schema's to
//     judge (validate), whatever an older version's schema says of them
//     (nor do errors there, as the API server's errors do, stop the
//     version's CEL rules: see schemaCheck.check). A field the version
//     requires of an object the hub has (its spec), which a newer version
//     dropped, is missing from every write at a newer version: ownSchema
//     keeps no such requirement. A field it requires of its own object (a
//     v1-only legacy without its required kind) is refused like any other
//     of its constraints;
//   - on an update, not in a value the old object (oldHub) already showed
//     at that version: the API server's ratcheting, on the old object
//     converted to c's version, lets those through.
//
// Such a value is one the version shows a client that reads it, and that
// its schema forbids: kept for it in the hub's property bags (written in a
// newer version's annotation, or in the hub's bags at a served storage
// version), or derived by the conversion hooks from the hub's values.
func (v *validator) checkOlder(ctx context.Context, c *schemaCheck, obj, oldHub runtime.Object) field.ErrorList {
	u, err := unstructuredAt(obj, c.structural)
	if err != nil {
		return field.ErrorList{objectError(fmt.Sprintf("the object could not be validated at %s: %v", c.version, err))}
	}
	errs := c.check(ctx, u, nil, nil, v.ownErrors)
	if len(errs) == 0 || oldHub == nil {
		return v.describe(c.version, errs)
	}
	oldObj, err := v.converter.ToVersion(oldHub, c.version)
	if err != nil {
		return v.describe(c.version, errs)
	}
	old, err := unstructuredAt(oldObj, c.structural)
	if err != nil {
		return v.describe(c.version, errs)
	}
	return v.describe(c.version, c.check(ctx, u, old, nil, v.ownErrors))
}

// ownErrors keeps the errors of errs that sit at a field the hub's schema
// does not have.
func (v *validator) ownErrors(errs field.ErrorList) field.ErrorList {
	var own field.ErrorList
	for _, e := range errs {
		if e.Field == "<nil>" || hasField(v.structural, e.Field) {
			continue
		}
		own = append(own, e)
	}
	return own
}

// describe shortens the values of errs, errors at version, and says in
// each where the value comes from.
func (v *validator) describe(version string, errs field.ErrorList) field.ErrorList {
	for _, e := range errs {
		e.BadValue = shorten(e.BadValue)
		note := fmt.Sprintf("a value %s shows, kept for it in the hub's property bags or derived by the conversion hooks; the hub version %s has no field %s",
			version, v.hub, e.Field)
		if e.Detail == "" {
			e.Detail = note
		} else {
			e.Detail = strings.TrimSuffix(e.Detail, ".") + " (" + note + ")"
		}
	}
	return errs
}

// annotationSize is what the annotations of an object take at one version.
type annotationSize struct {
	bags  string // the bags annotation
	total int    // all annotations, keys and values, as the API server counts
}

func (v *validator) measure(hub runtime.Object, version string) (annotationSize, error) {
	obj, err := v.converter.ToVersion(hub, version)
	if err != nil {
		return annotationSize{}, err
	}
	return measure(obj)
}

// measure measures the annotations of obj.
func measure(obj runtime.Object) (annotationSize, error) {
	co, ok := obj.(client.Object)
	if !ok {
		return annotationSize{}, fmt.Errorf("%T has no metadata", obj)
	}
	var size annotationSize
	for k, a := range co.GetAnnotations() {
		size.total += len(k) + len(a)
	}
	size.bags = co.GetAnnotations()[boundary.Annotation]
	return size, nil
}

// largestShown is how many entries of a bags annotation a message names.
const largestShown = 5

// largest names the largest entries of a bags annotation, largest first.
func largest(text string) string {
	bags, err := propertybag.UnmarshalBags(text)
	if err != nil {
		return ""
	}
	type entry struct {
		bag, property string
		size          int
	}
	var entries []entry
	for name, bag := range bags {
		for property, value := range bag {
			entries = append(entries, entry{name, property, storedSize(name, property, value)})
		}
	}
	slices.SortFunc(entries, func(a, b entry) int {
		return cmp.Or(cmp.Compare(b.size, a.size), cmp.Compare(a.bag, b.bag), cmp.Compare(a.property, b.property))
	})
	var sb strings.Builder
	sb.WriteString("; the largest entries: ")
	for i, e := range entries {
		if i == largestShown {
			fmt.Fprintf(&sb, " and %d more", len(entries)-largestShown)
			break
		}
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s in bag %q (%d bytes)", e.property, e.bag, e.size)
	}
	return sb.String()
}

// storedSize is the number of bytes the entry property of bag takes in
// the bags annotation ("property":value, as propertybag.MarshalBags writes
// it), which can be far less than its value's length in the bag: the bag
// keeps values as encoding/json writes them, "<" as "\u003c", and the
// annotation does not.
func storedSize(bag, property, value string) int {
	with, err := propertybag.MarshalBags(propertybag.Bags{bag: {property: value}})
	if err != nil {
		return len(property) + len(value) + 3
	}
	frame, err := propertybag.MarshalBags(propertybag.Bags{bag: {"": "0"}})
	if err != nil {
		return len(property) + len(value) + 3
	}
	return len(with) - (len(frame) - len(`"":0`))
}

// invalid is the answer that refuses a write with 422, as the API server
// refuses an invalid object. at names the version of the errors whose
// field is a path at that version, not at the hub.
func (v *validator) invalid(name, written string, errs field.ErrorList, at map[*field.Error]string) admission.Response {
	causes := make([]metav1.StatusCause, len(errs))
	parts := make([]string, len(errs))
	for i, e := range errs {
		causes[i] = metav1.StatusCause{Type: metav1.CauseType(e.Type), Message: e.ErrorBody(), Field: e.Field}
		switch {
		case at[e] != "":
			parts[i] = "at " + at[e] + ", " + e.Field + ": " + e.ErrorBody()
		case e.Field != "":
			parts[i] = e.Field + ": " + e.ErrorBody()
		case e.BadValue == field.OmitValueType{}:
			parts[i] = e.Detail // about the whole object
		default:
			parts[i] = e.ErrorBody()
		}
	}
	message := fmt.Sprintf("hubspoke: %s %q written at %s is invalid: %s", v.gk, name, written, strings.Join(parts, "; "))
	return admission.Response{AdmissionResponse: admissionv1.AdmissionResponse{
		Allowed: false,
		Result: &metav1.Status{
			Status:  metav1.StatusFailure,
			Code:    http.StatusUnprocessableEntity,
			Reason:  metav1.StatusReasonInvalid,
			Message: message,
			Details: &metav1.StatusDetails{Name: name, Group: v.gk.Group, Kind: v.gk.Kind, Causes: causes},
		},
	}}
}

// shortValue is the longest value, in bytes, that a message quotes.
const shortValue = 120

// shorten returns value, or for a long string or a large structure the
// beginning of its JSON, so that a message does not repeat a large value.
func shorten(value any) any {
	switch x := value.(type) {
	case field.OmitValueType, nil, bool, int64, int32, int, float64, float32:
		return value
	case string:
		if len(x) <= shortValue {
			return x
		}
		return fmt.Sprintf("%s... (%d bytes)", strings.ToValidUTF8(x[:shortValue], ""), len(x))
	}
	text, err := json.Marshal(value)
	if err != nil || len(text) <= shortValue {
		return value
	}
	return fmt.Sprintf("%s... (%d bytes)", strings.ToValidUTF8(string(text[:shortValue]), ""), len(text))
}

// hasField reports whether the structural schema s has the field at path,
// as field.Path writes it ("spec.items[0].name", "spec.labels[key]") or as
// the schema validator does ("spec.labels.key"), however the path reads: a
// map key is written as it is, so a key that holds "." or "]" makes a path
// that reads more than one way ("spec.zones.x.open.note" is key "x" then
// open.note, or key "x.open" then note), and hasField is true only where
// every reading has the field (a key that begins with "[", joined with
// ".", reads as a key in brackets too: "spec.zones.[x].open.note" is key
// "x" or "[x]" then open.note, or key "[x].open" then note). A "[" that
// no "]" closes opens no key in brackets. ownErrors keeps an error where
// hasField is false, so no key can pass a version's own constraint off as
// a field of the hub. A schema that keeps unknown fields, or has additional
// properties, has every field below it.
func hasField(s *structuralschema.Structural, path string) bool {
	every, _ := fieldReadings(s, path)
	return every
}

// hasSomeField reports whether some reading of path (see hasField) is a
// field of s.
func hasSomeField(s *structuralschema.Structural, path string) bool {
	_, some := fieldReadings(s, path)
	return some
}

// fieldReadings reports whether every reading of path, and whether some
// reading, is a field of s.
func fieldReadings(s *structuralschema.Structural, path string) (every, some bool) {
	r := readings{path: path, seen: map[readingAt][2]bool{}, ends: map[keyEnds]*endTable{}}
	return r.at(s, 0)
}

// readings walks the readings of one path, remembering what it found for
// each schema node and offset, and, for each map's values, what the rest
// of the path below them gives for every key that starts at or after an
// offset, so that a path with many "." in its keys costs about its length
// times the schema's nodes, not the number of its readings (which doubles
// with every "."), nor its length squared (every offset of a key under
// nested maps starts the next map's keys).
type readings struct {
	path string
	seen map[readingAt][2]bool
	ends map[keyEnds]*endTable
	// closes holds the offsets of the "]" in path, ascending, once read.
	closes []int
	closed bool
}

// readingAt is a schema node and an offset into the path.
type readingAt struct {
	s *structuralschema.Structural
	i int
}

// keyEnds names the ends of the keys of one map: its values' schema, and
// whether a key ends at a "]" (written in brackets) or anywhere (joined
// with ".").
type keyEnds struct {
	value   *structuralschema.Structural
	bracket bool
}

// endTable holds, for every offset j from low up, whether every and
// whether some key end at or after j gives a field, and whether there is
// such an end.
type endTable struct {
	low                 int
	every, some, exists []bool
}

// at reports for path[i:] below s whether every reading and whether some
// reading is a field.
func (r *readings) at(s *structuralschema.Structural, i int) (every, some bool) {
	path := r.path
	switch {
	case s == nil:
		return false, false
	case s.XPreserveUnknownFields || i == len(path):
		return true, true
	}
	if found, ok := r.seen[readingAt{s, i}]; ok {
		return found[0], found[1]
	}
	every, some = r.step(s, i)
	r.seen[readingAt{s, i}] = [2]bool{every, some}
	return every, some
}

// step reads the segment of the path at i below s.
func (r *readings) step(s *structuralschema.Structural, i int) (every, some bool) {
	path := r.path
	dot := path[i] == '.'
	if dot {
		i++
	}
	if i < len(path) && path[i] == '[' {
		if !dot || s.AdditionalProperties == nil {
			return r.bracket(s, i)
		}
		if s.AdditionalProperties.Structural == nil {
			return s.AdditionalProperties.Bool, s.AdditionalProperties.Bool
		}
		// After a ".", a "[" may open a key in brackets, or begin a map
		// key the schema validator joined with "." ("spec.zones.[x].note"
		// is key "x" or key "[x]" then note, "spec.zones.[.note" only key
		// "["): every reading counts.
		every, some = r.keys(s.AdditionalProperties.Structural, i, false)
		if r.close(i) >= 0 {
			e, s := r.bracket(s, i)
			every, some = every && e, some || s
		}
		return every, some
	}
	end := strings.IndexAny(path[i:], ".[")
	if end < 0 {
		end = len(path) - i
	}
	if p, ok := s.Properties[path[i:i+end]]; ok {
		return r.at(&p, i+end)
	}
	if s.AdditionalProperties != nil {
		if s.AdditionalProperties.Structural == nil {
			return s.AdditionalProperties.Bool, s.AdditionalProperties.Bool
		}
		// The key ends at the end, or before a "." or "[".
		return r.keys(s.AdditionalProperties.Structural, i, false)
	}
	return false, false
}

// bracket reads the index or map key in brackets at i below s: none
// where no "]" follows (not a path field.Path writes).
func (r *readings) bracket(s *structuralschema.Structural, i int) (every, some bool) {
	switch {
	case s.Items != nil:
		if end := r.close(i); end >= 0 {
			return r.at(s.Items, end+1)
		}
	case s.AdditionalProperties != nil:
		if s.AdditionalProperties.Structural == nil {
			if r.close(i) < 0 {
				return false, false
			}
			return s.AdditionalProperties.Bool, s.AdditionalProperties.Bool
		}
		// The key ends at a "]" followed by the end, "." or "[".
		return r.keys(s.AdditionalProperties.Structural, i+1, true)
	}
	return false, false
}

// close returns the offset of the first "]" at or after i, or -1.
func (r *readings) close(i int) int {
	if !r.closed {
		for j := 0; j < len(r.path); j++ {
			if r.path[j] == ']' {
				r.closes = append(r.closes, j)
			}
		}
		r.closed = true
	}
	if k, _ := slices.BinarySearch(r.closes, i); k < len(r.closes) {
		return r.closes[k]
	}
	return -1
}

// keys reads the map key that starts at i in every way it can end, each
// followed by the end of the path, a "." or a "[" (after a "]", when
// bracket), and the rest of the path below value.
func (r *readings) keys(value *structuralschema.Structural, i int, bracket bool) (every, some bool) {
	if i+1 > len(r.path) {
		return false, false
	}
	t := r.endsOf(value, bracket, i+1)
	if !t.exists[i+1] {
		return false, false // no "]" can end the key: not a path field.Path writes
	}
	return t.every[i+1], t.some[i+1]
}

// endsOf returns the table of the key ends below value, filled from low
// up. It fills it from the end of the path down: the readings at an
// offset need those of later offsets only, below other nodes (a schema's
// values lie below it), so that no table is filled twice at one offset.
func (r *readings) endsOf(value *structuralschema.Structural, bracket bool, low int) *endTable {
	path := r.path
	k := keyEnds{value, bracket}
	t := r.ends[k]
	if t == nil {
		n := len(path) + 2
		t = &endTable{low: n - 1, every: make([]bool, n), some: make([]bool, n), exists: make([]bool, n)}
		t.every[n-1] = true
		r.ends[k] = t
	}
	for ; t.low > low; t.low-- {
		j := t.low - 1
		every, some, exists := t.every[j+1], t.some[j+1], t.exists[j+1]
		if (j == len(path) || path[j] == '.' || path[j] == '[') && (!bracket || path[j-1] == ']') {
			e, s := r.at(value, j)
			every, some, exists = every && e, some || s, true
		}
		t.every[j], t.some[j], t.exists[j] = every, some, exists
	}
	return t
}

// validateObjectMeta calls apiextensions-apiserver's objectmeta.Validate,
// whose signature gained a context in v0.37, at whichever version the
// module is built with (CI tests v0.35 and the newest).
func validateObjectMeta(validate any, obj map[string]any, s *structuralschema.Structural) field.ErrorList {
	switch f := validate.(type) {
	case func(*field.Path, any, *structuralschema.Structural, bool) field.ErrorList:
		return f(nil, obj, s, false)
	case func(context.Context, *field.Path, any, *structuralschema.Structural, bool) field.ErrorList:
		return f(context.TODO(), nil, obj, s, false)
	}
	return field.ErrorList{field.InternalError(nil, fmt.Errorf("objectmeta.Validate has an unknown signature %T", validate))}
}
