// Generated-style code: this file is what a hubspoke code generator emits
// for API version v6alpha1 (a field-by-field copy to and from its storage twin).
// Hand-written conversion logic never goes here; it lives in files named
// *_hooks.go.

package v6alpha1

import (
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api/v6alpha1storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v6alpha1storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into its storage twin.
func (p *Person) AssignProperties_To_Person(dst *v6alpha1storage.Person) error {
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
func (p *Person) AssignProperties_From_Person(src *v6alpha1storage.Person) error {
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
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v6alpha1storage.PersonSpec) error {
	birthDate, err := genruntime.ConvertPointer(s.BirthDate, (*Date).AssignProperties_To_Date)
	if err != nil {
		return err
	}
	mailingAddress, err := genruntime.ConvertPointer(s.MailingAddress, (*MailingAddress).AssignProperties_To_MailingAddress)
	if err != nil {
		return err
	}
	residentialAddress, err := genruntime.ConvertPointer(s.ResidentialAddress, (*Address).AssignProperties_To_Address)
	if err != nil {
		return err
	}
	*dst = v6alpha1storage.PersonSpec{
		Id:                 genruntime.PtrIfNotZero(s.Id),
		FullName:           genruntime.PtrIfNotZero(s.FullName),
		FamilyName:         genruntime.PtrIfNotZero(s.FamilyName),
		KnownAs:            genruntime.PtrIfNotZero(s.KnownAs),
		SortKey:            genruntime.PtrIfNotZero(s.SortKey),
		BirthDate:          birthDate,
		MailingAddress:     mailingAddress,
		ResidentialAddress: residentialAddress,
		Pronouns:           genruntime.PtrIfNotZero(s.Pronouns),
	}
	return nil
}

// AssignProperties_From_PersonSpec fills the PersonSpec from its storage twin.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v6alpha1storage.PersonSpec) error {
	birthDate, err := genruntime.ConvertPointer(src.BirthDate, func(from *v6alpha1storage.Date, to *Date) error { return to.AssignProperties_From_Date(from) })
	if err != nil {
		return err
	}
	mailingAddress, err := genruntime.ConvertPointer(src.MailingAddress, func(from *v6alpha1storage.MailingAddress, to *MailingAddress) error {
		return to.AssignProperties_From_MailingAddress(from)
	})
	if err != nil {
		return err
	}
	residentialAddress, err := genruntime.ConvertPointer(src.ResidentialAddress, func(from *v6alpha1storage.Address, to *Address) error { return to.AssignProperties_From_Address(from) })
	if err != nil {
		return err
	}
	*s = PersonSpec{
		Id:                 ptr.Deref(src.Id, ""),
		FullName:           ptr.Deref(src.FullName, ""),
		FamilyName:         ptr.Deref(src.FamilyName, ""),
		KnownAs:            ptr.Deref(src.KnownAs, ""),
		SortKey:            ptr.Deref(src.SortKey, ""),
		BirthDate:          birthDate,
		MailingAddress:     mailingAddress,
		ResidentialAddress: residentialAddress,
		Pronouns:           ptr.Deref(src.Pronouns, ""),
	}
	return nil
}

// AssignProperties_To_PersonStatus copies the PersonStatus into its storage twin.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v6alpha1storage.PersonStatus) error {
	*dst = v6alpha1storage.PersonStatus{
		Phase:         genruntime.PtrIfNotZero(s.Phase),
		LastContacted: genruntime.PtrIfNotZero(s.LastContacted),
	}
	return nil
}

// AssignProperties_From_PersonStatus fills the PersonStatus from its storage twin.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v6alpha1storage.PersonStatus) error {
	*s = PersonStatus{
		Phase:         ptr.Deref(src.Phase, ""),
		LastContacted: ptr.Deref(src.LastContacted, ""),
	}
	return nil
}

// AssignProperties_To_Date copies the Date into its storage twin.
func (s *Date) AssignProperties_To_Date(dst *v6alpha1storage.Date) error {
	*dst = v6alpha1storage.Date{
		Year:  genruntime.PtrIfNotZero(s.Year),
		Month: genruntime.PtrIfNotZero(s.Month),
		Day:   genruntime.PtrIfNotZero(s.Day),
	}
	return nil
}

// AssignProperties_From_Date fills the Date from its storage twin.
func (s *Date) AssignProperties_From_Date(src *v6alpha1storage.Date) error {
	*s = Date{
		Year:  ptr.Deref(src.Year, 0),
		Month: ptr.Deref(src.Month, 0),
		Day:   ptr.Deref(src.Day, 0),
	}
	return nil
}

// AssignProperties_To_MailingAddress copies the MailingAddress into its storage twin.
func (s *MailingAddress) AssignProperties_To_MailingAddress(dst *v6alpha1storage.MailingAddress) error {
	*dst = v6alpha1storage.MailingAddress{
		Street:   genruntime.PtrIfNotZero(s.Street),
		City:     genruntime.PtrIfNotZero(s.City),
		Postcode: genruntime.PtrIfNotZero(s.Postcode),
		Country:  genruntime.PtrIfNotZero(s.Country),
	}
	return nil
}

// AssignProperties_From_MailingAddress fills the MailingAddress from its storage twin.
func (s *MailingAddress) AssignProperties_From_MailingAddress(src *v6alpha1storage.MailingAddress) error {
	*s = MailingAddress{
		Street:   ptr.Deref(src.Street, ""),
		City:     ptr.Deref(src.City, ""),
		Postcode: ptr.Deref(src.Postcode, ""),
		Country:  ptr.Deref(src.Country, ""),
	}
	return nil
}

// AssignProperties_To_Address copies the Address into its storage twin.
func (s *Address) AssignProperties_To_Address(dst *v6alpha1storage.Address) error {
	*dst = v6alpha1storage.Address{
		Street:  genruntime.PtrIfNotZero(s.Street),
		Suburb:  genruntime.PtrIfNotZero(s.Suburb),
		City:    genruntime.PtrIfNotZero(s.City),
		Country: genruntime.PtrIfNotZero(s.Country),
	}
	return nil
}

// AssignProperties_From_Address fills the Address from its storage twin.
func (s *Address) AssignProperties_From_Address(src *v6alpha1storage.Address) error {
	*s = Address{
		Street:  ptr.Deref(src.Street, ""),
		Suburb:  ptr.Deref(src.Suburb, ""),
		City:    ptr.Deref(src.City, ""),
		Country: ptr.Deref(src.Country, ""),
	}
	return nil
}
