// Generated-style code: this file is what a hubspoke code generator emits
// for storage version v2storage: the chain step to v3storage. Properties v3storage
// lacks are stashed in its property bag; properties v2storage lacks are
// recalled from this version's bag. Hand-written conversion logic never goes
// here; it lives in files named *_hooks.go.

package v2storage

import (
	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api/v3storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v3storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into the next storage version.
func (p *Person) AssignProperties_To_Person(dst *v3storage.Person) error {
	if err := p.Spec.AssignProperties_To_PersonSpec(&dst.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_To_PersonStatus(&dst.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_From_Person fills this Person from the next storage version.
func (p *Person) AssignProperties_From_Person(src *v3storage.Person) error {
	if err := p.Spec.AssignProperties_From_PersonSpec(&src.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_From_PersonStatus(&src.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_To_PersonStatus copies the status into the next storage version.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v3storage.PersonStatus) error {
	*dst = v3storage.PersonStatus{PropertyBag: s.PropertyBag, Phase: s.Phase}
	return nil
}

// AssignProperties_From_PersonStatus fills the status from the next storage version.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v3storage.PersonStatus) error {
	*s = PersonStatus{PropertyBag: src.PropertyBag, Phase: src.Phase}
	return nil
}

// AssignProperties_To_PersonSpec copies the spec into the next storage version.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v3storage.PersonSpec) error {
	bag := s.PropertyBag // moves: the objects of a conversion are private to it
	// Properties v3storage lacks.
	if err := propertybag.Stash(&bag, "FirstName", s.FirstName); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "MiddleName", s.MiddleName); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "LastName", s.LastName); err != nil {
		return err
	}
	// Properties v2storage lacks.
	fullName, err := propertybag.Recall[string](&bag, "FullName")
	if err != nil {
		return err
	}
	familyName, err := propertybag.Recall[string](&bag, "FamilyName")
	if err != nil {
		return err
	}
	knownAs, err := propertybag.Recall[string](&bag, "KnownAs")
	if err != nil {
		return err
	}
	alphaKey, err := propertybag.Recall[string](&bag, "AlphaKey")
	if err != nil {
		return err
	}
	birthDate, err := propertybag.Recall[string](&bag, "BirthDate")
	if err != nil {
		return err
	}
	residentialAddress, err := propertybag.Recall[v3storage.Address](&bag, "ResidentialAddress")
	if err != nil {
		return err
	}
	*dst = v3storage.PersonSpec{
		Id:                 s.Id,
		FullName:           fullName,
		FamilyName:         familyName,
		KnownAs:            knownAs,
		AlphaKey:           alphaKey,
		BirthDate:          birthDate,
		ResidentialAddress: residentialAddress,
	}
	dst.PropertyBag = bag
	return s.AssignPropertiesTo(dst)
}

// AssignProperties_From_PersonSpec fills the spec from the next storage version.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v3storage.PersonSpec) error {
	bag := src.PropertyBag.DeepCopy() // a copy: the hook sees the source's bag as it was
	// Properties v2storage lacks.
	if err := propertybag.Stash(&bag, "FullName", src.FullName); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "FamilyName", src.FamilyName); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "KnownAs", src.KnownAs); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "AlphaKey", src.AlphaKey); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "BirthDate", src.BirthDate); err != nil {
		return err
	}
	if err := propertybag.Stash(&bag, "ResidentialAddress", src.ResidentialAddress); err != nil {
		return err
	}
	// Properties v3storage lacks.
	firstName, err := propertybag.Recall[string](&bag, "FirstName")
	if err != nil {
		return err
	}
	middleName, err := propertybag.Recall[string](&bag, "MiddleName")
	if err != nil {
		return err
	}
	lastName, err := propertybag.Recall[string](&bag, "LastName")
	if err != nil {
		return err
	}
	*s = PersonSpec{
		Id:         src.Id,
		FirstName:  firstName,
		MiddleName: middleName,
		LastName:   lastName,
	}
	s.PropertyBag = bag
	return s.AssignPropertiesFrom(src)
}

// The hooks this file calls (hand-written, in *_hooks.go): a hook with
// another signature fails to build.
var (
	_ augment.AssignableFrom[*v3storage.PersonSpec] = (*PersonSpec)(nil)
	_ augment.AssignableTo[*v3storage.PersonSpec]   = (*PersonSpec)(nil)
)
