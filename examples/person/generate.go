package main

// Regenerate everything that is not hand-written. CI runs `go generate
// ./...` and fails if anything changes.
//
// hubspoke-gen writes the storage twins, every conversion, the compat
// staging of ResidentialAddress and the conversion tests from the API
// versions in api/ (in this repository it runs from its own module, and
// controller-gen through hack/controller-gen.sh; a project runs `go tool
// hubspoke-gen -strict ./api` and kubebuilder's `make manifests generate`,
// see docs/operator-guide.md). explain.md is what the
// conversions do, property by property. controller-gen then writes the
// DeepCopy methods and the CRD.
//
//go:generate go -C ../../cmd/hubspoke-gen run . ../../examples/person/api
//go:generate sh -c "go -C ../../cmd/hubspoke-gen run . explain ../../examples/person/api > explain.md"
//go:generate ../../hack/controller-gen.sh object paths=./api/...
//go:generate ../../hack/controller-gen.sh crd paths=./api/... output:crd:artifacts:config=crd
