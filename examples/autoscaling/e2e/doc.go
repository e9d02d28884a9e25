// Package e2e serves the conversions of the HorizontalPodAutoscaler
// example (../api) with convert/webhook on a kube-apiserver and etcd
// started by envtest, and checks that objects written at every version
// read back at every version with nothing lost, compared at the hub. Run
// with the build tag e2e:
//
//	KUBEBUILDER_ASSETS=$(hack/setup-envtest-binaries.sh) go -C examples test -tags e2e -count=1 ./autoscaling/e2e/
package e2e
