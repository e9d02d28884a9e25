// Generated-style code: this file is what a hubspoke code generator emits
// for storage version v3storage: the chain step to v4storage. Properties v4storage
// lacks are stashed in its property bag; properties v3storage lacks are
// recalled from this version's bag. Hand-written conversion logic never goes
// here; it lives in files named *_hooks.go.

package v3storage

import (
	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v4storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into the next storage version.
func (p *Person) AssignProperties_To_Person(dst *v4storage.Person) error {
	if err := p.Spec.AssignProperties_To_PersonSpec(&dst.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_To_PersonStatus(&dst.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_From_Person fills this Person from the next storage version.
func (p *Person) AssignProperties_From_Person(src *v4storage.Person) error {
	if err := p.Spec.AssignProperties_From_PersonSpec(&src.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_From_PersonStatus(&src.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_To_PersonStatus copies the status into the next storage version.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v4storage.PersonStatus) error {
	*dst = v4storage.PersonStatus{PropertyBag: s.PropertyBag, Phase: s.Phase}
	return nil
}

// AssignProperties_From_PersonStatus fills the status from the next storage version.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v4storage.PersonStatus) error {
	*s = PersonStatus{PropertyBag: src.PropertyBag, Phase: src.Phase}
	return nil
}

// AssignProperties_To_PersonSpec copies the spec into the next storage version.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v4storage.PersonSpec) error {
	bag := s.PropertyBag // moves: the objects of a conversion are private to it
	// Properties v4storage lacks.
	if err := propertybag.Stash(&bag, "ResidentialAddress", s.ResidentialAddress); err != nil {
		return err
	}
	// Properties v3storage lacks.
	mailingAddress, err := propertybag.Recall[v4storage.MailingAddress](&bag, "MailingAddress")
	if err != nil {
		return err
	}
	// BirthDate changes type: string in v3, Date in v4 (birthDateConverter).
	birthDate, err := birthDateConverter.ForwardPtr(s.BirthDate)
	if err != nil {
		return err
	}
	*dst = v4storage.PersonSpec{
		Id:             s.Id,
		FullName:       s.FullName,
		FamilyName:     s.FamilyName,
		KnownAs:        s.KnownAs,
		SortKey:        s.AlphaKey, // renamed in v4
		BirthDate:      birthDate,
		MailingAddress: mailingAddress,
	}
	dst.PropertyBag = bag
	return s.AssignPropertiesTo(dst)
}

// AssignProperties_From_PersonSpec fills the spec from the next storage version.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v4storage.PersonSpec) error {
	bag := src.PropertyBag // moves: the objects of a conversion are private to it
	// Properties v3storage lacks.
	if err := propertybag.Stash(&bag, "MailingAddress", src.MailingAddress); err != nil {
		return err
	}
	// Properties v4storage lacks.
	residentialAddress, err := propertybag.Recall[Address](&bag, "ResidentialAddress")
	if err != nil {
		return err
	}
	birthDate, err := birthDateConverter.BackwardPtr(src.BirthDate)
	if err != nil {
		return err
	}
	*s = PersonSpec{
		Id:                 src.Id,
		FullName:           src.FullName,
		FamilyName:         src.FamilyName,
		KnownAs:            src.KnownAs,
		AlphaKey:           src.SortKey, // renamed in v4
		BirthDate:          birthDate,
		ResidentialAddress: residentialAddress,
	}
	s.PropertyBag = bag
	return s.AssignPropertiesFrom(src)
}

// The hooks this file calls (hand-written, in *_hooks.go): a hook with
// another signature fails to build.
var (
	_ augment.AssignableFrom[*v4storage.PersonSpec] = (*PersonSpec)(nil)
	_ augment.AssignableTo[*v4storage.PersonSpec]   = (*PersonSpec)(nil)
)
