package v1storage_test

import "github.com/hubspoke/hubspoke/convert/convtest"

// Hand-written: the options of the generated conversion tests. None: the
// load balancer status, corev1.LoadBalancerStatus in v1beta1 and
// IngressLoadBalancerStatus in v1 with the same JSON, is converted field
// by field, so each version sees what the other wrote (the visibility
// check holds it).
func ingressTestOptions() []convtest.Option {
	return nil
}
