// Generated-style code: this file is what a hubspoke code generator emits
// for storage version v4storage: the chain step to v5storage. Properties v5storage
// lacks are stashed in its property bag; properties v4storage lacks are
// recalled from this version's bag. Hand-written conversion logic never goes
// here; it lives in files named *_hooks.go.

package v4storage

import (
	"github.com/hubspoke/hubspoke/compat"
	"github.com/hubspoke/hubspoke/convert"
	v4compat "github.com/hubspoke/hubspoke/examples/person/api/v4storage/compat"
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

// AssignProperties_To_Person copies this Person into the next storage version.
func (p *Person) AssignProperties_To_Person(dst *v5storage.Person) error {
	if err := p.Spec.AssignProperties_To_PersonSpec(&dst.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_To_PersonStatus(&dst.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_From_Person fills this Person from the next storage version.
func (p *Person) AssignProperties_From_Person(src *v5storage.Person) error {
	if err := p.Spec.AssignProperties_From_PersonSpec(&src.Spec); err != nil {
		return err
	}
	if err := p.Status.AssignProperties_From_PersonStatus(&src.Status); err != nil {
		return err
	}
	return nil
}

// AssignProperties_To_PersonStatus copies the status into the next storage version.
func (s *PersonStatus) AssignProperties_To_PersonStatus(dst *v5storage.PersonStatus) error {
	bag := s.PropertyBag // the object is private to the conversion: the bag moves
	// Properties v4storage lacks.
	lastContacted, err := propertybag.Recall[string](&bag, "LastContacted")
	if err != nil {
		return err
	}
	*dst = v5storage.PersonStatus{Phase: s.Phase, LastContacted: lastContacted}
	dst.PropertyBag = bag
	return nil
}

// AssignProperties_From_PersonStatus fills the status from the next storage version.
func (s *PersonStatus) AssignProperties_From_PersonStatus(src *v5storage.PersonStatus) error {
	bag := src.PropertyBag // the object is private to the conversion: the bag moves
	// Properties v4storage lacks.
	if err := propertybag.Stash(&bag, "LastContacted", src.LastContacted); err != nil {
		return err
	}
	*s = PersonStatus{Phase: src.Phase}
	s.PropertyBag = bag
	return nil
}

// residentialAddress stages ResidentialAddress, which v4 lacks and v5 brings
// back in a new shape: v4's bag always holds the v3 shape (v4compat.Address).
var residentialAddress = compat.Property[v4compat.Address, v5storage.Address]{
	Name:    "ResidentialAddress",
	Version: "v4storage",
	ToStaged: func(current *v5storage.Address, staged *v4compat.Address) error {
		return staged.AssignProperties_From_Address(current)
	},
	FromStaged: func(staged *v4compat.Address, current *v5storage.Address) error {
		return staged.AssignProperties_To_Address(current)
	},
}

// AssignProperties_To_PersonSpec copies the spec into the next storage version.
func (s *PersonSpec) AssignProperties_To_PersonSpec(dst *v5storage.PersonSpec) error {
	bag := s.PropertyBag // the object is private to the conversion: the bag moves
	// Properties v4storage lacks (staged through compat).
	residential, err := residentialAddress.Recall(&bag)
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
	*dst = v5storage.PersonSpec{
		Id:                 s.Id,
		FullName:           s.FullName,
		FamilyName:         s.FamilyName,
		KnownAs:            s.KnownAs,
		SortKey:            s.SortKey,
		BirthDate:          birthDate,
		MailingAddress:     mailingAddress,
		ResidentialAddress: residential,
	}
	dst.PropertyBag = bag
	return nil
}

// AssignProperties_From_PersonSpec fills the spec from the next storage version.
func (s *PersonSpec) AssignProperties_From_PersonSpec(src *v5storage.PersonSpec) error {
	bag := src.PropertyBag // the object is private to the conversion: the bag moves
	// Properties v4storage lacks (staged through compat).
	if err := residentialAddress.Stash(&bag, src.ResidentialAddress); err != nil {
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
	*s = PersonSpec{
		Id:             src.Id,
		FullName:       src.FullName,
		FamilyName:     src.FamilyName,
		KnownAs:        src.KnownAs,
		SortKey:        src.SortKey,
		BirthDate:      birthDate,
		MailingAddress: mailingAddress,
	}
	s.PropertyBag = bag
	return nil
}

// AssignProperties_To_Date copies the date into the next storage version.
func (d *Date) AssignProperties_To_Date(dst *v5storage.Date) error {
	*dst = v5storage.Date{PropertyBag: d.PropertyBag, Year: d.Year, Month: d.Month, Day: d.Day}
	return nil
}

// AssignProperties_From_Date fills the date from the next storage version.
func (d *Date) AssignProperties_From_Date(src *v5storage.Date) error {
	*d = Date{PropertyBag: src.PropertyBag, Year: src.Year, Month: src.Month, Day: src.Day}
	return nil
}

// AssignProperties_To_MailingAddress copies the address into the next storage version.
func (a *MailingAddress) AssignProperties_To_MailingAddress(dst *v5storage.MailingAddress) error {
	*dst = v5storage.MailingAddress{
		PropertyBag: a.PropertyBag,
		Street:      a.Street,
		City:        a.City,
		Postcode:    a.Postcode,
		Country:     a.Country,
	}
	return nil
}

// AssignProperties_From_MailingAddress fills the address from the next storage version.
func (a *MailingAddress) AssignProperties_From_MailingAddress(src *v5storage.MailingAddress) error {
	*a = MailingAddress{
		PropertyBag: src.PropertyBag,
		Street:      src.Street,
		City:        src.City,
		Postcode:    src.Postcode,
		Country:     src.Country,
	}
	return nil
}
