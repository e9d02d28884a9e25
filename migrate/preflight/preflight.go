// Package preflight checks, before a release is installed, that its CRD can
// replace the one a cluster has: every version objects may still be stored
// at is still in the new CRD and still converts to the new hub through the
// release's conversion chain, and every version the new CRD serves does too.
// It also says which storage versions a later release may drop.
//
// The API server itself refuses a CRD whose spec.versions lacks a version
// listed in status.storedVersions ("must appear in spec.versions"), but only
// when the CRD is applied, after the release's other objects may have been
// replaced, and it knows nothing of the conversion chain: a version the
// webhook can no longer convert makes every object stored at it unreadable.
// Check finds both before anything is installed.
//
// Check also refuses a CRD whose served versions differ in the status
// subresource (some serve it, others do not): through a served version
// without it, a client that may update only the main resource could write
// the status values of the other versions, which hubspoke keeps in the
// status (status.$propertyBags) because the API server lets only clients
// of the status subresource write it. The webhook's Setup refuses such a
// CRD at start-up; preflight finds it before the release is installed.
package preflight

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hubspoke/hubspoke/hub"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Report is the outcome of Check.
type Report struct {
	// CRD names the CRD checked.
	CRD string
	// Problems says what is wrong, one sentence each; empty when the new CRD
	// may be installed.
	Problems []string
	// StorageMoves tells that the new CRD stores another version than the
	// installed one: run the migration after installing it.
	StorageMoves bool
	// Droppable lists the storage versions no object is stored at and no
	// served or stored version converts through: a later release may remove
	// them from the CRD and from the chain.
	Droppable []string
}

// Err returns nil when the report has no problems, and otherwise an error
// listing them.
func (r Report) Err() error {
	if len(r.Problems) == 0 {
		return nil
	}
	return errors.New("preflight: the new CRD " + r.CRD + " must not be installed:\n  - " + strings.Join(r.Problems, "\n  - "))
}

// Check checks next, the CRD of the release about to be installed, against
// installed, the CRD the cluster has (nil when there is none), with g, the
// conversion graph of the release's code (convert.NewConverter(scheme,
// gk).Graph(), or GraphFromNames(next) for a release whose chain has the
// generator's default shape).
func Check(installed, next *apiextensionsv1.CustomResourceDefinition, g *hub.Graph) Report {
	r := Report{CRD: next.Name}
	problem := func(format string, args ...any) { r.Problems = append(r.Problems, fmt.Sprintf(format, args...)) }
	statusSubresource(next, problem)
	inNext := map[string]bool{}
	var storage []string
	for _, v := range next.Spec.Versions {
		inNext[v.Name] = true
		if v.Storage {
			storage = append(storage, v.Name)
		}
	}
	if len(storage) != 1 {
		problem("the new CRD marks %d versions as the storage version (%s), want exactly one", len(storage), strings.Join(storage, ", "))
		return r
	}
	stores := storage[0]
	if stores != g.Hub() {
		problem("the new CRD stores %s, but the hub of the release's conversion chain is %s: objects must be stored at the hub", stores, g.Hub())
	}
	reaches := func(v string) error {
		if !g.Has(v) {
			return fmt.Errorf("the release's conversion chain has no version %s", v)
		}
		_, err := g.Path(v, g.Hub())
		return err
	}
	// Versions whose objects need the chain: served ones and stored ones.
	needed := map[string]bool{stores: true}
	for _, v := range next.Spec.Versions {
		if !v.Served {
			continue
		}
		needed[v.Name] = true
		if err := reaches(v.Name); err != nil {
			problem("the new CRD serves %s, but %v: reads at %s would fail", v.Name, err, v.Name)
		}
	}
	if installed != nil {
		// What to do first: re-store the objects at a version the new CRD
		// keeps. That is the installed storage version if the new CRD keeps
		// it; otherwise a release in between must be installed first.
		migrate := fmt.Sprintf("run `kubectl hubspoke migrate %s` with the installed release first: it re-stores every object at the installed storage version and then prunes status.storedVersions", next.Name)
		for _, v := range installed.Spec.Versions {
			if v.Storage && !inNext[v.Name] {
				migrate = fmt.Sprintf("the installed release stores %s, which the new CRD drops too: go one release at a time, to a release whose CRD keeps %s and stores a version the new CRD keeps, and run `kubectl hubspoke migrate %s` there", v.Name, v.Name, next.Name)
			}
		}
		for _, s := range installed.Status.StoredVersions {
			needed[s] = true
			if !inNext[s] {
				problem("objects may still be stored at %s (status.storedVersions of the installed CRD is %v), but the new CRD drops %s: the API server refuses it, and those objects could not be read; %s",
					s, installed.Status.StoredVersions, s, migrate)
				continue
			}
			if err := reaches(s); err != nil {
				problem("objects may still be stored at %s (status.storedVersions of the installed CRD is %v), but %v: those objects could not be read; %s",
					s, installed.Status.StoredVersions, err, migrate)
			}
		}
		for _, v := range installed.Spec.Versions {
			if v.Storage && v.Name != stores {
				r.StorageMoves = true
			}
		}
	}
	// Every version on the way from a needed version to the hub is needed.
	onPath := map[string]bool{}
	for v := range needed {
		if path, err := g.Path(v, g.Hub()); err == nil {
			for _, p := range path {
				onPath[p] = true
			}
		}
	}
	for _, v := range next.Spec.Versions {
		if pv, err := hub.ParseVersion(v.Name); err == nil && pv.IsStorage() && !needed[v.Name] && !onPath[v.Name] {
			r.Droppable = append(r.Droppable, v.Name)
		}
	}
	return r
}

