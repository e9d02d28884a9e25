package v1storage

import (
	"fmt"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v2storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v1storage to the next storage version,
// v2storage. Storage versions form a chain; each knows only its neighbour.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v2storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person converts this Person to v2storage, which adds
// MiddleName. The objects of a conversion are private to it (convert copies
// its input once), so the bags move rather than being copied.
func (p *Person) AssignProperties_To_Person(dst *v2storage.Person) error {
	bag := p.Spec.PropertyBag
	// v2 has a field for MiddleName: if a v2 object once passed through
	// here, its middle name waits in the bag. Pull reads and removes it.
	middleName, err := propertybag.Pull[string](&bag, "MiddleName")
	if err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	dst.Spec = v2storage.PersonSpec{
		PropertyBag: bag,
		Id:          p.Spec.Id,
		FirstName:   p.Spec.FirstName,
		MiddleName:  middleName,
		LastName:    p.Spec.LastName,
	}
	dst.Status = v2storage.PersonStatus{PropertyBag: p.Status.PropertyBag, Phase: p.Status.Phase}
	dst.PropertyBag = p.PropertyBag
	return nil
}

// AssignProperties_From_Person fills this Person from v2storage.
func (p *Person) AssignProperties_From_Person(src *v2storage.Person) error {
	bag := src.Spec.PropertyBag
	// v1 has no MiddleName: keep it in the bag for the way back (Add of a
	// nil value removes the name, so no stale copy stays behind).
	if err := propertybag.Add(&bag, "MiddleName", src.Spec.MiddleName); err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	p.Spec = PersonSpec{
		PropertyBag: bag,
		Id:          src.Spec.Id,
		FirstName:   src.Spec.FirstName,
		LastName:    src.Spec.LastName,
	}
	p.Status = PersonStatus{PropertyBag: src.Status.PropertyBag, Phase: src.Status.Phase}
	p.PropertyBag = src.PropertyBag
	return nil
}
