package webhook_test

import (
	"fmt"
	"strings"

	"github.com/hubspoke/hubspoke/augment"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/propertybag"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// The tests convert a Person with four versions, written the way generated
// code and its hand-written hooks would be:
//
//	v1 (API) → v1storage → v2storage (hub) ← v2 (API)
//
// v1 has a full name; v2 splits it into given and family name (a hook on
// v1storage does the split) and adds an email, which v1storage keeps in its
// property bag. A second resource, Team, has two versions: v1 → v2 (hub).

const group = "crm.hubspoke.test"

var (
	personGK = schema.GroupKind{Group: group, Kind: "Person"}
	teamGK   = schema.GroupKind{Group: group, Kind: "Team"}
)

// --- v1: API version ---

type personV1Spec struct {
	FullName string `json:"fullName,omitempty"`
	Age      int    `json:"age,omitempty"`
}

type personV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              personV1Spec `json:"spec"`
}

func (p *personV1) DeepCopyObject() runtime.Object {
	c := *p
	p.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func (p *personV1) ConvertTo(h conversion.Hub) error { return convert.ToHub(p, h) }

func (p *personV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(p, h) }

func (p *personV1) Link() convert.Link {
	return convert.LinkTo((*personV1).assignTo, (*personV1).assignFrom)
}

func (p *personV1) assignTo(dst *personV1Storage) error {
	dst.Spec = personV1StorageSpec{FullName: p.Spec.FullName, Age: p.Spec.Age}
	return nil
}

func (p *personV1) assignFrom(src *personV1Storage) error {
	p.Spec = personV1Spec{FullName: src.Spec.FullName, Age: src.Spec.Age}
	return nil
}

// --- v1storage: storage twin of v1 ---

type personV1StorageSpec struct {
	FullName    string                  `json:"fullName,omitempty"`
	Age         int                     `json:"age,omitempty"`
	PropertyBag propertybag.PropertyBag `json:"$propertyBag,omitempty"`
}

type personV1Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              personV1StorageSpec `json:"spec"`
}

func (p *personV1Storage) DeepCopyObject() runtime.Object {
	c := *p
	p.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	c.Spec.PropertyBag = p.Spec.PropertyBag.DeepCopy()
	return &c
}

func (p *personV1Storage) ConvertTo(h conversion.Hub) error { return convert.ToHub(p, h) }

func (p *personV1Storage) ConvertFrom(h conversion.Hub) error { return convert.FromHub(p, h) }

func (p *personV1Storage) Link() convert.Link {
	return convert.LinkTo((*personV1Storage).assignTo, (*personV1Storage).assignFrom)
}

// assignTo recalls from the bag what v2storage has a field for.
func (p *personV1Storage) assignTo(dst *personV2Storage) error {
	bag := p.Spec.PropertyBag.DeepCopy()
	email, err := propertybag.Pull[string](&bag, "Email")
	if err != nil {
		return err
	}
	dst.Spec = personV2StorageSpec{Age: p.Spec.Age}
	if email != nil {
		dst.Spec.Email = *email
	}
	return p.AssignPropertiesTo(dst)
}

// assignFrom stashes in the bag what v1storage has no field for.
func (p *personV1Storage) assignFrom(src *personV2Storage) error {
	var bag propertybag.PropertyBag
	if src.Spec.Email != "" {
		if err := propertybag.Add(&bag, "Email", &src.Spec.Email); err != nil {
			return err
		}
	}
	p.Spec = personV1StorageSpec{Age: src.Spec.Age, PropertyBag: bag}
	return p.AssignPropertiesFrom(src)
}

// AssignPropertiesTo is the hand-written hook: it splits the full name.
func (p *personV1Storage) AssignPropertiesTo(dst *personV2Storage) error {
	if p.Spec.FullName == "" {
		return nil
	}
	if p.Spec.Age < 0 {
		panic("negative age") // a bug the tests provoke
	}
	given, family, ok := strings.Cut(p.Spec.FullName, " ")
	if !ok {
		return fmt.Errorf("cannot split full name %q into given and family name", p.Spec.FullName)
	}
	dst.Spec.GivenName, dst.Spec.FamilyName = given, family
	return nil
}

// AssignPropertiesFrom is the hand-written hook: it joins the name.
func (p *personV1Storage) AssignPropertiesFrom(src *personV2Storage) error {
	p.Spec.FullName = strings.TrimSpace(src.Spec.GivenName + " " + src.Spec.FamilyName)
	return nil
}

// --- v2storage: the hub ---

type personV2StorageSpec struct {
	GivenName  string `json:"givenName,omitempty"`
	FamilyName string `json:"familyName,omitempty"`
	Age        int    `json:"age,omitempty"`
	Email      string `json:"email,omitempty"`
}

type personV2Storage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              personV2StorageSpec `json:"spec"`
}

func (p *personV2Storage) Hub() {}

func (p *personV2Storage) DeepCopyObject() runtime.Object {
	c := *p
	p.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

// --- v2: API version ---

type personV2Spec struct {
	GivenName  string `json:"givenName,omitempty"`
	FamilyName string `json:"familyName,omitempty"`
	Age        int    `json:"age,omitempty"`
	Email      string `json:"email,omitempty"`
}

type personV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              personV2Spec `json:"spec"`
}

