package preflight

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	"github.com/hubspoke/hubspoke/hub"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// personCRD is the Person CRD of the example, with storedVersions as given.
func personCRD(t *testing.T, storedVersions ...string) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "..", "examples", "person", "crd", "crm.hubspoke.dev_people.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(text, &crd); err != nil {
		t.Fatal(err)
	}
	crd.Status.StoredVersions = storedVersions
	return &crd
}

func personGraph(t *testing.T) *hub.Graph {
	t.Helper()
	scheme, err := api.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		t.Fatal(err)
	}
	return c.Graph()
}

// withTwins adds to crd unserved, unstored entries for storage twins that
// the lean Person CRD leaves out (as hubspoke-gen -stored would list them),
// with the hub's schema.
func withTwins(t *testing.T, crd *apiextensionsv1.CustomResourceDefinition, names ...string) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	crd = crd.DeepCopy()
	i := slices.IndexFunc(crd.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool { return v.Storage })
	if i < 0 {
		t.Fatal("the Person CRD stores no version")
	}
	for _, name := range names {
		v := *crd.Spec.Versions[i].DeepCopy()
		v.Name, v.Served, v.Storage = name, false, false
		crd.Spec.Versions = append(crd.Spec.Versions, v)
	}
	return crd
}

func without(crd *apiextensionsv1.CustomResourceDefinition, version string) *apiextensionsv1.CustomResourceDefinition {
	crd = crd.DeepCopy()
	crd.Spec.Versions = slices.DeleteFunc(crd.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool { return v.Name == version })
	return crd
}

