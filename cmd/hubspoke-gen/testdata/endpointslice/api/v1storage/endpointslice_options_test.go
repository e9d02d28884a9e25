package v1storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// The node and the topology keys the objects of the conversion tests hold.
const (
	node        = "node-a"
	hostnameKey = "kubernetes.io/hostname"
	zoneKey     = "topology.kubernetes.io/zone"
	regionKey   = "topology.kubernetes.io/region"
)

// Hand-written: the options of the generated conversion tests.
func endpointSliceTestOptions() []convtest.Option {
	return []convtest.Option{
		// The hooks of v1beta1storage make topology's hostname v1's
		// nodeName (when v1beta1's own nodeName is unset or the same), and
		// v1's nodeName topology's hostname.
		convtest.Related(convtest.Relation{
			From: "v1beta1", To: "v1",
			Old: `endpoints[*].topology["kubernetes.io/hostname"]`,
			New: "endpoints[*].nodeName",
		}),
		// The objects are those Kubernetes writes: one node name, which
		// v1beta1's topology holds as its hostname (with a zone or not,
		// and keys of its own); v1's deprecatedTopology, which v1 clients
		// cannot write, holds the keys without a field of their own. The
		// visibility check cannot yet tell where the other objects' values
		// belong (a hostname other than nodeName stays in the renamed map,
		// as Kubernetes keeps it; a nodeName without a hostname that a
		// v1beta1 client wrote shows in v1beta1's nodeName only):
		// endpointslice_test.go converts those.
		convtest.FieldValues("NodeName", node),
		convtest.FieldValues("Topology",
			map[string]string{hostnameKey: node},
			map[string]string{hostnameKey: node, zoneKey: "zone-1"},
			map[string]string{hostnameKey: node, zoneKey: ""},
			map[string]string{hostnameKey: node, zoneKey: "zone-2", regionKey: "region-1", "example.com/rack": "r7"},
		),
		convtest.FieldValues("DeprecatedTopology",
			map[string]string(nil),
			map[string]string{regionKey: "region-1"},
			map[string]string{regionKey: "region-2", "example.com/rack": "r7"},
		),
	}
}
