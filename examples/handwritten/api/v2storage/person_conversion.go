package v2storage

import (
	"fmt"

	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/handwritten/api/v3storage"
	"github.com/hubspoke/hubspoke/propertybag"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// personLink is the step from v2storage to v3storage.
var personLink = convert.LinkTo((*Person).AssignProperties_To_Person, (*Person).AssignProperties_From_Person)

// Link declares the step from this version towards the hub: to v3storage.Person.
func (*Person) Link() convert.Link { return personLink }

// ConvertTo converts this Person to the hub version.
func (p *Person) ConvertTo(hub conversion.Hub) error { return convert.ToHub(p, hub) }

// ConvertFrom fills this Person from the hub version.
func (p *Person) ConvertFrom(hub conversion.Hub) error { return convert.FromHub(p, hub) }

// AssignProperties_To_Person converts this Person to v3storage.
func (p *Person) AssignProperties_To_Person(dst *v3storage.Person) error {
	if err := p.Spec.assignTo(&dst.Spec); err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	dst.Status = v3storage.PersonStatus{PropertyBag: p.Status.PropertyBag, Phase: p.Status.Phase}
	dst.PropertyBag = p.PropertyBag
	return nil
}

// AssignProperties_From_Person fills this Person from v3storage.
func (p *Person) AssignProperties_From_Person(src *v3storage.Person) error {
	if err := p.Spec.assignFrom(&src.Spec); err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	p.Status = PersonStatus{PropertyBag: src.Status.PropertyBag, Phase: src.Status.Phase}
	p.PropertyBag = src.PropertyBag
	return nil
}

// The names change completely between v2 and v3. The mechanical part is
// the same as for any field a neighbour lacks: add ours to the bag, pull
// theirs out of it. What the names mean (v3's FullName is v2's three names
// joined) is a hand-written hook (person_hooks.go), called last.
var (
	_ augment.AssignableTo[*v3storage.PersonSpec]   = (*PersonSpec)(nil)
	_ augment.AssignableFrom[*v3storage.PersonSpec] = (*PersonSpec)(nil)
)

func (s *PersonSpec) assignTo(dst *v3storage.PersonSpec) error {
	bag := s.PropertyBag
	// Ours, which v3 has no field for.
	if err := addAll(&bag, []string{"FirstName", "MiddleName", "LastName"}, s.FirstName, s.MiddleName, s.LastName); err != nil {
		return err
	}
	// Theirs, if a v3 (or later) object left them here.
	v3, err := pullAll(&bag, "FullName", "FamilyName", "KnownAs", "AlphaKey", "BirthDate")
	if err != nil {
		return err
	}
	address, err := propertybag.Pull[v3storage.Address](&bag, "ResidentialAddress")
	if err != nil {
		return err
	}
	*dst = v3storage.PersonSpec{
		PropertyBag: bag,
		Id:          s.Id,
		FullName:    v3[0], FamilyName: v3[1], KnownAs: v3[2], AlphaKey: v3[3],
		BirthDate:          v3[4],
		ResidentialAddress: address,
	}
	// The hook: derive v3's names from ours where v3 has none.
	return s.AssignPropertiesTo(dst)
}

func (s *PersonSpec) assignFrom(src *v3storage.PersonSpec) error {
	// A copy, not a move: the hook compares with the source's bag as it was.
	bag := src.PropertyBag.DeepCopy()
	if err := addAll(&bag, []string{"FullName", "FamilyName", "KnownAs", "AlphaKey", "BirthDate"},
		src.FullName, src.FamilyName, src.KnownAs, src.AlphaKey, src.BirthDate); err != nil {
		return err
	}
	if err := propertybag.Add(&bag, "ResidentialAddress", src.ResidentialAddress); err != nil {
		return err
	}
	v2, err := pullAll(&bag, "FirstName", "MiddleName", "LastName")
	if err != nil {
		return err
	}
	*s = PersonSpec{PropertyBag: bag, Id: src.Id, FirstName: v2[0], MiddleName: v2[1], LastName: v2[2]}
	// The hook: derive our names from v3's when the object did not come from v2.
	return s.AssignPropertiesFrom(src)
}

// addAll adds each value to the bag under its name; a nil value removes the
// name, so that no stale value stays behind.
func addAll(bag *propertybag.PropertyBag, names []string, values ...*string) error {
	for i, name := range names {
		if err := propertybag.Add(bag, name, values[i]); err != nil {
			return err
		}
	}
	return nil
}

// pullAll pulls each name from the bag: reads and removes it (nil where
// it is absent).
func pullAll(bag *propertybag.PropertyBag, names ...string) ([]*string, error) {
	values := make([]*string, len(names))
	for i, name := range names {
		value, err := propertybag.Pull[string](bag, name)
		if err != nil {
			return nil, err
		}
		values[i] = value
	}
	return values, nil
}
