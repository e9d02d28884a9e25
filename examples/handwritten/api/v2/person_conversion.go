package v2

import (
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v2storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v2 towards the hub: to its storage twin.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v2storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person copies this Person into its storage twin, as
// v1 does, with MiddleName.
func (p *Person) AssignProperties_To_Person(dst *v2storage.Person) error {
	dst.Spec = v2storage.PersonSpec{
		Id:         genruntime.PtrIfNotZero(p.Spec.Id),
		FirstName:  genruntime.PtrIfNotZero(p.Spec.FirstName),
		MiddleName: genruntime.PtrIfNotZero(p.Spec.MiddleName),
		LastName:   genruntime.PtrIfNotZero(p.Spec.LastName),
	}
	dst.Status = v2storage.PersonStatus{Phase: genruntime.PtrIfNotZero(p.Status.Phase)}
	return reflectbags.Recall(dst, p)
}

// AssignProperties_From_Person fills this Person from its storage twin.
func (p *Person) AssignProperties_From_Person(src *v2storage.Person) error {
	p.Spec = PersonSpec{
		Id:         ptr.Deref(src.Spec.Id, ""),
		FirstName:  ptr.Deref(src.Spec.FirstName, ""),
		MiddleName: ptr.Deref(src.Spec.MiddleName, ""),
		LastName:   ptr.Deref(src.Spec.LastName, ""),
	}
	p.Status = PersonStatus{Phase: ptr.Deref(src.Status.Phase, "")}
	return reflectbags.Stash(p, src)
}
