// Generated-style code: this file is what a hubspoke code generator emits
// for storage version v1storage: the chain step to v2storage. Properties
// v2storage lacks are stashed in its property bag; properties v1storage lacks
// are recalled from this version's bag. Hand-written conversion logic never
// goes here; it lives in files named *_hooks.go.

package v1storage

import (
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api/v2storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v2storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into the next storage version.
func (p *Person) AssignProperties_To_Person(dst *v2storage.Person) error {
	if err := p.Spec.AssignProperties_To_PersonSpec(&dst.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_To_PersonStatus(&dst.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_From_Person fills this Person from the next storage version.
func (p *Person) AssignProperties_From_Person(src *v2storage.Person) error {
	if err := p.Spec.AssignProperties_From_PersonSpec(&src.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_From_PersonStatus(&src.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_To_PersonSpec copies the spec into the next storage version.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v2storage.PersonSpec) error {
	bag := s.PropertyBag // the object is private to the conversion: the bag moves
	middleName, err := propertybag.Recall[string](&bag, "MiddleName")
	if err != nil {
		return err
	}
	*dst = v2storage.PersonSpec{
		Id:         s.Id,
		FirstName:  s.FirstName,
		MiddleName: middleName,
		LastName:   s.LastName,
	}
	dst.PropertyBag = bag
	return nil
}

// AssignProperties_From_PersonSpec fills the spec from the next storage version.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v2storage.PersonSpec) error {
	bag := src.PropertyBag // the object is private to the conversion: the bag moves
	if err := propertybag.Stash(&bag, "MiddleName", src.MiddleName); err != nil {
		return err
	}
	*s = PersonSpec{
		Id:        src.Id,
		FirstName: src.FirstName,
		LastName:  src.LastName,
	}
	s.PropertyBag = bag
	return nil
}

// AssignProperties_To_PersonStatus copies the status into the next storage version.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v2storage.PersonStatus) error {
	*dst = v2storage.PersonStatus{PropertyBag: s.PropertyBag, Phase: s.Phase}
	return nil
}

// AssignProperties_From_PersonStatus fills the status from the next storage version.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v2storage.PersonStatus) error {
	*s = PersonStatus{PropertyBag: src.PropertyBag, Phase: src.Phase}
	return nil
}
