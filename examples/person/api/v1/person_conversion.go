// Generated-style code: this file is what a hubspoke code generator emits
// for API version v1 (a field-by-field copy to and from its storage twin).
// Hand-written conversion logic never goes here; it lives in files named
// *_hooks.go.

package v1

import (
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api/v1storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v1storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into its storage twin.
func (p *Person) AssignProperties_To_Person(dst *v1storage.Person) error {
	if err := p.Spec.AssignProperties_To_PersonSpec(&dst.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_To_PersonStatus(&dst.Status); err != nil {
		return err
	}
	// Values only other versions have fields for come back into the bags, at every depth.
	if err := convert.RecallBags(dst, p); err != nil {
		return err
	}
	return nil
}

// AssignProperties_From_Person fills this Person from its storage twin.
func (p *Person) AssignProperties_From_Person(src *v1storage.Person) error {
	if err := p.Spec.AssignProperties_From_PersonSpec(&src.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_From_PersonStatus(&src.Status); err != nil {
		return err
	}
	// Keep what this version has no field for, so an update through it loses nothing.
	if err := convert.StashBags(p, src); err != nil {
		return err
	}
	return nil
}

// AssignProperties_To_PersonSpec copies the spec into its storage twin.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v1storage.PersonSpec) error {
	*dst = v1storage.PersonSpec{
		Id:        genruntime.PtrIfNotZero(s.Id),
		FirstName: genruntime.PtrIfNotZero(s.FirstName),
		LastName:  genruntime.PtrIfNotZero(s.LastName),
	}
	return nil
}

// AssignProperties_From_PersonSpec fills the spec from its storage twin.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v1storage.PersonSpec) error {
	*s = PersonSpec{
		Id:        ptr.Deref(src.Id, ""),
		FirstName: ptr.Deref(src.FirstName, ""),
		LastName:  ptr.Deref(src.LastName, ""),
	}
	return nil
}

// AssignProperties_To_PersonStatus copies the status into its storage twin.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v1storage.PersonStatus) error {
	*dst = v1storage.PersonStatus{Phase: genruntime.PtrIfNotZero(s.Phase)}
	return nil
}

// AssignProperties_From_PersonStatus fills the status from its storage twin.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v1storage.PersonStatus) error {
	*s = PersonStatus{Phase: ptr.Deref(src.Phase, "")}
	return nil
}
