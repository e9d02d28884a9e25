package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/hubspoke/hubspoke/boundary"
	v3 "github.com/hubspoke/hubspoke/examples/person/api/v3"
	"github.com/hubspoke/hubspoke/examples/person/api/v5storage"
	"github.com/hubspoke/hubspoke/examples/person/samples"
	"k8s.io/apimachinery/pkg/runtime"
)

// throughJSON encodes obj and decodes it into a new object of its type, as
// storing it in etcd or sending it to a client does.
func throughJSON(t *testing.T, obj runtime.Object) runtime.Object {
	t.Helper()
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	out := obj.DeepCopyObject()
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestUpdateKeepsNestedValuesAtEveryVersion: Mickey is written at v3 with a
// birth date that is not a date, so the hub keeps the text in the bag of
// spec.birthDate, below the top level. Read at every version, sent to a
// client as JSON, decoded and written back unchanged, he comes back to the
// hub exactly as he was, bag and all.
func TestUpdateKeepsNestedValuesAtEveryVersion(t *testing.T) {
	c := newConverter(t)
	mickey := samples.MickeyV3()
	mickey.Spec.BirthDate = "late in 1928, on a steamboat"
	stored, err := c.ToVersion(mickey, c.Graph().Hub())
	if err != nil {
		t.Fatal(err)
	}
	hub := throughJSON(t, stored).(*v5storage.Person)
	if hub.Spec.BirthDate == nil || !strings.Contains(hub.Spec.BirthDate.PropertyBag["BirthDate"], "steamboat") {
		t.Fatalf("the hub should keep the text in spec.birthDate's bag: %+v", hub.Spec.BirthDate)
	}
	for _, version := range c.Graph().Versions() {
		t.Run(version, func(t *testing.T) {
			read, err := c.ToVersion(hub, version)
			if err != nil {
				t.Fatal(err)
			}
			if isAPIVersion(version) {
				text := read.(interface{ GetAnnotations() map[string]string }).GetAnnotations()[boundary.Annotation]
				// v1 and v2 keep v3's text in the spec bag; v4 and later
				// in the bag of spec.birthDate; v3 has a field for it.
				want := `"spec.birthDate":{"BirthDate":"late in 1928, on a steamboat"}`
				if version < "v3" {
					want = `"BirthDate":"late in 1928, on a steamboat"`
				}
				if version != "v3" && !strings.Contains(text, want) {
					t.Errorf("the annotation at %s lacks %s: %s", version, want, text)
				}
			}
			written, err := c.ToVersion(throughJSON(t, read), c.Graph().Hub())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(hub, throughJSON(t, written)); diff != "" {
				t.Errorf("hub → %s → JSON → %s → hub changed the hub (-before +after):\n%s", version, version, diff)
			}
			back, err := c.ToVersion(written, "v3")
			if err != nil {
				t.Fatal(err)
			}
			if got := back.(*v3.Person).Spec.BirthDate; got != mickey.Spec.BirthDate {
				t.Errorf("read at v3 after an update at %s: birth date %q, want %q", version, got, mickey.Spec.BirthDate)
			}
		})
	}
}

func isAPIVersion(version string) bool { return !strings.HasSuffix(version, "storage") }
