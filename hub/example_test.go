package hub_test

import (
	"fmt"

	"github.com/hubspoke/hubspoke/hub"
)

func ExampleSelectHub() {
	versions, err := hub.ParseVersions("v1storage", "v2storage", "v3beta1storage")
	if err != nil {
		panic(err)
	}
	h, _ := hub.SelectHub(versions)
	fmt.Println(h)
	// Output: v2storage
}

func ExampleNewGraph() {
	g, err := hub.NewGraph(hub.GraphSpec{
		Resource: "Person.crm.example.com",
		Hubs:     []string{"v3storage"},
		Next: map[string]string{
			"v1": "v1storage", "v1storage": "v2storage",
			"v2": "v2storage", "v2storage": "v3storage",
			"v3": "v3storage",
		},
	})
	if err != nil {
		panic(err)
	}
	path, _ := g.Path("v1", "v2")
	fmt.Println(path)

	_, err = hub.NewGraph(hub.GraphSpec{
		Resource: "Person.crm.example.com",
		Hubs:     []string{"v2storage"},
		Next:     map[string]string{"v1": "v1storage", "v1storage": "v2sotrage"},
	})
	fmt.Println(err)
	// Output:
	// [v1 v1storage v2storage v3storage v2storage v2]
	// Person.crm.example.com: link to an unknown version: v1storage links to v2sotrage, which is neither a version of the resource nor the hub
}

func ExampleVersion_Compare() {
	vs, _ := hub.ParseVersions("v2", "v1beta1", "v1", "v2alpha1", "v1alpha1")
	hub.SortVersions(vs)
	fmt.Println(vs)
	// Output:
	// [v1alpha1 v1beta1 v1 v2alpha1 v2]
}
