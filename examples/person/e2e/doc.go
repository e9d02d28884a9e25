// Package e2e tests the Person conversion webhook (package
// examples/person/webhook) end to end: a real kube-apiserver and etcd
// started by controller-runtime's envtest, the generated Person CRD with
// conversion strategy Webhook, and the webhook served by a
// controller-runtime manager in the test process.
//
// The tests carry the build tag e2e, so that `go test ./...` leaves them
// out. See README.md in this directory for how to run them.
package e2e
