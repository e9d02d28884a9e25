package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	"github.com/hubspoke/hubspoke/convert"
	"github.com/hubspoke/hubspoke/examples/person/api"
	v1 "github.com/hubspoke/hubspoke/examples/person/api/v1"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	"github.com/hubspoke/hubspoke/examples/person/api/v4storage"
	v5 "github.com/hubspoke/hubspoke/examples/person/api/v5"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"github.com/hubspoke/hubspoke/hub"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

// Regenerate the golden files with: go -C examples test ./person/ -run Golden -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func newConverter(t *testing.T) *convert.Converter {
	t.Helper()
	scheme, err := api.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	c, err := convert.NewConverter(scheme, api.GroupKind)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestGolden pins Mickey at every version, converted from v1 and from v5.
func TestGolden(t *testing.T) {
	c := newConverter(t)
	for name, start := range map[string]runtime.Object{"from-v1": samples.MickeyV1(), "from-v5": samples.MickeyV5()} {
		for _, version := range c.Graph().Versions() {
			obj, err := c.ToVersion(start, version)
			if err != nil {
				t.Fatalf("%s to %s: %v", name, version, err)
			}
			got, err := yaml.Marshal(obj)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", name, version+".yaml")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("Mickey %s at %s differs from %s (-golden +got):\n%s", name, version, path, diff)
			}
		}
	}
}

// TestEveryVersionToEveryOther converts Mickey, started at each version,
// to every version, and each version to the hub and back.
func TestEveryVersionToEveryOther(t *testing.T) {
	c := newConverter(t)
	versions := c.Graph().Versions()
	for _, origin := range []runtime.Object{samples.MickeyV1(), samples.MickeyV3(), samples.MickeyV5()} {
		for _, from := range versions {
			src, err := c.ToVersion(origin, from)
			if err != nil {
				t.Fatal(err)
			}
			for _, to := range versions {
				if _, err := c.ToVersion(src, to); err != nil {
					t.Errorf("%s → %s: %v", from, to, err)
				}
			}
			hub, err := c.ToVersion(src, c.Graph().Hub())
			if err != nil {
				t.Fatal(err)
			}
			back, err := c.ToVersion(hub, from)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(src, back); diff != "" {
				t.Errorf("%s → hub → %s changed the object (-before +after):\n%s", from, from, diff)
			}
		}
	}
}

func TestResidentialAddressSurvivesBothWays(t *testing.T) {
	c := newConverter(t)

	at5, err := c.ToVersion(samples.MickeyV3(), "v5")
	if err != nil {
		t.Fatal(err)
	}
	want5 := &v5.Address{Street: "1313 S. Harbor Blvd", City: "Anaheim, CA 92803", Country: "USA"}
	if diff := cmp.Diff(want5, at5.(*v5.Person).Spec.ResidentialAddress); diff != "" {
		t.Errorf("v3 → v5 address (-want +got):\n%s", diff)
	}
	back3, err := c.ToVersion(at5, "v3")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(samples.MickeyV3().Spec, back3.(*v3.Person).Spec); diff != "" {
		t.Errorf("v3 → v5 → v3 (-want +got):\n%s", diff)
	}

	at3, err := c.ToVersion(samples.MickeyV5(), "v3")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(samples.MickeyV3().Spec.ResidentialAddress, at3.(*v3.Person).Spec.ResidentialAddress); diff != "" {
		t.Errorf("v5 → v3 address (-want +got):\n%s", diff)
	}
	back5, err := c.ToVersion(at3, "v5")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(samples.MickeyV5().Spec.ResidentialAddress, back5.(*v5.Person).Spec.ResidentialAddress); diff != "" {
		t.Errorf("v5 → v3 → v5 address (-want +got):\n%s", diff)
	}

	// The bag of v4storage holds the v3 shape whichever side Mickey came from.
	const v3Shape = `{"label":"1313 S. Harbor Blvd\nAnaheim\nCA 92803\nUSA"}`
	for _, origin := range []runtime.Object{samples.MickeyV3(), samples.MickeyV5()} {
		at4, err := c.ToVersion(origin, "v4storage")
		if err != nil {
			t.Fatal(err)
		}
		if got := at4.(*v4storage.Person).Spec.PropertyBag["ResidentialAddress"]; got != v3Shape {
			t.Errorf("from %s, v4storage holds %s, want the v3 shape %s", origin.GetObjectKind().GroupVersionKind().Version, got, v3Shape)
		}
	}
}

