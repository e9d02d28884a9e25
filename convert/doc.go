// Package convert walks the chain of storage versions so that any version of
// a resource converts to any other through the hub.
//
// # In generated code
//
// Every version that is not the hub (API versions and storage versions
// alike) implements controller-runtime's conversion.Convertible with two
// one-line methods, and names its next version with a third:
//
//	func (p *Person) ConvertTo(hub conversion.Hub) error {
//		return convert.ToHub(p, hub, p.AssignProperties_To_Person)
//	}
//	func (p *Person) ConvertFrom(hub conversion.Hub) error {
//		return convert.FromHub(p, hub, p.AssignProperties_From_Person)
//	}
//	func (p *Person) NextVersion() runtime.Object { return &v2storage.Person{} }
//
// AssignProperties_To_Person and AssignProperties_From_Person are the
// generated copies between the version and its neighbour (see package
// augment for the hooks they end with). ToHub assigns straight into the hub
// when the hub is the neighbour; otherwise it assigns into a fresh instance
// of the neighbour and lets that continue, so a conversion from v1 to the hub
// of a five-version chain is five steps, each written once. FromHub is the
// mirror. An error is wrapped with the step that failed
// ("converting v4storage.Person to v5storage.Person: ..."), however far from
// the caller it happened.
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
// success. It satisfies controller-runtime's conversion.Converter interface;
// package convert/webhook registers it with controller-runtime's converter
// registry, which keeps the webhook machinery out of API packages.
package convert
