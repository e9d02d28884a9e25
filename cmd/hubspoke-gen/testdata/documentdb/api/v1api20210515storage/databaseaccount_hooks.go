package v1api20210515storage

import (
	"slices"

	"example.com/fixtures/documentdb/api/v1api20231115storage"
	"github.com/hubspoke/hubspoke/propertybag"
)

// 2021-05-15 lists the resources that bypass the network ACLs by ARM ID,
// networkAclBypassResourceIds []string; 2023-11-15 replaces the list with
// networkAclBypassResourceReferences, references that hold an ARM ID or
// name a resource of the cluster (group, kind, name). The generated copy
// keeps each list in the other version's bag under its Go name; these hooks
// show one list in the other, element by element: ARM ID i is reference i's
// armId, "" for a reference without one (as in ASO). A reference 2021-05-15 cannot show (one of the cluster, whose ARM
// ID 2021-05-15 shows as "") stays in 2021-05-15's bag, and comes back
// while the ARM IDs are still those it shows; a client of 2021-05-15 that
// changes the list replaces it. (ASO's hooks for the same change drop the
// references of the cluster.)
const (
	idsKey        = "NetworkAclBypassResourceIds"
	referencesKey = "NetworkAclBypassResourceReferences"
)

// AssignPropertiesTo shows 2021-05-15's ARM IDs as 2023-11-15's references.
func (s *DatabaseAccount_Spec) AssignPropertiesTo(dst *v1api20231115storage.DatabaseAccount_Spec) error {
	ids, err := propertybag.Pull[[]string](&dst.PropertyBag, idsKey)
	if err != nil {
		return err
	}
	var shown []string
	if ids != nil {
		shown = *ids
	}
	// The references 2021-05-15 could not show, recalled from its bag: kept
	// while the ARM IDs are the ones they were shown as.
	if kept := dst.NetworkAclBypassResourceReferences; len(kept) > 0 && slices.Equal(armIDs(kept), shown) {
		return nil
	}
	dst.NetworkAclBypassResourceReferences = nil
	for _, id := range shown {
		ref := v1api20231115storage.ResourceReference{}
		if id != "" { // "": a reference without an ARM ID
			ref.ARMID = &id
		}
		dst.NetworkAclBypassResourceReferences = append(dst.NetworkAclBypassResourceReferences, ref)
	}
	return nil
}

// AssignPropertiesFrom shows 2023-11-15's references as 2021-05-15's ARM
// IDs, and keeps them in the bag unless every one is an ARM ID alone.
func (s *DatabaseAccount_Spec) AssignPropertiesFrom(src *v1api20231115storage.DatabaseAccount_Spec) error {
	refs := src.NetworkAclBypassResourceReferences
	if len(refs) == 0 {
		return nil
	}
	s.NetworkAclBypassResourceIds = armIDs(refs)
	if !slices.ContainsFunc(refs, notARMIDAlone) {
		s.PropertyBag.Remove(referencesKey)
	}
	return nil
}

// armIDs returns the ARM ID of each reference, "" for one without.
func armIDs(refs []v1api20231115storage.ResourceReference) []string {
	ids := make([]string, len(refs))
	for i, r := range refs {
		if r.ARMID != nil {
			ids[i] = *r.ARMID
		}
	}
	return ids
}

// notARMIDAlone reports whether r holds more than an element of
// networkAclBypassResourceIds can say (an ARM ID, or "" for none): a
// resource of the cluster, an ARM ID set to "", or values of other
// versions in its bag.
func notARMIDAlone(r v1api20231115storage.ResourceReference) bool {
	return r.Group != nil || r.Kind != nil || r.Name != nil ||
		(r.ARMID != nil && *r.ARMID == "") || len(r.PropertyBag) > 0
}
