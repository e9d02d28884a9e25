package webhook

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/hubspoke/hubspoke/convert"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// registered is what register puts in a registry: a *convert.Converter as
// controller-runtime's conversion.Converter.
type registered struct{ c *convert.Converter }

// ConvertObject converts src into dst with the Converter; the context is
// not used.
func (r registered) ConvertObject(_ context.Context, src, dst runtime.Object) error {
	return r.c.Convert(src, dst)
}

// newHubSpokeConverter returns a constructor for the conversion.Converter
// of resource gk, in the form controller-runtime's webhook builder takes
// (WebhookBuilder.WithConverter).
//
// Given a scheme, the constructor builds a *convert.Converter for gk (which
// validates the chain and smoke-tests every version, see
// convert.NewConverter) and returns controller-runtime's hub-and-spoke
// converter (conversion.NewHubSpokeConverter) with the hub of the chain as
// its hub and one spoke for every other version. Each spoke converts to and
// from the hub with the *convert.Converter, that is with the spoke's
// ConvertTo and ConvertFrom methods followed by the API server's rules:
// apiVersion and kind of the result set to its version, metadata deep-copied
// from the source, nothing written on failure, a panic reported as an error.
//
// Every version of gk must be a client.Object registered in the scheme under
// exactly one group, version and kind. Errors name the resource.
func newHubSpokeConverter(gk schema.GroupKind) func(*runtime.Scheme) (conversion.Converter, error) {
	return func(scheme *runtime.Scheme) (conversion.Converter, error) {
		c, err := newConverter(scheme, gk)
		if err != nil {
			return nil, err
		}
		hubVersion := c.Graph().Hub()
		hub, err := newClientObject(scheme, c.GroupKind().WithVersion(c.Graph().Hub()))
		if err != nil {
			return nil, err
		}
		toSpoke := func(_ context.Context, hub, spoke client.Object) error { return c.Convert(hub, spoke) }
		toHub := func(_ context.Context, spoke, hub client.Object) error { return c.Convert(spoke, hub) }
		var spokes []conversion.SpokeConverter[client.Object]
		for _, v := range c.Graph().Versions() {
			if v == hubVersion {
				continue
			}
			spoke, err := newClientObject(scheme, gk.WithVersion(v))
			if err != nil {
				return nil, err
			}
			spokes = append(spokes, conversion.NewSpokeConverter(spoke, toSpoke, toHub))
		}
		conv, err := conversion.NewHubSpokeConverter(hub, spokes...)(scheme)
		if err != nil {
			return nil, fmt.Errorf("webhook: %s: %w", gk, err)
		}
		return conv, nil
	}
}

// register builds a *convert.Converter for each resource in gks from the
// types registered in scheme and registers it in registry, typically a
// manager's GetConverterRegistry(). All converters are built before any is
// registered, so an invalid chain registers nothing; a resource that is
// named twice or already has a converter in the registry is an error, so a
// resource registered here must not also be given to the webhook builder
// with WithConverter(newHubSpokeConverter(...)), which registers its own
// converter in the manager's registry. Errors name the resource.
func register(registry conversion.Registry, scheme *runtime.Scheme, gks ...schema.GroupKind) error {
	if registry == nil {
		return errors.New("webhook: nil registry")
	}
	converters := make([]*convert.Converter, 0, len(gks))
	seen := make(map[schema.GroupKind]bool, len(gks))
	for _, gk := range gks {
		if seen[gk] {
			return fmt.Errorf("webhook: %s is named more than once", gk)
		}
		seen[gk] = true
		c, err := newConverter(scheme, gk)
		if err != nil {
			return err
		}
		converters = append(converters, c)
	}
	for _, c := range converters {
		if err := registry.RegisterConverter(c.GroupKind(), registered{c}); err != nil {
			return fmt.Errorf("webhook: %s: %w", c.GroupKind(), err)
		}
	}
	return nil
}

// newHandler returns controller-runtime's conversion webhook handler
// (conversion.NewWebhookHandler) for scheme, with a registry of its own in
// which the resources gks are registered as by Register. It serves
// apiextensions.k8s.io/v1 ConversionReview requests, as the API server
// sends them to a CRD's conversion webhook, and needs no manager.
//
// Resources of the scheme that are not in gks are converted by the handler
// with their Hub and Convertible methods, as controller-runtime does for
// every resource without a registered converter.
func newHandler(scheme *runtime.Scheme, gks ...schema.GroupKind) (http.Handler, error) {
	if scheme == nil {
		return nil, errors.New("webhook: nil scheme")
	}
	registry := conversion.NewRegistry()
	if err := register(registry, scheme, gks...); err != nil {
		return nil, err
	}
	return conversion.NewWebhookHandler(scheme, registry), nil
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
