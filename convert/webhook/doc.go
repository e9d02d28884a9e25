// Package webhook serves the conversion webhook of hubspoke resources
// through controller-runtime, and the validating admission webhook that
// checks every write at the hub, so that API packages import only package
// convert and the operator's main package wires the webhooks with one call.
//
// # Both webhooks in one call
//
// Setup is the one way to wire them: it registers, on a manager's webhook
// server, the conversion webhook of each resource (controller-runtime's
// webhook builder with a converter that walks the chain with a
// *convert.Converter, below) and its validating admission webhook on
// AdmissionPath(gk). It takes the CRDs the operator installs, decoded from
// the YAML it ships:
//
//	var crd apiextensionsv1.CustomResourceDefinition
//	if err := yaml.UnmarshalStrict(peopleCRD, &crd); err != nil { ... }
//	if err := webhook.Setup(mgr, webhook.Options{}, &crd); err != nil { ... }
//
// A ValidatingWebhookConfiguration then sends the resource's CREATE and
// UPDATE requests, at every version and for the status subresource too, to
// that path (with failurePolicy Fail, so that no write skips it):
//
//	webhooks:
//	- name: people.crm.example.com
//	  admissionReviewVersions: [v1]
//	  sideEffects: None
//	  failurePolicy: Fail
//	  matchPolicy: Equivalent
//	  rules:
//	  - apiGroups: [crm.example.com]
//	    apiVersions: ["*"]
//	    operations: [CREATE, UPDATE]
//	    resources: [people, people/status]
//	  clientConfig:
//	    service: {name: crm-webhook, namespace: crm-system, path: /validate-crm-example-com-person}
//
// # Why writes are validated at the hub
//
// The API server validates a write against the schema of the version the
// client wrote, and stores the hub converted from it. A value the client
// wrote in the property-bags annotation of an old version (values that
// version has no field for travel there, see convert.BagsAnnotation)
// reaches the hub without ever meeting the hub's schema; a value that fits
// the version written may not fit the annotation of another version,
// which the API server limits, with the others, to 256 KiB, so that the
// object can no longer be read there; and an annotation that does not
// convert fails the write with an internal error. The admission webhook
// converts every write to the hub and validates it with the API server's
// own code, measures the annotation the object will have at every served
// version against a budget (Options.BagsBudget, DefaultBagsBudget),
// and refuses what would go wrong with HTTP status 422 and a message naming
// the field, the version written, the version that would be too large or
// the annotation and the property at fault. Status bags travel in the
// status of API versions, which only writers of the status subresource can
// change, so the annotation cannot reach the status at all: naming a
// status bag in it is refused the same way.
//
// One path reaches a conversion before admission does: server-side apply
// converts the merged object to the version of every other field manager
// of the object. A malformed annotation sent by apply to an object that has
// managers at other versions is therefore refused by the API server itself,
// with HTTP status 500 and the conversion's message, which holds the
// Converter's error ("hubspoke: converting Person.crm.example.com from v1
// to v5storage: converting ..."), naming the step of the chain and the
// property; nothing is written.
//
// # The conversion
//
// A resource whose versions form a hubspoke chain (API version → storage
// twin → next storage version → … → hub, see package convert) is converted
// by a *convert.Converter, which Setup builds from the manager's scheme when
// it registers the webhook: it derives the chain, validates it and converts
// an empty object of every version to the hub and back, so a broken chain
// stops the operator at start-up with an error that names the resource and
// the version at fault. controller-runtime's hub-and-spoke converter gets
// one spoke per version that is not the hub; each spoke converts with the
// *convert.Converter, so every result has its apiVersion and kind set to the
// version it was converted to and a deep copy of the source's metadata, as
// the API server requires of a conversion webhook.
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
// single failing object fails the whole review. A resource without a
// registered converter is converted with its Hub and Convertible methods,
// which for a hubspoke chain enter the same walk (convert.ToHub,
// convert.FromHub) and give the same objects; a panic in conversion code is
// then an error naming the step either way.
package webhook
