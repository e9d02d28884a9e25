package genruntime_test

import (
	"errors"
	"fmt"

	"github.com/hubspoke/hubspoke/genruntime"
)

// The types below stand in for generated code: an API version (v3) and its
// storage twin (v3storage).

type Gender string // v3.Gender

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

// The pointer form for optional fields: nil stays nil, and every spelling,
// listed as a member or not, is kept.
func ExampleConvertEnumPointer() {
	stored := "male"
	api := genruntime.ConvertEnumPointer[Gender](&stored)
	back := genruntime.ConvertEnumPointer[string](api)
	fmt.Println(*api, *back, genruntime.ConvertEnumPointer[Gender, string](nil) == nil)
	// Output: male male true
}

func ExamplePtrIfNotZero() {
	// ptr.To (k8s.io/utils/ptr) keeps an explicit zero; PtrIfNotZero treats
	// it as "not set".
	fmt.Println(genruntime.PtrIfNotZero(0) == nil, *genruntime.PtrIfNotZero(3))
	// Output: true 3
}
