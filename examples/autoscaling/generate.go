// Package autoscaling is the second example of hubspoke: Kubernetes'
// HorizontalPodAutoscaler through autoscaling/v1, v2beta1, v2beta2 and v2,
// as the versions of a custom resource. Everything in api/ but the
// *_types.go, groupversion_info.go and *_hooks.go files and the golden
// exemplars is generated; see README.md.
package autoscaling

// Regenerate the storage twins and conversions (hubspoke-gen), the DeepCopy
// methods and the CRD (controller-gen), and the explain tables. CI runs
// `go generate ./...` and fails if anything changes.
//
//go:generate go -C ../../cmd/hubspoke-gen run . -strict ../../examples/autoscaling/api
//go:generate ../../hack/controller-gen.sh object paths=./api/...
//go:generate ../../hack/controller-gen.sh crd paths=./api/... output:crd:artifacts:config=crd
//go:generate sh -c "go -C ../../cmd/hubspoke-gen run . explain ../../examples/autoscaling/api > explain.md"
