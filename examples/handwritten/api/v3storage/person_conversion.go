package v3storage

import (
	"fmt"

	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v4storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v3storage to v4storage.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v4storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person converts this Person to v4storage.
func (p *Person) AssignProperties_To_Person(dst *v4storage.Person) error {
	if err := p.Spec.assignTo(&dst.Spec); err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	dst.Status = v4storage.PersonStatus{PropertyBag: p.Status.PropertyBag, Phase: p.Status.Phase}
	dst.PropertyBag = p.PropertyBag
	return nil
}

// AssignProperties_From_Person fills this Person from v4storage.
func (p *Person) AssignProperties_From_Person(src *v4storage.Person) error {
	if err := p.Spec.assignFrom(&src.Spec); err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	p.Status = PersonStatus{PropertyBag: src.Status.PropertyBag, Phase: src.Status.Phase}
	p.PropertyBag = src.PropertyBag
	return nil
}

// BirthDate changes type (text in v3, a Date in v4): the hook in
// person_hooks.go converts it, after the plain copy.
var (
	_ augment.AssignableTo[*v4storage.PersonSpec]   = (*PersonSpec)(nil)
	_ augment.AssignableFrom[*v4storage.PersonSpec] = (*PersonSpec)(nil)
)

func (s *PersonSpec) assignTo(dst *v4storage.PersonSpec) error {
	bag := s.PropertyBag
	// v4 drops ResidentialAddress: it waits in the bag, in v3's shape. (v5
	// brings it back in another shape; v4storage makes sure its bag only
	// ever holds this one.)
	if err := propertybag.Add(&bag, "ResidentialAddress", s.ResidentialAddress); err != nil {
		return err
	}
	// v4 adds MailingAddress: a v4 object that passed through v3 left it here.
	mailingAddress, err := propertybag.Pull[v4storage.MailingAddress](&bag, "MailingAddress")
	if err != nil {
		return err
	}
	*dst = v4storage.PersonSpec{
		PropertyBag:    bag,
		Id:             s.Id,
		FullName:       s.FullName,
		FamilyName:     s.FamilyName,
		KnownAs:        s.KnownAs,
		SortKey:        s.AlphaKey, // renamed: a plain copy
		MailingAddress: mailingAddress,
	}
	return s.AssignPropertiesTo(dst)
}

func (s *PersonSpec) assignFrom(src *v4storage.PersonSpec) error {
	bag := src.PropertyBag
	if err := propertybag.Add(&bag, "MailingAddress", src.MailingAddress); err != nil {
		return err
	}
	residentialAddress, err := propertybag.Pull[Address](&bag, "ResidentialAddress")
	if err != nil {
		return err
	}
	*s = PersonSpec{
		PropertyBag:        bag,
		Id:                 src.Id,
		FullName:           src.FullName,
		FamilyName:         src.FamilyName,
		KnownAs:            src.KnownAs,
		AlphaKey:           src.SortKey,
		ResidentialAddress: residentialAddress,
	}
	return s.AssignPropertiesFrom(src)
}
