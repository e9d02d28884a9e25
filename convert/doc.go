// Package convert walks the chain of storage versions so that any version of
// a resource converts to any other through the hub.
//
// # In generated code
//
// Every version that is not the hub (API versions and storage versions
// alike) declares its step towards the hub once, with a typed Link, and
// implements controller-runtime's conversion.Convertible with two one-line
// methods that enter the same walk:
//
//	var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)
//
//	func (*Person) Link() convert.Link                     { return personLink }
//	func (p *Person) ConvertTo(hub conversion.Hub) error   { return convert.ToHub(p, hub) }
//	func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }
//
// AssignProperties_To_Person and AssignProperties_From_Person are the
// generated copies between the version and its neighbour; their types name
// both versions, so a Link that does not fit does not compile, and the
// conversion graph is derived from the Links alone. The walk (ToHub,
// FromHub and the Converter) follows them in a loop: a conversion from v1 to
// the hub of a five-version chain is five steps, each written once. The
// walk copies its input once, at the entry, so every step works on private
// objects: a step moves values (property bags included) to its
// destination rather than copying them, a hook cannot reach the caller's
// objects, and a failed conversion leaves nothing half-built or aliased.
// Every object between the ends of a walk is allocated for it and never
// reused, so a step or hook may keep anything of its source, pointers into
// it included, in its destination.
// An error names the step that failed, once ("converting v4storage.Person
// to v5storage.Person: ..."); a panic in a step is an error naming the step
// and the code that panicked.
//
// The step of an API version to its storage twin also carries the property
// bags, in code hubspoke-gen writes beside the field copies (see package
// boundary; hand-written chains may use boundary/reflectbags). Generated
// code copies the fields first, then recalls the bags, then calls the hooks
// of the API version's types, so a hook there sees the bags of its
// destination. They also carry, under the bag entry `$twin`, what the storage
// twin held where the API version's plain value cannot show it (an absent
// required value, an explicit omitempty zero), so that an update through
// any version changes neither.
//
// # At run time
//
// NewConverter builds, from a runtime.Scheme, a Converter for one resource:
// it derives the conversion graph (package hub), validates it, and smoke
// tests every version so that a broken chain fails when the operator starts
// rather than when a user reads an object. Converter converts any version to
// any other with the rules the Kubernetes API server enforces on conversion
// webhooks: apiVersion set to the target, kind kept, metadata kept and
// deep-copied, the source never modified, the destination only written on
// success; ConvertOwned skips the first copy for a caller that discards its
// source. Package convert/webhook serves it as the conversion webhook (and
// validates writes with it in an admission webhook) on a controller-runtime
// manager, which keeps the webhook machinery out of API packages; the
// Convertible methods above also let controller-runtime's own conversion
// webhook serve the generated types.
package convert
