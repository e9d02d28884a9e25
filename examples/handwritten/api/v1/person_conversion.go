package v1

import (
	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v1storage"
	"github.com/hubspoke/hubspoke/genruntime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the one step from v1 towards the hub: to its storage twin.
// The convert package follows the Links from version to version, so v1
// never names the hub (v5storage) itself.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v1storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version (controller-runtime's
// conversion.Convertible), by walking the Links.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person copies this Person into its storage twin. The
// twin's fields are pointers: an omitempty "" is absent (nil), not an
// explicit empty string.
func (p *Person) AssignProperties_To_Person(dst *v1storage.Person) error {
	dst.Spec = v1storage.PersonSpec{
		Id:        genruntime.PtrIfNotZero(p.Spec.Id),
		FirstName: genruntime.PtrIfNotZero(p.Spec.FirstName),
		LastName:  genruntime.PtrIfNotZero(p.Spec.LastName),
	}
	dst.Status = v1storage.PersonStatus{Phase: genruntime.PtrIfNotZero(p.Status.Phase)}
	// The bags this object carries (in the hubspoke.dev/property-bags
	// annotation and status.$propertyBags) go back to their places in the
	// twin: what later versions wrote survives an update through v1.
	return reflectbags.Recall(dst, p)
}

// AssignProperties_From_Person fills this Person from its storage twin.
func (p *Person) AssignProperties_From_Person(src *v1storage.Person) error {
	p.Spec = PersonSpec{
		Id:        ptr.Deref(src.Spec.Id, ""),
		FirstName: ptr.Deref(src.Spec.FirstName, ""),
		LastName:  ptr.Deref(src.Spec.LastName, ""),
	}
	p.Status = PersonStatus{Phase: ptr.Deref(src.Status.Phase, "")}
	// v1 has no bags: every bag of the twin travels in the annotation (and
	// status bags in status), so that writing the object back loses nothing.
	return reflectbags.Stash(p, src)
}
