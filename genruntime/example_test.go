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
	street := a.Street
	dst.Street = &street                       // ptr.To(a.Street) with k8s.io/utils/ptr
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

// A spelling that matches a member only case-insensitively comes back in the
// member's spelling: the round trip storage → API → storage changes it once,
// and later round trips keep it.
func ExampleConvertEnum_caseRoundTrip() {
	stored := "FEMALE" // a storage version's string, as some client wrote it
	api := genruntime.ConvertEnum(stored, genderValues)
	back := string(api) // API → storage is a plain conversion
	fmt.Println(api, back, back == stored)
	fmt.Println(genruntime.ConvertEnum(back, genderValues)) // the next round trip
	// Output:
	// Female Female false
	// Female
}

func ExampleConvertEnum() {
	// Storage → API: exact, case-insensitive, unknown (kept as it is).
	fmt.Println(genruntime.ConvertEnum("Female", genderValues))
	fmt.Println(genruntime.ConvertEnum("MALE", genderValues))
	fmt.Println(genruntime.ConvertEnum("Other", genderValues))

	// Between versions.
	type GenderV4 string // the next version's independently generated type
	v4Values := genruntime.EnumValues[GenderV4]("female", "male", "unspecified")
	fmt.Println(genruntime.ConvertEnum(GenderFemale, v4Values))
	fmt.Println(genruntime.ConvertEnum(Gender("Unspecified"), v4Values))
	// Output:
	// Female
	// Male
	// Other
	// female
	// unspecified
}

// The pointer form for optional fields: nil stays nil, and a nil table makes
// it a plain conversion, as from an API *Gender to a storage *string.
func ExampleConvertEnumPointer() {
	stored := "male"
	api := genruntime.ConvertEnumPointer(&stored, genderValues)
	back := genruntime.ConvertEnumPointer[string](api, nil)
	fmt.Println(*api, *back, genruntime.ConvertEnumPointer[Gender, string](nil, genderValues) == nil)
	// Output: Male Male true
}

func ExamplePtrIfNotZero() {
	// ptr.To (k8s.io/utils/ptr) keeps an explicit zero; PtrIfNotZero treats
	// it as "not set".
	fmt.Println(genruntime.PtrIfNotZero(0) == nil, *genruntime.PtrIfNotZero(3))
	// Output: true 3
}
