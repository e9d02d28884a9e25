// Fixtures of hubspoke-gen's tests: API versions in kubebuilder layout, and
// what the generator writes for them. A module of its own, using the
// library from the tree.
//
// The cases' packages (<case>/api/...) build only with their DeepCopy
// methods, which are not checked in: TestFixturesConvert writes them with
// controller-gen, then vets and tests the packages, naming each directory.
// So that go vet ./... and staticcheck ./... here pass on a clean clone,
// ./... leaves them out (ignore api) and matches only the root package,
// whose imports keep go mod tidy from dropping what the cases need.
module example.com/fixtures

go 1.26.0

require (
	github.com/hubspoke/hubspoke v0.0.0
	k8s.io/api v0.35.0
	k8s.io/apiextensions-apiserver v0.35.0
	k8s.io/apimachinery v0.35.0
	k8s.io/utils v0.0.0-20251002143259-bc988d571ff4
	sigs.k8s.io/controller-runtime v0.23.0
)

require (
	github.com/fxamacker/cbor/v2 v2.9.0 // indirect
	github.com/go-logr/logr v1.4.3 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/json-iterator/go v1.1.12 // indirect
	github.com/kr/text v0.2.0 // indirect
	github.com/leanovate/gopter v0.2.11 // indirect
	github.com/modern-go/concurrent v0.0.0-20180306012644-bacd9c7ef1dd // indirect
	github.com/modern-go/reflect2 v1.0.3-0.20250322232337-35a7c28c31ee // indirect
	github.com/x448/float16 v0.8.4 // indirect
	go.yaml.in/yaml/v2 v2.4.3 // indirect
	golang.org/x/net v0.47.0 // indirect
	golang.org/x/text v0.31.0 // indirect
	gopkg.in/inf.v0 v0.9.1 // indirect
	k8s.io/klog/v2 v2.130.1 // indirect
	k8s.io/kube-openapi v0.0.0-20250910181357-589584f1c912 // indirect
	sigs.k8s.io/json v0.0.0-20250730193827-2d320260d730 // indirect
	sigs.k8s.io/randfill v1.0.0 // indirect
	sigs.k8s.io/structured-merge-diff/v6 v6.3.0 // indirect
	sigs.k8s.io/yaml v1.6.0 // indirect
)

replace github.com/hubspoke/hubspoke => ../../..

// The cases' packages build only once TestFixturesConvert has written their
// DeepCopy methods; so do the tests beside a case's api directory and the
// transport's differential test, which import them.
ignore (
	./documentdb
	./endpointslice
	./events
	./httproute
	./movedempty
	./moves
	./prioritylevel
	./recursive
	./resourceslice
	./transportdiff
	./validatingwebhook
	api
)
