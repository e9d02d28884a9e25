// Package v6alpha1 holds the Person resource at API version v6alpha1 (a preview: served, never the hub).
//
// +kubebuilder:object:generate=true
// +groupName=crm.hubspoke.dev
package v6alpha1

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

var (
	// GroupVersion is the group and version of the types in this package.
	GroupVersion = schema.GroupVersion{Group: "crm.hubspoke.dev", Version: "v6alpha1"}

	// SchemeBuilder registers the types of this package with a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: GroupVersion}

	// AddToScheme adds the types of this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)
