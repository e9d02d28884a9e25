package webhook

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-logr/logr"
	"github.com/hubspoke/hubspoke/convert"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// Options configures Setup: the conversion webhook and the validating
// admission webhook (the zero Options is ready to use).
type Options struct {
	// BagsBudget is the largest property-bags annotation
	// (boundary.Annotation), in bytes, that the admission webhook lets a
	// write give the object at any served version; 0 means 128 KiB, half
	// of the 256 KiB the API server allows all the annotations of an object
	// together (the other half is left to every other annotation: kubectl's
	// last-applied-configuration holds a copy of the object as applied,
	// which at an old version can include the bags annotation itself). It
	// must be below the API server's limit.
	BagsBudget int

	// ConversionBagsLimit is the largest property-bags annotation, in
	// bytes, that a conversion may give an object; a larger one fails the
	// conversion with an error naming hubspoke, the object and the size,
	// where the API server would otherwise fail the read with an error
	// about annotations that does not say where they come from (it limits
	// all annotations of an object together to 256 KiB; a conversion whose
	// annotations together exceed that fails the same way whatever the
	// limit). 0 means 192 KiB, or BagsBudget when that is larger: at
	// least the budget, so that whatever the admission webhook admits
	// stays readable, and below the API server's limit. Setup refuses a
	// limit below BagsBudget (a write admitted with a bags annotation
	// between the two would fail every read at that version).
	ConversionBagsLimit int

	// MaxReviewBytes is the largest ConversionReview the conversion webhook
	// reads; a larger one is answered with a Failure. 0 means 64 MiB. The
	// API server sends all the objects of a list in one review, so this
	// bounds the size of a list read at a version other than the storage
	// version.
	MaxReviewBytes int64

	// Logger receives a line for every failed conversion, naming the
	// object (namespace and name), its kind, the versions and the step
	// that failed. The zero Logger means the manager's logger, named
	// "hubspoke-conversion".
	Logger logr.Logger
}

// AdmissionPath returns the path at which Setup serves the validating
// admission webhook of resource gk, the path a
// ValidatingWebhookConfiguration names: "/validate-" followed by the group
// with dots turned into dashes and the kind in lower case, for example
// "/validate-crm-example-com-person".
func AdmissionPath(gk schema.GroupKind) string {
	return "/validate-" + strings.ReplaceAll(gk.Group, ".", "-") + "-" + strings.ToLower(gk.Kind)
}

// conversionPath is the path of the conversion webhook, controller-runtime's.
const conversionPath = "/convert"

// Setup registers, on mgr's webhook server, the conversion webhook and the
// validating admission webhook of the resource of each of crds, whose
// versions must be registered in mgr's scheme: the conversion on /convert,
// converting with a *convert.Converter (see conversion.go), and the
// admission webhook described in the package documentation on
// AdmissionPath (see admission.go).
//
// Each resource also gets a converter in the manager's converter registry,
// as controller-runtime's webhook builder registers one, so that giving the
// same resource to the builder with WithConverter is refused. A review of
// another resource that the scheme knows is handed to controller-runtime's
// handler with the manager's registry, so other resources of the operator,
// registered with the webhook builder after Setup, still convert on
// /convert.
//
// The served versions of each CRD must all serve the status subresource, or
// none of them (a kind without status): the status values a version has no
// field for travel in its status (status.$propertyBags), which the API
// server keeps from clients that may not write the status subresource only
// at a version that serves it. Setup refuses such a CRD, naming the
// versions; there is no option to skip the check: add the subresource to
// the versions that lack it, or stop serving them. Unserved versions do not
// count.
//
// Everything is built and checked before anything is registered, so an
// error (a CRD named twice, a CRD whose served versions differ in the
// status subresource, a resource that already has a converter in the
// manager's registry or its admission path served, /convert already served)
// registers nothing.
func Setup(mgr manager.Manager, opts Options, crds ...*apiextensionsv1.CustomResourceDefinition) error {
	if mgr == nil {
		return errors.New("webhook: nil manager")
	}
	if opts.Logger.GetSink() == nil {
		opts.Logger = mgr.GetLogger().WithName("hubspoke-conversion")
	}
	if len(crds) == 0 {
		return nil
	}
	if err := matchLimits(&opts); err != nil {
		return err
	}
	scheme, registry := mgr.GetScheme(), mgr.GetConverterRegistry()
	validators := make([]*validator, 0, len(crds))
	converters := make([]*convert.Converter, 0, len(crds))
	seen := map[schema.GroupKind]bool{}
	for _, crd := range crds {
		v, err := newValidator(scheme, crd, opts)
		if err != nil {
			return err
		}
		if seen[v.gk] {
			return fmt.Errorf("webhook: %s is named more than once", v.gk)
		}
		seen[v.gk] = true
		if path := AdmissionPath(v.gk); served(mgr, path) {
			return fmt.Errorf("webhook: %s: %s is served already", v.gk, path)
		}
		if _, ok := registry.GetConverter(v.gk); ok {
			return fmt.Errorf("webhook: %s already has a converter in the manager's registry", v.gk)
		}
		validators = append(validators, v)
		converters = append(converters, v.converter)
	}
	if served(mgr, conversionPath) {
		return fmt.Errorf("webhook: %s is served already (controller-runtime's webhook builder registers its handler there for the first resource with a conversion): call Setup before the builder", conversionPath)
	}
	fallback := conversion.NewWebhookHandler(scheme, registry)
	h, err := newConversionHandler(scheme, fallback, opts, converters, crds)
	if err != nil {
		return err
	}
	for _, v := range validators {
		if err := registry.RegisterConverter(v.gk, registered{v.converter}); err != nil {
			return fmt.Errorf("webhook: %s: %w", v.gk, err)
		}
	}
	mgr.GetWebhookServer().Register(conversionPath, h)
	for _, v := range validators {
		mgr.GetWebhookServer().Register(AdmissionPath(v.gk), &admission.Webhook{Handler: v})
	}
	return nil
}

