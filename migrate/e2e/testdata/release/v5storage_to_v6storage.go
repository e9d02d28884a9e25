// Generated-style code: release N+2 of the Person example, where v6storage
// is the hub and v5storage links forward to it. Pronouns, which v5storage
// has no field for (release N+1 kept it in v5storage's property bag), is
// recalled from the bag into v6storage's field on the way to the hub and
// stashed back on the way from it. The e2e suite copies this file into the
// release tree it builds (as v5storage/person_conversion.go).

package v5storage

import (
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/genruntime"
	"github.com/hubspoke/hubspoke/propertybag"
	"release.test/person/api/v6storage"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v6storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into the hub.
func (p *Person) AssignProperties_To_Person(dst *v6storage.Person) error {
	if err := p.Spec.AssignProperties_To_PersonSpec(&dst.Spec); err != nil {
		return err
	}
	return p.Status.AssignProperties_To_PersonStatus(&dst.Status)
}

// AssignProperties_From_Person fills this Person from the hub.
func (p *Person) AssignProperties_From_Person(src *v6storage.Person) error {
	if err := p.Spec.AssignProperties_From_PersonSpec(&src.Spec); err != nil {
		return err
	}
	return p.Status.AssignProperties_From_PersonStatus(&src.Status)
}

// AssignProperties_To_PersonSpec copies the spec into the hub.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v6storage.PersonSpec) error {
	bag := s.PropertyBag // the object is private to the conversion: the bag moves
	// Properties only v6storage has a field for.
	pronouns, err := propertybag.Recall[string](&bag, "Pronouns")
	if err != nil {
		return err
	}
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
	*dst = v6storage.PersonSpec{
		Id:                 s.Id,
		FullName:           s.FullName,
		FamilyName:         s.FamilyName,
		KnownAs:            s.KnownAs,
		SortKey:            s.SortKey,
		BirthDate:          birthDate,
		MailingAddress:     mailingAddress,
		ResidentialAddress: residentialAddress,
		Pronouns:           pronouns,
	}
	dst.PropertyBag = bag
	return nil
}

// AssignProperties_From_PersonSpec fills the spec from the hub.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v6storage.PersonSpec) error {
	bag := src.PropertyBag // the object is private to the conversion: the bag moves
	// Properties v5storage has no field for.
	if err := propertybag.Stash(&bag, "Pronouns", src.Pronouns); err != nil {
		return err
	}
	birthDate, err := genruntime.ConvertPointer(src.BirthDate, func(from *v6storage.Date, to *Date) error { return to.AssignProperties_From_Date(from) })
	if err != nil {
		return err
	}
	mailingAddress, err := genruntime.ConvertPointer(src.MailingAddress, func(from *v6storage.MailingAddress, to *MailingAddress) error {
		return to.AssignProperties_From_MailingAddress(from)
	})
	if err != nil {
		return err
	}
	residentialAddress, err := genruntime.ConvertPointer(src.ResidentialAddress, func(from *v6storage.Address, to *Address) error {
		return to.AssignProperties_From_Address(from)
	})
	if err != nil {
		return err
	}
	*s = PersonSpec{
		Id:                 src.Id,
		FullName:           src.FullName,
		FamilyName:         src.FamilyName,
		KnownAs:            src.KnownAs,
		SortKey:            src.SortKey,
		BirthDate:          birthDate,
		MailingAddress:     mailingAddress,
		ResidentialAddress: residentialAddress,
	}
	s.PropertyBag = bag
	return nil
}

// AssignProperties_To_PersonStatus copies the status into the hub.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v6storage.PersonStatus) error {
	*dst = v6storage.PersonStatus{PropertyBag: s.PropertyBag, Phase: s.Phase, LastContacted: s.LastContacted}
	return nil
}

// AssignProperties_From_PersonStatus fills the status from the hub.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v6storage.PersonStatus) error {
	*s = PersonStatus{PropertyBag: src.PropertyBag, Phase: src.Phase, LastContacted: src.LastContacted}
	return nil
}

// AssignProperties_To_Date copies the Date into the hub.
func (d *Date) AssignProperties_To_Date(dst *v6storage.Date) error {
	*dst = v6storage.Date{PropertyBag: d.PropertyBag, Year: d.Year, Month: d.Month, Day: d.Day}
	return nil
}

// AssignProperties_From_Date fills the Date from the hub.
func (d *Date) AssignProperties_From_Date(src *v6storage.Date) error {
	*d = Date{PropertyBag: src.PropertyBag, Year: src.Year, Month: src.Month, Day: src.Day}
	return nil
}

// AssignProperties_To_MailingAddress copies the MailingAddress into the hub.
func (m *MailingAddress) AssignProperties_To_MailingAddress(dst *v6storage.MailingAddress) error {
	*dst = v6storage.MailingAddress{PropertyBag: m.PropertyBag, Street: m.Street, City: m.City, Postcode: m.Postcode, Country: m.Country}
	return nil
}

// AssignProperties_From_MailingAddress fills the MailingAddress from the hub.
func (m *MailingAddress) AssignProperties_From_MailingAddress(src *v6storage.MailingAddress) error {
	*m = MailingAddress{PropertyBag: src.PropertyBag, Street: src.Street, City: src.City, Postcode: src.Postcode, Country: src.Country}
	return nil
}

// AssignProperties_To_Address copies the Address into the hub.
func (a *Address) AssignProperties_To_Address(dst *v6storage.Address) error {
	*dst = v6storage.Address{PropertyBag: a.PropertyBag, Street: a.Street, Suburb: a.Suburb, City: a.City, Country: a.Country}
	return nil
}

// AssignProperties_From_Address fills the Address from the hub.
func (a *Address) AssignProperties_From_Address(src *v6storage.Address) error {
	*a = Address{PropertyBag: src.PropertyBag, Street: src.Street, Suburb: src.Suburb, City: src.City, Country: src.Country}
	return nil
}
