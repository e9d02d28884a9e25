// Package hub knows about the versions of a resource: it parses and orders
// their names, chooses the hub, and describes the conversion graph that
// links every version to the hub. It has no Kubernetes dependency, so leaf
// code may import it.
//
// # Version names
//
// ParseVersion understands Kubernetes versions (v1, v2beta1, v1alpha2), ARM
// API versions (2020-01-01, 2020-01-01-preview, and their package forms
// v20200101 and v1api20200101), and the storage twins of both (v1storage,
// v20200101storage). Version.Compare orders them from oldest to newest;
// slices.SortFunc(versions, Version.Compare) sorts them. (For the order in
// which Kubernetes lists the versions of a group, use apimachinery's
// version.CompareKubeAwareVersionStrings.)
//
// # The hub
//
// In the chained-storage-versions design every API version vN has a storage
// twin vNstorage, and storage versions link to the next one until the chain
// reaches the hub, the newest stable storage version (SelectHub). A Graph
// records those links for one resource and is only built when valid: one
// hub, every version reaches it, no cycles, no links to versions that do not
// exist. Package convert builds a Graph from a runtime.Scheme. Errors wrap
// ErrInvalidGraph or ErrUnknownVersion, and name the resource and the versions at fault.
package hub
