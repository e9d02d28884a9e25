package v1storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests.
func ingressTestOptions() []convtest.Option {
	return []convtest.Option{
		// A known loss of visibility, not a choice: v1beta1's status holds
		// corev1.LoadBalancerStatus and v1's IngressLoadBalancerStatus, with
		// the same JSON (ingress[*].ip, hostname, ports). The generator sees
		// a change of type and keeps each version's value in the other's
		// bags, so a client of v1 does not see the load balancer that a
		// controller wrote at v1beta1 (and back). It needs a hook that
		// converts them field by field, as Kubernetes does.
		convtest.SkipVisibility("status.loadBalancer", "KNOWN LOSS, to fix with a hook: the load balancer status changes Go type (same JSON) and stays in the bags"),
	}
}
