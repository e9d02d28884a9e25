package hub_test

import (
	"fmt"
	"slices"

	"github.com/hubspoke/hubspoke/hub"
)

// parseVersions parses names the example knows to be valid.
func parseVersions(names ...string) []hub.Version {
	versions := make([]hub.Version, len(names))
	for i, name := range names {
		v, err := hub.ParseVersion(name)
		if err != nil {
			panic(err)
		}
		versions[i] = v
	}
	return versions
}

func ExampleSelectHub() {
	// The newest stable storage version; a newer beta does not count.
	h, err := hub.SelectHub(parseVersions("v1storage", "v2storage", "v3beta1storage"))
	fmt.Println(h, err)
	// Without a stable version, the newest preview.
	h, err = hub.SelectHub(parseVersions("v20200101previewstorage", "v20210601previewstorage"))
	fmt.Println(h, err)
	// Output:
	// v2storage <nil>
	// v20210601previewstorage <nil>
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
	// Person.crm.example.com: unknown version: v1storage links to v2sotrage, which is neither a version of the resource nor the hub
}

func ExampleVersion_Compare() {
	versions := parseVersions("v2", "v1beta1", "v1storage", "v1", "v2alpha1", "v1alpha1")
	slices.SortFunc(versions, hub.Version.Compare)
	fmt.Println(versions)
	// Output:
	// [v1alpha1 v1beta1 v1 v1storage v2alpha1 v2]
}
