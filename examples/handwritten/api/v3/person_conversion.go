package v3

import (
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v3storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v3 towards the hub: to its storage twin.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v3storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person copies this Person into its storage twin.
func (p *Person) AssignProperties_To_Person(dst *v3storage.Person) error {
	s := &p.Spec
	dst.Spec = v3storage.PersonSpec{
		Id:         genruntime.PtrIfNotZero(s.Id),
		FullName:   genruntime.PtrIfNotZero(s.FullName),
		FamilyName: genruntime.PtrIfNotZero(s.FamilyName),
		KnownAs:    genruntime.PtrIfNotZero(s.KnownAs),
		AlphaKey:   genruntime.PtrIfNotZero(s.AlphaKey),
		BirthDate:  genruntime.PtrIfNotZero(s.BirthDate),
	}
	if a := s.ResidentialAddress; a != nil {
		dst.Spec.ResidentialAddress = &v3storage.Address{Label: genruntime.PtrIfNotZero(a.Label)}
	}
	dst.Status = v3storage.PersonStatus{Phase: genruntime.PtrIfNotZero(p.Status.Phase)}
	// The bags, nested ones too (spec.residentialAddress), come back from
	// the annotation to their places.
	return reflectbags.Recall(dst, p)
}

// AssignProperties_From_Person fills this Person from its storage twin.
func (p *Person) AssignProperties_From_Person(src *v3storage.Person) error {
	s := &src.Spec
	p.Spec = PersonSpec{
		Id:         ptr.Deref(s.Id, ""),
		FullName:   ptr.Deref(s.FullName, ""),
		FamilyName: ptr.Deref(s.FamilyName, ""),
		KnownAs:    ptr.Deref(s.KnownAs, ""),
		AlphaKey:   ptr.Deref(s.AlphaKey, ""),
		BirthDate:  ptr.Deref(s.BirthDate, ""),
	}
	if a := s.ResidentialAddress; a != nil {
		p.Spec.ResidentialAddress = &Address{Label: ptr.Deref(a.Label, "")}
	}
	p.Status = PersonStatus{Phase: ptr.Deref(src.Status.Phase, "")}
	return reflectbags.Stash(p, src)
}
