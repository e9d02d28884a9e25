package preflight_test

import (
	"fmt"

	"github.com/hubspoke/hubspoke/migrate/preflight"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A release that drops v1storage while objects are still stored there is
// refused, and says what to do.
func ExampleCheck() {
	crd := func(versions ...string) *apiextensionsv1.CustomResourceDefinition {
		c := &apiextensionsv1.CustomResourceDefinition{ObjectMeta: metav1.ObjectMeta{Name: "gadgets.example.dev"}}
		c.Spec.Group, c.Spec.Names.Kind = "example.dev", "Gadget"
		for i, v := range versions {
			c.Spec.Versions = append(c.Spec.Versions, apiextensionsv1.CustomResourceDefinitionVersion{Name: v, Served: true, Storage: i == len(versions)-1})
		}
		return c
	}
	installed := crd("v1", "v1storage", "v2", "v2storage")
	installed.Status.StoredVersions = []string{"v1storage", "v2storage"}
	next := crd("v2", "v2storage")

	g, err := preflight.GraphFromNames(next)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(preflight.Check(installed, next, g).Err())
	// Output:
	// preflight: the new CRD gadgets.example.dev must not be installed:
	//   - objects may still be stored at v1storage (status.storedVersions of the installed CRD is [v1storage v2storage]), but the new CRD drops v1storage: the API server refuses it, and those objects could not be read; run `kubectl hubspoke migrate gadgets.example.dev` with the installed release first: it re-stores every object at the installed storage version and then prunes status.storedVersions
}