func (p *personV2) DeepCopyObject() runtime.Object {
	c := *p
	p.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func (p *personV2) ConvertTo(h conversion.Hub) error { return convert.ToHub(p, h) }

func (p *personV2) ConvertFrom(h conversion.Hub) error { return convert.FromHub(p, h) }

func (p *personV2) Link() convert.Link {
	return convert.LinkTo((*personV2).assignTo, (*personV2).assignFrom)
}

func (p *personV2) assignTo(dst *personV2Storage) error {
	dst.Spec = personV2StorageSpec(p.Spec)
	return nil
}

func (p *personV2) assignFrom(src *personV2Storage) error {
	p.Spec = personV2Spec(src.Spec)
	return nil
}

// --- Team: v1 → v2 (hub) ---

type teamV1 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Members           int `json:"members"`
}

func (t *teamV1) DeepCopyObject() runtime.Object {
	c := *t
	t.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func (t *teamV1) ConvertTo(h conversion.Hub) error   { return convert.ToHub(t, h) }
func (t *teamV1) ConvertFrom(h conversion.Hub) error { return convert.FromHub(t, h) }

func (t *teamV1) Link() convert.Link {
	return convert.LinkTo(func(t *teamV1, dst *teamV2) error { dst.Size = t.Members; return nil },
		func(t *teamV1, src *teamV2) error { t.Members = src.Size; return nil })
}

type teamV2 struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Size              int `json:"size"`
}

func (t *teamV2) Hub() {}

func (t *teamV2) DeepCopyObject() runtime.Object {
	c := *t
	t.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

// notAnObject is a version without metadata: convertible, but not a
// client.Object.
type notAnObject struct{ metav1.TypeMeta }

func (n *notAnObject) DeepCopyObject() runtime.Object     { c := *n; return &c }
func (n *notAnObject) ConvertTo(h conversion.Hub) error   { return convert.ToHub(n, h) }
func (n *notAnObject) ConvertFrom(h conversion.Hub) error { return convert.FromHub(n, h) }
func (n *notAnObject) Link() convert.Link {
	return convert.LinkTo(func(*notAnObject, *widgetHub) error { return nil },
		func(*notAnObject, *widgetHub) error { return nil })
}

// personVersions lists the versions of Person, sorted.
var personVersions = []string{"v1", "v1storage", "v2", "v2storage"}

// newScheme registers Person and Team.
func newScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	s.AddKnownTypeWithName(personGK.WithVersion("v1"), &personV1{})
	s.AddKnownTypeWithName(personGK.WithVersion("v1storage"), &personV1Storage{})
	s.AddKnownTypeWithName(personGK.WithVersion("v2storage"), &personV2Storage{})
	s.AddKnownTypeWithName(personGK.WithVersion("v2"), &personV2{})
	s.AddKnownTypeWithName(teamGK.WithVersion("v1"), &teamV1{})
	s.AddKnownTypeWithName(teamGK.WithVersion("v2"), &teamV2{})
	return s
}

// bagText is the text a property bag holds for the string s, as
// propertybag.Add stores it in this build: a JSON string literal ("ada", with
// its quotes), or, in a build with -tags hubspoke_aso (Azure Service
// Operator's string format), s as it is. Fixtures write the string entries of
// their bags with it, so that the tests hold in both formats.
func bagText(s string) string {
	var bag propertybag.PropertyBag
	if err := propertybag.Add(&bag, "s", &s); err != nil {
		panic(err)
	}
	return bag["s"]
}

// ada returns Ada at version, with or without her email (which v1 cannot
// hold, so it is lost on any conversion from or to v1), with apiVersion and
// kind set.
func ada(version string, withEmail bool) runtime.Object {
	meta := metav1.ObjectMeta{
		Name:        "ada",
		Namespace:   "engines",
		UID:         "0b1e2c3d-1815-1852-aaaa-000000000001",
		Labels:      map[string]string{"app": "crm"},
		Annotations: map[string]string{"note": "first programmer"},
	}
	email := ""
	var bag propertybag.PropertyBag
	if withEmail {
		email = "ada@example.com"
		bag = propertybag.PropertyBag{"Email": bagText(email)}
	}
	var obj runtime.Object
	switch version {
	case "v1":
		obj = &personV1{ObjectMeta: meta, Spec: personV1Spec{FullName: "Ada Lovelace", Age: 36}}
	case "v1storage":
		obj = &personV1Storage{ObjectMeta: meta, Spec: personV1StorageSpec{FullName: "Ada Lovelace", Age: 36, PropertyBag: bag}}
	case "v2":
		obj = &personV2{ObjectMeta: meta, Spec: personV2Spec{GivenName: "Ada", FamilyName: "Lovelace", Age: 36, Email: email}}
	case "v2storage":
		obj = &personV2Storage{ObjectMeta: meta, Spec: personV2StorageSpec{GivenName: "Ada", FamilyName: "Lovelace", Age: 36, Email: email}}
	default:
		panic("no version " + version)
	}
	obj.GetObjectKind().SetGroupVersionKind(personGK.WithVersion(version))
	return obj
}

// The hooks personV1Storage's generated-style copy calls.
var (
	_ augment.AssignableTo[*personV2Storage]   = (*personV1Storage)(nil)
	_ augment.AssignableFrom[*personV2Storage] = (*personV1Storage)(nil)
)
