// Generated-style code: this file is what a hubspoke code generator emits
// for API version v3 (a field-by-field copy to and from its storage twin).
// Hand-written conversion logic never goes here; it lives in files named
// *_hooks.go.

package v3

import (
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api/v3storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v3storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into its storage twin.
func (p *Person) AssignProperties_To_Person(dst *v3storage.Person) error {
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
func (p *Person) AssignProperties_From_Person(src *v3storage.Person) error {
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

// AssignProperties_To_PersonSpec copies the PersonSpec into its storage twin.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v3storage.PersonSpec) error {
	residentialAddress, err := genruntime.ConvertPointer(s.ResidentialAddress, (*Address).AssignProperties_To_Address)
	if err != nil {
		return err
	}
	*dst = v3storage.PersonSpec{
		Id:                 genruntime.PtrIfNotZero(s.Id),
		FullName:           genruntime.PtrIfNotZero(s.FullName),
		FamilyName:         genruntime.PtrIfNotZero(s.FamilyName),
		KnownAs:            genruntime.PtrIfNotZero(s.KnownAs),
		AlphaKey:           genruntime.PtrIfNotZero(s.AlphaKey),
		BirthDate:          genruntime.PtrIfNotZero(s.BirthDate),
		ResidentialAddress: residentialAddress,
	}
	return nil
}

// AssignProperties_From_PersonSpec fills the PersonSpec from its storage twin.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v3storage.PersonSpec) error {
	residentialAddress, err := genruntime.ConvertPointer(src.ResidentialAddress, func(from *v3storage.Address, to *Address) error { return to.AssignProperties_From_Address(from) })
	if err != nil {
		return err
	}
	*s = PersonSpec{
		Id:                 ptr.Deref(src.Id, ""),
		FullName:           ptr.Deref(src.FullName, ""),
		FamilyName:         ptr.Deref(src.FamilyName, ""),
		KnownAs:            ptr.Deref(src.KnownAs, ""),
		AlphaKey:           ptr.Deref(src.AlphaKey, ""),
		BirthDate:          ptr.Deref(src.BirthDate, ""),
		ResidentialAddress: residentialAddress,
	}
	return nil
}

// AssignProperties_To_PersonStatus copies the PersonStatus into its storage twin.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v3storage.PersonStatus) error {
	*dst = v3storage.PersonStatus{
		Phase: genruntime.PtrIfNotZero(s.Phase),
	}
	return nil
}

// AssignProperties_From_PersonStatus fills the PersonStatus from its storage twin.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v3storage.PersonStatus) error {
	*s = PersonStatus{
		Phase: ptr.Deref(src.Phase, ""),
	}
	return nil
}

// AssignProperties_To_Address copies the Address into its storage twin.
func (s *Address) AssignProperties_To_Address(dst *v3storage.Address) error {
	*dst = v3storage.Address{
		Label: genruntime.PtrIfNotZero(s.Label),
	}
	return nil
}

// AssignProperties_From_Address fills the Address from its storage twin.
func (s *Address) AssignProperties_From_Address(src *v3storage.Address) error {
	*s = Address{
		Label: ptr.Deref(src.Label, ""),
	}
	return nil
}
