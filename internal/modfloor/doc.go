// Package modfloor holds no code: its test checks that the core module's
// requirements are a floor an operator already stands on. An operator on
// controller-runtime v0.21, Kubernetes v0.33 and Go 1.24 that imports the
// core keeps every module version it had (and its go line).
package modfloor