func TestGraphFromNamesIsThePersonChain(t *testing.T) {
	g, err := GraphFromNames(personCRD(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.String(), personGraph(t).String(); got != want {
		t.Errorf("GraphFromNames(Person CRD):\n%s\nthe chain of the Person scheme:\n%s", got, want)
	}
}

func TestCheckAcceptsTheSameRelease(t *testing.T) {
	// Objects still stored at v4storage: both releases keep it in their CRD
	// (hubspoke-gen -stored v4storage).
	r := Check(withTwins(t, personCRD(t, "v4storage", "v5storage"), "v4storage"), withTwins(t, personCRD(t), "v4storage"), personGraph(t))
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if r.StorageMoves || len(r.Droppable) != 0 {
		t.Errorf("report %+v: the storage does not move and every Person version is served", r)
	}
	if err := Check(nil, personCRD(t), personGraph(t)).Err(); err != nil {
		t.Errorf("a first install: %v", err)
	}
}

func TestCheckRefusesDroppingAStoredVersion(t *testing.T) {
	next := without(personCRD(t), "v4")
	r := Check(withTwins(t, personCRD(t, "v4storage", "v5storage"), "v4storage"), next, personGraph(t))
	err := r.Err()
	if err == nil {
		t.Fatal("a CRD without v4storage, which objects are still stored at, passed")
	}
	for _, want := range []string{"people.crm.hubspoke.dev", "stored at v4storage", "[v4storage v5storage]", "drops v4storage", "kubectl hubspoke migrate people.crm.hubspoke.dev"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	// Once the migration has pruned storedVersions, the same CRD passes.
	if err := Check(personCRD(t, "v5storage"), next, personGraph(t)).Err(); err != nil {
		t.Errorf("after the migration: %v", err)
	}
}

func TestCheckSaysToGoOneReleaseAtATime(t *testing.T) {
	// The installed CRD stores v5storage; the new one has neither v4storage
	// nor v5storage (a release two steps ahead): migrating under the
	// installed release cannot help.
	installed := withTwins(t, personCRD(t, "v4storage", "v5storage"), "v4storage")
	next := without(without(withTwins(t, personCRD(t), "v3storage"), "v5storage"), "v5")
	for i := range next.Spec.Versions {
		next.Spec.Versions[i].Storage = next.Spec.Versions[i].Name == "v3storage"
	}
	g, err := GraphFromNames(next)
	if err != nil {
		t.Fatal(err)
	}
	err = Check(installed, next, g).Err()
	if err == nil || !strings.Contains(err.Error(), "the installed release stores v5storage, which the new CRD drops too: go one release at a time") {
		t.Errorf("error %v, want one saying to go one release at a time", err)
	}
}

func TestCheckRefusesAStoredVersionTheChainLost(t *testing.T) {
	// A chain in which v3storage no longer reaches the hub: a release whose
	// code dropped it.
	g, err := hub.NewGraph(hub.GraphSpec{Resource: "Person.crm.hubspoke.dev", Hubs: []string{"v5storage"},
		Next: map[string]string{"v4storage": "v5storage", "v4": "v4storage", "v5": "v5storage"}})
	if err != nil {
		t.Fatal(err)
	}
	next := withTwins(t, personCRD(t), "v3storage", "v4storage")
	next.Spec.Versions = slices.DeleteFunc(next.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool {
		return !slices.Contains([]string{"v3storage", "v4", "v4storage", "v5", "v5storage"}, v.Name)
	})
	for i := range next.Spec.Versions {
		if next.Spec.Versions[i].Name == "v3storage" {
			next.Spec.Versions[i].Served = false
		}
	}
	r := Check(withTwins(t, personCRD(t, "v3storage", "v5storage"), "v3storage"), next, g)
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "stored at v3storage") || !strings.Contains(err.Error(), "no version v3storage") {
		t.Errorf("error %v, want one saying v3storage is stored and the chain lacks it", err)
	}
	// Objects are stored at it: a later release may not drop it.
	if slices.Contains(r.Droppable, "v3storage") {
		t.Errorf("droppable %v, want v3storage kept", r.Droppable)
	}
}

func TestCheckRefusesAServedVersionOutsideTheChain(t *testing.T) {
	next := personCRD(t)
	v7 := next.Spec.Versions[len(next.Spec.Versions)-1]
	v7.Name, v7.Storage = "v7", false
	next.Spec.Versions = append(next.Spec.Versions, v7)
	err := Check(personCRD(t, "v5storage"), next, personGraph(t)).Err()
	if err == nil || !strings.Contains(err.Error(), "serves v7, but the release's conversion chain has no version v7") {
		t.Errorf("error %v, want one naming v7", err)
	}
}

func TestCheckRefusesStorageAwayFromTheHub(t *testing.T) {
	next := withTwins(t, personCRD(t), "v4storage")
	for i := range next.Spec.Versions {
		next.Spec.Versions[i].Storage = next.Spec.Versions[i].Name == "v4storage"
	}
	err := Check(personCRD(t, "v5storage"), next, personGraph(t)).Err()
	if err == nil || !strings.Contains(err.Error(), "stores v4storage, but the hub of the release's conversion chain is v5storage") {
		t.Errorf("error %v, want one naming both versions", err)
	}
}

func TestCheckReportsMovesAndDroppableVersions(t *testing.T) {
	// A release that stores v5storage where v4storage was, and no longer
	// serves v1 or v1storage.
	installed := withTwins(t, personCRD(t, "v5storage"), "v4storage")
	for i := range installed.Spec.Versions {
		installed.Spec.Versions[i].Storage = installed.Spec.Versions[i].Name == "v4storage"
	}
	next := withTwins(t, personCRD(t), "v1storage")
	for i := range next.Spec.Versions {
		if strings.HasPrefix(next.Spec.Versions[i].Name, "v1") {
			next.Spec.Versions[i].Served = false
		}
	}
	r := Check(installed, next, personGraph(t))
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if !r.StorageMoves || !slices.Equal(r.Droppable, []string{"v1storage"}) {
		t.Errorf("report %+v, want the storage moving and v1storage droppable", r)
	}
}

// TestGraphFromNamesNewerThanTheHub: versions newer than the hub (the
// v6alpha1 preview and a v7 a release adds while it keeps the hub,
// hubspoke-gen -hub v5) link to the next older one, as hubspoke-gen links
// them: v7storage → v6alpha1storage → v5storage.
func TestGraphFromNamesNewerThanTheHub(t *testing.T) {
	crd := personCRD(t)
	i := slices.IndexFunc(crd.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool { return v.Name == "v6alpha1" })
	if i < 0 {
		t.Fatal("the Person CRD has no v6alpha1")
	}
	v7 := *crd.Spec.Versions[i].DeepCopy()
	v7.Name = "v7"
	crd.Spec.Versions = append(crd.Spec.Versions, v7)
	g, err := GraphFromNames(crd)
	if err != nil {
		t.Fatal(err)
	}
	path, err := g.Path("v7", "v4")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"v7", "v7storage", "v6alpha1storage", "v5storage", "v4storage", "v4"}; !slices.Equal(path, want) {
		t.Errorf("v7 → v4 passes %v, want %v\n%s", path, want, g)
	}
}

// TestCheckKeepsTwinsInTheMiddleOfTheChain: a storage twin that no one
// stores at and whose API version is no longer served is still needed when
// an older served version converts through it (v2 → v2storage → v3storage
// → v4storage → v5storage): only twins off every needed path are droppable.
func TestCheckKeepsTwinsInTheMiddleOfTheChain(t *testing.T) {
	next := withTwins(t, personCRD(t), "v1storage", "v3storage", "v4storage")
	for i := range next.Spec.Versions {
		if n := next.Spec.Versions[i].Name; n == "v1" || n == "v3" || n == "v4" {
			next.Spec.Versions[i].Served = false
		}
	}
	installed := personCRD(t, "v5storage")
	r := Check(installed, next, personGraph(t))
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Droppable, []string{"v1storage"}) {
		t.Errorf("droppable %v, want only v1storage: v3storage and v4storage lie on v2's way to the hub", r.Droppable)
	}
}

