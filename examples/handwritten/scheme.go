// Package handwritten is the Person chain of examples/person written by
// hand: the same five API versions, their storage twins and every
// conversion, with the library's primitives (property bags, a hook, compat
// staging, the Links of package convert) as the design documents show them.
// Objects have the same group, versions and JSON as examples/person's, so
// either chain reads what the other writes; the tests here check that they
// convert every object alike. README.md maps each hand-written function to
// the generated one it stands for.
package handwritten

import (
	v1 "github.com/hubspoke/hubspoke/examples/handwritten/api/v1"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v1storage"
	v2 "github.com/hubspoke/hubspoke/examples/handwritten/api/v2"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v2storage"
	v3 "github.com/hubspoke/hubspoke/examples/handwritten/api/v3"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v3storage"
	v4 "github.com/hubspoke/hubspoke/examples/handwritten/api/v4"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v4storage"
	v5 "github.com/hubspoke/hubspoke/examples/handwritten/api/v5"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// The DeepCopy methods are the one part not written by hand: controller-gen
// writes them, as for any Kubernetes API.
//go:generate ../../hack/controller-gen.sh object paths=./api/...

// GroupKind identifies the Person resource (the group of examples/person).
var GroupKind = schema.GroupKind{Group: "crm.hubspoke.dev", Kind: "Person"}

// AddToScheme registers every version of Person, API and storage.
func AddToScheme(s *runtime.Scheme) error {
	for _, add := range []func(*runtime.Scheme) error{
		v1.AddToScheme, v1storage.AddToScheme,
		v2.AddToScheme, v2storage.AddToScheme,
		v3.AddToScheme, v3storage.AddToScheme,
		v4.AddToScheme, v4storage.AddToScheme,
		v5.AddToScheme, v5storage.AddToScheme,
	} {
		if err := add(s); err != nil {
			return err
		}
	}
	return nil
}

// NewScheme returns a scheme holding every version of Person.
func NewScheme() (*runtime.Scheme, error) {
	s := runtime.NewScheme()
	return s, AddToScheme(s)
}
