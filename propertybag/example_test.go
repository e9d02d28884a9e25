// The examples' output shows the default string format (JSON string
// literals); a build with ASO's (hubspoke_aso) writes strings as they are.

//go:build !hubspoke_aso

package propertybag_test

import (
	"errors"
	"fmt"

	"github.com/hubspoke/hubspoke/propertybag"
)

type Address struct {
	Label string `json:"label"`
}

// A v3 Person converted to v4, which has no ResidentialAddress or
// MiddleName field, adds them to the bag; converting back pulls them out.
func Example() {
	address := &Address{Label: "1313 S. Harbor Blvd"}
	middle := "Theodore"
	var nickname *string // not set

	// v3 → v4
	var bag propertybag.PropertyBag
	if err := propertybag.Add(&bag, "ResidentialAddress", address); err != nil {
		panic(err)
	}
	if err := propertybag.Add(&bag, "MiddleName", &middle); err != nil {
		panic(err)
	}
	if err := propertybag.Add(&bag, "Nickname", nickname); err != nil {
		panic(err)
	}
	fmt.Println(len(bag), bag["ResidentialAddress"], bag["MiddleName"])

	// v4 → v3
	addr, err := propertybag.Pull[Address](&bag, "ResidentialAddress")
	if err != nil {
		panic(err)
	}
	m, _ := propertybag.Pull[string](&bag, "MiddleName")
	n, _ := propertybag.Pull[string](&bag, "Nickname")
	fmt.Println(addr.Label, *m, n == nil, bag == nil)
	// Output:
	// 2 {"label":"1313 S. Harbor Blvd"} "Theodore"
	// 1313 S. Harbor Blvd Theodore true true
}

// Adding nil removes what the bag held under the name: nil means absent.
func ExampleAdd() {
	bag := propertybag.PropertyBag{"MiddleName": `"Theodore"`, "KnownAs": `"Mickey"`}
	if err := propertybag.Add[string](&bag, "MiddleName", nil); err != nil {
		panic(err)
	}
	fmt.Println(bag)
	// Output: map[KnownAs:"Mickey"]
}

// A value that does not decode as the type asked for is reported, and stays
// in the bag.
func ExamplePull_error() {
	bag := propertybag.PropertyBag{"ResidentialAddress": `{"street":"1313 S. Harbor Blvd"}`}
	addr, err := propertybag.Pull[Address](&bag, "ResidentialAddress")
	fmt.Println(addr == nil, errors.Is(err, propertybag.ErrDecode))
	fmt.Println(err)
	fmt.Println(bag.Contains("ResidentialAddress"))
	// Output:
	// true true
	// propertybag: pull "ResidentialAddress" into propertybag_test.Address: stored value does not decode into that type: json: unknown field "street" (stored text "{\"street\":\"1313 S. Harbor Blvd\"}")
	// true
}

// Get reads without removing. Bags written by Azure Service Operator, which
// stored strings without quotes, read too.
func ExampleGet() {
	bag := propertybag.PropertyBag{"Age": "42", "Legacy": "plain text", "Cleared": "null"}
	age, _ := propertybag.Get[int](bag, "Age")
	legacy, _ := propertybag.Get[string](bag, "Legacy")
	cleared, _ := propertybag.Get[int](bag, "Cleared")
	missing, _ := propertybag.Get[int](bag, "Missing")
	fmt.Println(*age, *legacy, cleared == nil, missing == nil, len(bag))
	// Output: 42 plain text true true 3
}

// The bags of an object at an old API version travel in one annotation,
// values embedded as the JSON they are.
func ExampleMarshalBags() {
	bags := propertybag.Bags{
		"spec":           {"MiddleName": `"Theodore"`, "Legacy": "plain text"},
		"spec.birthDate": {"BirthDate": `{"year":1928}`},
		"status":         {},
	}
	text, err := propertybag.MarshalBags(bags)
	if err != nil {
		panic(err)
	}
	fmt.Println(text)
	back, err := propertybag.UnmarshalBags(text)
	if err != nil {
		panic(err)
	}
	fmt.Println(back["spec"]["Legacy"], back["spec.birthDate"]["BirthDate"], back["status"] == nil)
	// Output:
	// {"spec":{"MiddleName":"Theodore"},"spec.birthDate":{"BirthDate":{"year":1928}},"$verbatim":{"spec":{"Legacy":"plain text"}}}
	// plain text {"year":1928} true
}