// TestCheckRefusesACRDWithoutOneStorageVersion: a new CRD must mark exactly
// one version as the storage version; the API server would refuse it.
func TestCheckRefusesACRDWithoutOneStorageVersion(t *testing.T) {
	for _, stored := range [][]string{nil, {"v4storage", "v5storage"}} {
		next := withTwins(t, personCRD(t), "v4storage")
		for i := range next.Spec.Versions {
			next.Spec.Versions[i].Storage = slices.Contains(stored, next.Spec.Versions[i].Name)
		}
		err := Check(personCRD(t, "v5storage"), next, personGraph(t)).Err()
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("marks %d versions as the storage version", len(stored))) {
			t.Errorf("storage versions %v: error %v, want one saying it needs exactly one", stored, err)
		}
	}
}

// TestCheckNeverDropsAStoredVersion: a storage twin that objects may still
// be stored at is not droppable, though nothing served converts through it;
// once storedVersions is pruned it is.
func TestCheckNeverDropsAStoredVersion(t *testing.T) {
	next := withTwins(t, personCRD(t), "v4storage")
	for i := range next.Spec.Versions {
		if n := next.Spec.Versions[i].Name; n < "v5" {
			next.Spec.Versions[i].Served = false
		}
	}
	for _, tc := range []struct {
		stored    []string
		droppable []string
	}{
		{[]string{"v4storage", "v5storage"}, nil},
		{[]string{"v5storage"}, []string{"v4storage"}},
	} {
		r := Check(withTwins(t, personCRD(t, tc.stored...), "v4storage"), next, personGraph(t))
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Droppable, tc.droppable) {
			t.Errorf("storedVersions %v: droppable %v, want %v", tc.stored, r.Droppable, tc.droppable)
		}
	}
}

