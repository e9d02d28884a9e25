// Package webhook connects hubspoke resources to controller-runtime's
// conversion webhook, so that API packages import only package convert and
// the operator's main package wires the webhook.
//
// A resource whose versions form a hubspoke chain (API version → storage
// twin → next storage version → … → hub, see package convert) is converted
// by a *convert.Converter. This package hands that converter to
// controller-runtime in one of three ways.
//
// # With the webhook builder
//
// NewHubSpokeConverter returns the constructor that controller-runtime's
// webhook builder expects. Pass it the resource's group and kind and
// register the hub type:
//
//	gk := schema.GroupKind{Group: "crm.example.com", Kind: "Person"}
//	err := builder.WebhookManagedBy(mgr, &v2storage.Person{}).
//		WithConverter(webhook.NewHubSpokeConverter(gk)).
//		Complete()
//
// The builder calls the constructor with the manager's scheme when the
// webhook is registered. The constructor derives the chain from the scheme,
// validates it and converts an empty object of every version to the hub and
// back, so a broken chain stops the operator at start-up with an error that
// names the resource and the version at fault. It then builds
// controller-runtime's own hub-and-spoke converter with one spoke per
// version that is not the hub; each spoke converts with the
// *convert.Converter, so every result has its apiVersion and kind set to
// the version it was converted to and a deep copy of the source's metadata,
// as the API server requires of a conversion webhook.
//
// # With a manager's converter registry
//
// Register registers a *convert.Converter for each of several resources in
// a conversion.Registry, such as the one a manager returns from
// GetConverterRegistry. The manager's /convert endpoint (registered by the
// webhook builder for any type that has conversion) then uses them.
//
// # Without a manager
//
// NewHandler returns an http.Handler serving conversion requests
// (apiextensions.k8s.io/v1 ConversionReview) for the given resources. It is
// controller-runtime's handler with a registry of its own, convenient for
// tests and for serving /convert from a plain http.Server.
//
// # What controller-runtime's handler does
//
// The handler decodes a ConversionReview, converts every object to the
// desired apiVersion and replies with a ConversionReview whose response has
// the request's UID. A body that is not JSON, or a review without a request,
// is answered with HTTP 400 and an empty body. Any other problem (an object
// or desired apiVersion the scheme does not know, an object already at the
// desired version, a failed conversion) is answered with HTTP 200 and a
// response whose result has status Failure and the error as its message; a
// single failing object fails the whole review. Resources with no
// registered converter are converted with their Hub and Convertible
// methods directly, which for a hubspoke chain gives the same objects; only
// a panic in conversion code is reported differently: a registered
// *convert.Converter returns it as an error with the panic's value, while
// the handler itself recovers it as "internal error occurred during
// conversion".
package webhook
