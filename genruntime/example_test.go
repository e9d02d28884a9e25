package genruntime_test

import (
	"errors"
	"fmt"

	"github.com/hubspoke/hubspoke/genruntime"
)

// The types below stand in for generated code: an API version (v3) and its
// storage twin (v3storage).

type Gender string // v3.Gender

const (
	GenderFemale Gender = "Female"
	GenderMale   Gender = "Male"
)

// genderValues is the lookup table a generator emits once per enum type.
var genderValues = genruntime.EnumValues(GenderFemale, GenderMale)

type Address struct { // v3.Address
	Street string
	City   string
}

type AddressStorage struct { // v3storage.Address
	Street *string
	City   *string
}

// AssignToStorage has the shape of a generated conversion method.
func (a *Address) AssignToStorage(dst *AddressStorage) error {
	if a.Street == "" {
		return errors.New("street is required")
	}
	dst.Street = genruntime.Ptr(a.Street)
	dst.City = genruntime.PtrIfNotZero(a.City) // omitempty field
	return nil
}

func ExampleConvertSlice() {
	addresses := []Address{{Street: "1 Main St", City: "Springfield"}, {Street: "2 High St"}}
	stored, err := genruntime.ConvertSlice(addresses, (*Address).AssignToStorage)
	fmt.Println(len(stored), *stored[0].City, stored[1].City == nil, err)

	none, err := genruntime.ConvertSlice([]Address(nil), (*Address).AssignToStorage)
	fmt.Println(none == nil, err)

	empty, _ := genruntime.ConvertSlice([]Address{}, (*Address).AssignToStorage)
	fmt.Println(empty != nil, len(empty))

	_, err = genruntime.ConvertSlice([]Address{{Street: "x"}, {}, {}}, (*Address).AssignToStorage)
	fmt.Println(err)
	// Output:
	// 2 Springfield true <nil>
	// true <nil>
	// true 0
	// element 1: street is required
}

func ExampleConvertMap() {
	_, err := genruntime.ConvertMap(map[string]Address{"home": {}, "work": {Street: "w"}}, (*Address).AssignToStorage)
	fmt.Println(err)
	// Output: key "home": street is required
}

func ExampleCloneSlice() {
	var unset []string
	fmt.Println(genruntime.CloneSlice(unset) == nil)

	set := []string{}
	fmt.Println(genruntime.CloneSlice(set) != nil)

	src := []string{"a", "b"}
	dst := genruntime.CloneSlice(src)
	dst[0] = "changed"
	fmt.Println(src, dst)
	// Output:
	// true
	// true
	// [a b] [changed b]
}

func ExampleToEnum() {
	fmt.Println(genruntime.ToEnum("Female", genderValues)) // exact
	fmt.Println(genruntime.ToEnum("MALE", genderValues))   // case-insensitive
	fmt.Println(genruntime.ToEnum("Other", genderValues))  // unknown: kept as is
	// Output:
	// Female
	// Male
	// Other
}

// A spelling that matches a member only case-insensitively comes back in the
// member's spelling: the round trip storage → API → storage changes it once,
// and later round trips keep it.
func ExampleToEnum_caseRoundTrip() {
	stored := "FEMALE" // a storage version's *string, as some client wrote it
	api := genruntime.ToEnum(stored, genderValues)
	back := string(api) // API → storage is a plain conversion
	fmt.Println(api, back, back == stored)
	fmt.Println(genruntime.ToEnum(back, genderValues)) // the next round trip
	// Output:
	// Female Female false
	// Female
}

func ExampleParseEnum() {
	g, known := genruntime.ParseEnum("female", genderValues)
	fmt.Println(g, known)
	g, known = genruntime.ParseEnum("NonBinary", genderValues)
	fmt.Println(g, known)
	// Output:
	// Female true
	// NonBinary false
}

func ExampleConvertEnum() {
	type GenderV4 string // the next version's independently generated type
	v4Values := genruntime.EnumValues[GenderV4]("female", "male", "unspecified")

	fmt.Println(genruntime.ConvertEnum(GenderFemale, v4Values))
	fmt.Println(genruntime.ConvertEnum(Gender("Unspecified"), v4Values))

	// Pointer forms for optional fields: an API *Gender becomes a storage
	// *string with a nil table, and nil stays nil.
	g := GenderMale
	s := genruntime.ConvertEnumPtr[string](&g, nil)
	fmt.Println(*s, genruntime.ToEnumPtr[Gender](nil, genderValues) == nil)
	// Output:
	// female
	// unspecified
	// Male true
}

func ExamplePtrIfNotZero() {
	// Ptr keeps an explicit zero; PtrIfNotZero treats it as "not set".
	fmt.Println(*genruntime.Ptr(0), genruntime.PtrIfNotZero(0) == nil, *genruntime.PtrIfNotZero(3))
	// Output: 0 true 3
}

func ExampleDerefOr() {
	var replicas *int
	fmt.Println(genruntime.Deref(replicas), genruntime.DerefOr(replicas, 1))
	replicas = genruntime.Ptr(0)
	fmt.Println(genruntime.DerefOr(replicas, 1))
	// Output:
	// 0 1
	// 0
}

func ExampleDeepClone() {
	type Spec struct {
		Replicas *int
		Ports    []int
		Labels   map[string]string
		Extra    any
		Unset    []string
	}
	src := Spec{
		Replicas: genruntime.Ptr(3),
		Ports:    []int{80, 443},
		Labels:   map[string]string{},
		Extra:    []string{"x"},
	}
	dst := genruntime.DeepClone(src)
	*dst.Replicas = 5
	dst.Ports[0] = 8080
	dst.Labels["new"] = "y"
	dst.Extra.([]string)[0] = "changed"

	fmt.Println(*src.Replicas, src.Ports, len(src.Labels), src.Extra)
	fmt.Println(*dst.Replicas, dst.Ports, len(dst.Labels), dst.Extra)
	fmt.Println(dst.Unset == nil)
	// Output:
	// 3 [80 443] 0 [x]
	// 5 [8080 443] 1 [changed]
	// true
}