// TestGraphFromNamesWithTheTwinListed: a CRD that lists storage twins
// (hubspoke-gen -stored), older and newer than the hub, has the same chain
// as one that leaves them out.
func TestGraphFromNamesWithTheTwinListed(t *testing.T) {
	g, err := GraphFromNames(withTwins(t, personCRD(t), "v6alpha1storage", "v4storage", "v3storage"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.String(), personGraph(t).String(); got != want {
		t.Errorf("GraphFromNames(Person CRD with v6alpha1storage and v4storage):\n%s\nthe chain of the Person scheme:\n%s", got, want)
	}
}

// TestGraphFromNamesWithoutTwins: a CRD whose storage version is not a
// storage twin (a chain of another shape) links every version to it.
func TestGraphFromNamesWithoutTwins(t *testing.T) {
	crd := &apiextensionsv1.CustomResourceDefinition{Spec: apiextensionsv1.CustomResourceDefinitionSpec{
		Group: "example.dev", Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: "Widget"},
		Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{Name: "v1", Served: true}, {Name: "v2", Served: true, Storage: true}},
	}}
	g, err := GraphFromNames(crd)
	if err != nil {
		t.Fatal(err)
	}
	if path, err := g.Path("v1", "v2"); err != nil || !slices.Equal(path, []string{"v1", "v2"}) {
		t.Errorf("v1 → v2 passes %v (%v), want [v1 v2]\n%s", path, err, g)
	}
}

// TestCheckRefusesServedVersionsThatDifferInTheStatusSubresource: through a
// served version without the status subresource, a client that may update
// only the main resource could write the status bags of the others. The
// gadget CRD serves three versions (v1, v2, v2storage; v1storage is
// unserved), all with the subresource.
func TestCheckRefusesServedVersionsThatDifferInTheStatusSubresource(t *testing.T) {
	type version struct{ served, status bool }
	cases := []struct {
		name     string
		versions map[string]version // changes to the CRD's versions
		want     []string           // substrings of the one problem; nil: accepted
	}{
		{
			name:     "a served version lacks it",
			versions: map[string]version{"v2": {served: true}},
			want: []string{
				"the new CRD gadgets.example.dev must not be installed",
				"the new CRD serves the status subresource at v1, v2storage but not at v2, which it serves too",
				"a client that may update gadgets but not gadgets/status could write, through v2, the status",
				"add `subresources: {status: {}}` to v2", "or stop serving v2",
			},
		},
		{
			name:     "two served versions lack it",
			versions: map[string]version{"v1": {served: true}, "v2": {served: true}},
			want:     []string{"at v2storage but not at v1, v2"},
		},
		{name: "all served versions have it"},
		{
			name: "no version has it (a kind without status)",
			versions: map[string]version{
				"v1": {served: true}, "v1storage": {}, "v2": {served: true}, "v2storage": {served: true},
			},
		},
		{
			name:     "only an unserved version lacks it",
			versions: map[string]version{"v1storage": {}},
		},
		{
			name:     "the version lacking it is unserved",
			versions: map[string]version{"v1storage": {served: true, status: true}, "v2": {}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			crd := &apiextensionsv1.CustomResourceDefinition{}
			crd.Name, crd.Spec.Group = "gadgets.example.dev", "example.dev"
			crd.Spec.Names.Kind, crd.Spec.Names.Plural = "Gadget", "gadgets"
			status := &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}}
			served := 0
			for _, name := range []string{"v1", "v1storage", "v2", "v2storage"} {
				v := apiextensionsv1.CustomResourceDefinitionVersion{Name: name, Served: name != "v1storage", Storage: name == "v2storage", Subresources: status}
				if change, ok := c.versions[name]; ok {
					v.Served, v.Subresources = change.served, nil
					if change.status {
						v.Subresources = status
					}
				}
				if v.Served {
					served++
				}
				crd.Spec.Versions = append(crd.Spec.Versions, v)
			}
			if served != 3 {
				t.Fatalf("the CRD serves %d versions, want 3", served)
			}
			g, err := GraphFromNames(crd)
			if err != nil {
				t.Fatal(err)
			}
			r := Check(nil, crd, g)
			if c.want == nil {
				if err := r.Err(); err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if len(r.Problems) != 1 {
				t.Fatalf("problems %q, want one", r.Problems)
			}
			for _, want := range c.want {
				if !strings.Contains(r.Err().Error(), want) {
					t.Errorf("the error does not say %q:\n%v", want, r.Err())
				}
			}
		})
	}
}
