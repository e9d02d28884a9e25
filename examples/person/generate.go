package main

// Regenerate DeepCopy methods and the CRD from the API types. CI runs
// `go generate ./...` and fails if anything changes.
//
//go:generate ../../hack/controller-gen.sh object paths=./api/...
//go:generate ../../hack/controller-gen.sh crd paths=./api/... output:crd:artifacts:config=crd