// matchLimits makes the conversion's limit of the bags annotation
// (ConversionBagsLimit) at least the admission webhook's budget
// (BagsBudget), which both measure in the same bytes of the same
// annotation: a write the admission webhook lets through must convert to
// every served version. A BagsBudget above the default limit raises the
// default with it; a ConversionBagsLimit set below the budget is refused.
// Other values out of range are left to newValidator and newObserver,
// which name them.
func matchLimits(opts *Options) error {
	budget := cmp.Or(opts.BagsBudget, defaultBagsBudget)
	if opts.ConversionBagsLimit == 0 && budget > defaultBagsLimit {
		opts.ConversionBagsLimit = budget
	}
	if limit := cmp.Or(opts.ConversionBagsLimit, defaultBagsLimit); limit > 0 && budget > limit {
		return fmt.Errorf("webhook: conversion bags limit %d bytes is below the bags budget of %d bytes (webhook.Options.ConversionBagsLimit, BagsBudget): "+
			"a write the admission webhook lets through with a bags annotation between the two would fail every read at that version; "+
			"set the limit at least as large as the budget, or leave it 0", limit, budget)
	}
	return nil
}

// checkStatusSubresource refuses a CRD of which some served versions serve
// the status subresource and other served versions do not. The status
// values a version has no field for travel in its status, in
// status.$propertyBags, which only clients that may write the status
// subresource can change, because the API server resets the status of an
// update of the main resource; it does so only at a version that serves
// the subresource, so through a served version that does not, a client that
// may update only the main resource could write the status of every
// version. A CRD none of whose served versions serves the subresource (a
// kind without status) is accepted, and unserved versions do not count: no
// client reads or writes through them. hubspoke-gen refuses to generate
// such a kind; this catches a CRD edited by hand or written by other
// tools. There is no option to skip the check: the fix is in the CRD.
func checkStatusSubresource(gk schema.GroupKind, crd *apiextensionsv1.CustomResourceDefinition) error {
	var serving, lacking []string
	for _, v := range crd.Spec.Versions {
		switch {
		case !v.Served:
		case v.Subresources != nil && v.Subresources.Status != nil:
			serving = append(serving, v.Name)
		default:
			lacking = append(lacking, v.Name)
		}
	}
	if len(serving) == 0 || len(lacking) == 0 {
		return nil
	}
	plural, them := crd.Spec.Names.Plural, strings.Join(lacking, ", ")
	return fmt.Errorf("webhook: %s: the CRD %s serves the status subresource at %s but not at %s, which it serves too: "+
		"the API server resets the status of an update of the main resource only at a version that serves the subresource, "+
		"so a client that may update %s but not %s/status could write, through %s, the status of the object, "+
		"including the status values %s has no field for (in status.$propertyBags); "+
		"add `subresources: {status: {}}` to %s in the CRD (+kubebuilder:subresource:status on its Go type), or stop serving %s",
		gk, crd.Name, strings.Join(serving, ", "), them, plural, plural, them, them, them, them)
}

// served reports whether mgr's webhook server serves path, which it can
// serve only once: registering it again panics.
func served(mgr manager.Manager, path string) bool {
	mux := mgr.GetWebhookServer().WebhookMux()
	if mux == nil {
		return false
	}
	_, pattern := mux.Handler(&http.Request{URL: &url.URL{Path: path}})
	return pattern == path
}

// registered is the converter Setup puts in the manager's registry for a
// resource it serves: its *convert.Converter as controller-runtime's
// conversion.Converter.
type registered struct{ c *convert.Converter }

// ConvertObject converts src into dst with the Converter; the context is
// not used.
func (r registered) ConvertObject(_ context.Context, src, dst runtime.Object) error {
	return r.c.Convert(src, dst)
}

func newConverter(scheme *runtime.Scheme, gk schema.GroupKind) (*convert.Converter, error) {
	if scheme == nil {
		return nil, fmt.Errorf("webhook: %s: nil scheme", gk)
	}
	c, err := convert.NewConverter(scheme, gk)
	if err != nil {
		return nil, fmt.Errorf("webhook: %w", err)
	}
	return c, nil
}

// newClientObject returns a new object of gvk, with its apiVersion and kind
// set, as a client.Object.
func newClientObject(scheme *runtime.Scheme, gvk schema.GroupVersionKind) (client.Object, error) {
	obj, err := scheme.New(gvk)
	if err != nil {
		return nil, fmt.Errorf("webhook: %s: creating version %s: %w", gvk.GroupKind(), gvk.Version, err)
	}
	co, ok := obj.(client.Object)
	if !ok {
		return nil, fmt.Errorf("webhook: %s: version %s (%T) is not a client.Object", gvk.GroupKind(), gvk.Version, obj)
	}
	co.GetObjectKind().SetGroupVersionKind(gvk)
	return co, nil
}
