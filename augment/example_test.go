package augment_test

import (
	"fmt"
	"strings"

	"github.com/hubspoke/hubspoke/augment"
)

// Two neighbouring versions of a Person: v1 has a full name, v2 a given and
// a family name. In an operator they live in two packages, v1 importing v2.
type exampleV1Person struct {
	FullName string
	Age      int
}

type exampleV2Person struct {
	GivenName  string
	FamilyName string
	Age        int
}

// assignToV2 plays the generated copy: it copies the properties that match
// and, as its last statement, calls the hook, which the generator found.
func (p *exampleV1Person) assignToV2(dst *exampleV2Person) error {
	dst.Age = p.Age
	return p.AssignPropertiesTo(dst)
}

// The generated code also declares the hook it calls, so that a hook with
// another signature fails to build.
var _ augment.AssignableTo[*exampleV2Person] = (*exampleV1Person)(nil)

// AssignPropertiesTo is the hand-written hook (an
// augment.AssignableTo[*exampleV2Person]). It splits the name, which the
// generator cannot do.
func (p *exampleV1Person) AssignPropertiesTo(dst *exampleV2Person) error {
	given, family, ok := strings.Cut(p.FullName, " ")
	if !ok {
		return fmt.Errorf("cannot split %q into given and family name", p.FullName)
	}
	dst.GivenName, dst.FamilyName = given, family
	return nil
}

// A whole-object hook runs after the generated copy and sees its result; an
// error it returns ends the conversion (package convert names the step).
func ExampleAssignableTo() {
	ada := &exampleV1Person{FullName: "Ada Lovelace", Age: 36}
	var v2 exampleV2Person
	if err := ada.assignToV2(&v2); err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", v2)

	cher := &exampleV1Person{FullName: "Cher", Age: 79}
	err := cher.assignToV2(&exampleV2Person{})
	fmt.Println(err)
	// Output:
	// {GivenName:Ada FamilyName:Lovelace Age:36}
	// cannot split "Cher" into given and family name
}

// assignFromV2 plays the generated copy in the other direction: the
// properties that match, then the hook.
func (p *exampleV1Person) assignFromV2(src *exampleV2Person) error {
	p.Age = src.Age
	return p.AssignPropertiesFrom(src)
}

var _ augment.AssignableFrom[*exampleV2Person] = (*exampleV1Person)(nil)

// AssignPropertiesFrom is the hand-written hook (an
// augment.AssignableFrom[*exampleV2Person]). It joins the name.
func (p *exampleV1Person) AssignPropertiesFrom(src *exampleV2Person) error {
	if src.GivenName == "" {
		return fmt.Errorf("no given name to join with %q", src.FamilyName)
	}
	p.FullName = strings.TrimSpace(src.GivenName + " " + src.FamilyName)
	return nil
}

// The hook from the newer neighbour fills the receiver after the generated
// copy; its error, too, ends the conversion.
func ExampleAssignableFrom() {
	var ada exampleV1Person
	if err := ada.assignFromV2(&exampleV2Person{GivenName: "Ada", FamilyName: "Lovelace", Age: 36}); err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", ada)

	err := (&exampleV1Person{}).assignFromV2(&exampleV2Person{FamilyName: "Lovelace"})
	fmt.Println(err)
	// Output:
	// {FullName:Ada Lovelace Age:36}
	// no given name to join with "Lovelace"
}