// statusSubresource reports, as a problem, a CRD of which some served
// versions serve the status subresource and other served versions do not.
// The status values a version has no field for travel in its status
// (status.$propertyBags), which only clients that may write the status
// subresource can change, because the API server resets the status of an
// update of the main resource; it does so only at a version that serves
// the subresource. hubspoke-gen refuses to generate such a kind, and the
// webhook's Setup refuses its CRD; this finds a CRD edited by hand or
// written by other tools before it is installed. A CRD none of whose
// served versions serves the subresource (a kind without status) passes,
// and unserved versions do not count: no client reads or writes through
// them.
func statusSubresource(crd *apiextensionsv1.CustomResourceDefinition, problem func(format string, args ...any)) {
	var serving, lacking []string
	for _, v := range crd.Spec.Versions {
		switch {
		case !v.Served:
		case v.Subresources != nil && v.Subresources.Status != nil:
			serving = append(serving, v.Name)
		default:
			lacking = append(lacking, v.Name)
		}
	}
	if len(serving) == 0 || len(lacking) == 0 {
		return
	}
	plural, them := crd.Spec.Names.Plural, strings.Join(lacking, ", ")
	problem("the new CRD serves the status subresource at %s but not at %s, which it serves too: "+
		"the API server resets the status of an update of the main resource only at a version that serves the subresource, "+
		"so a client that may update %s but not %s/status could write, through %s, the status of the object, "+
		"including the status values %s has no field for (in status.$propertyBags); the webhook's Setup refuses this CRD too; "+
		"add `subresources: {status: {}}` to %s (+kubebuilder:subresource:status on its Go type), or stop serving %s",
		strings.Join(serving, ", "), them, plural, plural, them, them, them, them)
}

// GraphFromNames returns the conversion graph a release of crd has when its
// chain has the shape hubspoke-gen gives it: every API version vN has a
// storage twin vNstorage, listed in the CRD or not (hubspoke-gen leaves the
// intermediate twins out of it); the storage version is the hub; each
// storage version older than the hub links to the next newer one, each
// newer one (a preview, or a stable version a release adds while it keeps
// the hub) to the next older one; each API version links to its storage
// twin. Use the graph of the release's scheme when the chain has
// another shape.
func GraphFromNames(crd *apiextensionsv1.CustomResourceDefinition) (*hub.Graph, error) {
	spec := hub.GraphSpec{Resource: crd.Spec.Names.Kind + "." + crd.Spec.Group, Next: map[string]string{}}
	names := map[string]bool{}
	var storageTwins []hub.Version
	var hubName string
	var hubVersion hub.Version
	for _, v := range crd.Spec.Versions {
		pv, err := hub.ParseVersion(v.Name)
		if err != nil {
			return nil, fmt.Errorf("preflight: CRD %s: %w", crd.Name, err)
		}
		names[v.Name] = true
		spec.Versions = append(spec.Versions, v.Name)
		if v.Storage {
			hubName, hubVersion = v.Name, pv
		}
		if pv.IsStorage() {
			storageTwins = append(storageTwins, pv)
		}
	}
	if hubName == "" {
		return nil, fmt.Errorf("preflight: CRD %s has no storage version", crd.Name)
	}
	// The twins of the API versions that the CRD leaves out, when its hub is
	// a storage twin (a hubspoke chain).
	for _, v := range crd.Spec.Versions {
		pv, _ := hub.ParseVersion(v.Name)
		twin := v.Name + "storage"
		if !hubVersion.IsStorage() || pv.IsStorage() || names[twin] {
			continue
		}
		tv, err := hub.ParseVersion(twin)
		if err != nil {
			return nil, fmt.Errorf("preflight: CRD %s: %w", crd.Name, err)
		}
		names[twin] = true
		spec.Versions = append(spec.Versions, twin)
		storageTwins = append(storageTwins, tv)
	}
	spec.Hubs = []string{hubName}
	slices.SortFunc(storageTwins, hub.Version.Compare)
	for i, s := range storageTwins {
		switch {
		case s.String() == hubName:
		case s.Compare(hubVersion) < 0 && i+1 < len(storageTwins) && storageTwins[i+1].Compare(hubVersion) <= 0:
			spec.Next[s.String()] = storageTwins[i+1].String()
		case s.Compare(hubVersion) > 0 && i > 0 && storageTwins[i-1].Compare(hubVersion) >= 0:
			spec.Next[s.String()] = storageTwins[i-1].String() // newer than the hub: to the next older one
		default:
			spec.Next[s.String()] = hubName
		}
	}
	for _, v := range crd.Spec.Versions {
		pv, _ := hub.ParseVersion(v.Name)
		if pv.IsStorage() || v.Name == hubName {
			continue
		}
		if names[v.Name+"storage"] {
			spec.Next[v.Name] = v.Name + "storage"
		} else {
			spec.Next[v.Name] = hubName
		}
	}
	return hub.NewGraph(spec)
}
