// Package webhook serves the conversion webhook of hubspoke resources
// with a controller-runtime manager, and the validating admission webhook
// that checks every write at the hub, so that API packages import only
// package convert and the operator's main package wires the webhooks with
// one call.
//
// # Both webhooks in one call
//
// Setup is the one way to wire them: it registers, on a manager's webhook
// server, the conversion webhook of each resource on /convert (hubspoke's
// handler, converting with a *convert.Converter, below) and its validating
// admission webhook on AdmissionPath(gk). It takes the CRDs the operator
// installs, decoded from the YAML it ships:
//
//	var crd apiextensionsv1.CustomResourceDefinition
//	if err := yaml.UnmarshalStrict(peopleCRD, &crd); err != nil { ... }
//	if err := webhook.Setup(mgr, webhook.Options{}, &crd); err != nil { ... }
//
// The code is in three files, one job each: webhook.go (Setup, Options),
// conversion.go (the conversion handler, with its metrics in
// conversion_metrics.go and its review reader in conversion_review.go) and
// admission.go (the admission webhook).
//
// Setup refuses a CRD some of whose served versions serve the status
// subresource while others do not: the status values a version has no
// field for travel in its status (status.$propertyBags), which the API
// server keeps from clients that may not write the status subresource only
// at a version that serves it. A CRD none of whose served versions serves
// it (a kind without status) is accepted, and unserved versions do not
// count. There is no option to skip the check; the error names the
// versions and how to fix the CRD.
//
// Setup also registers the resource's converter in the manager's converter
// registry, as controller-runtime's webhook builder does; the CRD's
// conversion strategy Webhook then names /convert on the manager's webhook
// server, as for any controller-runtime conversion webhook.
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
// version has no field for travel there, see boundary.Annotation)
// reaches the hub without ever meeting the hub's schema; a value that fits
// the version written may not fit the annotation of another version,
// which the API server limits, with the others, to 256 KiB, so that the
// object can no longer be read there; and an annotation that does not
// convert fails the write with an internal error. The admission webhook
// converts every write to the hub and validates it with the API server's
// own code, measures the annotation the object will have at every served
// version against a budget (Options.BagsBudget, by default 128 KiB),
// and refuses what would go wrong with HTTP status 422 and a message naming
// the field, the version written, the version that would be too large or
// the annotation and the property at fault. Status bags travel in the
// status of API versions, which only writers of the status subresource can
// change, so the annotation cannot reach the status at all: naming a
// status bag in it is refused the same way.
//
// The hub's schema judges only the fields the hub has. A field an older
// version has and the hub has not (a property removed in a later version)
// gets its value at that version from the hub's property bags, where a
// client can put one through a newer version's annotation or, when the
// hub's storage version is served, in its $propertyBag, or from the
// conversion hooks, which derive it from the hub's values (v2's firstName
// from v5's fullName); either way the API server shows it to that
// version's clients without validating it. So the webhook also validates
// the object, converted to every served version whose schema has fields
// the hub's has not, against that version's schema, and refuses the errors
// that sit at such a field ("at v1, spec.mode: Unsupported value ... (a
// value v1 shows, kept for it in the hub's property bags or derived by the
// conversion hooks ...)"), among them a field missing from an object only
// that version has, which requires it (a v1-only legacy without its
// required kind). It leaves alone the fields the version requires of
// objects the hub has (an older version's required field that the hub no
// longer has is missing from every object written at a newer one), the
// errors at fields the hub has
// (the hub's schema decides those, so a version may be stricter than the
// hub there without refusing writes at the newer versions; a version newer
// than the hub, a preview or a stable version a release adds while it keeps
// the hub, may be looser there: a value of a field it has, as its own
// fields give it to the hub, is its schema's, which the API server
// applied, so that its clients can write what it adds to an enum of the
// hub; what it carries in its property bags still meets the hub's
// schema. The hub then stores a value its own schema refuses: a later
// write at the hub or at an older version that keeps it, the controller's
// update of its status or finalizers among them, passes the webhook
// (ratcheted) but is refused by the API server unless it ratchets CRD
// validation, Kubernetes 1.30 on. The newer version is an API version
// (a served storage twin carries bags in every struct, and is judged as
// the hub), judged by its name, as a later release than the hub's
// (hub.Version.Compare), and the
// value by its path: what a hook of the newer version computes from its
// fields, at a field it has, is taken for the value its schema judged;
// what it reads from its annotations or labels is not), and, on an
// update, the values the old object already showed at that version
// (ratcheted, as the API server ratchets). A value the hooks derive is
// refused too when the older version's schema does not allow it: a
// client of that version reads it and trusts its schema, which would
// refuse the same value written at that version; the fix belongs
// to the hook (shorten or map the value) or to the schemas (let the hub's
// schema forbid what the older version cannot show, or loosen the older
// version's), and the message names the version and the field to look at.
// A CEL rule of an older version at a field the hub has is not enforced
// this way, even when it reads the older version's own fields. Only the
// fields with a constraint beyond their type are validated (their types,
// and what controller-gen writes for them, int32's or byte's format, an
// IntOrString's anyOf, a Quantity's pattern, are those of the version's
// Go types, and a bag value of another type fails the conversion, which
// is refused), so a version whose own fields are only typed, as most are,
// costs a write nothing.
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
// by a *convert.Converter, which Setup builds from the manager's scheme: it
// derives the chain, validates it and converts an empty object of every
// version to the hub and back, so a broken chain stops the operator at
// start-up with an error that names the resource and the version at fault.
// Every result has its apiVersion and kind set to the version it was
// converted to and the source's metadata, as the API server requires of a
// conversion webhook.
//
// # The conversion handler
//
// /convert is served by hubspoke's handler (conversion.go). It reads the
// apiextensions.k8s.io/v1 ConversionReview once, finds each object's
// apiVersion and kind by scanning its top-level keys, decodes the object
// once, straight into the Go type of its version (with the API machinery's
// case-sensitive decoder), converts it with Converter.ConvertOwned (it owns
// the decoded object, so nothing is copied before the walk) and encodes the
// result straight into the response. It answers with HTTP 200 and a
// ConversionReview response with the request's uid, either Success with
// every object converted, or Failure with a message beginning "hubspoke:"
// that names what is wrong: a body that is not JSON, a review of another
// apiVersion or kind, a review without a request or larger than
// Options.MaxReviewBytes, an object of another resource or of a version
// the CRD does not list, a desiredAPIVersion that the CRD does not list or
// that an object already has, an object that does not decode, a failed
// conversion (the Converter's error, naming the step of the chain and the
// property, then the object's index in the review and its name). One failing
// object fails the whole review, as the API server expects. A review of
// another resource that the scheme knows is handed to controller-runtime's
// handler, so that other resources, registered with the webhook builder,
// still convert on /convert, unless a value after its first object is not
// an object with an apiVersion and a kind: hubspoke's handler keeps no more
// than the objects up to the first such value, whatever the review's
// length (a review of millions of "{}" costs no more memory than its
// text), and refuses the review there when more values follow it (when it
// is the last, the review is handed on, and controller-runtime's handler
// refuses it).
//
// An operator that prefers controller-runtime's own conversion path needs
// nothing from this package for it: the generated types implement
// controller-runtime's conversion.Hub and conversion.Convertible, so
// builder.WebhookManagedBy(mgr, hub).Complete() serves them on /convert
// with controller-runtime's handler (without the admission webhook, the
// metrics and the size guard below).
//
// # Metrics, logs and the size of the bags annotation
//
// Every conversion of a resource given to Setup is recorded in
// controller-runtime's metrics registry
// (sigs.k8s.io/controller-runtime/pkg/metrics.Registry, which the manager's
// metrics server serves):
//
//   - hubspoke_conversions_total{resource, from, to}: objects converted;
//   - hubspoke_conversion_failures_total{resource, reason}: failed reviews
//     or objects, by reason (malformed_review, unknown_object, decode,
//     unserved_version, conversion, bags_too_large, encode, panic);
//   - hubspoke_conversion_duration_seconds{resource, from, to}: the time of
//     each object's conversion, decoding and encoding excluded (the whole
//     request is in controller-runtime's own
//     controller_runtime_webhook_latency_seconds{webhook="/convert"});
//   - hubspoke_bags_annotation_bytes{resource, version}: the size of the
//     property-bags annotation of converted objects that carry one.
//
// Every failed conversion is logged (Options.Logger, by default the
// manager's logger) with the resource, the object's kind, namespace and
// name, the versions, the reason and the step that failed (for a failed
// conversion, the step of the chain, "v3storage.Person to
// v4storage.Person").
//
// The API server allows the annotations of an object together 256 KiB, and
// fails a read whose conversion returns more with an error that does not
// name hubspoke. A conversion that would give an object a bags annotation
// larger than Options.ConversionBagsLimit (by default 192 KiB), or
// annotations beyond the API server's limit, fails instead with an error
// naming hubspoke, the resource, the object, the versions and the size.
// The admission webhook (above) keeps writes from getting there.
package webhook
