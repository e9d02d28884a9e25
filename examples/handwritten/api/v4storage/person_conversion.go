package v4storage

import (
	"fmt"

	"github.com/hubspoke/hubspoke/compat"
	"github.com/hubspoke/hubspoke/convert"
	v4compat "github.com/hubspoke/hubspoke/examples/handwritten/api/v4storage/compat"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v4storage to v5storage, the hub.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v5storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// residentialAddress stages ResidentialAddress, which v4 lacks and v5 brings
// back in another shape. From v3 it arrives in the bag as v3's Address
// (v3storage put it there); from v5, Add converts v5's Address to that same
// shape before stashing it, and Pull converts it back. So the bag never
// holds two shapes, and objects stored by either path read the same.
var residentialAddress = compat.Property[v4compat.Address, v5storage.Address]{
	Name:    "ResidentialAddress",
	Version: "v4storage",
	ToStaged: func(from *v5storage.Address, to *v4compat.Address) error {
		return to.AssignProperties_From_Address(from)
	},
	FromStaged: (*v4compat.Address).AssignProperties_To_Address,
}

// AssignProperties_To_Person converts this Person to v5storage.
func (p *Person) AssignProperties_To_Person(dst *v5storage.Person) error {
	bag := p.Spec.PropertyBag
	address, err := residentialAddress.Pull(&bag)
	if err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	s := &p.Spec
	dst.Spec = v5storage.PersonSpec{
		PropertyBag:        bag,
		Id:                 s.Id,
		FullName:           s.FullName,
		FamilyName:         s.FamilyName,
		KnownAs:            s.KnownAs,
		SortKey:            s.SortKey,
		ResidentialAddress: address,
	}
	// Nested structs are copied field by field, bags included.
	if d := s.BirthDate; d != nil {
		dst.Spec.BirthDate = &v5storage.Date{PropertyBag: d.PropertyBag, Year: d.Year, Month: d.Month, Day: d.Day}
	}
	if m := s.MailingAddress; m != nil {
		dst.Spec.MailingAddress = &v5storage.MailingAddress{
			PropertyBag: m.PropertyBag, Street: m.Street, City: m.City, Postcode: m.Postcode, Country: m.Country,
		}
	}

	statusBag := p.Status.PropertyBag
	// v5 adds status.lastContacted: it may wait in the bag.
	lastContacted, err := propertybag.Pull[string](&statusBag, "LastContacted")
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	dst.Status = v5storage.PersonStatus{PropertyBag: statusBag, Phase: p.Status.Phase, LastContacted: lastContacted}
	dst.PropertyBag = p.PropertyBag
	return nil
}

// AssignProperties_From_Person fills this Person from v5storage.
func (p *Person) AssignProperties_From_Person(src *v5storage.Person) error {
	bag := src.Spec.PropertyBag
	if err := residentialAddress.Add(&bag, src.Spec.ResidentialAddress); err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	s := &src.Spec
	p.Spec = PersonSpec{
		PropertyBag: bag,
		Id:          s.Id,
		FullName:    s.FullName,
		FamilyName:  s.FamilyName,
		KnownAs:     s.KnownAs,
		SortKey:     s.SortKey,
	}
	if d := s.BirthDate; d != nil {
		p.Spec.BirthDate = &Date{PropertyBag: d.PropertyBag, Year: d.Year, Month: d.Month, Day: d.Day}
	}
	if m := s.MailingAddress; m != nil {
		p.Spec.MailingAddress = &MailingAddress{
			PropertyBag: m.PropertyBag, Street: m.Street, City: m.City, Postcode: m.Postcode, Country: m.Country,
		}
	}

	statusBag := src.Status.PropertyBag
	if err := propertybag.Add(&statusBag, "LastContacted", src.Status.LastContacted); err != nil {
		return fmt.Errorf("status: %w", err)
	}
	p.Status = PersonStatus{PropertyBag: statusBag, Phase: src.Status.Phase}
	p.PropertyBag = src.PropertyBag
	return nil
}
