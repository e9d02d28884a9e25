// Package api registers every version of the Person resource, the example
// chain of this repository:
//
//	v1        v2        v3        v4        v5           API versions
//	 |         |         |         |         |
//	v1storage→v2storage→v3storage→v4storage→v5storage    storage versions (v5storage is the hub)
//
// v2 adds MiddleName; v3 replaces the names with FullName, FamilyName,
// KnownAs and AlphaKey and adds BirthDate and ResidentialAddress{Label};
// v4 renames AlphaKey to SortKey, turns BirthDate into a Date, drops
// ResidentialAddress and adds MailingAddress; v5 brings ResidentialAddress
// back as {Street, Suburb, City, Country}, staged through
// v4storage/compat. v6alpha1 is a preview that adds Pronouns; its storage
// twin links down to the hub, which keeps Pronouns in its property bag.
package api

import (
	"github.com/hubspoke/hubspoke/examples/person/api/v1"
	"github.com/hubspoke/hubspoke/examples/person/api/v1storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v2"
	"github.com/hubspoke/hubspoke/examples/person/api/v2storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v3"
	"github.com/hubspoke/hubspoke/examples/person/api/v3storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v4"
	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v6alpha1"
	"github.com/hubspoke/hubspoke/examples/person/api/v6alpha1storage"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupKind identifies the Person resource.
var GroupKind = schema.GroupKind{Group: "crm.hubspoke.dev", Kind: "Person"}

// Versions lists the API versions, oldest first; each has a storage twin
// named with the suffix "storage". v6alpha1 is a preview: served, but never
// the hub while a stable version exists.
var Versions = []string{"v1", "v2", "v3", "v4", "v5", "v6alpha1"}

// HubVersion is the version stored in etcd: the newest stable storage
// version (hub.SelectHub).
const HubVersion = "v5storage"

// AddToScheme registers every version of Person.
func AddToScheme(s *runtime.Scheme) error {
	for _, add := range []func(*runtime.Scheme) error{
		v1.AddToScheme, v1storage.AddToScheme,
		v2.AddToScheme, v2storage.AddToScheme,
		v3.AddToScheme, v3storage.AddToScheme,
		v4.AddToScheme, v4storage.AddToScheme,
		v5.AddToScheme, v5storage.AddToScheme,
		v6alpha1.AddToScheme, v6alpha1storage.AddToScheme,
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
