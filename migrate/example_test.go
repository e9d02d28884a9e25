package migrate_test

import (
	"context"
	"fmt"

	"github.com/hubspoke/hubspoke/migrate"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic/fake"
)

// A cluster whose CRD stores v2storage but still lists v1storage in
// status.storedVersions: Run re-stores both gadgets and prunes it.
func ExampleRun() {
	crd := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": "gadgets.example.dev"},
		"spec": map[string]any{
			"group": "example.dev",
			"names": map[string]any{"plural": "gadgets", "kind": "Gadget"},
			"versions": []any{
				map[string]any{"name": "v1storage", "served": true, "storage": false},
				map[string]any{"name": "v2storage", "served": true, "storage": true},
			},
		},
		"status": map[string]any{"storedVersions": []any{"v1storage", "v2storage"}},
	}}
	objects := []runtime.Object{crd}
	for _, name := range []string{"left", "right"} {
		g := &unstructured.Unstructured{}
		g.SetAPIVersion("example.dev/v2storage")
		g.SetKind("Gadget")
		g.SetNamespace("default")
		g.SetName(name)
		objects = append(objects, g)
	}
	gadgets := schema.GroupVersionResource{Group: "example.dev", Version: "v2storage", Resource: "gadgets"}
	crds := schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}
	client := fake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{gadgets: "GadgetList", crds: "CustomResourceDefinitionList"}, objects...)

	res, err := migrate.Run(context.Background(), client, "gadgets.example.dev", migrate.Options{
		Progress: func(p migrate.Progress) { fmt.Printf("%d/%d\n", p.Done, p.Total) },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("re-stored %d at %s, storedVersions %v, pruned %v\n", res.Migrated, res.StorageVersion, res.StoredVersions, res.Pruned)
	// Output:
	// 1/2
	// 2/2
	// 2/2
	// re-stored 2 at v2storage, storedVersions [v2storage], pruned true
}
