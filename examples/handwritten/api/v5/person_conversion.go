package v5

import (
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v5storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v5 towards the hub: to its storage twin.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v5storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person copies this Person into its storage twin.
func (p *Person) AssignProperties_To_Person(dst *v5storage.Person) error {
	s := &p.Spec
	dst.Spec = v5storage.PersonSpec{
		Id:         genruntime.PtrIfNotZero(s.Id),
		FullName:   genruntime.PtrIfNotZero(s.FullName),
		FamilyName: genruntime.PtrIfNotZero(s.FamilyName),
		KnownAs:    genruntime.PtrIfNotZero(s.KnownAs),
		SortKey:    genruntime.PtrIfNotZero(s.SortKey),
	}
	if d := s.BirthDate; d != nil {
		dst.Spec.BirthDate = &v5storage.Date{
			Year: genruntime.PtrIfNotZero(d.Year), Month: genruntime.PtrIfNotZero(d.Month), Day: genruntime.PtrIfNotZero(d.Day),
		}
	}
	if m := s.MailingAddress; m != nil {
		dst.Spec.MailingAddress = &v5storage.MailingAddress{
			Street: genruntime.PtrIfNotZero(m.Street), City: genruntime.PtrIfNotZero(m.City),
			Postcode: genruntime.PtrIfNotZero(m.Postcode), Country: genruntime.PtrIfNotZero(m.Country),
		}
	}
	if a := s.ResidentialAddress; a != nil {
		dst.Spec.ResidentialAddress = &v5storage.Address{
			Street: genruntime.PtrIfNotZero(a.Street), Suburb: genruntime.PtrIfNotZero(a.Suburb),
			City: genruntime.PtrIfNotZero(a.City), Country: genruntime.PtrIfNotZero(a.Country),
		}
	}
	dst.Status = v5storage.PersonStatus{
		Phase:         genruntime.PtrIfNotZero(p.Status.Phase),
		LastContacted: genruntime.PtrIfNotZero(p.Status.LastContacted),
	}
	return reflectbags.Recall(dst, p)
}

// AssignProperties_From_Person fills this Person from its storage twin.
func (p *Person) AssignProperties_From_Person(src *v5storage.Person) error {
	s := &src.Spec
	p.Spec = PersonSpec{
		Id:         ptr.Deref(s.Id, ""),
		FullName:   ptr.Deref(s.FullName, ""),
		FamilyName: ptr.Deref(s.FamilyName, ""),
		KnownAs:    ptr.Deref(s.KnownAs, ""),
		SortKey:    ptr.Deref(s.SortKey, ""),
	}
	if d := s.BirthDate; d != nil {
		p.Spec.BirthDate = &Date{Year: ptr.Deref(d.Year, 0), Month: ptr.Deref(d.Month, 0), Day: ptr.Deref(d.Day, 0)}
	}
	if m := s.MailingAddress; m != nil {
		p.Spec.MailingAddress = &MailingAddress{
			Street: ptr.Deref(m.Street, ""), City: ptr.Deref(m.City, ""),
			Postcode: ptr.Deref(m.Postcode, ""), Country: ptr.Deref(m.Country, ""),
		}
	}
	if a := s.ResidentialAddress; a != nil {
		p.Spec.ResidentialAddress = &Address{
			Street: ptr.Deref(a.Street, ""), Suburb: ptr.Deref(a.Suburb, ""),
			City: ptr.Deref(a.City, ""), Country: ptr.Deref(a.Country, ""),
		}
	}
	p.Status = PersonStatus{
		Phase:         ptr.Deref(src.Status.Phase, ""),
		LastContacted: ptr.Deref(src.Status.LastContacted, ""),
	}
	return reflectbags.Stash(p, src)
}
