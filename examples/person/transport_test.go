package main

import (
	"testing"

	"github.com/hubspoke/hubspoke/examples/person/api/v1"
	"github.com/hubspoke/hubspoke/examples/person/api/v1storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v2"
	"github.com/hubspoke/hubspoke/examples/person/api/v2storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v3"
	"github.com/hubspoke/hubspoke/examples/person/api/v3storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v4"
	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/api/v6alpha1"
	"github.com/hubspoke/hubspoke/examples/person/api/v6alpha1storage"
)

// TestTransportMatchesReflection: the bag transport hubspoke-gen writes for
// every API version of Person gives, for random storage twins, the same
// annotation and status bags as the reflection path for hand-written
// chains, byte for byte, and, after the object has been through JSON as a
// client sends it back, restores the same twin, equal to the one it started
// from.
func TestTransportMatchesReflection(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 500
	}
	for _, p := range []transportPair{
		pairOf("v1", (*v1.Person).AssignProperties_From_Person, (*v1.Person).AssignProperties_To_Person),
		pairOf("v2", (*v2.Person).AssignProperties_From_Person, (*v2.Person).AssignProperties_To_Person),
		pairOf("v3", (*v3.Person).AssignProperties_From_Person, (*v3.Person).AssignProperties_To_Person),
		pairOf("v4", (*v4.Person).AssignProperties_From_Person, (*v4.Person).AssignProperties_To_Person),
		pairOf("v5", (*v5.Person).AssignProperties_From_Person, (*v5.Person).AssignProperties_To_Person),
		pairOf("v6alpha1", (*v6alpha1.Person).AssignProperties_From_Person, (*v6alpha1.Person).AssignProperties_To_Person),
	} {
		t.Run(p.name, func(t *testing.T) { checkTransport(t, p, n) })
	}
	var _ = []any{v1storage.Person{}, v2storage.Person{}, v3storage.Person{}, v4storage.Person{}, v5storage.Person{}, v6alpha1storage.Person{}}
}

// TestBagsUnderANullStructAreKept: a client that sets a struct to null but
// keeps the bags the annotation holds for it (issue 27) loses nothing: the
// generated recall makes the twin's struct to hold them.
func TestBagsUnderANullStructAreKept(t *testing.T) {
	p := &v5.Person{}
	p.Annotations = map[string]string{"hubspoke.dev/property-bags": `{"spec.birthDate":{"Text":"late 1928"}}`}
	var twin v5storage.Person
	if err := p.AssignProperties_To_Person(&twin); err != nil {
		t.Fatal(err)
	}
	if twin.Spec.BirthDate == nil || twin.Spec.BirthDate.PropertyBag["Text"] != `"late 1928"` {
		t.Fatalf("the bag of spec.birthDate, whose struct is null, was dropped: %+v", twin.Spec.BirthDate)
	}
	if _, ok := twin.Annotations["hubspoke.dev/property-bags"]; ok {
		t.Errorf("the twin kept the annotation: %v", twin.Annotations)
	}
}
