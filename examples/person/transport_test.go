package main

import (
	"testing"

	"github.com/hubspoke/hubspoke/boundary/reflectbags"
	"github.com/hubspoke/hubspoke/boundary/transporttest"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	"github.com/hubspoke/hubspoke/examples/person/api/v1storage"
	v2 "github.com/hubspoke/hubspoke/examples/person/api/v2"
	"github.com/hubspoke/hubspoke/examples/person/api/v2storage"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	"github.com/hubspoke/hubspoke/examples/person/api/v3storage"
	v4 "github.com/hubspoke/hubspoke/examples/person/api/v4"
	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
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
	for _, p := range []transporttest.Pair{
		transporttest.PairOf("v1", (*v1.Person).AssignProperties_From_Person, (*v1.Person).AssignProperties_To_Person),
		transporttest.PairOf("v2", (*v2.Person).AssignProperties_From_Person, (*v2.Person).AssignProperties_To_Person),
		transporttest.PairOf("v3", (*v3.Person).AssignProperties_From_Person, (*v3.Person).AssignProperties_To_Person),
		transporttest.PairOf("v4", (*v4.Person).AssignProperties_From_Person, (*v4.Person).AssignProperties_To_Person),
		transporttest.PairOf("v5", (*v5.Person).AssignProperties_From_Person, (*v5.Person).AssignProperties_To_Person),
		transporttest.PairOf("v6alpha1", (*v6alpha1.Person).AssignProperties_From_Person, (*v6alpha1.Person).AssignProperties_To_Person),
	} {
		t.Run(p.Name, func(t *testing.T) {
			if err := transporttest.Check(p, n); err != nil {
				t.Fatal(err)
			}
		})
	}
	var _ = []any{v1storage.Person{}, v2storage.Person{}, v3storage.Person{}, v4storage.Person{}, v5storage.Person{}, v6alpha1storage.Person{}}
}

// TestBagsUnderANullStructGoWithIt: a client that sets a struct to null
// removes what the struct held, the values its version cannot show
// included, on both transport paths, as a removed list element takes its
// bag with it. The annotation still holds the struct's bag (the client sent
// the annotation back unchanged); the twin's struct stays nil and the
// annotation is gone.
func TestBagsUnderANullStructGoWithIt(t *testing.T) {
	annotated := func() *v5.Person {
		p := &v5.Person{}
		p.Annotations = map[string]string{"hubspoke.dev/property-bags": `{"spec":{"MiddleName":"Theodore"},"spec.birthDate":{"Text":"late 1928"}}`}
		return p
	}
	check := func(t *testing.T, twin *v5storage.Person) {
		t.Helper()
		if twin.Spec.BirthDate != nil {
			t.Errorf("spec.birthDate, which the client set to null, came back from its bag: %+v", twin.Spec.BirthDate)
		}
		if twin.Spec.PropertyBag["MiddleName"] != `"Theodore"` {
			t.Errorf("the spec's own bag was dropped: %v", twin.Spec.PropertyBag)
		}
		if _, ok := twin.Annotations["hubspoke.dev/property-bags"]; ok {
			t.Errorf("the twin kept the annotation: %v", twin.Annotations)
		}
	}
	t.Run("emitted", func(t *testing.T) {
		var twin v5storage.Person
		if err := annotated().AssignProperties_To_Person(&twin); err != nil {
			t.Fatal(err)
		}
		check(t, &twin)
	})
	t.Run("reflectbags", func(t *testing.T) {
		p, bare := annotated(), annotated()
		bare.Annotations = nil // the copy alone; the walk carries the bags
		var twin v5storage.Person
		if err := bare.AssignProperties_To_Person(&twin); err != nil {
			t.Fatal(err)
		}
		if err := reflectbags.Recall(&twin, p); err != nil {
			t.Fatal(err)
		}
		check(t, &twin)
	})
}

// BenchmarkTransport compares, on a v5 Person whose twin holds bags at
// three depths and values v5 cannot show, the generated copy from the twin
// with its emitted transport (emitted), and the reflection path alone
// (reflectbags.Stash after the copy, reflectbags.Recall after the copy
// back), both ways.
func BenchmarkTransport(b *testing.B) {
	twin := &v5storage.Person{}
	twin.PropertyBag = map[string]string{"Nickname": `"Ted"`}
	twin.Spec.PropertyBag = map[string]string{"MiddleName": `"Theodore"`}
	twin.Spec.Id, twin.Spec.FullName = ptrTo("42"), ptrTo("")
	twin.Spec.BirthDate = &v5storage.Date{PropertyBag: map[string]string{"Text": `"late 1928"`}, Year: ptrTo(1928)}
	twin.Status.PropertyBag = map[string]string{"Since": `"2024"`}
	var api v5.Person
	if err := api.AssignProperties_From_Person(twin); err != nil {
		b.Fatal(err)
	}
	b.Run("stash/emitted", func(b *testing.B) {
		for range b.N {
			var p v5.Person
			if err := p.AssignProperties_From_Person(twin); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stash/reflectbags", func(b *testing.B) {
		for range b.N {
			p := v5.Person{Spec: api.Spec, Status: api.Status}
			if err := reflectbags.Stash(&p, twin); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("recall/emitted", func(b *testing.B) {
		for range b.N {
			var t v5storage.Person
			if err := api.AssignProperties_To_Person(&t); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("recall/reflectbags", func(b *testing.B) {
		bare := api
		bare.Annotations, bare.Status.PropertyBags = nil, nil
		var copied v5storage.Person
		if err := bare.AssignProperties_To_Person(&copied); err != nil {
			b.Fatal(err)
		}
		for range b.N {
			t := copied
			t.Spec = *copied.Spec.DeepCopy()
			if err := reflectbags.Recall(&t, &api); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func ptrTo[T any](v T) *T { return &v }
