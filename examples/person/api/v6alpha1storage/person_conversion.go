// Generated-style code: this file is what a hubspoke code generator emits
// for storage version v6alpha1storage. v6alpha1 is a preview newer than the
// hub, so its chain step goes down to the hub, v5storage: Pronouns, which
// v5storage lacks, is stashed in the hub's property bag. Hand-written
// conversion logic never goes here.

package v6alpha1storage

import (
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// Link declares the step from this version towards the hub: to v5storage.Person.
func (*Person) Link() convert.Link { return personLink }

var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// AssignProperties_To_Person copies this Person into the hub.
func (p *Person) AssignProperties_To_Person(dst *v5storage.Person) error {
	if err := p.Spec.AssignProperties_To_PersonSpec(&dst.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_To_PersonStatus(&dst.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_From_Person fills this Person from the hub.
func (p *Person) AssignProperties_From_Person(src *v5storage.Person) error {
	if err := p.Spec.AssignProperties_From_PersonSpec(&src.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_From_PersonStatus(&src.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_To_PersonSpec copies the spec into the hub.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v5storage.PersonSpec) error {
	bag := s.PropertyBag // the object is private to the conversion: the bag moves
	// Properties v5storage lacks.
	if err := propertybag.Stash(&bag, "Pronouns", s.Pronouns); err != nil {
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
	*dst = v5storage.PersonSpec{
		Id:                 s.Id,
		FullName:           s.FullName,
		FamilyName:         s.FamilyName,
		KnownAs:            s.KnownAs,
		SortKey:            s.SortKey,
		BirthDate:          birthDate,
		MailingAddress:     mailingAddress,
		ResidentialAddress: residentialAddress,
	}
	dst.PropertyBag = bag
	return nil
}

// AssignProperties_From_PersonSpec fills the spec from the hub.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v5storage.PersonSpec) error {
	bag := src.PropertyBag // the object is private to the conversion: the bag moves
	// Properties v5storage lacks.
	pronouns, err := propertybag.Recall[string](&bag, "Pronouns")
	if err != nil {
		return err
	}
	birthDate, err := genruntime.ConvertPointer(src.BirthDate, func(from *v5storage.Date, to *Date) error { return to.AssignProperties_From_Date(from) })
	if err != nil {
		return err
	}
	mailingAddress, err := genruntime.ConvertPointer(src.MailingAddress, func(from *v5storage.MailingAddress, to *MailingAddress) error {
		return to.AssignProperties_From_MailingAddress(from)
	})
	if err != nil {
		return err
	}
	residentialAddress, err := genruntime.ConvertPointer(src.ResidentialAddress, func(from *v5storage.Address, to *Address) error {
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
		Pronouns:           pronouns,
	}
	s.PropertyBag = bag
	return nil
}

// AssignProperties_To_PersonStatus copies the status into the hub.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v5storage.PersonStatus) error {
	*dst = v5storage.PersonStatus{PropertyBag: s.PropertyBag, Phase: s.Phase, LastContacted: s.LastContacted}
	return nil
}

// AssignProperties_From_PersonStatus fills the status from the hub.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v5storage.PersonStatus) error {
	*s = PersonStatus{PropertyBag: src.PropertyBag, Phase: src.Phase, LastContacted: src.LastContacted}
	return nil
}

// AssignProperties_To_Date copies the Date into the hub.
func (d *Date) AssignProperties_To_Date(dst *v5storage.Date) error {
	*dst = v5storage.Date{PropertyBag: d.PropertyBag, Year: d.Year, Month: d.Month, Day: d.Day}
	return nil
}

// AssignProperties_From_Date fills the Date from the hub.
func (d *Date) AssignProperties_From_Date(src *v5storage.Date) error {
	*d = Date{PropertyBag: src.PropertyBag, Year: src.Year, Month: src.Month, Day: src.Day}
	return nil
}

// AssignProperties_To_MailingAddress copies the MailingAddress into the hub.
func (m *MailingAddress) AssignProperties_To_MailingAddress(dst *v5storage.MailingAddress) error {
	*dst = v5storage.MailingAddress{PropertyBag: m.PropertyBag, Street: m.Street, City: m.City, Postcode: m.Postcode, Country: m.Country}
	return nil
}

// AssignProperties_From_MailingAddress fills the MailingAddress from the hub.
func (m *MailingAddress) AssignProperties_From_MailingAddress(src *v5storage.MailingAddress) error {
	*m = MailingAddress{PropertyBag: src.PropertyBag, Street: src.Street, City: src.City, Postcode: src.Postcode, Country: src.Country}
	return nil
}

// AssignProperties_To_Address copies the Address into the hub.
func (a *Address) AssignProperties_To_Address(dst *v5storage.Address) error {
	*dst = v5storage.Address{PropertyBag: a.PropertyBag, Street: a.Street, Suburb: a.Suburb, City: a.City, Country: a.Country}
	return nil
}

// AssignProperties_From_Address fills the Address from the hub.
func (a *Address) AssignProperties_From_Address(src *v5storage.Address) error {
	*a = Address{PropertyBag: src.PropertyBag, Street: src.Street, Suburb: src.Suburb, City: src.City, Country: src.Country}
	return nil
}