func TestDemoRuns(t *testing.T) {
	var out strings.Builder
	if err := run(&out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"# How to read it", "hubspoke.dev/property-bags ", "status.$propertyBags ", // the legend
		"## v3 → v5storage", "## v5 → v1\n",
		// the bags annotation on one line, not folded inside a value
		`hubspoke.dev/property-bags: '{"spec":{"AlphaKey":"Mouse, Mickey","BirthDate":"1928-11-18","KnownAs":"Mickey","MailingAddress":{"street":"PO Box 10000",`,
		"v5storage       → all 12 versions ok; → hub → v5storage       unchanged\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("demo output lacks %q", want)
		}
	}
	// Every key the legend explains shows in the YAML after it (a field of
	// status by its own name).
	body := strings.TrimPrefix(text, legend)
	for _, line := range strings.Split(legend, "\n") {
		if !strings.HasPrefix(line, "  ") || strings.HasPrefix(line, "   ") {
			continue
		}
		term, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if i := strings.LastIndex(term, ".$"); i >= 0 {
			term = term[i+1:]
		}
		if !strings.Contains(body, term+":") {
			t.Errorf("the legend explains %s, which the demo never shows", term)
		}
	}
	// The summary is aligned: every line's arrows in the same columns.
	summary := text[strings.Index(text, "# Every version"):]
	var columns []int
	for _, line := range strings.Split(summary, "\n")[2:] {
		if line == "" {
			continue
		}
		if c := strings.Index(line, "→ all"); len(columns) == 0 || c != columns[0] {
			columns = append(columns, c)
		}
	}
	if len(columns) != 1 {
		t.Errorf("summary not aligned: the arrow is at columns %v:\n%s", columns, summary)
	}
}

// TestUpdateThroughV1KeepsNewerFields reads Mickey (created at v5) at v1,
// changes his first name there, and writes him back: everything v1 has no
// field for is still there, and the change shows at v5.
func TestUpdateThroughV1KeepsNewerFields(t *testing.T) {
	c := newConverter(t)
	old, err := c.ToVersion(samples.MickeyV5(), "v1")
	if err != nil {
		t.Fatal(err)
	}
	edited := old.(*v1.Person)
	edited.Spec.FirstName = "Mike"
	at5, err := c.ToVersion(edited, "v5")
	if err != nil {
		t.Fatal(err)
	}
	got := at5.(*v5.Person)
	want := samples.MickeyV5()
	want.Spec.FullName = "Mike Theodore Mouse"
	if diff := cmp.Diff(want.Spec, got.Spec); diff != "" {
		t.Errorf("v5 after an update through v1 (-want +got):\n%s", diff)
	}
	// The v2 names that came from v1 follow from v5's names, so neither the
	// hub nor v5 keeps a copy of them: reading at v1 again derives the edit.
	if bags, ok := got.Annotations[boundary.Annotation]; ok {
		t.Errorf("annotation at v5 holds what v5's names already say: %s", bags)
	}
	again, err := c.ToVersion(got, "v1")
	if err != nil {
		t.Fatal(err)
	}
	if again.(*v1.Person).Spec.FirstName != "Mike" {
		t.Errorf("v1 → v5 → v1 lost the edit: %+v", again.(*v1.Person).Spec)
	}
}

// TestHubIsTheNewestStableStorageVersion: the graph's hub is what
// hub.SelectHub picks among the storage versions, so the v6alpha1 preview
// is served but does not become the hub.
func TestHubIsTheNewestStableStorageVersion(t *testing.T) {
	c := newConverter(t)
	var storage []hub.Version
	for _, name := range c.Graph().Versions() {
		v, err := hub.ParseVersion(name)
		if err != nil {
			t.Fatal(err)
		}
		if v.IsStorage() {
			storage = append(storage, v)
		}
	}
	selected, err := hub.SelectHub(storage)
	if err != nil {
		t.Fatal(err)
	}
	if selected.String() != api.HubVersion || c.Graph().Hub() != api.HubVersion {
		t.Fatalf("SelectHub picks %s, the graph's hub is %s, api.HubVersion is %s", selected, c.Graph().Hub(), api.HubVersion)
	}
	crd, err := os.ReadFile(filepath.Join("crd", "crm.hubspoke.dev_people.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(crd), "name: "+api.HubVersion) || strings.Count(string(crd), "storage: true") != 1 {
		t.Fatal("the CRD does not mark exactly one storage version")
	}
	var stored struct {
		Spec struct {
			Versions []struct {
				Name    string `json:"name"`
				Storage bool   `json:"storage"`
			} `json:"versions"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal(crd, &stored); err != nil {
		t.Fatal(err)
	}
	for _, v := range stored.Spec.Versions {
		if v.Storage != (v.Name == api.HubVersion) {
			t.Errorf("CRD version %s has storage=%v", v.Name, v.Storage)
		}
	}
}
