package propertybag_test

import (
	"errors"
	"fmt"

	"github.com/hubspoke/hubspoke/propertybag"
)

type Address struct {
	Label string `json:"label"`
}

// A v3 Person converted to v4, which has no ResidentialAddress field, stashes
// the address in the bag; converting back recalls it.
func Example() {
	var bag propertybag.PropertyBag
	if err := bag.Add("ResidentialAddress", Address{Label: "1313 S. Harbor Blvd"}); err != nil {
		panic(err)
	}
	if err := bag.Add("MiddleName", "Theodore"); err != nil {
		panic(err)
	}
	fmt.Println(bag.Names())
	fmt.Println(bag["ResidentialAddress"])

	addr, err := propertybag.Pull[Address](bag, "ResidentialAddress")
	if err != nil {
		panic(err)
	}
	fmt.Println(addr.Label, bag.Contains("ResidentialAddress"))
	// Output:
	// [MiddleName ResidentialAddress]
	// {"label":"1313 S. Harbor Blvd"}
	// 1313 S. Harbor Blvd false
}

// A value that does not fit the destination is reported, and stays in the bag.
func ExamplePull_error() {
	bag := propertybag.PropertyBag{"ResidentialAddress": `{"street":"1313 S. Harbor Blvd"}`}
	_, err := propertybag.Pull[Address](bag, "ResidentialAddress")
	fmt.Println(errors.Is(err, propertybag.ErrDecode))
	fmt.Println(err)
	fmt.Println(bag.Contains("ResidentialAddress"))
	// Output:
	// true
	// propertybag: pull "ResidentialAddress" into propertybag_test.Address: stored value does not decode into the destination: unknown field "street" for propertybag_test.Address (stored text "{\"street\":\"1313 S. Harbor Blvd\"}")
	// true
}

func ExamplePullOptional() {
	var bag propertybag.PropertyBag
	middle := "Theodore"
	_ = propertybag.AddOptional(&bag, "MiddleName", &middle)
	_ = propertybag.AddOptional[string](&bag, "Nickname", nil)

	m, _ := propertybag.PullOptional[string](bag, "MiddleName")
	n, _ := propertybag.PullOptional[string](bag, "Nickname")
	fmt.Println(*m, n == nil, len(bag))
	// Output: Theodore true 0
}

func ExampleNew() {
	older := propertybag.PropertyBag{"A": "1", "B": "1"}
	newer := propertybag.PropertyBag{"B": "2"}
	fmt.Println(propertybag.New(older, newer))
	// Output: map[A:1 B:2]
}
