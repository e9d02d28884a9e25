package v1storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// The topology keys the objects of the conversion tests hold.
const (
	hostnameKey = "kubernetes.io/hostname"
	zoneKey     = "topology.kubernetes.io/zone"
	regionKey   = "topology.kubernetes.io/region"
)

// Hand-written: the options of the generated conversion tests.
func endpointSliceTestOptions() []convtest.Option {
	return []convtest.Option{
		// The hooks of v1beta1storage make topology's hostname v1's
		// nodeName (when v1beta1's own nodeName is unset or the same), and
		// v1's nodeName topology's hostname (unless v1beta1 had a nodeName
		// without one): v1's nodeName has two places in v1beta1. A
		// hostname other than nodeName stays a key of the map, which v1
		// renamed deprecatedTopology; the check looks for it there.
		convtest.Related(convtest.Relation{
			From: "v1beta1", To: "v1",
			Old: `endpoints[*].topology["kubernetes.io/hostname"]`,
			New: "endpoints[*].nodeName",
		}, convtest.Relation{
			From: "v1beta1", To: "v1",
			Old: "endpoints[*].nodeName",
			New: "endpoints[*].nodeName",
		}),
		// v1's deprecatedTopology holds the keys without a field of their
		// own, as Kubernetes writes it: a zone or hostname key there
		// beside v1's zone or nodeName has no place in v1beta1, which has
		// one topology (Kubernetes' own conversion drops it; these hooks
		// keep it in the bag).
		convtest.FieldValues("DeprecatedTopology",
			map[string]string(nil),
			map[string]string{regionKey: "region-1"},
			map[string]string{regionKey: "region-2", "example.com/rack": "r7"},
		),
	}
}
