package v4

import (
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v4storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v4 towards the hub: to its storage twin.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v4storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person copies this Person into its storage twin.
func (p *Person) AssignProperties_To_Person(dst *v4storage.Person) error {
	s := &p.Spec
	dst.Spec = v4storage.PersonSpec{
		Id:         genruntime.PtrIfNotZero(s.Id),
		FullName:   genruntime.PtrIfNotZero(s.FullName),
		FamilyName: genruntime.PtrIfNotZero(s.FamilyName),
		KnownAs:    genruntime.PtrIfNotZero(s.KnownAs),
		SortKey:    genruntime.PtrIfNotZero(s.SortKey),
	}
	if d := s.BirthDate; d != nil {
		dst.Spec.BirthDate = &v4storage.Date{
			Year: genruntime.PtrIfNotZero(d.Year), Month: genruntime.PtrIfNotZero(d.Month), Day: genruntime.PtrIfNotZero(d.Day),
		}
	}
	if m := s.MailingAddress; m != nil {
		dst.Spec.MailingAddress = &v4storage.MailingAddress{
			Street: genruntime.PtrIfNotZero(m.Street), City: genruntime.PtrIfNotZero(m.City),
			Postcode: genruntime.PtrIfNotZero(m.Postcode), Country: genruntime.PtrIfNotZero(m.Country),
		}
	}
	dst.Status = v4storage.PersonStatus{Phase: genruntime.PtrIfNotZero(p.Status.Phase)}
	return reflectbags.Recall(dst, p)
}

// AssignProperties_From_Person fills this Person from its storage twin.
func (p *Person) AssignProperties_From_Person(src *v4storage.Person) error {
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
	p.Status = PersonStatus{Phase: ptr.Deref(src.Status.Phase, "")}
	// A Date of {year: 0} shows as year 0 here, as absent; Stash keeps
	// what the twin held (under "$twin" in the bag) so an update restores it.
	return reflectbags.Stash(p, src)
}
